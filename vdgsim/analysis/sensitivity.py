"""Sensitivity for designers: sweep one component value and see how the game responds.

Each value of the swept key is a run of the same line-up on the same seeds (common random
numbers), so differences between values come from the component change, not from the deals.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis.common import win_share_table
from vdgsim.vocabulary import LANDING_NAMES, SENT_COLUMNS, VP_SOURCE_COLUMNS


def _value_of(label: str) -> str:
    return label.split("=", 1)[1] if "=" in label else label


def sweep_players(runs: dict[str, Any]) -> pl.DataFrame:
    """Player rows of every sweep run with a ``value`` column (the swept value, as text)."""
    frames = [
        r.players.with_columns(pl.lit(_value_of(k)).alias("value"), pl.lit(i).alias("order"))
        for i, (k, r) in enumerate(runs.items())
    ]
    return pl.concat(frames, how="diagonal_relaxed")


def win_share_response(players: pl.DataFrame, by: str = "strategy") -> pl.DataFrame:
    """Win share by swept value and ``by`` (strategy, or seat for identical players), with
    Wilson intervals."""
    return win_share_table(players, ["order", "value", by]).sort("order", by)


def balance_response(response: pl.DataFrame) -> pl.DataFrame:
    """Per swept value (win shares by seat): balance index = 1 - largest gap between seats."""
    return (
        response.group_by("order", "value")
        .agg((pl.col("win_share").max() - pl.col("win_share").min()).alias("largest_gap"))
        .with_columns((1 - pl.col("largest_gap")).alias("balance_index"))
        .sort("order")
    )


def score_response(players: pl.DataFrame) -> pl.DataFrame:
    """Mean VP, mean VP by source and ships per landing by swept value."""
    cols = [*VP_SOURCE_COLUMNS, *SENT_COLUMNS]
    return (
        players.group_by("order", "value")
        .agg(
            pl.col("vp").cast(pl.Float64).mean().alias("mean_vp"),
            *(pl.col(c).cast(pl.Float64).mean() for c in cols),
        )
        .sort("order")
    )


def winning_vp(runs: dict[str, Any]) -> pl.DataFrame:
    """Mean winning score by swept value."""
    return pl.DataFrame(
        [
            {"order": i, "value": _value_of(k), "winning_vp": float(r.games["winning_vp"].mean())}
            for i, (k, r) in enumerate(runs.items())
        ]
    )


def landing_response(players: pl.DataFrame) -> pl.DataFrame:
    """Tidy ships per player per game to each landing, by swept value."""
    cols = list(SENT_COLUMNS)
    return (
        players.group_by("order", "value")
        .agg(pl.col(c).cast(pl.Float64).mean() for c in cols)
        .unpivot(index=["order", "value"], on=cols, variable_name="landing", value_name="ships")
        .with_columns(
            pl.col("landing").replace(dict(zip(SENT_COLUMNS, LANDING_NAMES, strict=True)))
        )
        .sort("order", "landing")
    )
