"""The charts of one run without a report (`vdg simulate --charts`): win share by seat and by
preset with Wilson intervals, and the final score distributions by seat."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import polars as pl
from matplotlib.figure import Figure

from vdgsim.analysis import charts as C
from vdgsim.analysis.common import run_info
from vdgsim.core.stats import summary_table

CHART_NAMES = ("win-share-by-seat", "win-share-by-preset", "scores")


def _about(manifest: dict[str, Any], labels: Mapping[str, str]) -> str:
    run = manifest["run"]
    lineup = ", ".join(labels.get(n, n) for n in run["lineup"])
    rotated = "seats rotated" if run["rotate"] else "seats not rotated"
    return f"{run['players']} players: {lineup}; {rotated}"


def run_charts(
    players: pl.DataFrame, manifest: dict[str, Any], labels: Mapping[str, str]
) -> list[tuple[str, Figure]]:
    """The charts of a run's ``players`` table (columns seat, strategy, vp, win_share), each
    with the run's provenance caption; ``labels`` shows a preset's name for its spelling in
    the line-up (a preset file by its stem)."""
    n = int(manifest["run"]["players"])
    info = replace(run_info([manifest]), about=_about(manifest, labels))
    by_seat = summary_table(players, "seat")
    by_preset = summary_table(players, "strategy")
    seat = C.group_share_chart(
        by_seat,
        info,
        [f"seat {s}" for s in by_seat["seat"]],
        1 / n,
        "Win share by seat (dashed: fair share)",
        "seat (number)",
    )
    preset = C.group_share_chart(
        by_preset,
        info,
        [labels.get(s, s) for s in by_preset["strategy"]],
        1 / n,
        "Win share by preset (dashed: fair share)",
        "preset (name)",
    )
    scores = C.score_chart(players.with_columns(pl.lit(n).alias("players")), info)
    return list(zip(CHART_NAMES, (seat, preset, scores), strict=True))
