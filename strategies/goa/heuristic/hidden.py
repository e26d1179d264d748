"""What the deciding seat may not see of the tiles, and what it takes such a tile to be worth
(G5.11, G9.5).

A Mission's printed VP is seen by its holder only. To the seat deciding, a Mission it does not
hold (on the grid, in the Gift pool, held by another player or not laid yet) is worth the mean
printed VP of all the Missions it does not hold: which of them is which is hidden, and that
mean is what it can work out from the components and its own Missions. The heuristic values
every tile as the deciding seat sees it, for itself and for each rival alike, as it values a
rival's hand by its size only (:func:`strategies.goa.heuristic.values.new_card_vp`); the
learned player's features and the search's determinizations use the same test.
"""

from __future__ import annotations

from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa import state as S


@njit(cache=True, _nrt=False)
def is_unseen_mission(c, s, tile, me):
    """A Mission whose value seat ``me`` may not see: one he does not hold."""
    return S.comp(c).tile_kind[tile] == L.TK_MISSION and S.fields(s).tile_owner[tile] != me


@njit(cache=True, _nrt=False)
def unseen_mission_vp(c, s, me):
    """The mean printed VP of the Missions seat ``me`` does not hold (0 when he holds every
    one): each of them is worth that to him, whichever it is."""
    cf = S.comp(c)
    total = 0.0
    count = 0
    for t in range(L.N_TILES):
        if is_unseen_mission(c, s, t, me):
            total += cf.tile_vp[t]
            count += 1
    return total / count if count > 0 else 0.0


@njit(cache=True, _nrt=False)
def mission_vp(c, s, t):
    """Mission ``t``'s VP as the deciding seat sees it: its printed VP when that seat holds
    it, else :func:`unseen_mission_vp`."""
    me = S.fields(s).decision_player
    if is_unseen_mission(c, s, t, me):
        return unseen_mission_vp(c, s, me)
    return float(S.comp(c).tile_vp[t])
