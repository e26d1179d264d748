"""Goa's search player ``ismcts`` (strategies.goa.search.ismcts): names set the budget and
reject bad input; it cannot peek (G9.5); compiled and plain-Python decisions agree (G9.4); the
tree's bookkeeping; its prior is the rollout preset; and its search beats ``default``."""

from __future__ import annotations

import hashlib
import json
import math
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from types import SimpleNamespace

import numpy as np
import pytest
from test_goa_search import (
    DECISION_SCRIPT,
    ROOT,
    peeking,
    positions,
    python_hooks,
    sample,
)

from strategies.goa import choose, lineup_params
from strategies.goa import params as Q
from strategies.goa.presets import preset_row
from strategies.goa.scripted import choose_scripted
from strategies.goa.search import KIND_ISMCTS, KIND_MC, SearchNameError, ismcts, search_row
from strategies.goa.search.determinize import action_in, determinize, draw_seed
from strategies.goa.search.regret import action_values as action_values_of
from strategies.goa.search.rollout import rollout_table
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import (
    GameState,
    Options,
    apply_action,
    is_over,
    legal_actions,
    new_game,
)
from vdgsim.games.goa.observation import shuffle_hidden
from vdgsim.search import tree
from vdgsim.search.tree import most_visited

SMALL = "ismcts:iters=16:dets=4:rollout=random"


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return sample()


def test_ismcts_names_set_the_budget_and_the_rollout_preset():
    row = search_row("ismcts")
    assert row[Q.P_KIND] == KIND_ISMCTS != KIND_MC
    assert (row[Q.Q_ITERS], row[Q.Q_DETS]) == (288, 32)
    assert (row[Q.Q_UCT_C], row[Q.Q_WIDEN], row[Q.Q_MARGIN]) == (0.7, 1.0, 0.01)
    assert row[Q.Q_ROLLOUTS] == 0 and row[Q.Q_DECISIONS] == 0
    default = preset_row("default")
    assert row[Q.Q_ROLLOUT_KIND] == default[Q.P_KIND]
    assert (row[1 : Q.Q_BASE] == default[1 : Q.Q_BASE]).all()
    row = search_row("ismcts:iters=64:uct_c=0.3:widen=2:dets=4:margin=0:rollout=random")
    assert (row[Q.Q_ITERS], row[Q.Q_UCT_C], row[Q.Q_WIDEN]) == (64, 0.3, 2)
    assert (row[Q.Q_DETS], row[Q.Q_MARGIN], row[Q.Q_ROLLOUT_KIND]) == (4, 0, 0)
    assert search_row("ismcts:decisions=bid")[Q.Q_DECISIONS] == 1 << L.D_BID
    table = lineup_params(["ismcts:iters=8", "mc", "default"], 3)
    assert list(table[:3, Q.P_KIND]) == [KIND_ISMCTS, KIND_MC, default[Q.P_KIND]]
    assert Q.Q_BASE == Q.N_SEARCH_END - 8 and Q.Q_WIDEN < Q.N_SEARCH_END <= Q.N_PARAMS


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("ismcts:rollouts=5", "unknown option 'rollouts' for ismcts"),
        ("mc:uct_c=1", "unknown option 'uct_c' for mc"),
        ("ismcts:iters=0", "outside 1..1e\\+06"),
        ("ismcts:iters=2.5", "iters must be a whole number"),
        ("ismcts:uct_c=-1", "outside"),
        ("ismcts:widen=x", "widen must be a number"),
        ("ismcts:iters", "needs key=value"),
        ("ismcts:rollout=ismcts", "rollout player must be a preset"),
        ("ismcts:decisions=bids", "unknown decision kind 'bids'"),
        ("uct", "unknown search kind"),
    ],
)
def test_bad_ismcts_names_are_one_clear_error(name, words):
    with pytest.raises(SearchNameError, match=words) as err:
        search_row(name)
    assert "\n" not in str(err.value)


def compiled(c, s, legal, n, row, table):
    return ismcts.decide_ismcts(c, s, legal, n, row, table)


def python_over_compiled(c, s, legal, n, row, table):
    """The tree grown as Python over the compiled hooks (see :func:`python_tree`)."""
    action, _, first, sibling, visits, *_ = ismcts.grow_tree.py_func(c, s, legal, n, row, table)
    return most_visited(legal, n, action, first, sibling, visits)


def python_tree(monkeypatch, det: Callable) -> None:
    """Grow the tree as Python over Goa's compiled hooks, determinizing with ``det``."""
    monkeypatch.setattr(ismcts, "tree", SimpleNamespace(grow_tree=tree.grow_tree.py_func))
    python_hooks(monkeypatch, ismcts, det)


def changed_decisions(decide: Callable, states: list[GameState], every: int) -> tuple[int, int]:
    """(decisions that change when the true hidden part is reshuffled, decisions compared)."""
    row = search_row(SMALL)
    table = rollout_table(row, 0)
    changed = compared = 0
    for i, g in enumerate(states[1::every]):
        if g.decision == L.D_GIFT:
            continue  # a Gift choice names the tile: reshuffled Missions have other codes
        legal = np.array(legal_actions(g), dtype=np.int64)
        c = g.components.array
        base = decide(c, g.s.copy(), legal, len(legal), row, table)
        for k in range(2):
            other = shuffle_hidden(g, g.current_player, 1000 * i + k).s
            changed += decide(c, other, legal, len(legal), row, table) != base
            compared += 1
    return changed, compared


def test_g9_5_ismcts_decisions_do_not_change_when_the_hidden_state_is_reshuffled(states):
    changed, compared = changed_decisions(compiled, states, 3)
    assert changed == 0 and compared >= 20


def test_the_no_peeking_check_catches_an_ismcts_that_peeks(states, monkeypatch):
    """The same check on the tree grown as Python over the compiled parts: honest, it holds;
    with a determinization that keeps the true deck and hands, decisions change."""
    python_tree(monkeypatch, determinize)
    assert changed_decisions(python_over_compiled, states, 6)[0] == 0
    python_tree(monkeypatch, peeking)
    assert changed_decisions(python_over_compiled, states, 6)[0] >= 2


def test_g9_4_ismcts_decisions_identical_compiled_and_as_plain_python():
    """ismcts decisions at late positions (short plain-Python rollouts), and the generator
    states after them, compiled and with NUMBA_DISABLE_JIT=1."""
    rows = []
    for g in positions(4, 5, 13, Options(bonanza=True)):
        if g.s[L.S_ROUND] == L.N_ROUNDS and len(legal_actions(g)) <= 12:
            rows.append({"s": g.s.tolist(), "legal": legal_actions(g)})
    assert len(rows) >= 3
    job = {
        "name": "ismcts:iters=6:dets=2:rollout=random",
        "decisions": rows[-3:],
        "determinize": [],
    }
    runs = []
    for env in ({}, {"NUMBA_DISABLE_JIT": "1"}):
        proc = subprocess.run(
            [sys.executable, "-c", DECISION_SCRIPT],
            input=json.dumps(job),
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=ROOT,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        runs.append(json.loads(proc.stdout))
    assert runs[0] == runs[1]
    # the search drew its seed from the player generator: no state is as it was given
    given = [hashlib.sha256(np.array(r["s"], dtype=np.int64).tobytes()).hexdigest() for r in rows]
    assert len(runs[0]) == 6 and not set(runs[0][1::2]) & set(given[-3:])


def children(first: np.ndarray, sibling: np.ndarray, v: int) -> list[int]:
    out = []
    k = first[v]
    while k >= 0:
        out.append(int(k))
        k = sibling[k]
    return out


def grow(g: GameState, name: str):
    row = search_row(name)
    legal = np.array(legal_actions(g), dtype=np.int64)
    return ismcts.grow_tree(
        g.components.array, g.s.copy(), legal, len(legal), row, rollout_table(row, 0)
    )


def test_ismcts_tree_bookkeeping(states):
    """One node per iteration; every iteration passes the root; a child is visited at most as
    often as it was available and its parent was; root children are distinct legal actions
    chosen by the searching seat, no more of them than progressive widening allows; rewards
    are win shares plus a small margin."""
    g = max(states, key=lambda g: len(legal_actions(g)))
    legal = legal_actions(g)
    assert len(legal) >= 8
    iters = 40
    action, chooser, first, sibling, visits, avail, total, nodes = grow(g, f"ismcts:iters={iters}")
    assert nodes == iters + 1 and visits[0] == iters
    root = children(first, sibling, 0)
    assert len({int(action[k]) for k in root}) == len(root)
    assert all(int(action[k]) in legal for k in root)
    assert all(chooser[k] == g.current_player for k in root)
    assert sum(int(visits[k]) for k in root) == iters
    assert len(root) <= 1 + math.floor(math.sqrt(iters - 1))
    assert any(chooser[k] != g.current_player for k in range(1, nodes))  # rivals are nodes too
    for v in range(1, nodes):
        assert 1 <= visits[v] <= avail[v]
        assert sum(int(visits[k]) for k in children(first, sibling, v)) <= visits[v]
        assert -1.0 <= total[v] / visits[v] <= 2.0
    # without a widening limit every legal action at the root is tried once before any twice
    n = len(legal)
    action, _, first, sibling, visits, *_ = grow(g, f"ismcts:iters={n}:widen=100")
    root = children(first, sibling, 0)
    assert sorted(int(action[k]) for k in root) == sorted(legal)
    assert all(visits[k] == 1 for k in root)


def first_prior(g: GameState, legal: np.ndarray, table: np.ndarray) -> int:
    """The rollout preset's choice in the search's first determinization (the heuristic breaks
    ties with the player generator, which every determinization reseeds), as a code of the
    true state."""
    c = g.components.array
    s = g.s.copy()
    me = g.current_player
    t = np.zeros_like(s)
    determinize(c, s, t, draw_seed(s), 0, 0, me)
    mapped = np.array([action_in(c, g.s, t, me, a) for a in legal], dtype=np.int64)
    pick = choose_scripted(c, t, mapped, len(mapped), table)
    return int(legal[list(mapped).index(pick)])


@pytest.mark.parametrize("budget", ["iters=1", "iters=6:widen=0"])
def test_ismcts_with_one_child_plays_its_rollout_presets_choice(states, budget):
    """With one iteration, or widen=0 (one child per node), the root's only child is the
    prior's pick in the first determinization: the rollout preset's own choice there (so the
    prior really is the rollout preset, and the root codes are mapped into the determinization
    and back)."""
    table = lineup_params([f"ismcts:{budget}"] * 4, 4)
    scripted = rollout_table(table[0], 0)
    checked = not_first = 0
    for g in states[::2]:
        legal = np.array(legal_actions(g), dtype=np.int64)
        mine = choose(g.components.array, g.s.copy(), legal, len(legal), table)
        expected = first_prior(g, legal, scripted)
        assert mine == expected
        checked += 1
        not_first += expected != legal[0]
    assert checked >= 20 and not_first >= 5


def test_ismcts_with_one_legal_action_does_not_draw(states):
    g = states[0]
    c = g.components.array
    s = g.s.copy()
    only = np.array(legal_actions(g)[:1], dtype=np.int64)
    table = lineup_params(["ismcts"] * g.players, g.players)
    assert choose(c, s, only, 1, table) == only[0]
    assert np.array_equal(s, g.s)
    s2 = g.s.copy()
    legal = np.array(legal_actions(g), dtype=np.int64)
    choose(c, s2, legal, len(legal), lineup_params(["ismcts:iters=1"] * g.players, g.players))
    assert not np.array_equal(s2, g.s)  # with a choice it draws its search seed


def test_ismcts_decisions_searches_only_the_kinds_it_names(states):
    """A root decision of a kind left out of ``decisions`` is the rollout preset's own choice,
    with the same generator draws; the kind it names is searched (it draws a search seed)."""
    g = next(g for g in states if len(legal_actions(g)) > 1)
    c = g.components.array
    legal = np.array(legal_actions(g), dtype=np.int64)
    kind = int(g.s[L.S_DECISION])
    keys = [k.replace("'", "").replace(" ", "_") for k in L.DECISION_NAMES]
    other = "/".join(k for d, k in enumerate(keys) if d not in (0, kind))
    name = f"ismcts:iters=4:rollout=random:decisions={other}"
    table = lineup_params([name] * g.players, g.players)
    s1, s2 = g.s.copy(), g.s.copy()
    scripted = rollout_table(table[g.current_player], g.current_player)
    assert choose(c, s1, legal, len(legal), table) == choose_scripted(
        c, s2, legal, len(legal), scripted
    )
    assert np.array_equal(s1, s2)
    s3 = g.s.copy()
    name = f"ismcts:iters=4:rollout=random:decisions={keys[kind]}"
    choose(c, s3, legal, len(legal), lineup_params([name] * g.players, g.players))
    assert not np.array_equal(s3, g.s)


def default_positions(seed: int) -> Iterator[GameState]:
    """The decision points with two or more legal actions of a 4-player game of `default`."""
    g = new_game(4, seed)
    table = lineup_params(["default"] * 4, 4)
    while not is_over(g):
        legal = np.array(legal_actions(g), dtype=np.int64)
        if len(legal) > 1:
            yield g
        apply_action(g, int(choose(g.components.array, g.s.copy(), legal, len(legal), table)))


def action_values(g: GameState, rollouts: int, seed: int = 7) -> dict[int, float]:
    """Each legal action's mean reward to the deciding seat over ``rollouts`` determinized
    rollouts of `default` (the same determinizations and streams for every action)."""
    me = g.current_player
    table = rollout_table(search_row("ismcts"), 0)
    legal = np.array(legal_actions(g), dtype=np.int64)
    share = np.zeros((len(legal), rollouts))
    lead = np.zeros((len(legal), rollouts))
    c = g.components.array
    action_values_of(c, g.s, legal, len(legal), table, me, rollouts, rollouts, seed, share, lead)
    return {int(a): float((share[i] + 0.01 * lead[i]).mean()) for i, a in enumerate(legal)}


# Last-round decisions of 4-player `default` games (seed, index among the decisions with a
# choice: an action turn, an owner's choice, a bid) where `default`'s own pick is far worse
# than the best action: found by scanning with action_values, and checked again by the test
# (scan again whenever `default` changes its play).
MISSED = [(3, 533), (4, 516), (4, 525)]


@pytest.mark.parametrize(("seed", "index"), MISSED)
def test_ismcts_finds_the_action_default_misses(seed, index):
    """The tree's first root child is `default`'s pick (the prior); only selection and
    backpropagation working together move the visits to a better action (a wrong reward sign
    or a selection that ignores the statistics keeps them on the prior)."""
    g = next(g for k, g in enumerate(default_positions(seed)) if k == index)
    assert g.s[L.S_ROUND] == L.N_ROUNDS
    legal = np.array(legal_actions(g), dtype=np.int64)
    c = g.components.array
    values = action_values(g, 200)
    prior = first_prior(g, legal, rollout_table(search_row("ismcts"), 0))
    assert max(values.values()) - values[prior] > 0.3  # the premise: the prior loses a lot
    table = lineup_params(["ismcts:iters=128"] * 4, 4)
    # ismcts models the rivals as searching too, so its values are not exactly these
    # policy-rollout values: require a clearly better action than the prior's
    assert values[int(choose(c, g.s.copy(), legal, len(legal), table))] > values[prior] + 0.1
