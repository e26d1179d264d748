"""`vdg simulate` and `vdg tournament`: batch runs with a progress bar and a summary table.

Usage errors (unknown preset, bad player count, unwritable or existing run directory, bad
data file, contradictory options) print one line to stderr and exit with code 2, before
anything is written. Ctrl-C prints how much is saved and the command that continues the run,
and exits with code 130.
"""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

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

from strategies.vasco.registry import UnknownPresetError
from vdgsim import runner
from vdgsim.commands.charts import check_charts_dir, write_charts
from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    PlayersOption,
    SetOption,
    check_resume_target,
    display_names,
    lineup_option,
    note,
    parse_names,
    parse_player_counts,
    player_lineup,
    prepare,
    seed_option,
    usage_error,
)
from vdgsim.commands.tables import Cell, Col, fit_table, stdout_console
from vdgsim.core import _numba_cache
from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.core.plug import ComponentError, GameComponents, game_of
from vdgsim.core.stats import summary_table
from vdgsim.runner import (
    BACKENDS,
    DEFAULT_CHUNK_SIZE,
    BackendError,
    RunDirError,
    make_spec,
    tournament_plan,
)
from vdgsim.runner import output as O
from vdgsim.runner.tournament import check_tournament_dir

_USAGE_ERRORS = (
    UnknownPresetError,
    ComponentError,
    RunDirError,
    BackendError,
    InputError,
    ValueError,
)

GamesOpt = Annotated[int, typer.Option("--games", help="Number of games.", min=1)]
SeedOpt = Annotated[int, seed_option("Root seed (0 .. 2**63-1): same seed, same games.")]
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
ShipsOpt = Annotated[
    bool,
    typer.Option(
        "--ships", help="Also record a ships table: one row per player ship sent, its fate."
    ),
]
AuctionsOpt = Annotated[
    bool,
    typer.Option(
        "--auctions",
        help="Goa: also record an auctions table: one row per auctioned tile or Flag, its "
        "owner, buyer and price.",
    ),
]
OutOpt = Annotated[
    Path | None,
    typer.Option("--out", help="Run directory for the Parquet tables and manifest.json."),
]


def _known_backend(value: str) -> str:
    if value not in BACKENDS:
        raise usage_error(f"unknown backend {value!r}; choose one of {', '.join(BACKENDS)}")
    return value


BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        help="Where chunks run: loky (local processes) or dask.",
        callback=_known_backend,
    ),
]
SchedulerOpt = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Dask scheduler address, e.g. tcp://host:8786 (default: a LocalCluster).",
    ),
]
ResumeOpt = Annotated[
    bool,
    typer.Option(
        "--resume",
        help="Finish an interrupted run in --out without replaying its saved chunks "
        "(not with --force).",
    ),
]
ForceOpt = Annotated[
    bool,
    typer.Option("--force", help="Replace an existing run directory (not with --resume)."),
]
DecisionsOpt = Annotated[
    float,
    typer.Option(
        "--decisions",
        help="Fraction of decisions to record in a decisions table (0 = none, 1 = all).",
        min=0.0,
        max=1.0,
    ),
]
ProgressOpt = Annotated[
    bool,
    typer.Option(
        "--progress/--no-progress",
        help="Show a progress bar (and the first compile of the engine) on stderr.",
    ),
]
JsonOpt = Annotated[
    bool, typer.Option("--json", help="Print the summary as JSON lines instead of tables.")
]


def _check_options(resume: bool, force: bool) -> None:
    if resume and force:
        raise ValueError(
            "--resume and --force contradict each other: --resume keeps the saved games, "
            "--force deletes them; give one"
        )


def _player_counts(text: str, notes: list[str], game: str) -> list[int]:
    counts = parse_player_counts(text, game=game)
    unique = list(dict.fromkeys(counts))
    if len(unique) < len(counts):
        notes.append(f"--player-counts lists a count twice; playing {','.join(map(str, unique))}")
    return unique


def _compile(
    progress: bool, scheduler: str | None, game: str, components: GameComponents
) -> float | None:
    """Compile the engine, or load it from the cache, before the timed play; the seconds it
    took when the cache was cold (None when it was warm, or with a remote scheduler, whose
    workers compile on their own machines).

    Compiling inside the first chunk would leave the bar at 0 for a minute or two on a fresh
    machine, and count as play in the games per second."""
    if scheduler:
        return None
    cold = not (_numba_cache.jit_disabled() or _numba_cache.is_warm())
    t0 = time.perf_counter()
    console = None if progress else Console(stderr=True, quiet=True)
    prepare(game, components, console)
    return time.perf_counter() - t0 if cold else None


def _resumed_note(played: int, games: int, replayed: int) -> str:
    """What a resumed run played now: only the missing chunks and the damaged ones."""
    text = f", {played:,} played now" if played != games else ""
    return text + (f", {replayed} chunk{'s' * (replayed > 1)} replayed" if replayed else "")


def _compiled_note(seconds: float | None) -> str:
    return f", compiling took {seconds:.1f} s before" if seconds is not None else ""


@contextmanager
def progress_bar(total: int, enabled: bool) -> Iterator[Callable[[int], None]]:
    console = Console(stderr=True)
    if not enabled or not console.is_terminal:
        # redirected to a log, rich draws no bar, only an empty line
        yield lambda n: None
        return
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


def _chunks_total(
    lineup: Sequence[str], games: int, chunk_size: int, rotate: bool, game: str
) -> int:
    spec = make_spec(lineup, games, chunk_size=chunk_size, rotate=rotate, game=game)
    return -(-spec.games // spec.chunk_size)


def _chunks_saved(run_dir: Path) -> int:
    # --resume keeps the chunks the manifest records (the runner records them on Ctrl-C)
    try:
        return len(O.read_manifest(run_dir).get("chunks", []))
    except RunDirError:
        return 0


def _interrupted(saved: int, total: int, out: Path | None, resume_argv: list[str]) -> typer.Exit:
    if out is None:
        message = "interrupted; nothing is saved (without --out the games stay in memory)"
    elif not out.exists():
        # stopped before the folder was made (while compiling): there is nothing to resume
        again = [a for a in resume_argv if a != "--resume"]
        message = (
            f"interrupted; nothing is saved yet in {out} - start again with: {shlex.join(again)}"
        )
    else:
        message = (
            f"interrupted; {saved} of {total} chunks are saved in {out}"
            f" - continue with: {shlex.join(resume_argv)}"
        )
    typer.echo(f"vdg: {message}", err=True)
    return typer.Exit(130)


def _shared_argv(
    seed: int,
    chunk_size: int,
    decisions: float,
    data: str | None,
    overrides: list[str] | None,
    jobs: int,
    backend: str,
    scheduler: str | None,
    out: Path,
) -> list[str]:
    """The options a resumed run must repeat (and those of the machine it ran on)."""
    argv = ["--seed", str(seed)]
    if chunk_size != DEFAULT_CHUNK_SIZE:
        argv += ["--chunk-size", str(chunk_size)]
    if decisions:
        argv += ["--decisions", repr(decisions)]
    if data is not None:
        argv += ["--data", data]
    for item in overrides or ():
        argv += ["--set", item]
    if jobs != 1:
        argv += ["--jobs", str(jobs)]
    if backend != "loky":
        argv += ["--backend", backend]
    if scheduler:
        argv += ["--scheduler", scheduler]
    return [*argv, "--out", str(out), "--resume"]


def _share(r: dict[str, Any]) -> Cell:
    return f"{100 * r['win_share']:.1f}%", f"[{100 * r['win_low']:.1f}, {100 * r['win_high']:.1f}]"


def _vp(r: dict[str, Any]) -> Cell:
    return f"{r['mean_vp']:.2f}", f"[{r['vp_low']:.2f}, {r['vp_high']:.2f}]"


def print_summary(title: str, table: pl.DataFrame, keys: list[str], as_json: bool) -> None:
    if as_json:
        for r in table.iter_rows(named=True):
            typer.echo(json.dumps({"table": title, **r}))
        return
    cols = [Col(k, "left") for k in keys]
    cols += [Col("player", "right", "games"), Col("win share", "right", "[95% Wilson]")]
    cols.append(Col("mean VP", "right", "[95% CI]"))
    labels: dict[str, str] = {}
    if "strategy" in keys:
        names = table.get_column("strategy").unique(maintain_order=True).to_list()
        labels = dict(zip(names, display_names(names), strict=True))
    rows: list[list[Cell]] = []
    for r in table.iter_rows(named=True):
        cells = [str(labels.get(r[k], r[k]) if k == "strategy" else r[k]) for k in keys]
        rows.append([*cells, str(r["games"]), _share(r), _vp(r)])
    console = stdout_console()
    console.print(fit_table(title, cols, rows, console.width))


def print_run_tables(run: runner.Run, as_json: bool) -> None:
    """A run's summary tables: win share and VP by strategy, and by seat."""
    scan = run.scan("players").select("strategy", "seat", "vp", "win_share")
    print_summary("by strategy", summary_table(scan, "strategy"), ["strategy"], as_json)
    print_summary(
        "by seat", summary_table(scan, ["seat", "strategy"]), ["seat", "strategy"], as_json
    )


def simulate(
    game: GameOption = DEFAULT_GAME,
    lineup: Annotated[str | None, lineup_option("default")] = None,
    players: PlayersOption = None,
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
    ships: ShipsOpt = False,
    auctions: AuctionsOpt = False,
    data: DataOption = None,
    overrides: SetOption = None,
    progress: ProgressOpt = True,
    as_json: JsonOpt = False,
    charts: Annotated[
        Path | None,
        typer.Option(
            "--charts",
            metavar="DIR",
            help="Also write the run's charts as PNG files into DIR (made if missing): win "
            "share by seat and by preset with Wilson 95% intervals, and the final score "
            "distributions by seat.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Simulate many games of one table and summarise win shares and VP by strategy and seat."""
    notes: list[str] = []
    try:
        names = player_lineup(lineup, players, notes, "default", game)
        _check_options(resume, force)
        components = game_of(game).load_components(data, overrides)
        spec = make_spec(
            names, games, seed, chunk_size, rotate, True, decisions, ships, game, auctions
        )
        if out is not None:  # now rather than after the engine compiles
            check_resume_target(out, resume)
            O.check_run_dir(out, resume, force)
        if charts is not None:
            check_charts_dir(charts)
    except _USAGE_ERRORS as e:
        raise usage_error(str(e)) from None
    for message in notes:  # after the checks, so that an error stays a single line
        note(message)
    try:
        compiled = _compile(progress, scheduler, game, components)
        t0 = time.perf_counter()
        with compiled_interrupts(), progress_bar(spec.games, progress) as advance:
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
                ships=ships,
                auctions=auctions,
                components=components,
                resume=resume,
                force=force,
                progress=advance,
                game=game,
            )
        wall = time.perf_counter() - t0
    except _USAGE_ERRORS as e:
        raise usage_error(str(e)) from None
    except KeyboardInterrupt:
        argv = ["vdg", "simulate", *game_of(game).argv(), "--lineup", ",".join(names)]
        argv += ["--games", str(games)]
        if rotate:
            argv.append("--rotate")
        if ships:
            argv.append("--ships")
        if auctions:
            argv.append("--auctions")
        if out is not None:
            argv += _shared_argv(
                seed, chunk_size, decisions, data, overrides, jobs, backend, scheduler, out
            )
        saved = _chunks_saved(out) if out is not None else 0
        total = _chunks_total(names, games, chunk_size, rotate, game)
        raise _interrupted(saved, total, out, argv) from None
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
        "compile_seconds": round(compiled, 1) if compiled is not None else None,
        "run_dir": str(out) if out is not None else None,
        "log_overflows": run.manifest["log_overflows"],
    }
    if as_json:
        typer.echo(json.dumps({"table": "run", **header}))
    else:
        typer.echo(
            f"{counts['games']:,} games, {len(names)} players, seed {seed}, "
            f"{wall:.1f} s ({header['games_per_second']:,} games/s){_compiled_note(compiled)}"
            + _resumed_note(played, counts["games"], len(replayed))
            + (f", run directory {out}" if out is not None else "")
        )
    print_run_tables(run, as_json)
    if charts is not None:
        _print_charts(write_charts(run, charts), as_json)


def _print_charts(files: list[Path], as_json: bool) -> None:
    if as_json:
        typer.echo(json.dumps({"table": "charts", "files": [str(f) for f in files]}))
    else:
        typer.echo(f"charts: {', '.join(str(f) for f in files)}")


def tournament(
    presets: Annotated[
        str,
        typer.Option(
            "--presets",
            help="Presets to combine, comma separated: default,random (one preset needs --mirror).",
            show_default=False,
        ),
    ],
    game: GameOption = DEFAULT_GAME,
    player_counts: Annotated[
        str,
        typer.Option("--player-counts", help="Player counts to play, comma separated: 2,3,4."),
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
        bool,
        typer.Option(
            "--mirror", help="Also play line-ups of a single preset (every seat the same)."
        ),
    ] = False,
    ships: ShipsOpt = False,
    auctions: AuctionsOpt = False,
    data: DataOption = None,
    overrides: SetOption = None,
    progress: ProgressOpt = True,
    as_json: JsonOpt = False,
) -> None:
    """Play every combination of the presets for 2, 3 and 4 players with seats rotated."""
    notes: list[str] = []
    try:
        names = list(dict.fromkeys(parse_names(presets, "--presets")))
        counts = _player_counts(player_counts, notes, game)
        if len(names) == 1 and not mirror:
            raise ValueError(
                f"--presets names only {names[0]}: every line-up would be a mirror match; "
                "add --mirror to play them, or name more presets"
            )
        _check_options(resume, force)
        components = game_of(game).load_components(data, overrides)
        plan = tournament_plan(names, counts, games, mirror, game)
        # a table the game does not record is refused now rather than after it compiles
        make_spec(
            plan[0]["lineup"],
            games,
            seed,
            chunk_size,
            decisions=decisions,
            ships=ships,
            game=game,
            auctions=auctions,
        )
        if out is not None:  # now rather than after the engine compiles
            check_resume_target(out, resume)
            check_tournament_dir(out, resume, force)
    except _USAGE_ERRORS as e:
        raise usage_error(str(e)) from None
    for message in notes:  # after the checks, so that an error stays a single line
        note(message)
    total = sum(e["games"] for e in plan)
    try:
        compiled = _compile(progress, scheduler, game, components)
        t0 = time.perf_counter()
        with compiled_interrupts(), progress_bar(total, progress) as advance:
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
                game=game,
                ships=ships,
                auctions=auctions,
            )
        wall = time.perf_counter() - t0
    except _USAGE_ERRORS as e:
        raise usage_error(str(e)) from None
    except KeyboardInterrupt:
        argv = ["vdg", "tournament", *game_of(game).argv(), "--presets", ",".join(names)]
        argv += ["--player-counts", ",".join(map(str, counts)), "--games", str(games)]
        for flag, on in (("--mirror", mirror), ("--ships", ships), ("--auctions", auctions)):
            if on:
                argv.append(flag)
        saved = 0
        if out is not None:
            argv += _shared_argv(
                seed, chunk_size, decisions, data, overrides, jobs, backend, scheduler, out
            )
            saved = sum(_chunks_saved(out / e["name"]) for e in plan)
        chunks = sum(_chunks_total(e["lineup"], games, chunk_size, True, game) for e in plan)
        raise _interrupted(saved, chunks, out, argv) from None
    played = sum(r.session.get("games", 0) for r in result.runs)
    replayed = sum(len(r.session.get("chunks_replayed", [])) for r in result.runs)
    if as_json:
        header = {"table": "run", "lineups": len(plan), "games": total, "games_played": played}
        header |= {"chunks_replayed": replayed, "seconds": round(wall, 2)}
        header["compile_seconds"] = round(compiled, 1) if compiled is not None else None
        typer.echo(json.dumps(header))
    else:
        typer.echo(
            f"{len(plan)} line-ups, {total:,} games, seed {seed}, {wall:.1f} s"
            + _compiled_note(compiled)
            + _resumed_note(played, total, replayed)
            + (f", tournament directory {out}" if out is not None else "")
        )
    players = result.players.select("players", "strategy", "seat", "vp", "win_share")
    print_summary(
        "by strategy",
        summary_table(players, ["players", "strategy"]),
        ["players", "strategy"],
        as_json,
    )
    print_summary(
        "by seat", summary_table(players, ["players", "seat"]), ["players", "seat"], as_json
    )
