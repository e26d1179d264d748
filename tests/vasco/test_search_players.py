"""Search players (strategies.vasco.search): names and budgets, no peeking (RULES R9.4), the same
decisions compiled and as plain Python, and that search finds what the heuristic misses."""

from __future__ import annotations

import numpy as np
import pytest
from search_helpers import compiled_and_plain_decisions, decide, positions, round_5_rows

from strategies.vasco import params as P
from strategies.vasco.policy import choose
from strategies.vasco.registry import UnknownPresetError, params_table, resolve
from strategies.vasco.search.determinize import determinize
from vdgsim import GameState, legal_actions, new_game, observation
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.observation import shuffle_hidden

SMALL = "mc:rollouts=24:dets=6"


def test_search_names_set_the_budget_and_the_rollout_preset():
    row = resolve("mc")
    assert row[P.P_KIND] == P.KIND_MC
    assert row[P.Q_ROLLOUTS] == 256 and row[P.Q_DETS] == 32
    assert row[P.Q_ROLLOUT_KIND] == P.KIND_HEURISTIC
    frugal = resolve("frugal")
    row = resolve("mc:rollouts=64:dets=8:rollout=frugal:margin=0")
    assert (row[P.Q_ROLLOUTS], row[P.Q_DETS], row[P.Q_MARGIN]) == (64, 8, 0)
    assert np.array_equal(row[1 : P.N_BEHAVIOUR], frugal[1 : P.N_BEHAVIOUR])
    assert resolve("mc:rollout=random")[P.Q_ROLLOUT_KIND] == P.KIND_RANDOM
    restricted = resolve("mc:rollouts=64+never_pay")
    assert restricted[P.R_NEVER_PAY] == 1 and restricted[P.P_KIND] == P.KIND_MC


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("mc:iters=5", "unknown option 'iters'"),
        ("mc:rollouts=0", "outside"),
        ("mc:rollouts=2.5", "whole number"),
        ("mc:rollouts=inf", "finite"),
        ("mc:margin=nan", "finite"),
        ("mc:rollouts", "key=value"),
        ("mc:rollout=mc", "must be a preset"),
        ("mc:rollout=nosuch", "unknown player preset"),
        ("mc:decisions=act/bid", "unknown decision kind 'bid'"),
    ],
)
def test_bad_search_names_are_one_clear_error(name, words):
    with pytest.raises(UnknownPresetError, match=words):
        resolve(name)


def test_determinize_keeps_every_public_field_and_redraws_the_hidden_orders():
    """A determinization shows each seat exactly the observation of the true state; only the
    order of the face-down piles and the generators differ."""
    g = new_game(4, 5)
    t = np.zeros_like(g.s)
    moved = 0
    for deal in range(6):
        determinize(g.components.array, g.s, t, 99, deal, deal)
        twin = GameState(g.components, t.copy(), g.log.copy())
        for seat in range(4):
            assert observation(twin, seat) == observation(g, seat)
        moved += int(
            not np.array_equal(
                t[L.S_PROJ_ORDER :][: L.N_PROJECTS], g.s[L.S_PROJ_ORDER :][: L.N_PROJECTS]
            )
        )
    assert moved >= 5


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_r9_4_search_decisions_do_not_depend_on_the_hidden_state(players, seed):
    """No peeking: reshuffling the true state's face-down piles and reseeding its chance
    generator (all it cannot see) leaves every decision of the search player unchanged."""
    checked = 0
    for g in positions(players, seed, "default"):
        base = decide(g, SMALL)
        for k in range(2):
            assert decide(shuffle_hidden(g, 1000 * seed + k), SMALL) == base
        checked += 1
    assert checked >= 8


def test_decisions_mask_hands_other_decision_kinds_to_the_rollout_preset():
    """``decisions=act`` searches only Phase 2 actions: elsewhere it decides exactly like its
    rollout preset, drawing nothing extra from the player generator."""
    from vdgsim.games.vasco.vocabulary import Decision

    row = resolve("mc:decisions=act/launch")
    assert row[P.Q_DECISIONS] == (1 << int(Decision.ACT)) | (1 << int(Decision.LAUNCH))
    seen = set()
    for g in positions(3, 11, "default", every=2):
        if g.decision in (int(Decision.ACT), int(Decision.LAUNCH)):
            continue
        codes = np.array(legal_actions(g), dtype=np.int64)
        s1, s2 = g.s.copy(), g.s.copy()
        c = g.components.array
        a1 = choose(c, s1, codes, len(codes), params_table(["mc:rollouts=8:decisions=act"] * 3))
        a2 = choose(c, s2, codes, len(codes), params_table(["default"] * 3))
        assert a1 == a2 and np.array_equal(s1, s2)
        seen.add(g.decision)
    assert int(Decision.PLACE_DISC) in seen


def test_r9_2_search_decisions_identical_compiled_and_as_plain_python():
    rows = round_5_rows("default")
    assert len(rows) >= 4
    compiled, plain = compiled_and_plain_decisions("mc:rollouts=6:dets=3", rows)
    assert compiled == plain


def test_mc_beats_the_frozen_baseline_it_searches_over():
    """Search must add strength over its own rollout player: a small budget already wins most
    2-player games against `baseline_v1` (seats rotated, the same deals). A broken reward sign,
    halving order or determinization loses them instead."""
    from strategies.vasco.loop import play_games
    from vdgsim import default_components

    seeds = np.arange(300, 312, dtype=np.int64)
    wins = 0.0
    for seat in range(2):
        names = ["baseline_v1"] * 2
        names[seat] = "mc:rollouts=32:dets=8:rollout=baseline_v1"
        _, share = play_games(default_components(), 2, seeds, params_table(names))
        wins += share[:, seat].sum()
    assert wins / 24 > 0.6
