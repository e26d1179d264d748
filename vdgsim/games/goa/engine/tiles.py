"""G5 Tiles: resolving an acquired tile (plantations, instants, kept tiles, Gift, Bonanza)
and using a kept tile during one's own action turn (red, one-time, Exchange)."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import auctions as AU
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import development as DV
from vdgsim.games.goa.engine import setup as SU
from vdgsim.games.goa.engine import spices as SP


@njit(cache=True, _nrt=False)
def take_gains(c, s, log, p, ships, colonists, ducats, extra, cards):
    """Unlimited supplies (G1.2, A6); cards from the deck (G7.8)."""
    st = S.fields(s)
    st.ships[p] += ships
    st.colonists[p] += colonists
    st.ducats[p] += ducats
    C.gain_extra(s, p, extra)
    if cards > 0:
        C.draw_cards(s, p, cards)


@njit(cache=True, _nrt=False)
def tile_gains(c, s, log, p, t, ret):
    """The gain vector of tile ``t``; spices of choice continue at the gain step."""
    cf = S.comp(c)
    g = cf.tile_gain[t]
    take_gains(c, s, log, p, g[0], g[1], g[2], g[3], g[4])
    if g[5] > 0:
        return SP.start_gain(s, p, g[5], -1, 0, ret)
    return ret


@njit(cache=True, _nrt=False)
def bonanza_gains(c, s, log, p, b, ret):
    """G9.2: a Bonanza tile is resolved at once and goes back to the Bonanza supply (A32)."""
    cf = S.comp(c)
    g = cf.bonanza_gain[b]
    C.log_event(s, log, C.EV_BONANZA, p, b, 0, 0, 0)
    take_gains(c, s, log, p, g[0], g[1], g[2], g[3], g[4])
    if g[5] > 0:
        return SP.start_gain(s, p, g[5], -1, 0, ret)
    return ret


# --- plantations (G5.3, G5.4, A7, A8) --------------------------------------------------------
@njit(cache=True, _nrt=False)
def free_plantation_space(s, p):
    st = S.fields(s)
    for sp in range(L.N_PLANT_SPACES):
        if st.space_tile[p, sp] < 0:
            return sp
    return -1


@njit(cache=True, _nrt=False)
def plant(c, s, p, t, sp):
    """Put plantation ``t`` on space ``sp``; a spice plantation is filled with its spice.
    Returns True when the crop rotation's one slot still needs a spice of choice (G5.4)."""
    cf = S.comp(c)
    st = S.fields(s)
    st.tile_location[t] = L.LOC_PLANTED
    st.tile_owner[t] = p
    st.space_tile[p, sp] = t
    st.space_slots[p, sp] = cf.tile_slots[t]
    spice = cf.tile_spice[t]
    if cf.tile_kind[t] == L.TK_CROP_ROTATION:
        st.space_accept[p, sp] = (1 << L.N_SPICES) - 1
        return True
    st.space_accept[p, sp] = 1 << spice
    st.spices[p, sp, spice] = cf.tile_slots[t]
    return False


@njit(cache=True, _nrt=False)
def discard_plantation(c, s, p, t):
    """G5.3: a removed small plantation (1 slot, printed spice) stays face down and scores;
    anything else removed (crop rotation included, A7) is discarded."""
    cf = S.comp(c)
    st = S.fields(s)
    if cf.tile_kind[t] == L.TK_PLANTATION and cf.tile_slots[t] == 1:
        st.tile_location[t] = L.LOC_REMOVED_SMALL
        st.tile_owner[t] = p
    else:
        st.tile_location[t] = L.LOC_USED


@njit(cache=True, _nrt=False)
def place_plantation(c, s, p, t, ret):
    """Place plantation ``t`` on a free space; the crop rotation then asks for its spice."""
    sp = free_plantation_space(s, p)
    if plant(c, s, p, t, sp):
        return SP.start_gain(s, p, 1, sp, 0, ret)
    return ret


@njit(cache=True, _nrt=False)
def remove_plantation(c, s, log, p, choice):
    """A8: remove one of the five (``REMOVE_NEW`` = the new one) with its spices, then place
    the new one if it was not the one removed. Returns the next step."""
    st = S.fields(s)
    t = st.pending_tile
    st.pending_tile = -1
    if choice >= L.N_PLANT_SPACES:
        discard_plantation(c, s, p, t)
        return L.ST_RESOLVE
    old = st.space_tile[p, choice]
    C.clear_space(s, p, choice)
    discard_plantation(c, s, p, old)
    return place_plantation(c, s, p, t, L.ST_RESOLVE)


# --- resolving an acquired item (G4.4, G5) --------------------------------------------------
@njit(cache=True, _nrt=False)
def resolve_next(c, s, log):
    """Resolve the top item of the resolve stack for the resolve seat; returns the next step
    (ST_RESOLVE again, or a sub-step), with a decision set when the player must choose."""
    cf = S.comp(c)
    st = S.fields(s)
    p = st.resolve_seat
    st.resolve_queue_length -= 1
    item = st.resolve_queue[st.resolve_queue_length]
    st.resolve_queue[st.resolve_queue_length] = -1
    if item >= L.N_TILES:
        return bonanza_gains(c, s, log, p, item - L.N_TILES, L.ST_RESOLVE)
    t = item
    kind = cf.tile_kind[t]
    st.tile_owner[t] = p
    if kind == L.TK_PLANTATION or kind == L.TK_CROP_ROTATION:
        if free_plantation_space(s, p) < 0:
            st.pending_tile = t
            st.tile_location[t] = L.LOC_HELD
            C.decide(s, L.D_REMOVE_PLANTATION, p)
            return L.ST_RESOLVE
        return place_plantation(c, s, p, t, L.ST_RESOLVE)
    if kind == L.TK_INSTANT:
        st.tile_location[t] = L.LOC_USED
        return tile_gains(c, s, log, p, t, L.ST_RESOLVE)
    if kind == L.TK_SHIPS_OR_COLONISTS:
        st.tile_location[t] = L.LOC_USED
        st.pending_tile = t  # remembers the amount for the choice
        C.decide(s, L.D_SHIPS_OR_COLONISTS, p)
        return L.ST_RESOLVE
    if kind == L.TK_GIFT:
        st.tile_location[t] = L.LOC_USED
        if gift_pool_size(s) > 0:
            C.decide(s, L.D_GIFT, p)
        return L.ST_RESOLVE
    # red, one-time, Exchange and scoring tiles are kept (G5.1)
    st.tile_location[t] = L.LOC_HELD
    st.tile_used_this_round[t] = 0
    st.tile_acquired_round[t] = st.round
    return L.ST_RESOLVE


@njit(cache=True, _nrt=False)
def ships_or_colonists(c, s, p, choice):
    cf = S.comp(c)
    st = S.fields(s)
    t = st.pending_tile
    st.pending_tile = -1
    if choice == 0:
        st.ships[p] += cf.tile_amount[t]
    else:
        st.colonists[p] += cf.tile_amount[t]


@njit(cache=True, _nrt=False)
def gift_pool_size(s):
    st = S.fields(s)
    n = 0
    for t in range(L.N_TILES):
        if st.tile_location[t] == L.LOC_ASIDE:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def legal_gifts(s, out, n):
    st = S.fields(s)
    for t in range(L.N_TILES):
        if st.tile_location[t] == L.LOC_ASIDE:
            out[n] = t
            n += 1
    return n


@njit(cache=True, _nrt=False)
def take_gift(s, log, p, t):
    """G5.8, A18: the chosen tile is treated as just acquired; the rest of the pool stays."""
    C.log_event(s, log, C.EV_TILE, p, t, 1, 0, 0)
    AU.push(s, t)


# --- using kept tiles in one's action turn (G5.2, G5.5, G5.7, G5.9, A10) ---------------------
@njit(cache=True, _nrt=False)
def usable(c, s, p, t):
    """A kept tile its holder may use now, as a free step."""
    cf = S.comp(c)
    st = S.fields(s)
    if st.tile_owner[t] != p or st.tile_location[t] != L.LOC_HELD:
        return False
    kind = cf.tile_kind[t]
    if kind == L.TK_RED:
        if st.tile_used_this_round[t]:
            return False  # G5.5: once per round
        if cf.tile_gain[t, L.GN_SPICES] > 0:
            return C.can_store_any(s, p)  # the Spice tile needs a slot
        return True
    if kind == L.TK_POLL_TAX:
        return C.all_spices(s, p) >= cf.tile_amount[t]  # exactly 6 at once
    if kind == L.TK_ADDITIONAL_HARVEST:
        return True
    if kind == L.TK_RELIEF or kind == L.TK_VICEROY or kind == L.TK_ESPIONAGE:
        return True
    if kind == L.TK_EXCHANGE:
        for cell in range(L.N_CELLS):
            if st.grid[cell] >= 0:
                return True
        return False
    return False  # Plantation manager, Mission: nothing to use


@njit(cache=True, _nrt=False)
def legal_uses(c, s, p, out, n, code_base):
    st = S.fields(s)
    for t in range(L.N_TILES):
        if st.tile_owner[t] == p and usable(c, s, p, t):
            out[n] = code_base + t
            n += 1
    return n


@njit(cache=True, _nrt=False)
def viceroy_columns(s, p, out, n):
    """G5.7 Viceroy: the least advanced markers (smallest row) not yet on row 5."""
    st = S.fields(s)
    m = C.lowest_row(s, p)
    if m >= L.N_ROWS:
        return n
    for col in range(L.N_COLS):
        if st.row[p, col] == m:
            out[n] = col
            n += 1
    return n


@njit(cache=True, _nrt=False)
def exchange(c, s, log, p, t_exchange, cell):
    """G5.9, A12: take a grid tile (and the Bonanza tile under a corner), put the Exchange
    tile in its cell; the taken tile is resolved as just acquired."""
    st = S.fields(s)
    t = st.grid[cell]
    st.grid[cell] = t_exchange
    st.tile_location[t_exchange] = L.LOC_GRID
    st.tile_owner[t_exchange] = -1
    C.log_event(s, log, C.EV_TILE, p, t, 2, 0, 0)
    st.resolve_seat = p
    st.resolve_queue_length = 0
    k = SU.corner_index(cell)
    if k >= 0 and st.bonanza_under[k] >= 0:
        AU.push(s, L.N_TILES + st.bonanza_under[k])
        st.bonanza_under[k] = -1
    AU.push(s, t)
    st.resolve_return = L.ST_TURN
    return L.ST_RESOLVE


@njit(cache=True, _nrt=False)
def viceroy(c, s, log, p, col):
    DV.advance_marker(c, s, log, p, col, DV.HOW_VICEROY)
