"""Charts of how much the deal decides (:mod:`vdgsim.analysis.luck`): the skill-against-luck
curve and the deal share of mirror runs. Like :mod:`vdgsim.analysis.charts`, every chart has
a title, axis labels with units and the caption line of its runs (n games, seeds, version,
data digest; :func:`vdgsim.analysis.charts.finish`)."""

from __future__ import annotations

import numpy as np
import polars as pl
from matplotlib.figure import Figure

from vdgsim.analysis.charts import figure, finish
from vdgsim.analysis.common import RunInfo
from vdgsim.analysis.luck import PARTS, curve

_YLABELS = {
    "consistency": "deals won in every or no rotation\nless a coin's (pp, 95% CI)",
    "deal_icc": "intraclass correlation over deals\n(95% CI)",
    "all_rotations": "deals won in every rotation\n(%, 95% CI; dashed: a coin)",
    "no_rotation": "deals won in no rotation\n(%, 95% CI; dashed: a coin)",
    "win_share": "win share (%, 95% CI)",
}


def skill_luck_chart(
    table: pl.DataFrame, info: RunInfo, measure: str = "consistency", anchor: str = "default"
) -> Figure:
    """One line per player count: ``measure`` of a :func:`~vdgsim.analysis.luck.skill_luck`
    table for each level against its rating over ``anchor`` (levels in table order when the
    table has no ratings), with 95% intervals and, dashed, what a coin with the same win
    share would give. The anchor's own point (it against itself: every rotation of a deal is
    the same game) is a cross off the curve."""
    t = curve(table, measure)
    scale = 1.0 if measure == "deal_icc" else 100.0
    fig, ax = figure(8.5, 5.0)
    rated = t["rating"].null_count() == 0
    levels = t["player"].unique(maintain_order=True).to_list()
    counts = t["players"].unique().sort().to_list()
    for k, (count,) in enumerate(t.group_by("players", maintain_order=True).agg().iter_rows()):
        part = t.filter(pl.col("players") == count)
        base = (
            part["rating"].to_numpy()
            if rated
            else np.array([levels.index(p) for p in part["player"]], dtype=np.float64)
        )
        # the counts share their levels: a small offset keeps their intervals apart
        x = base + (6.0 if rated else 0.08) * (k - (len(counts) - 1) / 2)
        mid, lo, hi = (scale * part[c].to_numpy() for c in ("value", "low", "high"))
        # the anchor against itself replays one game per deal in every rotation, so its point
        # is fixed by construction (the deal picks the seat): drawn apart, not on the curve
        own = (part["player"] == anchor).to_numpy()
        line = ax.errorbar(
            x[~own],
            mid[~own],
            yerr=[(mid - lo)[~own], (hi - mid)[~own]],
            marker="o",
            capsize=3,
            label=f"{count} players",
        )
        color = line.lines[0].get_color()
        if own.any():
            ax.scatter(x[own], mid[own], marker="x", color=color, zorder=3)
        coin = part["coin"]
        if coin.null_count() == 0 and measure in ("all_rotations", "no_rotation"):
            ax.plot(x, scale * coin.to_numpy(), ls="--", color=color, lw=1)
    if measure in ("consistency", "deal_icc"):
        ax.axhline(0, color="0.3", lw=1, label="a coin (independent games)")
    if not rated:
        ax.set_xticks(range(len(levels)), levels, rotation=15, fontsize=8)
    if anchor in levels:
        ax.scatter(
            [], [], marker="x", color="0.3", label=f"{anchor} against itself (by construction)"
        )
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        "Skill against luck: how much the deal decides a level's games",
        f"level's rating over {anchor} (Elo; the skill axis)" if rated else "level",
        _YLABELS.get(measure, measure),
        info,
    )


def deal_share_chart(
    table: pl.DataFrame, info: RunInfo, measure: str = "win_share", player: str | None = None
) -> Figure:
    """Stacked shares of a seat's ``measure`` variance (deal, seat, within a deal and seat) per
    player count, from a :func:`~vdgsim.analysis.luck.deal_share` table (of
    :func:`~vdgsim.analysis.luck.deal_share_by_level`: ``player``'s rows, by default the
    first player's), the deal's with its 95% interval."""
    who = player if player is not None else str(table["player"][0])
    t = table.filter((pl.col("measure") == measure) & (pl.col("player") == who)).sort("players")
    counts = t["players"].unique().sort().to_list()
    fig, ax = figure(7.0, 4.6)
    bottom = np.zeros(len(counts))
    for name in PARTS:
        part = t.filter(pl.col("part") == name).sort("players")
        v = 100.0 * part["value"].to_numpy()
        # where seats are counted from a drawn start player the seat's part is the turn order's
        what = "turn order" if name == "seat" and part["unit"][0] != "seat" else name
        legend = "within a deal and seat" if name == "within" else f"the {what}'s"
        ax.bar([str(c) for c in counts], v, bottom=bottom, label=legend)
        if name == "deal":
            lo, hi = (100.0 * part[c].to_numpy() for c in ("low", "high"))
            ax.errorbar([str(c) for c in counts], v, yerr=[v - lo, hi - v], fmt="none", color="0.1")
        bottom += v
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8, loc="lower right")
    label = "win share" if measure == "win_share" else measure.upper()
    return finish(
        fig,
        ax,
        f"How much of a seat's {label} the deal decides ({who} in every seat)",
        "players",
        f"share of the variance of a seat's {label} (%)",
        info,
    )
