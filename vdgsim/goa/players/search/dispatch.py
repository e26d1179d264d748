"""The compiled decision of any Goa player, search players included: the loop's entry point
once the search is merged (:func:`vdgsim.goa.players.policy.choose` stays the scripted-only
dispatch the rollouts call)."""

from __future__ import annotations

from numba import njit

from vdgsim.goa import state as S
from vdgsim.goa.players.params import P_KIND
from vdgsim.goa.players.policy import choose
from vdgsim.goa.players.search.mc import decide_mc
from vdgsim.goa.players.search.params import KIND_MC
from vdgsim.goa.players.search.rollout import rollout_table


@njit(cache=True)
def decide(c, s, legal, n, params):
    """The action of the seat that must decide now: ``KIND_MC`` rows search, the others play
    their scripted policy."""
    pr = params[S.fields(s).decision_player]
    if int(pr[P_KIND]) == KIND_MC:
        return decide_mc(c, s, legal, n, pr, rollout_table(pr))
    return choose(c, s, legal, n, params)
