"""Conformance: thousands of random-legal games with every invariant checked after every step."""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine.invariants import INVARIANT_NAMES, check
from vdgsim.games.vasco.engine.rng import randint

GAMES_PER_COUNT = 3400  # x 3 player counts > 10,000 games

# failure codes of the driver, after the invariant codes
F_NO_LEGAL = 100
F_VP_DECREASED = 101
F_BAD_END = 102
F_TOO_LONG = 103
F_LOG_OVERFLOW = 104


@njit(cache=True)
def _conformance(c, n_players, seeds, failures):
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    vp = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, n_players, seeds[g])
        failures[g] = check(c, s)
        steps = 0
        while failures[g] == 0 and s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            if n == 0:
                failures[g] = F_NO_LEGAL
                break
            for p in range(n_players):
                vp[p] = s[L.S_VP + p]
            flow.apply(c, s, log, legal[randint(s, L.S_RNG_PLAYER, n)])
            steps += 1
            failures[g] = check(c, s)
            for p in range(n_players):
                if s[L.S_VP + p] < vp[p]:
                    failures[g] = F_VP_DECREASED
            if steps > 5000:
                failures[g] = F_TOO_LONG
        if failures[g] == 0:
            if s[L.S_ROUND] != L.N_ROUNDS or s[L.S_PHASE] != L.PH_OVER:
                failures[g] = F_BAD_END
            elif s[L.S_LOG_N] > log.shape[0]:
                failures[g] = F_LOG_OVERFLOW
            elif s[L.S_DECISION] != L.D_NONE:
                failures[g] = F_BAD_END


def _describe(code: int) -> str:
    extra = {
        F_NO_LEGAL: "no legal action before the end",
        F_VP_DECREASED: "VP decreased",
        F_BAD_END: "game did not end after round 5",
        F_TOO_LONG: "game did not end",
        F_LOG_OVERFLOW: "event log overflow",
    }
    return extra.get(code) or INVARIANT_NAMES[code]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_random_legal_games(players: int) -> None:
    """R1.2/C7 counts conserved (32 sailors, 6 missionaries, 7 captains a colour, 35 projects,
    6 merchant ships), Reals >= 0, slots hold one ship within its limit, VP never decreases,
    a legal action always exists before the end, and every game ends after round 5."""
    comp = default_components()
    seeds = np.arange(players * 1_000_000, players * 1_000_000 + GAMES_PER_COUNT, dtype=np.int64)
    failures = np.zeros(len(seeds), dtype=np.int64)
    _conformance(comp.array, players, seeds, failures)
    bad = np.flatnonzero(failures)
    details = [f"seed {seeds[i]}: {_describe(int(failures[i]))}" for i in bad[:5]]
    assert bad.size == 0, f"{bad.size} of {len(seeds)} games broke an invariant: {details}"


def test_invariant_check_can_fail() -> None:
    """The checker itself notices a lost sailor and a ship above its limit."""
    comp = default_components()
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    flow.new_game_state(comp.array, s, log, 4, 1)
    assert check(comp.array, s) == 0
    broken = s.copy()
    broken[L.S_BAG] -= 1
    assert INVARIANT_NAMES[check(comp.array, broken)] == "sailors not all accounted for"
    broken = s.copy()
    calicut = L.N_LANDINGS - 1
    tile4 = next(t for t in range(L.N_PROJECTS) if comp.array[L.C_PROJ_LIMIT + t] == 4)
    broken[L.S_SLOT + calicut * L.MAX_SLOTS] = tile4
    broken[L.S_PROJ_LOC + tile4] = L.LOC_NAVIGATION
    broken[L.S_PROJ_OWNER + tile4] = 0
    # the tile left its deck/board place, so clear that place to isolate the limit check
    for k in range(L.N_UPPER):
        if broken[L.S_UPPER + k] == tile4:
            broken[L.S_UPPER + k] = -1
    if broken[L.S_SAO_GABRIEL] == tile4:
        broken[L.S_SAO_GABRIEL] = -1
    for k in range(L.N_PROJECTS):
        if broken[L.S_PROJ_ORDER + k] == tile4:
            broken[L.S_PROJ_ORDER + k] = -1
    assert (
        INVARIANT_NAMES[check(comp.array, broken)] == "a ship in a slot above its navigation limit"
    )
