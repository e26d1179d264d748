"""The scripted players: random-legal and the VP-valuation heuristic, selected by
``params[seat, P_KIND]``."""

from __future__ import annotations

from numba import njit

from vdgsim.goa import actions as A
from vdgsim.goa import layout as L
from vdgsim.goa import state as S
from vdgsim.goa.players import params as P
from vdgsim.goa.players.heuristic import acting as AC
from vdgsim.goa.players.heuristic import bidding as BD
from vdgsim.goa.random_play import random_action


@njit(cache=True)
def heuristic_action(c, s, legal, n, params):
    """The heuristic's choice for the pending decision (one module per kind of choice)."""
    st = S.fields(s)
    kind = st.decision
    p = st.decision_player
    if n == 1:
        return legal[0]
    if kind == L.D_BID:
        return BD.choose_bid(c, s, p, params)
    if kind == L.D_OWNER:
        return BD.choose_owner(c, s, p, params)
    if kind == L.D_MARKER:
        return BD.choose_marker(c, s, legal, n, p, params)
    if kind == L.D_FLAG:
        return BD.choose_flag(c, s, legal, n, p, params)
    if kind == L.D_DRAW:
        return A.DRAW_ONE  # a card scores at least its symbol (G8.4c) and costs nothing
    if kind == L.D_EXTRA:
        return A.EXTRA_PLAY  # an unplayed card scores nothing (G8.4)
    if kind == L.D_COLONY_PAY:
        return A.PAY  # colonists score nothing (G8.4)
    if kind == L.D_COLONY_PLUS:
        return AC.colony_plus(c, s, p, params, legal, n)
    if kind == L.D_PAY_SPICE:
        return AC.choose_payment(s, legal, n, p)
    if kind == L.D_TURN and st.action_done and AC.only_end_or_discard(legal, n):
        return A.turn(A.T_END, 0)  # discarding a card only loses what keeping it is worth
    return AC.choose_valued(c, s, legal, n, p, params, kind)


@njit(cache=True)
def choose_scripted(c, s, legal, n, params):
    """The action of a scripted seat (random or heuristic) that must decide now, given the
    ``n`` legal actions. Search players decide in :func:`vdgsim.goa.players.policy.choose`;
    their rollouts call this, so a rollout never recurses into the search."""
    st = S.fields(s)
    if params[st.decision_player, P.P_KIND] == P.KIND_HEURISTIC:
        return heuristic_action(c, s, legal, n, params)
    return random_action(s, legal, n)
