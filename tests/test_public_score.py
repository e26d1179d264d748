"""The public score of a running game, for both games: what every player can count on the
table at any moment, which agrees with the final score where it overlaps and never depends on
hidden information."""

from __future__ import annotations

import numpy as np

import vdgsim
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import (
    apply_action,
    is_over,
    legal_actions,
    new_game,
    public_score,
    result,
)
from vdgsim.games.goa.random_play import random_action
from vdgsim.games.vasco import layout as VL

HIDDEN = ("expedition cards", "missions")


def goa_play(g, steps: int | None = None):
    k = 0
    while not is_over(g) and (steps is None or k < steps):
        legal = np.array(legal_actions(g), dtype=np.int64)
        apply_action(g, int(random_action(g.s, legal, len(legal))))
        k += 1
    return g


def test_goa_public_score_at_set_up_counts_rows_and_the_most_ducats():
    g = new_game(3, 4)
    data = g.components.data["scoring"]
    score = public_score(g)
    ducats = [int(g.s[L.S_DUCATS + p]) for p in range(3)]
    for p, by_source in enumerate(score):
        assert set(by_source) == set(L.VP_SOURCE_NAMES) - set(HIDDEN)
        assert by_source["development"] == 5 * data["row_vp"][0]
        assert by_source["colonies"] == data["colony_vp"][0]
        # G1.7: the start player has fewer ducats; every seat with the most scores (A21)
        most = data["most_ducats_vp"] if ducats[p] == max(ducats) else 0
        assert by_source["most ducats"] == most
    assert len({d["most ducats"] for d in score}) == 2


def test_goa_public_score_agrees_with_the_final_score_on_every_public_source():
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        g = goa_play(new_game(players, seed))
        final = result(g).vp_by_source
        for p, by_source in enumerate(public_score(g)):
            assert by_source == {k: v for k, v in final[p].items() if k not in HIDDEN}


def test_goa_public_score_ignores_what_a_hand_holds():
    g = new_game(4, 6)
    s = g.s
    held: list[int] = []
    while not held or not int(s[L.S_DECK_N]):
        goa_play(g, 20)
        assert not is_over(g)
        held = [k for k in range(L.N_CARDS) if 0 <= s[L.S_CARD_LOC + k] < 4]
    before = public_score(g)
    # swap a card of a hand with the top of the deck: same counts, other cards
    a, b = held[0], int(s[L.S_DECK])
    seat = int(s[L.S_CARD_LOC + a])
    s[L.S_CARD_LOC + a], s[L.S_CARD_LOC + b] = L.CARD_DECK, seat
    s[L.S_DECK] = a
    assert public_score(g) == before


def test_vasco_da_gama_public_score_is_the_vp_track_and_ends_as_the_result():
    g = vdgsim.new_game(3, 9)
    start = [sum(d.values()) for d in vdgsim.public_score(g)]
    assert start == [int(g.s[VL.S_VP + p]) for p in range(3)]
    rng = np.random.default_rng(9)
    moved = False
    while not vdgsim.is_over(g):
        legal = vdgsim.legal_actions(g)
        vdgsim.apply_action(g, legal[int(rng.integers(len(legal)))])
        score = vdgsim.public_score(g)
        totals = [sum(d.values()) for d in score]
        assert totals == [int(g.s[VL.S_VP + p]) for p in range(3)]
        moved = moved or totals != start
    assert moved
    assert vdgsim.public_score(g) == vdgsim.result(g).vp_by_source
