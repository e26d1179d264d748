"""Compiled policy dispatch: ``params[seat, P_KIND]`` selects each seat's policy — a search
player (:mod:`strategies.goa.search`) or a scripted one (random or the heuristic,
:func:`strategies.goa.scripted.choose_scripted`, which is all the rollouts call)."""

from __future__ import annotations

import numpy as np
from numba import njit

from strategies.goa.params import P_KIND, R_ANY
from strategies.goa.restrictions import filter_legal
from strategies.goa.scripted import choose_scripted
from strategies.goa.search.ismcts import decide_ismcts
from strategies.goa.search.mc import decide_mc
from strategies.goa.search.params import KIND_ISMCTS, KIND_MC
from strategies.goa.search.rollout import rollout_table
from vdgsim.games.goa import state as S


@njit(cache=True)
def choose(c, s, legal, n, params):
    """The action of the seat that must decide now: ``KIND_MC`` and ``KIND_ISMCTS`` rows
    search (among the actions their restrictions allow), the others play their scripted
    policy."""
    me = S.fields(s).decision_player
    pr = params[me]
    kind = int(pr[P_KIND])
    if kind != KIND_MC and kind != KIND_ISMCTS:
        return choose_scripted(c, s, legal, n, params)
    if pr[R_ANY] > 0:
        allowed = np.empty(n, dtype=np.int64)
        n = filter_legal(c, s, pr, legal, n, allowed)
        legal = allowed
    if kind == KIND_MC:
        return decide_mc(c, s, legal, n, pr, rollout_table(pr, me))
    return decide_ismcts(c, s, legal, n, pr, rollout_table(pr, me))
