"""Matchups: the round-robin matrix of presets' win shares, a ranking, and dominance.

Built from a tournament's stacked player table (``Tournament.players``: one row per player
per game with ``players`` and ``lineup`` columns). In a two-player line-up A,B the cell
(A, B) is A's win share against B with a Wilson 95% interval (ties split).
"""

from __future__ import annotations

import polars as pl

from vdgsim.analysis.common import win_share_table


def pair_matrix(players: pl.DataFrame) -> pl.DataFrame:
    """Tidy head-to-head table from two-player line-ups: row, column, win share, interval."""
    two = players.filter(pl.col("players") == 2)
    opp = two.select("game", "lineup", pl.col("seat"), pl.col("strategy").alias("opponent"))
    t = two.join(
        opp.with_columns((1 - pl.col("seat")).alias("seat")), on=["game", "lineup", "seat"]
    ).filter(pl.col("strategy") != pl.col("opponent"))
    ws = win_share_table(t, ["strategy", "opponent"])
    return ws.rename({"strategy": "row", "opponent": "column"})


def ranking(players: pl.DataFrame, matrix: pl.DataFrame) -> pl.DataFrame:
    """Presets ranked by overall win share (Wilson) across every line-up they played, with
    head-to-head wins/losses (intervals above/below one half) from ``matrix``."""
    overall = win_share_table(players, ["players", "strategy"]).with_columns(
        (1 / pl.col("players").cast(pl.Float64)).alias("fair_share"),
        (pl.col("win_share") * pl.col("players").cast(pl.Float64)).alias("relative_strength"),
    )
    h2h = matrix.group_by("row").agg(
        (pl.col("win_low") > 0.5).sum().alias("beats"),
        (pl.col("win_high") < 0.5).sum().alias("loses_to"),
        pl.col("win_share").mean().alias("mean_h2h"),
        pl.len().alias("opponents"),
    )
    pooled = (
        overall.group_by("strategy")
        .agg(pl.col("relative_strength").mean().alias("strength"))
        .join(h2h.rename({"row": "strategy"}), on="strategy", how="left")
        .sort("strength", descending=True)
        .with_row_index("rank", offset=1)
    )
    return pooled


def dominance(matrix: pl.DataFrame) -> pl.DataFrame:
    """Presets that beat every other (interval above 1/2) or lose to every other (below)."""
    g = matrix.group_by("row").agg(
        (pl.col("win_low") > 0.5).all().alias("dominates"),
        (pl.col("win_high") < 0.5).all().alias("dominated"),
        pl.len().alias("opponents"),
    )
    return g.rename({"row": "strategy"}).sort("strategy")


def ahead_matrix(players: pl.DataFrame) -> pl.DataFrame:
    """Head to head at every player count: how often the row preset finishes ahead of the
    column preset in the games where both play, with a Wilson 95% interval.

    A pair of players scores 1 when the row player's rank is better, 1/2 when they share a
    rank (R8.4: equal after the tie-breaks), 0 otherwise. Several pairs of the two presets in
    one game (line-ups with two copies of a preset) are averaged into one observation of that
    game. With two players this is :func:`pair_matrix`'s win share.
    """
    # a game is known by its run (stacked runs) or line-up (a tournament's players) and number
    keys = [*[c for c in ("run", "lineup") if c in players.columns][:1], "game"]
    a = players.select(*keys, "players", "strategy", "rank")
    pairs = a.join(a, on=[*keys, "players"], suffix="_other").filter(
        pl.col("strategy") != pl.col("strategy_other")
    )
    score = (
        pl.when(pl.col("rank") < pl.col("rank_other"))
        .then(1.0)
        .when(pl.col("rank") == pl.col("rank_other"))
        .then(0.5)
        .otherwise(0.0)
    )
    per_game = pairs.group_by(*keys, "players", "strategy", "strategy_other").agg(
        score.mean().alias("win_share")
    )
    ws = win_share_table(per_game, ["players", "strategy", "strategy_other"])
    return ws.rename({"strategy": "row", "strategy_other": "column"})
