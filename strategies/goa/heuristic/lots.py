"""What an auction lot, a colony or a kept tile is worth to a seat, in VP (G4.5, G5, G6.11).

Each is read from the seat's public state (rows, storage, ships, colonists, ducats), so the
same function values a lot for the bidder and for each rival (G9.5: a rival's hand is
counted by size only, and a Mission the deciding seat does not hold is worth the mean of
those Missions, :mod:`.hidden`)."""

from __future__ import annotations

from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import hidden as H
from strategies.goa.heuristic import values as V
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import scoring as SC

REFILLS = 1.5  # harvests a storage slot is expected to take over a whole game
RED_REUSE = 0.7  # a red tile's later uses meet a smaller shortfall than the first
EXCHANGE_VP = 2.0  # a grid tile of one's choice later on, before knowing which
ESPIONAGE_VP = 3.0  # one of a rival's better actions, once


@njit(cache=True, _nrt=False)
def mean_spice_vp(s, p, params):
    v = 0.0
    for k in range(L.N_SPICES):
        v += params[p, P.P_SPICE_VP + k]
    return v / L.N_SPICES


@njit(cache=True, _nrt=False)
def gains_vp(c, s, p, params, need, ships, colonists, ducats, extra, cards, spices):
    """VP of a gain vector (G5.5, G5.6, G9.2)."""
    f = V.fade(s, p, params)
    v = V.ships_vp(s, p, params, need, ships) + V.colonists_vp(s, p, params, colonists)
    v += ducats * V.ducat_vp(s, p, params) + extra * params[p, P.P_EXTRA_VP] * f
    if cards > 0:
        v += cards * V.new_card_vp(c, s, p, params)
    if spices > 0:
        v += V.gain_spices_vp(s, p, params, need, spices, -1, 0)
    return v


@njit(cache=True, _nrt=False)
def storage_vp(s, p, params, slots, spice_vp):
    """VP of ``slots`` more storage slots for the harvests still ahead (G6.8, G6.13)."""
    return slots * spice_vp * V.game_left(s, p) * REFILLS * V.fade(s, p, params)


@njit(cache=True, _nrt=False)
def plantation_space_vp(c, s, p, params, sp):
    """VP of keeping the plantation on space ``sp`` (its spices and its slots)."""
    st = S.fields(s)
    v = storage_vp(s, p, params, st.space_slots[p, sp], mean_spice_vp(s, p, params))
    for k in range(L.N_SPICES):
        v += st.spices[p, sp, k] * params[p, P.P_SPICE_VP + k] * V.fade(s, p, params)
    return v


@njit(cache=True, _nrt=False)
def weakest_plantation(c, s, p, params):
    """The plantation space worth least to keep, and its value (G5.3, A8)."""
    worst = -1
    worst_v = 1e18
    for sp in range(L.N_PLANT_SPACES):
        v = plantation_space_vp(c, s, p, params, sp)
        if v < worst_v:
            worst_v = v
            worst = sp
    return worst, worst_v


@njit(cache=True, _nrt=False)
def full_plantations(s, p):
    st = S.fields(s)
    for sp in range(L.N_PLANT_SPACES):
        if st.space_tile[p, sp] < 0:
            return False
    return True


@njit(cache=True, _nrt=False)
def small_vp(c, s, p):
    """VP of one more small plantation (G8.4e, G5.10)."""
    cf = S.comp(c)
    if SC.holds_kind(c, s, p, L.TK_MANAGER, L.LOC_HELD):
        return float(cf.managed_small_plantation_vp)
    return float(cf.small_plantation_vp)


@njit(cache=True, _nrt=False)
def plantation_vp(c, s, p, params, need, t):
    """G5.3, G5.4: a plantation's spices now, its slots later, its small-plantation VP; with
    four plantations already, less the one it would replace."""
    cf = S.comp(c)
    n = cf.tile_slots[t]
    if cf.tile_kind[t] == L.TK_CROP_ROTATION:
        best = 0.0
        for k in range(L.N_SPICES):
            u = V.spice_unit(s, p, params, need, k)
            if u > best:
                best = u
        v = best + storage_vp(s, p, params, 1, mean_spice_vp(s, p, params))
    else:
        k = cf.tile_spice[t]
        short = need[1 + k]
        useful = n if n < short else (short if short > 0 else 0)
        unit = params[p, P.P_SPICE_VP + k] * V.fade(s, p, params)
        v = (useful + params[p, P.P_SURPLUS] * (n - useful)) * unit
        v += storage_vp(s, p, params, n, params[p, P.P_SPICE_VP + k])
        if n == 1:
            v += small_vp(c, s, p)
    if full_plantations(s, p):
        v -= weakest_plantation(c, s, p, params)[1]
    return v * params[p, P.P_PLANTATION_W]


@njit(cache=True, _nrt=False)
def least_column(s, p):
    st = S.fields(s)
    low = C.lowest_row(s, p)
    for col in range(L.N_COLS):
        if st.row[p, col] == low:
            return col
    return -1


@njit(cache=True, _nrt=False)
def tile_vp(c, s, p, params, need, t):
    """VP of tile ``t`` to seat ``p`` when acquired now (G5); a Gift is valued by the best
    tile of the Gift pool (G5.8)."""
    cf = S.comp(c)
    st = S.fields(s)
    if cf.tile_kind[t] != L.TK_GIFT:
        return kept_tile_vp(c, s, p, params, need, t)
    best = 0.0
    for u in range(L.N_TILES):
        if st.tile_location[u] == L.LOC_ASIDE:
            v = kept_tile_vp(c, s, p, params, need, u)
            if v > best:
                best = v
    return best


@njit(cache=True, _nrt=False)
def kept_tile_vp(c, s, p, params, need, t):
    """VP of tile ``t`` other than a Gift (not recursive: numba's cache cannot hold a
    recursive function); a Mission as the deciding seat sees it (:func:`.hidden.mission_vp`)."""
    cf = S.comp(c)
    st = S.fields(s)
    kind = cf.tile_kind[t]
    f = V.fade(s, p, params)
    if kind == L.TK_PLANTATION or kind == L.TK_CROP_ROTATION:
        return plantation_vp(c, s, p, params, need, t)
    g = cf.tile_gain[t]
    if kind == L.TK_INSTANT:
        return gains_vp(c, s, p, params, need, g[0], g[1], g[2], g[3], g[4], g[5])
    if kind == L.TK_RED:
        rounds = V.turns_left(s, p) / L.PASSES
        once = gains_vp(c, s, p, params, need, g[0], g[1], g[2], g[3], g[4], g[5])
        return once + once * RED_REUSE * (rounds - 1.0 if rounds > 1.0 else 0.0)
    if kind == L.TK_SHIPS_OR_COLONISTS:
        a = cf.tile_amount[t]
        return max(V.ships_vp(s, p, params, need, a), V.colonists_vp(s, p, params, a))
    if kind == L.TK_MANAGER:
        extra = float(cf.managed_small_plantation_vp - cf.small_plantation_vp)
        return extra * (SC.small_plantations(c, s, p) + 0.5)
    if kind == L.TK_POLL_TAX:
        return (
            cf.tile_vp[t]
            - cf.tile_amount[t] * mean_spice_vp(s, p, params) * f * params[p, P.P_SURPLUS]
        )
    if kind == L.TK_MISSION:
        return H.mission_vp(c, s, t)  # G5.11: its printed VP is its holder's to see
    if kind == L.TK_ADDITIONAL_HARVEST:
        return 4.0 * mean_spice_vp(s, p, params) * f
    if kind == L.TK_RELIEF:
        return 4.0 * max(params[p, P.P_SHIP_VP], mean_spice_vp(s, p, params)) * f
    if kind == L.TK_VICEROY:
        col = least_column(s, p)
        return V.step_gain(c, s, p, params, col) if st.row[p, col] < L.N_ROWS else 0.0
    if kind == L.TK_EXCHANGE:
        return EXCHANGE_VP * f
    if kind == L.TK_ESPIONAGE:
        return ESPIONAGE_VP * f
    return EXCHANGE_VP * f  # a Gift inside the Gift pool


@njit(cache=True, _nrt=False)
def flag_vp(c, s, p, params):
    """G4.5: the extra action card and leading the next round."""
    cf = S.comp(c)
    return cf.flag_extra_actions * params[p, P.P_EXTRA_VP] * V.fade(s, p, params) + params[
        p, P.P_FLAG_VP
    ] * V.fade(s, p, params)


@njit(cache=True, _nrt=False)
def colony_vp(c, s, p, params, need, ctype):
    """G6.11 step 5, G8.4b: the colony's VP step, its spices now and its slots later."""
    cf = S.comp(c)
    st = S.fields(s)
    owned = 0
    for name in range(L.N_COLONIES):
        owned += st.space_tile[p, L.N_PLANT_SPACES + name] >= 0
    v = float(cf.colony_vp[owned + 1] - cf.colony_vp[owned])
    slots = cf.ctype_slots[ctype]
    mask = cf.ctype_accept[ctype]
    best = 0.0
    for k in range(L.N_SPICES):
        if (mask >> k) & 1:
            u = V.spice_unit(s, p, params, need, k)
            if u > best:
                best = u
    v += slots * best + storage_vp(s, p, params, slots, mean_spice_vp(s, p, params))
    return v * params[p, P.P_COLONY_W]


@njit(cache=True, _nrt=False)
def best_colony_vp(c, s, p, params, need, name):
    """The best tile of colony ``name`` still in the supply."""
    cf = S.comp(c)
    st = S.fields(s)
    best = 0.0
    for k in range(cf.colony_types):
        if cf.ctype_colony[k] == name and st.colony_tiles_left[k] > 0:
            v = colony_vp(c, s, p, params, need, k)
            if v > best:
                best = v
    return best


@njit(cache=True, _nrt=False)
def found_odds(c, s, p, name, population, reveal):
    """(chance of founding, colonists expected to be paid) when ``reveal`` cards of 1-3
    colonists each are revealed (the expedition deck holds equally many of each number; the
    order is hidden)."""
    cf = S.comp(c)
    st = S.fields(s)
    short = cf.colony_need[name] - population
    have = st.colonists[p]
    ok = 0
    paid = 0
    total = 0
    for a in range(1, 4):
        for b in range(1, 4):
            for d in range(1, 4 if reveal > 2 else 2):
                r = a + b + (d if reveal > 2 else 0)
                total += 1
                gap = short - r
                if gap <= 0:
                    ok += 1
                elif gap <= have:
                    ok += 1
                    paid += gap
    return ok / total, paid / total
