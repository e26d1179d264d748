"""Goa players: every seat is a row of a float64 parameter table, like Vasco da Gama's.

The interface the runner and the command line use:

- :data:`PRESETS` — the preset names, :func:`preset_row` — one preset's row,
  :func:`lineup_params` — the parameter table of a line-up (one name per seat: a preset or a
  search player such as ``mc:rollouts=64``, :func:`player_row`); an unknown name or a preset
  file that does not validate is a one-line :class:`PresetError`;
  :func:`preset_file` and :func:`preset_description` read a preset file and its description;
  :data:`PARAM_SPECS` names, bounds and explains every behaviour parameter;
- :func:`choose` — the compiled decision of the seat that must decide now (the ``random``
  player, the VP-valuation heuristic of :mod:`strategies.goa.heuristic` or the search
  player of :mod:`strategies.goa.search`);
- :func:`play_to_end` and :func:`play_games` — a compiled game, a compiled batch.

Every random pick a player makes comes from the game's player generator (``rng_player`` in the
state), so a game is a pure function of (components, players, options, seed).
"""

from strategies.goa.lineup import lineup_params, player_row
from strategies.goa.loop import play_games, play_to_end
from strategies.goa.params import KIND_HEURISTIC, KIND_RANDOM, N_PARAMS, P_KIND, PARAM_SPECS
from strategies.goa.policy import choose
from strategies.goa.presets import (
    PRESETS,
    PresetError,
    preset_description,
    preset_file,
    preset_row,
)

__all__ = [
    "KIND_HEURISTIC",
    "KIND_RANDOM",
    "N_PARAMS",
    "PARAM_SPECS",
    "PRESETS",
    "P_KIND",
    "PresetError",
    "choose",
    "lineup_params",
    "play_games",
    "play_to_end",
    "player_row",
    "preset_description",
    "preset_file",
    "preset_row",
]
