"""R5.4 Expedition: send launched ships with captains aboard to one landing."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import actions as A
from vdgsim.engine import common as C


@njit(cache=True, _nrt=False)
def can_send_to(c, s, p, landing):
    """True if one of seat ``p``'s launched ships in supply fits an empty slot there."""
    for t in range(L.N_PROJECTS):
        if (
            s[L.S_PROJ_LOC + t] == L.LOC_SHIP
            and s[L.S_PROJ_OWNER + t] == p
            and C.fits_in_landing(c, s, landing, c[L.C_PROJ_LIMIT + t])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def legal_landings(c, s, p, out, n):
    """R4.5: a landing is a legal expedition if a captain and a fitting ship are available."""
    if s[L.S_CAPT_SUPPLY + p] == 0:
        return n
    for landing in range(L.N_LANDINGS):
        if can_send_to(c, s, p, landing):
            out[n] = A.expedition(landing)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def legal_ship_sends(c, s, p, out, n):
    """Each (ship, empty slot) pair at the chosen landing; 'done' once a ship has been sent.

    Captains are boarded before the ships sail (rulebook), so the expedition sends at most
    as many ships as the captains in supply when it began; a captain gained at Mozambique
    waits for a later expedition.
    """
    landing = s[L.S_EXP_LANDING]
    if s[L.S_EXP_SENT] > 0:
        out[n] = L.EXPEDITION_DONE
        n += 1
    if s[L.S_EXP_SENT] >= s[L.S_EXP_CAPTAINS]:
        return n
    ns = c[L.C_LAND_NSLOTS + landing]
    for t in range(L.N_PROJECTS):
        if s[L.S_PROJ_LOC + t] != L.LOC_SHIP or s[L.S_PROJ_OWNER + t] != p:
            continue
        limit = c[L.C_PROJ_LIMIT + t]
        for j in range(ns):
            if (
                s[L.S_SLOT + landing * L.MAX_SLOTS + j] < 0
                and c[L.C_LAND_VALUE + landing * L.MAX_SLOTS + j] <= limit
            ):
                out[n] = A.ship_send(t, j)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def send_ship(c, s, log, p, action):
    """Board a captain, place the ship, score the slot's VP. Returns the landing."""
    landing = s[L.S_EXP_LANDING]
    t = A.ship_send_tile(action)
    j = A.ship_send_slot(action)
    s[L.S_CAPT_SUPPLY + p] -= 1
    s[L.S_PROJ_CAPTAIN + t] = 1
    s[L.S_PROJ_LOC + t] = L.LOC_NAVIGATION
    s[L.S_SLOT + landing * L.MAX_SLOTS + j] = t
    s[L.S_EXP_SENT] += 1
    C.gain_vp(s, log, p, C.slot_value(c, landing, j), L.VP_SLOT, landing, j)
    return landing
