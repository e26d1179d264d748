"""`vdg tune --game goa`: the tuning kit of Goa's players (:mod:`vdgsim.core.tuning` holds the
search: CMA-ES over :data:`strategies.goa.params.PARAM_SPECS`, common random numbers,
paired racing, the preset writer; the written file loads as a Goa player name)."""

from __future__ import annotations

import numpy as np

from strategies.goa.lineup import player_row
from strategies.goa.loop import play_games
from strategies.goa.params import AXES, KIND_HEURISTIC, N_PARAMS, P_KIND, PARAM_SPECS
from vdgsim.core.tuning import TuneKit, heuristic_base
from vdgsim.games.goa import layout as L


def check_base(base: str, players: int) -> np.ndarray:
    """The row of ``base`` in ``players``-player games, if it can be tuned (a heuristic
    preset, not ``random`` or a search player)."""
    return heuristic_base(player_row(base, players), base, P_KIND, KIND_HEURISTIC)


KIT = TuneKit(
    game="goa",
    specs=PARAM_SPECS,
    axes=AXES,
    n_params=N_PARAMS,
    max_players=L.MAX_PLAYERS,
    resolve=player_row,
    base_row=check_base,
    play_games=play_games,
)
