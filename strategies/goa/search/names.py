"""Goa's search players by name: ``mc``, ``mc:dets=32:rollouts=256:margin=0.01:rollout=default``,
``ismcts``, ``ismcts:iters=288:dets=32:uct_c=0.7:widen=1:margin=0.01:rollout=default``, read as
every game's are (:mod:`vdgsim.search.names`).

``rollout`` is a Goa preset (:data:`STANDARD_ROLLOUT` unless the name says otherwise);
``decisions`` spells Goa's decision kinds (``decisions=bid/owners_choice``).
"""

from __future__ import annotations

import numpy as np

from strategies.goa.params import N_PARAMS, N_SEARCH_END, P_KIND
from strategies.goa.presets import PRESETS, PresetError, preset_row
from strategies.goa.search.params import (
    Q_BASE,
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
from vdgsim.core.paramtable import decision_keys
from vdgsim.games.goa import layout as L
from vdgsim.search.names import SearchColumns, SearchNames, standard_options


class SearchNameError(PresetError):
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
    # the rollout preset's whole row but the search columns (its bid weights follow them)
    inherit=(slice(0, Q_BASE), slice(N_SEARCH_END, N_PARAMS)),
)
NAMES = SearchNames(
    kinds=SEARCH_KINDS,
    columns=COLUMNS,
    options=standard_options(COLUMNS, iters=288, dets_doc="distinct redraws of the hidden part"),
    decision_keys=decision_keys(L.DECISION_NAMES),
    error=SearchNameError,
)
SEARCH_OPTIONS = NAMES.options
STANDARD_ROLLOUT = NAMES.standard_rollout
is_search_name = NAMES.is_search_name


def search_row(name: str, players: int | None = None) -> np.ndarray:
    """The parameter row of the search player ``name`` (``kind[:key=value]...``); its rollout
    preset's values are those of ``players``-player games."""

    def rollout_row(preset: str) -> np.ndarray:
        if preset not in PRESETS:
            raise SearchNameError(
                f"{name!r}: the rollout player must be a preset ({', '.join(PRESETS)}), "
                f"not {preset!r}"
            )
        return preset_row(preset, players)

    return NAMES.row(name, rollout_row)
