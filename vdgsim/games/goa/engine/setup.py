"""G1 Setup, G2.4 the phase change and G9.2 the Bonanza tiles under the corners."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.vasco.engine import rng as R


@njit(cache=True, _nrt=False)
def is_plantation(c, t):
    """A7: the crop rotation counts as a plantation for the set-aside condition."""
    cf = S.comp(c)
    k = cf.tile_kind[t]
    return k == L.TK_PLANTATION or k == L.TK_CROP_ROTATION


@njit(cache=True, _nrt=False)
def lay_phase(c, s, phase):
    """G1.5, G2.4: shuffle the phase's 29 tiles, set 4 aside (a plantation drawn when 2 are
    already aside stays in the pool), lay the other 25 on the grid in the shuffled order."""
    st = S.fields(s)
    for j in range(L.PHASE_TILES):
        st.tile_pile[j] = phase * L.PHASE_TILES + j
    R.shuffle(s, L.S_RNG_CHANCE, st.tile_pile, 0, L.PHASE_TILES)
    aside = 0
    aside_plantations = 0
    cell = 0
    for j in range(L.PHASE_TILES):
        t = st.tile_pile[j]
        if aside < L.SET_ASIDE:
            planted = is_plantation(c, t)
            if not planted or aside_plantations < L.MAX_ASIDE_PLANTATIONS:
                st.tile_location[t] = L.LOC_ASIDE
                aside += 1
                if planted:
                    aside_plantations += 1
                continue
        st.tile_location[t] = L.LOC_GRID
        st.grid[cell] = t
        cell += 1
    if st.option_bonanza:
        deal_bonanza(s)


@njit(cache=True, _nrt=False)
def deal_bonanza(s):
    """G9.2, A32: all 8 Bonanza tiles shuffled, one under each corner tile."""
    st = S.fields(s)
    for b in range(L.N_BONANZA):
        st.bonanza_pile[b] = b
    R.shuffle(s, L.S_RNG_CHANCE, st.bonanza_pile, 0, L.N_BONANZA)
    for k in range(L.N_CORNERS):
        st.bonanza_under[k] = st.bonanza_pile[k]


@njit(cache=True, _nrt=False)
def corner_index(cell):
    """The corner (0..3) of a grid cell, or -1: cells (0,0), (0,4), (4,0), (4,4)."""
    if cell == 0:
        return 0
    if cell == L.GRID - 1:
        return 1
    if cell == L.N_CELLS - L.GRID:
        return 2
    if cell == L.N_CELLS - 1:
        return 3
    return -1


@njit(cache=True, _nrt=False)
def change_phase(c, s, log):
    """G2.4: tiles left in the grid leave the game (A12: with any Bonanza tile under them);
    the B tiles are laid as in G1.5 and their 4 set-aside tiles join the Gift pool."""
    st = S.fields(s)
    for cell in range(L.N_CELLS):
        t = st.grid[cell]
        if t >= 0:
            st.tile_location[t] = L.LOC_OUT
            st.grid[cell] = -1
    for k in range(L.N_CORNERS):
        st.bonanza_under[k] = -1
    st.phase = 1
    lay_phase(c, s, 1)


@njit(cache=True, _nrt=False)
def choose_start_player(c, s, log):
    """G1.6: from seat 0 clockwise each reveals the top card; the first elephant picks the SP.
    Every revealed card goes to the discard pile."""
    cf = S.comp(c)
    st = S.fields(s)
    p = 0
    for _ in range(L.N_CARDS * L.MAX_PLAYERS):
        card = C.top_card(s)
        if card < 0:
            return 0  # unreachable with validated data (at least one elephant)
        st.card_location[card] = L.CARD_REVEALED
        C.discard_card(s, card)
        if cf.card_symbol[card] == L.SYM_ELEPHANT:
            return p
        p = (p + 1) % st.players
    return 0


@njit(cache=True, _nrt=False)
def init_state(c, s, log, n_players, seed, quick, bonanza, strict):
    """G1.1-G1.9: a new game up to the first decision's step."""
    cf = S.comp(c)
    for i in range(s.shape[0]):
        s[i] = 0
    st = S.fields(s)
    st.players = n_players
    st.seed = seed
    st.option_quick_start = quick
    st.option_bonanza = bonanza
    st.option_strict_hand_limit = strict
    st.decision_log_row = -1
    R.seed_stream(s, L.S_RNG_CHANCE, seed, 0)
    R.seed_stream(s, L.S_RNG_PLAYER, seed, 1)
    st.round = 1
    st.phase = 0
    for t in range(L.N_TILES):
        st.tile_location[t] = L.LOC_OUT
        st.tile_owner[t] = -1
    for cell in range(L.N_CELLS):
        st.grid[cell] = -1
    for m in range(L.N_MARKERS + 1):
        st.item_cell[m] = -1
        st.item_owner[m] = -1
    st.flag_cell = -1
    for k in range(L.N_CORNERS):
        st.bonanza_under[k] = -1
    for p in range(L.MAX_PLAYERS):
        for sp in range(L.N_SPACES):
            st.space_tile[p, sp] = -1
        for col in range(L.N_COLS):
            st.row[p, col] = 1
    for p in range(n_players):
        st.ships[p] = cf.start_ships  # G1.4
        st.colonists[p] = cf.start_colonists
    for col in range(L.N_COLS):
        st.first_to[col, 0] = -1
        st.first_to[col, 1] = -1
    for k in range(L.MAX_COLONY_TYPES):
        st.colony_tiles_left[k] = cf.ctype_count[k] if k < cf.colony_types else 0
    # G1.3: the expedition deck
    for k in range(L.N_CARDS):
        st.deck[k] = k
        st.discard_pile[k] = -1
        st.card_location[k] = L.CARD_DECK
    st.deck_size = L.N_CARDS
    R.shuffle(s, L.S_RNG_CHANCE, st.deck, 0, L.N_CARDS)
    for k in range(3):
        st.revealed[k] = -1
    st.resolve_seat = -1
    st.pending_tile = -1
    st.auction_high_bidder = -1
    st.actor = -1
    st.developing_column = -1
    st.colony_name = -1
    for k in range(L.RESOLVE_CAP):
        st.resolve_queue[k] = -1
    lay_phase(c, s, 0)  # G1.5
    sp = choose_start_player(c, s, log)  # G1.6
    st.start_player = sp
    C.log_event(s, log, C.EV_SP, sp, sp, 0, 0, 0)
    for p in range(n_players):  # G1.7
        st.ducats[p] = cf.start_ducats_sp if p == sp else cf.start_ducats
    st.step = L.ST_QUICK if quick else L.ST_ROUND_START
