"""The robustness table of a section and the skill curves behind its skill labels: whether a
finding keeps its verdict on other seeds, at other player strengths and on reconstructed-data
alternatives."""

from __future__ import annotations

from dataclasses import replace

import matplotlib.pyplot as plt
import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    robustness,
)
from vdgsim.analysis.experiment import (
    ROBUST,
    ExperimentRun,
)
from vdgsim.analysis.robustness import Label
from vdgsim.report.findings import Section

_ROBUST_RUNS = "other seeds, other player strengths, reconstructed-data alternatives"


def label_rows(labels: dict[str, dict[str, Label]], key: str) -> pl.DataFrame:
    """One row per finding (named in column ``key``): its labels and their evidence."""
    return pl.DataFrame(
        [
            {
                key: name,
                **{k: lab[k].text() for k in robustness.LABELS},
                **{f"{k}_evidence": lab[k].evidence for k in robustness.LABELS},
            }
            for name, lab in labels.items()
        ]
    )


def robustness_table(
    exp: ExperimentRun,
    sec: Section,
    labels: dict[str, dict[str, Label]],
    key: str,
    runs: str = _ROBUST_RUNS,
) -> None:
    """The section's ``robustness`` table (one row per finding, named in column ``key``: its
    labels and their evidence) and a note on the games behind it (``runs``: what they are)."""
    if not labels:
        return
    sec.tables["robustness"] = label_rows(labels, key)
    _skill_curves(sec, labels)
    extra = [r for n, r in exp.runs.items() if n.startswith(f"{ROBUST}/")]
    if not extra:  # a seats spec labelled from its other presets alone
        return
    sec.notes.append(
        f"Robustness labels come from {sum(r.games.height for r in extra):,} more games in "
        f"{len(extra)} runs ({runs}; docs/analysis.md); their evidence is in the robustness "
        "table."
    )


def skill_curve_rows(labels: dict[str, dict[str, Label]]) -> pl.DataFrame:
    """One row per finding and level of the skill axis it was measured at: the player, its
    rating relative to the axis anchor (null: not rated) and the effect with its interval."""
    rows = [
        {"finding": name, **c.as_dict(), "skill": lab["skill"].label}
        for name, lab in labels.items()
        if "skill" in lab
        for c in lab["skill"].curve
    ]
    schema = {
        "finding": pl.String,
        "player": pl.String,
        "rating": pl.Float64,
        "rating_low": pl.Float64,
        "rating_high": pl.Float64,
        "value": pl.Float64,
        "low": pl.Float64,
        "high": pl.Float64,
        "deals": pl.Int64,
        "skill": pl.String,
    }
    return pl.DataFrame(rows, schema=schema)


def _skill_curves(sec: Section, labels: dict[str, dict[str, Label]]) -> None:
    """The section's ``skill_curve`` table (every labelled finding at every level) and, when
    the levels are rated, its chart (appended to an existing table: a section may label two
    families of findings)."""
    curve = skill_curve_rows(labels)
    if curve.is_empty():
        return
    old = sec.tables.get("skill_curve")
    curve = curve if old is None else pl.concat([old, curve])
    sec.tables["skill_curve"] = curve
    if curve["rating"].is_not_null().any():
        for name, fig in sec.figures:
            if name == "skill_curve":
                plt.close(fig)  # replaced by the chart of the whole table below
        sec.figures = [f for f in sec.figures if f[0] != "skill_curve"]
        sec.figures.append(
            (
                "skill_curve",
                C.skill_curve_chart(
                    curve,
                    replace(sec.info, about="each level's own runs; see the skill_curve table"),
                    f"{sec.title}: effect against player strength",
                ),
            )
        )
