"""R5.4 Expedition: send launched ships with captains aboard to one landing."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def can_send_to(c, s, p, landing):
    """True if one of seat ``p``'s launched ships in supply fits an empty slot there."""
    st = S.fields(s)
    for t in range(L.N_PROJECTS):
        if (
            st.project_location[t] == L.LOC_SHIP
            and st.project_owner[t] == p
            and C.fits_in_landing(c, s, landing, S.comp(c).proj_limit[t])
        ):
            return True
    return False


@njit(cache=True, _nrt=False)
def legal_landings(c, s, p, out, n):
    """R4.5: a landing is a legal expedition if a captain and a fitting ship are available."""
    if S.fields(s).captains_supply[p] == 0:
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
    st = S.fields(s)
    landing = st.expedition_landing
    if st.expedition_sent > 0:
        out[n] = L.EXPEDITION_DONE
        n += 1
    if st.expedition_sent >= st.expedition_captains:
        return n
    ns = S.comp(c).land_nslots[landing]
    for t in range(L.N_PROJECTS):
        if st.project_location[t] != L.LOC_SHIP or st.project_owner[t] != p:
            continue
        limit = S.comp(c).proj_limit[t]
        for j in range(ns):
            if st.landing_slots[landing, j] < 0 and S.comp(c).land_value[landing, j] <= limit:
                out[n] = A.ship_send(t, j)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def send_ship(c, s, log, p, action):
    """Board a captain, place the ship, score the slot's VP. Returns the landing."""
    st = S.fields(s)
    landing = st.expedition_landing
    t = A.ship_send_tile(action)
    j = A.ship_send_slot(action)
    st.captains_supply[p] -= 1
    st.project_captain[t] = 1
    st.project_location[t] = L.LOC_NAVIGATION
    st.landing_slots[landing, j] = t
    st.expedition_sent += 1
    C.gain_vp(s, log, p, C.slot_value(c, landing, j), L.VP_SLOT, landing, j)
    return landing
