"""R5.3 Recruiting: sailors from one section (cost by colours taken) and/or one captain."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def recruit_cost(c, action):
    """Sailor cost by distinct colours taken, plus 1 Real per sailor if a captain is taken."""
    distinct = 0
    total = 0
    for col in range(L.N_COLOURS):
        k = A.recruit_count(action, col)
        total += k
        if k > 0:
            distinct += 1
    cost = S.comp(c).sailor_cost[distinct]
    if A.recruit_captain(action):
        cost += total
    return cost


@njit(cache=True, _nrt=False)
def legal_recruits(c, s, p, budget, out, n):
    """Every affordable recruiting choice: a section and a count per colour, with or without
    a captain, or a captain alone (free). At least one sailor or one captain is taken."""
    st = S.fields(s)
    captain_left = st.captains_recruiting_area[p] > 0
    if captain_left:
        out[n] = A.recruit(L.RECRUIT_NO_SECTION, 0, 0, 0, 0, 1)
        n += 1
    for sec in range(st.players):
        section = st.sections[sec]
        for k0 in range(section[0] + 1):
            for k1 in range(section[1] + 1):
                for k2 in range(section[2] + 1):
                    for k3 in range(section[3] + 1):
                        total = k0 + k1 + k2 + k3
                        if total == 0:
                            continue
                        distinct = int(k0 > 0) + int(k1 > 0) + int(k2 > 0) + int(k3 > 0)
                        cost = S.comp(c).sailor_cost[distinct]
                        if cost > budget:
                            continue
                        out[n] = A.recruit(sec, k0, k1, k2, k3, 0)
                        n += 1
                        if captain_left and cost + total <= budget:
                            out[n] = A.recruit(sec, k0, k1, k2, k3, 1)
                            n += 1
    return n


@njit(cache=True, _nrt=False)
def recruit(c, s, log, p, action, dec_row):
    st = S.fields(s)
    C.pay(s, log, p, recruit_cost(c, action), L.PAY_RECRUIT, dec_row)
    sec = A.recruit_section(action)
    if sec != L.RECRUIT_NO_SECTION:
        for col in range(L.N_COLOURS):
            k = A.recruit_count(action, col)
            if k > 0:
                st.sections[sec, col] -= k
                st.sailors[p, col] += k
                C.log_gain(s, log, p, E.G_SAILOR, k, col, sec)
    if A.recruit_captain(action):
        C.gain_captain_from_area(s, log, p, -1)
