"""G5-G8: the action turn (the action, tiles used, a card played) and its sub-decisions.

Every option of the turn is valued in VP with :mod:`.values` and :mod:`.lots`; ending the
turn is worth 0, so free steps are taken while they gain something (G6.2). One-time tiles
whose worth depends on what the action leaves (Additional harvest, Poll tax) wait until the
action is done."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import lots as LO
from strategies.goa.heuristic import values as V
from strategies.goa.heuristic.pick import best_index
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import colonies as CO
from vdgsim.games.goa.engine import common as C
from vdgsim.games.goa.engine import expedition as X

POINTLESS = -0.5  # A26: an action that yields nothing
WAIT_VP = 2.0  # a one-time tile below this is kept for a better moment (until the last turns)
LAST_TURNS = 3


@njit(cache=True, _nrt=False)
def held_spice_vp(s, p, params, need, k):
    """VP of a spice ``k`` already held: full while the plan still needs it, else surplus."""
    return held_spice_vp_at(s, p, params, need[1 + k], k)


@njit(cache=True, _nrt=False)
def held_spice_vp_at(s, p, params, short, k):
    """:func:`held_spice_vp` with the plan's shortfall ``short`` of spice ``k``."""
    v = params[p, P.P_SPICE_VP + k] * V.fade(s, p, params)
    return v if short >= 0 else v * params[p, P.P_SURPLUS]


@njit(cache=True, _nrt=False)
def cheapest_spices_vp(s, p, params, need, count):
    """VP of the ``count`` held spices worth least (surplus ones first), or -1 if too few."""
    # spices held and spices given up so far, one byte per spice (a seat's storage holds
    # fewer than 256 of a spice): no arrays to allocate on this path
    left = 0
    for k in range(L.N_SPICES):
        left |= C.spice_total(s, p, k) << (8 * k)
    given = 0
    total = 0.0
    for _ in range(count):
        best = -1
        best_v = 1e18
        for k in range(L.N_SPICES):
            if (left >> (8 * k)) & 255 > 0:
                v = held_spice_vp_at(s, p, params, need[1 + k] + ((given >> (8 * k)) & 255), k)
                if v < best_v:
                    best_v = v
                    best = k
        if best < 0:
            return -1.0
        left -= 1 << (8 * best)
        given += 1 << (8 * best)
        total += best_v
    return total


@njit(cache=True, _nrt=False)
def sell_vp(c, s, p, params, need, count):
    """G7.4 SELL4: sell the spices worth less than the price, cheapest first."""
    cf = S.comp(c)
    price = cf.sell_price * V.ducat_vp(s, p, params)
    total = 0.0
    for k in range(1, count + 1):
        a = cheapest_spices_vp(s, p, params, need, k)
        b = cheapest_spices_vp(s, p, params, need, k - 1)
        if a < 0.0 or a - b >= price:
            break
        total += price - (a - b)
    return total


@njit(cache=True, _nrt=False)
def colony_try_vp(c, s, p, params, need, name, population, reveal):
    """G6.11: the chance of founding times the colony, less the colonists paid; a failure
    brings 1 colonist."""
    odds, paid = LO.found_odds(c, s, p, name, population, reveal)
    one = V.colonists_vp(s, p, params, 1)
    if odds == 0.0:
        return one
    win = LO.best_colony_vp(c, s, p, params, need, name)
    return odds * win - one * paid + (1.0 - odds) * one


@njit(cache=True, _nrt=False)
def spy_vp(c, s, p, params, need, a):
    """G5.7 Espionage: the action at the other seat's level."""
    cf = S.comp(c)
    st = S.fields(s)
    q = A.espionage_target(a)
    w = A.espionage_what(a)
    if w == A.SPY_SHIPS:
        return V.ships_vp(s, p, params, need, C.level(c, s, q, L.COL_SHIPS))
    if w == A.SPY_HARVEST:
        return V.gain_spices_vp(s, p, params, need, C.level(c, s, q, L.COL_HARVEST), -1, 0)
    if w == A.SPY_TAXES:
        return C.level(c, s, q, L.COL_TAXES) * V.ducat_vp(s, p, params)
    pop = cf.dev_value[L.COL_COLONISTS, st.row[q, L.COL_COLONISTS] - 1]
    return colony_try_vp(c, s, p, params, need, w - A.SPY_COLONY, pop, cf.colony_reveal)


@njit(cache=True, _nrt=False)
def best_spy_vp(c, s, p, params, need):
    st = S.fields(s)
    best = 0.0
    for q in range(st.players):
        if q == p:
            continue
        for w in range(A.SPY_COLONY):
            v = spy_vp(c, s, p, params, need, A.espionage(q, w))
            if v > best:
                best = v
    return best


@njit(cache=True, _nrt=False)
def tile_use_vp(c, s, p, params, need, t):
    """G5.5, G5.7, G5.9: what using kept tile ``t`` now gains."""
    cf = S.comp(c)
    st = S.fields(s)
    kind = cf.tile_kind[t]
    last = V.turns_left(s, p) <= LAST_TURNS
    if kind == L.TK_RED:
        g = cf.tile_gain[t]
        return LO.gains_vp(c, s, p, params, need, g[0], g[1], g[2], g[3], g[4], g[5])
    if kind == L.TK_VICEROY:
        col = LO.least_column(s, p)
        return V.step_gain(c, s, p, params, col)
    if kind == L.TK_RELIEF:
        t4 = 4  # two expedition cards of 1-3 colonists (components.toml), 4 on average
        v = max(V.ships_vp(s, p, params, need, t4), V.colonists_vp(s, p, params, t4))
        return max(v, V.gain_spices_vp(s, p, params, need, t4, -1, 0))
    if not st.action_done and not last:
        return -1.0
    if kind == L.TK_POLL_TAX:
        cost = cheapest_spices_vp(s, p, params, need, cf.tile_amount[t])
        return -1.0 if cost < 0.0 else cf.tile_vp[t] - cost
    if kind == L.TK_ADDITIONAL_HARVEST:
        v = _best_spaces_vp(s, p, params, need, cf.tile_amount[t])
    elif kind == L.TK_ESPIONAGE:
        v = best_spy_vp(c, s, p, params, need)
    else:  # Exchange
        v = 0.0
        for cell in range(L.N_CELLS):
            u = st.grid[cell]
            if u >= 0:
                w = LO.tile_vp(c, s, p, params, need, u)
                if w > v:
                    v = w
        v -= LO.EXCHANGE_VP * V.fade(s, p, params)
    return v if (v >= WAIT_VP or last) else -1.0


@njit(cache=True, _nrt=False)
def _best_spaces_vp(s, p, params, need, spaces):
    """G5.7 Additional harvest: the free slots of the ``spaces`` fullest-to-fill spaces."""
    st = S.fields(s)
    slots = 0
    taken = 0
    for _ in range(spaces):
        best = -1
        best_f = 0
        for sp in range(L.N_SPACES):
            if (taken >> sp) & 1 or st.space_slots[p, sp] == 0:
                continue
            f = C.space_free(s, p, sp)
            if f > best_f:
                best_f = f
                best = sp
        if best < 0:
            break
        taken |= 1 << best
        slots += best_f
    return V.gain_spices_vp(s, p, params, need, slots, -1, 0)


@njit(cache=True, _nrt=False)
def play_vp(c, s, p, params, need, card, col):
    """G7.4: what a benefit card gains now, less what keeping it is worth."""
    cf = S.comp(c)
    st = S.fields(s)
    e = cf.card_effect[card]
    amount = cf.card_amount[card]
    if e == L.CE_SHIPS:
        v = V.ships_vp(s, p, params, need, amount)
    elif e == L.CE_COLONISTS:
        v = V.colonists_vp(s, p, params, amount)
    elif e == L.CE_DUCATS:
        v = amount * V.ducat_vp(s, p, params)
    elif e == L.CE_SPICES:
        v = V.gain_spices_vp(s, p, params, need, amount, -1, 0)
    elif e == L.CE_SELL:
        v = sell_vp(c, s, p, params, need, amount)
    else:  # buy progress (its prices are in components.toml)
        price = cf.progress_price[st.row[p, col] - 1]
        v = V.step_gain(c, s, p, params, col) - price * V.ducat_vp(s, p, params)
    return v - V.hold_vp(c, s, p, params, card)


@njit(cache=True, _nrt=False)
def turn_vp(c, s, p, params, need, a):
    """VP of one option of the action turn (G6.2-G6.11, G7)."""
    cf = S.comp(c)
    st = S.fields(s)
    k = A.turn_kind(a)
    if k == A.T_END:
        return 0.0
    if k == A.T_DEVELOP:
        col = A.develop_column(a)
        card = A.develop_card(a)
        ships = True
        spices = True
        v = V.step_gain(c, s, p, params, col)
        if card >= 0:
            if cf.card_effect[card] == L.CE_SHIPS_ONLY:
                spices = False
            else:
                ships = False
            v -= V.hold_vp(c, s, p, params, card)
        return v - V.step_cost(c, s, p, params, col, ships, spices, params[p, P.P_SPEND])
    if k == A.T_SHIPS:
        return V.ships_vp(s, p, params, need, C.level(c, s, p, L.COL_SHIPS))
    if k == A.T_HARVEST:
        card = A.harvest_card(a)
        h = C.level(c, s, p, L.COL_HARVEST)
        v = V.gain_spices_vp(s, p, params, need, h, -1, 1 if card >= 0 else 0)
        if card >= 0:
            v -= V.hold_vp(c, s, p, params, card)
        return v if v > 0.0 else POINTLESS
    if k == A.T_TAXES:
        return C.level(c, s, p, L.COL_TAXES) * V.ducat_vp(s, p, params)
    if k == A.T_EXPEDITION:
        room = C.hand_limit(c, s, p) - st.hand_size[p]
        d = C.level(c, s, p, L.COL_EXPEDITION)
        draws = d if d < room else room
        if draws <= 0 or X.cards_left(s) == 0:
            return POINTLESS
        return draws * V.new_card_vp(c, s, p, params)
    if k == A.T_COLONY:
        reveal = cf.colony_reveal
        if not st.card_played and X.has_effect(c, s, p, L.CE_COLONY_PLUS):
            reveal += 1
        pop = C.level(c, s, p, L.COL_COLONISTS)
        return colony_try_vp(c, s, p, params, need, A.turn_param(a), pop, reveal)
    if k == A.T_USE_TILE:
        return tile_use_vp(c, s, p, params, need, A.turn_param(a))
    if k == A.T_PLAY:
        return play_vp(c, s, p, params, need, A.play_card(a), A.play_column(a))
    return -1.0  # discarding (G7.6) loses the card's symbol and effect; ending costs nothing


@njit(cache=True, _nrt=False)
def option_vp(c, s, p, params, need, kind, a):
    """VP of option ``a`` of a sub-decision of kind ``kind``."""
    cf = S.comp(c)
    st = S.fields(s)
    if kind == L.D_TURN:
        return turn_vp(c, s, p, params, need, a)
    if kind == L.D_GAIN_SPICE:
        if a == A.MIX_SHIP:
            return V.ships_vp(s, p, params, need, 1)
        if a == A.MIX_COLONIST:
            return V.colonists_vp(s, p, params, 1)
        sp = A.slot_space(a)
        mask = st.space_accept[p, sp]
        # a flexible slot is kept free for whatever is short later
        flexible = 0.0 if C.single_spice(mask) >= 0 else 0.01
        return V.spice_unit(s, p, params, need, A.slot_spice(a)) - flexible
    if kind == L.D_SELL:
        if a == A.SELL_STOP:
            return 0.0
        price = cf.sell_price * V.ducat_vp(s, p, params)
        return price - held_spice_vp(s, p, params, need, A.slot_spice(a))
    if kind == L.D_DISCARD_DOWN:
        return -V.hold_vp(c, s, p, params, a)
    if kind == L.D_REMOVE_PLANTATION:
        if a == A.REMOVE_NEW:
            t = st.pending_tile
            n = cf.tile_slots[t]
            keep = LO.storage_vp(s, p, params, n, LO.mean_spice_vp(s, p, params))
            if cf.tile_kind[t] == L.TK_PLANTATION:
                keep += n * held_spice_vp(s, p, params, need, cf.tile_spice[t])
            return -keep
        return -LO.plantation_space_vp(c, s, p, params, a)
    if kind == L.D_SHIPS_OR_COLONISTS:
        amount = cf.tile_amount[st.pending_tile]
        if a == A.TAKE_SHIPS:
            return V.ships_vp(s, p, params, need, amount)
        return V.colonists_vp(s, p, params, amount)
    if kind == L.D_RELIEF:
        t = st.relief_total
        if a == A.TAKE_SHIPS:
            return V.ships_vp(s, p, params, need, t)
        if a == A.TAKE_COLONISTS:
            return V.colonists_vp(s, p, params, t)
        return V.gain_spices_vp(s, p, params, need, t, -1, 0)
    if kind == L.D_GIFT:
        return LO.tile_vp(c, s, p, params, need, a)
    if kind == L.D_COLONY_TILE:
        return LO.colony_vp(c, s, p, params, need, a)
    if kind == L.D_ESPIONAGE:
        return spy_vp(c, s, p, params, need, a)
    if kind == L.D_VICEROY:
        return V.step_gain(c, s, p, params, a)
    if kind == L.D_EXCHANGE:
        return LO.tile_vp(c, s, p, params, need, st.grid[a])
    if kind == L.D_AH_SPACE:
        if a == A.AH_DONE:
            return 0.0
        return V.gain_spices_vp(s, p, params, need, C.space_free(s, p, a), a, 0)
    if kind == L.D_QUICK:  # G9.1
        if a == A.QUICK_DUCATS:
            return cf.quick_start_ducats * V.ducat_vp(s, p, params)
        i, j = A.quick_columns(a)
        return V.step_gain(c, s, p, params, i) + V.step_gain(c, s, p, params, j)
    return 0.0


@njit(cache=True, _nrt=False)
def colony_plus(c, s, p, params, legal, n):
    """G6.11 step 3: reveal a third card when the shortfall would cost more colonists than
    the card is worth to keep, or more than it has."""
    st = S.fields(s)
    short = CO.shortfall(c, s)
    if short == 0 or n < 2:
        return A.NO_CARD
    cf = S.comp(c)
    card = 0  # the card legal[1] plays: the first colony +1 card in hand, as the engine lists
    while st.card_location[card] != p or cf.card_effect[card] != L.CE_COLONY_PLUS:
        card += 1
    if short > st.colonists[p] or V.colonists_vp(s, p, params, short) > V.hold_vp(
        c, s, p, params, card
    ):
        return legal[1]
    return A.NO_CARD


@njit(cache=True)
def choose_valued(c, s, legal, n, p, params, kind):
    """The best-valued legal option of a sub-decision or of the action turn."""
    need = np.empty(V.NEED_SIZE, dtype=np.int64)
    V.plan_need(c, s, p, params, need)
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        vals[i] = option_vp(c, s, p, params, need, kind, legal[i])
    return legal[best_index(s, vals, n)]


@njit(cache=True)
def choose_payment(s, legal, n, p):
    """G6.13: pay from a flexible slot first, which can then take any spice."""
    st = S.fields(s)
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        flexible = C.single_spice(st.space_accept[p, A.slot_space(legal[i])]) < 0
        vals[i] = 1.0 if flexible else 0.0
    return legal[best_index(s, vals, n)]


@njit(cache=True, _nrt=False)
def only_end_or_discard(legal, n):
    """After the action, nothing is left to do but end the turn or drop a card."""
    for i in range(n):
        k = A.turn_kind(legal[i])
        if k != A.T_END and k != A.T_DISCARD:
            return False
    return True
