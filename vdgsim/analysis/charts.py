"""Charts for the analysis tables: every chart has a title, axis labels with units, and a
caption line (n games, seeds, version, data digest) as a figure text with gid ``caption``.

Functions take the tidy tables of the analysis modules and a :class:`RunInfo` and return a
matplotlib Figure (they need no screen: save them with :func:`save`, or show them inline in a
notebook).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import matplotlib.pyplot as plt
import numpy as np
import polars as pl
import seaborn as sns
from matplotlib.figure import Figure

from vdgsim.analysis.common import RunInfo

sns.set_theme(style="whitegrid", context="notebook")


def figure(width: float = 8.0, height: float = 4.8) -> tuple[Figure, plt.Axes]:
    """A new chart of ``width`` by ``height`` inches."""
    fig, ax = plt.subplots(figsize=(width, height))
    return fig, ax


def finish(
    fig: Figure, ax: plt.Axes, title: str, xlabel: str, ylabel: str, info: RunInfo
) -> Figure:
    """Set title, axis labels and the caption line, and leave room for the caption."""
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    # a long caption (one that says which games) is wrapped to the figure's width (about 17
    # characters per inch at 7 pt, less than the average so that a line of wide letters and
    # digits fits too) rather than cut off at its edge
    caption = textwrap.fill(info.caption(), width=int(17 * fig.get_figwidth()))
    lines = caption.count("\n") + 1
    fig.tight_layout(rect=(0, 0.05 + 0.03 * (lines - 1), 1, 1))
    fig.text(0.01, 0.01, caption, fontsize=7, color="0.35", gid="caption")
    return fig


def caption_of(fig: Figure) -> str:
    """The caption line of a chart made here ('' if none)."""
    for t in fig.texts:
        if t.get_gid() == "caption":
            return t.get_text().replace("\n", " ")
    return ""


def free_number_chart(exact: pl.DataFrame, info: RunInfo, round_: int = 1) -> Figure:
    """Heat map of P(F) for each visible Initial Number in one round (exact)."""
    t = exact.filter(pl.col("round") == round_)
    initials = sorted(t["initial"].unique())
    fs = list(range(int(t["F"].min()), int(t["F"].max()) + 1))
    grid = np.zeros((len(initials), len(fs)))
    for r in t.iter_rows(named=True):
        grid[initials.index(r["initial"]), fs.index(r["F"])] = 100 * r["probability"]
    fig, ax = figure(9.0, 5.0)
    sns.heatmap(
        grid,
        annot=np.where(grid > 0, np.round(grid, 1).astype(str), ""),
        fmt="",
        cmap="Blues",
        ax=ax,
        xticklabels=fs,
        yticklabels=initials,
        annot_kws={"fontsize": 7},
        cbar_kws={"label": "probability (%)"},
    )
    return finish(
        fig,
        ax,
        f"Free number F given the visible Initial Number (round {round_}, exact)",
        "First Free Number F (sequence number)",
        "visible Initial Number (sequence number)",
        info,
    )


def free_number_check_chart(comparison: pl.DataFrame, info: RunInfo) -> Figure:
    """Exact P(F | round, Initial) against the share seen in simulated tile draws."""
    fig, ax = figure(6.0, 5.5)
    ax.errorbar(
        100 * comparison["probability"],
        100 * comparison["simulated"],
        yerr=196 * comparison["se"],
        fmt="o",
        ms=3,
        alpha=0.7,
    )
    ax.plot([0, 100], [0, 100], color="0.5", lw=1, ls="--")
    hi = float(100 * max(comparison["probability"].max(), comparison["simulated"].max())) + 3
    ax.set_xlim(0, hi)
    ax.set_ylim(0, hi)
    return finish(
        fig,
        ax,
        "Exact F distribution vs simulated tile draws",
        "exact probability (%)",
        "simulated frequency (%, 95% error bars)",
        info,
    )


def effects_chart(
    effects: pl.DataFrame, info: RunInfo, title: str, column: str = "win_share"
) -> Figure:
    """Paired effect of each arm on the focus player's win share (pp) or VP, with 95% CIs."""
    t = effects.sort(f"{column}_diff")
    scale = 100.0 if column == "win_share" else 1.0
    fig, ax = figure(10.0, 0.45 * t.height + 1.8)
    y = np.arange(t.height)
    mid = scale * t[f"{column}_diff"].to_numpy()
    lo = scale * t[f"{column}_low"].to_numpy()
    hi = scale * t[f"{column}_high"].to_numpy()
    colours = [
        "tab:green" if a > 0 else "tab:red" if b < 0 else "0.5" for a, b in zip(lo, hi, strict=True)
    ]
    for yi, m, a, b, col in zip(y, mid, lo, hi, colours, strict=True):
        ax.errorbar([m], [yi], xerr=[[m - a], [b - m]], fmt="none", ecolor=col, capsize=3)
    ax.scatter(mid, y, c=colours, zorder=3)
    ax.axvline(0, color="0.3", lw=1)
    ax.set_yticks(y)
    ax.set_yticklabels(t["label"].to_list(), fontsize=8)
    unit = "change in win share (pp)" if column == "win_share" else "change in score (VP)"
    return finish(fig, ax, title, f"{unit}, paired vs baseline, 95% CI", "restriction (arm)", info)


def seat_chart(
    by_seat: pl.DataFrame,
    info: RunInfo,
    xlabel: str = "seat (0 = first player at the start)",
    unit: str = "seat",
) -> Figure:
    """Win share by seat for each player count with Wilson intervals and the fair share
    (``xlabel`` says what a seat number means in the game). ``unit`` ``"position"``: the
    same by turn position counted from the start player (a ``position`` column)."""
    if unit != "seat":
        by_seat = by_seat.rename({unit: "seat"})
    fig, ax = figure()
    counts = sorted(by_seat["players"].unique())
    width = 0.8 / max(1, len(counts))
    for i, p in enumerate(counts):
        s = by_seat.filter(pl.col("players") == p).sort("seat")
        x = s["seat"].to_numpy() + (i - (len(counts) - 1) / 2) * width
        v = 100 * s["win_share"].to_numpy()
        ax.errorbar(
            x,
            v,
            yerr=[v - 100 * s["win_low"].to_numpy(), 100 * s["win_high"].to_numpy() - v],
            fmt="o",
            capsize=3,
            label=f"{p} players",
        )
        ax.hlines(100 / p, -0.4, p - 0.6, colors="0.6", linestyles="--", lw=1)
    ax.set_xticks(range(max(counts)))
    word = "seat" if unit == "seat" else "turn position"
    ax.set_xticklabels([f"{word} {k}" for k in range(max(counts))])
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        f"Win share by {word} (identical players, seats not rotated; dashed: fair share)",
        xlabel,
        "win share (%, Wilson 95% CI)",
        info,
    )


def score_chart(players: pl.DataFrame, info: RunInfo) -> Figure:
    """Final VP distributions by seat and player count (box plots)."""
    fig, ax = figure()
    pdf = players.select(
        pl.col("players").cast(pl.String) + " players", pl.col("seat").cast(pl.String), "vp"
    ).to_pandas()
    sns.boxplot(data=pdf, x="players", y="vp", hue="seat", ax=ax, fliersize=1, linewidth=0.8)
    ax.legend(title="seat", fontsize=8)
    return finish(
        fig,
        ax,
        "Final score distributions by seat",
        "player count (players)",
        "final score (VP)",
        info,
    )


def vp_source_chart(sources: pl.DataFrame, info: RunInfo) -> Figure:
    """Mean VP by source, stacked, for each player count and seat."""
    fig, ax = figure(9.0, 5.0)
    t = sources.with_columns(
        (pl.col("players").cast(pl.String) + "p s" + pl.col("seat").cast(pl.String)).alias("who")
    )
    who = t.select("who", "players", "seat").unique().sort("players", "seat")["who"].to_list()
    bottom = np.zeros(len(who))
    for src in t["source"].unique(maintain_order=True):
        s = t.filter(pl.col("source") == src)
        m = dict(zip(s["who"], s["mean_vp"], strict=True))
        v = np.array([m.get(w, 0.0) for w in who])
        ax.bar(who, v, bottom=bottom, label=src)
        bottom += v
    ax.legend(fontsize=7, ncol=3)
    ax.tick_params(axis="x", labelrotation=45, labelsize=8)
    return finish(
        fig,
        ax,
        "Where the points come from",
        "player count and seat (Pp sK = P players, seat K)",
        "mean VP per player (VP)",
        info,
    )


def ship_fate_chart(summary: pl.DataFrame, info: RunInfo) -> Figure:
    """Per landing: chance the landing completes while the ship is there, chance it is removed."""
    fig, ax = figure()
    x = np.arange(summary.height)
    ax.bar(x - 0.2, 100 * summary["completes"].to_numpy(), 0.4, label="landing completes")
    ax.bar(x + 0.2, 100 * summary["removed"].to_numpy(), 0.4, label="ship removed from the game")
    ax.set_xticks(x)
    ax.set_xticklabels(summary["landing_name"].to_list(), fontsize=8, rotation=15)
    ax.set_ylim(0, 105)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        "What becomes of a ship, by the landing it is sent to",
        "landing sent to (bottom to top)",
        "ships (% of ships sent there)",
        info,
    )


def interval_label(share: float, low: float, high: float) -> str:
    """A heat map cell: the share and its interval in percent, the interval as its two ends
    (a Wilson interval is asymmetric: [91.2, 100] around 100 is not "100 ±4.4")."""
    return f"{100 * share:.0f}\n[{100 * low:.0f}, {100 * high:.0f}]"


def matchup_chart(matrix: pl.DataFrame, info: RunInfo, title: str | None = None) -> Figure:
    """Heat map of head-to-head win shares (row preset against column preset); ``title``
    replaces the two-player title (for :func:`~vdgsim.analysis.matchups.ahead_matrix` at
    three or four players)."""
    names = sorted(set(matrix["row"]) | set(matrix["column"]))
    grid = np.full((len(names), len(names)), np.nan)
    ann = np.full((len(names), len(names)), "", dtype=object)
    for r in matrix.iter_rows(named=True):
        i, j = names.index(r["row"]), names.index(r["column"])
        grid[i, j] = 100 * r["win_share"]
        ann[i, j] = interval_label(r["win_share"], r["win_low"], r["win_high"])
    fig, ax = figure(1.1 * len(names) + 3, 0.9 * len(names) + 2)
    sns.heatmap(
        grid,
        annot=ann,
        fmt="",
        cmap="RdBu",
        center=50,
        vmin=0,
        vmax=100,
        ax=ax,
        xticklabels=names,
        yticklabels=names,
        annot_kws={"fontsize": 7},
        cbar_kws={"label": "row's win share (%)"},
    )
    return finish(
        fig,
        ax,
        title or "Head to head, 2 players: row's win share against column (%, [Wilson 95%])",
        "opponent preset (name)",
        "preset (name)",
        info,
    )


def sensitivity_chart(
    response: pl.DataFrame, info: RunInfo, key: str, by: str = "strategy"
) -> Figure:
    """Win share of each strategy (or seat) for each value of the swept component, with
    Wilson CIs."""
    fig, ax = figure()
    values = response.select("order", "value").unique().sort("order")["value"].to_list()
    for strat in sorted(response[by].unique()):
        s = response.filter(pl.col(by) == strat).sort("order")
        x = np.array([values.index(v) for v in s["value"]])
        v = 100 * s["win_share"].to_numpy()
        ax.errorbar(
            x,
            v,
            yerr=[v - 100 * s["win_low"].to_numpy(), 100 * s["win_high"].to_numpy() - v],
            marker="o",
            capsize=3,
            label=f"seat {strat}" if by == "seat" else strat,
        )
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels(values)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        f"Win shares as {key} changes",
        f"{key} (component value)",
        "win share (%, Wilson 95% CI)",
        info,
    )


def lines_by_value(
    resp: pl.DataFrame, group: str, y: str, names: Sequence[str]
) -> tuple[Figure, plt.Axes]:
    """A figure with one line of ``y`` per ``group`` name over the swept values."""
    fig, ax = figure()
    values = resp.select("order", "value").unique().sort("order")["value"].to_list()
    for name in names:
        s = resp.filter(pl.col(group) == name).sort("order")
        ax.plot([values.index(v) for v in s["value"]], s[y], marker="o", label=name)
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels(values)
    ax.legend(fontsize=8, ncol=2)
    return fig, ax


def vp_source_response_chart(resp: pl.DataFrame, info: RunInfo, key: str) -> Figure:
    """VP per player per game from each source for each value of the swept component
    (:func:`vdgsim.analysis.sensitivity.vp_source_response`)."""
    names = resp.get_column("source").unique(maintain_order=True).to_list()
    fig, ax = lines_by_value(resp, "source", "vp", names)
    return finish(
        fig,
        ax,
        f"Where the VP come from as {key} changes",
        f"{key} (component value)",
        "VP per player per game (VP)",
        info,
    )


def margin_chart(dist: pl.DataFrame, info: RunInfo, close: int = 2) -> Figure:
    """Cumulative distribution of the winner's margin over the runner-up, one step line per
    player count: the height at ``close`` is the share of close games."""
    fig, ax = figure()
    for p in sorted(dist["players"].unique()):
        s = dist.filter(pl.col("players") == p).sort("margin")
        ax.step(s["margin"], 100 * s["cum_share"], where="post", label=f"{p} players")
    ax.axvline(close, color="0.5", lw=1, ls=":")
    ax.text(close + 0.5, 3, f"≤ {close} VP: close games", fontsize=8, color="0.35")
    ax.set_ylim(0, 102)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        "Winning margins: games won by at most m VP over the runner-up (0 = tied on VP)",
        "winning margin m (VP)",
        "games (% cumulative)",
        info,
    )


def trajectory_chart(traj: pl.DataFrame, info: RunInfo) -> Figure:
    """Mean VP per player after each round and at the end, per player count (bootstrap CIs)."""
    fig, ax = figure()
    names = traj.select("stage", "stage_name").unique().sort("stage")
    for p in sorted(traj["players"].unique()):
        s = traj.filter(pl.col("players") == p).sort("stage")
        v = s["mean_vp"].to_numpy()
        ax.errorbar(
            s["stage"],
            v,
            yerr=[v - s["low"].to_numpy(), s["high"].to_numpy() - v],
            marker="o",
            ms=3,
            capsize=3,
            label=f"{p} players",
        )
    ax.set_xticks(names["stage"].to_list())
    ax.set_xticklabels(names["stage_name"].to_list(), fontsize=8)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        "Score trajectories: VP after each round (before end-game scoring) and final",
        "end of round (final = after the end-game scoring, R8.3)",
        "mean VP per player (VP, bootstrap 95% CI)",
        info,
    )


def decisiveness_chart(summary: pl.DataFrame, info: RunInfo) -> Figure:
    """How often the leader after each round wins, per player count, with the 1/P share of a
    player picked at random."""
    fig, ax = figure()
    for p in sorted(summary["players"].unique()):
        s = summary.filter(
            (pl.col("players") == p) & pl.col("measure").str.starts_with("leader_wins_r")
        ).with_columns(pl.col("measure").str.strip_prefix("leader_wins_r").cast(pl.Int64))
        s = s.sort("measure")
        v = 100 * s["value"].to_numpy()
        line = ax.errorbar(
            s["measure"],
            v,
            yerr=[v - 100 * s["low"].to_numpy(), 100 * s["high"].to_numpy() - v],
            marker="o",
            capsize=3,
            label=f"{p} players",
        )
        ax.axhline(100 / p, color=line[0].get_color(), lw=1, ls="--")
    ax.set_xticks(range(1, 6))
    ax.set_ylim(0, 105)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        "How early is the game decided? The leader after round k wins (dashed: 1/players)",
        "after round k (1-5)",
        "leader wins (%, ties split, bootstrap 95% CI)",
        info,
    )


def convergence_chart(conv: pl.DataFrame, info: RunInfo, by: str = "strategy") -> Figure:
    """Running win share of each group against games played, with its Wilson band."""
    fig, ax = figure()
    for name in sorted(conv[by].unique()):
        s = conv.filter(pl.col(by) == name).sort("games")
        x = s["games"].to_numpy()
        ax.plot(x, 100 * s["win_share"].to_numpy(), label=str(name))
        ax.fill_between(x, 100 * s["win_low"].to_numpy(), 100 * s["win_high"].to_numpy(), alpha=0.2)
    for fair in conv["fair_share"].unique():
        ax.axhline(100 * fair, color="0.5", lw=1, ls="--")
    counts = ", ".join(str(p) for p in sorted(conv["players"].unique()))
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        f"Convergence, {counts} players: running win share as games are played (dashed: fair)",
        "games played (games)",
        "win share so far (%, Wilson 95% band)",
        info,
    )


def axis_chart(ladder: pl.DataFrame, info: RunInfo, anchor: str, where: str = "") -> Figure:
    """The skill axis: each level's rating relative to ``anchor`` (Elo) with its 95% interval,
    one marker per player count (rows of ``fit_ladder``; the pooled rows are left out);
    ``where`` says where it was earned (``in the field``; by default, against ``anchor``)."""
    t = ladder.filter(pl.col("player_count").is_not_null())
    players = t.group_by("player").agg(pl.col("rating").mean()).sort("rating")["player"].to_list()
    fig, ax = figure(9.0, 0.6 * len(players) + 1.8)
    counts = sorted(t["player_count"].unique().to_list())
    for k, (count, marker) in enumerate(zip(counts, "os^D", strict=False)):
        part = t.filter(pl.col("player_count") == count)
        y = [players.index(p) + 0.18 * (k - (len(counts) - 1) / 2) for p in part["player"]]
        mid, lo, hi = (part[c].to_numpy() for c in ("rating", "lo", "hi"))
        ax.errorbar(
            mid, y, xerr=[mid - lo, hi - mid], fmt=marker, capsize=3, label=f"{count} players"
        )
    ax.axvline(0, color="0.3", lw=1)
    ax.set_yticks(range(len(players)))
    ax.set_yticklabels(players, fontsize=8)
    ax.legend(fontsize=8)
    return finish(
        fig,
        ax,
        f"Skill axis: rating {where or 'against ' + anchor}",
        f"rating relative to {anchor} (Elo), 95% interval",
        "player",
        info,
    )


def skill_curve_chart(curve: pl.DataFrame, info: RunInfo, title: str) -> Figure:
    """Each finding's effect (pp) with its 95% interval against the rating of the players it
    was measured with (``finding``, ``rating``, ``value``, ``low``, ``high``: fractions)."""
    t = curve.filter(pl.col("rating").is_not_null())
    fig, ax = figure(9.0, 5.2)
    names = t["finding"].unique(maintain_order=True).to_list()
    for k, name in enumerate(names):
        part = t.filter(pl.col("finding") == name).sort("rating")
        # findings share their levels: a small offset keeps their intervals apart
        x = part["rating"].to_numpy() + 6.0 * (k - (len(names) - 1) / 2)
        mid, lo, hi = (100.0 * part[c].to_numpy() for c in ("value", "low", "high"))
        ax.errorbar(x, mid, yerr=[mid - lo, hi - mid], marker="o", capsize=3, label=name)
    ax.axhline(0, color="0.3", lw=1)
    ax.legend(fontsize=7, ncol=2 if len(names) > 6 else 1)
    return finish(
        fig,
        ax,
        title,
        "players' rating relative to the anchor (Elo; the skill axis)",
        "effect (pp), 95% CI",
        info,
    )


def save(fig: Figure, path: str, dpi: int = 110) -> None:
    """Write a chart as PNG and release its memory."""
    fig.savefig(path, dpi=dpi)
    plt.close(fig)


def group_share_chart(
    table: pl.DataFrame, info: RunInfo, labels: Sequence[str], fair: float, title: str, xlabel: str
) -> Figure:
    """Win share of each row of a :func:`vdgsim.core.stats.summary_table` (one group per row, named
    by ``labels``) with its Wilson interval, and the fair share ``fair`` dashed."""
    fig, ax = figure(max(6.0, 1.1 * table.height + 2.5), 4.8)
    x = np.arange(table.height)
    v = 100 * table["win_share"].to_numpy()
    # a share of 0 or 1 meets its interval's end up to rounding, which errorbar refuses
    low = np.maximum(v - 100 * table["win_low"].to_numpy(), 0)
    high = np.maximum(100 * table["win_high"].to_numpy() - v, 0)
    ax.errorbar(x, v, yerr=[low, high], fmt="o", capsize=3)
    ax.axhline(100 * fair, color="0.6", ls="--", lw=1)
    ax.set_xticks(x)
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_xlim(-0.5, table.height - 0.5)
    return finish(fig, ax, title, xlabel, "win share (%, Wilson 95% CI)", info)
