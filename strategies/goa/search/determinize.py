"""Determinizations of a Goa state: copies whose hidden part (G9.5) is redrawn from what one
seat may see (:mod:`vdgsim.games.goa.observation`).

Redrawn for seat ``me``: the expedition deck's order and the other players' hands (the unseen
cards are redealt, each hand keeping its public size), which unseen Mission is which (the
Missions ``me`` does not hold swap identities in every field that names a tile), the Bonanza
tiles under the corners and the 4 left out this phase, and both random generators (the chance
generator also lays the B tiles at the phase change, so that redraws the B tiles not laid yet).
Each hidden part is first put in a canonical order (sorted) so the true order cannot leak, then
shuffled with a generator seeded from ``(seed, deal)``. The phase's shuffled tile pile is spent
once the grid is laid; it is reset to its sorted order for the same reason.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa.heuristic.hidden import is_unseen_mission
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.vasco.engine.rng import next_u63, seed_stream, shuffle

NO_REF = L.N_CELLS + L.RESOLVE_CAP + 1  # a Mission no grid cell, queue or pending slot names


@njit(cache=True, _nrt=False)
def draw_seed(s):
    """A non-negative 63-bit search seed from the game's player generator, so a search is a
    pure function of the game."""
    return next_u63(s, L.S_RNG_PLAYER)


@njit(cache=True)
def _redeal_cards(t, me):
    """The deck and the other hands hold the unseen cards; deal them anew, sizes kept."""
    st = S.fields(t)
    unseen = np.empty(L.N_CARDS, dtype=np.int64)
    m = 0
    for card in range(L.N_CARDS):
        loc = st.card_location[card]
        if loc == L.CARD_DECK or (0 <= loc < st.players and loc != me):
            unseen[m] = card  # ascending: the canonical order
            m += 1
    shuffle(t, L.S_RNG_CHANCE, unseen, 0, m)
    k = 0
    for q in range(st.players):
        if q != me:
            for _ in range(st.hand_size[q]):
                st.card_location[unseen[k]] = q
                k += 1
    for i in range(st.deck_size):
        st.deck[i] = unseen[k]
        st.card_location[unseen[k]] = L.CARD_DECK
        k += 1


@njit(cache=True, _nrt=False)
def _slot_key(s, tile):
    """What is public about where an unseen Mission lies: location, holder, the round it was
    taken and the grid cell, queue position or pending slot naming it. Missions with equal keys
    are interchangeable in every field."""
    st = S.fields(s)
    ref = NO_REF
    for cell in range(L.N_CELLS):
        if st.grid[cell] == tile:
            ref = cell
    for i in range(L.RESOLVE_CAP):
        if st.resolve_queue[i] == tile:
            ref = L.N_CELLS + i
    if st.pending_tile == tile:
        ref = L.N_CELLS + L.RESOLVE_CAP
    key = st.tile_location[tile] * (L.MAX_PLAYERS + 1) + st.tile_owner[tile] + 1
    key = key * 2 + st.tile_used_this_round[tile]
    key = key * (L.N_ROUNDS + 1) + st.tile_acquired_round[tile]
    return key * (NO_REF + 1) + ref


@njit(cache=True)
def _redraw_missions(c, s, t, me):
    """Give the unseen Missions' places (in canonical order) a shuffled set of their ids."""
    slots = np.empty(L.N_TILES, dtype=np.int64)
    keys = np.empty(L.N_TILES, dtype=np.int64)
    m = 0
    for tile in range(L.N_TILES):
        if is_unseen_mission(c, s, tile, me):
            slots[m] = tile
            keys[m] = _slot_key(s, tile)
            m += 1
    if m < 2:
        return
    ids = slots[:m].copy()  # ascending
    for i in range(1, m):
        j = i
        while j > 0 and keys[j - 1] > keys[j]:
            keys[j - 1], keys[j] = keys[j], keys[j - 1]
            slots[j - 1], slots[j] = slots[j], slots[j - 1]
            j -= 1
    shuffle(t, L.S_RNG_CHANCE, ids, 0, m)
    new_id = np.arange(L.N_TILES)
    for j in range(m):
        new_id[slots[j]] = ids[j]
    src = S.fields(s)
    st = S.fields(t)
    for j in range(m):
        old = slots[j]
        new = ids[j]
        st.tile_location[new] = src.tile_location[old]
        st.tile_owner[new] = src.tile_owner[old]
        st.tile_used_this_round[new] = src.tile_used_this_round[old]
        st.tile_acquired_round[new] = src.tile_acquired_round[old]
    for cell in range(L.N_CELLS):
        if src.grid[cell] >= 0:
            st.grid[cell] = new_id[src.grid[cell]]
    for i in range(L.RESOLVE_CAP):
        if 0 <= src.resolve_queue[i] < L.N_TILES:
            st.resolve_queue[i] = new_id[src.resolve_queue[i]]
    if src.pending_tile >= 0:
        st.pending_tile = new_id[src.pending_tile]


@njit(cache=True)
def _redraw_bonanza(t):
    """The Bonanza tiles still under a corner and the 4 left out this phase are unseen; those
    taken this phase were revealed and stay."""
    st = S.fields(t)
    hidden = np.empty(L.N_BONANZA, dtype=np.int64)
    m = 0
    for b in range(L.N_BONANZA):
        taken = False
        for k in range(L.N_CORNERS):
            if st.bonanza_pile[k] == b and st.bonanza_under[k] < 0:
                taken = True
        if not taken:
            hidden[m] = b
            m += 1
    shuffle(t, L.S_RNG_CHANCE, hidden, 0, m)
    i = 0
    for k in range(L.N_CORNERS):
        if st.bonanza_under[k] >= 0:
            st.bonanza_under[k] = hidden[i]
            st.bonanza_pile[k] = hidden[i]
            i += 1
    for k in range(L.N_CORNERS, L.N_BONANZA):
        st.bonanza_pile[k] = hidden[i]
        i += 1


@njit(cache=True)
def determinize(c, s, t, seed, deal, stream, me):
    """``t`` := ``s`` with everything seat ``me`` cannot see redrawn for ``deal`` (the same
    ``(seed, deal)`` gives the same redraw whatever the stream) and both generators seeded for
    ``stream``. The three kinds of stream ids (deals, chance, players) never coincide."""
    for i in range(s.shape[0]):
        t[i] = s[i]
    st = S.fields(t)
    seed_stream(t, L.S_RNG_CHANCE, seed, 2 + 3 * deal)
    _redeal_cards(t, me)
    _redraw_missions(c, s, t, me)
    if st.option_bonanza:
        _redraw_bonanza(t)
    for j in range(L.PHASE_TILES):
        st.tile_pile[j] = st.phase * L.PHASE_TILES + j
    seed_stream(t, L.S_RNG_CHANCE, seed, 3 + 3 * stream)
    seed_stream(t, L.S_RNG_PLAYER, seed, 4 + 3 * stream)
    st.seed = 0


@njit(cache=True, _nrt=False)
def _nth_unseen_aside(c, s, me, rank):
    """The ``rank``-th (by id) unseen Mission in the Gift pool of ``s``; -1 past the last."""
    st = S.fields(s)
    for tile in range(L.N_TILES):
        if st.tile_location[tile] == L.LOC_ASIDE and is_unseen_mission(c, s, tile, me):
            if rank == 0:
                return tile
            rank -= 1
    return -1


@njit(cache=True, _nrt=False)
def action_in(c, s, t, me, action):
    """``action`` of ``s`` as played in its determinization ``t``. Only a Gift choice names a
    tile that may be an unseen Mission; the Gift pool's unseen Missions all look alike, so
    the k-th of them (by id) in ``s`` is played as the k-th of them in ``t``."""
    st = S.fields(s)
    if st.decision != L.D_GIFT or not is_unseen_mission(c, s, action, me):
        return action
    rank = 0
    for tile in range(action):
        if st.tile_location[tile] == L.LOC_ASIDE and is_unseen_mission(c, s, tile, me):
            rank += 1
    return _nth_unseen_aside(c, t, me, rank)
