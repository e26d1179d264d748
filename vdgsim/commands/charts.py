"""`vdg simulate --charts DIR`: a run's charts as PNG files, without a report.

The directory is checked before the run (so a bad path costs no games) and made when the
charts are written; each PNG is written to a temporary name and renamed, so a chart on disk is
always whole.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from vdgsim.analysis import charts as C
from vdgsim.commands.common import InputError, display_names


def check_charts_dir(directory: Path) -> None:
    """``--charts``: a directory that exists or can be made here, else a one-line usage
    error."""
    if directory.exists() and not directory.is_dir():
        raise InputError(f"--charts {directory} is a file, not a directory")
    existing = directory
    while not existing.exists():
        existing = existing.parent
    if not existing.is_dir():
        raise InputError(f"--charts {directory}: {existing} is a file, not a directory")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise InputError(f"--charts {directory}: cannot write in {existing}")


def write_charts(run: Any, directory: Path) -> list[Path]:
    """Write the charts of ``run`` (a :class:`vdgsim.runner.run.Run`) into ``directory``;
    returns the files written."""
    from vdgsim.analysis.run_charts import run_charts

    players = run.scan("players").select("seat", "strategy", "vp", "win_share").collect()
    names = list(dict.fromkeys(run.manifest["run"]["lineup"]))
    labels = dict(zip(names, display_names(names), strict=True))
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"--charts {directory}: {e.strerror}") from None
    written = []
    for name, fig in run_charts(players, run.manifest, labels):
        path = directory / f"{name}.png"
        # matplotlib takes the format from the name's suffix
        tmp = path.with_name(f".{path.stem}.tmp-{os.getpid()}.png")
        C.save(fig, str(tmp))
        os.replace(tmp, path)
        written.append(path)
    return written
