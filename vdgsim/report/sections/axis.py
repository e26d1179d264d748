"""The skill axis section: each level's rating against the anchor, and skill against luck."""

from __future__ import annotations

import itertools

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
    """The levels of the skill axis rated in the field (where they play each other) and
    against the anchor (one seat against it in every other), Elo, per player count and
    pooled; which level is decided above which; how often each finishes ahead of each other."""
    axis = exp.axis if exp.axis is not None else skill.axis_of(exp)
    spec = exp.spec
    if axis.field is not None:
        _field(exp, sec, axis)
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
            f"With {count} players {r['player']} rates {k.text()} against {axis.anchor} alone: "
            f"in one seat against {count - 1} {axis.anchor} it wins {ws.text()} of games (fair "
            f"{pct(1 / count)}%)."
        )
    ordered = "field ratings" if axis.field is not None else "ratings"
    sec.notes.append(
        f"Rating against {spec.anchor} alone (table ladder): each level plays one seat against "
        f"{spec.anchor} in every other seat, seats rotated (games per level and player count in "
        "the runs below axis/); ratings are Bradley-Terry strengths on the Elo scale with "
        f"{spec.anchor} at 0 and 95% intervals from a bootstrap over deals (docs/ladder.md). A "
        f"search whose rollouts play {spec.anchor} knows its opponents exactly there. Every "
        "other section's skill labels and skill curves order the players they were checked "
        f"with by the {ordered}."
    )
    _skill_against_luck(exp, sec, axis)


def _field(exp: ExperimentRun, sec: Section, axis: skill.SkillAxis) -> None:
    """The field ratings, the order they decide and the win-rate matrices of the field."""
    assert axis.field is not None and axis.matrix is not None
    sec.tables["field_ladder"] = axis.field
    sec.figures.append(
        ("field_ratings", C.axis_chart(axis.field, sec.info, axis.anchor, "in the field"))
    )
    order_rows = []
    for count in sorted(axis.field["player_count"].drop_nulls().unique().to_list()):
        ranked = axis.ranked(count)
        for a, b in itertools.pairwise(ranked):
            d = axis.difference(a, b, count)
            if d is None:
                continue
            order_rows.append(
                {
                    "player_count": count,
                    "player": a,
                    "next": b,
                    "difference": d[0],
                    "low": d[1],
                    "high": d[2],
                    "decided": d[1] > 0,
                }
            )
        top, second = ranked[0], ranked[1] if len(ranked) > 1 else None
        r = axis.rating(top, count)
        assert r is not None  # ranked lists rated players only
        k = KeyNumber(
            f"{top}, {count} players: field rating relative to {axis.anchor}",
            r.rating,
            r.low,
            r.high,
            "Elo",
            "field_ladder",
            {"player_count": count, "player": top},
            "rating",
        )
        sec.numbers.append(k)
        if second is None:
            continue
        d = axis.difference(top, second, count)
        gap = "" if d is None else f" {d[0]:+.0f} Elo [{d[1]:+.0f}, {d[2]:+.0f}]"
        verdict = (
            f"decided above {second} ({gap.strip()}): the strongest level"
            if d is not None and d[1] > 0
            else f"not decided above {second} ({gap.strip()}): the two share the top"
        )
        sec.findings.append(
            f"With {count} players the field puts {top} first, {k.text()} over {axis.anchor}, "
            f"{verdict}. Order: " + " > ".join(ranked) + "."
        )
    if order_rows:
        sec.tables["field_order"] = pl.DataFrame(order_rows)
    for count in sorted(axis.matrix["players"].unique().to_list()):
        m = axis.matrix.filter(pl.col("players") == count)
        title = (
            f"The field, {count} players: how often the row finishes ahead of the column "
            "(%, [Wilson 95%])"
        )
        sec.figures.append((f"field_matrix_{count}p", C.matchup_chart(m, sec.info, title)))
    sec.tables["field_matrix"] = axis.matrix
    sec.notes.append(
        f"Field rating (table field_ladder): {axis.anchor} and every level also play each "
        "other, in line-ups where every pair of them meets (at 2 players every pair; at 3 and "
        "4, a covering of the pairs by line-ups of distinct players), seats rotated, below "
        "field/. Ratings are Bradley-Terry strengths over every pair of seats in a game (the "
        f"better rank wins the pair), Elo scale, {axis.anchor} at 0, 95% intervals from a "
        "bootstrap over deals. The axis is ordered by these ratings; a level counts as the "
        "strongest only when the interval of its rating less the next level's lies above 0 "
        "(table field_order). The matrices give how often the row finishes ahead of the "
        "column in the field games both play."
    )


def _skill_against_luck(exp: ExperimentRun, sec: Section, axis: skill.SkillAxis) -> None:
    """Does the deal decide more of the result as play gets stronger? Each level's results
    across the rotations of a deal against a coin with its win share (vdgsim.analysis.luck)."""
    rng = np.random.default_rng(np.random.SeedSequence([exp.spec.seed, 37]))
    # the field's line-ups have no single level in line-up position 0
    table = luck.skill_luck(skill.one_seat_runs(exp.runs), axis, rng)
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
