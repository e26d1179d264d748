"""Features of a Phase 2 action, compiled: what the learned player scores.

At a decision to act on the called number (``D_ACT``) every legal action, giving up included,
gets :data:`N_FEATURES` numbers (their names and meaning: :data:`FEATURES`, and docs/learned.md).
They are the heuristic's value terms under the player's inherited behaviour parameters (the
same functions the heuristic decides with, so the heuristic's own rule is one weight vector,
:func:`strategies.vasco.learned.model.heuristic_weights`), and context the heuristic does not
use: the round, Reals, ships, crew, captains and projects held, the numbers still open and the
rivals still to act in the Area. Everything is read from public information (RULES R9.4).

Features that describe the position rather than the action are multiplied by "acting" (0 for
giving up): a model that ranks the actions of one decision sees only differences between them,
so context matters through how it shifts acting against giving up.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco import params as P
from strategies.vasco.heuristic import acting as AC
from strategies.vasco.heuristic import bidding as BI
from strategies.vasco.heuristic import values as V
from strategies.vasco.heuristic import work as W
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.common import tiles_owned_at
from vdgsim.games.vasco.engine.recruiting import recruit_cost

F_GIVE_UP = 0  # 1 for giving up
F_COMPENSATION = 1  # giving up: the compensation in VP
F_VALUE = 2  # [4 Areas] the heuristic's VP of the action (price included), in its Area's column
F_VALUE_LATE = 6  # that value times (round - 1) / 4
F_COST = 7  # the right-to-act cost in VP
F_ACT = 8  # [4 Areas] 1 for acting in the Area
F_ROUND = 12  # acting: (round - 1) / 4
F_OPEN = 13  # acting: numbers still to be called this round after this one, / 10
F_RIVALS_AFTER = 14  # acting: rivals' numbers still to be called in this Area this round
F_LEAD = 15  # acting: own VP minus the best rival's, / 10
F_REALS_LEFT = 16  # acting: Reals left after the cost and the action's price, / 10
F_SHIPS = 17  # acting: launched ships in supply, / 4
F_CREW = 18  # acting: sailors and missionaries held, / 10
F_CAPTAINS = 19  # acting: captains in supply, / 4
F_HOST = 20  # hosting a character
F_CAPTAIN = 21  # recruiting a captain
F_SAILORS = 22  # sailors recruited, / 4
F_PROJECTS = 23  # acting: unlaunched projects held, / 4
N_FEATURES = 24

# Features of a disc placement (D_PLACE_DISC, D_MANUEL_PLACE): what the learned placements score
PF_VALUE = 0  # the heuristic's expected VP of the placement, over the First Free Number
PF_VALUE_LATE = 1  # that value times (round - 1) / 4
PF_AREA_VALUE = 2  # the VP of acting in the Area, discounted for the rivals ahead, before cost
PF_GIVE_UP = 3  # the VP of giving the number up (its compensation and the give-up bias)
PF_EARLY = 4  # (21 - number) / 20 for a number from 1 to 20, else 0: how early it acts
PF_EARLY_LATE = 5  # that times (round - 1) / 4
PF_FREE = 6  # 1 when acting costs nothing whatever the First Free Number is
PF_RIVALS = 7  # the rivals expected to act in the Area first
PF_AREA = 8  # [4 Areas] 1 for placing in the Area
PF_AREA_LATE = 12  # [4 Areas] 1 for placing in the Area, times (round - 1) / 4
N_PLACE_FEATURES = 16

# a value the heuristic marks impossible (-1e9) would swamp every weight; no legal action's
# value comes near this floor otherwise
VALUE_FLOOR = -30.0


@njit(cache=True, _nrt=False)
def act_features(c, s, pr, legal, n, wi, wf, out):
    """Fill ``out[i, :N_FEATURES]`` with the features of legal action ``legal[i]`` at the
    pending ``D_ACT`` decision (``wi``, ``wf``: the heuristic's scratch arrays)."""
    st = S.fields(s)
    p = st.decision_player
    num = st.called_number
    area = st.number_area[num]
    cost = st.right_to_act_cost
    rv = V.real_value(s, pr)
    late = (st.round - 1) / 4.0
    budget = st.reals[p] - cost
    # context: the same for every acting action
    still_open = 0
    rivals_after = 0
    for k in range(num + 1, L.N_NUMBERS):
        owner = st.number_owner[k]
        if owner >= 0:
            still_open += 1
            if owner != p and st.number_area[k] == area:
                rivals_after += 1
    best_rival = -1000000
    for q in range(st.players):
        if q != p and st.vp[q] > best_rival:
            best_rival = st.vp[q]
    crew = st.missionaries[p]
    for col in range(L.N_COLOURS):
        crew += st.sailors[p, col]
    ships = tiles_owned_at(s, p, L.LOC_SHIP)
    projects = tiles_owned_at(s, p, L.LOC_PROJECT)
    # per-Area tables, as the heuristic computes them
    u0 = wf[W.WF_U0 : W.WF_U0 + L.N_UPPER]
    u1 = wf[W.WF_U1 : W.WF_U1 + L.N_UPPER]
    lv = wf[W.WF_LAND : W.WF_LAND + L.N_LANDINGS]
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    pt = wi[W.WI_PT : W.WI_PT + L.N_PROJECTS]
    psv = wf[W.WF_PSV : W.WF_PSV + L.N_PROJECTS]
    ub = 0.0
    npend = 0
    d = 1
    need = 3
    base_util = 0
    base_launch = 0.0
    crews = 0
    cw = 0.0
    if area == L.A_PURCHASE:
        V.upper_values(c, s, pr, p, rv, u0, u1, wi)
    elif area == L.A_NAVIGATION:
        lims = wi[W.WI_LIMS : W.WI_LIMS + V.MAX_SHIPS]
        incs = wf[W.WF_INCS : W.WF_INCS + V.MAX_SHIPS]
        k = V.my_ships(c, s, p, rv, lims, incs, 0, wi)
        ub = V.best_upper_project(c, s, pr, p, rv, wi)
        bv = wf[W.WF_BONUS : W.WF_BONUS + L.N_LANDINGS]
        V.bonus_table(c, s, pr, p, rv, ub, bv)
        V.landing_values(c, s, pr, p, rv, bv, lims, incs, k, st.captains_supply[p], lv)
    elif area == L.A_RECRUITING:
        V.crew_have(s, p, have)
        npend = V.pending_tiles(c, s, pr, p, rv, pt, psv)
        d, need = V.crew_demand(c, pt, npend)
        base_util = V.sailor_utility(have, d, need)
        base_launch = V.launchable_value(c, pt, psv, npend, have)
        crews = V.pack_crews(c, pt, npend)
        if st.captains_recruiting_area[p] > 0:
            cw = AC.captain_worth(c, s, pr, p)
    else:
        ub = V.best_upper_project(c, s, pr, p, rv, wi)
    for i in range(n):
        for j in range(N_FEATURES):
            out[i, j] = 0.0
        a = legal[i]
        if a == L.GIVE_UP:
            out[i, F_GIVE_UP] = 1.0
            out[i, F_COMPENSATION] = S.comp(c).compensation[num] * rv
            continue
        price = 0.0
        if area == L.A_PURCHASE:
            if A.is_buy_sao_gabriel(a):
                v = V.sao_gabriel_value(c, s, pr, p, rv)
                price = S.comp(c).proj_crew[st.sao_gabriel] * 1.0
            elif A.is_buy_two(a):
                i1, j1 = A.bought_pair(a)
                price = S.comp(c).two_projects * 1.0
                v = max(u0[i1] + u1[j1], u0[j1] + u1[i1]) - price * rv
            else:
                price = S.comp(c).one_project * 1.0
                v = u0[A.bought_space(a)] - price * rv
            if budget - price < pr[P.P_RESERVE]:
                v -= (pr[P.P_RESERVE] - (budget - price)) * rv
        elif area == L.A_RECRUITING:
            k0 = A.recruit_count(a, 0)
            k1 = A.recruit_count(a, 1)
            k2 = A.recruit_count(a, 2)
            k3 = A.recruit_count(a, 3)
            captain = A.recruit_captain(a)
            price = recruit_cost(c, a) * 1.0
            a0 = have[0] + k0
            a1 = have[1] + k1
            a2 = have[2] + k2
            a3 = have[3] + k3
            util = V.sailor_utility5(a0, a1, a2, a3, have[4], d, need) - base_util
            lm = V.launch_mask(crews, npend, a0, a1, a2, a3, have[4])
            launch = -base_launch
            for t in range(min(npend, 15)):
                if (lm >> t) & 1:
                    launch += psv[t]
            v = pr[P.P_SAILOR_VP] * util + pr[P.P_LAUNCH_VP] * launch - price * rv
            if captain:
                v += cw
            if budget - price < pr[P.P_RESERVE]:
                v -= (pr[P.P_RESERVE] - (budget - price)) * rv
            out[i, F_CAPTAIN] = captain * 1.0
            out[i, F_SAILORS] = (k0 + k1 + k2 + k3) / 4.0
        elif area == L.A_NAVIGATION:
            v = lv[A.expedition_landing(a)]
        elif A.is_host(a):
            v = V.character_value(c, s, pr, p, A.hosted_character(a), rv, ub, wf)
            out[i, F_HOST] = 1.0
        else:
            v = st.money_spaces[A.money_space(a)] * rv * pr[P.P_MONEY_W]
        v = max(v, VALUE_FLOOR)
        out[i, F_VALUE + area] = v
        out[i, F_VALUE_LATE] = v * late
        out[i, F_COST] = cost * rv
        out[i, F_ACT + area] = 1.0
        out[i, F_ROUND] = late
        out[i, F_OPEN] = still_open / 10.0
        out[i, F_RIVALS_AFTER] = rivals_after * 1.0
        out[i, F_LEAD] = (st.vp[p] - best_rival) / 10.0
        out[i, F_REALS_LEFT] = (budget - price) / 10.0
        out[i, F_SHIPS] = ships / 4.0
        out[i, F_CREW] = crew / 10.0
        out[i, F_CAPTAINS] = st.captains_supply[p] / 4.0
        out[i, F_PROJECTS] = projects / 4.0


@njit(cache=True)
def decide_act(c, s, pr, legal, n, wi, wf):
    """The learned player's action at a ``D_ACT`` decision: the legal action whose features
    score highest under the weights in ``pr[LW_FIRST:LW_END]`` plus its hidden units
    (``HW_FIRST:HIDDEN_END``; a unit whose output is 0 is skipped), every sum in feature
    order and the units in turn, so compiled and plain Python add alike; ties within the
    heuristic's tolerance are broken from the player generator."""
    if n == 1:
        return legal[0]
    out = np.empty((n, N_FEATURES))
    act_features(c, s, pr, legal, n, wi, wf, out)
    best = -1e18
    ties = 0
    code = legal[0]
    for i in range(n):
        v = 0.0
        for j in range(N_FEATURES):
            v += pr[P.LW_FIRST + j] * out[i, j]
        for h in range(P.N_HIDDEN):
            w_out = pr[P.HO_FIRST + h]
            if w_out == 0.0:
                continue
            z = pr[P.HB_FIRST + h]
            first = P.HW_FIRST + h * N_FEATURES
            for j in range(N_FEATURES):
                z += pr[first + j] * out[i, j]
            if z > 0.0:
                v += w_out * z
        best, ties, code = V.argmax_step(s, v, legal[i], best, ties, code)
    return code


@njit(cache=True, _nrt=False)
def place_features(c, s, pr, p, legal, n, cache, wi, wf, out, keep):
    """Fill ``out[i, :N_PLACE_FEATURES]`` with the features of placement ``legal[i]`` at the
    pending placement of seat ``p``, from the heuristic's own terms
    (:func:`strategies.vasco.heuristic.bidding.placement_terms`, under the inherited behaviour
    parameters), and ``keep[i]`` with whether the placement is weighed at all: not a free
    number above the lowest legal one of its group, which the heuristic never weighs either
    (acting earlier for free is never worse)."""
    st = S.fields(s)
    late = (st.round - 1) / 4.0
    rv, max_f, my_first_recruit, nfree = BI.place_setup(c, s, pr, p, legal, n, cache, wi, wf)
    row = cache[p]
    kc = row[BI.C_KC : BI.C_KC + 21 * 10].reshape((21, 10))
    pc = row[BI.C_PC : BI.C_PC + 11]
    sc = row[BI.C_SC : BI.C_SC + 21 * 11].reshape((21, 11))
    nf = int(row[BI.C_NF])
    low = wi[W.WI_GROUP : W.WI_GROUP + 64]
    area_k = wf[W.WF_CAP : W.WF_CAP + L.N_AREAS]
    base = wf[W.WF_BASE : W.WF_BASE + BI.N_VALS]
    for i in range(n):
        keep[i] = True
        for j in range(N_PLACE_FEATURES):
            out[i, j] = 0.0
        a_code = legal[i]
        if BI.dominated_free(c, a_code, max_f, my_first_recruit, low):
            keep[i] = False
            continue
        terms = BI.placement_terms(c, pr, a_code, rv, my_first_recruit, nfree, wi, area_k, base)
        v, comp, rivals = terms
        num = A.placement_number(a_code)
        a = A.placement_area(a_code)
        val = max(BI.expected_value(kc, pc, sc, nf, num, v, comp, max_f), VALUE_FLOOR)
        out[i, PF_VALUE] = val
        out[i, PF_VALUE_LATE] = val * late
        out[i, PF_AREA_VALUE] = max(v, VALUE_FLOOR)
        out[i, PF_GIVE_UP] = comp if num <= 20 else 0.0
        if num <= 20:
            early = (21 - num) / 20.0
            out[i, PF_EARLY] = early
            out[i, PF_EARLY_LATE] = early * late
        out[i, PF_FREE] = 1.0 if num > 20 or num >= max_f else 0.0
        out[i, PF_RIVALS] = rivals
        out[i, PF_AREA + a] = 1.0
        out[i, PF_AREA_LATE + a] = late


@njit(cache=True)
def decide_place(c, s, pr, p, legal, n, cache, wi, wf):
    """Seat ``p``'s learned placement: the legal placement whose features score highest under
    the weights in ``pr[PW_FIRST:PW_END]`` (a sum in feature order), ties within the
    heuristic's tolerance broken from the player generator, as the heuristic breaks them.
    With the heuristic's weights (:func:`strategies.vasco.learned.model.heuristic_place_weights`)
    it places as the heuristic does."""
    if n == 1:
        return legal[0]
    out = np.empty((n, N_PLACE_FEATURES))
    keep = np.empty(n, dtype=np.bool_)
    place_features(c, s, pr, p, legal, n, cache, wi, wf, out, keep)
    best = -1e18
    ties = 0
    code = legal[0]
    for i in range(n):
        if not keep[i]:
            continue
        v = 0.0
        for j in range(N_PLACE_FEATURES):
            v += pr[P.PW_FIRST + j] * out[i, j]
        best, ties, code = V.argmax_step(s, v, legal[i], best, ties, code)
    return code
