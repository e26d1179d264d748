"""What Goa's auction lots sell for, and how the seats that buy them finish.

Reads a Goa run's ``auctions`` table (``vdg simulate --game goa --auctions``; one row per
auctioned tile or Flag) and its ``players`` table; nothing is replayed.

Lots of one game are not independent (the same seats, the same purses, one lot's price
moves the next), so every interval here treats the game as the unit of sampling: a mean over
lots is a ratio ``sum over games of y / sum over games of n`` and its standard error is the
cluster-robust (linearised ratio) one,

    se^2 = G / (G - 1) * sum_g (y_g - mean * n_g)^2 / (sum_g n_g)^2,

over the G games that hold at least one lot of the group (the CR1 small-sample factor
``G / (G - 1)``); the interval is ``mean +- 1.96 se`` and null with fewer than two games.
No random numbers, so the same table always gives the same intervals.

>>> lot_prices(run.auctions)                     # doctest: +SKIP
>>> buyer_win_share(run.auctions, run.players)   # doctest: +SKIP
"""

from __future__ import annotations

import numpy as np
import polars as pl
from matplotlib.figure import Figure

from vdgsim.analysis import charts as C
from vdgsim.analysis.common import RunInfo
from vdgsim.core.stats import Z95, cluster_ratio_mean

__all__ = ["Z95", "buyer_win_share", "lot_prices"]


def lot_prices(auctions: pl.DataFrame, by: str = "category") -> pl.DataFrame:
    """One row per player count and lot kind (``by``: ``category``, the tile kind or
    ``flag``, or ``lot_group``, the key of the heuristic's ``lot_weight``; or ``lot``).

    Columns: ``lots``; ``lots_per_game`` (over the games of that player count in the table);
    ``kept_share`` (the owner took his own lot: bought it, or nobody bid); ``mean_price``
    with ``price_low``/``price_high`` (cluster-robust 95% interval, clustered by game);
    ``median_price``; ``free_share`` (the share that went for 0 ducats: nobody bid, or
    the owner bought it back at a high bid of 1).
    """
    games = auctions.group_by("players").agg(pl.col("game").n_unique().alias("_games"))
    per_game = auctions.group_by("players", by, "game").agg(
        pl.col("price").sum().cast(pl.Float64).alias("y"), pl.len().cast(pl.Float64).alias("n")
    )
    ci = cluster_ratio_mean(per_game, ["players", by]).select(
        "players",
        by,
        pl.col("mean").alias("mean_price"),
        pl.col("low").alias("price_low"),
        pl.col("high").alias("price_high"),
    )
    plain = auctions.group_by("players", by).agg(
        pl.len().alias("lots"),
        pl.col("kept").mean().alias("kept_share"),
        pl.col("price").median().cast(pl.Float64).alias("median_price"),
        (pl.col("price") == 0).mean().alias("free_share"),
    )
    return (
        plain.join(games, on="players")
        .join(ci, on=["players", by])
        .select(
            "players",
            by,
            "lots",
            (pl.col("lots") / pl.col("_games")).alias("lots_per_game"),
            "kept_share",
            "mean_price",
            "price_low",
            "price_high",
            "median_price",
            "free_share",
        )
        .sort("players", by)
    )


def buyer_win_share(
    auctions: pl.DataFrame, players: pl.DataFrame, by: str = "category"
) -> pl.DataFrame:
    """Per player count and lot kind: the mean final win share of the seats that got such a
    lot, against the fair share ``1 / players``.

    A seat counts once per game however many such lots it got (the unit is a seat's game),
    and the interval is clustered by game (the seats of one game share its win shares, which
    sum to 1). This is an association, not what the lot is worth: a seat that leads or has
    the ducats buys more, and would have done better without the lot too.

    Columns: ``buyers`` (seat-games), ``win_share`` with ``win_low``/``win_high``,
    ``fair_share``, ``excess`` (``win_share - fair_share``).
    """
    got = auctions.select("players", by, "game", pl.col("buyer").cast(pl.Int64).alias("seat"))
    shares = players.select("game", pl.col("seat").cast(pl.Int64), "win_share")
    seats = got.unique().join(shares, on=["game", "seat"], how="left")
    missing = seats.filter(pl.col("win_share").is_null()).height
    if missing:
        raise ValueError(
            f"{missing} buyers have no row in the players table (tables of different runs?)"
        )
    per_game = seats.group_by("players", by, "game").agg(
        pl.col("win_share").sum().alias("y"), pl.len().cast(pl.Float64).alias("n")
    )
    ci = cluster_ratio_mean(per_game, ["players", by])
    fair = 1.0 / pl.col("players").cast(pl.Float64)
    return ci.select(
        "players",
        by,
        pl.col("_n").cast(pl.Int64).alias("buyers"),
        pl.col("mean").alias("win_share"),
        pl.col("low").alias("win_low"),
        pl.col("high").alias("win_high"),
        fair.alias("fair_share"),
        (pl.col("mean") - fair).alias("excess"),
    ).sort("players", by)


def lot_price_chart(prices: pl.DataFrame, info: RunInfo, by: str = "lot_group") -> Figure:
    """Mean price of each kind of auction lot (``by``) per player count, with 95% CIs
    (rows of ``vdgsim.games.goa.lot_analysis.lot_prices``)."""
    fig, ax = C.figure()
    kinds = sorted(prices[by].unique().to_list())
    counts = sorted(prices["players"].unique().to_list())
    width = 0.8 / max(1, len(counts))
    for i, p in enumerate(counts):
        s = prices.filter(pl.col("players") == p)
        where = {k: j for j, k in enumerate(kinds)}
        x = np.array([where[k] for k in s[by]]) + (i - (len(counts) - 1) / 2) * width
        v = s["mean_price"].to_numpy()
        # an interval needs two games (lot_prices gives none with fewer): no whisker then
        lo = np.nan_to_num(v - s["price_low"].cast(pl.Float64).to_numpy())
        hi = np.nan_to_num(s["price_high"].cast(pl.Float64).to_numpy() - v)
        ax.errorbar(x, v, yerr=[lo, hi], fmt="o", capsize=3, label=f"{p} players")
    ax.set_xticks(np.arange(len(kinds)))
    ax.set_xticklabels(kinds, fontsize=8)
    ax.legend(fontsize=8)
    return C.finish(
        fig, ax, "Goa: what each kind of lot sells for", "lot", "mean price (ducats), 95% CI", info
    )
