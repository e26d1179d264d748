"""`vdg tune` for Vasco da Gama: the tuning kit of this game's players (:mod:`vdgsim.core.tuning`
holds the search itself: CMA-ES, common random numbers, paired racing, the preset writer)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from strategies.vasco.loop import play_games
from strategies.vasco.params import (
    AXES,
    KIND_HEURISTIC,
    N_BEHAVIOUR,
    N_PARAMS,
    P_KIND,
    PARAM_SPECS,
)
from strategies.vasco.registry import resolve
from vdgsim.core.tuning import Coordinate, TuneError, TuneKit, TuneResult, heuristic_base
from vdgsim.core.tuning import coordinates as coordinates_of
from vdgsim.core.tuning import tune as tune_with
from vdgsim.games.vasco import layout as L


def check_base(base: str, players: int) -> np.ndarray:
    """The row of ``base`` in ``players``-player games, if it can be tuned (an unrestricted
    heuristic preset)."""
    row = heuristic_base(resolve(base, players), base, P_KIND, KIND_HEURISTIC)
    if np.any(row[N_BEHAVIOUR:] != 0):
        # the tuned file writes behaviour parameters only; a restriction would be lost silently
        raise TuneError(f"base {base!r} has restrictions; tune an unrestricted preset")
    return row


KIT = TuneKit(
    game="vdg",
    specs=PARAM_SPECS,
    axes=AXES,
    n_params=N_PARAMS,
    max_players=L.MAX_PLAYERS,
    resolve=resolve,
    base_row=check_base,
    play_games=play_games,
)


def coordinates(params: Sequence[str] | None) -> list[Coordinate]:
    """Vasco da Gama's searched coordinates (:func:`vdgsim.core.tuning.coordinates`)."""
    return coordinates_of(KIT, params)


def tune(base: str, field: list[str], players: int | Sequence[int], **kw: Any) -> TuneResult:
    """Tune a Vasco da Gama preset (:func:`vdgsim.core.tuning.tune`, the same keywords)."""
    return tune_with(KIT, base, field, players, **kw)
