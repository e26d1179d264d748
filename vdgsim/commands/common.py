"""Shared pieces of the command line: usage errors and component-data options."""

from __future__ import annotations

from typing import Annotated

import typer

from vdgsim.components import ComponentError, Components, load_components


class InputError(Exception):
    """Bad input from the user: printed as one line, exit code 2."""


DataOption = Annotated[
    str | None,
    typer.Option(
        "--data",
        help="Component data file (TOML) to use instead of the default, partly reconstructed one.",
    ),
]
SetOption = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        help="Override one component value, e.g. --set landings.calicut.completion_vp=6 "
        "(repeatable; list elements by index: vdg_tiles.tiles.3.variation=-1).",
    ),
]


def components_from_options(data: str | None, overrides: list[str] | None) -> Components:
    """Load component data for a command, turning data errors into usage failures."""
    try:
        return load_components(data, overrides or None)
    except ComponentError as e:
        raise InputError(str(e)) from None


def check_player_count(players: int) -> int:
    if not 2 <= players <= 4:
        raise InputError(f"--players must be 2, 3 or 4 (Vasco da Gama is for 2-4), got {players}")
    return players
