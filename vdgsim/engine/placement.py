"""R3 Phase 1: placing action discs with sequence numbers on action slots."""

from __future__ import annotations

from numba import njit

from vdgsim import layout as L
from vdgsim.engine import actions as A
from vdgsim.engine.common import area_capacity


@njit(cache=True, _nrt=False)
def legal_placements(c, s, p, out, n):
    """R3.2-R3.3: every (number, Area) seat ``p`` may place now (``actions.placement``)."""
    for area in range(L.N_AREAS):
        if s[L.S_AREA_USED + area] >= area_capacity(c, s, area):
            continue
        if s[L.S_DISCS_LEFT + p] > 0:
            for num in range(1, 21):
                if s[L.S_NUM_OWNER + num] < 0:
                    out[n] = A.placement(num, area)
                    n += 1
        if s[L.S_EXTRA_LEFT + p] > 0:
            for num in range(21, 23):
                if s[L.S_NUM_OWNER + num] < 0:
                    out[n] = A.placement(num, area)
                    n += 1
    return n


@njit(cache=True, _nrt=False)
def place_disc(s, p, action):
    """Put a disc with its number on an empty slot of the Area; placed discs never move."""
    num = A.placement_number(action)
    area = A.placement_area(action)
    s[L.S_NUM_OWNER + num] = p
    s[L.S_NUM_AREA + num] = area
    s[L.S_AREA_USED + area] += 1
    if num > 20:
        s[L.S_EXTRA_LEFT + p] = 0
    else:
        s[L.S_DISCS_LEFT + p] -= 1


@njit(cache=True, _nrt=False)
def next_placer(s):
    """R3.2: the next seat clockwise from the placing seat that still has a disc, or -1."""
    np_ = s[L.S_N_PLAYERS]
    start = s[L.S_PLACE_TURN]
    for k in range(np_):
        p = (start + k) % np_
        if s[L.S_DISCS_LEFT + p] > 0 or s[L.S_EXTRA_LEFT + p] > 0:
            return p
    return -1
