"""R2-R4 and R7: the start of a round and of Phase 2, and the end-of-round operations."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def start_round(c, s, log):
    """R3.1: the face-up VdG tile goes to the discards; its Initial Number and Reals apply."""
    st = S.fields(s)
    st.phase = L.PH_PLACE
    tile = st.vdg_order[st.vdg_discarded]
    st.vdg_discarded += 1
    st.vdg_face_up = 0
    st.initial_number = S.comp(c).vdg_initial[tile]
    st.variation_number = 0
    st.free_number = 0
    for k in range(2):
        st.money_spaces[k] = S.comp(c).vdg_reals[tile, k]
        st.money_taken[k] = 0
    for p in range(st.players):
        st.discs_to_place[p] = S.comp(c).regular_discs
        st.additional_disc_to_place[p] = st.has_additional_disc[p]
    st.manuel_holder_at_round_start = st.character_holder[L.CH_MANUEL]
    st.placing_seat = st.first_player
    E.log_event(
        s,
        log,
        E.EV_ROUND,
        -1,
        st.round,
        st.initial_number,
        st.money_spaces[0],
        st.money_spaces[1],
    )


@njit(cache=True, _nrt=False)
def start_phase2(c, s, log):
    """R4.1: turn the next VdG tile; F = Initial + its Variation, clamped to 1..20."""
    st = S.fields(s)
    st.phase = L.PH_ACTIONS
    tile = st.vdg_order[st.vdg_discarded]
    st.vdg_face_up = 1
    var = S.comp(c).vdg_variation[tile]
    f = st.initial_number + var
    f = max(1, min(20, f))
    st.variation_number = var
    st.free_number = f
    st.called_number = 0
    E.log_event(s, log, E.EV_FREE, -1, 0, st.initial_number, var, f)


@njit(cache=True, _nrt=False)
def refill_recruiting(c, s):
    """R7.4: from the rightmost active section leftwards, up to 3 sailors each, never above
    the section's capacity; stops when the bag is empty."""
    st = S.fields(s)
    for sec in range(st.players - 1, -1, -1):
        for _ in range(S.comp(c).refill_sailors_per_section):
            if C.section_total(s, sec) >= S.comp(c).section_capacity:
                break
            col = C.draw_from_bag(s)
            if col < 0:
                return
            st.sections[sec, col] += 1


@njit(cache=True, _nrt=False)
def holder_bonuses(c, s, log):
    """R7.5 / R8.1: the Alvares holder's missionary and the Dias holder's 2 VP."""
    st = S.fields(s)
    alvares = st.character_holder[L.CH_ALVARES]
    if alvares >= 0:
        C.gain_missionary(s, log, alvares, 2)
    dias = st.character_holder[L.CH_DIAS]
    if dias >= 0:
        C.gain_vp(s, log, dias, S.comp(c).dias_vp, L.VP_DIAS, 2, 0)
        st.first_player = dias


@njit(cache=True, _nrt=False)
def end_of_round(c, s, log):
    """R7.1-R7.6, in the rulebook's order."""
    st = S.fields(s)
    for t in range(L.N_PROJECTS):
        loc = st.project_location[t]
        if loc == L.LOC_UPPER or loc == L.LOC_SAO_GABRIEL:
            st.project_location[t] = L.LOC_DISCARDED
    C.deal_projects(s)
    st.merchant_top += 1
    if st.merchant_top < L.N_MERCHANTS:
        st.merchant_location[st.merchant_order[st.merchant_top]] = L.M_FACE_UP
    st.merchant_sent_this_round = 0
    st.money_spaces[0] = 0
    st.money_spaces[1] = 0
    refill_recruiting(c, s)
    holder_bonuses(c, s, log)
    for ch in range(L.N_CHARACTERS):
        st.character_hosted_by[ch] = -1
    start_holder = st.manuel_holder_at_round_start
    if start_holder >= 0 and st.character_holder[L.CH_MANUEL] != start_holder:
        st.has_additional_disc[start_holder] = 0
    st.round += 1
