"""Shared pieces of the analysis modules: run provenance, paired comparisons, tidy helpers.

Every table and chart states n games, seeds, version and data digest (DESIGN.md); a
:class:`RunInfo` collects them from one or more run manifests. Paired comparisons use common
random numbers: the same game seeds in both arms, the difference taken game by game and its
interval computed over independent deals (games that share a seed are one cluster).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import polars as pl

from vdgsim.core.plug import game_of
from vdgsim.core.stats import mean_interval_from_moments, wilson_interval


@dataclass(frozen=True)
class RunInfo:
    """Provenance of a table or chart: games, seeds, version, component-data digest."""

    games: int
    seeds: tuple[int, ...]
    version: str
    digest: str
    commit: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    about: str = ""  # which games: players, seats rotated or not (shown after n)

    def caption(self) -> str:
        """One line for under a chart: n games (and which), seeds, version, data digest."""
        seeds = ", ".join(str(s) for s in self.seeds[:4]) + (", ..." if len(self.seeds) > 4 else "")
        if self.games == 0:
            return (
                f"exact, from the component data · vdgsim {self.version} · "
                f"component data {self.digest} (partly reconstructed)"
            )
        about = f" ({self.about})" if self.about else ""
        return (
            f"n = {self.games:,} games{about} · seed {seeds} · vdgsim {self.version} · "
            f"component data {self.digest} (partly reconstructed)"
        )


def run_info(manifests: Iterable[dict[str, Any]]) -> RunInfo:
    """Merge the manifests of the runs behind one table or chart into a :class:`RunInfo`."""
    games = 0
    seeds: list[int] = []
    digests: list[str] = []
    version = "?"
    commit = None
    for m in manifests:
        games += int(m["counts"]["games"])
        seed = int(m["run"]["seed"])
        if seed not in seeds:
            seeds.append(seed)
        d = m["components"]["digest"]
        if d not in digests:
            digests.append(d)
        version = m.get("vdgsim_version", version)
        commit = m.get("git_commit", commit)
    return RunInfo(games, tuple(seeds), version, "+".join(digests) or "?", commit)


def focus_seat(rotation: pl.Expr, players: int) -> pl.Expr:
    """Seat of line-up position 0 in a rotated run: rotation r seats ``lineup[(seat + r) % P]``."""
    return (players - rotation.cast(pl.Int64)) % players


def focus_rows(players: pl.DataFrame, games: pl.DataFrame, n_players: int) -> pl.DataFrame:
    """The player rows of line-up position 0 (the "focus" player of a paired experiment).

    Returns one row per game with ``game``, ``seed``, ``seat``, ``vp`` and ``win_share``
    (and the other player columns).
    """
    g = games.select("game", "seed", "rotation").with_columns(
        focus_seat(pl.col("rotation"), n_players).alias("_seat")
    )
    return (
        players.join(g, on="game")
        .filter(pl.col("seat").cast(pl.Int64) == pl.col("_seat"))
        .drop("_seat")
        .sort("game")
    )


# The range of a column's values. The difference of two lies within (lo - hi, hi - lo); a
# t interval over a handful of deals can reach far beyond it (+-6.35, "+-635 pp", from two
# deals), which no difference of two win shares can be, so the interval is cut to the range.
BOUNDED_COLUMNS = {"win_share": (0.0, 1.0)}


def paired_difference(
    baseline: pl.DataFrame,
    variant: pl.DataFrame,
    columns: Sequence[str] = ("win_share", "vp"),
    confidence: float = 0.95,
    nested: bool = False,
) -> dict[str, float]:
    """Variant minus baseline, game by game on the same seeds, with t intervals.

    Both frames hold one row per game (``game``, ``seed`` and the ``columns``) from runs
    played on the same seeds (``nested``: the smaller one's games, all held by the other).
    Games sharing a seed (the rotations of one deal) form a
    cluster: the interval is taken over per-seed means, so correlated rotations are not
    counted as independent. Returns ``n_games``, ``n_deals`` and for each column
    ``<col>_base``, ``<col>_variant``, ``<col>_diff``, ``<col>_low``, ``<col>_high`` and the
    standard error ``<col>_se`` (over deals). The interval of a column of
    :data:`BOUNDED_COLUMNS` stays within what a difference of its values can be.
    """
    joined = baseline.select("game", "seed", *columns).join(
        variant.select("game", "seed", *columns), on="game", suffix="_v"
    )
    # nested: one run may hold more games than the other (it grew further); the pairs are
    # the games of the smaller one, all of which the larger one must hold
    need = min(baseline.height, variant.height) if nested else baseline.height
    if joined.height != need or (not nested and joined.height != variant.height):
        raise ValueError("paired arms must hold the same games")
    if (joined["seed"] != joined["seed_v"]).any():
        raise ValueError("paired arms must be played on the same seeds (common random numbers)")
    out: dict[str, float] = {"n_games": joined.height}
    diffs = joined.with_columns(
        (pl.col(f"{c}_v").cast(pl.Float64) - pl.col(c).cast(pl.Float64)).alias(f"_d_{c}")
        for c in columns
    )
    per_deal = diffs.group_by("seed").agg(pl.col(f"_d_{c}").mean() for c in columns)
    out["n_deals"] = per_deal.height
    for c in columns:
        d = per_deal[f"_d_{c}"]
        mean = float(d.mean())
        sd = float(d.std(ddof=1)) if d.len() > 1 else math.nan
        lo, hi = mean_interval_from_moments(mean, sd, d.len(), confidence)
        if c in BOUNDED_COLUMNS:
            least, most = BOUNDED_COLUMNS[c]
            lo, hi = (
                x if math.isnan(x) else min(max(x, least - most), most - least) for x in (lo, hi)
            )
        out[f"{c}_base"] = float(joined[c].cast(pl.Float64).mean())
        out[f"{c}_variant"] = float(joined[f"{c}_v"].cast(pl.Float64).mean())
        out[f"{c}_diff"] = mean
        out[f"{c}_low"] = lo
        out[f"{c}_high"] = hi
        out[f"{c}_se"] = sd / math.sqrt(d.len()) if d.len() > 1 else math.nan
    return out


def vp_source_columns(game: str | None) -> tuple[str, ...]:
    """The players table's VP-by-source columns of ``game`` (a key of :mod:`vdgsim.core.plug`)."""
    return game_of(game).vp_sources()


def win_share_table(
    players: pl.DataFrame, by: str | list[str], confidence: float = 0.95
) -> pl.DataFrame:
    """Win share with its Wilson interval per group (ties already split in ``win_share``)."""
    keys = [by] if isinstance(by, str) else list(by)
    agg = (
        players.group_by(keys)
        .agg(pl.len().alias("n"), pl.col("win_share").sum().alias("wins"))
        .sort(keys)
    )
    lows, highs = [], []
    for wins, n in zip(agg["wins"], agg["n"], strict=True):
        lo, hi = wilson_interval(min(float(wins), n), int(n), confidence)
        lows.append(lo)
        highs.append(hi)
    return agg.with_columns(
        (pl.col("wins") / pl.col("n")).alias("win_share"),
        pl.Series("win_low", lows, dtype=pl.Float64),
        pl.Series("win_high", highs, dtype=pl.Float64),
    )


def one_rotation(run: Any, table: str = "players") -> pl.DataFrame:
    """The rows of one of the run's per-game tables (players, ships...), keeping one rotation
    per deal when every seat plays the same strategy (then the rotations of a deal are the
    same game, not new evidence)."""
    rows = run.table(table)
    lineup = run.manifest["run"]["lineup"]
    if not run.manifest["run"].get("rotate") or len(set(lineup)) > 1:
        return rows
    first = run.games.filter(pl.col("rotation") == 0).select("game")
    return rows.join(first, on="game")


def pp(x: float | None) -> str:
    """A share as signed percentage points (``+3.1``)."""
    return "n/a" if x is None or math.isnan(x) else f"{100 * x:+.1f}"


def pct(x: float | None) -> str:
    """A share as a percentage without sign (``25.3``)."""
    return "n/a" if x is None or math.isnan(x) else f"{100 * x:.1f}"


def interval_decimals(
    low: float | None, high: float | None, *, default: int = 1, most: int = 3
) -> int:
    """The decimals an interval supports: down to the first significant digit of its half-width,
    or the second when that digit is a 1 (a half-width of 1.1 rounded to 1 would be off by a
    tenth of itself): ``17.4 [17.0, 17.7]``, not ``17.367 [17.008, 17.728]``; ``+6.0 [+4.9,
    +7.1]``; ``-32 [-60, -4]`` for a wide one. At most ``most``; ``default`` for an interval
    without width (zero-width, or missing)."""
    if low is None or high is None or not (math.isfinite(low) and math.isfinite(high)):
        return default
    half = abs(high - low) / 2
    if half == 0:
        return default
    # a small nudge so that a half-width of exactly 0.1 (stored as 0.09999...) counts as 0.1
    power = math.floor(math.log10(half) + 1e-9)
    leading_one = half / 10.0**power < 2 - 1e-9
    return min(most, max(0, -power + leading_one))


def rounded(
    value: float | None,
    low: float | None = None,
    high: float | None = None,
    *,
    scale: float = 1.0,
    signed: bool = False,
    default: int = 1,
    most: int = 3,
) -> tuple[str, str, str]:
    """``value``, ``low`` and ``high`` (times ``scale``: 100 for shares) written to the
    decimals their interval supports (:func:`interval_decimals`), ``signed`` with a leading
    sign; a missing number is ``n/a``, and a value that rounds to zero is never ``-0``."""
    lo, hi = (None if x is None else scale * x for x in (low, high))
    d = interval_decimals(lo, hi, default=default, most=most)

    def one(x: float | None) -> str:
        if x is None or math.isnan(x):
            return "n/a"
        x = round(scale * x, d) + 0.0  # + 0.0 turns -0.0 into 0.0
        return f"{x:+.{d}f}" if signed else f"{x:.{d}f}"

    return one(value), one(low), one(high)


def pp_ci(value: float, low: float, high: float, unit: str = "") -> str:
    """A share difference and its interval in percentage points to the decimals the interval
    supports (``-15.8 [-16.7, -15.0]``; with ``unit=" pp"``, ``-15.8 pp [-16.7, -15.0]``)."""
    v, lo, hi = rounded(value, low, high, scale=100, signed=True, most=2)
    return f"{v}{unit} [{lo}, {hi}]"


def pct_ci(value: float, low: float, high: float) -> str:
    """A share and its interval as percentages (``34.2% [33.3, 35.0]``)."""
    v, lo, hi = rounded(value, low, high, scale=100, most=2)
    return f"{v}% [{lo}, {hi}]"


def q_text(q: float) -> str:
    """A Benjamini-Hochberg q-value as a reader takes it: ``q < 0.001`` below a thousandth,
    else two significant digits (``q = 0.012``)."""
    return "q < 0.001" if q < 0.001 else f"q = {q:.2g}"
