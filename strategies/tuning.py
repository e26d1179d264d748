"""`vdg tune` for Vasco da Gama: the tuning kit of this game's players (:mod:`vdgsim.tuning`
holds the search itself: CMA-ES, common random numbers, paired racing, the preset writer)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from strategies.params import (
    AXES,
    KIND_HEURISTIC,
    N_BEHAVIOUR,
    N_PARAMS,
    P_KIND,
    PARAM_SPECS,
)
from strategies.registry import resolve
from vdgsim import layout as L
from vdgsim.tuning import Coordinate, TuneError, TuneKit, TuneResult
from vdgsim.tuning import coordinates as coordinates_of
from vdgsim.tuning import tune as tune_with


def check_base(base: str) -> np.ndarray:
    """The row of ``base``, if it can be tuned (an unrestricted heuristic preset)."""
    row = resolve(base)
    if row[P_KIND] != KIND_HEURISTIC:
        raise TuneError(f"base {base!r} is not a heuristic preset; only those have parameters")
    if np.any(row[N_BEHAVIOUR:] != 0):
        # the tuned file writes behaviour parameters only; a restriction would be lost silently
        raise TuneError(f"base {base!r} has restrictions; tune an unrestricted preset")
    return row


def _play_games(
    components: Any, players: int, seeds: np.ndarray, table: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    from strategies.loop import play_games  # compiled on first use, not on import

    return play_games(components, players, seeds, table)


KIT = TuneKit(
    game="vdg",
    specs=PARAM_SPECS,
    axes=AXES,
    n_params=N_PARAMS,
    max_players=L.MAX_PLAYERS,
    resolve=resolve,
    base_row=check_base,
    play_games=_play_games,
)


def coordinates(params: Sequence[str] | None) -> list[Coordinate]:
    """Vasco da Gama's searched coordinates (:func:`vdgsim.tuning.coordinates`)."""
    return coordinates_of(KIT, params)


def tune(base: str, field: list[str], players: int | Sequence[int], **kw: Any) -> TuneResult:
    """Tune a Vasco da Gama preset (:func:`vdgsim.tuning.tune`, the same keywords)."""
    return tune_with(KIT, base, field, players, **kw)
