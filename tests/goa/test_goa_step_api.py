"""Goa's Python step API, the contract of Vasco da Gama's (tests/vasco/test_step_api.py): what
``legal_actions`` returns, how ``apply_action`` and ``step`` refuse an action, and that
``step`` plays the same game in one call per decision, compiled and as plain Python."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.game import (
    GameState,
    IllegalActionError,
    Options,
    apply_action,
    clone,
    is_over,
    legal_actions,
    log_rows,
    new_game,
    step,
)

ROOT = Path(__file__).resolve().parents[2]


def _compiled_legal(g: GameState) -> list[int]:
    out = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    n = flow.legal_actions(g.components.array, g.s, out)
    return [int(a) for a in out[:n]]


def _unused_code(legal: list[int]) -> int:
    return next(a for a in range(L.MAX_LEGAL + 1) if a not in legal)


def _pick(rng: np.random.Generator, legal: list[int]) -> int:
    return legal[int(rng.integers(len(legal)))]


def test_legal_actions_is_a_fresh_list_of_python_ints_equal_to_the_compiled_listing() -> None:
    g = new_game(players=3, seed=5)
    rng = np.random.default_rng(5)
    while not is_over(g):
        legal = legal_actions(g)
        assert type(legal) is list
        assert all(type(a) is int for a in legal)
        assert legal == _compiled_legal(g)
        json.dumps(legal)  # callers record actions as JSON
        again = legal_actions(g)
        again.append(-1)  # a caller's edit must not reach the next listing or the state
        assert legal_actions(g) == legal
        apply_action(g, _pick(rng, legal))
    assert legal_actions(g) == []


def test_legal_actions_survive_the_next_step() -> None:
    """The scratch the compiled call writes into is reused; a kept list must not change."""
    g = new_game(players=2, seed=1)
    first = legal_actions(g)
    kept = list(first)
    step(g, first[0])
    legal_actions(g)
    assert first == kept


APPLY = pytest.mark.parametrize("apply", [apply_action, step], ids=["apply_action", "step"])


@APPLY
def test_an_illegal_action_raises_with_the_decision_and_seat_and_leaves_the_state(apply) -> None:
    g = new_game(players=4, seed=2)
    for _ in range(10):
        apply_action(g, legal_actions(g)[0])
    before = clone(g)
    bad = _unused_code(legal_actions(g))
    with pytest.raises(IllegalActionError, match=rf"action {bad} is not legal") as err:
        apply(g, bad)
    assert f"seat {g.current_player}" in str(err.value)
    assert L.DECISION_NAMES[g.decision] in str(err.value)
    assert np.array_equal(g.s, before.s)
    assert np.array_equal(g.log, before.log)
    apply_action(g, legal_actions(g)[0])  # still playable afterwards


@APPLY
@pytest.mark.parametrize("bad", [-1, 2**63, -(2**70), 10**30])
def test_codes_outside_the_legal_range_or_int64_are_illegal_not_a_crash(apply, bad: int) -> None:
    g = new_game(players=2, seed=3)
    with pytest.raises(IllegalActionError, match="is not legal"):
        apply(g, bad)


@APPLY
@pytest.mark.parametrize("bad", [1.0, "1", None, [1]])
def test_a_non_integer_action_is_refused_clearly(apply, bad: object) -> None:
    g = new_game(players=2, seed=3)
    with pytest.raises(IllegalActionError, match="integer action code"):
        apply(g, bad)


@APPLY
def test_no_action_once_the_game_is_over(apply) -> None:
    g = new_game(players=2, seed=6)
    legal = legal_actions(g)
    while legal:
        legal = step(g, legal[-1])
    assert is_over(g)
    before = clone(g)
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(g, 0)
    assert np.array_equal(g.s, before.s) and np.array_equal(g.log, before.log)


GAMES = [
    (2, 11, Options()),
    (3, 12, Options()),
    (4, 13, Options()),
    (4, 14, Options(bonanza=True)),
    (2, 15, Options(quick_start=True, strict_hand_limit=True)),
    (3, 16, Options(extra_action_cap=10)),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_step_plays_the_game_apply_action_plays_and_returns_the_next_listing(
    players: int, seed: int, options: Options
) -> None:
    g = new_game(players, seed, options=options)
    h = new_game(players, seed, options=options)
    rng = np.random.default_rng(seed)
    legal = legal_actions(g)
    steps = 0
    while legal:
        a = _pick(rng, legal)
        before, kept = legal, list(legal)
        legal = step(g, np.int64(a) if steps % 2 else a)
        apply_action(h, a)
        steps += 1
        assert before == kept  # a list step returned stays the caller's
        assert legal == legal_actions(h) == legal_actions(g)
        assert all(type(x) is int for x in legal)
    assert is_over(g) and is_over(h) and steps > 100
    assert np.array_equal(g.s, h.s)
    assert np.array_equal(log_rows(g), log_rows(h))


def test_a_game_state_refuses_arrays_the_compiled_step_cannot_read() -> None:
    """The Python step calls compiled entry points that do not check an array's shape or
    layout (vdgsim.core.fastcall), so a GameState checks them when it is made."""
    g = new_game(players=2, seed=1)
    GameState(g.components, g.s.copy(), g.log.copy())  # a copy is fine
    strided = np.repeat(g.s, 2)[::2]
    for s, log in (
        (g.s.astype(np.int32), g.log),
        (strided, g.log),
        (g.s.reshape(1, -1), g.log),
        (g.s[:10].copy(), g.log),
        (g.s, g.log[:, :3].copy()),
        (g.s, np.asfortranarray(g.log)),
    ):
        with pytest.raises(ValueError):
            GameState(g.components, s, log)
    wrong = copy.copy(g.components)
    object.__setattr__(wrong, "array", g.components.array.astype(np.int32))
    with pytest.raises(ValueError):
        GameState(wrong, g.s.copy(), g.log.copy())


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))])
def test_a_copied_or_pickled_game_continues_identically(copier) -> None:
    g = new_game(players=3, seed=12)
    legal = legal_actions(g)
    for _ in range(40):
        legal = step(g, legal[-1])
    h = copier(g)
    assert h.s is not g.s and np.array_equal(h.s, g.s)
    legal_g, legal_h = legal_actions(g), legal_actions(h)
    assert legal_g == legal == legal_h
    while legal_g:
        assert legal_g == legal_h
        legal_g, legal_h = step(g, legal_g[0]), step(h, legal_h[0])
    assert legal_h == [] and np.array_equal(log_rows(g), log_rows(h))


# The step loop with a seeded numpy Generator picking, one hash per game; run in this
# process (compiled) and in a subprocess with NUMBA_DISABLE_JIT=1 (plain Python, where the
# fast calls fall back to the functions themselves).
STEP_LOOP = """
import hashlib, json, sys
import numpy as np
from vdgsim.games.goa.game import legal_actions, log_rows, new_game, step
out = []
for players, seed in json.loads(sys.argv[1]):
    g = new_game(players, seed)
    rng = np.random.default_rng(seed)
    legal = legal_actions(g)
    while legal:
        legal = step(g, legal[int(rng.integers(len(legal)))])
    out.append(hashlib.sha256(log_rows(g).tobytes() + g.s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def test_the_step_loop_plays_the_same_games_compiled_and_with_disable_jit() -> None:
    sample = [(2, 21), (4, 22)]
    runs = []
    for env in ({}, {"NUMBA_DISABLE_JIT": "1"}):
        proc = subprocess.run(
            [sys.executable, "-c", STEP_LOOP, json.dumps(sample)],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **env},
            cwd=ROOT,
            check=True,
        )
        runs.append(json.loads(proc.stdout))
    compiled, plain = runs
    assert compiled == plain and len(set(compiled)) == len(sample)
    here = []
    for players, seed in sample:
        g = new_game(players, seed)
        rng = np.random.default_rng(seed)
        while not is_over(g):
            apply_action(g, _pick(rng, legal_actions(g)))
        here.append(hashlib.sha256(log_rows(g).tobytes() + g.s.tobytes()).hexdigest())
    assert here == compiled  # and legal_actions / apply_action play them too
