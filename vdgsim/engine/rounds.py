"""R2-R4 and R7: the start of a round and of Phase 2, and the end-of-round operations."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import common as C
from vdgsim.engine import events as E


@njit(cache=True, _nrt=False)
def start_round(c, s, log):
    """R3.1: the face-up VdG tile goes to the discards; its Initial Number and Reals apply."""
    s[L.S_PHASE] = L.PH_PLACE
    tile = s[L.S_VDG_ORDER + s[L.S_VDG_DISCARDED]]
    s[L.S_VDG_DISCARDED] += 1
    s[L.S_VDG_FACE_UP] = 0
    s[L.S_INITIAL] = c[L.C_VDG_INITIAL + tile]
    s[L.S_VARIATION] = 0
    s[L.S_FREE] = 0
    for k in range(2):
        s[L.S_MONEY + k] = c[L.C_VDG_REALS + 2 * tile + k]
        s[L.S_MONEY_TAKEN + k] = 0
    np_ = s[L.S_N_PLAYERS]
    for p in range(np_):
        s[L.S_DISCS_LEFT + p] = c[L.C_REGULAR_DISCS]
        s[L.S_EXTRA_LEFT + p] = s[L.S_EXTRA_DISC + p]
    s[L.S_MANUEL_START] = s[L.S_CHAR_HOLDER + L.CH_MANUEL]
    s[L.S_PLACE_TURN] = s[L.S_FIRST_PLAYER]
    E.log_event(
        s, log, E.EV_ROUND, -1, s[L.S_ROUND], s[L.S_INITIAL], s[L.S_MONEY], s[L.S_MONEY + 1]
    )


@njit(cache=True, _nrt=False)
def start_phase2(c, s, log):
    """R4.1: turn the next VdG tile; F = Initial + its Variation, clamped to 1..20."""
    s[L.S_PHASE] = L.PH_ACTIONS
    tile = s[L.S_VDG_ORDER + s[L.S_VDG_DISCARDED]]
    s[L.S_VDG_FACE_UP] = 1
    var = c[L.C_VDG_VARIATION + tile]
    f = s[L.S_INITIAL] + var
    f = max(1, min(20, f))
    s[L.S_VARIATION] = var
    s[L.S_FREE] = f
    s[L.S_CURRENT] = 0
    E.log_event(s, log, E.EV_FREE, -1, 0, s[L.S_INITIAL], var, f)


@njit(cache=True, _nrt=False)
def refill_recruiting(c, s):
    """R7.4: from the rightmost active section leftwards, up to 3 sailors each, never above
    the section's capacity; stops when the bag is empty."""
    for sec in range(s[L.S_N_PLAYERS] - 1, -1, -1):
        for _ in range(c[L.C_REFILL_SAILORS]):
            if C.section_total(s, sec) >= c[L.C_SECTION_CAPACITY]:
                break
            col = C.draw_from_bag(s)
            if col < 0:
                return
            s[L.S_SECTION + sec * L.N_COLOURS + col] += 1


@njit(cache=True, _nrt=False)
def holder_bonuses(c, s, log):
    """R7.5 / R8.1: the Alvares holder's missionary and the Dias holder's 2 VP."""
    alvares = s[L.S_CHAR_HOLDER + L.CH_ALVARES]
    if alvares >= 0:
        C.gain_missionary(s, log, alvares, 2)
    dias = s[L.S_CHAR_HOLDER + L.CH_DIAS]
    if dias >= 0:
        C.gain_vp(s, log, dias, c[L.C_DIAS_VP], L.VP_DIAS, 2, 0)
        s[L.S_FIRST_PLAYER] = dias


@njit(cache=True, _nrt=False)
def end_of_round(c, s, log):
    """R7.1-R7.6, in the rulebook's order."""
    for t in range(L.N_PROJECTS):
        loc = s[L.S_PROJ_LOC + t]
        if loc == L.LOC_UPPER or loc == L.LOC_SAO_GABRIEL:
            s[L.S_PROJ_LOC + t] = L.LOC_DISCARDED
    C.deal_projects(s)
    s[L.S_MERCH_TOP] += 1
    if s[L.S_MERCH_TOP] < L.N_MERCHANTS:
        s[L.S_MERCH_LOC + s[L.S_MERCH_ORDER + s[L.S_MERCH_TOP]]] = L.M_FACE_UP
    s[L.S_MERCH_SENT] = 0
    s[L.S_MONEY] = 0
    s[L.S_MONEY + 1] = 0
    refill_recruiting(c, s)
    holder_bonuses(c, s, log)
    for ch in range(L.N_CHARACTERS):
        s[L.S_CHAR_HOSTED + ch] = -1
    start_holder = s[L.S_MANUEL_START]
    if start_holder >= 0 and s[L.S_CHAR_HOLDER + L.CH_MANUEL] != start_holder:
        s[L.S_EXTRA_DISC + start_holder] = 0
    s[L.S_ROUND] += 1
