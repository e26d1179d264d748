"""Phase 1: which sequence number on which Area (and where Manuel I's disc goes).

For every legal (number, Area) the player estimates the VP of acting in the Area this round,
discounts it for the rivals who act there first (discs already placed below the number, and
the rivals' discs still to come, in proportion to the free numbers below it and the room
left in the Area), and then takes the expectation over the First Free Number F, whose
distribution follows from the visible Initial Number and the VdG tiles not yet seen: for
each F it either acts (value minus the right-to-act cost F - n) or gives up for the
compensation, whichever is worth more.
"""

from __future__ import annotations

from numba import njit

from strategies.vasco import params as P
from strategies.vasco.heuristic import acting as AC
from strategies.vasco.heuristic import values as V
from strategies.vasco.heuristic import work as W
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import state as S

N_VALS = 5  # the four Areas, then Navigation after an earlier recruiting action
# a seat's row of the per-game cache (strategies.vasco.policy.new_cache)
C_VALS = 1
C_NF = C_VALS + N_VALS
C_MAXF = C_NF + 1
C_FPROB = C_MAXF + 1
C_KC = C_FPROB + L.N_VDG + 1
C_PC = C_KC + 21 * 10  # cumulative probability of the k lowest F values (the same per number)
C_SC = C_PC + 11  # per number: cumulative probability x cost of the k cheapest F values
CACHE_WIDTH = C_SC + 21 * 11


@njit(cache=True, _nrt=False)
def best_landing(c, s, pr, p, rv, lims, incs, k, captains, ub, wf):
    best = 0.0
    if k == 0 or captains == 0:
        return best
    bv = wf[W.WF_BONUS : W.WF_BONUS + L.N_LANDINGS]
    lv = wf[W.WF_LAND : W.WF_LAND + L.N_LANDINGS]
    V.bonus_table(c, s, pr, p, rv, ub, bv)
    V.landing_values(c, s, pr, p, rv, bv, lims, incs, k, captains, lv)
    for landing in range(L.N_LANDINGS):
        if pr[P.R_LAND_FORBID + landing] <= 0 and lv[landing] > best:
            best = lv[landing]
    return best


@njit(cache=True, _nrt=False)
def area_values(c, s, pr, p, rv, vals, wi, wf):
    """VP of acting in each Area now (before any right-to-act cost)."""
    st = S.fields(s)
    budget = st.reals[p]
    vals[L.A_PURCHASE] = max(0.0, V.best_purchase_value(c, s, pr, p, rv, budget, wi, wf))
    rec, _ = AC.best_recruit(c, s, pr, p, rv, budget, False, wi, wf)
    vals[L.A_RECRUITING] = max(0.0, rec)
    ub = V.best_upper_project(c, s, pr, p, rv, wi)
    vals[L.A_CHARACTERS] = max(0.0, V.best_character_action(c, s, pr, p, rv, ub, wf))
    lims = wi[W.WI_LIMS : W.WI_LIMS + V.MAX_SHIPS]
    incs = wf[W.WF_INCS : W.WF_INCS + V.MAX_SHIPS]
    captains = st.captains_supply[p]
    k = V.my_ships(c, s, p, rv, lims, incs, 1, wi)
    vals[L.A_NAVIGATION] = best_landing(c, s, pr, p, rv, lims, incs, k, captains, ub, wf)
    k2 = V.my_ships(c, s, p, rv, lims, incs, 3, wi)
    extra = 1 if st.captains_recruiting_area[p] > 0 else 0
    if k2 == k and (extra == 0 or captains >= k):
        vals[4] = vals[L.A_NAVIGATION]
    else:
        vals[4] = best_landing(c, s, pr, p, rv, lims, incs, k2, captains + extra, ub, wf)


@njit(cache=True, _nrt=False, inline="always")
def free_group(c, a_code, num, my_first_recruit):
    """The group of a free-number placement: (Area, compensation, recruits-before-sailing)."""
    a = A.placement_area(a_code)
    plus = a == L.A_NAVIGATION and my_first_recruit < num
    return a * 16 + min(S.comp(c).compensation[num], 6) * 2 + (1 if plus else 0)


@njit(cache=True, _nrt=False)
def phase1_tables(c, s, pr, p, rv, row, wi, wf):
    """Fill seat ``p``'s cache row with what is the same for all its placements in one
    Phase 1: the Area values, the distribution of the First Free Number F (ascending, so
    that each number's costs come cheapest first) and, per number below the highest possible
    F, the right-to-act cost of each F and their running expectation."""
    st = S.fields(s)
    vals = row[C_VALS : C_VALS + N_VALS]
    fprob = row[C_FPROB : C_FPROB + L.N_VDG + 1]
    kc = row[C_KC : C_KC + 21 * 10].reshape((21, 10))
    pc = row[C_PC : C_PC + 11]
    sc = row[C_SC : C_SC + 21 * 11].reshape((21, 11))
    area_values(c, s, pr, p, rv, vals, wi, wf)
    fvals = wi[W.WI_FVALS : W.WI_FVALS + L.N_VDG + 1]
    nf = V.free_number_support(c, s, fvals, fprob)
    for i in range(1, nf):
        j = i
        while j > 0 and fvals[j - 1] > fvals[j]:
            fvals[j - 1], fvals[j] = fvals[j], fvals[j - 1]
            fprob[j - 1], fprob[j] = fprob[j], fprob[j - 1]
            j -= 1
    max_f = fvals[nf - 1]
    reals = st.reals[p]
    never_pay = pr[P.R_NEVER_PAY] > 0
    kcost = pr[P.P_COST_W] * rv
    pc[0] = 0.0
    for j in range(nf):
        pc[j + 1] = pc[j] + fprob[j]
    # an unaffordable or forbidden payment means giving up (infinite cost). The running sum
    # is kept in a local: reading it back from the table after each store was slower.
    max_pay = pr[P.P_MAX_PAY]
    for num in range(1, max_f):
        acc = 0.0
        sc[num, 0] = acc
        for j in range(nf):
            cost = max(0, fvals[j] - num)
            if cost <= max_pay and cost <= reals and not (never_pay and cost > 0):
                k_j = kcost * cost
            else:
                k_j = 1e18
            kc[num, j] = k_j
            acc = acc + (fprob[j] * k_j if k_j < 1e17 else 0.0)
            sc[num, j + 1] = acc
    row[C_NF] = nf
    row[C_MAXF] = max_f
    # valid for the rest of this Phase 1 only (Manuel I's disc is placed in Phase 2)
    row[0] = st.round if st.phase == L.PH_PLACE else 0


@njit(cache=True, _nrt=False)
def count_discs(s, p, wi):
    """Fill the below-counts of the int scratch (``WI_BELOW``: per Area the rivals' discs
    below each number, then the free numbers below each number, then the seat's own discs per
    Area; Areas numbered as in layout) in one pass with running counts; returns the seat's
    lowest Recruiting number (99: none)."""
    st = S.fields(s)
    B = W.WI_BELOW
    ROW = L.N_NUMBERS + 1
    r0 = r1 = r2 = r3 = 0
    o0 = o1 = o2 = o3 = 0
    fb = 0
    my_first_recruit = 99
    for num in range(1, L.N_NUMBERS + 1):
        wi[B + num] = r0
        wi[B + ROW + num] = r1
        wi[B + 2 * ROW + num] = r2
        wi[B + 3 * ROW + num] = r3
        wi[B + 4 * ROW + num] = fb
        if num == L.N_NUMBERS:
            break
        o = st.number_owner[num]
        if o < 0:
            if num <= 20:
                fb += 1
            continue
        a = st.number_area[num]
        if a < 0:
            continue
        if o == p:
            if a == 0:
                o0 += 1
            elif a == 1:
                o1 += 1
                if num < my_first_recruit:
                    my_first_recruit = num
            elif a == 2:
                o2 += 1
            else:
                o3 += 1
        elif a == 0:
            r0 += 1
        elif a == 1:
            r1 += 1
        elif a == 2:
            r2 += 1
        else:
            r3 += 1
    wi[B + 5 * ROW] = o0
    wi[B + 5 * ROW + 1] = o1
    wi[B + 5 * ROW + 2] = o2
    wi[B + 5 * ROW + 3] = o3
    return my_first_recruit


@njit(cache=True, _nrt=False)
def area_bases(c, s, pr, p, vals, wi, wf):
    """Per Area (``WF_BASE``): its value after the seat's own discs there; and (``WF_CAP``)
    the rivals' discs still to come expected per free number below, in proportion to the room
    left in the Area. Needs :func:`count_discs`'s counts; returns the free numbers (at least
    1)."""
    st = S.fields(s)
    B = W.WI_BELOW
    ROW = L.N_NUMBERS + 1
    np_ = st.players
    opp_left = 0
    for q in range(np_):
        if q != p:
            opp_left += st.discs_to_place[q] + st.additional_disc_to_place[q]
    nfree = max(1, wi[B + 4 * ROW + 21])
    total_cap = 0.0
    for a in range(L.N_AREAS):
        cap = S.comp(c).area_slots[np_ - 2, a]  # C4, read inline (no call)
        total_cap += max(0, cap - st.area_discs[a])
    total_cap = max(total_cap, 1.0)
    area_k = wf[W.WF_CAP : W.WF_CAP + L.N_AREAS]
    base = wf[W.WF_BASE : W.WF_BASE + N_VALS]
    for a in range(L.N_AREAS):
        cap = S.comp(c).area_slots[np_ - 2, a]
        area_k[a] = opp_left * (max(0, cap - st.area_discs[a]) / total_cap) / nfree
        m = 1.0
        for _ in range(wi[B + 5 * ROW + a]):
            m *= pr[P.P_REPEAT_W]
        base[a] = vals[a] * m
        if a == L.A_NAVIGATION:
            base[4] = vals[4] * m
    return nfree


@njit(cache=True, _nrt=False)
def lowest_free_numbers(c, legal, n, max_f, my_first_recruit, wi):
    """Per (Area, compensation, plan) group of free numbers (``WI_GROUP``), the lowest legal
    one: it is never worth less than the others (acting earlier is never worse, and the
    compensation is the same), so only it is evaluated. Found before the choice, so that the
    choice does not depend on the legal order."""
    low = wi[W.WI_GROUP : W.WI_GROUP + 64]
    for key in range(64):
        low[key] = L.N_NUMBERS + 1
    for i in range(n):
        num = A.placement_number(legal[i])
        if max_f <= num <= 20:
            key = free_group(c, legal[i], num, my_first_recruit)
            if num < low[key]:
                low[key] = num


@njit(cache=True, _nrt=False)
def place_setup(c, s, pr, p, legal, n, cache, wi, wf):
    """What every placement's value needs, set once per decision: ``cache[p]`` keeps the Area
    values of Phase 1 (:func:`phase1_tables`; nothing they depend on changes while discs are
    placed, so they are computed once per seat and round, tagged by the round), then the discs
    on the board are counted (:func:`count_discs`), each Area's value and rivals to come are set
    (:func:`area_bases`) and the lowest legal number of each free group found
    (:func:`lowest_free_numbers`). Returns (Real value, lowest free number, the seat's first
    Recruiting number, free numbers left)."""
    st = S.fields(s)
    rv = V.real_value(s, pr)
    row = cache[p]
    if not (st.phase == L.PH_PLACE and row[0] == st.round):
        phase1_tables(c, s, pr, p, rv, row, wi, wf)
    max_f = int(row[C_MAXF])
    my_first_recruit = count_discs(s, p, wi)
    nfree = area_bases(c, s, pr, p, row[C_VALS : C_VALS + N_VALS], wi, wf)
    lowest_free_numbers(c, legal, n, max_f, my_first_recruit, wi)
    return rv, max_f, my_first_recruit, nfree


@njit(cache=True, _nrt=False, inline="always")
def dominated_free(c, a_code, max_f, my_first_recruit, low):
    """A free number above the lowest legal one of its group (``low``: the ``WI_GROUP`` block
    that :func:`lowest_free_numbers` fills): never worth more, so never evaluated."""
    num = A.placement_number(a_code)
    return max_f <= num <= 20 and num != low[free_group(c, a_code, num, my_first_recruit)]


@njit(cache=True, _nrt=False, inline="always")
def placement_terms(c, pr, a_code, rv, my_first_recruit, nfree, wi, area_k, base):
    """(v, comp, rivals) of a placement: the VP of acting in its Area discounted for the
    ``rivals`` who act there first, and the VP of giving the number up (``area_k``, ``base``:
    the ``WF_CAP`` and ``WF_BASE`` blocks that :func:`area_bases` fills)."""
    num = A.placement_number(a_code)
    a = A.placement_area(a_code)
    plus = a == L.A_NAVIGATION and my_first_recruit < num
    comp_n = S.comp(c).compensation[num] if num <= 20 else 0
    B = W.WI_BELOW
    ROW = L.N_NUMBERS + 1
    v = base[4] if plus else base[a]
    if num <= 20:
        rivals = wi[B + a * ROW + num] + area_k[a] * wi[B + 4 * ROW + num]
    else:
        rivals = wi[B + a * ROW + L.N_NUMBERS] + area_k[a] * nfree
    f = 1.0 - pr[P.P_CONTEST + a] * rivals
    if f < 0.0:
        f = 0.0
    v = v * f + pr[P.P_AREA_BIAS + a]
    comp = comp_n * rv + pr[P.P_GIVEUP_BIAS]
    return v, comp, rivals


@njit(cache=True, _nrt=False, inline="always")
def needs_expectation(num, v, comp, max_f):
    """Whether the placement's value depends on the First Free Number F: a number below 21 and
    below every F, worth more acted on than given up for free."""
    return not (num > 20 or num >= max_f or v <= comp)


@njit(cache=True, _nrt=False, inline="always")
def expected_value(kc, pc, sc, nf, num, v, comp, max_f):
    """E[max(v - cost(F), comp)] over the First Free Number F (``kc``, ``pc``, ``sc``, ``nf``:
    the seat's cache tables of :func:`phase1_tables`)."""
    if num > 20:
        return v
    if not needs_expectation(num, v, comp, max_f):
        # free whatever F is, or not worth acting even for free
        return max(v, comp)
    # = comp + sum over the F values whose cost is below x = v - comp of p(F) (x - cost):
    # costs rise with F, so a prefix of them
    x = v - comp
    k = 0
    while k < nf and kc[num, k] < x:
        k += 1
    return comp + x * pc[k] - sc[num, k]


@njit(cache=True, _nrt=False)
def decide_place(c, s, pr, p, legal, n, cache, wi, wf):
    """The placement (number and Area) with the highest expected VP: every legal placement is
    valued (:func:`placement_terms`, :func:`expected_value`) after :func:`place_setup`, the
    free ones by group."""
    rv, max_f, my_first_recruit, nfree = place_setup(c, s, pr, p, legal, n, cache, wi, wf)
    row = cache[p]
    kc = row[C_KC : C_KC + 21 * 10].reshape((21, 10))
    pc = row[C_PC : C_PC + 11]
    sc = row[C_SC : C_SC + 21 * 11].reshape((21, 11))
    nf = int(row[C_NF])
    low = wi[W.WI_GROUP : W.WI_GROUP + 64]
    area_k = wf[W.WF_CAP : W.WF_CAP + L.N_AREAS]
    base = wf[W.WF_BASE : W.WF_BASE + N_VALS]
    # With no negative costs E[max(v - cost(F), comp)] <= v when v > comp, so a number whose
    # v is already below the best (by more than a tie, and a margin for rounding) needs no
    # expectation: it can neither beat nor tie the best, so argmax_step would draw nothing.
    costs_nonneg = pr[P.P_COST_W] * rv >= 0.0
    best = -1e18
    code = legal[0]
    ties = 0
    for i in range(n):
        a_code = legal[i]
        if dominated_free(c, a_code, max_f, my_first_recruit, low):
            continue
        v, comp, _ = placement_terms(c, pr, a_code, rv, my_first_recruit, nfree, wi, area_k, base)
        num = A.placement_number(a_code)
        if needs_expectation(num, v, comp, max_f) and costs_nonneg and v < best - 2.0 * V.EPS:
            continue
        val = expected_value(kc, pc, sc, nf, num, v, comp, max_f)
        best, ties, code = V.argmax_step(s, val, a_code, best, ties, code)
    return code
