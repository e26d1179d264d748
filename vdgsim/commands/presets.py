"""`vdg presets [--game goa] [--json]`: the shipped player presets with their descriptions,
and the search players every line-up can also name."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from vdgsim.commands.common import DEFAULT_GAME, GameOption
from vdgsim.commands.tables import Col, fit_table, stdout_console
from vdgsim.core.plug import game_of


def presets(
    game: GameOption = DEFAULT_GAME,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per line: name, kind, description.")
    ] = False,
) -> None:
    """List the shipped player presets with their descriptions, and the search players; any
    of them names a seat of --lineup (a preset may take restrictions and parameter changes,
    a search player its budget)."""
    g = game_of(game)
    rows = [(n, "preset", d) for n, d in g.presets()]
    rows += [(n, "search", d) for n, d in g.search_players]
    if as_json:
        for name, kind, description in rows:
            typer.echo(json.dumps({"name": name, "kind": kind, "description": description}))
        return
    console = stdout_console()
    cols = [Col("name", "left"), Col("description", "left")]
    title = f"{g.title} players"
    table = fit_table(title, cols, [[n, d] for n, _, d in rows], console.width)
    console.print(table)
