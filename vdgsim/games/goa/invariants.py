"""Invariants of a Goa state, checked after every step by the conformance runs (compiled).

:func:`check` returns 0 when every invariant holds, else the code of the first broken one;
:data:`INVARIANT_NAMES` says what each code means.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import flow

INVARIANT_NAMES = (
    "ok",
    "a quantity is negative (G9.7)",
    "a storage space holds more spices than slots, or a spice its slots cannot take (G6.13)",
    "expedition cards are not conserved (G7.1)",
    "a hand size disagrees with the cards in it",
    "a marker is off the development board",
    "a grid cell and its tile disagree",
    "a colony tile count is wrong (G6.12)",
    "a first-to bonus holder never reached the row (G6.5)",
    "a player starts a round with more than 1 extra action card (G8.1)",
    "the VP total is not the sum of its sources (G8.4)",
    "the pending decision has no legal action (G9.7)",
    "two markers share a tile (G3.4)",
    "a plantation space and its tile disagree",
    "more extra action cards held than the capped supply (A6 option)",
)


@njit(cache=True, _nrt=False)
def check(c, s, legal):
    cf = S.comp(c)
    st = S.fields(s)
    n = st.players
    for p in range(n):
        if st.ducats[p] < 0 or st.ships[p] < 0 or st.colonists[p] < 0 or st.extra_actions[p] < 0:
            return 1
        for sp in range(L.N_SPACES):
            used = 0
            for k in range(L.N_SPICES):
                v = st.spices[p, sp, k]
                if v < 0:
                    return 1
                if v > 0 and (st.space_accept[p, sp] >> k) & 1 == 0:
                    return 2
                used += v
            if used > st.space_slots[p, sp]:
                return 2
        for col in range(L.N_COLS):
            r = st.row[p, col]
            if r < 1 or r > L.N_ROWS:
                return 5
        for sp in range(L.N_PLANT_SPACES):
            t = st.space_tile[p, sp]
            if t >= 0 and (st.tile_location[t] != L.LOC_PLANTED or st.tile_owner[t] != p):
                return 13
    if st.option_extra_action_cap > 0:
        held = 0
        for p in range(n):
            held += st.extra_actions[p]
        if held > st.option_extra_action_cap:
            return 14
    # expedition cards: every card in exactly one place
    held = 0
    for p in range(n):
        k = 0
        for card in range(L.N_CARDS):
            if st.card_location[card] == p:
                k += 1
        if k != st.hand_size[p]:
            return 4
        held += k
    in_deck = 0
    in_discard = 0
    revealed = 0
    for card in range(L.N_CARDS):
        loc = st.card_location[card]
        if loc == L.CARD_DECK:
            in_deck += 1
        elif loc == L.CARD_DISCARD:
            in_discard += 1
        elif loc == L.CARD_REVEALED:
            revealed += 1
        elif loc < 0 or loc >= n:
            return 3
    if in_deck != st.deck_size or in_discard != st.discard_size or revealed != st.revealed_count:
        return 3
    if held + in_deck + in_discard + revealed != L.N_CARDS:
        return 3
    for i in range(st.deck_size):
        if st.card_location[st.deck[i]] != L.CARD_DECK:
            return 3
    for i in range(st.discard_size):
        if st.card_location[st.discard_pile[i]] != L.CARD_DISCARD:
            return 3
    # the grid
    on_grid = 0
    for t in range(L.N_TILES):
        if st.tile_location[t] == L.LOC_GRID:
            on_grid += 1
    cells = 0
    for cell in range(L.N_CELLS):
        t = st.grid[cell]
        if t >= 0:
            cells += 1
            if st.tile_location[t] != L.LOC_GRID:
                return 6
        if st.cell_marker[cell] != 0 and t < 0:
            return 6
    if cells != on_grid:
        return 6
    for m in range(2, L.N_MARKERS + 1):
        for m2 in range(m + 1, L.N_MARKERS + 1):
            if st.item_cell[m] >= 0 and st.item_cell[m] == st.item_cell[m2]:
                return 12
    # colony tiles
    for k in range(cf.colony_types):
        owned = 0
        for p in range(n):
            if st.space_tile[p, L.N_PLANT_SPACES + cf.ctype_colony[k]] == k:
                owned += 1
        if st.colony_tiles_left[k] < 0 or owned + st.colony_tiles_left[k] != cf.ctype_count[k]:
            return 7
    for col in range(L.N_COLS):
        for k in range(2):
            p = st.first_to[col, k]
            if p >= 0 and st.row[p, col] < 4 + k:
                return 8
    if st.decision == L.D_FLAG:
        for p in range(n):
            if st.extra_actions[p] > 1:
                return 9
    if st.step == L.ST_OVER:
        for p in range(n):
            total = 0
            for k in range(L.N_VP_SOURCES):
                total += st.vp_by_source[p, k]
            if total != st.vp[p]:
                return 10
    elif flow.legal_actions(c, s, legal) == 0:
        return 11
    return 0
