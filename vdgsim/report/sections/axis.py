"""The skill axis section: each level's rating against the anchor, and skill against luck."""

from __future__ import annotations

import numpy as np
import polars as pl

from vdgsim.analysis import charts as C
from vdgsim.analysis import (
    luck,
    skill,
)
from vdgsim.analysis import luck_charts as LC
from vdgsim.analysis.common import (
    pct,
)
from vdgsim.analysis.experiment import (
    ExperimentRun,
)
from vdgsim.report.findings import KeyNumber, Section


# --- the skill axis ---------------------------------------------------------------------------
def axis_section(exp: ExperimentRun, sec: Section) -> None:
    """The levels of the skill axis rated against the anchor (Elo, per player count and
    pooled), each from its own runs in one seat against the anchor in every other seat."""
    axis = exp.axis if exp.axis is not None else skill.axis_of(exp)
    spec = exp.spec
    table = axis.table
    sec.tables["ladder"] = table
    sec.figures.append(("ratings", C.axis_chart(table, sec.info, axis.anchor)))
    # the pooled rows are the header's; the key numbers are per player count
    for r in table.filter(pl.col("player_count").is_not_null()).iter_rows(named=True):
        count = r["player_count"]
        where = f"{count} players"
        row = {"player_count": count, "player": r["player"]}
        k = KeyNumber(
            f"{r['player']}, {where}: rating relative to {axis.anchor}",
            r["rating"],
            r["lo"],
            r["hi"],
            "Elo",
            "ladder",
            row,
            "rating",
        )
        sec.numbers.append(k)
        if r["player"] == axis.anchor:
            continue
        ws = KeyNumber(
            f"{r['player']}, {where}: win share in one seat against {axis.anchor}",
            r["win_share"],
            r["ws_lo"],
            r["ws_hi"],
            "%",
            "ladder",
            row,
            "win_share",
        )
        sec.numbers.append(ws)
        sec.findings.append(
            f"With {count} players {r['player']} rates {k.text()} against {axis.anchor}: in "
            f"one seat against {count - 1} {axis.anchor} it wins {ws.text()} of games (fair "
            f"{pct(1 / count)}%)."
        )
    sec.notes.append(
        f"Each level plays one seat against {spec.anchor} in every other seat, seats rotated "
        "(games per level and player count in the runs below axis/); ratings are Bradley-Terry "
        f"strengths on the Elo scale with {spec.anchor} at 0 and 95% intervals from a "
        "bootstrap over deals (docs/ladder.md). Every other section's skill labels and skill "
        "curves order the players they were checked with by these ratings."
    )
    _skill_against_luck(exp, sec, axis)


def _skill_against_luck(exp: ExperimentRun, sec: Section, axis: skill.SkillAxis) -> None:
    """Does the deal decide more of the result as play gets stronger? Each level's results
    across the rotations of a deal against a coin with its win share (vdgsim.analysis.luck)."""
    rng = np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 37]))
    table = luck.skill_luck(exp.runs, axis, rng)
    if table.is_empty():
        return
    sec.tables["skill_against_luck"] = table
    sec.figures.append(
        ("skill_against_luck", LC.skill_luck_chart(table, sec.info, "deal_icc", axis.anchor))
    )
    sec.findings += luck.skill_luck_sentences(table, "deal_icc")
    sec.notes.append(
        "Skill against luck (table skill_against_luck): the intraclass correlation over deals "
        "of a level's win share is 0 when the rotations of a deal are independent coins with "
        "its win share and 1 when the deal alone decides who wins; the anchor against itself "
        "is fixed by construction (every rotation of a deal is the same game, the players "
        "being deterministic given the seed). docs/analysis.md, How much the deal decides."
    )
