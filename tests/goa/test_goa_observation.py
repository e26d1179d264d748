"""Goa G9.5: hidden information never reaches a player's observation.

The check changes every hidden part of a position (the deck's order, the cards in other
players' hands, the values of Missions not the viewer's, the Bonanza tiles under corners, the
random generators) and requires the observation to stay exactly the same.
"""

from __future__ import annotations

import json

import numpy as np
from goa_scenario import game, view

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import apply_action, is_over, legal_actions
from vdgsim.games.goa.observation import observation


def _play(g, rounds, seed):
    rnd = np.random.default_rng(seed)
    while not is_over(g) and view(g).round < rounds:
        legal = legal_actions(g)
        apply_action(g, legal[int(rnd.integers(len(legal)))])


def _scramble_hidden(g, viewer, rnd):
    st = view(g)
    n = int(st.deck_size)
    st.deck[:n] = rnd.permutation(st.deck[:n])
    st.rng_chance[:] = rnd.integers(1, 2**31, 4)
    st.rng_player[:] = rnd.integers(1, 2**31, 4)
    # another player's hand swaps cards with the deck (sizes stay)
    for p in range(int(st.players)):
        if p == viewer:
            continue
        for k in range(L.N_CARDS):
            if st.card_location[k] == p and st.deck_size > 0:
                i = int(rnd.integers(st.deck_size))
                d = int(st.deck[i])
                st.deck[i] = k
                st.card_location[k] = L.CARD_DECK
                st.card_location[d] = p
                break
    # Mission values: swap the two kinds of Mission tile not held by the viewer
    names = g.components.tile_names
    m2 = [t for t, nm in enumerate(names) if nm == "B-MI2"]
    m3 = [t for t, nm in enumerate(names) if nm == "B-MI3"]
    for a, b in zip(m2, m3, strict=True):
        if st.tile_owner[a] != viewer and st.tile_owner[b] != viewer:
            for f in (st.tile_location, st.tile_owner, st.tile_used_this_round):
                f[a], f[b] = int(f[b]), int(f[a])
            for arr in (st.grid, st.tile_pile):
                ia = np.nonzero(arr == a)[0]
                ib = np.nonzero(arr == b)[0]
                arr[ia], arr[ib] = b, a
    under = [int(x) for x in st.bonanza_under]
    if any(x >= 0 for x in under):
        spare = [b for b in range(L.N_BONANZA) if b not in under]
        st.bonanza_under[:] = [spare[i] if x >= 0 else -1 for i, x in enumerate(under)]


def test_g9_5_hidden_information_does_not_change_the_observation():
    for seed, players, rounds, opts in (
        (1, 4, 3, {}),
        (2, 3, 6, {"bonanza": True}),
        (3, 2, 7, {}),
        (4, 4, 8, {"bonanza": True}),
    ):
        g = game(players, seed, **opts)
        _play(g, rounds, seed)
        rnd = np.random.default_rng(seed)
        for viewer in range(players):
            before = json.dumps(observation(g, viewer), sort_keys=True)
            _scramble_hidden(g, viewer, rnd)
            assert json.dumps(observation(g, viewer), sort_keys=True) == before


def test_g9_5_own_hand_and_missions_are_seen_others_are_not():
    g = game(4, 5)
    _play(g, 8, 5)
    st = view(g)
    for viewer in range(4):
        obs = observation(g, viewer)
        assert len(obs["hand"]) == st.hand_size[viewer]
        assert [p["hand_size"] for p in obs["players_public"]] == list(st.hand_size[:4])
        for p, pub in enumerate(obs["players_public"]):
            if p != viewer:
                assert "B-MI2" not in pub["tiles"] and "B-MI3" not in pub["tiles"]
