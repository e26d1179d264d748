"""The compiled whole-game loop: the rules engine driven by compiled policies."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.vasco.heuristic import work as W
from strategies.vasco.policy import CACHE_WIDTH, choose_cached
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.engine import scoring as SC
from vdgsim.games.vasco.engine import state as S


@njit(cache=True)
def play_to_end(c, s, log, params, legal):
    """Play the game in ``s`` to its end with the policies in ``params``.

    Returns (options, forced): the legal actions summed over the game's decisions and the
    decisions that had only one, which only this loop sees (the branching factor of a run's
    ``games`` table)."""
    cache = np.zeros((L.MAX_PLAYERS, CACHE_WIDTH))
    wi = np.zeros(W.WI_SIZE, dtype=np.int64)
    wf = np.zeros(W.WF_SIZE)
    options = 0
    forced = 0
    st = S.fields(s)
    while st.step != L.ST_OVER:
        n = flow.legal_actions(c, s, legal)
        options += n
        if n == 1:
            forced += 1
        flow.apply(c, s, log, choose_cached(c, s, legal, n, params, cache, wi, wf))
    return options, forced


@njit(cache=True)
def play_batch(c, n_players, seeds, params, vp, share):
    """Play one game per seed; fill ``vp`` and ``share`` (games x seats)."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    st = S.fields(s)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    sh = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, n_players, seeds[g])
        play_to_end(c, s, log, params, legal)
        SC.ranks_and_shares(s, rank, sh)
        for p in range(n_players):
            vp[g, p] = st.vp[p]
            share[g, p] = sh[p]


def play_games(components, players: int, seeds: np.ndarray, params: np.ndarray):
    """Play ``len(seeds)`` games in compiled code; returns (vp, win_share) arrays."""
    seeds = np.ascontiguousarray(seeds, dtype=np.int64)
    vp = np.zeros((len(seeds), players), dtype=np.int64)
    share = np.zeros((len(seeds), players), dtype=np.float64)
    play_batch(components.array, players, seeds, params, vp, share)
    return vp, share
