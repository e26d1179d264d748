"""The Python step API's contract: what ``legal_actions`` returns, how ``apply_action`` and
``step`` refuse an action, and that ``step`` plays the same game in one call per decision
(the legality check is in compiled code)."""

from __future__ import annotations

import copy
import json
import pickle
import random

import numpy as np
import pytest

from vdgsim import (
    GameState,
    IllegalActionError,
    apply_action,
    clone,
    is_over,
    legal_actions,
    log_rows,
    new_game,
    step,
)
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow


def _compiled_legal(g) -> list[int]:
    out = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    n = flow.legal_actions(g.components.array, g.s, out)
    return [int(a) for a in out[:n]]


def _unused_code(legal: list[int]) -> int:
    return next(a for a in range(L.MAX_LEGAL) if a not in legal)


def test_legal_actions_is_a_fresh_list_of_python_ints_equal_to_the_compiled_listing() -> None:
    g = new_game(players=3, seed=5)
    pick = random.Random(5)
    while not is_over(g):
        legal = legal_actions(g)
        assert type(legal) is list
        assert all(type(a) is int for a in legal)
        assert legal == _compiled_legal(g)
        json.dumps(legal)  # callers record actions as JSON
        again = legal_actions(g)
        again.append(-1)  # a caller's edit must not reach the next listing or the state
        assert legal_actions(g) == legal
        apply_action(g, pick.choice(legal))
    assert legal_actions(g) == []


def test_legal_actions_survive_the_next_step() -> None:
    """The scratch the compiled call writes into is reused; a kept list must not change."""
    g = new_game(players=2, seed=1)
    first = legal_actions(g)
    kept = list(first)
    apply_action(g, first[0])
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
    assert np.array_equal(g.s, before.s)
    assert np.array_equal(log_rows(g), log_rows(before))
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


def test_numpy_integer_actions_are_accepted() -> None:
    g, h = new_game(players=2, seed=4), new_game(players=2, seed=4)
    pick = random.Random(4)
    while not is_over(g):
        a = pick.choice(legal_actions(g))
        apply_action(g, np.int32(a))
        apply_action(h, a)
    assert np.array_equal(g.s, h.s)


@APPLY
def test_no_action_once_the_game_is_over(apply) -> None:
    g = new_game(players=2, seed=6)
    while not is_over(g):
        apply_action(g, legal_actions(g)[-1])
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply(g, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_step_plays_the_game_apply_action_plays_and_returns_the_next_listing(players) -> None:
    g, h = new_game(players=players, seed=9), new_game(players=players, seed=9)
    pick = random.Random(players)
    legal = legal_actions(g)
    steps = 0
    while legal:
        a = pick.choice(legal)
        before, kept = legal, list(legal)
        legal = step(g, np.int64(a) if steps % 2 else a)
        apply_action(h, a)
        steps += 1
        assert before == kept  # a list step returned stays the caller's
        assert legal == legal_actions(h) == legal_actions(g)
        assert all(type(x) is int for x in legal)
    assert is_over(g) and steps > 100
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
    ):
        with pytest.raises(ValueError):
            GameState(g.components, s, log)


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))])
def test_a_copied_or_pickled_game_continues_identically(copier) -> None:
    g = new_game(players=3, seed=12)
    for _ in range(40):
        apply_action(g, legal_actions(g)[-1])
    h = copier(g)
    assert h.s is not g.s and np.array_equal(h.s, g.s)
    legal_g, legal_h = legal_actions(g), legal_actions(h)
    while legal_g:
        assert legal_g == legal_h
        legal_g, legal_h = step(g, legal_g[0]), step(h, legal_h[0])
    assert legal_h == [] and np.array_equal(log_rows(g), log_rows(h))
