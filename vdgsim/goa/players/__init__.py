"""Goa players: every seat is a row of a float64 parameter table, like Vasco da Gama's.

The interface the runner and the command line use (and nothing else):

- :data:`PRESETS` — the preset names, :func:`lineup_params` — the parameter table of a
  line-up (one name per seat; an unknown name is a one-line :class:`PresetError`);
- :func:`choose` — the compiled decision of the seat that must decide now;
- :func:`play_games` — a compiled batch, one game per seed.

Every random pick a player makes comes from the game's player generator (``rng_player`` in the
state), so a game is a pure function of (components, players, options, seed).
"""

from vdgsim.goa.players.loop import play_games, play_to_end
from vdgsim.goa.players.params import KIND_HEURISTIC, KIND_RANDOM, N_PARAMS, P_KIND
from vdgsim.goa.players.policy import choose
from vdgsim.goa.players.presets import PRESETS, PresetError, lineup_params, preset_row

__all__ = [
    "KIND_HEURISTIC",
    "KIND_RANDOM",
    "N_PARAMS",
    "PRESETS",
    "P_KIND",
    "PresetError",
    "choose",
    "lineup_params",
    "play_games",
    "play_to_end",
    "preset_row",
]
