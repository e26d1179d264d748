"""Goa G9.5: hidden information never reaches a player's observation.

The check changes every hidden part of a position (the deck's order, the cards in other
players' hands, the values of Missions not the viewer's, the Bonanza tiles under corners, the
random generators) and requires the observation to stay exactly the same. ``shuffle_hidden``
deals that hidden part anew for one seat, as the no-peeking tests of the players use it.
"""

from __future__ import annotations

import json

import numpy as np
from goa_scenario import game, view

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.game import apply_action, is_over, legal_actions
from vdgsim.games.goa.observation import observation, shuffle_hidden, unseen_missions


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


def _field(name):
    f = next(f for f in L.STATE_FIELDS if f.name == name)
    return slice(f.offset, f.offset + f.size)


# what shuffle_hidden may change: the hidden part and the fields that name an unseen Mission
HIDDEN = (
    "seed",
    "rng_chance",
    "tile_location",
    "tile_owner",
    "tile_used_this_round",
    "tile_acquired_round",
    "tile_pile",
    "grid",
    "bonanza_pile",
    "bonanza_under",
    "resolve_queue",
    "pending_tile",
    "card_location",
    "deck",
)


def test_g9_5_shuffle_hidden_deals_anew_only_what_the_seat_cannot_see():
    """The seat's observation and legal actions stay; only hidden fields move; the deck, the
    other hands and the unseen Missions' values are redealt in some positions; the player
    generator is kept; a seat's own Missions keep their place."""
    hidden = np.zeros(L.S_SIZE, dtype=bool)
    for name in HIDDEN:
        hidden[_field(name)] = True
    moved = {"deck": 0, "hands": 0, "missions": 0, "bonanza": 0}
    for seed, players, rounds, opts in ((6, 4, 7, {"bonanza": True}), (7, 3, 8, {}), (8, 2, 6, {})):
        g = game(players, seed, **opts)
        c = g.components.array
        vp = c[L.C_TILE_VP : L.C_TILE_VP + L.N_TILES]
        _play(g, rounds, seed)
        for viewer in range(players):
            h = shuffle_hidden(g, viewer, 10 * seed + viewer)
            assert observation(h, viewer) == observation(g, viewer)
            assert legal_actions(h) == legal_actions(g)
            assert np.array_equal(h.s[~hidden], g.s[~hidden])
            assert np.array_equal(h.log, g.log) and h.log is not g.log
            mine = [t for t in range(L.N_TILES) if t not in unseen_missions(g, viewer)]
            for name in ("tile_location", "tile_owner"):
                assert np.array_equal(h.s[_field(name)][mine], g.s[_field(name)][mine])
            moved["deck"] += not np.array_equal(h.s[_field("deck")], g.s[_field("deck")])
            moved["hands"] += any(
                sorted(np.flatnonzero(h.s[_field("card_location")] == q))
                != sorted(np.flatnonzero(g.s[_field("card_location")] == q))
                for q in range(players)
                if q != viewer
            )
            grid_vp = [[vp[t] if t >= 0 else 0 for t in x.s[_field("grid")]] for x in (g, h)]
            moved["missions"] += grid_vp[0] != grid_vp[1]
            moved["bonanza"] += not np.array_equal(
                h.s[_field("bonanza_under")], g.s[_field("bonanza_under")]
            )
    assert min(moved.values()) >= 1, moved


def test_shuffle_hidden_is_reproducible_and_leaves_the_state_alone():
    g = game(4, 9)
    _play(g, 6, 9)
    before = g.s.copy()
    a = shuffle_hidden(g, 1, 5)
    b = shuffle_hidden(g, 1, 5)
    assert np.array_equal(a.s, b.s) and np.array_equal(g.s, before)
    assert not np.array_equal(shuffle_hidden(g, 1, 6).s, a.s)
