"""The search players' kinds, and their columns of a Goa player's row (declared with the rest
of the row in :mod:`strategies.goa.params`): the budget, at the end of the row, which the
scripted policies never read; the columns below :data:`Q_BASE` hold the behaviour of the
preset that plays every seat in the rollouts (``mc`` reads 5 of the 8 budget columns,
``ismcts`` 7).
"""

from __future__ import annotations

from strategies.goa.params import (
    N_SEARCH_END,
    Q_BASE,
    Q_DECISIONS,
    Q_DETS,
    Q_ITERS,
    Q_MARGIN,
    Q_ROLLOUT_KIND,
    Q_ROLLOUTS,
    Q_UCT_C,
    Q_WIDEN,
)

KIND_MC = 2  # flat Monte Carlo search (strategies.goa.search.mc)
KIND_ISMCTS = 3  # information-set Monte Carlo tree search (strategies.goa.search.ismcts)
SEARCH_KINDS = {"mc": KIND_MC, "ismcts": KIND_ISMCTS}

__all__ = [
    "KIND_ISMCTS",
    "KIND_MC",
    "N_SEARCH_END",
    "Q_BASE",
    "Q_DECISIONS",
    "Q_DETS",
    "Q_ITERS",
    "Q_MARGIN",
    "Q_ROLLOUTS",
    "Q_ROLLOUT_KIND",
    "Q_UCT_C",
    "Q_WIDEN",
    "SEARCH_KINDS",
]
