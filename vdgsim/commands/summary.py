"""`vdg summary RUN [--json]`: a recorded run's summary tables again, without playing."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Annotated

import typer

from vdgsim.commands.common import InputError, note
from vdgsim.commands.simulate import print_run_tables
from vdgsim.core.plug import implicit_key
from vdgsim.runner import CorruptRunError, RunDirError, load_run
from vdgsim.runner.run import UnfinishedRunWarning


def summary(
    run_dir: Annotated[
        Path, typer.Argument(metavar="RUN", help="A run directory of vdg simulate.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per line: the run, then each row.")
    ] = False,
) -> None:
    """Print the summary tables of a recorded run (win share and mean VP by strategy and by
    seat, with intervals) as vdg simulate printed them, without playing anything. A run that
    did not finish is summarised over its recorded games, with a note saying so."""
    if not run_dir.is_dir():
        raise InputError(f"{run_dir} is not a run directory (no such folder)")
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", UnfinishedRunWarning)
            run = load_run(run_dir)
    except (RunDirError, CorruptRunError, OSError, ValueError) as e:
        raise InputError(f"{run_dir}: {e}") from None
    for w in caught:
        if issubclass(w.category, UnfinishedRunWarning):
            note(str(w.message))
    spec = run.manifest.get("run", {})
    counts = run.manifest.get("counts", {})
    header = {
        "games": counts.get("games"),
        "players": len(spec.get("lineup", [])) or None,
        "seed": spec.get("seed"),
        "game": spec.get("game", implicit_key()),
        "complete": bool(run.manifest.get("complete")),
        "run_dir": str(run_dir),
    }
    if as_json:
        typer.echo(json.dumps({"table": "run", **header}))
    else:
        typer.echo(
            f"{header['games']:,} games, {header['players']} players, seed {header['seed']}, "
            f"run directory {run_dir}" + ("" if header["complete"] else " (unfinished)")
        )
    print_run_tables(run, as_json)
