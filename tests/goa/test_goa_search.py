"""Goa's search player ``mc`` (strategies.goa.search): determinizations are valid states
that keep everything public and depend on nothing hidden (G9.5), so the search cannot peek;
compiled and plain-Python decisions agree; names set the budget and reject bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from test_goa_observation import HIDDEN

from strategies.goa import choose, lineup_params
from strategies.goa import params as Q
from strategies.goa.presets import preset_row
from strategies.goa.search import (
    KIND_MC,
    STANDARD_ROLLOUT,
    SearchNameError,
    mc,
    rollout,
    search_row,
)
from strategies.goa.search.determinize import determinize
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
from vdgsim.games.goa.invariants import INVARIANT_NAMES, check
from vdgsim.games.goa.observation import observation, shuffle_hidden
from vdgsim.games.goa.random_play import random_action
from vdgsim.search.flat import flat_search

ROOT = Path(__file__).resolve().parents[2]
SMALL = "mc:dets=4:rollouts=12:rollout=random"
# what a determinization may change: what shuffle_hidden deals anew (G9.5), and the players'
# generator, which a determinization reseeds
HIDDEN_FIELDS = (*HIDDEN, "rng_player")


def _field_slices() -> dict[str, slice]:
    return {f.name: slice(f.offset, f.offset + f.size) for f in L.STATE_FIELDS}


FIELDS = _field_slices()


def positions(players: int, seed: int, every: int, options: Options) -> Iterator[GameState]:
    """Every ``every``-th decision point with two or more legal actions of a random game."""
    g = new_game(players, seed, options=options)
    k = 0
    while not is_over(g):
        legal = np.array(legal_actions(g), dtype=np.int64)
        if len(legal) > 1 and k % every == 0:
            yield g
        k += 1
        apply_action(g, int(random_action(g.s, legal, len(legal))))


def unseen_missions(c: np.ndarray, s: np.ndarray, me: int) -> list[int]:
    kind = c[L.C_TILE_KIND : L.C_TILE_KIND + L.N_TILES]
    owner = s[L.S_TILE_OWNER : L.S_TILE_OWNER + L.N_TILES]
    return [t for t in range(L.N_TILES) if kind[t] == L.TK_MISSION and owner[t] != me]


def sample() -> list[GameState]:
    """Positions across both phases, 2 to 4 players, every variant, Bonanza tiles, Missions."""
    out = []
    for players, seed, options in (
        (4, 3, Options(bonanza=True)),
        (3, 8, Options(bonanza=True, strict_hand_limit=True)),
        (2, 21, Options(bonanza=True, quick_start=True)),
        (4, 40, Options()),
    ):
        out += [
            GameState(g.components, g.s.copy(), g.log)
            for g in positions(players, seed, 19, options)
        ]
    return out


@pytest.fixture(scope="module")
def states() -> list[GameState]:
    return sample()


def test_sample_reaches_hidden_missions_and_bonanza(states):
    c = states[0].components.array
    phase_b = [g for g in states if g.s[L.S_PHASE] == 1]
    assert len(states) >= 40 and len(phase_b) >= 15
    assert any(len(unseen_missions(c, g.s, g.current_player)) >= 2 for g in phase_b)
    assert any((g.s[FIELDS["bonanza_under"]] >= 0).sum() >= 2 for g in states)


def test_g9_5_determinizations_are_valid_and_keep_the_public_state(states):
    """Every determinization is a legal state (every invariant holds), shows its seat the very
    observation of the true state and differs only in the hidden fields."""
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    t = np.zeros(L.S_SIZE, dtype=np.int64)
    public = np.ones(L.S_SIZE, dtype=bool)
    for name in HIDDEN_FIELDS:
        public[FIELDS[name]] = False
    deck_moved = hands_moved = missions_moved = 0
    for g in states:
        c = g.components.array
        me = g.current_player
        for deal in range(3):
            determinize(c, g.s, t, 77, deal, 5 + deal, me)
            code = check(c, t, legal)
            assert code == 0, INVARIANT_NAMES[code]
            assert np.array_equal(t[public], g.s[public])
            kept = [tile for tile in range(L.N_TILES) if tile not in unseen_missions(c, g.s, me)]
            for name in ("tile_location", "tile_owner", "tile_acquired_round"):
                assert np.array_equal(t[FIELDS[name]][kept], g.s[FIELDS[name]][kept])
            twin = GameState(g.components, t.copy(), g.log)
            assert observation(twin, me) == observation(g, me)
            assert legal_actions(twin) == legal_actions(g)
            deck_moved += not np.array_equal(t[FIELDS["deck"]], g.s[FIELDS["deck"]])
            hands_moved += not np.array_equal(
                t[FIELDS["card_location"]], g.s[FIELDS["card_location"]]
            )
            missions_moved += not np.array_equal(t[FIELDS["grid"]], g.s[FIELDS["grid"]])
    assert (deck_moved, hands_moved, missions_moved) >= (2 * len(states), 10, 10), (
        deck_moved,
        hands_moved,
        missions_moved,
    )


def test_same_deal_same_redraw_whatever_the_stream(states):
    rngs = np.zeros(L.S_SIZE, dtype=bool)
    rngs[FIELDS["rng_chance"]] = rngs[FIELDS["rng_player"]] = True
    t1 = np.zeros(L.S_SIZE, dtype=np.int64)
    t2 = np.zeros(L.S_SIZE, dtype=np.int64)
    for g in states[::4]:
        c = g.components.array
        determinize(c, g.s, t1, 5, 2, 0, g.current_player)
        determinize(c, g.s, t2, 5, 2, 9, g.current_player)
        assert np.array_equal(t1[~rngs], t2[~rngs]) and not np.array_equal(t1, t2)


def honest(c, s, t, seed, deal, stream, me):
    determinize(c, s, t, seed, deal, stream, me)


def peeking(c, s, t, seed, deal, stream, me):
    """A determinization that keeps the true deck (what the no-peeking test must catch)."""
    determinize(c, s, t, seed, deal, stream, me)
    for name in ("deck", "card_location"):
        t[FIELDS[name]] = s[FIELDS[name]]


def leaks(det: Callable, states: list[GameState]) -> int:
    """Positions at which a determinization changes when the true hidden part is reshuffled."""
    t1 = np.zeros(L.S_SIZE, dtype=np.int64)
    t2 = np.zeros(L.S_SIZE, dtype=np.int64)
    bad = 0
    for i, g in enumerate(states):
        c = g.components.array
        me = g.current_player
        other = shuffle_hidden(g, me, 100 + i).s
        det(c, g.s, t1, 31, i % 3, i, me)
        det(c, other, t2, 31, i % 3, i, me)
        bad += not np.array_equal(t1, t2)
    return bad


def test_g9_5_determinizations_depend_on_public_information_only(states):
    """No peeking: a determinization is the same whatever the true hidden part is, so nothing
    built on it (rollouts, the search's decision) can depend on the hidden part; a variant that
    keeps the true deck is caught by the same check."""
    assert leaks(honest, states) == 0
    assert leaks(peeking, states) >= len(states) // 2


def changed_decisions(decide_mc: Callable, states: list[GameState]) -> tuple[int, int]:
    """(decisions that change when the true hidden part is reshuffled, decisions compared)."""
    row = search_row(SMALL)
    table = rollout_table(row, 0)
    changed = compared = 0
    for i, g in enumerate(states[1::3]):
        if g.decision == L.D_GIFT:
            continue  # a Gift choice names the tile: reshuffled Missions have other codes
        legal = np.array(legal_actions(g), dtype=np.int64)
        c = g.components.array
        base = decide_mc(c, g.s.copy(), legal, len(legal), row, table)
        for k in range(2):
            other = shuffle_hidden(g, g.current_player, 1000 * i + k).s
            changed += decide_mc(c, other, legal, len(legal), row, table) != base
            compared += 1
    return changed, compared


def test_g9_5_mc_decisions_do_not_change_when_the_hidden_state_is_reshuffled(states):
    changed, compared = changed_decisions(mc.decide_mc, states)
    assert changed == 0 and compared >= 20


def python_hooks(monkeypatch, module, det: Callable) -> None:
    """Let ``module``'s entry point, run as Python, build Goa's compiled hooks with ``det`` as
    the determinization (so a patched determinization is seen)."""
    hooks = rollout.search_hooks.py_func()._replace(
        determinize=lambda c, s, scratch, seed, deal, stream, me: det(
            c, s, scratch[0], seed, deal, stream, me
        )
    )
    monkeypatch.setattr(module, "search_hooks", lambda: hooks)


def test_the_no_peeking_check_catches_a_search_that_peeks(states, monkeypatch):
    """The same check on the search run as Python over the compiled hooks: honest, it holds;
    with a determinization that keeps the true deck and hands, decisions change."""
    monkeypatch.setattr(mc, "flat_search", flat_search.py_func)
    python_hooks(monkeypatch, mc, determinize)
    assert changed_decisions(mc.decide_mc.py_func, states)[0] == 0
    python_hooks(monkeypatch, mc, peeking)
    assert changed_decisions(mc.decide_mc.py_func, states)[0] >= 3


def test_choose_searches_only_mc_rows_and_is_repeatable(states):
    g = states[len(states) // 2]
    c = g.components.array
    legal = np.array(legal_actions(g), dtype=np.int64)
    table = lineup_params(["random", "random", "random", "random"][: g.players], g.players)
    s1, s2 = g.s.copy(), g.s.copy()
    a = choose(c, s1, legal, len(legal), table)
    assert a == random_action(s2, legal, len(legal)) and np.array_equal(s1, s2)
    table = lineup_params([SMALL] * g.players, g.players)
    assert choose(c, g.s.copy(), legal, len(legal), table) == choose(
        c, g.s.copy(), legal, len(legal), table
    )


def test_decisions_searches_only_the_kinds_it_names(states):
    """A decision of a kind left out of ``decisions`` is the rollout preset's own choice, with the
    same generator draws; the kind it names is searched (it draws a search seed)."""
    from strategies.goa.scripted import choose_scripted

    g = next(g for g in states if len(legal_actions(g)) > 1)
    c = g.components.array
    legal = np.array(legal_actions(g), dtype=np.int64)
    kind = int(g.s[L.S_DECISION])
    keys = [k.replace("'", "").replace(" ", "_") for k in L.DECISION_NAMES]
    other = "/".join(k for d, k in enumerate(keys) if d not in (0, kind))
    s1, s2 = g.s.copy(), g.s.copy()
    table = lineup_params([f"mc:dets=2:rollouts=4:decisions={other}"] * g.players, g.players)
    scripted = rollout_table(table[g.current_player], g.current_player)
    assert choose(c, s1, legal, len(legal), table) == choose_scripted(
        c, s2, legal, len(legal), scripted
    )
    assert np.array_equal(s1, s2)
    s3 = g.s.copy()
    table = lineup_params([f"mc:dets=2:rollouts=4:decisions={keys[kind]}"] * g.players, g.players)
    choose(c, s3, legal, len(legal), table)
    assert not np.array_equal(s3, g.s)


DECISION_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim.games.goa.components import default_components
from strategies.goa import choose, lineup_params
from strategies.goa.search.determinize import determinize
job = json.load(sys.stdin)
c = default_components().array
table = lineup_params([job["name"]] * 4, 4)
out = []
for row in job["decisions"]:
    s = np.array(row["s"], dtype=np.int64)
    legal = np.array(row["legal"], dtype=np.int64)
    out.append(int(choose(c, s, legal, len(legal), table)))
    out.append(hashlib.sha256(s.tobytes()).hexdigest())  # the generators after the search
for row in job["determinize"]:
    s = np.array(row["s"], dtype=np.int64)
    t = np.zeros_like(s)
    determinize(c, s, t, 12345, 1, 3, row["me"])
    out.append(hashlib.sha256(t.tobytes()).hexdigest())
print(json.dumps(out))
"""


def test_g9_4_mc_decisions_identical_compiled_and_as_plain_python(states):
    """mc decisions at late positions (short plain-Python rollouts) and determinizations of
    every sampled position, compiled and with NUMBA_DISABLE_JIT=1."""
    rows = []
    for g in positions(4, 5, 13, Options(bonanza=True)):
        if g.s[L.S_ROUND] == L.N_ROUNDS and len(legal_actions(g)) <= 12:
            rows.append({"s": g.s.tolist(), "legal": legal_actions(g)})
    assert len(rows) >= 3
    job = {
        "name": "mc:dets=2:rollouts=4:rollout=random",
        "decisions": rows[-3:],
        "determinize": [{"s": g.s.tolist(), "me": g.current_player} for g in states],
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


def test_search_names_set_the_budget_and_the_rollout_preset():
    row = search_row("mc")
    assert row[0] == KIND_MC
    assert (row[Q.Q_DETS], row[Q.Q_ROLLOUTS], row[Q.Q_MARGIN]) == (32, 256, 0.01)
    row = search_row("mc:dets=8:rollouts=64:margin=0.05:rollout=random")
    assert (row[Q.Q_DETS], row[Q.Q_ROLLOUTS], row[Q.Q_MARGIN]) == (8, 64, 0.05)
    assert search_row("mc")[Q.Q_DECISIONS] == 0
    assert search_row("mc:decisions=bid/owners_choice")[Q.Q_DECISIONS] == (1 << 4) | (1 << 5)
    with pytest.raises(SearchNameError, match="unknown decision kind 'bids'"):
        search_row("mc:decisions=bids")
    assert row[Q.Q_ROLLOUT_KIND] == 0
    standard = preset_row(STANDARD_ROLLOUT)
    assert search_row("mc")[Q.Q_ROLLOUT_KIND] == standard[0]
    assert STANDARD_ROLLOUT == "default"
    assert (search_row("mc")[1 : Q.Q_BASE] == standard[1 : Q.Q_BASE]).all()
    table = lineup_params(["mc:rollouts=8", "random"], 2)
    assert table[0, 0] == KIND_MC and table[1, 0] == 0 and table[1, Q.Q_ROLLOUTS] == 0


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("mc:iters=5", "unknown option 'iters'"),
        ("mc:rollouts", "needs key=value"),
        ("mc:rollouts=many", "rollouts must be a number"),
        ("mc:dets=2.5", "dets must be a whole number"),
        ("mc:dets=0", "outside 1..1e\\+06"),
        ("mc:margin=nan", "margin must be a finite number"),
        ("mc:rollout=mc", "rollout player must be a preset"),
        ("mc:rollout=nobody", "rollout player must be a preset"),
        ("mcts", "unknown search kind"),
    ],
)
def test_bad_search_names_are_one_clear_error(name, words):
    with pytest.raises(SearchNameError, match=words) as err:
        search_row(name)
    assert "\n" not in str(err.value)


def test_search_columns_sit_at_the_end_of_the_row_but_for_the_bid_weights():
    from strategies.goa.params import BW_END, BW_FIRST, N_PARAMS

    assert Q.Q_BASE == Q.N_SEARCH_END - 8 and Q.N_SEARCH_END == BW_FIRST and BW_END == N_PARAMS
