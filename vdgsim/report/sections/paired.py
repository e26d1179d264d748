"""The paired section: a restricted player against the unrestricted one on the same deals, as a
difference of differences, with what the restriction changed in its play."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    paired,
    robustness,
)
from vdgsim.analysis.common import (
    pp,
    rounded,
)
from vdgsim.analysis.experiment import (
    ExperimentRun,
    ExperimentSpec,
)
from vdgsim.report.findings import Finding, KeyNumber, Section
from vdgsim.report.sections.robust import robustness_table


def _verdict(low: float, high: float) -> str:
    if low > 0:
        return "a clear gain"
    if high < 0:
        return "a clear loss"
    return "not distinguishable from zero at this sample size"


# --- paired experiments -----------------------------------------------------------------------
def _opponents(spec: ExperimentSpec) -> str:
    """``three default`` or ``default, near_ports``: line-up positions 1.. of a paired spec."""
    rest = spec.players[1:]
    if len(set(rest)) == 1:
        return f"{('one', 'two', 'three')[len(rest) - 1]} {rest[0]}"
    return ", ".join(rest)


def _play_changed(rows: pl.DataFrame) -> str:
    """`` Its play changed per game: +0.9 Reals paid to act early, ... Where its VP went:
    -3.1 VP from slot, ...`` (the changes whose paired interval excludes zero), so an effect
    is read with what the restriction made the player do, and why it scored what it did."""

    def change(r: dict[str, Any]) -> str:
        # the baseline to the decimals of the change's interval: one precision per statement
        v, _, _ = rounded(r["change"], r["low"], r["high"], signed=True, default=2, most=2)
        base, _, _ = rounded(r["baseline"], r["low"], r["high"], default=2, most=2)
        return f"{v} {r['words']} (from {base})"

    def clear(kind: str) -> list[str]:
        return [
            change(r)
            for r in rows.filter(pl.col("kind") == kind).iter_rows(named=True)
            if r["low"] > 0 or r["high"] < 0
        ]

    play, vp = clear("play"), clear("mechanism")
    out = f" Its play changed per game: {'; '.join(play)}." if play else ""
    return out + (f" Where its VP went: {'; '.join(vp)}." if vp else "")


def paired_core(
    exp: ExperimentRun, sec: Section, subject: str, eff: pl.DataFrame | None = None
) -> pl.DataFrame:
    """Effects, labels and findings of every arm (``eff``: the arm effects, if the section
    has already computed them)."""
    eff = paired.arm_effects(exp) if eff is None else eff
    sec.tables["effects"] = eff
    per_arm = replace(
        sec.info,
        games=int(eff["n_games"].min()),
        about="per arm, every arm on the same deals, seats rotated",
    )
    labels = robustness.labels(exp)
    robustness_table(exp, sec, labels, "arm")
    behaviour = paired.behaviour_changes(exp)
    sec.tables["behaviour"] = behaviour
    sec.figures.append(
        (
            "effects_win_share",
            C.effects_chart(eff, per_arm, f"{sec.title}: restricted player's win share"),
        )
    )
    sec.figures.append(
        (
            "effects_vp",
            C.effects_chart(eff, per_arm, f"{sec.title}: restricted player's score", "vp"),
        )
    )
    for r in eff.iter_rows(named=True):
        row = {"arm": r["arm"]}
        ws = KeyNumber(
            f"{r['label']}: win share change",
            r["win_share_diff"],
            r["win_share_low"],
            r["win_share_high"],
            "pp",
            "effects",
            row,
            "win_share_diff",
        )
        vp = KeyNumber(
            f"{r['label']}: VP change",
            r["vp_diff"],
            r["vp_low"],
            r["vp_high"],
            "VP",
            "effects",
            row,
            "vp_diff",
        )
        sec.numbers += [ws, vp]
        sec.findings.append(
            Finding(
                f"Value to {exp.spec.players[0]} against {_opponents(exp.spec)}: a {subject} who "
                f"{r['label']} changes its win share by {ws.text()} and its score by "
                f"{vp.text()} against the unrestricted baseline on the same deals "
                f"({_verdict(r['win_share_low'], r['win_share_high'])})."
                + _play_changed(behaviour.filter(pl.col("arm") == r["arm"])),
                ws,
                labels.get(r["arm"], {}),
                short=f"a {subject} who {r['label']} changes its win share by {ws.text()} "
                f"({exp.spec.players[0]} against {_opponents(exp.spec)}).",
            )
        )
    if eff.height > 1:  # with one arm the arm's own finding says it all
        best = eff.sort("win_share_diff").row(-1, named=True)
        worst = eff.sort("win_share_diff").row(0, named=True)
        sec.findings.insert(
            0,
            f"Costliest restriction: {worst['label']} ({pp(worst['win_share_diff'])} pp); "
            f"most favourable: {best['label']} ({pp(best['win_share_diff'])} pp).",
        )
    n = int(eff["n_games"].min())
    sec.notes.append(
        f"{n:,} games per arm on the same seeds (common random numbers); the restricted player "
        "rotates over every seat. Intervals are paired t intervals over independent deals."
    )
    return eff


def paired_section(exp: ExperimentRun, sec: Section) -> None:
    """A paired experiment without a dedicated section."""
    paired_core(exp, sec, "player")
