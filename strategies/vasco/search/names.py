"""Vasco da Gama's search players by name: ``mc``, ``mc:rollouts=512:dets=16:rollout=frugal``,
``ismcts:iters=128``, read as every game's are (:mod:`vdgsim.search.names`).

``rollout`` is a shipped preset or a preset file, without restrictions: restrictions written
after the whole name with ``+`` bind the search player itself, and its own seat keeps them in
its rollouts. ``decisions`` spells Vasco da Gama's decision kinds (``decisions=place_disc/act``).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from strategies.vasco.params import (
    LEARNED_END,
    LW_FIRST,
    N_BEHAVIOUR,
    P_KIND,
    Q_DECISIONS,
    Q_DETS,
    Q_ITERS,
    Q_MARGIN,
    Q_ROLLOUT_KIND,
    Q_ROLLOUTS,
    Q_UCT_C,
    Q_WIDEN,
    SEARCH_KINDS,
)
from vdgsim.games.vasco.vocabulary import Decision
from vdgsim.search.names import SearchColumns, SearchNames, standard_options

# decision kinds by code, as a search name spells them (decisions=place_disc/act)
DECISION_KEYS = tuple(d.name.lower() for d in sorted(Decision))


class SearchNameError(ValueError):
    """A search player's name with an unknown option or a value out of range."""


COLUMNS = SearchColumns(
    kind=P_KIND,
    rollout_kind=Q_ROLLOUT_KIND,
    decisions=Q_DECISIONS,
    rollouts=Q_ROLLOUTS,
    dets=Q_DETS,
    margin=Q_MARGIN,
    iters=Q_ITERS,
    uct_c=Q_UCT_C,
    widen=Q_WIDEN,
    # the rollout preset's behaviour, and a learned rollout preset's weights
    inherit=(slice(1, N_BEHAVIOUR), slice(LW_FIRST, LEARNED_END)),
)
NAMES = SearchNames(
    kinds=SEARCH_KINDS,
    columns=COLUMNS,
    options=standard_options(COLUMNS, iters=192, dets_doc="distinct deals of the face-down piles"),
    decision_keys=DECISION_KEYS,
    error=SearchNameError,
)
SEARCH_OPTIONS = NAMES.options
STANDARD_ROLLOUT = NAMES.standard_rollout
is_search_name = NAMES.is_search_name


def search_row(base: str, resolve_preset: Callable[[str], np.ndarray]) -> np.ndarray:
    """The parameter row of the search player ``base`` (``kind[:key=value]...``);
    ``resolve_preset(name)`` gives a preset's row (for the rollout preset)."""
    return NAMES.row(base, resolve_preset)
