"""The event log accounts for every VP and Real, and records every decision."""

from __future__ import annotations

import numpy as np
import pytest

from strategies.vasco.loop import play_to_end
from strategies.vasco.policy import random_params
from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import flow


@pytest.mark.parametrize("players", [2, 3, 4])
def test_final_vp_equals_sum_of_logged_vp(players: int) -> None:
    c = default_components().array
    legal = np.zeros(L.MAX_LEGAL, np.int64)
    for seed in range(150):
        s = np.zeros(L.S_SIZE, np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
        flow.new_game_state(c, s, log, players, seed)
        play_to_end(c, s, log, random_params(), legal)
        rows = log[: s[L.S_LOG_N]]
        for p in range(players):
            mine = rows[rows[:, 3] == p]
            vp = mine[mine[:, 0] == E.EV_VP, 5].sum()
            gained = mine[mine[:, 0] == E.EV_REALS, 5].sum()
            paid = mine[mine[:, 0] == E.EV_PAY, 5].sum()
            assert vp == s[L.S_VP + p], (seed, p)
            assert gained - paid == s[L.S_REALS + p], (seed, p)
            # each decision row carries the Reals its action cost
            decisions = mine[mine[:, 0] == E.EV_DECISION]
            assert decisions[:, 6].sum() == paid, (seed, p)
        assert (rows[:, 0] == E.EV_DECISION).sum() == s[L.S_DECISIONS_TAKEN]
        # VP sources in the log match the per-source counters of the state
        for p in range(players):
            for src in range(len(L.VP_SOURCE_NAMES)):
                sel = (rows[:, 0] == E.EV_VP) & (rows[:, 3] == p) & (rows[:, 4] == src)
                assert rows[sel, 5].sum() == s[L.S_VP_SOURCE + p * L.N_SOURCES + src]
