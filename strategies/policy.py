"""Compiled policy dispatch: every seat's player is a row of a float64 parameter table.

``params[seat, P_KIND]`` selects the policy; the other columns are that policy's parameters.
Every random pick a policy makes comes from the game's player generator (kept in the state,
separate from the chance generator so that the deals stay common across compared players).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from vdgsim import layout as L
from vdgsim.engine.rng import randint

N_PARAMS = 64
P_KIND = 0
KIND_RANDOM = 0

POLICY_KINDS = {"random": KIND_RANDOM}


@njit(cache=True)
def random_legal(s, legal, n):
    """Uniform random-legal player."""
    return legal[randint(s, L.S_RNG_PLAYER, n)]


@njit(cache=True)
def choose(c, s, legal, n, params):
    """The action of the seat that must decide now, given the ``n`` legal actions."""
    seat = s[L.S_DEC_PLAYER]
    kind = int(params[seat, P_KIND])
    if kind == KIND_RANDOM:
        return random_legal(s, legal, n)
    return random_legal(s, legal, n)


def random_params(players: int = 4) -> np.ndarray:
    """A parameter table with a random-legal player in every seat."""
    p = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    p[:, P_KIND] = KIND_RANDOM
    return p
