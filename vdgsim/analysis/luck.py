"""How much of the result the deal decides: luck against skill, across skill levels.

Built from a run's tables, never by replaying games (Goodman, Perez-Liebana & Lucas 2024,
"Seeding for Success"; Zook et al.'s measures as curves against skill). A *deal* is a game
seed: it fixes the shuffles and the set-up and, since a game is a pure function of (components,
players, seed, decisions), everything else the players do not choose. With seats rotated and
common random numbers the rotations of a deal (games with the same ``seed``) are that deal
with the players in different seats; so are games of other runs played on the same seeds.

**Deal share of the outcome** (:func:`deal_share`), for runs with identical players in every
seat (a *mirror*). The result ``y`` of a seat (its ``win_share``, or its ``vp``) in a game of
deal ``d`` is split as ``y = mu + a_s + b_ds + e`` where ``a_s`` is the seat's own edge
(turn order, dealt character), ``b_ds`` what deal ``d`` does to seat ``s`` (the deal's part:
for VP it includes how high the whole deal scores) and ``e`` what differs between games of
the same deal and seat (the players' own randomness, when they have any). The three variance
shares of a seat drawn at random, method-of-moments estimates of a one-way random-effects
model over deals within each seat (a pooled intraclass correlation over deals):

- ``deal`` = var(b) / total: how much of a seat's result the deal fixes once the seat is
  known. 1 means the deal and the seat decide the result completely; 0 that the deal says
  nothing about it (results as independent of the deal as coin flips).
- ``seat`` = var(a) / total (the seat's edge, squared, averaged over the seats).
- ``within`` = var(e) / total: the part games of one deal and seat disagree on.

What it says and what it does not: with identical players no one is better, so the deal and
the seat between them decide whatever the players' own randomness leaves. The toolkit's
players and rules draw every chance from the game's seeded generator, so two games of the same
deal with the same players in the same seats are the same game (``within`` is 0 and ``deal``
is 1 less the seat's share): the measure then says how much of a seat's result is the deal's
rather than the seat order's. It does not say how much a better player could overturn the
deal: that is :func:`skill_luck`. With one game per deal (seats not rotated) ``within``
cannot be told apart from ``deal`` and is counted 0.

**Skill against luck** (:func:`skill_luck`), for skill-axis runs: one level in line-up
position 0 against the anchor in every other seat, seats rotated, common random numbers, so
each deal is played P times with the level in each seat once. Per deal, the level's results
over its P rotations; per level and player count:

- ``win_share``: its mean win share (a shared win counts 1/k);
- ``all_rotations`` / ``no_rotation``: the share of complete deals (all P rotations played)
  that it wins in every rotation / in none (a shared win is neither); ``coin`` beside each is
  what independent games with the same chances would give: ``q1**P`` and ``q0**P``, with
  ``q1`` and ``q0`` the shares of its games won outright and lost;
- ``consistency``: (``all_rotations`` + ``no_rotation``) less the same sum for the coin. The
  excess is the part of the level's fate the deal decides whatever seat it sits in; a deficit
  means the deal decides which *seat* wins instead (the level wins where it sits well);
- ``deal_icc``: the intraclass correlation over deals of its win share (one-way ANOVA
  estimator; rotations are the replicates of a deal): 0 for a coin, 1 when the deal alone
  decides whether it wins, down to ``-1/(P-1)`` when the seat within the deal decides.

Read against the rating of the level (:class:`~vdgsim.analysis.skill.SkillAxis`), these give
the curve: does a stronger player turn more deals into wins whatever its seat (consistency
rising) or is it still the deal that picks the winner?

Intervals are percentile bootstrap intervals that resample whole deals (the unit of
sampling: rotations and runs on the same seed are not independent), with a generator the
caller passes, so a report reproduces them.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from vdgsim.analysis.common import focus_rows

RESULTS: tuple[tuple[str, str], ...] = (
    ("win_share", "win share"),
    ("vp", "VP"),
)
"""The results of a seat the deal share splits: (column of the players table, label)."""
PARTS = ("deal", "seat", "within")
SKILL_MEASURES: tuple[tuple[str, str], ...] = (
    ("win_share", "win share"),
    ("all_rotations", "deals won in every rotation"),
    ("no_rotation", "deals won in no rotation"),
    ("consistency", "excess of deals won in every or no rotation over a coin"),
    ("deal_icc", "intraclass correlation of its results over deals"),
)


def _generator(rng: np.random.Generator | None) -> np.random.Generator:
    # a fixed default keeps a call without a generator reproducible (never the global state)
    return rng if rng is not None else np.random.default_rng(0)


def _resample_weights(n: int, rng: np.random.Generator, reps: int) -> np.ndarray:
    """(reps, n) counts of each deal in a bootstrap resample of n deals drawn with
    replacement: a resample's statistics are then weighted sums over the deals."""
    return rng.multinomial(n, np.full(n, 1.0 / n), size=reps).astype(np.float64)


def _percentiles(est: np.ndarray, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    tail = (1.0 - confidence) / 2.0
    with warnings.catch_warnings():
        # a measure no resample can estimate (one deal: no spread over deals) has no
        # interval: NaN, which the tables show as n/a, not a warning on the terminal
        warnings.filterwarnings("ignore", "All-NaN slice encountered", RuntimeWarning)
        lo, hi = np.nanquantile(est, [tail, 1.0 - tail], axis=0)
    return lo, hi


# ---------------------------------------------------------------------------------------------
# deal share of the outcome (identical players)


def mirror_cells(rows: pl.DataFrame, column: str, unit: str = "seat") -> dict[str, np.ndarray]:
    """Per-deal sufficient statistics of ``column`` for :func:`variance_parts`.

    ``rows`` has one row per game and seat (``seed``, ``unit`` and ``column``; ``unit`` is
    the seat, or the turn position where the game draws its start player). Returns
    ``m`` (deals, seats) the cell means, ``m2`` their squares, ``r`` and ``r2`` the deal's mean
    over its seats and its square, ``ssw`` (deals,) the squared
    deviations of games from their cell's mean summed over the deal's cells, ``df`` (deals,)
    their degrees of freedom and ``invk`` (deals,) the sum over the deal's seats of one over
    its games. A deal must have all seats (every game does)."""
    cells = (
        rows.group_by("seed", unit)
        .agg(
            pl.col(column).cast(pl.Float64).mean().alias("m"),
            pl.len().alias("k"),
            ((pl.col(column).cast(pl.Float64) - pl.col(column).cast(pl.Float64).mean()) ** 2)
            .sum()
            .alias("ss"),
        )
        .sort("seed", unit)
    )
    seats = cells[unit].n_unique()
    deals = cells["seed"].n_unique()
    if cells.height != seats * deals:
        raise ValueError("every deal must have a result for every seat")
    m = cells["m"].to_numpy().reshape(deals, seats)
    k = cells["k"].to_numpy().reshape(deals, seats).astype(np.float64)
    ss = cells["ss"].to_numpy().reshape(deals, seats)
    r = m.mean(axis=1)
    return {
        "m": m,
        "m2": m * m,
        "r": r,
        "r2": r * r,
        "ssw": ss.sum(axis=1),
        "df": (k - 1.0).sum(axis=1),
        "invk": (1.0 / k).sum(axis=1),
    }


def variance_parts(cells: Mapping[str, np.ndarray], weights: np.ndarray) -> np.ndarray:
    """(rows of ``weights``, 3) shares of the variance of a seat's result that are the deal's,
    the seat's and within a deal and seat (:data:`PARTS`), from :func:`mirror_cells`.

    ``weights`` (reps, deals) counts each deal (ones for the estimate itself, bootstrap counts
    for a resample). Method of moments: the within variance ``N`` is the pooled variance of a
    cell's games (0 with one game a cell); the deal's ``D`` is the variance of cell means about
    their seat's mean less what ``N`` adds to it; the seat's ``S`` is the variance of the seat
    means (over the seats, ddof 0: the seats are all there is, not a sample) less what the
    finite number of deals adds to it (both clipped at 0). Shares of ``S + D + N``."""
    w = np.atleast_2d(weights)
    m, m2 = cells["m"], cells["m2"]
    n = w.sum(axis=1)
    seats = m.shape[1]
    seat_mean = (w @ m) / n[:, None]
    # variance of a cell's mean about its seat's mean, per cell (ddof 1 over deals)
    spread = ((w @ m2) - n[:, None] * seat_mean**2).sum(axis=1) / (seats * (n - 1.0))
    df = w @ cells["df"]
    within = np.divide(w @ cells["ssw"], df, out=np.zeros_like(df), where=df > 0)
    inv_games = (w @ cells["invk"]) / (seats * n)  # mean of 1/k over cells
    deal = np.clip(spread - within * inv_games, 0.0, None)
    seat_var = ((seat_mean - seat_mean.mean(axis=1, keepdims=True)) ** 2).sum(axis=1) / seats
    # the seat means over n deals carry noise: it adds (spread - var of a deal's mean) / n to
    # their variance (the seats of a deal are correlated: a win share sums to 1 over them, so
    # its deal mean never varies; a high-scoring deal lifts every seat's VP)
    deal_mean_var = ((w @ cells["r2"]) - n * ((w @ cells["r"]) / n) ** 2) / (n - 1.0)
    seat = np.clip(seat_var - (spread - deal_mean_var) / n, 0.0, None)
    total = deal + seat + within
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.stack([deal, seat, within], axis=1) / total[:, None]


def mirror_rows(runs: Mapping[str, Any]) -> pl.DataFrame:
    """Player rows of mirror runs with ``players`` (count), ``seed``, ``run`` and
    ``position``: the seat's turn position counted from the game's start player where the
    games table has one (Goa draws it at set-up, so there a seat number carries no turn
    order), else the seat. Raises when a player count mixes players (the deal share is
    defined for identical players only)."""
    frames = []
    for name, run in runs.items():
        p = int(run.manifest["run"]["players"])
        games = run.games.select(
            "game", "seed", *(["start_player"] if "start_player" in run.games.columns else [])
        )
        rows = run.players.drop("players", "start_player", strict=False).join(games, on="game")
        if "start_player" in rows.columns:
            position = (pl.col("seat").cast(pl.Int16) - pl.col("start_player").cast(pl.Int16)) % p
            unit = "turn position"
        else:
            position, unit = pl.col("seat").cast(pl.Int16), "seat"
        frames.append(
            rows.with_columns(
                position.cast(pl.Int16).alias("position"),
                pl.lit(unit).alias("unit"),
                pl.lit(p, dtype=pl.Int8).alias("players"),
                pl.lit(name).alias("run"),
            )
        )
    rows = pl.concat(frames, how="diagonal_relaxed")
    mixed = (
        rows.group_by("players")
        .agg(pl.col("strategy").unique().sort())
        .filter(pl.col("strategy").list.len() > 1)
    )
    if mixed.height:
        r = mixed.row(0, named=True)
        raise ValueError(
            f"the deal share needs identical players in every seat; {r['players']} players "
            f"mixes {', '.join(r['strategy'])}"
        )
    return rows


def unit_of(part_name: str, rows: pl.DataFrame) -> str:
    """What a part is called: the seat's part is the turn order's where seats are counted
    from the start player."""
    if part_name == "seat" and rows["unit"][0] != "seat":
        return "turn order"
    return part_name


def deal_share(
    runs: Mapping[str, Any],
    rng: np.random.Generator | None = None,
    reps: int = 1000,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """The deal share of a seat's result, per player count, from mirror runs (identical players
    in every seat; seats rotated or not; runs on the same seeds add games of the same deals).

    One row per (``players``, ``measure`` of :data:`RESULTS`, ``part`` of :data:`PARTS`):
    ``player`` (who plays every seat), ``unit`` (``seat``, or ``turn position`` for a game
    that draws its start player: the ``seat`` part is then the turn order's), ``label``,
    ``value`` (a share of the variance, 0..1), ``low``, ``high`` (bootstrap over deals),
    ``n_deals`` and ``games``. The headline is the ``deal`` part of ``win_share``.
    See the module's docstring for the definitions."""
    rng = _generator(rng)
    rows = mirror_rows(runs)
    out = []
    for (count,), part in rows.sort("players").group_by("players", maintain_order=True):
        n_deals = int(part["seed"].n_unique())
        games = int(part.select("run", "game").n_unique())
        weights = _resample_weights(n_deals, rng, reps) if n_deals > 1 else None
        for column, label in RESULTS:
            cells = mirror_cells(part, column, "position")
            value = variance_parts(cells, np.ones(n_deals))[0]
            if weights is None:
                lo = hi = np.full(len(PARTS), math.nan)
            else:
                lo, hi = _percentiles(variance_parts(cells, weights), confidence)
            for i, name in enumerate(PARTS):
                out.append(
                    {
                        "players": int(count),
                        "player": str(part["strategy"][0]),
                        "unit": str(part["unit"][0]),
                        "measure": column,
                        "part": name,
                        "label": f"share of a seat's {label} variance: the {unit_of(name, part)}'s",
                        "value": float(value[i]),
                        "low": float(lo[i]),
                        "high": float(hi[i]),
                        "n_deals": n_deals,
                        "games": games,
                    }
                )
    return pl.DataFrame(out)


def deal_share_by_level(
    levels: Mapping[str, Mapping[str, Any]],
    rng: np.random.Generator | None = None,
    reps: int = 1000,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """:func:`deal_share` of identical players at each level: ``levels`` maps a player to its
    runs with that player in every seat (as a seats experiment's ``<P>p`` runs and its
    ``other/<player>/<P>p`` runs), the rows of each tagged with it in ``player``."""
    rng = _generator(rng)
    frames = [deal_share(runs, rng, reps, confidence) for runs in levels.values() if runs]
    return pl.concat(frames) if frames else pl.DataFrame()


# ---------------------------------------------------------------------------------------------
# skill against luck (a level against the anchor, seats rotated)


def level_rows(run: Any) -> tuple[str, int, pl.DataFrame]:
    """(level, players, rows) of a skill-axis run: the level is line-up position 0, and
    ``rows`` holds its row of every game (``game``, ``seed``, ``win_share`` ...)."""
    spec = run.manifest["run"]
    p = int(spec["players"])
    if not spec.get("rotate"):
        raise ValueError("skill against luck needs seats rotated on shared deals (rotate)")
    return str(spec["lineup"][0]), p, focus_rows(run.players, run.games, p)


def deal_stats(rows: pl.DataFrame, players: int) -> dict[str, np.ndarray]:
    """Per-deal statistics of a level's win share over the rotations of each deal: games
    ``k``, sum ``s``, sum of squares ``ss``, and on complete deals (``complete``: all
    ``players`` rotations played) whether it won every rotation (``all``) or none
    (``none``) and how many it won outright (``won``) and lost (``lost``)."""
    w = pl.col("win_share").cast(pl.Float64)
    d = (
        rows.group_by("seed")
        .agg(
            pl.len().alias("k"),
            w.sum().alias("s"),
            (w * w).sum().alias("ss"),
            (w == 1.0).sum().alias("won"),
            (w == 0.0).sum().alias("lost"),
        )
        .sort("seed")
        .with_columns((pl.col("k") == players).cast(pl.Float64).alias("complete"))
    )
    c = d["complete"].to_numpy()
    k = d["k"].to_numpy().astype(np.float64)
    # the manifest does not record common random numbers; the seeds show them
    if players > 1 and d.height and k.max() < 2:
        raise ValueError(
            "skill against luck needs the rotations of a deal played on its seed "
            "(common random numbers): every game here has a seed of its own"
        )
    won, lost = (d[x].to_numpy().astype(np.float64) * c for x in ("won", "lost"))
    return {
        "k": k,
        "s": d["s"].to_numpy(),
        "ss": d["ss"].to_numpy(),
        "complete": c,
        "all": (won == k) * c,
        "none": (lost == k) * c,
        "won": won,
        "lost": lost,
    }


def skill_measures(st: Mapping[str, np.ndarray], weights: np.ndarray, players: int) -> np.ndarray:
    """(rows of ``weights``, 7): win share, all_rotations, its coin, no_rotation, its coin,
    consistency and deal_icc, from :func:`deal_stats` with each deal counted by ``weights``."""
    w = np.atleast_2d(weights)
    n = w.sum(axis=1)
    k, s, ss = st["k"], st["s"], st["ss"]
    big_k = w @ k
    mean = (w @ s) / big_k
    # one-way ANOVA over deals with the rotations as replicates (unequal k allowed)
    ssb = w @ (s * s / k) - big_k * mean**2
    ssw = w @ (ss - s * s / k)
    # a resample of one deal (n = 1), or of deals played once each, has no mean square: NaN
    with np.errstate(invalid="ignore", divide="ignore"):
        msb = ssb / (n - 1.0)
        msw = ssw / (big_k - n)
        k0 = (big_k - (w @ (k * k)) / big_k) / (n - 1.0)
        icc = (msb - msw) / (msb + (k0 - 1.0) * msw)
        complete = w @ st["complete"]
        all_ = (w @ st["all"]) / complete
        none = (w @ st["none"]) / complete
        q1 = (w @ st["won"]) / (players * complete)
        q0 = (w @ st["lost"]) / (players * complete)
    coin_all, coin_none = q1**players, q0**players
    consistency = all_ + none - coin_all - coin_none
    return np.stack([mean, all_, coin_all, none, coin_none, consistency, icc], axis=1)


def skill_luck(
    runs: Mapping[str, Any],
    axis: Any | None = None,
    rng: np.random.Generator | None = None,
    reps: int = 1000,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Skill against luck per level and player count, from skill-axis runs (the level in
    line-up position 0, the anchor elsewhere, seats rotated, common random numbers).

    One row per (``players``, ``player``, ``measure`` of :data:`SKILL_MEASURES`): ``label``,
    ``value``, ``low``, ``high`` (bootstrap over deals), ``coin`` (what independent games with
    the same chances give: 0 for consistency and deal_icc, ``q1**P`` / ``q0**P`` for the
    deals won in every / no rotation, null for the win share), ``rating``, ``rating_low``,
    ``rating_high`` (Elo over the anchor from ``axis``, a
    :class:`~vdgsim.analysis.skill.SkillAxis`; null without it), ``n_deals`` (complete deals,
    those all-or-none is counted on; the other measures use every deal) and ``games``. Runs
    of the same level and player count are pooled."""
    rng = _generator(rng)
    groups: dict[tuple[int, str], list[pl.DataFrame]] = {}
    for run in runs.values():
        level, p, rows = level_rows(run)
        groups.setdefault((p, level), []).append(rows.select("seed", "win_share"))
    out = []
    for (p, level), frames in sorted(groups.items(), key=lambda kv: kv[0][0]):
        rows = pl.concat(frames)
        st = deal_stats(rows, p)
        n = len(st["k"])
        est = skill_measures(st, np.ones(n), p)[0]
        if n > 1:
            lo, hi = _percentiles(
                skill_measures(st, _resample_weights(n, rng, reps), p), confidence
            )
        else:
            lo = hi = np.full(est.shape, math.nan)
        r = axis.rating(level, p) if axis is not None else None
        rating = {
            "rating": r.rating if r else None,
            "rating_low": r.low if r else None,
            "rating_high": r.high if r else None,
        }
        # columns of skill_measures: 0 win, 1 all, 2 all coin, 3 none, 4 none coin, 5, 6
        layout = {
            "win_share": (0, None),
            "all_rotations": (1, 2),
            "no_rotation": (3, 4),
            "consistency": (5, -1),
            "deal_icc": (6, -1),
        }
        for measure, label in SKILL_MEASURES:
            i, c = layout[measure]
            coin = None if c is None else 0.0 if c < 0 else float(est[c])
            out.append(
                {
                    "players": p,
                    "player": level,
                    **rating,
                    "measure": measure,
                    "label": label,
                    "value": float(est[i]),
                    "low": float(lo[i]),
                    "high": float(hi[i]),
                    "coin": coin,
                    "n_deals": int(st["complete"].sum()),
                    "games": rows.height,
                }
            )
    schema = {"rating": pl.Float64, "rating_low": pl.Float64, "rating_high": pl.Float64}
    return pl.DataFrame(out, schema_overrides=schema).sort(
        "players", pl.col("rating").fill_null(0.0), "player", maintain_order=True
    )


# ---------------------------------------------------------------------------------------------
# findings text


def decimals_for(width: float, value: float = 0.0) -> int:
    """Decimals that show an interval of this width to two significant digits (0..4); for no
    interval (a width of 0 up to rounding, or none), two significant digits of ``value``."""
    if not math.isfinite(width) or width <= 1e-9:
        width = abs(value) if math.isfinite(value) and value != 0 else 1.0
    return int(min(4, max(0, 1 - math.floor(math.log10(width)))))


def interval_text(
    value: float, low: float, high: float, scale: float = 100.0, unit: str = "%"
) -> str:
    """``99.1% [98.7, 99.4]``: the value and its interval scaled, rounded so that the width
    has two significant digits (one decimal when there is no interval)."""
    d = decimals_for((high - low) * scale, value * scale)
    v = f"{value * scale:.{d}f}{unit}"
    if not (math.isfinite(low) and math.isfinite(high)):
        return v
    return f"{v} [{low * scale:.{d}f}, {high * scale:.{d}f}]"


def deal_share_sentences(table: pl.DataFrame) -> list[str]:
    """One sentence per player count from a :func:`deal_share` table: the seat order's share
    of a seat's win-share variance with its 95% interval and, when games of one deal and seat
    differ, the deal's and theirs. When they never differ (the toolkit's players draw every
    chance from the deal, so identical players play such games alike) the deal's share is one
    less the seat's by construction, and only the seat's is stated."""
    out = []
    for (count,), part in table.sort("players").group_by("players", maintain_order=True):

        def row(measure: str, name: str, t: pl.DataFrame = part) -> dict[str, Any]:
            return t.filter((pl.col("measure") == measure) & (pl.col("part") == name)).row(
                0, named=True
            )

        deal, seat, vp = row("win_share", "deal"), row("win_share", "seat"), row("vp", "deal")
        within = row("win_share", "within")
        order = "the seat" if deal["unit"] == "seat" else "the turn order"
        if within["value"] <= 0:
            out.append(
                f"With {count} players and {deal['player']} in every seat, {order} explains "
                f"{interval_text(seat['value'], seat['low'], seat['high'])} of the variance of "
                f"a seat's win share ({deal['n_deals']:,} deals); the rest is the deal's, as "
                "identical players play every game of one deal and seat alike."
            )
            continue
        text = (
            f"With {count} players and {deal['player']} in every seat, the deal decides "
            f"{interval_text(deal['value'], deal['low'], deal['high'])} of the variance of a "
            f"seat's win share and {'the seat' if deal['unit'] == 'seat' else 'the turn order'} "
            f"{interval_text(seat['value'], seat['low'], seat['high'])}"
        )
        if within["value"] > 0:
            text += (
                f", games of the same deal and seat "
                f"{interval_text(within['value'], within['low'], within['high'])}"
            )
        text += (
            f" (of its VP, the deal {interval_text(vp['value'], vp['low'], vp['high'])}; "
            f"{deal['n_deals']:,} deals)."
        )
        out.append(text)
    return out


def skill_luck_sentences(table: pl.DataFrame, measure: str = "consistency") -> list[str]:
    """One sentence per player count from a :func:`skill_luck` table: each level's
    ``measure`` (default the excess consistency over a coin, in points of the share of deals)
    with its 95% interval, weakest level first."""
    out = []
    for (count,), part in table.filter(pl.col("measure") == measure).group_by(
        "players", maintain_order=True
    ):
        bits = []
        for r in part.iter_rows(named=True):
            who = r["player"]
            if r["rating"] is not None:
                who += f" ({r['rating']:+.0f} Elo)"
            if measure == "deal_icc":
                bits.append(f"{interval_text(r['value'], r['low'], r['high'], 1.0, '')} for {who}")
            else:
                bits.append(
                    f"{interval_text(r['value'], r['low'], r['high'], 100.0, ' pp')} for {who}"
                )
        what = (
            "the intraclass correlation over deals of a level's win share"
            if measure == "deal_icc"
            else "the share of deals a level wins in every rotation or in none, less what a coin "
            "with its win share gives,"
        )
        out.append(f"With {count} players, {what} is " + "; ".join(bits) + ".")
    return out


def curve(
    table: pl.DataFrame, measure: str = "consistency", players: Sequence[int] | None = None
) -> pl.DataFrame:
    """The rows of one ``measure`` of a :func:`skill_luck` table as a curve against rating
    (``players``, ``player``, ``rating``, ``value``, ``low``, ``high``, ``coin``), strongest
    last; ``players`` keeps those counts."""
    t = table.filter(pl.col("measure") == measure)
    if players is not None:
        t = t.filter(pl.col("players").is_in(list(players)))
    return t.select(
        "players", "player", "rating", "rating_low", "rating_high", "value", "low", "high", "coin"
    ).sort("players", pl.col("rating").fill_null(0.0), maintain_order=True)
