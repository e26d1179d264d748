"""Ship fates: what a ship sent to a landing earns afterwards, from a run's ships table.

A run recorded with ``ships=True`` (``vdg simulate --ships``) has a ``ships`` table: one row
per player ship sent, read by the runner from each game's event log (columns as
``vdgsim.games.vasco.vocabulary.SHIP_COLUMNS``, with ``game`` and ``strategy``): the slot it was
sent to, the income and completion VP and Reals it earned, whether its landing completed while it
was there (it then moves up or is removed), and whether it was removed from the game.

The summary is a tidy table per landing and round: ships sent, slot VP, chance the landing
completes, VP earned afterwards, chance the ship is removed.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis.common import one_rotation
from vdgsim.games.vasco.vocabulary import LANDING_NAMES


def run_ships(run: Any) -> pl.DataFrame:
    """The ships table of a run, one rotation per deal when every seat plays the same strategy
    (as :func:`~vdgsim.analysis.common.one_rotation`); ValueError if the run recorded none."""
    if run.ships is None:
        where = f" {run.path}" if run.path is not None else ""
        raise ValueError(f"run{where} has no ships table (record it with ships=True or --ships)")
    return one_rotation(run, "ships")


def ship_fates(ships: pl.DataFrame) -> pl.DataFrame:
    """Per landing sent to and round: ships, slot VP, chance the landing completes while the
    ship is there, VP and Reals earned afterwards, chance the ship is removed."""
    games = max(1, ships["game"].n_unique())
    return (
        ships.group_by("landing", "round")
        .agg(
            pl.len().alias("ships"),
            pl.col("slot_vp").mean().alias("slot_vp"),
            pl.col("left_landing").mean().alias("completes"),
            (pl.col("income_vp") + pl.col("completion_vp")).mean().alias("vp_afterwards"),
            pl.col("income_vp").mean().alias("income_vp"),
            pl.col("completion_vp").mean().alias("completion_vp"),
            pl.col("vp_after_moving").mean().alias("vp_after_moving"),
            pl.col("income_reals").mean().alias("income_reals"),
            pl.col("removed").mean().alias("removed"),
        )
        .with_columns(
            (pl.col("ships") / games).alias("ships_per_game"),
            (pl.col("slot_vp") + pl.col("vp_afterwards")).alias("vp_per_ship"),
            pl.col("landing")
            .map_elements(lambda k: LANDING_NAMES[k], return_dtype=pl.String)
            .alias("landing_name"),
        )
        .sort("landing", "round")
    )


def landing_summary(ships: pl.DataFrame, confidence: float = 0.95) -> pl.DataFrame:
    """Per landing over all rounds: the measures of :func:`ship_fates`, with a t interval on
    the VP per ship (slot VP plus VP afterwards; ships counted as independent)."""
    from vdgsim.core.stats import mean_interval_from_moments

    t = ship_fates(ships.with_columns(pl.lit(0).alias("round"))).drop("round").sort("landing")
    sd = (
        ships.with_columns(
            (pl.col("slot_vp") + pl.col("income_vp") + pl.col("completion_vp")).alias("_v")
        )
        .group_by("landing")
        .agg(pl.col("_v").std().alias("_sd"))
    )
    t = t.join(sd, on="landing", how="left")
    lo, hi = [], []
    for m, s, n in zip(t["vp_per_ship"], t["_sd"], t["ships"], strict=True):
        a, b = mean_interval_from_moments(m, s if s is not None else float("nan"), n, confidence)
        lo.append(a)
        hi.append(b)
    return t.drop("_sd").with_columns(
        pl.Series("vp_per_ship_low", lo, dtype=pl.Float64),
        pl.Series("vp_per_ship_high", hi, dtype=pl.Float64),
    )
