"""The report's "what to change": for each player count the verdict finds not balanced at
skilled play, the seats spec's fix search (:mod:`vdgsim.analysis.fixes`), its suggestion put
on the count's balance and its component data written beside the report."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from vdgsim.analysis.balance import candidate_toml
from vdgsim.analysis.experiment import ExperimentRun
from vdgsim.analysis.fixes import check_player, suggest
from vdgsim.report.findings import Section
from vdgsim.report.progress import Progress
from vdgsim.report.verdict import NOT_BALANCED
from vdgsim.runner.output import atomic_write_bytes

FIX = "fix"  # the folder of the fix search's runs, inside the seats experiment's


def fix_file(players: int) -> str:
    """The report file of the suggested component data at ``players``."""
    return f"fix-{players}p.toml"


def add_fixes(
    exp: ExperimentRun,
    sec: Section,
    out: Path,
    *,
    quick: bool,
    jobs: int,
    progress: Progress,
) -> tuple[list[str], int]:
    """Search a fix for every count of ``sec.balance`` not balanced at skilled play (a spec
    without ``[fix]`` searches none); returns the files written in ``out`` and the games
    played (or read) by the searches."""
    spec = exp.spec
    if spec.fix is None or exp.path is None or (quick and not spec.fix.quick_games):
        return [], 0
    by = "turn" if sec.spread_of == "turn position" else "seat"
    written = []
    games = 0
    for i, b in enumerate(sec.balance):
        skilled = b.skilled or b.own
        if b.verdict() != NOT_BALANCED:
            continue
        t = time.perf_counter()
        progress.run(f"what to change at {b.players} players", i + 1, len(sec.balance))
        checker = check_player(spec.fix, [s.player for s in b.levels], skilled.player)
        # the checker's own gaps at the printed values calibrate the search (none measured:
        # no calibration rather than another player's)
        at = next((s for s in (*b.levels, b.own) if s.player == checker), None)
        found = suggest(
            spec.fix,
            spec,
            b.players,
            b.offending(),
            None if at is None else [g.gap for g in at.seats],
            checker,
            b.tolerance,
            by,
            exp.path / FIX,
            quick=quick,
            jobs=jobs,
            progress=progress.games,
        )
        name = ""
        if found.values is not None and found.changes():
            name = fix_file(b.players)
            source = spec.data or "the default data"
            changes = [f"{k}={v}" for k, _, v in found.changes()]
            atomic_write_bytes(
                out / name, candidate_toml(spec.components(found.values), source, changes)
            )
            written.append(name)
        sec.balance[i] = dataclasses.replace(b, fix=found, fix_file=name)
        # the verdict gives the change in a clause; the search itself is told here
        told = sec.balance[i].fix_sentence(sec.spread_of)
        sec.findings.append(f"With {b.players} players, {told[0].lower()}{told[1:]}")
        games += found.games
        progress.log(
            f"what to change at {b.players} players: {found.tried} candidates, "
            f"{time.perf_counter() - t:.1f} s"
        )
    return written, games
