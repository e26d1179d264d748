"""The scripted policies, dispatched by a seat's parameter row: random-legal, the heuristic and
the learned player (:mod:`strategies.vasco.learned`: the heuristic but for its Phase 2 actions
and, with placement weights, its placements).

These are the players that need no search. The search players (:mod:`strategies.vasco.search`) play
their rollouts with them, so this module must not import :mod:`strategies.vasco.policy` (which
dispatches to the search players too): numba cannot compile a call cycle.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco.heuristic import acting as AC
from strategies.vasco.heuristic import bidding as BI
from strategies.vasco.heuristic import ships as SH
from strategies.vasco.learned import features as LF
from strategies.vasco.params import KIND_HEURISTIC, KIND_LEARNED, P_KIND, PW_ON
from strategies.vasco.restrictions import R_ANY, filter_legal
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import state as S
from vdgsim.games.vasco.engine.flow import sending_merchant
from vdgsim.games.vasco.engine.rng import randint

CACHE_WIDTH = BI.CACHE_WIDTH


@njit(cache=True, _nrt=False)
def random_legal(s, legal, n):
    """Uniform random-legal player."""
    return legal[randint(s, L.S_RNG_PLAYER, n)]


@njit(cache=True, inline="always")
def heuristic(c, s, legal, n, pr, cache, wi, wf):
    """The parameterised heuristic player (see :mod:`strategies.vasco.heuristic`)."""
    st = S.fields(s)
    p = st.decision_player
    kind = st.decision
    if kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE:
        return BI.decide_place(c, s, pr, p, legal, n, cache, wi, wf)
    if kind == L.D_ACT:
        return AC.decide_act(c, s, pr, p, legal, n, wi, wf)
    if kind == L.D_LAUNCH:
        return SH.decide_launch(c, s, pr, p, legal, n, wi)
    if kind == L.D_EXPEDITION_SHIP:
        return SH.decide_ship(c, s, pr, p, legal, n)
    if kind == L.D_SEND_MERCHANT:
        return SH.decide_merchant(c, s, pr, p, legal, n, wi, wf, sending_merchant(s))
    if kind == L.D_PROJECT_BONUS:
        return SH.decide_project_bonus(c, s, pr, p, legal, n, wi)
    if kind == L.D_SAILOR_BONUS:
        return SH.decide_sailor_bonus(c, s, pr, p, legal, n, wi, wf)
    if kind == L.D_END_BOARD:
        return SH.decide_end_board(legal, n)
    # D_SERNIGI_WHEN: send the merchant ship now, while its bonus is sure to be there
    for i in range(n):
        if legal[i] == L.SERNIGI_NOW:
            return legal[i]
    return legal[0]


@njit(cache=True, inline="always")
def learned(c, s, legal, n, pr, cache, wi, wf):
    """The learned player: its weights choose the Phase 2 actions (``D_ACT``) and, when it has
    placement weights (``PW_ON``), its disc placements; its inherited heuristic behaviour makes
    every other decision."""
    st = S.fields(s)
    kind = st.decision
    if kind == L.D_ACT:
        return LF.decide_act(c, s, pr, legal, n, wi, wf)
    if pr[PW_ON] > 0 and (kind == L.D_PLACE_DISC or kind == L.D_MANUEL_PLACE):
        return LF.decide_place(c, s, pr, st.decision_player, legal, n, cache, wi, wf)
    return heuristic(c, s, legal, n, pr, cache, wi, wf)


@njit(cache=True, inline="always")
def choose_scripted(c, s, legal, n, params, cache, wi, wf):
    """The action of the deciding seat when its row is a scripted policy (restrictions
    filter the legal actions first)."""
    seat = S.fields(s).decision_player
    pr = params[seat]
    kind = int(pr[P_KIND])
    if pr[R_ANY] > 0:
        allowed = np.empty(n, dtype=np.int64)
        m = filter_legal(c, s, pr, legal, n, allowed)
        if kind == KIND_HEURISTIC:
            return heuristic(c, s, allowed, m, pr, cache, wi, wf)
        if kind == KIND_LEARNED:
            return learned(c, s, allowed, m, pr, cache, wi, wf)
        return random_legal(s, allowed, m)
    if kind == KIND_HEURISTIC:
        return heuristic(c, s, legal, n, pr, cache, wi, wf)
    if kind == KIND_LEARNED:
        return learned(c, s, legal, n, pr, cache, wi, wf)
    return random_legal(s, legal, n)
