"""Players by name: every selectable player resolves to one row of policy parameters.

A name is a shipped preset (``default``, ``frugal``, ... see :func:`available`), a path to a
preset TOML file, or a search player with its budget (``mc``, ``mc:rollouts=512:rollout=frugal``,
see :mod:`strategies.vasco.search.names`), optionally followed by restrictions and parameter
changes joined with ``+`` (:mod:`strategies.vasco.restrictions`; a parameter by the name a preset
file gives it, a per-Area, landing or character value as ``NAME.KEY``)::

    resolve("default")
    resolve("my_players/cautious.toml")
    resolve("default+never_host=manuel")
    resolve("frugal+at_least=navigation:10+only_landings=calicut/malindi")
    resolve("mc:rollouts=128+never_pay")
    resolve("default+captain_value=2+area_bias.purchase=1.5")
    resolve("default", players=4)        # the row of 4-player games ([players.4] applied)

A preset file may set values for one player count (``[players.4]``, see
:mod:`strategies.vasco.presets`), so a row is resolved for a player count; a search player's
rollout preset plays at the same count. Without a count, the row is the ``[params]`` one.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from strategies.vasco.params import AXES, KIND_HEURISTIC, N_PARAMS, P_KIND, SPEC_BY_NAME
from strategies.vasco.presets import (
    PLAYER_COUNTS,
    PresetError,
    load_preset,
    preset_path,
    shipped_presets,
)
from strategies.vasco.restrictions import RestrictionError, apply_restriction_text
from strategies.vasco.search.names import SearchNameError, is_search_name, search_row
from vdgsim.core.paramtable import apply_params, param_changes


class UnknownPresetError(ValueError):
    """A player name that is not a known preset, a readable preset file, or a valid
    restriction."""


def available() -> list[str]:
    """Names of every shipped preset (``default`` first)."""
    names = shipped_presets()
    return sorted(names, key=lambda n: (n != "default", n))


@lru_cache(maxsize=256)
def _base_row(base: str, players: int | None) -> tuple[float, ...]:
    path = preset_path(base)
    is_path = base.endswith(".toml") or "/" in base or "\\" in base
    if not is_path and base not in shipped_presets():
        raise UnknownPresetError(
            f"unknown player preset {base!r}; known: {', '.join(available())} "
            "(or a path to a preset .toml file)"
        )
    if is_path and not Path(path).is_file():
        raise UnknownPresetError(f"preset file {base!r} does not exist")
    try:
        return tuple(load_preset(path).row_for(players))
    except PresetError as exc:
        raise UnknownPresetError(str(exc)) from None


def resolve(name: str, players: int | None = None) -> np.ndarray:
    """The parameter row (float64, ``N_PARAMS`` long) of the named player in ``players``-player
    games (``None``: its ``[params]`` row, for any count)."""
    if not isinstance(name, str) or not name.strip():
        raise UnknownPresetError(f"a player name must be a non-empty string, got {name!r}")
    if players is not None and players not in PLAYER_COUNTS:
        raise UnknownPresetError(f"players must be one of {PLAYER_COUNTS}, got {players}")
    base, *terms = name.strip().split("+")
    base = base.strip()
    if is_search_name(base):
        try:
            row = search_row(base, lambda preset: np.array(_base_row(preset, players)))
        except SearchNameError as exc:
            raise UnknownPresetError(str(exc)) from None
    else:
        row = np.array(_base_row(base, players), dtype=np.float64)
    for term in terms:
        if term.partition("=")[0].strip().partition(".")[0] in SPEC_BY_NAME:
            row = _change_parameter(name, row, term)
            continue
        try:
            row = apply_restriction_text(row, term)
        except RestrictionError as exc:
            raise UnknownPresetError(f"in player {name!r}: {exc}") from None
    return row


def _change_parameter(name: str, row: np.ndarray, term: str) -> np.ndarray:
    """``row`` with the parameter change ``term`` (``captain_value=2``, ``contest.purchase=0``);
    a search player's parameters are its rollout preset's, so it takes none."""
    if int(row[P_KIND]) != KIND_HEURISTIC:
        raise UnknownPresetError(
            f"in player {name!r}: only a heuristic preset takes parameter changes ({term!r})"
        )
    row = row.copy()
    try:
        apply_params(row, param_changes(name, [term]), repr(name), SPEC_BY_NAME, AXES)
    except PresetError as exc:
        raise UnknownPresetError(str(exc)) from None
    return row


def params_table(names: list[str]) -> np.ndarray:
    """The (4, N_PARAMS) table for one player name per seat (unused seats stay zero), each
    row the one for ``len(names)``-player games."""
    if len(names) > 4:
        raise UnknownPresetError(f"at most 4 players, got {len(names)}")
    table = np.zeros((4, N_PARAMS), dtype=np.float64)
    players = len(names) if len(names) in PLAYER_COUNTS else None
    for seat, name in enumerate(names):
        table[seat] = resolve(name, players)
    return table
