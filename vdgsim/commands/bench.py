"""`vdg bench`: games per second of the compiled and the Python loops."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from strategies.registry import UnknownPresetError, available, resolve
from vdgsim.bench import bench_compiled, bench_python
from vdgsim.commands.common import DataOption, InputError, SetOption, components_from_options


def bench(
    games: Annotated[
        int, typer.Option(help="Games per measurement of the compiled loop.")
    ] = 20_000,
    python_games: Annotated[
        int, typer.Option(help="Games per measurement of the Python step loop.")
    ] = 200,
    players: Annotated[
        str, typer.Option(help="Player counts to measure, comma separated.")
    ] = "2,3,4",
    policies: Annotated[
        str,
        typer.Option(
            help="Player presets to measure, comma separated (each plays every seat). "
            "Default: random, and default when that preset exists.",
        ),
    ] = "",
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per line with players, policy, loop, games, seconds, "
            "games_per_second (python rows add ratio = compiled / python).",
        ),
    ] = False,
    scale: Annotated[
        bool,
        typer.Option(
            "--scale",
            help="Instead, run the batch benchmark: --scale-games four-player games of the "
            "default players (random if absent) through `vdg simulate` with --jobs workers, "
            "per-player table on, decisions off; report wall time, games/s and peak memory.",
        ),
    ] = False,
    scale_games: Annotated[int, typer.Option(help="Games of the --scale benchmark.")] = 1_000_000,
    jobs: Annotated[int, typer.Option(help="Worker processes of the --scale benchmark.")] = 2,
    data: DataOption = None,
    set_: SetOption = None,
) -> None:
    """Measure games per second on one core: the compiled whole-game loop and the Python
    step-by-step loop over the same engine, for each player count and policy, and their ratio.
    With --scale, measure a whole batch run instead."""
    if scale:
        _scale(scale_games, jobs, as_json)
        return
    comp = components_from_options(data, set_)
    try:
        counts = [int(x) for x in players.split(",") if x.strip()]
    except ValueError:
        raise InputError(f"--players must be comma-separated numbers, got {players!r}") from None
    for p in counts:
        if not 2 <= p <= 4:
            raise InputError(f"--players must be 2, 3 or 4, got {p}")
    if games < 1 or python_games < 1:
        raise InputError("--games and --python-games must be at least 1")
    names = [n.strip() for n in policies.split(",") if n.strip()]
    if not names:
        names = ["random"] + (["default"] if "default" in available() else [])
    for name in names:
        try:
            resolve(name)
        except UnknownPresetError as e:
            raise InputError(str(e)) from None

    table = Table(title="vdg bench: games per second on one core")
    for col in ("players", "policy", "compiled", "python", "ratio"):
        table.add_column(col, justify="right")
    for name in names:
        for p in counts:
            fast = bench_compiled(comp, p, name, games)
            slow = bench_python(comp, p, name, python_games)
            ratio = fast.games_per_second / slow.games_per_second
            if as_json:
                typer.echo(json.dumps(fast.as_dict()))
                typer.echo(json.dumps({**slow.as_dict(), "ratio": ratio}))
            else:
                table.add_row(
                    str(p),
                    name,
                    f"{fast.games_per_second:,.0f}",
                    f"{slow.games_per_second:,.0f}",
                    f"{ratio:,.1f}x",
                )
    if not as_json:
        Console().print(table)


def _scale(games: int, jobs: int, as_json: bool) -> None:
    from vdgsim.runner.bench import scale_benchmark

    if games < 1 or jobs < 1:
        raise InputError("--scale-games and --jobs must be at least 1")
    figures = scale_benchmark(games=games, jobs=jobs)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    for key, value in figures.items():
        typer.echo(f"{key}: {value}")
