"""Compiled policy dispatch: every seat's player is a row of a float64 parameter table.

``params[seat, P_KIND]`` selects the policy (random-legal or the heuristic player); the other
columns are that policy's behaviour parameters and restrictions (:mod:`strategies.params`).
Every random pick a policy makes comes from the game's player generator (kept in the state,
separate from the chance generator so that the deals stay common across compared players).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.heuristic import acting as AC
from strategies.heuristic import bidding as BI
from strategies.heuristic import ships as SH
from strategies.heuristic import work as W
from strategies.params import KIND_HEURISTIC, KIND_RANDOM, N_PARAMS, P_KIND, POLICY_KINDS
from strategies.restrictions import R_ANY, filter_legal
from vdgsim import layout as L
from vdgsim.engine.flow import sending_merchant
from vdgsim.engine.rng import randint

__all__ = [
    "KIND_HEURISTIC",
    "KIND_RANDOM",
    "N_PARAMS",
    "POLICY_KINDS",
    "P_KIND",
    "choose",
    "choose_cached",
    "heuristic",
    "new_cache",
    "random_legal",
    "random_params",
]


@njit(cache=True, _nrt=False)
def random_legal(s, legal, n):
    """Uniform random-legal player."""
    return legal[randint(s, L.S_RNG_PLAYER, n)]


CACHE_WIDTH = BI.CACHE_WIDTH


def new_cache() -> np.ndarray:
    """A per-game scratch cache for :func:`choose_cached` (pure speed: same decisions)."""
    return np.zeros((L.MAX_PLAYERS, CACHE_WIDTH), dtype=np.float64)


@njit(cache=True, inline="always")
def heuristic(c, s, legal, n, pr, cache, wi, wf):
    """The parameterised heuristic player (see :mod:`strategies.heuristic`)."""
    p = s[L.S_DEC_PLAYER]
    kind = s[L.S_DECISION]
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
    return legal[0]


@njit(cache=True)  # allocates its scratch arrays, so it keeps numba's reference counting
def choose(c, s, legal, n, params):
    """The action of the seat that must decide now, given the ``n`` legal actions."""
    cache = np.zeros((L.MAX_PLAYERS, CACHE_WIDTH))
    wi = np.zeros(W.WI_SIZE, dtype=np.int64)
    wf = np.zeros(W.WF_SIZE)
    return choose_cached(c, s, legal, n, params, cache, wi, wf)


@njit(cache=True, inline="always")
def choose_cached(c, s, legal, n, params, cache, wi, wf):
    """:func:`choose` with a per-game cache (see :func:`new_cache`) that the whole-game loop
    keeps between decisions; the decisions are the same as without it."""
    seat = s[L.S_DEC_PLAYER]
    pr = params[seat]
    kind = int(pr[P_KIND])
    if pr[R_ANY] > 0:
        allowed = np.empty(n, dtype=np.int64)
        m = filter_legal(c, s, pr, legal, n, allowed)
        if kind == KIND_HEURISTIC:
            return heuristic(c, s, allowed, m, pr, cache, wi, wf)
        return random_legal(s, allowed, m)
    if kind == KIND_HEURISTIC:
        return heuristic(c, s, legal, n, pr, cache, wi, wf)
    return random_legal(s, legal, n)


def random_params(players: int = 4) -> np.ndarray:
    """A parameter table with a random-legal player in every seat."""
    p = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    p[:, P_KIND] = KIND_RANDOM
    return p
