"""R5.1 Purchase Projects: 1 upper project, 2 upper projects, or the Sao Gabriel project."""

from __future__ import annotations

from numba import njit

from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import common as C
from vdgsim.games.vasco.engine import events as E
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def legal_purchases(c, s, p, budget, out, n):
    """Every purchase seat ``p`` can pay with ``budget`` Reals (after the right to act)."""
    st = S.fields(s)
    if budget >= S.comp(c).one_project:
        for i in range(L.N_UPPER):
            if st.upper_spaces[i] >= 0:
                out[n] = A.buy_one(i)
                n += 1
    if budget >= S.comp(c).two_projects:
        for i in range(L.N_UPPER):
            for j in range(i + 1, L.N_UPPER):
                if st.upper_spaces[i] >= 0 and st.upper_spaces[j] >= 0:
                    out[n] = A.buy_two(i, j)
                    n += 1
    sg = st.sao_gabriel
    if sg >= 0 and budget >= S.comp(c).proj_crew[sg]:
        out[n] = L.ACT_BUY_SAO_GABRIEL
        n += 1
    return n


@njit(cache=True, _nrt=False)
def purchase(c, s, log, p, action, dec_row):
    """Pay and take the projects; Sao Gabriel arrives launched with no crew."""
    st = S.fields(s)
    if A.is_buy_sao_gabriel(action):
        t = st.sao_gabriel
        C.pay(s, log, p, S.comp(c).proj_crew[t], L.PAY_PURCHASE, dec_row)
        st.sao_gabriel = -1
        st.project_location[t] = L.LOC_SHIP
        st.project_owner[t] = p
        C.log_gain(s, log, p, E.G_PROJECT, 1, t, -2)
    elif A.is_buy_two(action):
        i, j = A.bought_pair(action)
        C.pay(s, log, p, S.comp(c).two_projects, L.PAY_PURCHASE, dec_row)
        C.take_project(s, log, p, i, -1)
        C.take_project(s, log, p, j, -1)
    else:
        C.pay(s, log, p, S.comp(c).one_project, L.PAY_PURCHASE, dec_row)
        C.take_project(s, log, p, A.bought_space(action), -1)
