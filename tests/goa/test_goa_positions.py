"""Goa positions (vdgsim.games.goa.positions): readable names for every field, an exact round trip
that continues the same game, and one-line errors that name the bad field or the first broken
invariant."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import (
    GameState,
    Options,
    apply_action,
    is_over,
    legal_actions,
    new_game,
)
from vdgsim.games.goa.positions import from_json, state_from_dict, state_to_dict, to_json
from vdgsim.games.goa.random_play import random_action


def play(g: GameState, steps: int) -> GameState:
    for _ in range(steps):
        if is_over(g):
            break
        legal = np.array(legal_actions(g), dtype=np.int64)
        apply_action(g, int(random_action(g.s, legal, len(legal))))
    return g


def test_a_new_game_reads_by_name():
    g = new_game(3, 5)
    d = json.loads(to_json(g))
    st = d["state"]
    assert st["decision"] == "place flag" and st["phase"] == "A"
    assert set(st["ducats"]) == {"seat 0", "seat 1", "seat 2"}
    # set-up puts every seat's markers on row 1, used or not: a spare seat is written as it is
    assert set(st["row"]) == {"seat 0", "seat 1", "seat 2", "seat 3"}
    assert st["row"]["seat 1"] == {
        "Ships": 1,
        "Harvest": 1,
        "Taxes": 1,
        "Expedition": 1,
        "Colonists": 1,
    }
    # every grid cell of the first phase holds a tile, named as the component data names it
    assert set(st["grid"]) == {f"(row {r}, column {c})" for r in range(5) for c in range(5)}
    assert all(t.split(" #")[0] in g.components.tile_names for t in st["grid"].values())
    # two copies of a tile are told apart
    assert len(set(st["tile_location"])) == len(g.components.tile_names)
    # set-up reveals cards until the elephant and discards them (G1.6): no hand holds one yet
    assert set(st["card_location"].values()) == {"deck", "discard pile"}
    later = state_to_dict(play(g, 600))["state"]["card_location"].values()
    assert any(v.startswith("hand of seat ") for v in later)
    assert "hand of seat 3" not in later


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, Options()), (3, 2, Options(bonanza=True)), (4, 3, Options(quick_start=True))],
)
def test_the_round_trip_is_exact_and_the_game_continues_identically(players, seed, options):
    g = new_game(players, seed, options=options)
    for _ in range(6):
        play(g, 97)
        h = from_json(to_json(g, include_log=True))
        assert np.array_equal(h.s, g.s)
        n = int(g.s[L.S_LOG_N])
        assert np.array_equal(h.log[:n], g.log[:n])
        # without the log the position is the same, and it plays on the same way
        k = from_json(to_json(g))
        assert np.array_equal(k.s, g.s)
        play(k, 300)
        play(h, 300)
        assert np.array_equal(k.s[: L.S_LOG_N], h.s[: L.S_LOG_N])


def broken(d: dict, change) -> str:
    bad = copy.deepcopy(d)
    change(bad)
    with pytest.raises(ValueError) as info:
        state_from_dict(bad)
    assert "\n" not in str(info.value)
    return str(info.value)


def test_bad_positions_name_the_field_or_the_broken_invariant():
    d = state_to_dict(play(new_game(4, 7), 200))
    assert "a quantity is negative" in broken(
        d, lambda b: b["state"]["ducats"].__setitem__("seat 2", -3)
    )
    assert "a marker is off the development board" in broken(
        d, lambda b: b["state"]["row"]["seat 0"].__setitem__("Taxes", 6)
    )
    assert "state.grid.(row 0, column 0): unknown name 'Z-9'" in broken(
        d, lambda b: b["state"]["grid"].__setitem__("(row 0, column 0)", "Z-9")
    )
    assert "state.row: unknown seat 'seat 4'" in broken(
        d, lambda b: b["state"]["row"].__setitem__("seat 4", b["state"]["row"]["seat 0"])
    )
    assert "state.bogus: unknown state field" in broken(
        d, lambda b: b["state"].__setitem__("bogus", 1)
    )
    assert "state.decision: missing" in broken(d, lambda b: b["state"].pop("decision"))
    assert "version" in broken(d, lambda b: b.__setitem__("version", 1))
    assert "expected true or false" in broken(d, lambda b: b["state"].__setitem__("card_played", 0))


def test_a_position_of_a_2_player_game_holds_two_seats():
    d = state_to_dict(new_game(2, 3))
    assert set(d["state"]["ducats"]) == {"seat 0", "seat 1"}
    assert d["players"] == 2
