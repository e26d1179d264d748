"""Build a balance report: run every experiment spec, analyse, render.

>>> build_report("reports/quick", quick=True)   # small and fast, for CI

Runs go below ``runs`` (default ``<out>/runs``); a killed full report resumes its complete
chunks when run again with the same settings.
"""

from __future__ import annotations

import shlex
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import matplotlib

from vdgsim.analysis.experiment import (
    ExperimentRun,
    ExperimentSpec,
    SpecError,
    list_specs,
    run_experiment,
)
from vdgsim.components import default_components
from vdgsim.report.render import Header, write_report
from vdgsim.report.sections import Section, build_section

Log = Callable[[str], None]


def _run(
    spec: ExperimentSpec, where: Path, quick: bool, games: int | None, jobs: int
) -> ExperimentRun:
    from vdgsim.runner import RunDirError

    try:
        return run_experiment(spec, where, quick=quick, games=games, jobs=jobs, resume=True)
    except RunDirError:
        # an older run with other settings: replace it
        return run_experiment(spec, where, quick=quick, games=games, jobs=jobs, force=True)


def build_report(
    out: str | Path,
    *,
    quick: bool = False,
    jobs: int = 1,
    experiments: str | Path | None = None,
    runs: str | Path | None = None,
    games: int | None = None,
    only: Sequence[str] | None = None,
    command: str | None = None,
    log: Log | None = None,
) -> dict[str, Any]:
    """Run the experiments in ``experiments`` (default ``experiments/``) and write the report.

    ``quick`` uses each spec's ``quick_games``; ``games`` overrides every spec's size;
    ``only`` keeps the named experiments. Returns the report summary (``report.json``).
    """
    t0 = time.perf_counter()
    out = Path(out)
    runs_dir = Path(runs) if runs is not None else out / "runs"
    specs = list_specs(experiments)
    if only:
        unknown = set(only) - {s.name for s in specs}
        if unknown:
            raise SpecError(f"unknown experiment(s): {', '.join(sorted(unknown))}")
        specs = [s for s in specs if s.name in only]
    if not specs:
        raise SpecError(f"no experiment specs (*.toml) in {experiments or 'experiments/'}")
    # every chart stays open until the report is written (they are closed as they are saved)
    with matplotlib.rc_context({"figure.max_open_warning": 0}):
        return _build(out, runs_dir, specs, quick, games, jobs, command, log, t0)


def _build(
    out: Path,
    runs_dir: Path,
    specs: list[ExperimentSpec],
    quick: bool,
    games: int | None,
    jobs: int,
    command: str | None,
    log: Log | None,
    t0: float,
) -> dict[str, Any]:
    sections: list[Section] = []
    total = 0
    for spec in specs:
        t = time.perf_counter()
        exp = _run(spec, runs_dir / spec.name, quick, games, jobs)
        sec = build_section(exp)
        sections.append(sec)
        total += sec.info.games
        if log:
            log(f"{spec.name}: {sec.info.games:,} games, {time.perf_counter() - t:.1f} s")
    comps = default_components()
    header = Header(
        title="Vasco da Gama balance report" + (" (quick)" if quick else ""),
        games=total,
        seeds=[s.seed for s in specs],
        version=sections[0].info.version,
        commit=sections[0].info.commit,
        digest=comps.digest,
        provenance={k: str(v) for k, v in comps.data.get("provenance", {}).items()},
        command=command or "vdg report " + " ".join(shlex.quote(a) for a in sys.argv[1:]),
        quick=quick,
        wall_seconds=0.0,
    )
    header.wall_seconds = time.perf_counter() - t0
    summary = write_report(out, header, sections)
    if log:
        log(f"report written to {out} in {time.perf_counter() - t0:.1f} s")
    return summary
