"""Fitting the learned player's weights to search labels, and scoring a fit: the game-free fit
of :mod:`vdgsim.core.linear_policy` (its module docstring gives the method) on Vasco da Gama's
feature columns. The prior is the heuristic's own rule as weights
(:func:`strategies.vasco.learned.model.heuristic_weights`).
"""

from __future__ import annotations

import polars as pl

from strategies.vasco.learned.collect import FEATURE_COLUMNS
from vdgsim.core.linear_policy import Positions, fit, score
from vdgsim.core.linear_policy import positions_of as _positions_of

__all__ = ["Positions", "fit", "positions_of", "score"]


def positions_of(table: pl.DataFrame) -> Positions:
    """A labelled table (:data:`strategies.vasco.learned.collect.SCHEMA`) as :class:`Positions`,
    positions in (iteration, game, position) order, actions in their listed order."""
    return _positions_of(table, FEATURE_COLUMNS)
