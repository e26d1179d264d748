"""What things are worth to a seat now, in VP (G6.4-G6.11, G7, G8.4).

Resources score nothing at the end (G8.4), so their value is what they buy: a ship or a spice
is worth its full ``ship_value`` / ``spice_value`` while the development plan (the next
``plan_targets`` steps, ranked by VP per unit paid) lacks it and ``surplus_share`` of that
beyond; every resource value fades to 0 over the last ``horizon`` action turns. A development
step is worth its scoring VP (C5), the better level for the turns left (``column_weight``)
and the G6.5 / G6.6 bonuses it would trigger.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C

TOTAL_TURNS = L.N_ROUNDS * L.PASSES
NEED_SHIPS = 0  # need vector: ships, then the 5 spices
NEED_SIZE = 1 + L.N_SPICES


@njit(cache=True, _nrt=False)
def turns_left(s, p):
    """Own action turns left in the game, this one included (G2.1, G6.1, G8.1)."""
    st = S.fields(s)
    this_round = L.PASSES
    if st.actor >= 0:
        this_round = L.PASSES - st.pass_number
        if this_round < 0:
            this_round = 0
    return (L.N_ROUNDS - st.round) * L.PASSES + this_round + st.extra_actions[p]


@njit(cache=True, _nrt=False)
def fade(s, p, params):
    """1 while at least ``horizon`` turns are left, then down to 0 at the end of the game."""
    left = turns_left(s, p)
    h = params[p, P.P_HORIZON]
    return 1.0 if left >= h else left / h


@njit(cache=True, _nrt=False)
def game_left(s, p):
    """Share of the game's action turns still ahead (how long a better level pays)."""
    left = turns_left(s, p)
    return 1.0 if left >= TOTAL_TURNS else left / TOTAL_TURNS


@njit(cache=True, _nrt=False)
def cash_unit(s, p, params):
    """VP of a ducat below ``cash_target``; ducats buy tiles until the last auction, so they
    fade only half as far (G4)."""
    return params[p, P.P_DUCAT_VP] * (0.5 + 0.5 * fade(s, p, params))


@njit(cache=True, _nrt=False)
def ducat_vp(s, p, params):
    """VP of one more ducat: full up to ``cash_target``, the surplus share beyond (what money
    buys at auctions runs out)."""
    st = S.fields(s)
    v = cash_unit(s, p, params)
    return v if st.ducats[p] < params[p, P.P_CASH] else v * params[p, P.P_SURPLUS]


@njit(cache=True, _nrt=False)
def cash_at(v, target, surplus, d):
    """VP of holding ``d`` ducats at ``v`` each up to ``target``, ``surplus`` of that beyond."""
    if d <= target:
        return d * v
    return target * v + (d - target) * v * surplus


@njit(cache=True, _nrt=False)
def cash_vp(s, p, params, d):
    """VP of holding ``d`` ducats: full up to ``cash_target``, the surplus share beyond."""
    return cash_at(cash_unit(s, p, params), params[p, P.P_CASH], params[p, P.P_SURPLUS], d)


@njit(cache=True, _nrt=False)
def pay_at(m, d, held, v, target, surplus, dv, b):
    """:func:`pay_vp` from its parts: ``held`` is the VP of the ``d`` ducats held, ``v`` the
    cash unit, ``dv`` the next ducat's VP (worked out once by a caller that prices many
    payments)."""
    curve = held - cash_at(v, target, surplus, d - b if d > b else 0)
    return m * curve + (1.0 - m) * b * dv


@njit(cache=True, _nrt=False)
def pay_vp(s, p, params, b):
    """VP that paying ``b`` ducats costs: ``cash_curve`` of it along the cash curve (a large
    payment takes the ducats below ``cash_target`` too), the rest at the next ducat's value."""
    st = S.fields(s)
    d = st.ducats[p]
    return pay_at(
        params[p, P.P_CASH_CURVE],
        d,
        cash_vp(s, p, params, d),
        cash_unit(s, p, params),
        params[p, P.P_CASH],
        params[p, P.P_SURPLUS],
        ducat_vp(s, p, params),
        b,
    )


@njit(cache=True, _nrt=False)
def receive_vp(s, p, params, b):
    """VP of receiving ``b`` ducats (the same mix as :func:`pay_vp`)."""
    st = S.fields(s)
    m = params[p, P.P_CASH_CURVE]
    d = st.ducats[p]
    curve = cash_vp(s, p, params, d + b) - cash_vp(s, p, params, d)
    return m * curve + (1.0 - m) * b * ducat_vp(s, p, params)


@njit(cache=True, _nrt=False)
def affordable(s, p, params, worth, cash):
    """The most ducats, at most ``cash``, whose payment costs at most ``worth`` VP. The cash
    curve's parts are worked out once, not for every ducat tried (:func:`pay_vp`)."""
    st = S.fields(s)
    m = params[p, P.P_CASH_CURVE]
    d = st.ducats[p]
    v = cash_unit(s, p, params)
    target = params[p, P.P_CASH]
    surplus = params[p, P.P_SURPLUS]
    held = cash_at(v, target, surplus, d)
    dv = ducat_vp(s, p, params)
    b = 0
    while b < cash and pay_at(m, d, held, v, target, surplus, dv, b + 1) <= worth:
        b += 1
    return b


@njit(cache=True, _nrt=False)
def hand_symbol_count(c, s, p, sym):
    cf = S.comp(c)
    st = S.fields(s)
    n = 0
    for card in range(L.N_CARDS):
        if st.card_location[card] == p and cf.card_symbol[card] == sym:
            n += 1
    return n


@njit(cache=True, _nrt=False)
def symbol_gain(c, n):
    """VP of a card of a symbol already held ``n`` times (G8.4c)."""
    cf = S.comp(c)
    if n >= 5:
        return 0.0
    return float(cf.symbol_vp[n + 1] - cf.symbol_vp[n])


@njit(cache=True, _nrt=False)
def new_card_vp(c, s, p, params):
    """VP of an unseen card drawn now by seat ``p``: the mean symbol gain over the six
    symbols (the deck order is hidden, G9.5) plus the effect's value. Another seat's hand is
    hidden too, so for a rival the symbols are spread evenly over its hand size."""
    cf = S.comp(c)
    st = S.fields(s)
    extra = params[p, P.P_CARD_VP] * fade(s, p, params)
    if p != st.decision_player:
        return symbol_gain(c, st.hand_size[p] // L.N_SYMBOLS) + extra
    counts = 0  # one byte per symbol: no array to allocate on this hot path
    for card in range(L.N_CARDS):
        if st.card_location[card] == p:
            counts += 1 << (8 * cf.card_symbol[card])
    total = 0.0
    for sym in range(L.N_SYMBOLS):
        total += symbol_gain(c, (counts >> (8 * sym)) & 255)
    return total / L.N_SYMBOLS + extra


@njit(cache=True, _nrt=False)
def hold_vp(c, s, p, params, card):
    """VP of keeping a card in hand: its symbol's share of the set and its effect option."""
    cf = S.comp(c)
    n = hand_symbol_count(c, s, p, cf.card_symbol[card])
    return symbol_gain(c, n - 1) + params[p, P.P_CARD_VP] * fade(s, p, params)


@njit(cache=True, _nrt=False)
def step_gain(c, s, p, params, col):
    """VP of moving ``col`` one row down, before paying (G6.4-G6.6, G8.4a)."""
    bonus = new_card_vp(c, s, p, params) if first_to_open(s, p, col) else 0.0
    return step_gain_at(c, s, p, params, col, turns_left(s, p), C.lowest_row(s, p), bonus)


@njit(cache=True, _nrt=False)
def first_to_open(s, p, col):
    """Moving ``col`` one row down would take a G6.5 first-to bonus (a card)."""
    st = S.fields(s)
    r = st.row[p, col]
    return r + 1 >= 4 and st.first_to[col, r + 1 - 4] < 0


@njit(cache=True, _nrt=False)
def step_gain_at(c, s, p, params, col, left, low, bonus):
    """:func:`step_gain` with the turns left, the lowest row and the VP of the step's G6.5
    first-to bonus (a new card, :func:`new_card_vp`; 0 when it takes none) worked out by the
    caller (the plan values every column)."""
    cf = S.comp(c)
    st = S.fields(s)
    r = st.row[p, col]
    v = float(cf.row_vp[r] - cf.row_vp[r - 1])
    v += params[p, P.P_COLUMN_W + col] * (1.0 if left >= TOTAL_TURNS else left / TOTAL_TURNS)
    v += bonus  # G6.5 first-to bonus (0 when none)
    if r == low:
        k = 0
        for j in range(L.N_COLS):
            k += st.row[p, j] == low
        if k == 1:
            h = params[p, P.P_HORIZON]
            f = 1.0 if left >= h else left / h
            v += params[p, P.P_EXTRA_VP] * f  # G6.6 last-marker bonus
    return v


@njit(cache=True, _nrt=False)
def step_cost(c, s, p, params, col, ships, spices, share):
    """VP of the ships (if ``ships``) and spices (if ``spices``) a step costs, at ``share`` of
    their full value."""
    return step_cost_at(c, s, p, params, col, ships, spices, fade(s, p, params) * share)


@njit(cache=True, _nrt=False)
def step_cost_at(c, s, p, params, col, ships, spices, f):
    """:func:`step_cost` with the unit value's factor ``f`` worked out by the caller."""
    cf = S.comp(c)
    st = S.fields(s)
    step = st.row[p, col] - 1
    v = 0.0
    if ships:
        v += cf.step_ships[col, step] * params[p, P.P_SHIP_VP] * f
    if spices:
        for k in range(L.N_SPICES):
            v += cf.step_cost[col, step, k] * params[p, P.P_SPICE_VP + k] * f
    return v


@njit(cache=True)
def plan_need(c, s, p, params, need):
    """Fill ``need`` (ships, spices) with what the plan's steps lack: the ``plan_targets``
    open columns with the most net VP per unit paid (G6.4)."""
    cf = S.comp(c)
    st = S.fields(s)
    for i in range(NEED_SIZE):
        need[i] = 0
    left = turns_left(s, p)
    low = C.lowest_row(s, p)
    f = fade(s, p, params) * 1.0
    score = np.empty(L.N_COLS, dtype=np.float64)
    card = 0.0
    carded = False
    for col in range(L.N_COLS):
        step = st.row[p, col] - 1
        if step + 1 < L.N_ROWS:
            bonus = 0.0
            if first_to_open(s, p, col):
                if not carded:
                    # a new card is worth the same whichever column's bonus brings it
                    card = new_card_vp(c, s, p, params)
                    carded = True
                bonus = card
            gain = step_gain_at(c, s, p, params, col, left, low, bonus)
            gain -= step_cost_at(c, s, p, params, col, 1, 1, f)
            score[col] = gain / (2 * (step + 1))
    chosen = 0
    for _ in range(int(params[p, P.P_PLAN_TARGETS])):
        best = -1
        best_v = -1e18
        for col in range(L.N_COLS):
            if st.row[p, col] < L.N_ROWS and not (chosen >> col) & 1 and score[col] > best_v:
                best_v = score[col]
                best = col
        if best < 0:
            break
        chosen |= 1 << best
        step = st.row[p, best] - 1
        need[NEED_SHIPS] += cf.step_ships[best, step]
        for k in range(L.N_SPICES):
            need[1 + k] += cf.step_cost[best, step, k]
    need[NEED_SHIPS] -= st.ships[p]
    for k in range(L.N_SPICES):
        need[1 + k] -= C.spice_total(s, p, k)


@njit(cache=True, _nrt=False)
def ships_vp(s, p, params, need, g):
    """VP of ``g`` more ships given the plan's shortfall ``need``."""
    short = need[NEED_SHIPS]
    useful = g if g < short else (short if short > 0 else 0)
    unit = params[p, P.P_SHIP_VP] * fade(s, p, params)
    return (useful + params[p, P.P_SURPLUS] * (g - useful)) * unit


@njit(cache=True, _nrt=False)
def spice_unit(s, p, params, need, k):
    """VP of one more spice ``k`` given the shortfall."""
    v = params[p, P.P_SPICE_VP + k] * fade(s, p, params)
    return v if need[1 + k] > 0 else v * params[p, P.P_SURPLUS]


@njit(cache=True, _nrt=False)
def colonists_vp(s, p, params, g):
    return g * params[p, P.P_COLONIST_VP] * fade(s, p, params)


@njit(cache=True, _nrt=False)
def gain_spices_vp(s, p, params, need, h, space, mix):
    """VP of taking up to ``h`` spices into free slots (``space`` -1: any), each unit to its
    best slot and type; with ``mix`` a unit may be a ship or a colonist (G6.8, G6.13, A13)."""
    st = S.fields(s)
    f = fade(s, p, params)
    surplus = params[p, P.P_SURPLUS]
    # shortfalls (one byte per spice) and free slots (four bits per space) packed in
    # integers: no arrays to allocate on this hot path
    short = 0
    for k in range(L.N_SPICES):
        d = need[1 + k]
        short |= (d if 0 < d < 255 else (255 if d >= 255 else 0)) << (8 * k)
    free = 0
    for sp in range(L.N_SPACES):
        if space < 0 or sp == space:
            free |= C.space_free(s, p, sp) << (4 * sp)
    ships_short = need[NEED_SHIPS]
    total = 0.0
    for _ in range(h):
        best_v = 0.0
        best_sp = -1
        best_k = -1
        for sp in range(L.N_SPACES):
            if (free >> (4 * sp)) & 15 == 0:
                continue
            mask = st.space_accept[p, sp]
            for k in range(L.N_SPICES):
                if (mask >> k) & 1:
                    v = params[p, P.P_SPICE_VP + k] * f
                    if (short >> (8 * k)) & 255 == 0:
                        v *= surplus
                    if v > best_v:
                        best_v = v
                        best_sp = sp
                        best_k = k
        if mix:
            v = params[p, P.P_SHIP_VP] * f * (1.0 if ships_short > 0 else surplus)
            if v > best_v:
                best_v = v
                best_sp = -2
            v = colonists_vp(s, p, params, 1)
            if v > best_v:
                best_v = v
                best_sp = -3
        if best_sp == -1:
            break
        total += best_v
        if best_sp == -2:
            ships_short -= 1
        elif best_sp >= 0:
            free -= 1 << (4 * best_sp)
            if (short >> (8 * best_k)) & 255 > 0:
                short -= 1 << (8 * best_k)
    return total
