"""Vasco da Gama's own charts: numbers taken and performed by distance, characters held,
landings used, ship values and the landings' response to a sweep. Every chart has a title, axis
labels with units and the caption line of :mod:`vdgsim.analysis.charts`."""

from __future__ import annotations

import polars as pl
import seaborn as sns
from matplotlib.figure import Figure

from vdgsim.analysis import charts as C
from vdgsim.analysis.common import RunInfo
from vdgsim.games.vasco.vocabulary import AREA_NAMES, CHARACTER_NAMES, LANDING_NAMES, Area


def distance_chart(by_distance: pl.DataFrame, info: RunInfo) -> Figure:
    """Share of called numbers performed, by Area and distance d = F - n."""
    fig, ax = C.figure()
    for area in Area:
        s = by_distance.filter((pl.col("area") == area) & (pl.col("taken") >= 20)).sort("d")
        if s.height:
            ax.plot(s["d"], 100 * s["perform_share"], marker="o", ms=3, label=AREA_NAMES[area])
    ax.axvline(0.5, color="0.5", lw=1, ls=":")
    ax.text(0.7, 3, "early (pays d Reals) →", fontsize=8, color="0.35")
    ax.set_ylim(0, 102)
    ax.legend(fontsize=8)
    return C.finish(
        fig,
        ax,
        "Numbers performed rather than given up, by distance from the free number",
        "d = F − n (Reals to pay when > 0)",
        "performed (% of numbers called)",
        info,
    )


def taken_chart(by_distance: pl.DataFrame, info: RunInfo) -> Figure:
    """Numbers taken per game by Area and d = F - n."""
    fig, ax = C.figure()
    for area in Area:
        s = by_distance.filter(pl.col("area") == area).sort("d")
        if s.height:
            ax.plot(s["d"], s["taken_per_game"], marker="o", ms=3, label=AREA_NAMES[area])
    ax.axvline(0.5, color="0.5", lw=1, ls=":")
    ax.legend(fontsize=8)
    return C.finish(
        fig,
        ax,
        "Which numbers players take, by distance from the free number",
        "d = F − n (Reals to pay when > 0)",
        "numbers taken (per game)",
        info,
    )


def holding_chart(hold: pl.DataFrame, info: RunInfo) -> Figure:
    """Share of games in which each character is held at the end of each round."""
    fig, ax = C.figure()
    for name in CHARACTER_NAMES:
        s = hold.filter(pl.col("character") == name).sort("round")
        ax.plot(s["round"], 100 * s["held_share"], marker="o", label=name)
    ax.set_xticks(range(1, 6))
    ax.set_ylim(0, 105)
    ax.legend(fontsize=8)
    return C.finish(
        fig,
        ax,
        "How often each character is held at the end of a round",
        "round (1-5)",
        "games with a holder (%)",
        info,
    )


def landing_use_chart(use: pl.DataFrame, info: RunInfo, by: str = "strategy") -> Figure:
    """Ships sent per player per game to each landing (bars), by strategy."""
    fig, ax = C.figure(9.0, 5.0)
    pdf = use.to_pandas()
    sns.barplot(
        data=pdf,
        x="landing",
        y="ships_per_game",
        hue=by if by in pdf else None,
        ax=ax,
        order=list(LANDING_NAMES),
    )
    ax.tick_params(axis="x", labelrotation=20, labelsize=8)
    return C.finish(
        fig,
        ax,
        "Where players send their ships",
        "landing (bottom to top)",
        "ships sent per player per game (ships)",
        info,
    )


def ship_value_chart(fates: pl.DataFrame, info: RunInfo) -> Figure:
    """VP a ship earns (slot VP plus income and completion afterwards) by landing and round."""
    fig, ax = C.figure()
    for k, name in enumerate(LANDING_NAMES):
        s = fates.filter((pl.col("landing") == k) & (pl.col("ships") >= 20)).sort("round")
        if s.height:
            ax.plot(s["round"], s["vp_per_ship"], marker="o", label=name)
    ax.set_xticks(range(1, 6))
    ax.legend(fontsize=8, ncol=2)
    return C.finish(
        fig,
        ax,
        "What a ship earns, by the landing and round it is sent",
        "round the ship is sent (1-5)",
        "VP per ship: slot + income + completion (VP)",
        info,
    )


def landing_response_chart(resp: pl.DataFrame, info: RunInfo, key: str) -> Figure:
    """Ships per player per game to each landing for each value of the swept component."""
    fig, ax = C.lines_by_value(resp, "landing", "ships", LANDING_NAMES)
    return C.finish(
        fig,
        ax,
        f"Landing use as {key} changes",
        f"{key} (component value)",
        "ships sent per player per game (ships)",
        info,
    )
