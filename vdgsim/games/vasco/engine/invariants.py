"""Conservation and consistency checks of a state, for conformance runs and debugging.

:func:`check` returns 0 when every invariant holds, otherwise the code of the first that
fails (see ``INVARIANT_NAMES``).
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import state as S

INVARIANT_NAMES = (
    "ok",
    "sailors not all accounted for",
    "missionaries not all accounted for",
    "captains not all accounted for",
    "a project tile is in no place or two places",
    "a merchant tile is misplaced",
    "negative Reals",
    "a ship in a slot above its navigation limit",
    "a ship in two slots",
    "a Recruiting section above capacity",
    "an Area holds more discs than slots",
    "negative count",
)


@njit(cache=True, _nrt=False)
def _in_slots(s, code):
    """How many landing slots hold ship ``code``."""
    slots = S.fields(s).landing_slots
    k = 0
    for landing in range(L.N_LANDINGS):
        for j in range(L.MAX_SLOTS):
            if slots[landing, j] == code:
                k += 1
    return k


@njit(cache=True, _nrt=False)
def check(c, s):
    """0 if the state is consistent, else the number of the first broken invariant."""
    st = S.fields(s)
    np_ = st.players
    # sailors: bag + sections + supplies, per colour
    for col in range(L.N_COLOURS):
        total = st.bag[col]
        for sec in range(L.N_SECTIONS):
            v = st.sections[sec, col]
            if v < 0:
                return 11
            total += v
        for p in range(np_):
            total += st.sailors[p, col]
        if total != S.comp(c).sailors_per_colour:
            return 1
    for sec in range(L.N_SECTIONS):
        if C.section_total(s, sec) > S.comp(c).section_capacity:
            return 9
    # missionaries
    total = st.missionaries_in_characters_area
    for p in range(np_):
        total += st.missionaries[p]
    if total != S.comp(c).missionaries:
        return 2
    # captains: supply + Recruiting Area + aboard ships (at sea or, at the end, in supply)
    for p in range(np_):
        if st.reals[p] < 0:
            return 6
        total = st.captains_supply[p] + st.captains_recruiting_area[p]
        if st.captains_supply[p] < 0 or st.captains_recruiting_area[p] < 0:
            return 11
        for t in range(L.N_PROJECTS):
            if st.project_owner[t] == p and st.project_captain[t] == 1:
                total += 1
        if total != S.comp(c).captains_per_colour:
            return 3
    # projects: each tile in exactly one place
    for t in range(L.N_PROJECTS):
        loc = st.project_location[t]
        places = 0
        for i in range(L.N_UPPER):
            if st.upper_spaces[i] == t:
                places += 1
        if st.sao_gabriel == t:
            places += 1
        places += _in_slots(s, t)
        for k in range(st.project_next, L.N_PROJECTS):
            if st.project_order[k] == t:
                places += 1
        # decks, board spaces and slots are places; supplies and the box are not
        on_board = loc in (L.LOC_DECK, L.LOC_UPPER, L.LOC_SAO_GABRIEL, L.LOC_NAVIGATION)
        expected = 1 if on_board else 0
        if places != expected:
            return 4
        owned = loc == L.LOC_PROJECT or loc == L.LOC_SHIP or loc == L.LOC_NAVIGATION
        if owned and not (0 <= st.project_owner[t] < np_):
            return 4
    # merchant ships
    for m in range(L.N_MERCHANTS):
        places = _in_slots(s, L.N_PROJECTS + m)
        if places != (1 if st.merchant_location[m] == L.M_NAVIGATION else 0):
            return 5
    # slots: limit respected, one slot per ship
    for landing in range(L.N_LANDINGS):
        for j in range(S.comp(c).land_nslots[landing]):
            code = st.landing_slots[landing, j]
            if code >= 0:
                if C.ship_limit(c, code) < C.slot_value(c, landing, j):
                    return 7
                if _in_slots(s, code) > 1:
                    return 8
    for area in range(L.N_AREAS):
        if st.area_discs[area] > C.area_capacity(c, s, area) or st.area_discs[area] < 0:
            return 10
    return 0
