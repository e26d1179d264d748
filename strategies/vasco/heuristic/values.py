"""Valuations shared by the heuristic player's decisions. Every value is in VP; Reals are
converted at the round's Real value. Only public information is read (RULES R9.4)."""

from __future__ import annotations

from numba import njit

from strategies.vasco import params as P
from strategies.vasco.heuristic import work as W
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import actions as A
from vdgsim.games.vasco.engine import landings as LD
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.common import tiles_owned_at
from vdgsim.games.vasco.engine.rng import randint

EPS = 1e-9


@njit(cache=True, _nrt=False, inline="always")
def argmax_step(s, v, a, best, ties, code):
    """One step of an argmax over actions: returns the new (best, ties, code) after action
    ``a`` of value ``v``. Ties within EPS are broken uniformly from the player generator
    (reservoir sampling), never by index, which would favour the first listed action."""
    if v > best + EPS:
        return v, 1, a
    if v >= best - EPS:
        ties += 1
        if randint(s, L.S_RNG_PLAYER, ties) == 0:
            return best, ties, a
    return best, ties, code


MAX_SHIPS = 16


@njit(cache=True, inline="always")
def real_value(s, pr):
    """VP one Real is worth now: from the early value in round 1 to the late one in round 5."""
    r = S.fields(s).round
    return pr[P.P_RV_EARLY] + (pr[P.P_RV_LATE] - pr[P.P_RV_EARLY]) * (r - 1) / 4.0


@njit(cache=True, _nrt=False)
def free_number_support(c, s, fvals, fprob):
    """The distribution of the First Free Number F from public information.

    In Phase 1 F = Initial Number + the Variation of the next VdG tile, which is one of the
    tiles not yet seen: every tile except the discards (the face-up tile of this round was
    discarded at its start). Its order is hidden, the set is not. Returns the support size.
    """
    st = S.fields(s)
    if st.free_number > 0:
        fvals[0] = st.free_number
        fprob[0] = 1.0
        return 1
    init = st.initial_number
    nd = st.vdg_discarded
    k = 0
    for t in range(L.N_VDG):
        seen = False
        for i in range(nd):
            if st.vdg_order[i] == t:
                seen = True
                break
        if seen:
            continue
        f = max(1, min(20, init + S.comp(c).vdg_variation[t]))
        found = False
        for j in range(k):
            if fvals[j] == f:
                fprob[j] += 1.0
                found = True
                break
        if not found:
            fvals[k] = f
            fprob[k] = 1.0
            k += 1
    if k == 0:
        fvals[0] = max(1, min(20, init))
        fprob[0] = 1.0
        return 1
    tot = 0.0
    for j in range(k):
        tot += fprob[j]
    for j in range(k):
        fprob[j] /= tot
    return k


@njit(cache=True, inline="always")
def ship_value_s(lim, inc, r, launched, sw, iw, end):
    """:func:`ship_value` on scalars (loops call this one: passing arrays to helpers in a
    loop costs reference counting)."""
    sail = 5.0 - r + (0.6 if launched else 0.0)
    if sail < 0.0:
        sail = 0.0
    v = sw * 0.8 * lim + 1.0 + iw * inc * sail
    if r == 5:
        v = max(end, 0.8 * lim) if launched else end
    return v


@njit(cache=True, inline="always")
def project_value_s(lim, crew, inc, r, colours, has_miss, sw, iw, end, cp, mv):
    """:func:`project_value` on scalars."""
    missing = crew - colours
    if missing < 0:
        missing = 0
    if r == 5:
        # Only an end-game launch with a captain aboard can pay now.
        if missing == 0:
            return ship_value_s(lim, inc, r, False, sw, iw, end)
        return 0.2
    v = ship_value_s(lim, inc, r, False, sw, iw, end) - cp * (crew + missing) * (r / 3.0)
    if crew >= 5 and not has_miss:
        v -= mv
    return v


@njit(cache=True, inline="always")
def ship_value(c, s, pr, t, rv, launched):
    """VP a ship of project ``t`` should still bring: slot VP (about its limit), completions,
    and income for the Phase 3s it can still sail through. In round 5 a ship that stays in
    supply with a captain is worth the end-game ship VP instead."""
    inc = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
    return ship_value_s(
        S.comp(c).proj_limit[t],
        inc,
        S.fields(s).round,
        launched,
        pr[P.P_SHIP_W],
        pr[P.P_INCOME_W],
        S.comp(c).end_vp_per_ship * 1.0,
    )


@njit(cache=True, inline="always")
def n_colours(have):
    k = 0
    for col in range(5):
        if have[col] > 0:
            k += 1
    return k


@njit(cache=True, inline="always")
def project_value(c, s, pr, p, t, rv, have):
    """VP of owning project ``t`` (not launched), discounted by the crew it needs, given the
    crew colours the player has (``have``: 4 sailor colours then missionaries)."""
    return project_value_s(
        S.comp(c).proj_limit[t],
        S.comp(c).proj_crew[t],
        S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t],
        S.fields(s).round,
        n_colours(have),
        have[4] > 0,
        pr[P.P_SHIP_W],
        pr[P.P_INCOME_W],
        S.comp(c).end_vp_per_ship * 1.0,
        pr[P.P_CREW_PEN],
        pr[P.P_MISSIONARY_VP],
    )


@njit(cache=True, inline="always")
def crew_have(s, p, have):
    st = S.fields(s)
    for col in range(L.N_COLOURS):
        have[col] = st.sailors[p, col]
    have[4] = st.missionaries[p]


@njit(cache=True, _nrt=False)
def pending_tiles(c, s, pr, p, rv, pt, psv):
    """The player's unlaunched projects, biggest crew first, in ``pt``, with their ship
    values in ``psv``; returns how many."""
    st = S.fields(s)
    k = 0
    for t in range(L.N_PROJECTS):
        if st.project_location[t] == L.LOC_PROJECT and st.project_owner[t] == p:
            pt[k] = t
            k += 1
    for i in range(k):
        for j in range(i + 1, k):
            if S.comp(c).proj_crew[pt[j]] > S.comp(c).proj_crew[pt[i]]:
                tmp = pt[i]
                pt[i] = pt[j]
                pt[j] = tmp
    r = st.round
    sw = pr[P.P_SHIP_W]
    iw = pr[P.P_INCOME_W]
    end = S.comp(c).end_vp_per_ship * 1.0
    for i in range(k):
        t = pt[i]
        inc = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
        psv[i] = ship_value_s(S.comp(c).proj_limit[t], inc, r, True, sw, iw, end)
    return k


@njit(cache=True, inline="always")
def launchable_value(c, pt, psv, npend, have):
    """Greedy crewing of the unlaunched projects ``pt`` (biggest crew first, the missionary
    kept for the crews that need it). Returns the summed ship value of the projects that
    could be launched with ``have`` (4 sailor colours, then missionaries)."""
    h0 = have[0]
    h1 = have[1]
    h2 = have[2]
    h3 = have[3]
    hm = have[4]
    total = 0.0
    for i in range(npend):
        crew = S.comp(c).proj_crew[pt[i]]
        sail_cols = int(h0 > 0) + int(h1 > 0) + int(h2 > 0) + int(h3 > 0)
        use_miss = 0
        if sail_cols < crew:
            if hm > 0 and sail_cols + 1 >= crew:
                use_miss = 1
            else:
                continue
        need = crew - use_miss
        for _ in range(need):
            # take the colour held in the largest number
            if h0 > 0 and h0 >= h1 and h0 >= h2 and h0 >= h3:
                h0 -= 1
            elif h1 > 0 and h1 >= h2 and h1 >= h3:
                h1 -= 1
            elif h2 > 0 and h2 >= h3:
                h2 -= 1
            else:
                h3 -= 1
        hm -= use_miss
        total += psv[i]
    return total


@njit(cache=True, inline="always")
def pack_crews(c, pt, npend):
    """Crew sizes of the unlaunched projects, 4 bits each (up to 15 projects), so that the
    hot recruiting loop can work on scalars only."""
    packed = 0
    for i in range(min(npend, 15)):
        packed |= S.comp(c).proj_crew[pt[i]] << (4 * i)
    return packed


@njit(cache=True, inline="always")
def launch_mask(crews, npend, h0, h1, h2, h3, hm):
    """:func:`launchable_value` on scalars: bit i set if project i (biggest crew first) can
    be launched with crew h0..h3 (sailor colours) and hm (missionaries)."""
    mask = 0
    for i in range(min(npend, 15)):
        crew = (crews >> (4 * i)) & 15
        sail_cols = int(h0 > 0) + int(h1 > 0) + int(h2 > 0) + int(h3 > 0)
        use_miss = 0
        if sail_cols < crew:
            if hm > 0 and sail_cols + 1 >= crew:
                use_miss = 1
            else:
                continue
        for _ in range(crew - use_miss):
            if h0 > 0 and h0 >= h1 and h0 >= h2 and h0 >= h3:
                h0 -= 1
            elif h1 > 0 and h1 >= h2 and h1 >= h3:
                h1 -= 1
            elif h2 > 0 and h2 >= h3:
                h2 -= 1
            else:
                h3 -= 1
        hm -= use_miss
        mask |= 1 << i
    return mask


@njit(cache=True, inline="always")
def sailor_utility5(h0, h1, h2, h3, hm, d, need):
    """:func:`sailor_utility` on scalars."""
    return min(min(h0, d) + min(h1, d) + min(h2, d) + min(h3, d) + min(hm, d), need)


@njit(cache=True, inline="always")
def crew_demand(c, pt, npend):
    """(d, need): projects to crew (at least 1, for the next one) and their total crew."""
    if npend == 0:
        return 1, 3
    need = 0
    for i in range(npend):
        need += S.comp(c).proj_crew[pt[i]]
    return npend, need


@njit(cache=True, inline="always")
def sailor_utility(have, d, need):
    """How many held crew members serve the held projects: at most one of each colour per
    project, at most the projects' total crew."""
    u = 0
    for col in range(5):
        u += min(have[col], d)
    return min(u, need)


@njit(cache=True, inline="always")
def captain_need(s, p):
    """Ships and projects the player holds beyond his captains in supply."""
    held = tiles_owned_at(s, p, L.LOC_SHIP) + tiles_owned_at(s, p, L.LOC_PROJECT)
    return held - S.fields(s).captains_supply[p]


@njit(cache=True, _nrt=False)
def best_upper_project(c, s, pr, p, rv, wi):
    st = S.fields(s)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    crew_have(s, p, have)
    best = 0.0
    r = st.round
    colours = n_colours(have)
    hm = have[4] > 0
    sw = pr[P.P_SHIP_W]
    iw = pr[P.P_INCOME_W]
    cp = pr[P.P_CREW_PEN]
    mv = pr[P.P_MISSIONARY_VP]
    end = S.comp(c).end_vp_per_ship * 1.0
    for i in range(L.N_UPPER):
        t = st.upper_spaces[i]
        if t >= 0:
            inc = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
            lim = S.comp(c).proj_limit[t]
            crew = S.comp(c).proj_crew[t]
            v = project_value_s(lim, crew, inc, r, colours, hm, sw, iw, end, cp, mv)
            if v > best:
                best = v
    return best


@njit(cache=True, inline="always")
def bonus_value(c, s, pr, p, landing, rv, upper_best):
    """VP of one landing bonus for the player (``upper_best``: his best upper project)."""
    kind = S.comp(c).land_bonus[landing]
    if kind == L.BONUS_PROJECT:
        return pr[P.P_PROJECT_BONUS] * upper_best
    if kind == L.BONUS_SAILOR:
        return pr[P.P_SAILOR_VP] * (1.0 if tiles_owned_at(s, p, L.LOC_PROJECT) > 0 else 0.4)
    if kind == L.BONUS_CAPTAIN:
        if S.fields(s).captains_recruiting_area[p] == 0:
            return 0.0
        if captain_need(s, p) > 0:
            return pr[P.P_CAPT_VP]
        return 0.3 * pr[P.P_CAPT_VP]
    if kind == L.BONUS_REALS:
        return S.comp(c).land_bonus_reals[landing] * rv
    return 0.0


@njit(cache=True, _nrt=False)
def bonus_table(c, s, pr, p, rv, upper_best, bv):
    """:func:`bonus_value` of every landing, in ``bv`` (one call, scalars in the loop)."""
    sailor = pr[P.P_SAILOR_VP] * (1.0 if tiles_owned_at(s, p, L.LOC_PROJECT) > 0 else 0.4)
    captain = 0.0
    if S.fields(s).captains_recruiting_area[p] > 0:
        captain = pr[P.P_CAPT_VP] if captain_need(s, p) > 0 else 0.3 * pr[P.P_CAPT_VP]
    project = pr[P.P_PROJECT_BONUS] * upper_best
    for landing in range(L.N_LANDINGS):
        kind = S.comp(c).land_bonus[landing]
        if kind == L.BONUS_PROJECT:
            bv[landing] = project
        elif kind == L.BONUS_SAILOR:
            bv[landing] = sailor
        elif kind == L.BONUS_CAPTAIN:
            bv[landing] = captain
        elif kind == L.BONUS_REALS:
            bv[landing] = S.comp(c).land_bonus_reals[landing] * rv
        else:
            bv[landing] = 0.0


@njit(cache=True, inline="always")
def completion_chance(empty, r):
    """Rough chance that a landing with ``empty`` slots left completes while a ship is there."""
    if empty == 0:
        return 1.0
    if r == 5:
        return 0.3 if empty == 1 else 0.0
    if empty == 1:
        return 0.6
    if empty == 2:
        return 0.35
    return 0.15


@njit(cache=True, _nrt=False)
def landing_values(c, s, pr, p, rv, bv, lims, incs, nships, captains, out):
    """VP of sending up to ``captains`` of the given ships (limits ``lims``, income ``incs``)
    to each landing, in ``out`` (-1e9 where none fits): greedy slots (highest value first,
    smallest ship that reaches it), slot VP + bonus (``bv``: :func:`bonus_table`) + landing
    bias + income for the Phase 3s left + expected completion VP; in round 5 a ship sent
    gives up its end-game VP. One loop, no helper calls with arrays in it."""
    st = S.fields(s)
    r = st.round
    phases = 6.0 - r
    iw = pr[P.P_INCOME_W]
    cw = pr[P.P_COMPLETION_W]
    end = S.comp(c).end_vp_per_ship
    for landing in range(L.N_LANDINGS):
        ns = S.comp(c).land_nslots[landing]
        used = 0  # bit i: ship i assigned
        taken = 0  # bit j: slot j assigned
        empty = 0
        mine = 0
        for j in range(ns):
            code = st.landing_slots[landing, j]
            if code < 0:
                empty += 1
            elif code < L.N_PROJECTS and st.project_owner[code] == p:
                mine += 1
        total = 0.0
        sent = 0
        bonus = bv[landing]
        bias = pr[P.P_LAND_BIAS + landing]
        while sent < captains:
            bj = -1
            best_v = -1
            for j in range(ns):
                if (taken >> j) & 1 or st.landing_slots[landing, j] >= 0:
                    continue
                v = S.comp(c).land_value[landing, j]
                if v <= best_v:
                    continue
                fits = False
                for i in range(nships):
                    if not (used >> i) & 1 and lims[i] >= v:
                        fits = True
                        break
                if fits:
                    bj = j
                    best_v = v
            if bj < 0:
                break
            bi = -1
            for i in range(nships):
                if not (used >> i) & 1 and lims[i] >= best_v and (bi < 0 or lims[i] < lims[bi]):
                    bi = i
            used |= 1 << bi
            taken |= 1 << bj
            sent += 1
            empty -= 1
            total += best_v + bonus + bias + iw * incs[bi] * phases
            if r == 5:
                total -= end
        if sent == 0:
            out[landing] = -1e9
        else:
            comp = S.comp(c).land_completion[landing] * (mine + sent) * completion_chance(empty, r)
            out[landing] = total + cw * comp


@njit(cache=True, _nrt=False)
def merchant_values(c, s, pr, p, rv, bv, limit, out):
    """VP for the sender of putting this round's merchant ship (navigation ``limit``) on
    each slot, in ``out[actions.merchant_send(landing, slot)]`` (-1e9 where it does not fit): the
    landing bonus, the slot value denied to the rivals (``merchant_block``), and the
    completion it may trigger (good for his ships there, half as bad for the rivals')."""
    st = S.fields(s)
    r = st.round
    for landing in range(L.N_LANDINGS):
        empty = 0
        mine = 0
        theirs = 0
        ns = S.comp(c).land_nslots[landing]
        for j in range(ns):
            t = st.landing_slots[landing, j]
            if t < 0:
                empty += 1
            elif t < L.N_PROJECTS:
                if st.project_owner[t] == p:
                    mine += 1
                else:
                    theirs += 1
        e = empty - 1
        ch = completion_chance(e, r) - completion_chance(e + 1, r)
        comp = (
            pr[P.P_COMPLETION_W] * ch * S.comp(c).land_completion[landing] * (mine - 0.5 * theirs)
        )
        for j in range(L.MAX_SLOTS):
            val = S.comp(c).land_value[landing, j] if j < ns else 0
            if j < ns and st.landing_slots[landing, j] < 0 and val <= limit:
                out[A.merchant_send(landing, j)] = bv[landing] + pr[P.P_MERCH_BLOCK] * val + comp
            else:
                out[A.merchant_send(landing, j)] = -1e9


@njit(cache=True, _nrt=False)
def my_ships(c, s, p, rv, lims, incs, with_launchable, wi):
    """Limits and income of the player's launched ships in supply; with ``with_launchable``
    also his projects that his present crew could launch (greedy, as above)."""
    st = S.fields(s)
    k = 0
    for t in range(L.N_PROJECTS):
        if st.project_location[t] == L.LOC_SHIP and st.project_owner[t] == p and k < MAX_SHIPS:
            lims[k] = S.comp(c).proj_limit[t]
            incs[k] = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
            k += 1
    if with_launchable > 0:
        have = wi[W.WI_HAVE2 : W.WI_HAVE2 + 5]
        crew_have(s, p, have)
        slack = with_launchable - 1  # extra colours expected from an earlier recruiting action
        for t in range(L.N_PROJECTS):
            if st.project_location[t] == L.LOC_PROJECT and st.project_owner[t] == p:
                crew = S.comp(c).proj_crew[t]
                cols = 0
                for col in range(5):
                    if have[col] > 0:
                        cols += 1
                if cols + slack >= crew and k < MAX_SHIPS:
                    lims[k] = S.comp(c).proj_limit[t]
                    incs[k] = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
                    k += 1
                    for _ in range(min(crew, cols)):
                        bc = -1
                        for col in range(5):
                            if have[col] > 0 and (bc < 0 or have[col] > have[bc]):
                                bc = col
                        have[bc] -= 1
    return k


@njit(cache=True, _nrt=False)
def best_merchant_value(c, s, pr, p, rv, ub, wf):
    """VP of sending this round's merchant ship (0 if it is gone or fits nowhere allowed)."""
    m = LD.merchant_tile(s)
    if m < 0:
        return 0.0
    bv = wf[W.WF_BONUS : W.WF_BONUS + L.N_LANDINGS]
    mv = wf[W.WF_MERCH : W.WF_MERCH + L.N_LANDINGS * L.MAX_SLOTS]
    bonus_table(c, s, pr, p, rv, ub, bv)
    merchant_values(c, s, pr, p, rv, bv, S.comp(c).merchant_limit[m], mv)
    best = 0.0
    for landing in range(L.N_LANDINGS):
        if pr[P.R_LAND_FORBID + landing] > 0:
            continue
        for j in range(L.MAX_SLOTS):
            v = mv[A.merchant_send(landing, j)]
            if v > best:
                best = v
    return best


@njit(cache=True, inline="always")
def missionary_worth(c, s, pr, p):
    """VP of one more missionary: full if a held project needs five colours or crews lack
    a colour, less otherwise."""
    st = S.fields(s)
    for t in range(L.N_PROJECTS):
        if (
            st.project_location[t] == L.LOC_PROJECT
            and st.project_owner[t] == p
            and S.comp(c).proj_crew[t] >= 5
        ):
            return pr[P.P_MISSIONARY_VP] * (1.5 if st.missionaries[p] == 0 else 0.5)
    return pr[P.P_MISSIONARY_VP] * (0.6 if st.missionaries[p] == 0 else 0.2)


@njit(cache=True, _nrt=False)
def character_value(c, s, pr, p, ch, rv, ub, wf):
    """VP of hosting character ``ch`` now (immediate effect, holding it through the round,
    and the preset's value of holding it in later rounds)."""
    st = S.fields(s)
    r = st.round
    left = 5.0 - r
    held = st.character_holder[ch] == p
    hold = pr[P.P_CHAR_VALUE + ch] * left * (0.4 if held else 1.0)
    if ch == L.CH_DIAS:
        v = 2.0 * S.comp(c).dias_vp + (pr[P.P_FIRST_PLAYER] if r < 5 else 0.0)
    elif ch == L.CH_ALVARES:
        k = min(2, st.missionaries_in_characters_area)
        v = k * missionary_worth(c, s, pr, p)
    elif ch == L.CH_SERNIGI:
        v = best_merchant_value(c, s, pr, p, rv, ub, wf)
    else:
        v = 0.0
        if not held:
            v = 2.5  # an extra action this round, called after 20
    # always_host is a Phase 2 mandate only (restrictions.filter_legal): a bonus here would
    # also change the player's Phase 1 placements, and the arm would measure those too
    return v + hold


@njit(cache=True, _nrt=False)
def best_character_action(c, s, pr, p, rv, ub, wf):
    """Best VP of a Characters action: Vasco da Gama's money or hosting a character."""
    st = S.fields(s)
    best = -1e9
    for k in range(2):
        if st.money_taken[k] == 0 and st.money_spaces[k] > 0:
            v = st.money_spaces[k] * rv * pr[P.P_MONEY_W]
            if v > best:
                best = v
    for ch in range(L.N_CHARACTERS):
        if st.character_hosted_by[ch] < 0 and pr[P.R_NEVER_HOST + ch] <= 0:
            v = character_value(c, s, pr, p, ch, rv, ub, wf)
            if v > best:
                best = v
    return best


@njit(cache=True, inline="always")
def sao_gabriel_value(c, s, pr, p, rv):
    """VP of buying the Sao Gabriel project (price included)."""
    st = S.fields(s)
    t = st.sao_gabriel
    v = ship_value(c, s, pr, t, rv, True)
    if st.captains_supply[p] + st.captains_recruiting_area[p] == 0:
        v *= 0.3
    return v - S.comp(c).proj_crew[t] * rv


@njit(cache=True, _nrt=False)
def upper_values(c, s, pr, p, rv, u0, u1, wi):
    """Value of each upper-space project bought first (``u0``) or second (``u1``)."""
    st = S.fields(s)
    have = wi[W.WI_HAVE : W.WI_HAVE + 5]
    crew_have(s, p, have)
    pend = tiles_owned_at(s, p, L.LOC_PROJECT)
    r = st.round
    colours = n_colours(have)
    hm = have[4] > 0
    sw = pr[P.P_SHIP_W]
    iw = pr[P.P_INCOME_W]
    cp = pr[P.P_CREW_PEN]
    mv = pr[P.P_MISSIONARY_VP]
    end = S.comp(c).end_vp_per_ship * 1.0
    target = pr[P.P_PROJ_TARGET]
    for i in range(L.N_UPPER):
        t = st.upper_spaces[i]
        if t >= 0:
            inc = S.comp(c).proj_income_reals[t] * rv + S.comp(c).proj_income_vp[t]
            lim = S.comp(c).proj_limit[t]
            crew = S.comp(c).proj_crew[t]
            v = project_value_s(lim, crew, inc, r, colours, hm, sw, iw, end, cp, mv)
            # past the pipeline target a project is discounted
            u0[i] = v * 0.35 if pend >= target else v
            u1[i] = v * 0.35 if pend + 1 >= target else v
        else:
            u0[i] = -1e9
            u1[i] = -1e9


@njit(cache=True, _nrt=False)
def best_purchase_value(c, s, pr, p, rv, budget, wi, wf):
    """Best VP of a purchase the player can pay with ``budget``."""
    st = S.fields(s)
    u0 = wf[W.WF_U0 : W.WF_U0 + L.N_UPPER]
    u1 = wf[W.WF_U1 : W.WF_U1 + L.N_UPPER]
    upper_values(c, s, pr, p, rv, u0, u1, wi)
    best = -1e9
    for i in range(L.N_UPPER):
        if st.upper_spaces[i] >= 0 and budget >= S.comp(c).one_project:
            best = max(best, u0[i] - S.comp(c).one_project * rv)
    if budget >= S.comp(c).two_projects:
        for i in range(L.N_UPPER):
            for j in range(i + 1, L.N_UPPER):
                if st.upper_spaces[i] >= 0 and st.upper_spaces[j] >= 0:
                    v = max(u0[i] + u1[j], u0[j] + u1[i]) - S.comp(c).two_projects * rv
                    best = max(best, v)
    sg = st.sao_gabriel
    if sg >= 0 and budget >= S.comp(c).proj_crew[sg]:
        v = sao_gabriel_value(c, s, pr, p, rv)
        best = max(best, v)
    return best
