"""R5.5 Characters: Vasco da Gama's money or hosting a character."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def legal_character_actions(s, out, n):
    """Each unclaimed money space with money on it, and each character not hosted this round."""
    st = S.fields(s)
    for k in range(2):
        if st.money_taken[k] == 0 and st.money_spaces[k] > 0:
            out[n] = A.take_money(k)
            n += 1
    for ch in range(L.N_CHARACTERS):
        if st.character_hosted_by[ch] < 0:
            out[n] = A.host(ch)
            n += 1
    return n


@njit(cache=True, _nrt=False)
def take_money(s, log, p, k):
    st = S.fields(s)
    st.money_taken[k] = 1
    C.gain_reals(s, log, p, st.money_spaces[k], L.R_VDG_MONEY, k, 0)


@njit(cache=True, _nrt=False)
def host(c, s, log, p, ch):
    """Take the character's tile and put the disc on its space; immediate effects of Dias and
    Alvares. Returns the previous holder (Sernigi and Manuel I continue in the flow)."""
    st = S.fields(s)
    prev = st.character_holder[ch]
    st.character_holder[ch] = p
    st.character_hosted_by[ch] = p
    C.log_gain(s, log, p, E.G_CHARACTER, 1, ch, prev)
    if ch == L.CH_DIAS:
        C.gain_vp(s, log, p, S.comp(c).dias_vp, L.VP_DIAS, 1, 0)
    elif ch == L.CH_ALVARES:
        C.gain_missionary(s, log, p, 1)
    elif ch == L.CH_MANUEL and prev != p:
        st.has_additional_disc[p] = 1
        C.log_gain(s, log, p, E.G_EXTRA_DISC, 1, 0, prev)
    return prev


@njit(cache=True, _nrt=False)
def legal_manuel_placements(c, s, out, n):
    """The 21 or 22 still in the Characters Area, on any empty action slot."""
    st = S.fields(s)
    for area in range(L.N_AREAS):
        if st.area_discs[area] >= C.area_capacity(c, s, area):
            continue
        for num in range(21, 23):
            if st.number_owner[num] < 0:
                out[n] = A.placement(num, area)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def manuel_can_place(c, s):
    st = S.fields(s)
    if st.number_owner[21] >= 0 and st.number_owner[22] >= 0:
        return False
    for area in range(L.N_AREAS):
        if st.area_discs[area] < C.area_capacity(c, s, area):
            return True
    return False


@njit(cache=True, _nrt=False)
def place_manuel_disc(s, p, action):
    num = A.placement_number(action)
    area = A.placement_area(action)
    st = S.fields(s)
    st.number_owner[num] = p
    st.number_area[num] = area
    st.area_discs[area] += 1
