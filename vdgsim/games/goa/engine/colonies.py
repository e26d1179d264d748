"""G6.11, G6.12 Found a colony: population, revealed cards, the shortfall, the colony tile."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import spices as SP


@njit(cache=True, _nrt=False)
def tile_left(c, s, name):
    cf = S.comp(c)
    st = S.fields(s)
    for k in range(cf.colony_types):
        if cf.ctype_colony[k] == name and st.colony_tiles_left[k] > 0:
            return True
    return False


@njit(cache=True, _nrt=False)
def can_found(c, s, p, name):
    """G6.3, G6.12: a colony name the player does not own with a tile left."""
    st = S.fields(s)
    return st.space_tile[p, L.N_PLANT_SPACES + name] < 0 and tile_left(c, s, name)


@njit(cache=True, _nrt=False)
def start(s, name, population, modifier_ok):
    st = S.fields(s)
    st.colony_name = name
    st.colony_population = population
    st.colony_revealed_total = 0
    st.colony_modifier_allowed = modifier_ok
    return L.ST_COLONY_REVEAL


@njit(cache=True, _nrt=False)
def reveal(c, s, n):
    """Reveal ``n`` cards and add their colonist numbers to R (A5: only revealed cards)."""
    cf = S.comp(c)
    st = S.fields(s)
    for _ in range(n):
        card = C.reveal_card(s)
        if card >= 0:
            st.colony_revealed_total += cf.card_colonists[card]


@njit(cache=True, _nrt=False)
def shortfall(c, s):
    cf = S.comp(c)
    st = S.fields(s)
    short = cf.colony_need[st.colony_name] - st.colony_population - st.colony_revealed_total
    return short if short > 0 else 0


@njit(cache=True, _nrt=False)
def fail(c, s, log, p):
    """G6.11 step 6: he keeps his colonists and takes 1 more."""
    cf = S.comp(c)
    st = S.fields(s)
    st.colonists[p] += cf.colony_fail_colonists
    C.discard_revealed(s)
    C.log_event(s, log, C.EV_COLONY, p, st.colony_name, 0, 0, 0)
    return L.ST_TURN


@njit(cache=True, _nrt=False)
def legal_tiles(c, s, out, n):
    """Colony tiles of the named colony still in the supply (identical ones once)."""
    cf = S.comp(c)
    st = S.fields(s)
    for k in range(cf.colony_types):
        if cf.ctype_colony[k] == st.colony_name and st.colony_tiles_left[k] > 0:
            out[n] = k
            n += 1
    return n


@njit(cache=True, _nrt=False)
def take_tile(c, s, log, p, k):
    """G6.11 step 5: put the tile on the board and fill its slots (types of choice where the
    slots are flexible)."""
    cf = S.comp(c)
    st = S.fields(s)
    st.colony_tiles_left[k] -= 1
    sp = L.N_PLANT_SPACES + cf.ctype_colony[k]
    st.space_tile[p, sp] = k
    st.space_slots[p, sp] = cf.ctype_slots[k]
    st.space_accept[p, sp] = cf.ctype_accept[k]
    C.log_event(s, log, C.EV_COLONY, p, k, 1, 0, 0)
    return SP.start_gain(s, p, cf.ctype_slots[k], sp, 0, L.ST_TURN)
