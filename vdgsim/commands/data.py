"""`vdg data`: where the default component data lives, and checking a data file."""

from __future__ import annotations

from typing import Annotated

import typer

from vdgsim.commands.common import SetOption, components_from_options
from vdgsim.components import DEFAULT_PATH

data_app = typer.Typer(
    help="Component data: show the default file, check a file.", no_args_is_help=True
)


@data_app.command("path")
def data_path() -> None:
    """Print the path of the default component data file (copy it to make your own)."""
    typer.echo(str(DEFAULT_PATH))


@data_app.command("check")
def data_check(
    file: Annotated[
        str | None, typer.Argument(help="Data file to check (default file if none).")
    ] = None,
    set_: SetOption = None,
) -> None:
    """Validate a component data file (and overrides); print its digest, or the first error."""
    comp = components_from_options(file, set_)
    typer.echo(f"ok: {comp.source} ({comp.data.get('name', '')}), digest {comp.digest}")
