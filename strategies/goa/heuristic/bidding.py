"""G3, G4: where the Flag and the markers go, what to bid, and the owner's choice.

A lot is worth ``own`` VP to the seat and ``rival`` VP to the rival who wants it most; the
seat pays up to the most ducats whose loss is worth ``own + deny * rival`` VP (priced along the
cash curve with ``cash_curve`` 1, :func:`values.pay_vp`), less its ``reserve``. Each non-owner
speaks once (G4.2), so it opens at ``bid_shade`` of that limit, raised to ``owner_floor`` times
the bid the owner would sell at (a lower bid lets him keep the lot for the bid less 1), or
just above the high bid, and to ``preempt`` times the highest limit it expects of the
non-owners still to speak, plus 1 (a lower bid is outbid for sure, G4.2). With
``chase_deny`` 0 those two raises stop at what the lot is worth to the seat itself: the deny
share of the limit sets the opening bid only (chasing the owner's price on a lot it wants
mostly to deny lost in every field tried). With ``solve_bid`` above 0
the bid moves towards the least bid that wins when the later speakers and the owner play as
the seat expects (:func:`least_winning_bid`). The owner buys when the lot
beats what the sale would bring (G4.3c): buying costs ``high - 1`` to the bank, selling
brings ``high``.

``lot_weight`` (per kind of lot, :data:`params.LOT_AXIS`) multiplies ``own`` in the bid, the
owner's choice and the marker and Flag placements, never what a rival is taken to want (a
seat does not know the others' weights, and denying is a separate weight, ``deny``). With a
kind's weight 0 the seat wants such a lot for nothing: it still bids up to the price of
``deny * rival``, keeps its own such lot only when denying it to the high bidder is worth
more than the sale (or nobody bid), and puts a marker on one only when no other tile within
reach is worth more than nothing to it."""

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
from vdgsim.games.goa.engine import markers as MK


@njit(cache=True)
def lot_vp(c, s, p, params, item):
    """VP of auction item ``item`` (marker number; 1 = the Flag) to seat ``p``."""
    st = S.fields(s)
    if item == 1:
        return LO.flag_vp(c, s, p, params)
    need = np.empty(V.NEED_SIZE, dtype=np.int64)
    V.plan_need(c, s, p, params, need)
    return LO.tile_vp(c, s, p, params, need, st.grid[st.item_cell[item]])


@njit(cache=True, _nrt=False)
def tile_weight(c, p, params, t):
    """``p``'s ``lot_weight`` of tile ``t``'s kind."""
    cf = S.comp(c)
    return params[p, P.P_LOT_W + P.LOT_OF_KIND[cf.tile_kind[t]]]


@njit(cache=True, _nrt=False)
def item_weight(c, s, p, params, item):
    """``p``'s ``lot_weight`` of auction item ``item`` (marker number; 1 = the Flag)."""
    st = S.fields(s)
    if item == 1:
        return params[p, P.P_LOT_W + P.LOT_FLAG]
    return tile_weight(c, p, params, st.grid[st.item_cell[item]])


@njit(cache=True)
def as_seen_by(params, p):
    """A parameter table whose every row is ``p``'s: a rival's state valued with ``p``'s own
    weights (a seat does not know the others' weights)."""
    pr = params.copy()
    for q in range(pr.shape[0]):
        pr[q] = params[p]
    return pr


@njit(cache=True)
def rival_vp(c, s, p, pr, item):
    """The most any other seat would gain from the item, as ``p`` estimates it: the rival's
    storage, rows and tiles under ``p``'s weights (``pr``, :func:`as_seen_by`), every unit
    counted as short (a rival's plan is not worked out: that would cost a plan per rival per
    bid)."""
    st = S.fields(s)
    if item == 1:
        return LO.flag_vp(c, s, p, pr)
    need = np.full(V.NEED_SIZE, 255, dtype=np.int64)
    t = st.grid[st.item_cell[item]]
    best = 0.0
    for q in range(st.players):
        if q != p:
            v = LO.tile_vp(c, s, q, pr, need, t)
            if v > best:
                best = v
    return best


@njit(cache=True)
def choose_bid(c, s, p, params):
    """G4.2: pass, or a bid above the high bid up to the limit (the owner floor and the
    pre-emptive bid only up to ``cap``, the limit without the unchased deny share)."""
    st = S.fields(s)
    item = st.auction_item
    own = lot_vp(c, s, p, params, item) * item_weight(c, s, p, params, item)
    cash = st.ducats[p] - int(params[p, P.P_RESERVE])
    worth = own
    # the rivals as p sees them, copied once for the deny share and the owner floor
    pr = as_seen_by(params, p)
    # the rivals' values matter only while its own value leaves it short of its cash
    if params[p, P.P_DENY] > 0.0 and V.pay_vp(s, p, params, cash) > own:
        worth += params[p, P.P_DENY] * rival_vp(c, s, p, pr, item)
    limit = V.affordable(s, p, params, worth, cash)
    high = st.auction_high_bid
    if limit <= high:
        return A.PASS
    b = int(params[p, P.P_BID_SHADE] * limit)
    cap = limit
    if worth > own and params[p, P.P_CHASE_DENY] < 1.0:
        cap = V.affordable(s, p, params, own + params[p, P.P_CHASE_DENY] * (worth - own), cash)
    if params[p, P.P_OWNER_FLOOR] > 0.0:
        # a bid the owner would buy at (paying it less 1) hands him the lot cheaply
        floor = int(params[p, P.P_OWNER_FLOOR] * owner_sells_at(c, s, pr, item))
        if floor > b:
            b = floor if floor < cap else (cap if cap > b else b)
    if params[p, P.P_PREEMPT] > 0.0 and b < cap:
        # G4.2: each non-owner speaks once, so a bid below a later speaker's limit is
        # outbid for sure; only a bid above it keeps the lot (or makes him pay more)
        pre = int(params[p, P.P_PREEMPT] * later_limit(c, s, p, params, item)) + 1
        if pre > b:
            b = pre if pre < cap else cap
    if params[p, P.P_SOLVE_BID] > 0.0:
        w = least_winning_bid(c, s, p, params, item, high, cap)
        if w > 0:
            # w > high, and b > high once raised below: the mix stays a legal bid
            b = int(b + params[p, P.P_SOLVE_BID] * (w - b) + 0.5)
    if b <= high:
        b = high + 1
    return b


@njit(cache=True)
def least_winning_bid(c, s, p, params, item, high, cap):
    """The least bid in ``(high, cap]`` with which ``p`` takes the item when the later
    speakers and the owner play as ``p`` expects them to; 0 when there is none.

    G4.2: each later non-owner speaks once and bids only if some bid within its limit (valued
    as in :func:`later_limit`) takes the item; G4.3: the owner then sells when the sale is
    worth more to him than keeping the item for the bid less 1 (as in :func:`choose_owner`,
    without the deny share and ``sell_bias``), or when he cannot pay it
    (:func:`first_winning_bid`)."""
    st = S.fields(s)
    n = st.players
    owner = st.item_owner[item]
    pr = as_seen_by(params, p)
    first = st.auction_speaker + 1
    m = n - 1 - first if n - 1 > first else 0
    lims = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    top = cap
    for k in range(m):
        q = (owner + 1 + first + k) % n
        lims[k] = V.affordable(s, q, pr, lot_vp(c, s, q, pr, item), st.ducats[q])
        if lims[k] > top:
            top = lims[k]
    if top <= high:
        return 0
    sells = np.zeros(top + 2, dtype=np.bool_)
    own_o = lot_vp(c, s, owner, pr, item)
    for b in range(high + 1, top + 1):
        if st.ducats[owner] < b - 1:
            sells[b] = True
        else:
            keep = own_o - V.pay_vp(s, owner, pr, b - 1)
            sells[b] = V.receive_vp(s, owner, pr, b) >= keep
    return first_winning_bid(lims, m, sells, high, cap)


@njit(cache=True)
def first_winning_bid(lims, m, sells, high, cap):
    """The least bid ``b`` in ``(high, cap]`` after which each of the ``m`` later speakers
    passes and the owner sells (``sells[b]``); 0 when there is none. Speaker ``k`` (in
    speaking order) bids at high bid ``h`` when some bid in ``(h, lims[k]]`` wins for him in
    turn. Solved backwards from the last speaker: ``quiet[h]`` says that every speaker from
    the current one on passes at ``h``. ``sells`` has an entry for every bid up to
    ``max(cap, lims[:m]) + 1``."""
    top = len(sells) - 2
    quiet = np.ones(top + 2, dtype=np.bool_)
    for k in range(m - 1, -1, -1):
        # a running "exists" over b = h + 1, downwards from the top
        can = False
        after = quiet[top + 1]  # quiet[h + 1] for the speakers after k (before k's update)
        for h in range(top, high - 1, -1):
            if h + 1 <= lims[k] and after and sells[h + 1]:
                can = True
            after = quiet[h]
            quiet[h] = after and not can
    for b in range(high + 1, cap + 1):
        if quiet[b] and sells[b]:
            return b
    return 0


@njit(cache=True)
def later_limit(c, s, p, params, item):
    """The highest limit among the non-owners who speak after ``p`` on this item (G4.2),
    each valued like :func:`rival_vp` (``p``'s weights, every unit short) and priced on
    ``p``'s cash curve at the rival's own ducats; 0 when ``p`` speaks last."""
    st = S.fields(s)
    n = st.players
    owner = st.item_owner[item]
    pr = as_seen_by(params, p)
    top = 0
    for k in range(st.auction_speaker + 1, n - 1):
        q = (owner + 1 + k) % n
        if st.ducats[q] <= top:
            continue
        v = lot_vp(c, s, q, pr, item)
        lim = V.affordable(s, q, pr, v, st.ducats[q])
        if lim > top:
            top = lim
    return top


@njit(cache=True)
def owner_sells_at(c, s, pr, item):
    """The lowest bid at which the owner, valued under the bidder's weights (``pr``,
    :func:`as_seen_by`), would rather sell than buy (G4.3): keeping costs ``bid - 1`` and
    forgoes ``bid``; an owner who cannot pay ``bid - 1`` must sell. It leaves out the owner's
    deny share and ``sell_bias`` (``sell_bias`` was measured with this model unchanged)."""
    st = S.fields(s)
    q = st.item_owner[item]
    own = lot_vp(c, s, q, pr, item)
    dv = V.ducat_vp(s, q, pr)
    if dv <= 0.0:
        dv = 1e-3
    b = int((own / dv + 1.0) / 2.0) + 1
    cap = st.ducats[q] + 2
    return b if b < cap else cap


@njit(cache=True)
def choose_owner(c, s, p, params):
    """G4.3: buy when keeping the lot is worth more than the sale brings plus ``sell_bias``
    (without it the owner bought where selling won more, most of all in rounds 1-3;
    docs/notes/2026-11-goa-players-figures.md)."""
    st = S.fields(s)
    item = st.auction_item
    high = st.auction_high_bid
    own = lot_vp(c, s, p, params, item) * item_weight(c, s, p, params, item)
    winner = lot_vp(c, s, st.auction_high_bidder, as_seen_by(params, p), item)
    keep = own - V.pay_vp(s, p, params, high - 1)
    got = V.receive_vp(s, p, params, high)
    sell = got - params[p, P.P_DENY] * (winner - high * V.ducat_vp(s, p, params))
    return A.OWNER_BUY if keep > sell + params[p, P.P_SELL_BIAS] else A.OWNER_SELL


@njit(cache=True)
def choose_marker(c, s, legal, n, p, params):
    """G3.3: the tile it would most like to own (owning a lot means buying it at the high
    bid less 1, or being paid for it)."""
    st = S.fields(s)
    need = np.empty(V.NEED_SIZE, dtype=np.int64)
    V.plan_need(c, s, p, params, need)
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        t = st.grid[legal[i]]
        vals[i] = LO.tile_vp(c, s, p, params, need, t) * tile_weight(c, p, params, t)
    return legal[best_index(s, vals, n)]


@njit(cache=True)
def choose_flag(c, s, legal, n, p, params):
    """G3.1, G3.3: the Flag cell whose 8-neighbour tiles are worth least to the next
    placer (he puts marker 2 on one of them), less ``flag_own`` times the best of them to
    itself (the marker chain starts there, so those tiles are likely auctioned this round)."""
    q = MK.placer(s, 2)
    pr = as_seen_by(params, p)
    need = np.empty(V.NEED_SIZE, dtype=np.int64)
    V.plan_need(c, s, q, pr, need)
    own = params[p, P.P_FLAG_OWN]
    mine = np.empty(V.NEED_SIZE, dtype=np.int64)
    if own != 0.0:
        V.plan_need(c, s, p, params, mine)
    # each grid tile is valued once, not once for every Flag cell next to it
    theirs = np.empty(L.N_CELLS, dtype=np.float64)
    ours = np.empty(L.N_CELLS, dtype=np.float64)
    cell_values(c, s, q, pr, need, p, params, mine, own != 0.0, theirs, ours)
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        vals[i] = flag_cell_vp(s, legal[i], own, theirs, ours)
    return legal[best_index(s, vals, n)]


@njit(cache=True, _nrt=False)
def cell_values(c, s, q, pr, need, p, params, mine, with_own, theirs, ours):
    """Fill ``theirs`` with each grid tile's value to the next placer ``q`` (``p``'s view
    ``pr``, his plan ``need``) and, ``with_own``, ``ours`` with its weighted value to ``p``."""
    st = S.fields(s)
    for cell in range(L.N_CELLS):
        t = st.grid[cell]
        if t >= 0:
            theirs[cell] = LO.tile_vp(c, s, q, pr, need, t)
            if with_own:
                ours[cell] = LO.tile_vp(c, s, p, params, mine, t) * tile_weight(c, p, params, t)


@njit(cache=True, _nrt=False)
def flag_cell_vp(s, a, own, theirs, ours):
    """``own`` times the best of the Flag cell's 8-neighbour tiles to the seat (``ours``)
    less the best of them to the next placer (``theirs``)."""
    st = S.fields(s)
    r0, c0 = A.flag_rc(a)
    top = 0.0
    best = 0.0
    for dr in range(-1, 2):
        for dc in range(-1, 2):
            r = r0 + dr
            cc = c0 + dc
            if 0 <= r < L.GRID and 0 <= cc < L.GRID:
                cell = r * L.GRID + cc
                if st.grid[cell] >= 0:
                    v = theirs[cell]
                    if v > top:
                        top = v
                    if own != 0.0:
                        v = ours[cell]
                        if v > best:
                            best = v
    return own * best - top
