"""A strength ladder: Bradley–Terry ratings on the Elo scale, per player count, with intervals.

From a tournament's player tables (one row per seat per game: player, rank, win share), every
pair of seats in a game is one comparison: the better rank wins it, a tie gives half to each.
A Bradley–Terry model is fitted to the comparison counts for each player count (2, 3, 4
separately, and pooled over them) with :func:`choix.ilsr_pairwise_dense`, which accepts
fractional counts, so ties need no trick. In a Plackett–Luce ranking model the chance that i
finishes above j is again ``w_i / (w_i + w_j)``, so these pairwise ratings also estimate the
Plackett–Luce strengths of multi-player games (a composite likelihood; the comparisons of one
game are not independent, which the deal bootstrap accounts for).

Ratings are ``400 · log10`` of the Bradley–Terry weights (Elo scale: +400 means 10:1 odds in
a head-to-head comparison), shifted so that the anchor player is 0.

Regularisation: every pair of players gets ``prior`` virtual comparisons split as a tie (half
a win each way) before fitting. Without it a player that never loses (or never wins) has no
finite maximum-likelihood rating, and a player seen in few games would swing wildly; with the
default of one virtual tie per pair a player tested over thousands of comparisons moves by
a fraction of a rating point.

Intervals are 95% percentile intervals of a bootstrap over deals: a deal (the games sharing
one game seed: all seat rotations of every line-up at that player count, which the tournament
plays on common random numbers) is resampled whole, so the correlation between its games is
kept. The generator is seeded (``numpy.random.default_rng`` of a ``SeedSequence`` built from
the seed and the player count), never global random state. An interval is that of the rating
*difference* to the anchor, so the anchor's own interval is [0, 0].

Win share is the mean of the player's per-seat win shares (ties split), with a cluster-robust
interval over deals, never narrower than the Wilson interval of its player-games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import choix
import numpy as np
import polars as pl

from vdgsim.analysis.common import RunInfo, run_info
from vdgsim.core.stats import t_quantile, wilson_interval

ELO = 400.0 / math.log(10.0)
"""Natural-log Bradley–Terry strength to Elo points: P(i beats j) = 1 / (1 + 10^(-Δ/400))."""

DEFAULT_ANCHORS = ("baseline_v1", "default")
DEFAULT_BOOTSTRAP = 200
DEFAULT_PRIOR = 1.0

INPUT_COLUMNS = ("player_count", "deal", "game", "player", "rank", "win_share")
"""Columns of the per-seat frame :func:`fit_ladder` reads (one row per seat per game)."""

LADDER_SCHEMA = {
    "player_count": pl.Int8,  # null: pooled over every player count
    "player": pl.String,
    "rating": pl.Float64,
    "lo": pl.Float64,
    "hi": pl.Float64,
    "games": pl.Int64,
    "comparisons": pl.Float64,
    "win_share": pl.Float64,
    "ws_lo": pl.Float64,
    "ws_hi": pl.Float64,
    "expected_vs_anchor": pl.Float64,
    "ev_lo": pl.Float64,
    "ev_hi": pl.Float64,
    "anchor": pl.String,
    "deals": pl.Int64,
}


@dataclass
class Ladder:
    """The ladder table and where it came from."""

    table: pl.DataFrame
    info: RunInfo | None
    anchor: str
    bootstrap: int
    seed: int
    source: Path | None = None


def choose_anchor(players: Sequence[str], anchor: str | None = None) -> str:
    """The anchor player: ``anchor`` if given (ValueError if it never played), else
    ``baseline_v1``, else ``default``, else the first player."""
    if not players:
        raise ValueError("no players to rate")
    if anchor is not None:
        if anchor not in players:
            raise ValueError(f"unknown anchor {anchor!r}; the players are {', '.join(players)}")
        return anchor
    for name in DEFAULT_ANCHORS:
        if name in players:
            return name
    return players[0]


def pair_outcomes(seats: pl.DataFrame) -> pl.DataFrame:
    """Every pair of seats of a game as one comparison: ``player``, ``opponent`` and ``score``
    (1 win, 0.5 tie, 0 loss for ``player``), with ``player_count`` and ``deal``.

    Each unordered pair appears once (lower seat first); pairs of seats held by the same
    player are dropped, as they say nothing about how players compare.
    """
    s = seats.select("player_count", "deal", "game", "player", "rank").with_row_index("_row")
    pairs = s.join(s, on="game", suffix="_o").filter(
        (pl.col("_row") < pl.col("_row_o")) & (pl.col("player") != pl.col("player_o"))
    )
    return pairs.select(
        "player_count",
        "deal",
        "player",
        pl.col("player_o").alias("opponent"),
        pl.when(pl.col("rank") < pl.col("rank_o"))
        .then(1.0)
        .when(pl.col("rank") == pl.col("rank_o"))
        .then(0.5)
        .otherwise(0.0)
        .alias("score"),
    )


def _deal_matrices(pairs: pl.DataFrame, players: list[str], deals: list[int]) -> np.ndarray:
    """W[d, i, j]: wins (ties as halves) of player i over player j in deal d."""
    index = {p: k for k, p in enumerate(players)}
    deal_index = {d: k for k, d in enumerate(deals)}
    n = len(players)
    w = np.zeros((len(deals), n, n))
    g = pairs.group_by("deal", "player", "opponent", maintain_order=True).agg(
        pl.col("score").sum().alias("won"), (1.0 - pl.col("score")).sum().alias("lost")
    )
    d = np.array([deal_index[x] for x in g["deal"].to_list()], dtype=np.int64)
    i = np.array([index[x] for x in g["player"].to_list()], dtype=np.int64)
    j = np.array([index[x] for x in g["opponent"].to_list()], dtype=np.int64)
    np.add.at(w, (d, i, j), g["won"].to_numpy())
    np.add.at(w, (d, j, i), g["lost"].to_numpy())
    return w


def fit_bradley_terry(wins: np.ndarray, prior: float = DEFAULT_PRIOR) -> np.ndarray:
    """Natural-log Bradley–Terry strengths (mean zero) from a win matrix ``wins[i, j]``.

    ``prior`` virtual comparisons per pair, split as a tie, keep every strength finite (see
    the module docstring).
    """
    n = wins.shape[0]
    if n == 1:
        return np.zeros(1)
    virtual = np.full((n, n), prior / 2.0)
    np.fill_diagonal(virtual, 0.0)
    comp = wins + virtual
    if prior <= 0 and not _strongly_connected(comp):
        raise ValueError(
            "the comparisons do not connect every player both ways (someone never lost or "
            "never won): ratings need prior > 0"
        )
    params = choix.ilsr_pairwise_dense(comp, alpha=0.0, max_iter=10_000, tol=1e-10)
    return params - params.mean()


def _strongly_connected(comp: np.ndarray) -> bool:
    # Maximum likelihood exists only if every player beat, and was beaten by, a path of others
    reach = (comp > 0).astype(np.int64) + np.eye(comp.shape[0], dtype=np.int64)
    for _ in range(comp.shape[0]):
        reach = np.minimum(reach @ reach, 1)
    return bool(reach.all())


def _win_share_interval(rows: pl.DataFrame, confidence: float = 0.95) -> tuple[float, float, float]:
    """Mean win share of a player's rows (``deal``, ``win_share``) with a cluster-robust
    (over deals) t interval, widened to at least the Wilson interval: a player that always
    wins has zero spread but is not known to win always."""
    y = rows["win_share"].cast(pl.Float64).to_numpy()
    n = y.size
    mean = float(y.mean())
    lo_w, hi_w = wilson_interval(min(float(y.sum()), n), n, confidence)
    # numpy, not a polars group_by: its summation order varies between calls, and the same
    # seed must give the same table to the last bit
    _, deal = np.unique(rows["deal"].to_numpy(), return_inverse=True)
    per_deal = np.bincount(deal, weights=y - mean)
    g = per_deal.size
    if g < 2:
        return mean, lo_w, hi_w
    se = math.sqrt(g / (g - 1) * float((per_deal**2).sum())) / n
    half = t_quantile(g - 1, confidence) * se
    return mean, max(0.0, min(mean - half, lo_w)), min(1.0, max(mean + half, hi_w))


def _expected(rating: float) -> float:
    # expected score of a head-to-head comparison against the anchor (rated 0)
    return 1.0 / (1.0 + 10.0 ** (-rating / 400.0))


@dataclass(frozen=True)
class RatingDraws:
    """One player count's ratings (Elo, the anchor at 0) with their bootstrap draws over deals
    (``draws[b, k]``: player ``k`` in resample ``b``) and the summed win matrix they came from."""

    players: list[str]
    rating: np.ndarray
    draws: np.ndarray
    wins: np.ndarray
    deals: list[int]

    def difference(self, a: str, b: str, confidence: float = 0.95) -> tuple[float, float, float]:
        """The rating of ``a`` less that of ``b`` with its bootstrap percentile interval."""
        i, j = self.players.index(a), self.players.index(b)
        diff = self.draws[:, i] - self.draws[:, j]
        tail = 100 * (1 - confidence) / 2
        lo, hi = np.percentile(diff, [tail, 100 - tail]) if diff.size else (np.nan, np.nan)
        return float(self.rating[i] - self.rating[j]), float(lo), float(hi)


def rating_draws(
    seats: pl.DataFrame,
    pairs: pl.DataFrame,
    player_count: int | None,
    order: list[str],
    anchor: str,
    bootstrap: int,
    seed: int,
    prior: float = DEFAULT_PRIOR,
) -> RatingDraws | None:
    """The ratings of one player count (``None``: pooled) and ``bootstrap`` resamples of them
    over deals (None when no two players were compared). A count whose line-ups left the
    anchor out is centred on the mean player instead."""
    compared = set(pairs["player"].to_list()) | set(pairs["opponent"].to_list())
    players = [p for p in order if p in compared]
    if not players:
        return None
    deals = sorted(set(seats["deal"].to_list()))
    w = _deal_matrices(pairs, players, deals)
    total = w.sum(axis=0)
    theta = fit_bradley_terry(total, prior)
    a = players.index(anchor) if anchor in players else None

    def anchored(t: np.ndarray) -> np.ndarray:
        return ELO * (t - (t[a] if a is not None else 0.0))

    # The generator depends on the seed and the player count only, so adding or dropping the
    # pooled table (or another count) leaves each count's intervals unchanged.
    rng = np.random.default_rng(np.random.SeedSequence([seed, player_count or 0]))
    draws = np.empty((bootstrap, len(players)))
    for b in range(bootstrap):
        counts = np.bincount(rng.integers(0, len(deals), len(deals)), minlength=len(deals))
        draws[b] = anchored(fit_bradley_terry(np.tensordot(counts, w, axes=1), prior))
    return RatingDraws(players, anchored(theta), draws, total, deals)


def _ladder_block(
    seats: pl.DataFrame,
    pairs: pl.DataFrame,
    player_count: int | None,
    order: list[str],
    anchor: str,
    bootstrap: int,
    seed: int,
    prior: float,
    confidence: float,
) -> pl.DataFrame:
    """The ladder rows of one player count (``None``: pooled)."""
    d = rating_draws(seats, pairs, player_count, order, anchor, bootstrap, seed, prior)
    if d is None:
        return pl.DataFrame(schema=LADDER_SCHEMA)
    players, rating, draws, total = d.players, d.rating, d.draws, d.wins
    deals = d.deals
    anchor_used = anchor if anchor in players else "mean"
    tail = 100 * (1 - confidence) / 2
    if bootstrap > 0:
        lo, hi = np.percentile(draws, [tail, 100 - tail], axis=0)
    else:
        lo = hi = np.full(len(players), np.nan)
    comparisons = total.sum(axis=1) + total.sum(axis=0)
    rows = []
    for k, p in enumerate(players):
        mine = seats.filter(pl.col("player") == p)
        ws, ws_lo, ws_hi = _win_share_interval(mine, confidence)
        rows.append(
            {
                "player_count": player_count,
                "player": p,
                "rating": float(rating[k]),
                "lo": float(lo[k]),
                "hi": float(hi[k]),
                "games": mine["game"].n_unique(),
                "comparisons": float(comparisons[k]),
                "win_share": ws,
                "ws_lo": ws_lo,
                "ws_hi": ws_hi,
                "expected_vs_anchor": _expected(float(rating[k])),
                "ev_lo": _expected(float(lo[k])),
                "ev_hi": _expected(float(hi[k])),
                "anchor": anchor_used,
                "deals": len(deals),
            }
        )
    return pl.DataFrame(rows, schema=LADDER_SCHEMA).sort(
        "rating", descending=True, maintain_order=True
    )


def fit_ladder(
    seats: pl.DataFrame,
    *,
    anchor: str | None = None,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    seed: int = 0,
    prior: float = DEFAULT_PRIOR,
    pooled: bool = True,
    confidence: float = 0.95,
    order: Sequence[str] | None = None,
) -> pl.DataFrame:
    """Ratings with intervals per player count (and pooled) from per-seat rows.

    ``seats`` has the :data:`INPUT_COLUMNS`: ``player_count``, ``deal`` (the game seed: games
    of one deal are resampled together), ``game`` (unique over the whole frame), ``player``,
    ``rank`` (1 = best; equal ranks are a tie) and ``win_share``. ``order`` lists the players
    (the first is the fallback anchor); by default, in order of first appearance.

    Returns one row per player and player count (``player_count`` null for the pooled rows,
    only when there is more than one count), sorted by rating within each count.
    """
    missing = [c for c in INPUT_COLUMNS if c not in seats.columns]
    if missing:
        raise ValueError(f"the seat table lacks {', '.join(missing)}")
    if bootstrap < 0:
        raise ValueError(f"bootstrap must be 0 or more, got {bootstrap}")
    if prior < 0:
        raise ValueError(f"prior must be 0 or more, got {prior}")
    if seats.height == 0:
        raise ValueError("the seat table is empty: no games to rate")
    seats = seats.select(INPUT_COLUMNS).with_columns(pl.col("player_count").cast(pl.Int8))
    names = (
        list(order) if order is not None else seats["player"].unique(maintain_order=True).to_list()
    )
    names = [p for p in dict.fromkeys(names) if p in set(seats["player"].to_list())]
    chosen = choose_anchor(names, anchor)
    pairs = pair_outcomes(seats)
    blocks = []
    counts = sorted(set(seats["player_count"].to_list()))
    for p in counts:
        blocks.append(
            _ladder_block(
                seats.filter(pl.col("player_count") == p),
                pairs.filter(pl.col("player_count") == p),
                p,
                names,
                chosen,
                bootstrap,
                seed,
                prior,
                confidence,
            )
        )
    if pooled and len(counts) > 1:
        # Pooled deals are game seeds across every count: the counts share their root seed,
        # so a seed's games at 2, 3 and 4 players are resampled together (conservative).
        blocks.append(
            _ladder_block(seats, pairs, None, names, chosen, bootstrap, seed, prior, confidence)
        )
    return pl.concat(blocks)


def tournament_seats(tournament: Any) -> pl.DataFrame:
    """The per-seat rows of a loaded tournament (:class:`vdgsim.runner.tournament.Tournament`)
    in the :data:`INPUT_COLUMNS` form: ``deal`` is the game seed (shared by the rotations of a
    line-up and, on common random numbers, by every line-up of a player count)."""
    try:
        return run_seats(tournament.runs)
    except ValueError:
        raise ValueError("the tournament has no runs with games yet") from None


def run_seats(runs: Sequence[Any]) -> pl.DataFrame:
    """The per-seat rows of loaded runs in the :data:`INPUT_COLUMNS` form (``deal``: the game
    seed); a run that saved no games yet is left out."""
    frames = []
    for k, run in enumerate(runs):
        if not run.manifest.get("chunks"):
            continue  # a run of an interrupted tournament that saved no games yet
        games = run.scan("games").select("game", pl.col("seed").cast(pl.Int64).alias("deal"))
        seats = run.scan("players").select("game", "strategy", "rank", "win_share")
        frames.append(
            seats.join(games, on="game")
            .select(
                pl.lit(run.manifest["run"]["players"], dtype=pl.Int8).alias("player_count"),
                "deal",
                # game numbers restart in every run: the run's index makes them unique
                (pl.lit(k, dtype=pl.Int64) * (1 << 40) + pl.col("game").cast(pl.Int64)).alias(
                    "game"
                ),
                pl.col("strategy").alias("player"),
                pl.col("rank").cast(pl.Int8),
                pl.col("win_share").cast(pl.Float64),
            )
            .collect()
        )
    if not frames:
        raise ValueError("no runs with games yet")
    return pl.concat(frames)


def ladder(
    path: str | Path,
    *,
    anchor: str | None = None,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    seed: int = 0,
    prior: float = DEFAULT_PRIOR,
    pooled: bool = True,
) -> Ladder:
    """The ladder of a tournament directory written by ``vdg tournament``.

    Raises :class:`vdgsim.runner.output.RunDirError` when ``path`` is not a tournament
    directory and ValueError for an unknown anchor.
    """
    from vdgsim.runner.tournament import load_tournament

    t = load_tournament(path)
    seats = tournament_seats(t)
    order = list(t.manifest.get("presets", []))
    order += [p for p in seats["player"].unique(maintain_order=True) if p not in order]
    table = fit_ladder(
        seats,
        anchor=anchor,
        bootstrap=bootstrap,
        seed=seed,
        prior=prior,
        pooled=pooled,
        order=order,
    )
    info = run_info(r.manifest for r in t.runs)
    return Ladder(table, info, choose_anchor(order, anchor), bootstrap, seed, Path(path))
