"""Random legal play for Goa, compiled: the conformance runs and the speed benchmark.

The random player draws from the state's own player generator (``rng_player``), never from a
global one, so a game is a pure function of (components, players, options, seed) in compiled
code and under ``NUMBA_DISABLE_JIT=1`` alike.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.engine import scoring as SC
from vdgsim.games.vasco.engine import rng as R


@njit(cache=True, _nrt=False)
def random_action(s, legal, n):
    return legal[R.randint(s, L.S_RNG_PLAYER, n)]


@njit(cache=True, _nrt=False)
def play_random_to_end(c, s, log, legal):
    """Play the game in ``s`` to its end with uniformly random legal actions."""
    while s[L.S_STEP] != L.ST_OVER:
        n = flow.legal_actions(c, s, legal)
        flow.apply(c, s, log, random_action(s, legal, n))


@njit(cache=True)
def play_batch(c, n_players, seeds, quick, bonanza, strict, vp, ducats, decisions):
    """One random game per seed; fills ``vp`` and ``ducats`` (games x seats) and the number
    of decisions taken per game."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, n_players, seeds[g], quick, bonanza, strict)
        play_random_to_end(c, s, log, legal)
        for p in range(n_players):
            vp[g, p] = s[L.S_VP + p]
            ducats[g, p] = s[L.S_DUCATS + p]
        decisions[g] = s[L.S_DECISIONS_TAKEN]


def ranks(s: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rank = np.zeros(L.MAX_PLAYERS, dtype=np.int64)
    share = np.zeros(L.MAX_PLAYERS, dtype=np.float64)
    SC.ranks_and_shares(s, rank, share)
    return rank, share
