"""Players by name: every selectable player (preset) resolves to one row of policy parameters."""

from __future__ import annotations

import numpy as np

from strategies.policy import KIND_RANDOM, N_PARAMS, P_KIND


class UnknownPresetError(ValueError):
    """A player name that is not a known preset."""


def available() -> list[str]:
    """Names of every selectable player."""
    return ["random"]


def resolve(name: str) -> np.ndarray:
    """The parameter row (float64, ``N_PARAMS`` long) of the named player."""
    if name == "random":
        row = np.zeros(N_PARAMS, dtype=np.float64)
        row[P_KIND] = KIND_RANDOM
        return row
    raise UnknownPresetError(f"unknown player preset {name!r}; known: {', '.join(available())}")


def params_table(names: list[str]) -> np.ndarray:
    """The (4, N_PARAMS) table for one player name per seat (unused seats stay zero)."""
    table = np.zeros((4, N_PARAMS), dtype=np.float64)
    for seat, name in enumerate(names):
        table[seat] = resolve(name)
    return table
