"""The compiled whole-game loop: Goa's rules engine driven by compiled policies."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa.policy import choose
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.engine import scoring as SC


@njit(cache=True)
def play_to_end(c, s, log, params, legal):
    """Play the game in ``s`` to its end with the policies in ``params``."""
    while s[L.S_STEP] != L.ST_OVER:
        n = flow.legal_actions(c, s, legal)
        flow.apply(c, s, log, choose(c, s, legal, n, params))


@njit(cache=True)
def play_batch(c, n_players, seeds, quick, bonanza, strict, params, vp, share):
    """One game per seed; fills ``vp`` and ``share`` (games x seats)."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    sh = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, n_players, seeds[g], quick, bonanza, strict)
        play_to_end(c, s, log, params, legal)
        SC.ranks_and_shares(s, rank, sh)
        for p in range(n_players):
            vp[g, p] = s[L.S_VP + p]
            share[g, p] = sh[p]


def play_games(components, players: int, seeds: np.ndarray, params: np.ndarray, options=None):
    """Play ``len(seeds)`` games in compiled code; returns (vp, win_share) arrays
    (games x seats). ``options`` is a :class:`vdgsim.games.goa.game.Options` (default: the
    component data's variants, none in the default data)."""
    from vdgsim.games.goa.game import data_options

    opt = options or data_options(components)
    if opt.extra_action_cap:
        raise ValueError("play_games plays the default extra-action reading (cap 0) only")
    seeds = np.ascontiguousarray(seeds, dtype=np.int64)
    vp = np.zeros((len(seeds), players), dtype=np.int64)
    share = np.zeros((len(seeds), players), dtype=np.float64)
    play_batch(
        components.array,
        players,
        seeds,
        int(opt.quick_start),
        int(opt.bonanza),
        int(opt.strict_hand_limit),
        np.ascontiguousarray(params, dtype=np.float64),
        vp,
        share,
    )
    return vp, share
