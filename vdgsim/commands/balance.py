"""`vdg balance`: search component values that make chosen player counts fair.

The search itself is :mod:`vdgsim.analysis.balance`; this module reads the options, shows
progress, prints the finalists and writes the results: ``candidates.csv`` (every candidate
measured, refreshed as the search goes, so an interrupted search keeps what it played),
``finalists.csv``, ``balance.json`` (settings and printed values) and one component data file
per finalist (``candidate-1.toml``, ...), which ``--data`` of any command takes.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Annotated, Any

import polars as pl
import typer
from rich.console import Console
from rich.table import Table

from vdgsim.analysis import balance as B
from vdgsim.analysis.experiment import DEFAULT_TOLERANCE
from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    SetOption,
    ToleranceOption,
    ensure_compiled,
    int_range,
    parse_player_counts,
    seed_option,
)
from vdgsim.runner.output import atomic_write_bytes

MARKER = "balance.json"


def _check_out(out: Path, force: bool) -> None:
    """Refuse an ``--out`` that is a file, or a folder with something other than an earlier
    balance search in it, unless --force replaces an earlier search."""
    if out.exists() and not out.is_dir():
        raise InputError(f"--out {out} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not (out / MARKER).is_file():
            raise InputError(f"--out {out} holds other files; choose an empty or new folder")
        if not force:
            raise InputError(
                f"--out {out} holds an earlier balance search; --force replaces it "
                "(the search starts again)"
            )
    if not out.parent.exists():
        raise InputError(f"--out {out}: the folder {out.parent} does not exist")


def _write_csv(path: Path, frame: pl.DataFrame) -> None:
    atomic_write_bytes(path, frame.write_csv().encode())


def _data_file(settings: B.Settings, values: dict[str, int]) -> bytes:
    # the default data is named as the game names it, not by this machine's path to it
    source = settings.data if settings.data is not None else "the default data"
    return B.candidate_toml(B.components_for(settings, values), source, B.overrides_of(values))


def _spread_cell(m: B.Measure, n: int) -> str:
    """``spread [lo, hi]`` and the win shares by position (``56/44``)."""
    sp, lo, hi = m.spread[n]
    shares = "/".join(f"{100 * s:.0f}" for s, _, _ in m.shares[n])
    return f"{sp:.1f} [{lo:.1f}, {hi:.1f}] ({shares})"


def _table(title: str, rows: list[tuple[str, B.Measure]], settings: B.Settings) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("candidate", no_wrap=True)
    table.add_column("values", no_wrap=True)
    for n in settings.player_counts:
        table.add_column(f"{n}p spread (shares)", no_wrap=True)
    table.add_column("mean VP", no_wrap=True)
    for name, m in rows:
        values = ", ".join(str(m.values[k.key]) for k in settings.knobs)
        cells = [_spread_cell(m, n) for n in settings.player_counts]
        mean_vp = " / ".join(f"{s['mean_vp']:.1f}" for s in m.side.values())
        table.add_row(name, values, *cells, mean_vp)
    return table


def balance(
    vary: Annotated[
        list[str],
        typer.Option(
            "--vary",
            metavar="KEY=LO:HI",
            help="A component value to search and its integer range, e.g. "
            "--vary costs.dias_vp=0:6 (repeatable; the keys of --set).",
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="Folder for the results (created).")],
    game: GameOption = DEFAULT_GAME,
    player_counts: Annotated[
        str,
        typer.Option(
            "--player-counts",
            help="Player counts whose spread the search lowers, comma separated.",
        ),
    ] = "2",
    preset: Annotated[
        str, typer.Option("--preset", help="The player in every seat during the search.")
    ] = "default",
    by: Annotated[
        str,
        typer.Option(
            "--by",
            help="Positions to make fair: seat (seat number, seats not rotated) or turn "
            "(turn position from the start player, for a game that draws one).",
        ),
    ] = "seat",
    games: Annotated[
        int,
        typer.Option(
            help="Games per candidate and player count during the search (the same seeds for "
            "every candidate).",
            callback=int_range(10, 10_000_000),
        ),
    ] = 2000,
    budget: Annotated[
        int,
        typer.Option(
            "--budget",
            help="Candidates to play (every candidate when the ranges hold no more).",
            callback=int_range(1, 10_000),
        ),
    ] = 24,
    finalists: Annotated[
        int,
        typer.Option(
            "--finalists",
            help="Best candidates played again on fresh seeds with --confirm-games.",
            callback=int_range(1, 100),
        ),
    ] = 3,
    confirm_games: Annotated[
        int,
        typer.Option(
            "--confirm-games",
            help="Games per finalist and player count when they are played again.",
            callback=int_range(10, 10_000_000),
        ),
    ] = 8000,
    tolerance: ToleranceOption = None,
    check_with: Annotated[
        str | None,
        typer.Option(
            "--check-with",
            help="A stronger player (e.g. mc:rollouts=32:decisions=act) that plays the "
            "printed values and the finalists in every seat, --check-games each.",
        ),
    ] = None,
    check_games: Annotated[
        int,
        typer.Option(
            "--check-games",
            help="Games per candidate and player count at the --check-with level.",
            callback=int_range(1, 1_000_000),
        ),
    ] = 200,
    seed: Annotated[int, seed_option("Root seed of the search's games.")] = 1,
    jobs: Annotated[
        int, typer.Option(help="Worker processes per run.", callback=int_range(1, 1024))
    ] = 1,
    data: DataOption = None,
    set_: SetOption = None,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an earlier balance search in --out.")
    ] = False,
) -> None:
    """Search component values (--vary) that bring the win shares by seat (or turn position)
    of the chosen player counts within --tolerance of fair, with the same player in every
    seat: exhaustively when the ranges are small, else by CMA-ES; the best candidates are
    played again on fresh seeds and optionally at a stronger level. Writes each finalist as a
    component data file for --data."""
    try:
        knobs = tuple(B.Knob.parse(v) for v in vary)
        if len({k.key for k in knobs}) != len(knobs):
            raise InputError("--vary names a key twice")
        counts = tuple(parse_player_counts(player_counts))
        settings = B.Settings(
            game=game,
            knobs=knobs,
            player_counts=counts,
            preset=preset,
            games=games,
            budget=budget,
            finalists=finalists,
            confirm_games=confirm_games,
            tolerance=100 * DEFAULT_TOLERANCE if tolerance is None else tolerance,
            by=by,
            seed=seed,
            data=data,
            base_overrides=tuple(set_ or ()),
            check_with=check_with,
            check_games=check_games,
            jobs=jobs,
        )
        printed = B.check(settings)
        from vdgsim.runner import game_of

        for name in (preset, *([check_with] if check_with else [])):
            game_of(game).parameter_row(name, counts[0])
        _check_out(out, force)
    except (ValueError, InputError) as e:
        raise InputError(str(e)) from None
    try:
        if out.exists():
            shutil.rmtree(out)
        out.mkdir()
    except OSError as e:
        raise InputError(f"--out {out}: {e.strerror or e}") from None
    atomic_write_bytes(
        out / MARKER,
        json.dumps(
            {
                "settings": {
                    **{k: v for k, v in settings.__dict__.items() if k != "knobs"},
                    "knobs": [k.__dict__ for k in knobs],
                },
                "printed": printed,
            },
            indent=2,
        ).encode(),
    )
    err = Console(stderr=True)
    ensure_compiled(err)
    played: list[B.Measure] = []

    def progress(stage: str, m: B.Measure) -> None:
        if stage == "search":
            played.append(m)
            _write_csv(out / "candidates.csv", B.measures_frame(played, "search"))
        values = ", ".join(f"{k}={v}" for k, v in m.values.items())
        err.print(f"{stage}: {values}: worst spread {m.worst:.1f} pp", highlight=False)

    try:
        result = B.search(settings, progress)
    except KeyboardInterrupt:
        # the record stays for reading; the search itself starts again on a rerun (--force)
        typer.echo(
            f"vdg: interrupted; the {len(played)} candidates played are listed in "
            f"{out / 'candidates.csv'}; a search does not continue where it stopped: "
            "run it again with --force",
            err=True,
        )
        raise typer.Exit(130) from None
    except B.BalanceError as e:
        raise InputError(str(e)) from None
    _report(settings, result, out)


def _report(settings: B.Settings, result: dict[str, Any], out: Path) -> None:
    confirmed: list[B.Measure] = result["confirmed"]
    base: B.Measure = result["confirmed_base"]
    checked: list[B.Measure] = result["checked"]
    frames = [B.measures_frame([base], "printed"), B.measures_frame(confirmed, "finalist")]
    if checked:
        frames.append(B.measures_frame(checked, f"check {settings.check_with}"))
    _write_csv(out / "finalists.csv", pl.concat(frames, how="diagonal_relaxed"))
    for i, m in enumerate(confirmed, 1):
        atomic_write_bytes(out / f"candidate-{i}.toml", _data_file(settings, m.values))
    rows = [("printed", base), *((f"candidate-{i}", m) for i, m in enumerate(confirmed, 1))]
    console = Console()
    console.print(
        f"values: {', '.join(k.key for k in settings.knobs)}; spread: the largest distance of "
        f"a {settings.by}'s win share from fair, pp [95% interval], win shares by "
        f"{settings.by} in %",
        highlight=False,
    )
    console.print(
        _table(
            f"{settings.preset} in every seat, {settings.confirm_games:,} games per candidate "
            "and count on fresh seeds",
            rows,
            settings,
        )
    )
    if checked:
        names = [name for name, _ in rows]
        console.print(
            _table(
                f"{settings.check_with} in every seat, {settings.check_games:,} games per "
                "candidate and count",
                list(zip(names, checked, strict=True)),
                settings,
            )
        )
    fair = [f"candidate-{i}" for i, m in enumerate(confirmed, 1) if m.within(settings.tolerance)]
    verdict = (
        f"within ±{settings.tolerance:g} pp at every count: {', '.join(fair)}"
        if fair
        else f"no finalist is within ±{settings.tolerance:g} pp at every count"
    )
    typer.echo(f"{verdict}; data files and tables in {out}")
