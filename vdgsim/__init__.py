"""vdgsim: a Monte Carlo strategy-analysis toolkit for the board game Vasco da Gama."""

from vdgsim.core import _numba_cache

_numba_cache.configure()  # before any compiled function is defined

# ruff: noqa: E402

from vdgsim.games.vasco.components import (
    ComponentError,
    Components,
    default_components,
    load_components,
)
from vdgsim.games.vasco.describe import describe_action
from vdgsim.games.vasco.game import (
    GameResult,
    GameState,
    IllegalActionError,
    apply_action,
    clone,
    is_over,
    legal_actions,
    log_rows,
    new_game,
    public_score,
    result,
    step,
)
from vdgsim.games.vasco.observation import observation
from vdgsim.games.vasco.positions import state_from_dict, state_to_dict

__version__ = "0.1.0"

__all__ = [
    "ComponentError",
    "Components",
    "GameResult",
    "GameState",
    "IllegalActionError",
    "__version__",
    "apply_action",
    "clone",
    "default_components",
    "describe_action",
    "is_over",
    "legal_actions",
    "load_components",
    "log_rows",
    "new_game",
    "observation",
    "public_score",
    "result",
    "state_from_dict",
    "state_to_dict",
    "step",
]
