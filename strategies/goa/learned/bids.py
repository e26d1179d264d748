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

Nothing hidden is read: every value here is the heuristic's, which values each Mission whose
VP the seat may not see (G5.11, G9.5) at the mean of those Missions
(:mod:`strategies.goa.heuristic.hidden`), so the first feature is the inherited preset's bid.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import bidding as BD
from strategies.goa.heuristic import values as V
from strategies.goa.learned.features import pick_scored
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
    target = BD.choose_bid(c, s, p, params)
    if target == A.PASS:
        target = high
    own = BD.lot_vp(c, s, p, params, item) * BD.item_weight(c, s, p, params, item)
    pr = BD.as_seen_by(params, p)
    rival = BD.rival_vp(c, s, p, pr, item)
    sells_at = BD.owner_sells_at(c, s, pr, item)
    later = BD.later_limit(c, s, p, params, item)
    need = later_need(c, s, p, params)
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
