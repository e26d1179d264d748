"""Goa presets: players as TOML files in ``presets/`` (name, description, policy)."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from vdgsim.goa import layout as L
from vdgsim.goa.players.params import N_PARAMS, P_KIND, POLICY_KINDS

PRESET_DIR = Path(__file__).parent / "presets"


class PresetError(ValueError):
    """An unknown preset name or a preset file that does not validate."""


PRESETS: tuple[str, ...] = tuple(sorted(p.stem for p in PRESET_DIR.glob("*.toml")))


def preset_row(name: str) -> np.ndarray:
    """The parameter row of preset ``name``."""
    if name not in PRESETS:
        raise PresetError(f"unknown Goa preset {name!r}; known: {', '.join(PRESETS)}")
    path = PRESET_DIR / f"{name}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    policy = data.get("policy")
    if policy not in POLICY_KINDS:
        raise PresetError(f"{path}: policy must be one of {sorted(POLICY_KINDS)}, got {policy!r}")
    row = np.zeros(N_PARAMS, dtype=np.float64)
    row[P_KIND] = POLICY_KINDS[policy]
    return row


def lineup_params(names: Sequence[str], players: int) -> np.ndarray:
    """The parameter table (MAX_PLAYERS x N_PARAMS) of one preset name per seat."""
    if len(names) != players:
        raise PresetError(f"a line-up of {players} players needs {players} names, got {len(names)}")
    table = np.zeros((L.MAX_PLAYERS, N_PARAMS), dtype=np.float64)
    for seat, name in enumerate(names):
        table[seat] = preset_row(name)
    return table
