"""`vdg report --out reports/NAME [--quick] [--jobs J]`: the balance report.

Register in cli.py with ``app.command("report")(report)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from vdgsim.commands.common import InputError


def report(
    out: Annotated[Path, typer.Option("--out", help="Report folder, e.g. reports/NAME.")],
    quick: Annotated[
        bool, typer.Option("--quick", help="Small version (CI): each spec's quick_games.")
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.", min=1)] = 1,
    experiments: Annotated[
        Path | None,
        typer.Option("--experiments", help="Folder of experiment specs (default: experiments/)."),
    ] = None,
    runs: Annotated[
        Path | None,
        typer.Option("--runs", help="Where the runs go (default: OUT/runs; not for committing)."),
    ] = None,
    games: Annotated[
        int | None, typer.Option("--games", help="Games per run for every spec.", min=1)
    ] = None,
    only: Annotated[
        list[str] | None, typer.Option("--only", help="Only this experiment (repeatable).")
    ] = None,
) -> None:
    """Run the experiments and write index.html (self-contained), report.md, charts, tables."""
    from strategies.registry import UnknownPresetError
    from vdgsim.analysis.experiment import SpecError
    from vdgsim.report import build_report
    from vdgsim.runner import RunDirError

    command = f"vdg report --out {out}" + (" --quick" if quick else "") + f" --jobs {jobs}"
    if experiments is not None:
        command += f" --experiments {experiments}"
    if games is not None:
        command += f" --games {games}"
    for name in only or []:
        command += f" --only {name}"
    try:
        build_report(
            out,
            quick=quick,
            jobs=jobs,
            experiments=experiments,
            runs=runs,
            games=games,
            only=only,
            command=command,
            log=lambda m: typer.echo(m, err=True),
        )
    except (SpecError, UnknownPresetError, RunDirError) as e:
        raise InputError(str(e)) from None
    typer.echo(f"{out / 'index.html'}")
