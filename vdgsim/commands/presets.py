"""`vdg presets [--game goa] [--json]`: the shipped player presets with their descriptions,
and the search players every line-up can also name."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from vdgsim.commands.common import GameOption
from vdgsim.commands.tables import Col, fit_table, stdout_console

# the search players of both games, spelled as a line-up names them (docs/strategies.md,
# docs/goa-search.md)
SEARCH = (
    ("mc", "search: flat Monte Carlo over the legal actions (mc:rollouts=N:...)"),
    ("ismcts", "search: information-set Monte Carlo tree search (ismcts:iters=N:...)"),
)


def _shipped(game: str) -> list[tuple[str, str]]:
    if game == "goa":
        from vdgsim.goa.players import PRESETS, preset_description

        return [(name, preset_description(name)) for name in PRESETS]
    from strategies.presets import load_preset, preset_path, shipped_presets

    return [(name, load_preset(preset_path(name)).description) for name in shipped_presets()]


def presets(
    game: GameOption = "vdg",
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per line: name, kind, description.")
    ] = False,
) -> None:
    """List the shipped player presets with their descriptions, and the search players; any
    of them names a seat of --lineup (a preset may take restrictions and parameter changes,
    a search player its budget)."""
    rows = [(n, "preset", d) for n, d in _shipped(game)]
    rows += [(n, "search", d) for n, d in SEARCH]
    if as_json:
        for name, kind, description in rows:
            typer.echo(json.dumps({"name": name, "kind": kind, "description": description}))
        return
    console = stdout_console()
    cols = [Col("name", "left"), Col("description", "left")]
    title = "Goa players" if game == "goa" else "Vasco da Gama players"
    table = fit_table(title, cols, [[n, d] for n, _, d in rows], console.width)
    console.print(table)
