"""R3 Phase 1: placing action discs with sequence numbers on action slots."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.common import area_capacity


@njit(cache=True, _nrt=False)
def legal_placements(c, s, p, out, n):
    """R3.2-R3.3: every (number, Area) seat ``p`` may place now (``actions.placement``)."""
    st = S.fields(s)
    for area in range(L.N_AREAS):
        if st.area_discs[area] >= area_capacity(c, s, area):
            continue
        if st.discs_to_place[p] > 0:
            for num in range(1, 21):
                if st.number_owner[num] < 0:
                    out[n] = A.placement(num, area)
                    n += 1
        if st.additional_disc_to_place[p] > 0:
            for num in range(21, 23):
                if st.number_owner[num] < 0:
                    out[n] = A.placement(num, area)
                    n += 1
    return n


@njit(cache=True, _nrt=False)
def place_disc(s, p, action):
    """Put a disc with its number on an empty slot of the Area; placed discs never move."""
    num = A.placement_number(action)
    area = A.placement_area(action)
    st = S.fields(s)
    st.number_owner[num] = p
    st.number_area[num] = area
    st.area_discs[area] += 1
    if num > 20:
        st.additional_disc_to_place[p] = 0
    else:
        st.discs_to_place[p] -= 1


@njit(cache=True, _nrt=False)
def next_placer(s):
    """R3.2: the next seat clockwise from the placing seat that still has a disc, or -1."""
    st = S.fields(s)
    np_ = st.players
    start = st.placing_seat
    for k in range(np_):
        p = (start + k) % np_
        if st.discs_to_place[p] > 0 or st.additional_disc_to_place[p] > 0:
            return p
    return -1
