"""The scripted players: random-legal, the VP-valuation heuristic and the learned player (the
heuristic but for its marker placements and, with bid weights, its bids,
:mod:`strategies.goa.learned`), selected by
``params[seat, P_KIND]``."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa import params as P
from strategies.goa.heuristic import acting as AC
from strategies.goa.heuristic import bidding as BD
from strategies.goa.learned.bids import decide_bid, has_bid_weights
from strategies.goa.learned.features import decide_marker
from strategies.goa.restrictions import filter_legal
from vdgsim.games.goa import actions as A
from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S
from vdgsim.games.goa.random_play import random_action


@njit(cache=True, _nrt=False)
def listed(a, legal, n):
    """``a`` if it is among the ``n`` listed actions, else the first of them."""
    for i in range(n):
        if legal[i] == a:
            return a
    return legal[0]


@njit(cache=True)
def heuristic_action(c, s, legal, n, params):
    """The heuristic's choice for the pending decision (one module per kind of choice).
    The bid, the owner's choice, Draw, Extra and Pay are computed from the state, not picked
    from ``legal``; a caller that lists only some actions (a search trying the untried ones)
    gets the first listed one when the choice is not among them, never an unlisted action."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
    if n == 1:
        return legal[0]
    if kind == L.D_BID:
        return listed(BD.choose_bid(c, s, p, params), legal, n)
    if kind == L.D_OWNER:
        return listed(BD.choose_owner(c, s, p, params), legal, n)
    if kind == L.D_MARKER:
        return BD.choose_marker(c, s, legal, n, p, params)
    if kind == L.D_FLAG:
        return BD.choose_flag(c, s, legal, n, p, params)
    if kind == L.D_DRAW:
        # a card scores at least its symbol (G8.4c) and costs nothing
        return listed(A.DRAW_ONE, legal, n)
    if kind == L.D_EXTRA:
        return listed(A.EXTRA_PLAY, legal, n)  # an unplayed card scores nothing (G8.4)
    if kind == L.D_COLONY_PAY:
        return listed(A.PAY, legal, n)  # colonists score nothing (G8.4)
    if kind == L.D_COLONY_PLUS:
        return AC.colony_plus(c, s, p, params, legal, n)
    if kind == L.D_PAY_SPICE:
        return AC.choose_payment(s, legal, n, p)
    if kind == L.D_TURN and st.action_done and AC.only_end_or_discard(legal, n):
        # discarding a card only loses what keeping it is worth
        return listed(A.turn(A.T_END, 0), legal, n)
    return AC.choose_valued(c, s, legal, n, p, params, kind)


@njit(cache=True)
def choose_scripted(c, s, legal, n, params):
    """The action of a scripted seat (random, heuristic or learned) that must decide now, given the
    ``n`` legal actions. Search players decide in :func:`strategies.goa.policy.choose`;
    their rollouts call this, so a rollout never recurses into the search. A restricted
    seat chooses among the actions its restrictions allow."""
    st = S.fields(s)
    pr = params[st.decision_player]
    if pr[P.R_ANY] > 0:
        allowed = np.empty(n, dtype=np.int64)
        n = filter_legal(c, s, pr, legal, n, allowed)
        legal = allowed
    if pr[P.P_KIND] == P.KIND_HEURISTIC:
        return heuristic_action(c, s, legal, n, params)
    if pr[P.P_KIND] == P.KIND_LEARNED:
        if st.decision == L.D_MARKER:
            return decide_marker(c, s, legal, n, params)
        if st.decision == L.D_BID and has_bid_weights(pr):
            return decide_bid(c, s, legal, n, params)
        return heuristic_action(c, s, legal, n, params)
    return random_action(s, legal, n)
