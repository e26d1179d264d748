"""`vdg bench`: games per second of the compiled and the Python loops."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from typing import Annotated

import typer

from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    SetOption,
    display_names,
    ensure_compiled,
    game_components,
    int_range,
    note,
    parse_names,
    parse_player_counts,
    stop_on_interrupt,
)
from vdgsim.commands.tables import Cell, Col, fit_table, stdout_console
from vdgsim.core.plug import game_of
from vdgsim.games.vasco.bench import BenchResult, median_result

MAX_GAMES = 10_000_000  # the compiled loop keeps every game's scores in memory
MAX_PYTHON_GAMES = 1_000_000
MAX_SCALE_GAMES = 10**12
MAX_JOBS = 1024
MAX_REPEAT = 1000

Measure = Callable[[str, int], BenchResult]  # (preset, players) -> one measurement


@stop_on_interrupt("measuring stopped (with --json, each line printed is a finished measurement)")
def bench(
    game: GameOption = DEFAULT_GAME,
    games: Annotated[
        int,
        typer.Option(
            help="Games per measurement of the compiled loop (1 .. 10,000,000).",
            callback=int_range(1, MAX_GAMES),
        ),
    ] = 20_000,
    python_games: Annotated[
        int,
        typer.Option(
            help="Games per measurement of the Python step loop (1 .. 1,000,000).",
            callback=int_range(1, MAX_PYTHON_GAMES),
        ),
    ] = 200,
    repeat: Annotated[
        int,
        typer.Option(
            help="Measure the compiled loop this many times (1 .. 1,000), every preset and "
            "count once per round, and report the median games/s with the slowest and fastest "
            "run: single runs on a shared machine vary by 10-15%.",
            callback=int_range(1, MAX_REPEAT),
        ),
    ] = 1,
    player_counts: Annotated[
        str | None,
        typer.Option(
            help="Player counts to measure, comma separated. [default: 2,3,4]",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="Measure N-player games only (the same as --player-counts N).",
            show_default=False,
        ),
    ] = None,
    presets: Annotated[
        str | None,
        typer.Option(
            help="Player presets to measure, comma separated (each plays every seat). "
            "[default: random, and default when that preset exists]",
            show_default=False,
        ),
    ] = None,
    policies: Annotated[
        str | None, typer.Option(hidden=True, help="Old spelling of --presets.")
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="One JSON object per line with players, policy (the preset), loop, games, "
            "seconds, games_per_second, runs, games_per_second_low and _high (the range over "
            "--repeat runs; python rows add ratio = compiled / python).",
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
    scale_games: Annotated[
        int,
        typer.Option(
            help="Games of the --scale benchmark (1 .. 10**12).",
            callback=int_range(1, MAX_SCALE_GAMES),
        ),
    ] = 1_000_000,
    jobs: Annotated[
        int,
        typer.Option(
            help="Worker processes of the --scale benchmark (1 .. 1024).",
            callback=int_range(1, MAX_JOBS),
        ),
    ] = 2,
    data: DataOption = None,
    set_: SetOption = None,
) -> None:
    """Measure games per second on one core: the compiled whole-game loop and the Python
    step-by-step loop over the same engine, for each player count and preset, and their
    ratio. With --scale, measure a whole batch run instead. Compilation is not measured: on a
    machine whose compiled cache is cold, the engine compiles first (once; a status line on
    stderr says so).

    With --game goa, the same table for Goa's engine and presets (--data and --set take Goa's
    component data); --scale measures Vasco da Gama only."""
    if policies is not None:
        if presets is not None:
            raise InputError("--policies is the old spelling of --presets; give only --presets")
        note("--policies is now --presets")
        presets = policies
    g = game_of(game)
    if players is not None:
        if player_counts is not None:
            raise InputError("give --players N or --player-counts a,b, not both")
        if "," in players:
            note("a list of player counts is now --player-counts (--players N is one count)")
        counts = parse_player_counts(players, "--players", game)
    else:
        counts = parse_player_counts(
            player_counts if player_counts is not None else "2,3,4", "--player-counts", game
        )
    if scale:
        if not g.implicit:  # the scale benchmark plays the implicit game's batch runs
            raise InputError(f"--scale measures a batch run; it takes no --game {game}")
        if repeat != 1:
            raise InputError("--repeat measures the compiled loop; it takes no --scale")
        ensure_compiled()
        _scale(scale_games, jobs, as_json)
        return
    timer = g.time_games
    if timer is None:
        raise InputError(f"vdg bench has no timer for {g.title} (its plug has no time_games)")
    comp = game_components(game, data, set_)
    if presets is not None:
        names = parse_names(presets, "--presets")
    else:
        names = ["random"] + (["default"] if "default" in dict(g.presets()) else [])
    for name in names:
        try:
            g.parameter_row(name)
        except ValueError as e:  # each game's unknown-preset error, naming the known ones
            raise InputError(str(e)) from None
    ensure_compiled()

    def measure(loop: str, n: int) -> Measure:
        def one(name: str, p: int) -> BenchResult:
            seconds = timer(comp, p, name, n, loop == "compiled")
            return BenchResult(p, name, loop, n, seconds, n / seconds)

        return one

    shown = zip(names, display_names(names), strict=True)
    _table(
        _rows(
            [(name, label, p) for name, label in shown for p in counts],
            measure("compiled", games),
            measure("python", python_games),
            repeat,
        ),
        as_json,
        g.title,
    )


def _rows(
    entries: list[tuple[str, str, int]], fast: Measure, slow: Measure, repeat: int
) -> Iterator[tuple[str, BenchResult, BenchResult]]:
    """(shown name, compiled, python) for each (preset, shown name, players) entry. One run:
    each row as it is measured. Several: every entry's compiled loop once per round, so that
    a slow spell of the machine falls on all of them alike, then the medians."""
    if repeat == 1:
        for name, shown, p in entries:
            yield shown, fast(name, p), slow(name, p)
        return
    runs: list[list[BenchResult]] = [[] for _ in entries]
    for _ in range(repeat):
        for (name, _shown, p), kept in zip(entries, runs, strict=True):
            kept.append(fast(name, p))
    for (name, shown, p), kept in zip(entries, runs, strict=True):
        yield shown, median_result(kept), slow(name, p)


def _table(rows: Iterable[tuple[str, BenchResult, BenchResult]], as_json: bool, game: str) -> None:
    """Print each (shown name, compiled, python) measurement as it is taken (JSON lines), or
    the table once all are."""
    cells: list[list[Cell]] = []
    for shown, fast, slow in rows:
        ratio = fast.games_per_second / slow.games_per_second
        if as_json:
            typer.echo(json.dumps(fast.as_dict()))
            typer.echo(json.dumps({**slow.as_dict(), "ratio": ratio}))
            continue
        spread = ""
        if fast.runs > 1:
            spread = f"({fast.games_per_second_low:,.0f}–{fast.games_per_second_high:,.0f})"
        compiled = (f"{fast.games_per_second:,.0f}", spread)
        slow_rate = f"{slow.games_per_second:,.0f}"
        cells.append([str(fast.players), shown, compiled, slow_rate, f"{ratio:,.1f}x"])
    if not as_json:
        cols = [Col("players"), Col("preset", "left"), Col("compiled"), Col("python")]
        console = stdout_console()
        title = f"vdg bench: {game}, games per second on one core"
        console.print(fit_table(title, [*cols, Col("ratio")], cells, console.width))


def _scale(games: int, jobs: int, as_json: bool) -> None:
    from vdgsim.runner.bench import scale_benchmark

    figures = scale_benchmark(games=games, jobs=jobs)
    if as_json:
        typer.echo(json.dumps(figures))
        return
    for key, value in figures.items():
        typer.echo(f"{key}: {value}")
