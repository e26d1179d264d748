"""Features of a bid, compiled: how Goa's learned player bids when its preset has bid weights.

At a bid decision (``D_BID``, G4.2) every legal answer — passing or a bid above the high bid,
at most the seat's ducats — gets :data:`N_BID_FEATURES` numbers (names and meaning:
:data:`strategies.goa.learned.model.BID_FEATURES`, and docs/learned.md). A candidate is placed
on one line of ducats: a bid ``b`` at ``b``, passing at the high bid (it raises nothing).
The first feature is minus the distance from the heuristic's own bid on that line, so weight 1
on it alone bids as the inherited preset does; the others add what the heuristic does not
weigh, or weighs only through its fixed rule: the lot's value less the price, what the lot is
worth to the rivals, whether the owner is expected to sell at that bid (G4.3b) or buy the lot
back (G4.3c, the bid then only costs him), whether a later speaker is expected to outbid it,
the ducats it leaves against what the seat would pay for the best lot still to come this
round, and the round.

Nothing hidden is read: every value here — the heuristic's bid included — is worked out with
each Mission whose VP the seat may not see (G5.9) worth the mean of those Missions, rounded to
a whole VP (the component table holds whole VP). The heuristic reads the Missions' own VP, so
the first feature can disagree with the inherited preset's bid where such a Mission is the lot
or one still to come this round (tests/goa/test_goa_learned_bids.py measures how often).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import bidding as BD
from strategies.goa.heuristic import values as V
from strategies.goa.learned.features import pick_scored
from strategies.goa.search.determinize import is_unseen_mission
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S

B_HEURISTIC = 0  # minus the ducats between the candidate and the heuristic's bid
B_SURPLUS = 1  # a bid: the lot's weighted VP less the VP of the ducats paid; passing: 0
B_SURPLUS_LATE = 2  # that times (round - 1) / 7
B_RIVAL = 3  # a bid: the best rival's VP of the lot, as the seat values rivals; passing: 0
B_OWNER_SELLS = 4  # a bid at or above the bid the owner is expected to sell at (G4.3b)
B_OUTBID = 5  # a bid at or below the highest limit of the later speakers (G4.2)
B_RAISE = 6  # (candidate - high bid) / 10: the bid's raise, 0 for passing
B_FLAG_RAISE = 7  # that on the Flag (G4.5), 0 on a tile
B_SHORT = 8  # min(ducats left - the limit for the best lot still to come this round, 0) / 10
B_BID = 9  # 1 for a bid, 0 for passing
N_BID_FEATURES = 10


@njit(cache=True)
def public_components(c, s, p):
    """The components as seat ``p`` may know them: ``c`` itself, or, when some Mission's VP is
    hidden from ``p`` (G5.9), a copy in which every such Mission is worth the rounded mean of
    them."""
    cf = S.comp(c)
    total = 0.0
    count = 0
    for u in range(L.N_TILES):
        if is_unseen_mission(c, s, u, p):
            total += cf.tile_vp[u]
            count += 1
    if count == 0:
        return c
    mean = int(np.floor(total / count + 0.5))
    out = c.copy()
    for u in range(L.N_TILES):
        if is_unseen_mission(c, s, u, p):
            out[L.C_TILE_VP + u] = mean
    return out


@njit(cache=True)
def later_need(c, s, p, params):
    """The most ducats ``p`` would pay (its heuristic limit, without the deny share) for one
    of the items still to be auctioned this round after the current one (G4.1); 0 if none."""
    st = S.fields(s)
    cash = st.ducats[p] - int(params[p, P.P_RESERVE])
    top = 0
    for item in range(st.auction_item + 1, st.players + 2):
        if st.item_owner[item] == p:
            continue
        worth = BD.lot_vp(c, s, p, params, item) * BD.item_weight(c, s, p, params, item)
        lim = V.affordable(s, p, params, worth, cash)
        if lim > top:
            top = lim
    return top


@njit(cache=True)
def bid_features(c, s, params, legal, n, out):
    """Fill ``out[i, :N_BID_FEATURES]`` with the features of legal answer ``legal[i]`` at the
    pending ``D_BID`` decision (``params``: the line-up table; the deciding seat's row gives
    the values)."""
    st = S.fields(s)
    p = st.decision_player
    item = st.auction_item
    high = st.auction_high_bid
    pc = public_components(c, s, p)
    target = BD.choose_bid(pc, s, p, params)
    if target == A.PASS:
        target = high
    own = BD.lot_vp(pc, s, p, params, item) * BD.item_weight(pc, s, p, params, item)
    pr = BD.as_seen_by(params, p)
    rival = BD.rival_vp(pc, s, p, pr, item)
    sells_at = BD.owner_sells_at(pc, s, pr, item)
    later = BD.later_limit(pc, s, p, params, item)
    need = later_need(pc, s, p, params)
    late = (st.round - 1) / (L.N_ROUNDS - 1.0)
    flag = 1.0 if item == 1 else 0.0
    for i in range(n):
        a = legal[i]
        for j in range(N_BID_FEATURES):
            out[i, j] = 0.0
        x = high if a == A.PASS else a
        out[i, B_HEURISTIC] = -abs(x - target)
        out[i, B_SHORT] = min(st.ducats[p] - (x if a != A.PASS else 0) - need, 0) / 10.0
        if a == A.PASS:
            continue
        surplus = own - V.pay_vp(s, p, params, a)
        out[i, B_SURPLUS] = surplus
        out[i, B_SURPLUS_LATE] = surplus * late
        out[i, B_RIVAL] = rival
        out[i, B_OWNER_SELLS] = 1.0 if a >= sells_at else 0.0
        out[i, B_OUTBID] = 1.0 if a <= later else 0.0
        out[i, B_RAISE] = (a - high) / 10.0
        out[i, B_FLAG_RAISE] = flag * (a - high) / 10.0
        out[i, B_BID] = 1.0


@njit(cache=True, _nrt=False)
def has_bid_weights(pr):
    """Whether a parameter row sets any bid weight (without them it bids as its preset)."""
    for j in range(P.BW_FIRST, P.BW_END):
        if pr[j] != 0.0:
            return True
    return False


@njit(cache=True)
def decide_bid(c, s, legal, n, params):
    """The learned player's answer at a ``D_BID`` decision: the legal answer whose features
    score highest under the deciding seat's bid weights (``BW_FIRST:BW_END``; a sum in
    feature order, so compiled and plain Python add alike); ties are broken from the player
    generator, as the heuristic breaks them."""
    if n == 1:
        return legal[0]
    out = np.empty((n, N_BID_FEATURES))
    bid_features(c, s, params, legal, n, out)
    return pick_scored(s, params[S.fields(s).decision_player], P.BW_FIRST, out, legal, n)
