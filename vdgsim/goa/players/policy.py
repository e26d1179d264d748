"""Compiled policy dispatch: ``params[seat, P_KIND]`` selects the policy of each seat."""

from __future__ import annotations

from numba import njit

from vdgsim.goa.random_play import random_action


@njit(cache=True)
def choose(c, s, legal, n, params):
    """The action of the seat that must decide now, given the ``n`` legal actions."""
    # random-legal for every kind until the heuristic lands (params[seat, P_KIND] then chooses)
    return random_action(s, legal, n)
