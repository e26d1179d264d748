"""Compiled policy dispatch: every seat's player is a row of a float64 parameter table.

``params[seat, P_KIND]`` selects the policy (random-legal, the heuristic player, the learned
player of :mod:`strategies.vasco.learned`, or a search player of :mod:`strategies.vasco.search`);
the other columns are that policy's behaviour parameters, restrictions, search budget or learned
weights (:mod:`strategies.vasco.params`).
Every random pick a policy makes comes from the game's player generator (kept in the state,
separate from the chance generator so that the deals stay common across compared players).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco.heuristic import work as W
from strategies.vasco.params import (
    KIND_HEURISTIC,
    KIND_ISMCTS,
    KIND_LEARNED,
    KIND_MC,
    KIND_RANDOM,
    N_PARAMS,
    P_KIND,
    POLICY_KINDS,
    Q_DECISIONS,
)
from strategies.vasco.restrictions import R_ANY, filter_legal
from strategies.vasco.scripted import CACHE_WIDTH, choose_scripted, heuristic, random_legal
from strategies.vasco.search.ismcts import decide_ismcts
from strategies.vasco.search.mc import decide_mc
from strategies.vasco.search.rollout import rollout_table
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import state as S

__all__ = [
    "KIND_HEURISTIC",
    "KIND_ISMCTS",
    "KIND_LEARNED",
    "KIND_MC",
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


def new_cache() -> np.ndarray:
    """A per-game scratch cache for :func:`choose_cached` (pure speed: same decisions)."""
    return np.zeros((L.MAX_PLAYERS, CACHE_WIDTH), dtype=np.float64)


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
    pr = params[S.fields(s).decision_player]
    kind = int(pr[P_KIND])
    if kind != KIND_MC and kind != KIND_ISMCTS:
        return choose_scripted(c, s, legal, n, params, cache, wi, wf)
    return search(c, s, legal, n, pr)


@njit(cache=True)
def search(c, s, legal, n, pr):
    """The decision of a search player (restrictions filter its candidates first). Decision
    kinds outside its ``decisions`` mask go to its rollout preset."""
    st = S.fields(s)
    mask = int(pr[Q_DECISIONS])
    if mask != 0 and (mask >> st.decision) & 1 == 0:
        table = rollout_table(pr, st.decision_player)
        cache = np.zeros((L.MAX_PLAYERS, CACHE_WIDTH))
        wi = np.zeros(W.WI_SIZE, dtype=np.int64)
        wf = np.zeros(W.WF_SIZE)
        return choose_scripted(c, s, legal, n, table, cache, wi, wf)
    if pr[R_ANY] > 0:
        allowed = np.empty(n, dtype=np.int64)
        m = filter_legal(c, s, pr, legal, n, allowed)
        legal, n = allowed, m
    if int(pr[P_KIND]) == KIND_ISMCTS:
        return decide_ismcts(c, s, legal, n, pr)
    return decide_mc(c, s, legal, n, pr)


def random_params(players: int = 4) -> np.ndarray:
    """A parameter table with a random-legal player in every seat."""
    p = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    p[:, P_KIND] = KIND_RANDOM
    return p
