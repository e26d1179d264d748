"""The best of several valued options; ties are broken by the player generator (G9.8)."""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.vasco.engine import rng as R

TIE = 1e-9  # values this close are a tie, so a rounding difference cannot pick a seat


@njit(cache=True, _nrt=False)
def best_index(s, vals, n):
    """The index of the highest of ``vals[:n]``, a random one among ties."""
    top = vals[0]
    for i in range(1, n):
        if vals[i] > top:
            top = vals[i]
    ties = 0
    for i in range(n):
        if vals[i] >= top - TIE:
            ties += 1
    k = 0 if ties == 1 else R.randint(s, L.S_RNG_PLAYER, ties)
    for i in range(n):
        if vals[i] >= top - TIE:
            if k == 0:
                return i
            k -= 1
    return 0
