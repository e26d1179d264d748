"""Spices in storage (G6.13): gaining into empty slots, paying and selling from slots.

A gain or a payment of several spices is asked one spice at a time (G9.6): the choice is a
storage space and a spice type (``actions.slot``). Slots of one space are interchangeable, so
nothing finer is asked. A choice with a single option is made by the engine (G9.6 merge).
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.engine import common as C


@njit(cache=True, _nrt=False)
def start_gain(s, p, n, space, mix, ret):
    """Seat ``p`` is to take ``n`` spices (``space`` -1: into any space; ``mix``: harvest mix
    units may be ships or colonists too); afterwards play goes on at ``ret``."""
    st = S.fields(s)
    st.spices_to_gain = n
    st.gain_space = space
    st.gain_mix = mix
    st.gain_return = ret
    st.gain_seat = p
    return L.ST_GAIN


@njit(cache=True, _nrt=False)
def legal_gains(s, out, n):
    """Every (space, spice) with an empty slot that can hold the spice (G6.8, G6.13); with
    the harvest mix also a ship and a colonist (A13)."""
    st = S.fields(s)
    p = st.gain_seat
    lo = 0
    hi = L.N_SPACES
    if st.gain_space >= 0:
        lo = st.gain_space
        hi = lo + 1
    for sp in range(lo, hi):
        if C.space_free(s, p, sp) <= 0:
            continue
        mask = st.space_accept[p, sp]
        for k in range(L.N_SPICES):
            if (mask >> k) & 1:
                out[n] = A.slot(sp, k)
                n += 1
    if st.gain_mix:
        out[n] = A.MIX_SHIP
        out[n + 1] = A.MIX_COLONIST
        n += 2
    return n


@njit(cache=True, _nrt=False)
def gain(s, action):
    st = S.fields(s)
    p = st.gain_seat
    if action == A.MIX_SHIP:
        st.ships[p] += 1
    elif action == A.MIX_COLONIST:
        st.colonists[p] += 1
    else:
        st.spices[p, A.slot_space(action), A.slot_spice(action)] += 1
    st.spices_to_gain -= 1


@njit(cache=True, _nrt=False)
def start_pay(c, s, col, step, any_count, ret):
    """Set up paying spices: the list of step ``step`` of column ``col`` (``col`` -1: none),
    plus ``any_count`` spices of any type (Poll tax)."""
    cf = S.comp(c)
    st = S.fields(s)
    for k in range(L.N_SPICES):
        st.spices_to_pay[k] = cf.step_cost[col, step, k] if col >= 0 else 0
    st.spices_to_pay_any = any_count
    st.pay_return = ret
    return L.ST_PAY


@njit(cache=True, _nrt=False)
def pay_left(s):
    st = S.fields(s)
    n = st.spices_to_pay_any
    for k in range(L.N_SPICES):
        n += st.spices_to_pay[k]
    return n


@njit(cache=True, _nrt=False)
def _owed_type(s):
    """The first spice type still owed by name (a list payment), else -1 (any type owed)."""
    st = S.fields(s)
    for k in range(L.N_SPICES):
        if st.spices_to_pay[k] > 0:
            return k
    return -1


@njit(cache=True, _nrt=False)
def legal_pays(s, p, out, n):
    """Where the next spice comes from (G6.13: the payer chooses the slots). A list payment
    asks for its types in spice order, since the order cannot change the outcome; the Poll
    tax's "any 6" offers every spice held."""
    st = S.fields(s)
    owed = _owed_type(s)
    for sp in range(L.N_SPACES):
        for k in range(L.N_SPICES):
            if st.spices[p, sp, k] > 0 and (k == owed or (owed < 0 and st.spices_to_pay_any > 0)):
                out[n] = A.slot(sp, k)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def pay(s, p, action):
    st = S.fields(s)
    k = A.slot_spice(action)
    st.spices[p, A.slot_space(action), k] -= 1
    if st.spices_to_pay[k] > 0:
        st.spices_to_pay[k] -= 1
    else:
        st.spices_to_pay_any -= 1


@njit(cache=True, _nrt=False)
def legal_sells(s, p, out, n):
    """Stop, or sell one more spice from any space (SELL4, G7.4)."""
    st = S.fields(s)
    out[n] = A.SELL_STOP
    n += 1
    for sp in range(L.N_SPACES):
        for k in range(L.N_SPICES):
            if st.spices[p, sp, k] > 0:
                out[n] = A.slot(sp, k)
                n += 1
    return n


@njit(cache=True, _nrt=False)
def can_pay_step(c, s, p, col, step, spices, ships):
    """G6.3, G6.4: the step's spices (if ``spices``) and ships (if ``ships``) can be paid."""
    cf = S.comp(c)
    st = S.fields(s)
    if ships and st.ships[p] < cf.step_ships[col, step]:
        return False
    if spices:
        for k in range(L.N_SPICES):
            if C.spice_total(s, p, k) < cf.step_cost[col, step, k]:
                return False
    return True


@njit(cache=True, _nrt=False)
def gain_choices(s):
    """(number of gain options, the first one) without listing them (for the engine's
    merge of single-option choices)."""
    st = S.fields(s)
    p = st.gain_seat
    n = 0
    first = -1
    lo = 0
    hi = L.N_SPACES
    if st.gain_space >= 0:
        lo = st.gain_space
        hi = lo + 1
    for sp in range(lo, hi):
        if C.space_free(s, p, sp) <= 0:
            continue
        mask = st.space_accept[p, sp]
        for k in range(L.N_SPICES):
            if (mask >> k) & 1:
                if n == 0:
                    first = A.slot(sp, k)
                n += 1
    if st.gain_mix:
        if n == 0:
            first = A.MIX_SHIP
        n += 2
    return n, first


@njit(cache=True, _nrt=False)
def pay_choices(s, p):
    """(number of payment options, the first one), as :func:`legal_pays` lists them."""
    st = S.fields(s)
    owed = _owed_type(s)
    n = 0
    first = -1
    for sp in range(L.N_SPACES):
        for k in range(L.N_SPICES):
            if st.spices[p, sp, k] > 0 and (k == owed or (owed < 0 and st.spices_to_pay_any > 0)):
                if n == 0:
                    first = A.slot(sp, k)
                n += 1
    return n, first
