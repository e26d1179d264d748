"""The game-free part of a search rollout's reward: a seat's VP lead over its best rival
(Vasco da Gama's ``strategies.search.rollout`` and Goa's ``vdgsim.goa.players.search.rollout``
both score their rollouts, and ``vdg regret`` its positions, with it; each game reads the VP
from its own state)."""

from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def lead_over_best(vp, players, me):
    """Seat ``me``'s VP minus the best rival's among the first ``players`` seats of ``vp``
    (negative when behind)."""
    best = -1000000
    for q in range(players):
        if q != me and vp[q] > best:
            best = vp[q]
    return vp[me] - best
