"""``mc``: flat Monte Carlo search with successive halving over the legal actions
(:mod:`vdgsim.search.flat`, over Vasco da Gama's determinizations and rollouts:
:func:`.rollout.search_hooks`).

At each of its decisions with more than one legal action the player draws a search seed from
the game's player generator and evaluates every candidate by ``rollouts`` rollouts, split over
``dets`` determinizations (:mod:`.determinize`), the rollout preset playing every seat to the
end (:mod:`.rollout`).
"""

from __future__ import annotations

from numba import njit

from strategies.vasco.params import Q_DETS, Q_MARGIN, Q_ROLLOUTS
from strategies.vasco.search.determinize import draw_seed
from strategies.vasco.search.rollout import rollout_table, search_hooks
from vdgsim.games.vasco.engine import state as S
from vdgsim.search.flat import flat_search


@njit(cache=True)
def decide_mc(c, s, legal, n, pr):
    """The action of the deciding seat by flat Monte Carlo (see the module docstring)."""
    if n == 1:
        return legal[0]
    me = S.fields(s).decision_player
    seed = draw_seed(s)
    dets = max(1, int(pr[Q_DETS]))
    budget = int(pr[Q_ROLLOUTS])
    table = rollout_table(pr, me)
    return flat_search(c, s, legal, n, me, seed, budget, dets, pr[Q_MARGIN], table, search_hooks())
