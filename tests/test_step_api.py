"""The Python step API's contract: what ``legal_actions`` returns and how ``apply_action``
refuses an action (issue 9, item 8: the legality check moved into compiled code)."""

from __future__ import annotations

import json
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
)
from vdgsim import layout as L
from vdgsim.engine import flow


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


def test_an_illegal_action_raises_with_the_decision_and_seat_and_leaves_the_state() -> None:
    g = new_game(players=4, seed=2)
    for _ in range(10):
        apply_action(g, legal_actions(g)[0])
    before = clone(g)
    bad = _unused_code(legal_actions(g))
    with pytest.raises(IllegalActionError, match=rf"action {bad} is not legal") as err:
        apply_action(g, bad)
    assert f"seat {g.current_player}" in str(err.value)
    assert np.array_equal(g.s, before.s)
    assert np.array_equal(log_rows(g), log_rows(before))
    apply_action(g, legal_actions(g)[0])  # still playable afterwards


@pytest.mark.parametrize("bad", [-1, 2**63, -(2**70), 10**30])
def test_codes_outside_the_legal_range_or_int64_are_illegal_not_a_crash(bad: int) -> None:
    g = new_game(players=2, seed=3)
    with pytest.raises(IllegalActionError, match="is not legal"):
        apply_action(g, bad)


@pytest.mark.parametrize("bad", [1.0, "1", None, [1]])
def test_a_non_integer_action_is_refused_clearly(bad: object) -> None:
    g = new_game(players=2, seed=3)
    with pytest.raises(IllegalActionError, match="integer action code"):
        apply_action(g, bad)  # type: ignore[arg-type]


def test_numpy_integer_actions_are_accepted() -> None:
    g, h = new_game(players=2, seed=4), new_game(players=2, seed=4)
    pick = random.Random(4)
    while not is_over(g):
        a = pick.choice(legal_actions(g))
        apply_action(g, np.int32(a))
        apply_action(h, a)
    assert np.array_equal(g.s, h.s)


def test_no_action_once_the_game_is_over() -> None:
    g = new_game(players=2, seed=6)
    while not is_over(g):
        apply_action(g, legal_actions(g)[-1])
    with pytest.raises(IllegalActionError, match="the game is over"):
        apply_action(g, 0)


def test_a_game_state_refuses_arrays_the_compiled_step_cannot_read() -> None:
    """The Python step calls compiled entry points that do not check an array's shape or
    layout (vdgsim.fastcall), so a GameState checks them when it is made."""
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
