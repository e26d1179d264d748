"""Successive halving over candidate actions: the part of a flat Monte Carlo search that no
game changes (Vasco da Gama's ``strategies.search.mc`` and Goa's
``vdgsim.goa.players.search.mc`` both rank their candidates with it)."""

from __future__ import annotations

from numba import njit


@njit(cache=True, _nrt=False)
def halving_rounds(n):
    """Rounds of halving that take ``n`` candidates down to one."""
    r = 0
    m = n
    while m > 1:
        m = (m + 1) // 2
        r += 1
    return r


@njit(cache=True, _nrt=False)
def rank_by_total(alive, m, total):
    """Order ``alive[:m]`` by total reward, best first (ties keep the legal-action order)."""
    for i in range(1, m):
        j = i
        while j > 0 and total[alive[j - 1]] < total[alive[j]]:
            alive[j - 1], alive[j] = alive[j], alive[j - 1]
            j -= 1
