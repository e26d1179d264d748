"""The public observation (RULES R9.4): hidden orders and generators are absent, shuffling the
hidden part of a state leaves every observation unchanged, and the public views are right."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import numpy as np
import pytest

from vdgsim import (
    GameState,
    apply_action,
    is_over,
    legal_actions,
    new_game,
    observation,
    state_to_dict,
)
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import invariants
from vdgsim.games.vasco.observation import hidden_fields, hidden_indices, shuffle_hidden

GAMES = [(2, 31, 1), (3, 32, 2), (4, 33, 3)]  # (players, game seed, choice seed)
SECRET_FIELDS = {"seed", "rng_chance", "rng_player", "vdg_order", "merchant_order", "project_order"}


def decision_points(players: int, seed: int, choice_seed: int) -> Iterator[GameState]:
    g = new_game(players, seed)
    pick = random.Random(choice_seed)
    while not is_over(g):
        yield g
        apply_action(g, pick.choice(legal_actions(g)))
    yield g


def all_keys(x) -> set[str]:
    if isinstance(x, dict):
        return set(x) | {k for v in x.values() for k in all_keys(v)}
    if isinstance(x, list):
        return {k for v in x for k in all_keys(v)}
    return set()


def test_hidden_fields_are_listed_and_absent():
    assert set(hidden_fields()) == SECRET_FIELDS
    g = new_game(4, 1)
    obs = observation(g, 0)
    assert not SECRET_FIELDS & all_keys(obs)
    json.dumps(obs)  # JSON-able
    # Every other state field is public.
    public = {f.name for f in L.STATE_FIELDS} - SECRET_FIELDS
    assert set(obs["state"]) == public


@pytest.mark.parametrize(("players", "seed", "choice_seed"), GAMES)
def test_shuffling_hidden_information_leaves_the_observation_unchanged(players, seed, choice_seed):
    changed_orders = 0
    for k, g in enumerate(decision_points(players, seed, choice_seed)):
        if k % 5:
            continue
        h = shuffle_hidden(g, seed=1000 + k)
        # Only hidden entries differ, the player generator is kept, the chance one reseeded.
        diff = np.flatnonzero(h.s != g.s)
        assert set(diff.tolist()) <= set(hidden_indices(g).tolist())
        rp = slice(L.S_RNG_PLAYER, L.S_RNG_PLAYER + 4)
        rc = slice(L.S_RNG_CHANCE, L.S_RNG_CHANCE + 4)
        assert np.array_equal(h.s[rp], g.s[rp])
        assert not np.array_equal(h.s[rc], g.s[rc])
        orders = [
            slice(L.S_VDG_ORDER, L.S_VDG_ORDER + L.N_VDG),
            slice(L.S_MERCH_ORDER, L.S_MERCH_ORDER + L.N_MERCHANTS),
            slice(L.S_PROJ_ORDER, L.S_PROJ_ORDER + L.N_PROJECTS),
        ]
        changed_orders += any(not np.array_equal(h.s[o], g.s[o]) for o in orders)
        assert legal_actions(h) == legal_actions(g)
        for p in range(players):
            assert observation(h, p) == observation(g, p)
    assert changed_orders > 5


def test_observation_changes_with_public_information():
    # Guard against a vacuous observation: a visible change must show.
    g = new_game(3, 5)
    before = observation(g, 1)
    g.s[L.S_REALS + 2] += 1
    assert observation(g, 1) != before
    g.s[L.S_REALS + 2] -= 1
    # The face-up Vasco da Gama tile is public.
    v = L.S_VDG_ORDER
    g.s[v], g.s[v + 1] = g.s[v + 1], g.s[v]
    assert observation(g, 1)["vdg_tiles"]["face_up"] != before["vdg_tiles"]["face_up"]


@pytest.mark.parametrize(("players", "seed", "choice_seed"), GAMES)
def test_public_views_of_decks_bag_and_numbers(players, seed, choice_seed):
    for k, g in enumerate(decision_points(players, seed, choice_seed)):
        if k % 7:
            continue
        obs = observation(g, k % players)
        st = state_to_dict(g)["state"]
        # Each project deck: its size and face-up top tile, from the tiles' public locations
        # and the saved order (the first tile of that deck still in the deck).
        for deck in ("I", "II", "III"):
            in_deck = [
                t
                for t, loc in st["project_location"].items()
                if loc == "deck" and t.split("-")[0] == deck
            ]
            view = obs["project_decks"][deck]
            assert view["count"] == len(in_deck)
            order = [t for t in st["project_order"] if t in in_deck]
            assert view["top"] == (order[0] if order else None)
            assert sorted(view["face_down"]) == sorted(order[1:])
        # The bag: 8 sailors a colour (C), less those in the Recruiting Area and in supplies.
        for col in L.COLOUR_NAMES:
            outside = sum(sec[col] for sec in st["sections"])
            outside += sum(sup[col] for sup in st["sailors"].values())
            assert obs["bag"][col] == 8 - outside
        # Numbers: Initial known from Phase 1 on, F and Variation from Phase 2 on (R3.1, R4.1).
        if st["phase"] in ("phase 2", "phase 3"):
            n = obs["numbers"]
            assert n["free"] == max(1, min(20, n["initial"] + n["variation"]))
        if st["phase"] in ("setup", "phase 1"):
            assert obs["numbers"]["free"] is None
        # Vasco da Gama tiles: discards, the face-up one and the rest make up all nine.
        vdg = obs["vdg_tiles"]
        seen = [*vdg["discards"], *([vdg["face_up"]] if vdg["face_up"] else [])]
        assert sorted(seen + vdg["face_down"]) == sorted(f"VdG-{i}" for i in range(1, 10))
        assert vdg["discards"] == st["vdg_order"][: len(vdg["discards"])]
        m = obs["merchant_ships"]
        assert m["face_up"] == st["merchant_order"][st["merchant_top"]]
        json.dumps(obs)


def test_shuffled_game_plays_on_legally():
    g = new_game(4, 44)
    pick = random.Random(4)
    for _ in range(30):
        apply_action(g, pick.choice(legal_actions(g)))
    h = shuffle_hidden(g, seed=9)
    c = h.components.array
    while not is_over(h):
        apply_action(h, pick.choice(legal_actions(h)))
        assert invariants.check(c, h.s) == 0
    assert int(h.s[L.S_ROUND]) == L.N_ROUNDS


def test_shuffle_hidden_is_reproducible_and_copies():
    g = new_game(2, 3)
    before = g.s.copy()
    a = shuffle_hidden(g, seed=5)
    b = shuffle_hidden(g, seed=5)
    assert np.array_equal(a.s, b.s)
    assert np.array_equal(g.s, before)
    assert a.s is not g.s


def test_bad_player():
    g = new_game(2, 0)
    for bad in (2, -1, "red", True):
        with pytest.raises(ValueError, match="player"):
            observation(g, bad)
