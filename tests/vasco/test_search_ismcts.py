"""The ``ismcts`` search player (strategies.vasco.search.ismcts): names and budgets, no peeking
(RULES R9.4), the same decisions compiled and as plain Python, the tree's bookkeeping, and that
its search finds an action its rollout preset misses."""

from __future__ import annotations

import math

import numpy as np
import pytest
from search_helpers import compiled_and_plain_decisions, decide, positions, round_5_rows

from strategies.vasco import params as P
from strategies.vasco.policy import choose
from strategies.vasco.python_loop import preset_player
from strategies.vasco.registry import UnknownPresetError, params_table, resolve
from strategies.vasco.search.ismcts import grow_tree
from strategies.vasco.search.regret import action_values as action_values_of
from strategies.vasco.search.rollout import rollout_table
from vdgsim import GameState, apply_action, legal_actions, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.game import clone
from vdgsim.games.vasco.observation import shuffle_hidden
from vdgsim.search.tree import ln_int

SMALL = "ismcts:iters=24:dets=6"


def tree(g: GameState, name: str):
    codes = np.array(legal_actions(g), dtype=np.int64)
    return grow_tree(g.components.array, g.s.copy(), codes, len(codes), resolve(name))


def test_ismcts_names_set_the_budget():
    row = resolve("ismcts")
    assert row[P.P_KIND] == P.KIND_ISMCTS
    assert row[P.Q_ITERS] == 192 and row[P.Q_DETS] == 32
    assert (row[P.Q_UCT_C], row[P.Q_WIDEN], row[P.Q_MARGIN]) == (0.7, 1.0, 0.01)
    assert row[P.Q_ROLLOUT_KIND] == P.KIND_HEURISTIC
    row = resolve("ismcts:iters=64:uct_c=0.3:widen=2:dets=4:margin=0:rollout=frugal")
    assert (row[P.Q_ITERS], row[P.Q_UCT_C], row[P.Q_WIDEN]) == (64, 0.3, 2)
    assert (row[P.Q_DETS], row[P.Q_MARGIN]) == (4, 0)
    assert np.array_equal(row[1 : P.N_BEHAVIOUR], resolve("frugal")[1 : P.N_BEHAVIOUR])
    assert resolve("ismcts:iters=8+never_pay")[P.R_NEVER_PAY] == 1
    assert P.N_SEARCH_END <= P.N_PARAMS


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ismcts:rollouts=5", "unknown option 'rollouts'"),
        ("mc:uct_c=1", "unknown option 'uct_c'"),
        ("ismcts:iters=0", "outside"),
        ("ismcts:iters=2.5", "whole number"),
        ("ismcts:uct_c=-1", "outside"),
        ("ismcts:widen=x", "must be a number"),
        ("ismcts:rollout=ismcts", "must be a preset"),
    ],
)
def test_bad_ismcts_names_are_one_clear_error(name, words):
    with pytest.raises(UnknownPresetError, match=words):
        resolve(name)


def test_ln_int_is_the_natural_log_by_arithmetic():
    for x in [*range(1, 300), 1023, 1024, 1025, 65_537, 1_000_000]:
        assert abs(ln_int(x) - math.log(x)) < 1e-12, x


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (4, 8)])
def test_r9_4_ismcts_decisions_do_not_depend_on_the_hidden_state(players, seed):
    """No peeking: reshuffling the true state's face-down piles and reseeding its chance
    generator (all it cannot see) leaves every decision of the search player unchanged."""
    checked = 0
    for g in positions(players, seed, "baseline_v1"):
        base = decide(g, SMALL)
        for k in range(2):
            assert decide(shuffle_hidden(g, 1000 * seed + k), SMALL) == base
        checked += 1
    assert checked >= 8


def test_r9_2_ismcts_decisions_identical_compiled_and_as_plain_python():
    rows = round_5_rows("baseline_v1")
    assert len(rows) >= 4
    compiled, plain = compiled_and_plain_decisions("ismcts:iters=8:dets=3", rows)
    assert compiled == plain


def children(first, sibling, v):
    out = []
    k = first[v]
    while k >= 0:
        out.append(int(k))
        k = sibling[k]
    return out


def test_ismcts_tree_bookkeeping():
    """One node per iteration; every iteration passes the root; a child is visited at most as
    often as it was available and its parent was; root children are distinct legal actions
    chosen by the searching seat, no more of them than progressive widening allows."""
    g = next(g for g in positions(4, 11, "baseline_v1") if g.s[L.S_DECISION] == L.D_PLACE_DISC)
    legal = legal_actions(g)
    me = int(g.s[L.S_DEC_PLAYER])
    iters = 40
    action, chooser, first, sibling, visits, avail, total, nodes = tree(g, f"ismcts:iters={iters}")
    assert nodes == iters + 1 and visits[0] == iters
    root = children(first, sibling, 0)
    assert sorted(int(action[k]) for k in root) == sorted({int(action[k]) for k in root})
    assert all(int(action[k]) in legal for k in root)
    assert all(chooser[k] == me for k in root)
    assert sum(int(visits[k]) for k in root) == iters
    assert len(root) <= 1 + math.floor(math.sqrt(iters - 1))
    for v in range(1, nodes):
        assert 1 <= visits[v] <= avail[v]
        assert sum(int(visits[k]) for k in children(first, sibling, v)) <= visits[v]
        assert -2.0 <= total[v] / visits[v] <= 2.0
    # without widening limits every legal action at the root is tried once before any twice
    n = len(legal)
    action, _, first, sibling, visits, *_ = tree(g, f"ismcts:iters={n}:widen=100")
    root = children(first, sibling, 0)
    assert sorted(int(action[k]) for k in root) == sorted(legal)
    assert all(visits[k] == 1 for k in root)


def test_ismcts_with_one_legal_action_does_not_draw():
    g = new_game(4, 2)
    me = preset_player("baseline_v1")
    while len(legal_actions(g)) != 1:
        apply_action(g, me(g, legal_actions(g)))
    s = g.s.copy()
    codes = np.array(legal_actions(g), dtype=np.int64)
    assert choose(g.components.array, s, codes, 1, params_table(["ismcts"] * 4)) == codes[0]
    assert np.array_equal(s, g.s)
    assert decide(g, "ismcts:iters=2") == codes[0]


def test_ismcts_without_widening_plays_its_rollout_presets_choice():
    """widen=0 keeps one child per node: the root's only child is the prior's pick, the
    rollout preset's own choice (so the prior really is the rollout preset)."""
    prior = preset_player("baseline_v1")
    checked = 0
    for g in positions(4, 13, "baseline_v1", every=7):
        got = decide(g, "ismcts:iters=6:widen=0:rollout=baseline_v1")
        assert got == prior(clone(g), legal_actions(g))
        checked += 1
    assert checked >= 8


def action_values(g: GameState, rollouts: int, seed: int = 7) -> dict[int, float]:
    """Each legal action's mean reward to the deciding seat over ``rollouts`` determinized
    rollouts of `baseline_v1` (the same determinizations and streams for every action)."""
    me = int(g.s[L.S_DEC_PLAYER])
    table = rollout_table(resolve("ismcts:rollout=baseline_v1"), me)
    legal = np.array(legal_actions(g), dtype=np.int64)
    share = np.zeros((len(legal), rollouts))
    lead = np.zeros((len(legal), rollouts))
    c = g.components.array
    action_values_of(c, g.s, legal, len(legal), table, me, rollouts, rollouts, seed, share, lead)
    return {int(a): float((share[i] + 0.01 * lead[i]).mean()) for i, a in enumerate(legal)}


# Round-5 decisions of 4-player baseline_v1 games (seed, index among the decisions with a choice)
# where the default preset's own pick is far worse than the best action: found by scanning
# with action_values, and checked again by the test itself.
MISSED = [(3, 183), (2, 171), (3, 174)]


@pytest.mark.parametrize(("seed", "index"), MISSED)
def test_ismcts_finds_the_action_its_rollout_preset_misses(seed, index):
    """The tree's first root child is the rollout preset's pick (the prior); only selection
    and backpropagation working together move the visits to the better action (a wrong reward
    sign or a selection that ignores the statistics keeps them on the prior)."""
    g = next(g for k, g in enumerate(positions(4, seed, "baseline_v1", every=1)) if k == index)
    values = action_values(g, 200)
    prior = preset_player("baseline_v1")(clone(g), legal_actions(g))
    best = max(values.values())
    assert best - values[prior] > 0.4  # the premise: the preset's pick loses a lot
    # ISMCTS models the rivals as searching too (their choices are tree nodes), so its values
    # are not exactly these policy-rollout values: require a clearly better action than the
    # prior's, not the very best one
    assert values[decide(g, "ismcts:iters=128:rollout=baseline_v1")] > values[prior] + 0.1
