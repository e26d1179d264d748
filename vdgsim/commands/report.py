"""`vdg report --out reports/NAME [--quick] [--jobs J] [--levels P,...] [--tolerance PP]
[--resume | --force]`:
the balance report.

Register in cli.py with ``app.command("report")(report)``. Usage errors (invalid spec, a
folder that is not a report directory, settings that differ on ``--resume``, a place that
cannot be written) raise :class:`InputError` (exit 2); Ctrl-C says what is kept and how to
resume (exit 130).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Annotated

import typer

from vdgsim.commands.common import (
    DEFAULT_GAME,
    DataOption,
    GameOption,
    InputError,
    SetOption,
    ToleranceOption,
    check_resume_target,
    ensure_compiled,
)
from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.core.plug import game_of


def report(
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            help="Report folder, e.g. reports/NAME: new or empty, or a report directory with "
            "--resume or --force.",
        ),
    ],
    quick: Annotated[
        bool, typer.Option("--quick", help="Small version (CI): each spec's quick_games.")
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    experiments: Annotated[
        Path | None,
        typer.Option(
            "--experiments",
            help="Folder of experiment specs (default: experiments/, for Goa experiments/goa/).",
        ),
    ] = None,
    runs: Annotated[
        Path | None,
        typer.Option("--runs", help="Where the runs go (default: OUT/runs; not for committing)."),
    ] = None,
    games: Annotated[
        int | None, typer.Option("--games", help="Games per run for every spec.", min=1)
    ] = None,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            help="Only this experiment (repeatable); the skill axis always runs. 'verdict': "
            "only what the verdict's balance rests on (the skill axis and the seats in every "
            "seat, without the other deals and the robustness replays).",
        ),
    ] = None,
    levels: Annotated[
        str | None,
        typer.Option(
            "--levels",
            help="Only these levels of the skill axis, comma-separated (default: every level "
            "the specs name), e.g. baseline_v1,mc:rollouts=32:decisions=act to leave the "
            "costliest search level out; default itself always plays.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Finish an interrupted report: keep its complete runs (the settings must "
            "match), finish the others, play any experiment or skill-axis level added since, "
            "write the report again.",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force",
            help="Replace an existing report directory: delete it (and its runs) first.",
        ),
    ] = False,
    progress: Annotated[
        bool,
        typer.Option(
            "--progress/--no-progress",
            help="Show progress on stderr: experiment, run, games done, charts rendered.",
        ),
    ] = True,
    tolerance: ToleranceOption = None,
    game: GameOption = DEFAULT_GAME,
    data: DataOption = None,
    set_: SetOption = None,
) -> None:
    """Run the experiments and write index.html (self-contained), report.md, charts, tables.
    With --data or --set, the report of that variant of the component data, on the same
    seeds as the report of the default data (compare the two with vdg compare)."""
    from strategies.vasco.registry import UnknownPresetError
    from vdgsim.analysis.experiment import SpecError, saved_runs
    from vdgsim.report import build_report
    from vdgsim.report.progress import progress_display
    from vdgsim.runner import RunDirError

    args = ["--out", str(out), *game_of(game).argv()]
    args += (["--quick"] if quick else []) + ["--jobs", str(jobs)]
    if experiments is not None:
        args += ["--experiments", str(experiments)]
    if games is not None:
        args += ["--games", str(games)]
    for name in only or []:
        args += ["--only", name]
    chosen = None if levels is None else [p.strip() for p in levels.split(",") if p.strip()]
    if chosen is not None:
        args += ["--levels", ",".join(chosen)]
    if tolerance is not None:
        if not 0.0 < tolerance < 100.0:
            raise InputError(f"--tolerance: must be between 0 and 100 pp, got {tolerance:g}")
        args += ["--tolerance", f"{tolerance:g}"]
    if data is not None:
        args += ["--data", data]
    for item in set_ or []:
        args += ["--set", item]
    command = shlex.join(["vdg", "report", *args])
    if runs is None or not runs.exists():  # runs kept elsewhere may be finished into a new OUT
        check_resume_target(out, resume, force)
    if runs is not None:
        args += ["--runs", str(runs)]
    try:
        with compiled_interrupts(), progress_display(progress, ensure_compiled) as bar:
            build_report(
                out,
                quick=quick,
                jobs=jobs,
                experiments=experiments,
                runs=runs,
                games=games,
                only=only,
                levels=chosen,
                command=command,
                resume=resume,
                force=force,
                progress=bar,
                game=game,
                data=data,
                overrides=set_,
                tolerance=None if tolerance is None else tolerance / 100.0,
            )
    except (SpecError, UnknownPresetError, RunDirError) as e:
        raise InputError(str(e)) from None
    except KeyboardInterrupt:
        where = runs if runs is not None else out / "runs"
        done, started = saved_runs(where) if where.is_dir() else (0, 0)
        typer.echo(
            f"vdg: interrupted; {done} complete run(s) and the finished chunks of "
            f"{started - done} more are kept in {where}; the report is not complete"
            f" - continue with: {shlex.join(['vdg', 'report', *args, '--resume'])}",
            err=True,
        )
        raise typer.Exit(130) from None
    typer.echo(f"{out / 'index.html'}")
