"""Sensitivity for designers: sweep one component value and see how the game responds.

Each value of the swept key is a run of the same line-up on the same seeds (common random
numbers), so differences between values come from the component change, not from the deals.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis.common import paired_difference, vp_source_columns, win_share_table
from vdgsim.core.plug import game_of
from vdgsim.games.vasco.vocabulary import LANDING_NAMES, SENT_COLUMNS


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


def score_response(players: pl.DataFrame, game: str | None = None) -> pl.DataFrame:
    """Mean VP, mean VP by source and the means of the game's other response columns (ships
    per landing in Vasco da Gama) by swept value."""
    cols = [*vp_source_columns(game), *game_of(game).response_columns()]
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


def vp_source_response(players: pl.DataFrame, game: str) -> pl.DataFrame:
    """Tidy VP per player per game from each source (the ``vp_`` columns of ``game``'s
    players table, named without the prefix), by swept value."""
    cols = list(vp_source_columns(game))
    return (
        players.group_by("order", "value")
        .agg(pl.col(c).cast(pl.Float64).mean() for c in cols)
        .unpivot(index=["order", "value"], on=cols, variable_name="source", value_name="vp")
        .with_columns(pl.col("source").str.strip_prefix("vp_"))
        .sort("order", "source")
    )


def _per_game(run: Any, by: str, group: Any) -> pl.DataFrame:
    """One row per game: the win share of ``group``'s players (their mean) and the deal."""
    p = run.players.filter(pl.col(by).cast(pl.String) == str(group))
    return (
        p.group_by("game")
        .agg(pl.col("win_share").cast(pl.Float64).mean())
        .join(run.games.select("game", "seed"), on="game")
        .sort("game")
    )


def step_changes(runs: dict[str, Any], by: str = "strategy") -> pl.DataFrame:
    """For each ``by`` group, the paired change of its win share between consecutive swept
    values and from the first value to the last (the same deals in every run: intervals over
    deals, as for paired arms): 95% intervals with their standard error ``se``, and
    ``*_joint`` intervals that hold for all
    the steps of a group at once (Bonferroni), from which :func:`shape` calls the response."""
    labels = list(runs)
    groups = sorted({str(g) for r in runs.values() for g in r.players[by].unique().to_list()})
    rows = []
    pairs = [(i, i + 1) for i in range(len(labels) - 1)]
    if len(labels) > 2:
        pairs.append((0, len(labels) - 1))
    # the shape of the response is called from every step at once: Bonferroni over the steps
    joint = 1 - 0.05 / max(1, len(labels) - 1)
    for g in groups:
        frames = [_per_game(runs[k], by, g) for k in labels]
        for i, j in pairs:
            d = paired_difference(frames[i], frames[j], ("win_share",))
            b = paired_difference(frames[i], frames[j], ("win_share",), joint)
            rows.append(
                {
                    by: g,
                    "from": _value_of(labels[i]),
                    "to": _value_of(labels[j]),
                    "step": j == i + 1,
                    "change": d["win_share_diff"],
                    "low": d["win_share_low"],
                    "high": d["win_share_high"],
                    "se": d["win_share_se"],
                    "low_joint": b["win_share_low"],
                    "high_joint": b["win_share_high"],
                    "deals": int(d["n_deals"]),
                }
            )
    return pl.DataFrame(rows)


def shape(steps: pl.DataFrame) -> str:
    """How one group's win share responds along the sweep, from its consecutive steps and
    their joint intervals: ``rises``/``falls`` (the clear steps all one way), ``is
    non-monotone`` (clear steps both ways) or ``shows no clear step``."""
    s = steps.filter(pl.col("step"))
    up = bool((s["low_joint"] > 0).any())
    down = bool((s["high_joint"] < 0).any())
    if up and down:
        return "is non-monotone"
    if up:
        return "rises"
    if down:
        return "falls"
    return "shows no clear step"
