"""Interval estimates for run tables: Wilson intervals for win shares, t intervals for means,
cluster bootstrap intervals for per-game measures of games that share deals.

Win shares count a tie for first as 1/k of a win for each of the k tied players (DESIGN.md);
the Wilson interval is applied to the summed shares as the number of successes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

import numpy as np
import polars as pl


def _z(confidence: float) -> float:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2.0)


def wilson_interval(successes: float, n: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson score interval for a proportion of ``successes`` out of ``n`` trials."""
    if n <= 0:
        return (math.nan, math.nan)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be in 0..n, got {successes} of {n}")
    z = _z(confidence)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2.0) / (1.0 + z2n)
    half = z / (1.0 + z2n) * math.sqrt(p * (1.0 - p) / n + z2n / (4.0 * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def t_quantile(df: int, confidence: float = 0.95) -> float:
    """Two-sided Student-t critical value with ``df`` degrees of freedom."""
    from scipy.stats import t

    _z(confidence)  # validates
    return float(t.ppf(0.5 + confidence / 2.0, df))


def mean_interval_from_moments(
    mean: float, sd: float, n: int, confidence: float = 0.95
) -> tuple[float, float]:
    """Student-t interval for a mean, given the sample mean, standard deviation and size."""
    if n < 2 or sd is None or math.isnan(sd):
        return (math.nan, math.nan)
    half = t_quantile(n - 1, confidence) * sd / math.sqrt(n)
    return (mean - half, mean + half)


def mean_interval(values: list[float] | pl.Series, confidence: float = 0.95) -> tuple[float, ...]:
    """(mean, low, high): the sample mean with its Student-t interval."""
    s = pl.Series(values, dtype=pl.Float64)
    n = s.len()
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = float(s.mean())
    sd = float(s.std(ddof=1)) if n > 1 else math.nan
    lo, hi = mean_interval_from_moments(mean, sd, n, confidence)
    return (mean, lo, hi)


def summary_table(
    players: pl.DataFrame | pl.LazyFrame, by: str | list[str], confidence: float = 0.95
) -> pl.DataFrame:
    """Win share (Wilson interval) and mean VP (t interval) of player rows grouped by ``by``.

    ``players`` needs the columns ``vp`` and ``win_share`` (a run's ``players`` table).
    Returns one row per group: games, wins (summed shares), win_share, win_low, win_high,
    mean_vp, vp_low, vp_high.
    """
    keys = [by] if isinstance(by, str) else list(by)
    agg = (
        players.lazy()
        .group_by(keys)
        .agg(
            pl.len().alias("games"),
            pl.col("win_share").sum().alias("wins"),
            pl.col("vp").cast(pl.Float64).mean().alias("mean_vp"),
            pl.col("vp").cast(pl.Float64).std(ddof=1).alias("sd_vp"),
        )
        .sort(keys)
        .collect()
    )
    rows = []
    for r in agg.iter_rows(named=True):
        n = r["games"]
        wlo, whi = wilson_interval(min(r["wins"], n), n, confidence)
        vlo, vhi = mean_interval_from_moments(r["mean_vp"], r["sd_vp"], n, confidence)
        rows.append(
            {
                **{k: r[k] for k in keys},
                "games": n,
                "wins": r["wins"],
                "win_share": r["wins"] / n,
                "win_low": wlo,
                "win_high": whi,
                "mean_vp": r["mean_vp"],
                "vp_low": vlo,
                "vp_high": vhi,
            }
        )
    schema = {k: agg.schema[k] for k in keys}
    return pl.DataFrame(rows, schema_overrides=schema) if rows else agg.head(0)


def cluster_bootstrap_means(
    values: np.ndarray,
    clusters: np.ndarray,
    rng: np.random.Generator,
    reps: int = 1000,
    confidence: float = 0.95,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(means, lows, highs) of each column of ``values`` with percentile bootstrap intervals
    that resample whole clusters.

    ``values`` is (rows, columns), ``clusters`` labels each row; rows that share a label (the
    rotations of one deal, the line-ups of a tournament played on the same seeds) are drawn
    together, so correlated rows are not counted as independent evidence. A resample's
    estimate is its summed values over its summed rows (a ratio estimator, exact for equal
    cluster sizes). NaN intervals with fewer than two clusters.
    """
    v = np.asarray(values, dtype=np.float64)
    if v.ndim == 1:
        v = v[:, None]
    means = v.mean(axis=0) if v.shape[0] else np.full(v.shape[1], math.nan)
    _, idx = np.unique(np.asarray(clusters), return_inverse=True)
    k = int(idx.max()) + 1 if idx.size else 0
    if k < 2:
        nan = np.full(v.shape[1], math.nan)
        return means, nan, nan.copy()
    _z(confidence)  # validates
    sums = np.zeros((k, v.shape[1]))
    np.add.at(sums, idx, v)
    sizes = np.bincount(idx, minlength=k).astype(np.float64)
    est = np.empty((reps, v.shape[1]))
    for r in range(reps):
        pick = rng.integers(0, k, size=k)
        est[r] = sums[pick].sum(axis=0) / sizes[pick].sum()
    tail = (1.0 - confidence) / 2.0
    lows, highs = np.quantile(est, [tail, 1.0 - tail], axis=0)
    return means, lows, highs


Z95 = 1.959963984540054  # the normal 97.5% quantile


def cluster_ratio_mean(per_game: pl.DataFrame, keys: Sequence[str]) -> pl.DataFrame:
    """Per ``keys``: the ratio mean ``sum(y) / sum(n)`` of per-game sums ``y`` and counts
    ``n`` (one row per key and game), with its cluster-robust 95% interval.

    Rows of one game are not independent, so the game is the unit of sampling: the standard
    error is the linearised-ratio one, ``se^2 = G / (G - 1) * sum_g (y_g - mean * n_g)^2 /
    (sum_g n_g)^2`` over the G games of the key (CR1 factor); the interval is null with
    fewer than two games. Columns: ``keys``, ``mean``, ``low``, ``high`` and the sums."""
    keys = list(keys)
    sums = per_game.group_by(keys).agg(
        pl.len().alias("_g"),
        pl.col("y").sum().alias("_y"),
        pl.col("n").sum().alias("_n"),
        (pl.col("y") ** 2).sum().alias("_yy"),
        (pl.col("y") * pl.col("n")).sum().alias("_yn"),
        (pl.col("n") ** 2).sum().alias("_nn"),
    )
    mean = pl.col("_y") / pl.col("_n")
    # sum_g (y_g - m n_g)^2, expanded so that one pass over the games suffices
    spread = pl.col("_yy") - 2 * mean * pl.col("_yn") + mean**2 * pl.col("_nn")
    se = pl.when(pl.col("_g") > 1).then(
        (pl.col("_g") / (pl.col("_g") - 1) * spread.clip(lower_bound=0.0)).sqrt()
    ).otherwise(None) / pl.col("_n")
    return sums.with_columns(mean.alias("mean"), se.alias("_se")).with_columns(
        (pl.col("mean") - Z95 * pl.col("_se")).alias("low"),
        (pl.col("mean") + Z95 * pl.col("_se")).alias("high"),
    )
