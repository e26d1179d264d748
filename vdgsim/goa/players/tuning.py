"""`vdg tune --game goa`: the tuning kit of Goa's players (:mod:`vdgsim.tuning` holds the
search: CMA-ES over :data:`vdgsim.goa.players.params.PARAM_SPECS`, common random numbers,
paired racing, the preset writer; the written file loads as a Goa player name)."""

from __future__ import annotations

import numpy as np

from vdgsim.goa import layout as L
from vdgsim.goa.players.lineup import player_row
from vdgsim.goa.players.loop import play_games
from vdgsim.goa.players.params import AXES, KIND_HEURISTIC, N_PARAMS, P_KIND, PARAM_SPECS
from vdgsim.tuning import TuneKit, heuristic_base


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
