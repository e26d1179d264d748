"""`vdg data`: where the default component data lives, and checking a data file.

``--game`` may come before the subcommand (``vdg data --game goa path``) or after it
(``vdg data path --game goa``); given in both places it must name the same game.
"""

from __future__ import annotations

from typing import Annotated

import typer

from vdgsim.commands.common import DEFAULT_GAME, GameOption, InputError, SetOption, game_components
from vdgsim.core.plug import game_of

data_app = typer.Typer(
    help="Component data: show the default file, check a file (--game goa: Goa's data).",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode=None,
)


@data_app.callback()
def _data(ctx: typer.Context, game: GameOption = DEFAULT_GAME) -> None:
    ctx.obj = game


def _given(ctx: typer.Context | None) -> bool:
    """True if ``--game`` was typed for ``ctx``'s command (not its default)."""
    source = ctx.get_parameter_source("game") if ctx is not None else None
    return source is not None and source.name == "COMMANDLINE"


def _game(ctx: typer.Context, game: str) -> str:
    """The game named after the subcommand, else before it."""
    before = ctx.parent.obj if ctx.parent is not None and ctx.parent.obj else DEFAULT_GAME
    if not _given(ctx):
        return before
    if _given(ctx.parent) and before != game:
        raise InputError(f"--game {before} before the subcommand and --game {game} after it")
    return game


@data_app.command("path")
def data_path(ctx: typer.Context, game: GameOption = DEFAULT_GAME) -> None:
    """Print the path of the default component data file (copy it to make your own); with
    --game goa, Goa's."""
    typer.echo(str(game_of(_game(ctx, game)).default_data()))


@data_app.command("check")
def data_check(
    ctx: typer.Context,
    file: Annotated[
        str | None, typer.Argument(help="Data file to check (default file if none).")
    ] = None,
    game: GameOption = DEFAULT_GAME,
    set_: SetOption = None,
) -> None:
    """Validate a component data file (and overrides); print its digest, or the first error.
    With --game goa, a Goa data file (its --set keys name tables, not list elements, e.g.
    --set start.ships=5)."""
    g = game_of(_game(ctx, game))
    comp = game_components(g.key, file, set_)
    typer.echo(f"ok: {comp.source} ({comp.data.get('name', '')}), digest {comp.digest}")
