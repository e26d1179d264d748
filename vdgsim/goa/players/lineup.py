"""A line-up by name: one player name per seat — a preset (``default``, a style, ``random``)
or a search player with its budget (``mc:rollouts=64``) — into the parameter table."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vdgsim.goa import layout as L
from vdgsim.goa.players.params import N_PARAMS
from vdgsim.goa.players.presets import PresetError, preset_row
from vdgsim.goa.players.search.names import is_search_name, search_row


def player_row(name: str) -> np.ndarray:
    """The parameter row of a preset or of a search player."""
    return search_row(name) if is_search_name(name) else preset_row(name)


def lineup_params(names: Sequence[str], players: int) -> np.ndarray:
    """The parameter table (MAX_PLAYERS x N_PARAMS) of one player name per seat."""
    if not 2 <= players <= L.MAX_PLAYERS:
        raise PresetError(f"Goa is for 2 to {L.MAX_PLAYERS} players, got {players}")
    if len(names) != players:
        raise PresetError(f"a line-up of {players} players needs {players} names, got {len(names)}")
    table = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for seat, name in enumerate(names):
        table[seat] = player_row(name)
    return table
