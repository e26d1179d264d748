"""Conservation and consistency checks of a state, for conformance runs and debugging.

:func:`check` returns 0 when every invariant holds, otherwise the code of the first that
fails (see ``INVARIANT_NAMES``).
"""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import common as C

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
def check(c, s):
    """0 if the state is consistent, else the number of the first broken invariant."""
    np_ = s[L.S_N_PLAYERS]
    # sailors: bag + sections + supplies, per colour
    for col in range(L.N_COLOURS):
        total = s[L.S_BAG + col]
        for sec in range(L.N_SECTIONS):
            v = s[L.S_SECTION + sec * L.N_COLOURS + col]
            if v < 0:
                return 11
            total += v
        for p in range(np_):
            total += s[L.S_SAILORS + p * L.N_COLOURS + col]
        if total != c[L.C_SAILORS_PER_COLOUR]:
            return 1
    for sec in range(L.N_SECTIONS):
        if C.section_total(s, sec) > c[L.C_SECTION_CAPACITY]:
            return 9
    # missionaries
    total = s[L.S_MISS_AREA]
    for p in range(np_):
        total += s[L.S_MISSIONARIES + p]
    if total != c[L.C_MISSIONARIES]:
        return 2
    # captains: supply + Recruiting Area + aboard ships (at sea or, at the end, in supply)
    for p in range(np_):
        if s[L.S_REALS + p] < 0:
            return 6
        total = s[L.S_CAPT_SUPPLY + p] + s[L.S_CAPT_AREA + p]
        if s[L.S_CAPT_SUPPLY + p] < 0 or s[L.S_CAPT_AREA + p] < 0:
            return 11
        for t in range(L.N_PROJECTS):
            if s[L.S_PROJ_OWNER + t] == p and s[L.S_PROJ_CAPTAIN + t] == 1:
                total += 1
        if total != c[L.C_CAPTAINS_PER_COLOUR]:
            return 3
    # projects: each tile in exactly one place
    for t in range(L.N_PROJECTS):
        loc = s[L.S_PROJ_LOC + t]
        places = 0
        for i in range(L.N_UPPER):
            if s[L.S_UPPER + i] == t:
                places += 1
        if s[L.S_SAO_GABRIEL] == t:
            places += 1
        for k in range(L.N_LANDINGS * L.MAX_SLOTS):
            if s[L.S_SLOT + k] == t:
                places += 1
        for k in range(s[L.S_PROJ_NEXT], L.N_PROJECTS):
            if s[L.S_PROJ_ORDER + k] == t:
                places += 1
        # decks, board spaces and slots are places; supplies and the box are not
        on_board = loc in (L.LOC_DECK, L.LOC_UPPER, L.LOC_SAO_GABRIEL, L.LOC_NAVIGATION)
        expected = 1 if on_board else 0
        if places != expected:
            return 4
        owned = loc == L.LOC_PROJECT or loc == L.LOC_SHIP or loc == L.LOC_NAVIGATION
        if owned and not (0 <= s[L.S_PROJ_OWNER + t] < np_):
            return 4
    # merchant ships
    for m in range(L.N_MERCHANTS):
        places = 0
        for k in range(L.N_LANDINGS * L.MAX_SLOTS):
            if s[L.S_SLOT + k] == L.N_PROJECTS + m:
                places += 1
        if places != (1 if s[L.S_MERCH_LOC + m] == L.M_NAVIGATION else 0):
            return 5
    # slots: limit respected, one slot per ship
    for landing in range(L.N_LANDINGS):
        for j in range(c[L.C_LAND_NSLOTS + landing]):
            code = s[L.S_SLOT + landing * L.MAX_SLOTS + j]
            if code >= 0:
                if C.ship_limit(c, code) < C.slot_value(c, landing, j):
                    return 7
                for k in range(landing * L.MAX_SLOTS + j + 1, L.N_LANDINGS * L.MAX_SLOTS):
                    if s[L.S_SLOT + k] == code:
                        return 8
    for area in range(L.N_AREAS):
        if s[L.S_AREA_USED + area] > C.area_capacity(c, s, area) or s[L.S_AREA_USED + area] < 0:
            return 10
    return 0
