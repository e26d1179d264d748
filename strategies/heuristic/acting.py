"""Phase 2: perform the called number's action or give it up, and how to perform it."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies import params as P
from strategies.heuristic import values as V
from vdgsim import layout as L
from vdgsim.engine import recruiting as RE


@njit(cache=True)
def captain_worth(c, s, pr, p):
    need = V.captain_need(s, p)
    if need > 0:
        return pr[P.P_CAPT_VP]
    return 0.25 * pr[P.P_CAPT_VP]


@njit(cache=True)
def best_recruit(c, s, pr, p, rv, budget, rand):
    """Best recruiting choice among the sensible ones: from one section, one or more of each
    colour of a colour set (as many as the held projects can use), with or without a
    captain, or a captain alone. Returns (VP, packed action code or -1). Ties are broken
    from the player generator only when ``rand`` (a value-only call draws nothing)."""
    have = np.empty(5, dtype=np.int64)
    V.crew_have(s, p, have)
    pt = np.empty(L.N_PROJECTS, dtype=np.int64)
    psv = np.empty(L.N_PROJECTS, dtype=np.float64)
    npend = V.pending_tiles(c, s, pr, p, rv, pt, psv)
    d, need = V.crew_demand(c, pt, npend)
    base_util = V.sailor_utility(have, d, need)
    base_launch = V.launchable_value(c, pt, psv, npend, have)
    capt_left = s[L.S_CAPT_AREA + p] > 0
    cw = captain_worth(c, s, pr, p) if capt_left else 0.0
    best = -1e9
    best_code = -1
    ties = 0
    if capt_left:
        best = cw
        best_code = RE.pack(L.RECRUIT_NO_SECTION, 0, 0, 0, 0, 1)
        ties = 1
    h2 = np.empty(5, dtype=np.int64)
    k = np.zeros(4, dtype=np.int64)
    # colours the held projects can still use (more of a colour already held d times
    # serves nothing); sailors of other colours are never worth recruiting
    useful = 0
    for col in range(4):
        if have[col] < d:
            useful |= 1 << col
    for sec in range(s[L.S_N_PLAYERS]):
        o = L.S_SECTION + sec * L.N_COLOURS
        for mask in range(1, 16):
            if mask & ~useful:
                continue
            ok = True
            distinct = 0
            total = 0
            for col in range(4):
                if (mask >> col) & 1:
                    if s[o + col] == 0:
                        ok = False
                        break
                    k[col] = min(s[o + col], max(1, d - have[col]))
                    distinct += 1
                    total += k[col]
                else:
                    k[col] = 0
            if not ok:
                continue
            cost = c[L.C_SAILOR_COST + distinct]
            if cost > budget:
                continue
            for col in range(4):
                h2[col] = have[col] + k[col]
            h2[4] = have[4]
            util = V.sailor_utility(h2, d, need) - base_util
            launch = V.launchable_value(c, pt, psv, npend, h2) - base_launch
            v = pr[P.P_SAILOR_VP] * util + pr[P.P_LAUNCH_VP] * launch - cost * rv
            if budget - cost < pr[P.P_RESERVE]:
                v -= (pr[P.P_RESERVE] - (budget - cost)) * rv
            take, best, ties = V.pick_better(s, v, best, ties, rand)
            if take:
                best_code = RE.pack(sec, k[0], k[1], k[2], k[3], 0)
            if capt_left and cost + total <= budget:
                v2 = v + cw - total * rv
                take, best, ties = V.pick_better(s, v2, best, ties, rand)
                if take:
                    best_code = RE.pack(sec, k[0], k[1], k[2], k[3], 1)
    return best, best_code


@njit(cache=True)
def nav_choice(c, s, pr, p, rv, legal, n):
    """Best legal expedition landing with the player's launched ships. (VP, code)."""
    lims = np.empty(V.MAX_SHIPS, dtype=np.int64)
    incs = np.empty(V.MAX_SHIPS, dtype=np.float64)
    k = V.my_ships(c, s, p, rv, lims, incs, 0)
    captains = s[L.S_CAPT_SUPPLY + p]
    ub = V.best_upper_project(c, s, pr, p, rv)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        landing = a - L.ACT_LANDING
        b = V.bonus_value(c, s, pr, p, landing, rv, ub)
        v = V.expedition_value(c, s, pr, p, landing, lims, incs, k, captains, rv, b)
        take, best, ties = V.pick_better(s, v, best, ties, True)
        if take:
            code = a
    return best, code


@njit(cache=True)
def character_choice(c, s, pr, p, rv, legal, n):
    ub = V.best_upper_project(c, s, pr, p, rv)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        if a < L.ACT_HOST:
            v = s[L.S_MONEY + a - L.ACT_MONEY] * rv * pr[P.P_MONEY_W]
        else:
            v = V.character_value(c, s, pr, p, a - L.ACT_HOST, rv, ub)
        take, best, ties = V.pick_better(s, v, best, ties, True)
        if take:
            code = a
    return best, code


@njit(cache=True)
def purchase_choice(c, s, pr, p, rv, legal, n, budget):
    u0 = np.empty(L.N_UPPER)
    u1 = np.empty(L.N_UPPER)
    have, pend = V.upper_values(c, s, pr, p, rv, u0, u1)
    best = -1e9
    code = -1
    ties = 0
    for i in range(n):
        a = legal[i]
        if a == L.GIVE_UP:
            continue
        v = V.purchase_code_value(c, s, pr, p, rv, a, u0, u1, have, pend)
        if a == L.ACT_BUY_SAO_GABRIEL:
            price = c[L.C_PROJ_CREW + s[L.S_SAO_GABRIEL]]
        elif a >= L.ACT_BUY_TWO:
            price = c[L.C_TWO_PROJECTS]
        else:
            price = c[L.C_ONE_PROJECT]
        if budget - price < pr[P.P_RESERVE]:
            v -= (pr[P.P_RESERVE] - (budget - price)) * rv
        take, best, ties = V.pick_better(s, v, best, ties, True)
        if take:
            code = a
    return best, code


@njit(cache=True)
def decide_act(c, s, pr, p, legal, n):
    """Perform the best way of the Area's action, or give up when the compensation (plus
    the preset's give-up bias) is worth more than acting after its right-to-act cost."""
    num = s[L.S_CURRENT]
    area = s[L.S_NUM_AREA + num]
    cost = s[L.S_RIGHT_COST]
    rv = V.real_value(s, pr)
    give = c[L.C_COMPENSATION + num] * rv + pr[P.P_GIVEUP_BIAS]
    can_give_up = False
    for i in range(n):
        if legal[i] == L.GIVE_UP:
            can_give_up = True
    if can_give_up and (n <= 1 or cost > pr[P.P_MAX_PAY]):
        return L.GIVE_UP
    budget = s[L.S_REALS + p] - cost
    if area == L.A_PURCHASE:
        v, code = purchase_choice(c, s, pr, p, rv, legal, n, budget)
    elif area == L.A_RECRUITING:
        v, code = best_recruit(c, s, pr, p, rv, budget, True)
        found = False
        for i in range(n):
            if legal[i] == code:
                found = True
                break
        if not found:
            code = -1
    elif area == L.A_NAVIGATION:
        v, code = nav_choice(c, s, pr, p, rv, legal, n)
    else:
        v, code = character_choice(c, s, pr, p, rv, legal, n)
    if code < 0:
        return L.GIVE_UP if can_give_up else legal[0]
    if not can_give_up:
        return code
    v += pr[P.P_AREA_BIAS + area] - pr[P.P_COST_W] * cost * rv
    if v > give:
        return code
    return L.GIVE_UP
