"""`vdg simulate` and `vdg tournament`: batch runs with a progress bar and a summary table.

Usage errors (unknown preset, bad player count, unwritable or existing run directory, bad
data file) print one line to stderr and exit with code 2.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import polars as pl
import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from strategies.registry import UnknownPresetError
from vdgsim import runner
from vdgsim.components import ComponentError, Components, load_components
from vdgsim.runner import (
    BACKENDS,
    DEFAULT_CHUNK_SIZE,
    BackendError,
    RunDirError,
    make_spec,
    tournament_plan,
)
from vdgsim.stats import summary_table

_USAGE_ERRORS = (UnknownPresetError, ComponentError, RunDirError, BackendError, ValueError)

GamesOpt = Annotated[int, typer.Option("--games", help="Number of games.", min=1)]
SeedOpt = Annotated[
    int, typer.Option("--seed", help="Root seed (0 .. 2**63-1): same seed, same games.", min=0)
]
JobsOpt = Annotated[
    int, typer.Option("--jobs", "-j", help="Worker processes (LocalCluster workers).", min=1)
]
ChunkOpt = Annotated[
    int,
    typer.Option(
        "--chunk-size",
        help="Games per chunk (results depend on it; workers and backend do not).",
        min=1,
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="Run directory for the Parquet tables and manifest.json."),
]
BackendOpt = Annotated[
    str, typer.Option("--backend", help="Where chunks run: loky (local processes) or dask.")
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Dask scheduler address, e.g. tcp://host:8786 (default: a LocalCluster).",
    ),
]
ResumeOpt = Annotated[
    bool, typer.Option("--resume", help="Finish a killed run without redoing complete chunks.")
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace an existing run directory.")]
DecisionsOpt = Annotated[
    float,
    typer.Option(
        "--decisions",
        help="Fraction of decisions to record in a decisions table (0 = none, 1 = all).",
        min=0.0,
        max=1.0,
    ),
]
DataOpt = Annotated[
    str | None, typer.Option("--data", help="Component data file (TOML) instead of the default.")
]
SetOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--set", help="Override one component value, e.g. landings.calicut.completion_vp=6."
    ),
]
ProgressOpt = Annotated[
    bool, typer.Option("--progress/--no-progress", help="Show a progress bar on stderr.")
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the summary as JSON lines instead of tables.")
]


def _fail(message: str) -> typer.Exit:
    typer.echo(f"vdg: error: {message}", err=True)
    return typer.Exit(2)


def _components(data: str | None, overrides: list[str] | None) -> Components:
    return load_components(data, overrides or None)


def _names(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]


@contextmanager
def _progress_bar(total: int, enabled: bool) -> Iterator:
    if not enabled:
        yield lambda n: None
        return
    console = Console(stderr=True)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("games"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("simulating", total=total)
        yield lambda n: bar.advance(task, n)


def _fmt_share(r: dict) -> str:
    return f"{100 * r['win_share']:.1f}% [{100 * r['win_low']:.1f}, {100 * r['win_high']:.1f}]"


def _fmt_vp(r: dict) -> str:
    return f"{r['mean_vp']:.2f} [{r['vp_low']:.2f}, {r['vp_high']:.2f}]"


def _print_summary(title: str, table: pl.DataFrame, keys: list[str], as_json: bool) -> None:
    if as_json:
        for r in table.iter_rows(named=True):
            typer.echo(json.dumps({"table": title, **r}))
        return
    t = Table(title=title, title_justify="left")
    for k in keys:
        t.add_column(k)
    t.add_column("player-games", justify="right")
    t.add_column("win share [95% Wilson]", justify="right")
    t.add_column("mean VP [95% CI]", justify="right")
    for r in table.iter_rows(named=True):
        t.add_row(*(str(r[k]) for k in keys), str(r["games"]), _fmt_share(r), _fmt_vp(r))
    Console().print(t)


def simulate(
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="One player preset per seat, comma separated: default,random,random,random.",
        ),
    ] = "random,random,random,random",
    games: GamesOpt = 10_000,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    chunk_size: ChunkOpt = DEFAULT_CHUNK_SIZE,
    out: OutOpt = None,
    backend: BackendOpt = "loky",
    scheduler: SchedulerOpt = None,
    resume: ResumeOpt = False,
    force: ForceOpt = False,
    decisions: DecisionsOpt = 0.0,
    rotate: Annotated[
        bool,
        typer.Option(
            "--rotate/--no-rotate",
            help="Rotate the line-up over the seats (game i uses rotation i mod players).",
        ),
    ] = False,
    data: DataOpt = None,
    overrides: SetOpt = None,
    progress: ProgressOpt = True,
    as_json: JsonOpt = False,
) -> None:
    """Simulate many games of one table and summarise win shares and VP by strategy and seat."""
    names = _names(players)
    try:
        if not 2 <= len(names) <= 4:
            raise ValueError(
                f"--players needs one preset per seat for 2 to 4 seats, got {len(names)}"
            )
        if backend not in BACKENDS:
            raise BackendError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        components = _components(data, overrides)
        spec = make_spec(names, games, seed, chunk_size, rotate)
        t0 = time.perf_counter()
        with _progress_bar(spec.games, progress) as advance:
            run = runner.simulate(
                names,
                games,
                seed,
                out=out,
                jobs=jobs,
                backend=backend,
                scheduler=scheduler,
                chunk_size=chunk_size,
                rotate=rotate,
                decisions=decisions,
                components=components,
                resume=resume,
                force=force,
                progress=advance,
            )
        wall = time.perf_counter() - t0
    except _USAGE_ERRORS as e:
        raise _fail(str(e)) from None
    counts = run.manifest["counts"]
    played, replayed = run.session["games"], run.session["chunks_replayed"]
    header = {
        "games": counts["games"],
        "games_played": played,  # this session: a resume plays only what was missing or damaged
        "chunks_replayed": replayed,
        "players": len(names),
        "seed": seed,
        "seconds": round(wall, 2),
        "games_per_second": round(played / wall, 1) if wall > 0 else None,
        "run_dir": str(out) if out is not None else None,
        "log_overflows": run.manifest["log_overflows"],
    }
    if as_json:
        typer.echo(json.dumps({"table": "run", **header}))
    else:
        typer.echo(
            f"{counts['games']:,} games, {len(names)} players, seed {seed}, "
            f"{wall:.1f} s ({header['games_per_second']:,} games/s)"
            + (f", {played:,} played now" if played != counts["games"] else "")
            + (f", {len(replayed)} chunk{'s' * (len(replayed) > 1)} replayed" if replayed else "")
            + (f", run directory {out}" if out is not None else "")
        )
    scan = run.scan("players").select("strategy", "seat", "vp", "win_share")
    _print_summary("by strategy", summary_table(scan, "strategy"), ["strategy"], as_json)
    _print_summary(
        "by seat", summary_table(scan, ["seat", "strategy"]), ["seat", "strategy"], as_json
    )


def tournament(
    presets: Annotated[
        str,
        typer.Option("--presets", help="Presets to combine, comma separated: default,random."),
    ] = "random",
    player_counts: Annotated[
        str, typer.Option("--player-counts", help="Player counts to play, comma separated.")
    ] = "2,3,4",
    games: Annotated[
        int,
        typer.Option(
            "--games", help="Games per line-up (rounded up to whole seat rotations).", min=1
        ),
    ] = 1000,
    seed: SeedOpt = 0,
    jobs: JobsOpt = 1,
    chunk_size: ChunkOpt = DEFAULT_CHUNK_SIZE,
    out: OutOpt = None,
    backend: BackendOpt = "loky",
    scheduler: SchedulerOpt = None,
    resume: ResumeOpt = False,
    force: ForceOpt = False,
    decisions: DecisionsOpt = 0.0,
    mirror: Annotated[
        bool, typer.Option("--mirror", help="Also play line-ups of a single preset.")
    ] = False,
    data: DataOpt = None,
    overrides: SetOpt = None,
    progress: ProgressOpt = True,
    as_json: JsonOpt = False,
) -> None:
    """Play every combination of the presets for 2, 3 and 4 players with seats rotated."""
    names = _names(presets)
    try:
        try:
            counts = [int(x) for x in _names(player_counts)]
        except ValueError:
            raise ValueError(
                f"--player-counts must be numbers 2..4, got {player_counts!r}"
            ) from None
        if not counts:
            raise ValueError("--player-counts is empty")
        if backend not in BACKENDS:
            raise BackendError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}")
        components = _components(data, overrides)
        plan = tournament_plan(names, counts, games, mirror)
        total = sum(e["games"] for e in plan)
        t0 = time.perf_counter()
        with _progress_bar(total, progress) as advance:
            result = runner.tournament(
                names,
                counts,
                games,
                seed,
                out=out,
                jobs=jobs,
                backend=backend,
                scheduler=scheduler,
                chunk_size=chunk_size,
                decisions=decisions,
                mirror=mirror,
                components=components,
                resume=resume,
                force=force,
                progress=advance,
            )
        wall = time.perf_counter() - t0
    except _USAGE_ERRORS as e:
        raise _fail(str(e)) from None
    if as_json:
        typer.echo(json.dumps({"table": "run", "lineups": len(plan), "games": total}))
    else:
        typer.echo(
            f"{len(plan)} line-ups, {total:,} games, seed {seed}, {wall:.1f} s"
            + (f", tournament directory {out}" if out is not None else "")
        )
    players = result.players.select("players", "strategy", "seat", "vp", "win_share")
    _print_summary(
        "by strategy",
        summary_table(players, ["players", "strategy"]),
        ["players", "strategy"],
        as_json,
    )
    _print_summary(
        "by seat", summary_table(players, ["players", "seat"]), ["players", "seat"], as_json
    )
