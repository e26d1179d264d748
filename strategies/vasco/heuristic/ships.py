"""Ships: launching, which ship to which slot, merchant ships, landing bonuses, the end."""

from __future__ import annotations

from numba import njit

from strategies.vasco import params as P
from strategies.vasco.heuristic import values as V
from strategies.vasco.heuristic import work as W
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S


@njit(cache=True, _nrt=False)
def decide_launch(c, s, pr, p, legal, n, wi):
    """Launch the most valuable project, crewed with the colours held in the largest
    numbers, the missionary only when the crew needs five colours; done when nothing is
    left to launch."""
    rv = V.real_value(s, pr)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    V.crew_have(s, p, have)
    best = -1e18
    code = L.LAUNCH_DONE
    ties = 0
    r = S.fields(s).round
    sw = pr[P.P_SHIP_W]
    iw = pr[P.P_INCOME_W]
    end = S.comp(c).end_vp_per_ship * 1.0
    for i in range(n):
        a = legal[i]
        if a == L.LAUNCH_DONE:
            continue
        t = A.launch_tile(a)
        m = A.launch_crew(a)
        inc = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
        v = V.ship_value_s(S.comp(c).proj_limit[t], inc, r, True, sw, iw, end)
        if m & L.MISSIONARY_BIT and S.comp(c).proj_crew[t] < 5:
            v -= pr[P.P_MISSIONARY_VP]
        for col in range(4):
            if (m >> col) & 1:
                v -= 0.05 / have[col]
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def decide_ship(c, s, pr, p, legal, n):
    """The highest-value empty slot, with the smallest ship that reaches it."""
    best = -1e18
    code = legal[0]
    ties = 0
    landing = S.fields(s).expedition_landing
    for i in range(n):
        a = legal[i]
        if a == L.EXPEDITION_DONE:
            continue
        t = A.ship_send_tile(a)
        j = A.ship_send_slot(a)
        v = S.comp(c).land_value[landing, j] * 100.0 - S.comp(c).proj_limit[t]
        v += S.comp(c).proj_income_reals[t] + S.comp(c).proj_income_vp[t]
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def decide_merchant(c, s, pr, p, legal, n, wi, wf, m):
    rv = V.real_value(s, pr)
    ub = V.best_upper_project(c, s, pr, p, rv, wi)
    bv = wf[W.WF_BONUS : W.WF_BONUS + L.N_LANDINGS]
    mv = wf[W.WF_MERCH : W.WF_MERCH + L.N_LANDINGS * L.MAX_SLOTS]
    V.bonus_table(c, s, pr, p, rv, ub, bv)
    V.merchant_values(c, s, pr, p, rv, bv, S.comp(c).merchant_limit[m], mv)
    best = -1e18
    code = legal[0]
    ties = 0
    for i in range(n):
        a = legal[i]
        v = mv[a]
        v += 0.5 * pr[P.P_LAND_BIAS + A.merchant_landing(a)]
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def decide_project_bonus(c, s, pr, p, legal, n, wi):
    rv = V.real_value(s, pr)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    V.crew_have(s, p, have)
    best = -1e18
    code = legal[0]
    ties = 0
    upper = S.fields(s).upper_spaces
    for i in range(n):
        v = V.project_value(c, s, pr, p, upper[A.project_bonus_space(legal[i])], rv, have)
        best, ties, code = V.argmax_step(s, v, legal[i], best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def decide_sailor_bonus(c, s, pr, p, legal, n, wi, wf):
    """The colour that adds most to the crews of the held projects (any section)."""
    st = S.fields(s)
    rv = V.real_value(s, pr)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    V.crew_have(s, p, have)
    pt = wi[W.WI_PT : W.WI_PT + L.N_PROJECTS]
    psv = wf[W.WF_PSV : W.WF_PSV + L.N_PROJECTS]
    npend = V.pending_tiles(c, s, pr, p, rv, pt, psv)
    d, need = V.crew_demand(c, pt, npend)
    base_u = V.sailor_utility(have, d, need)
    base_l = V.launchable_value(c, pt, psv, npend, have)
    gain = wf[W.WF_GAIN : W.WF_GAIN + 4]
    for col in range(4):
        have[col] += 1
        gain[col] = V.sailor_utility(have, d, need) - base_u
        gain[col] += pr[P.P_LAUNCH_VP] * (V.launchable_value(c, pt, psv, npend, have) - base_l)
        have[col] -= 1
    best = -1e18
    code = legal[0]
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.SAILOR_BAG_DRAW:
            v = 0.0
            tot = 0
            for col in range(4):
                tot += st.bag[col]
            # the bag's content is public (every sailor not in a section or a supply)
            for col in range(4):
                v += gain[col] * st.bag[col] / max(tot, 1)
            v -= 0.01
        else:
            v = gain[A.sailor_bonus_colour(a)]
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def decide_end_board(legal, n):
    """Board as many captains as possible (each boarded ship is worth end-game VP); read from
    the action, not from its place in the legal list."""
    best = legal[0]
    for i in range(1, n):
        if A.end_board_captains(legal[i]) > A.end_board_captains(best):
            best = legal[i]
    return best
