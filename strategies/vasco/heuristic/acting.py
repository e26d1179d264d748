"""Phase 2: perform the called number's action or give it up, and how to perform it."""

from __future__ import annotations

from numba import njit

from strategies.vasco import params as P
from strategies.vasco.heuristic import values as V
from strategies.vasco.heuristic import work as W
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.rng import randint


@njit(cache=True, _nrt=False)
def captain_worth(c, s, pr, p):
    need = V.captain_need(s, p)
    if need > 0:
        return pr[P.P_CAPT_VP]
    return 0.25 * pr[P.P_CAPT_VP]


@njit(cache=True, _nrt=False)
def best_recruit(c, s, pr, p, rv, budget, rand, wi, wf):
    """Best recruiting choice among the sensible ones: from one section, one or more of each
    colour of a colour set (as many as the held projects can use), with or without a
    captain, or a captain alone. Returns (VP, packed action code or -1). Ties are broken
    from the player generator only when ``rand`` (a value-only call draws nothing)."""
    st = S.fields(s)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    V.crew_have(s, p, have)
    pt = wi[W.WI_PT : W.WI_PT + L.N_PROJECTS]
    psv = wf[W.WF_PSV : W.WF_PSV + L.N_PROJECTS]
    npend = V.pending_tiles(c, s, pr, p, rv, pt, psv)
    d, need = V.crew_demand(c, pt, npend)
    base_util = V.sailor_utility(have, d, need)
    base_launch = V.launchable_value(c, pt, psv, npend, have)
    crews = V.pack_crews(c, pt, npend)
    capt_left = st.captains_recruiting_area[p] > 0
    cw = captain_worth(c, s, pr, p) if capt_left else 0.0
    best = -1e9
    best_code = -1
    ties = 0
    if capt_left:
        best = cw
        best_code = A.recruit(L.RECRUIT_NO_SECTION, 0, 0, 0, 0, 1)
        ties = 1
    k = wi[W.WI_K : W.WI_K + 4]
    # colours the held projects can still use (more of a colour already held d times
    # serves nothing); sailors of other colours are never worth recruiting
    useful = 0
    for col in range(4):
        if have[col] < d:
            useful |= 1 << col
    for sec in range(st.players):
        # per colour, what a colour set with it takes from this section, and the colours the
        # section has: computed once per section instead of once per colour set
        has = 0
        for col in range(4):
            if st.sections[sec, col] > 0:
                has |= 1 << col
        s0 = min(st.sections[sec, 0], max(1, d - have[0]))
        s1 = min(st.sections[sec, 1], max(1, d - have[1]))
        s2 = min(st.sections[sec, 2], max(1, d - have[2]))
        s3 = min(st.sections[sec, 3], max(1, d - have[3]))
        for mask in range(1, 16):
            if mask & ~(useful & has):
                continue
            b0, b1, b2, b3 = mask & 1, (mask >> 1) & 1, (mask >> 2) & 1, (mask >> 3) & 1
            k[0] = s0 if b0 else 0
            k[1] = s1 if b1 else 0
            k[2] = s2 if b2 else 0
            k[3] = s3 if b3 else 0
            distinct = b0 + b1 + b2 + b3
            total = k[0] + k[1] + k[2] + k[3]
            cost = S.comp(c).sailor_cost[distinct]
            if cost > budget:
                continue
            # scalars only in this loop: passing arrays to helpers costs reference counts
            a0 = have[0] + k[0]
            a1 = have[1] + k[1]
            a2 = have[2] + k[2]
            a3 = have[3] + k[3]
            util = V.sailor_utility5(a0, a1, a2, a3, have[4], d, need) - base_util
            lm = V.launch_mask(crews, npend, a0, a1, a2, a3, have[4])
            launch = -base_launch
            for i in range(min(npend, 15)):
                if (lm >> i) & 1:
                    launch += psv[i]
            v = pr[P.P_SAILOR_VP] * util + pr[P.P_LAUNCH_VP] * launch - cost * rv
            if budget - cost < pr[P.P_RESERVE]:
                v -= (pr[P.P_RESERVE] - (budget - cost)) * rv
            # argmax; ties broken uniformly from the player generator, never by index
            if v > best + V.EPS:
                best = v
                ties = 1
                best_code = A.recruit(sec, k[0], k[1], k[2], k[3], 0)
            elif v >= best - V.EPS:
                ties += 1
                if rand and randint(s, L.S_RNG_PLAYER, ties) == 0:
                    best_code = A.recruit(sec, k[0], k[1], k[2], k[3], 0)
            if capt_left and cost + total <= budget:
                v2 = v + cw - total * rv
                # argmax; ties broken uniformly from the player generator, never by index
                if v2 > best + V.EPS:
                    best = v2
                    ties = 1
                    best_code = A.recruit(sec, k[0], k[1], k[2], k[3], 1)
                elif v2 >= best - V.EPS:
                    ties += 1
                    if rand and randint(s, L.S_RNG_PLAYER, ties) == 0:
                        best_code = A.recruit(sec, k[0], k[1], k[2], k[3], 1)
    return best, best_code


@njit(cache=True, _nrt=False)
def nav_choice(c, s, pr, p, rv, legal, n, wi, wf):
    """Best legal expedition landing with the player's launched ships. (VP, code)."""
    lims = wi[W.WI_LIMS : W.WI_LIMS + V.MAX_SHIPS]
    incs = wf[W.WF_INCS : W.WF_INCS + V.MAX_SHIPS]
    k = V.my_ships(c, s, p, rv, lims, incs, 0, wi)
    captains = S.fields(s).captains_supply[p]
    ub = V.best_upper_project(c, s, pr, p, rv, wi)
    bv = wf[W.WF_BONUS : W.WF_BONUS + L.N_LANDINGS]
    lv = wf[W.WF_LAND : W.WF_LAND + L.N_LANDINGS]
    V.bonus_table(c, s, pr, p, rv, ub, bv)
    V.landing_values(c, s, pr, p, rv, bv, lims, incs, k, captains, lv)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        v = lv[A.expedition_landing(a)]
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return best, code


@njit(cache=True, _nrt=False)
def character_choice(c, s, pr, p, rv, legal, n, wi, wf):
    ub = V.best_upper_project(c, s, pr, p, rv, wi)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        if not A.is_host(a):
            v = S.fields(s).money_spaces[A.money_space(a)] * rv * pr[P.P_MONEY_W]
        else:
            v = V.character_value(c, s, pr, p, A.hosted_character(a), rv, ub, wf)
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return best, code


@njit(cache=True, _nrt=False)
def purchase_choice(c, s, pr, p, rv, legal, n, budget, wi, wf):
    u0 = wf[W.WF_U0 : W.WF_U0 + L.N_UPPER]
    u1 = wf[W.WF_U1 : W.WF_U1 + L.N_UPPER]
    V.upper_values(c, s, pr, p, rv, u0, u1, wi)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        if A.is_buy_sao_gabriel(a):
            v = V.sao_gabriel_value(c, s, pr, p, rv)
        elif A.is_buy_two(a):
            i1, j1 = A.bought_pair(a)
            v = max(u0[i1] + u1[j1], u0[j1] + u1[i1]) - S.comp(c).two_projects * rv
        else:
            v = u0[A.bought_space(a)] - S.comp(c).one_project * rv
        if A.is_buy_sao_gabriel(a):
            price = S.comp(c).proj_crew[S.fields(s).sao_gabriel]
        elif A.is_buy_two(a):
            price = S.comp(c).two_projects
        else:
            price = S.comp(c).one_project
        if budget - price < pr[P.P_RESERVE]:
            v -= (pr[P.P_RESERVE] - (budget - price)) * rv
        best, ties, code = V.argmax_step(s, v, a, best, ties, code)
    return best, code


@njit(cache=True, _nrt=False)
def decide_act(c, s, pr, p, legal, n, wi, wf):
    """Perform the best way of the Area's action, or give up when the compensation (plus
    the preset's give-up bias) is worth more than acting after its right-to-act cost."""
    st = S.fields(s)
    num = st.called_number
    area = st.number_area[num]
    cost = st.right_to_act_cost
    rv = V.real_value(s, pr)
    give = S.comp(c).compensation[num] * rv + pr[P.P_GIVEUP_BIAS]
    can_give_up = False
    for i in range(n):
        if legal[i] == L.GIVE_UP:
            can_give_up = True
    if can_give_up and (n <= 1 or cost > pr[P.P_MAX_PAY]):
        return L.GIVE_UP
    budget = st.reals[p] - cost
    if area == L.A_PURCHASE:
        v, code = purchase_choice(c, s, pr, p, rv, legal, n, budget, wi, wf)
    elif area == L.A_RECRUITING:
        v, code = best_recruit(c, s, pr, p, rv, budget, True, wi, wf)
        found = False
        for i in range(n):
            if legal[i] == code:
                found = True
                break
        if not found:
            code = -1
    elif area == L.A_NAVIGATION:
        v, code = nav_choice(c, s, pr, p, rv, legal, n, wi, wf)
    else:
        v, code = character_choice(c, s, pr, p, rv, legal, n, wi, wf)
    if code < 0:
        return L.GIVE_UP if can_give_up else legal[0]
    if not can_give_up:
        return code
    v += pr[P.P_AREA_BIAS + area] - pr[P.P_COST_W] * cost * rv
    if v > give:
        return code
    return L.GIVE_UP
