"""Seat balance: win share by seat for 2, 3 and 4 players, score distributions, VP by source.

The runs behind these tables seat the same preset everywhere and do NOT rotate seats, so any
difference between seats comes from the game (first player, dealt characters), not from the
players. Ties for first are already split in ``win_share``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl
from scipy import stats

from vdgsim.analysis.common import win_share_table
from vdgsim.vocabulary import CHARACTER_NAMES, VP_SOURCE_COLUMNS, Character

# R1.3: the character each seat is dealt at the start, by player count
DEALT = {
    2: tuple(CHARACTER_NAMES[c] for c in (Character.DIAS, Character.SERNIGI)),
    3: tuple(CHARACTER_NAMES[c] for c in (Character.DIAS, Character.ALVARES, Character.SERNIGI)),
    4: CHARACTER_NAMES,
}


def seat_players(runs: dict[str, Any]) -> pl.DataFrame:
    """Player rows of every run with a ``players`` (count) column."""
    frames = []
    for run in runs.values():
        p = int(run.manifest["run"]["players"])
        frames.append(run.players.with_columns(pl.lit(p, dtype=pl.Int8).alias("players")))
    return pl.concat(frames, how="diagonal_relaxed")


def win_by_seat(players: pl.DataFrame) -> pl.DataFrame:
    """Win share by player count and seat with Wilson 95% intervals and the fair share 1/P."""
    t = win_share_table(players, ["players", "seat"])
    return t.with_columns(
        (1.0 / pl.col("players").cast(pl.Float64)).alias("fair_share"),
        pl.struct("players", "seat")
        .map_elements(lambda r: DEALT[r["players"]][r["seat"]], return_dtype=pl.String)
        .alias("dealt_character"),
    ).with_columns(
        (pl.col("win_low") > pl.col("fair_share")).alias("above_fair"),
        (pl.col("win_high") < pl.col("fair_share")).alias("below_fair"),
    )


def balance_index(by_seat: pl.DataFrame) -> pl.DataFrame:
    """Per player count: 1 - (largest gap between two seats' win shares), and that gap."""
    return (
        by_seat.group_by("players")
        .agg(
            pl.len().alias("seats"),
            pl.col("n").first().alias("games"),
            (pl.col("win_share").max() - pl.col("win_share").min()).alias("largest_gap"),
            pl.col("seat").sort_by("win_share").last().alias("best_seat"),
            pl.col("seat").sort_by("win_share").first().alias("worst_seat"),
        )
        .with_columns((1 - pl.col("largest_gap")).alias("balance_index"))
        .sort("players")
    )


def balance_interval(
    players: pl.DataFrame, seed: int, reps: int = 1000, confidence: float = 0.95
) -> pl.DataFrame:
    """Per player count: a percentile bootstrap interval for the balance index, resampling
    whole games (each game is its own deal here: seats are not rotated), with a generator
    seeded from ``seed`` so the report reproduces it."""
    rows = []
    for p in sorted(players["players"].unique().to_list()):
        wide = (
            players.filter(pl.col("players") == p)
            .pivot(on="seat", index="game", values="win_share", sort_columns=True)
            .drop("game")
            .to_numpy()
            .astype(np.float64)
        )

        def index(i: np.ndarray, m: np.ndarray = wide) -> float:
            means = m[i].mean(axis=0)
            return float(1.0 - (means.max() - means.min()))

        res = stats.bootstrap(
            (np.arange(wide.shape[0]),),
            index,
            vectorized=False,
            n_resamples=reps,
            confidence_level=confidence,
            method="percentile",
            random_state=np.random.default_rng([seed, p]),
        )
        ci = res.confidence_interval
        rows.append({"players": p, "balance_low": ci.low, "balance_high": ci.high})
    return pl.DataFrame(rows).with_columns(pl.col("players").cast(pl.Int8))


def score_distribution(players: pl.DataFrame) -> pl.DataFrame:
    """Per player count and seat: mean, quartiles and spread of final VP."""
    return (
        players.group_by("players", "seat")
        .agg(
            pl.len().alias("n"),
            pl.col("vp").mean().alias("mean_vp"),
            pl.col("vp").std().alias("sd_vp"),
            pl.col("vp").quantile(0.25).alias("q25"),
            pl.col("vp").median().alias("median"),
            pl.col("vp").quantile(0.75).alias("q75"),
        )
        .sort("players", "seat")
    )


def vp_by_source(players: pl.DataFrame) -> pl.DataFrame:
    """Tidy mean VP per source, by player count and seat."""
    cols = list(VP_SOURCE_COLUMNS)
    return (
        players.group_by("players", "seat")
        .agg(pl.col(c).cast(pl.Float64).mean() for c in cols)
        .unpivot(index=["players", "seat"], on=cols, variable_name="source", value_name="mean_vp")
        .with_columns(pl.col("source").str.strip_prefix("vp_"))
        .sort("players", "seat", "source")
    )


def tie_rate(runs: dict[str, Any]) -> pl.DataFrame:
    """Share of games with a shared first place, per player count."""
    rows = []
    for run in runs.values():
        g = run.games
        rows.append(
            {
                "players": int(run.manifest["run"]["players"]),
                "games": g.height,
                "shared_first": float((g["winners"] > 1).mean()),
                "mean_winning_vp": float(g["winning_vp"].mean()),
            }
        )
    return pl.DataFrame(rows).sort("players")
