"""The sweep section: how the win shares, and what the game says responds, move with one
component value."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    robustness,
    sensitivity,
)
from vdgsim.analysis.common import (
    RunInfo,
    pp_ci,
)
from vdgsim.analysis.experiment import (
    ROBUST,
    ExperimentRun,
)
from vdgsim.core.plug import game_of
from vdgsim.report.findings import Finding, KeyNumber, Section
from vdgsim.report.sections.robust import robustness_table


# --- sweep -----------------------------------------------------------------------------------
def sweep_section(exp: ExperimentRun, sec: Section) -> None:
    """Win shares (by strategy, or by seat for identical players), scores, and landing use
    (Vasco da Gama) or VP by source (Goa) against the swept value."""
    key, game = exp.spec.sweep_key, exp.spec.game
    identical = len(set(exp.spec.players)) == 1
    by = "seat" if identical else "strategy"
    # the swept values' runs; the robustness runs replay the end values for the labels only
    own = {n: r for n, r in exp.runs.items() if not n.startswith(f"{ROBUST}/")}
    players = sensitivity.sweep_players(own)
    ws = sensitivity.win_share_response(players, by)
    sc = sensitivity.score_response(players, game)
    win = sensitivity.winning_vp(own)
    sec.tables["win_share_response"] = ws
    sec.tables["score_response"] = sc
    sec.tables["winning_vp"] = win
    steps = sensitivity.step_changes(own, by)
    sec.tables["step_changes"] = steps
    labels = robustness.sweep_labels(exp)
    robustness_table(exp, sec, labels, by)
    per_value = replace(
        sec.info,
        games=min(r.games.height for r in own.values()),
        about="per value, every value on the same deals",
    )
    sec.figures.append(("win_shares", C.sensitivity_chart(ws, per_value, key, by)))
    values = win["value"].to_list()
    lo_v, hi_v = values[0], values[-1]
    # what moves besides the win shares: the game's own response (landing use in Vasco da
    # Gama), else VP by source
    respond = game_of(game).sweep_response or vp_source_response
    more = respond(exp, sec, players, per_value, key, lo_v, hi_v)
    for group in sorted(ws[by].unique()):
        s = ws.filter(pl.col(by) == group).sort("order")
        a, b = s.row(0, named=True), s.row(-1, named=True)
        name = f"seat {group}" if by == "seat" else str(group)
        ka, kb = (
            KeyNumber(
                f"{name} at {key}={v}",
                r["win_share"],
                r["win_low"],
                r["win_high"],
                "%",
                "win_share_response",
                {"value": v, by: group},
                "win_share",
            )
            for v, r in ((lo_v, a), (hi_v, b))
        )
        sec.numbers += [ka, kb]
        mine = steps.filter(pl.col(by) == str(group))
        ends = mine.filter(~pl.col("step")) if mine.height > 1 else mine
        e = ends.row(0, named=True)
        kd = KeyNumber(
            f"{name}: change from {key}={lo_v} to {hi_v}",
            e["change"],
            e["low"],
            e["high"],
            "pp",
            "step_changes",
            {by: str(group), "from": str(e["from"]), "to": str(e["to"])},
            "change",
        )
        sec.numbers.append(kd)
        each = ", ".join(
            f"{r['from']}→{r['to']} {pp_ci(r['change'], r['low'], r['high'])}"
            for r in mine.filter(pl.col("step")).iter_rows(named=True)
        )
        sec.findings.append(
            Finding(
                f"As {key} goes from {lo_v} to {hi_v}, {name}'s win share moves from "
                f"{ka.text()} to {kb.text()}: a paired change of {kd.text()} on the same deals. "
                f"Step by step it {sensitivity.shape(mine)} (steps clear when their intervals, "
                f"Bonferroni over the steps, exclude zero; 95% intervals, pp: {each}).",
                kd,
                labels.get(str(group), {}),
                short=f"As {key} goes from {lo_v} to {hi_v}, {name}'s win share changes by "
                f"{kd.text()} on the same deals.",
            )
        )
    if identical:
        bal = sensitivity.balance_response(ws)
        sec.tables["balance_response"] = bal
        best = bal.sort("balance_index").row(-1, named=True)
        sec.findings.append(
            "Seat balance index by value: "
            + ", ".join(
                f"{v}: {x:.3f}" for v, x in zip(bal["value"], bal["balance_index"], strict=True)
            )
            + f"; the most balanced value is {best['value']}."
        )
    w0, w1 = win.row(0, named=True), win.row(-1, named=True)
    sec.findings.append(
        f"The mean winning score moves from {w0['winning_vp']:.1f} to {w1['winning_vp']:.1f} VP."
    )
    sec.findings += more
    sec.notes.append(
        "Every value is played on the same seeds; "
        + ("seats are not rotated (identical players)." if not exp.spec.rotate else "seats rotate.")
    )


def vp_source_response(
    exp: ExperimentRun,
    sec: Section,
    players: pl.DataFrame,
    per_value: RunInfo,
    key: str,
    lo_v: Any,
    hi_v: Any,
) -> list[str]:
    """Mean VP by source against the swept value (a table and a chart), and the sources that
    moved most between the end values (a finding)."""
    sources = sensitivity.vp_source_response(players, exp.spec.game)
    sec.tables["vp_source_response"] = sources
    sec.figures.append(("vp_sources", C.vp_source_response_chart(sources, per_value, key)))
    return [_source_shift(sources, lo_v, hi_v)]


def _source_shift(sources: pl.DataFrame, lo: Any, hi: Any) -> str:
    """The VP sources whose mean moves most between the end values of a sweep."""
    ends = sources.filter(pl.col("value").is_in([str(lo), str(hi)])).pivot(
        "value", index="source", values="vp"
    )
    moved = (
        ends.with_columns((pl.col(str(hi)) - pl.col(str(lo))).alias("change"))
        .sort(pl.col("change").abs(), descending=True)
        .head(3)
    )
    parts = ", ".join(
        f"{r['source']} {r[str(lo)]:.2f} -> {r[str(hi)]:.2f} ({r['change']:+.2f})"
        for r in moved.iter_rows(named=True)
    )
    return f"VP per player per game, the sources that move most from {lo} to {hi}: {parts}."
