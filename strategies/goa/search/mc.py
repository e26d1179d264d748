"""``mc`` for Goa: the flat Monte Carlo search with successive halving of
:mod:`vdgsim.search.flat` over Goa's determinizations (:mod:`.determinize`) and rollouts
(:func:`.rollout.search_hooks`). The search seed comes from the game's player generator, so a
decision is a pure function of the game. With ``decisions`` set, only those decision kinds are
searched; the others are the rollout preset's choice, so a game against that preset tells how
much the search gains on those kinds alone."""

from __future__ import annotations

from numba import njit

from strategies.goa.scripted import choose_scripted
from strategies.goa.search.determinize import draw_seed
from strategies.goa.search.params import Q_DECISIONS, Q_DETS, Q_MARGIN, Q_ROLLOUTS
from strategies.goa.search.rollout import search_hooks
from vdgsim.games.goa import state as S
from vdgsim.search.flat import flat_search


@njit(cache=True)
def decide_mc(c, s, legal, n, pr, table):
    """The action of the deciding seat by flat Monte Carlo (see the module docstring);
    ``table`` holds the rollout policies (:func:`.rollout.rollout_table`)."""
    if n == 1:
        return legal[0]
    kinds = int(pr[Q_DECISIONS])
    if kinds != 0 and not (kinds >> S.fields(s).decision) & 1:
        # a diagnostic: the other kinds are decided as the rollout preset would
        return choose_scripted(c, s, legal, n, table)
    me = S.fields(s).decision_player
    seed = draw_seed(s)
    dets = max(1, int(pr[Q_DETS]))
    budget = int(pr[Q_ROLLOUTS])
    return flat_search(c, s, legal, n, me, seed, budget, dets, pr[Q_MARGIN], table, search_hooks())
