"""Designer measures: how close games end, how the lead moves, how early they are decided.

Modelled on Ludii's balance metrics and TAG's game reports. Everything is computed from a
run's tables, never by replaying games: the ``players`` table (``vp``, ``rank``,
``win_share`` and the VP at the end of each round, ``vp_r1`` ... ``vp_r5``, which exclude the
end-game scoring of R8.3) and the ``games`` table (``seed``, ``players``, ``decisions``,
``winners``, and ``options`` and ``forced_decisions``, the legal actions summed over the
decisions and the decisions that had only one). Several runs are stacked with
:func:`stack_runs`, which adds a ``run`` column; a game is then known by (``run``, ``game``).

Leaders and ties. The leaders after round k are the players with the most VP after it (before
the end-game scoring; after round 5 the last Dias bonus, R8.1, is included). When m players
share the lead, each is the leader with weight 1/m, as if the tie were broken by a fair draw;
the final result weights each player by ``win_share`` (a shared win is 1/k each). "The leader
after round k wins" is then the win share of that weighted leader, ``sum(win_share) / m`` over
the leaders, comparable with the 1/P of a player picked at random. "The lead changes" from one
round to the next is the least chance that the two weighted leaders differ (the total
variation distance of the two weightings): 1 for a new sole leader, 0 when the leaders stay
the same (a tie that persists is no change), ``1 - shared / max(m, m')`` in general.

Intervals are percentile bootstrap intervals that resample whole deals (games with the same
seed: the rotations of a deal and, in a tournament, every line-up of a player count), so
correlated games are not counted as independent (:func:`vdgsim.core.stats.cluster_bootstrap_means`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core.stats import cluster_bootstrap_means, wilson_interval
from vdgsim.games.vasco.vocabulary import N_ROUNDS, VP_ROUND_COLUMNS

CLOSE_MARGIN = 2  # a game is "close" when the winner is at most this many VP ahead
ROUNDS = tuple(range(1, N_ROUNDS + 1))
FINAL_STAGE = N_ROUNDS + 1  # stage after the end-game scoring, in trajectories

# (column of per_game, label, unit): "share" of games, "VP", or a plain "count"
MEASURES: tuple[tuple[str, str, str], ...] = (
    ("margin", "winner's margin over the runner-up", "VP"),
    ("close", f"games decided by {CLOSE_MARGIN} VP or less", "share"),
    ("vp_tie", "games tied on VP at the top", "share"),
    ("shared_win", "games with a shared win (tied after the R8.4 tie-breaks)", "share"),
    ("winning_vp", "winning score", "VP"),
    ("lead_changes", "lead changes per game (round 1 to the final result)", "count"),
    *(
        (
            f"lead_change_r{r}",
            f"leader after round {r} is not the leader after round {r - 1}",
            "share",
        )
        for r in ROUNDS[1:]
    ),
    ("lead_change_final", "winner is not the leader after round 5", "share"),
    *((f"leader_wins_r{r}", f"the leader after round {r} wins", "share") for r in ROUNDS),
    *((f"lead_r{r}", f"leader's lead over the second after round {r}", "VP") for r in ROUNDS),
    ("decisions", "decisions per game", "count"),
    ("decisions_per_player", "decisions per player per game", "count"),
    ("branching", "legal actions per decision (branching factor)", "count"),
    ("forced", "decisions with a single legal action", "share"),
)


def stack_runs(runs: Mapping[str, Any]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(games, players) of several runs, each row tagged with its run's name in ``run``."""
    games = [r.games.with_columns(pl.lit(name).alias("run")) for name, r in runs.items()]
    players = [
        r.players.drop("players", "lineup", strict=False).with_columns(pl.lit(name).alias("run"))
        for name, r in runs.items()
    ]
    return pl.concat(games, how="diagonal_relaxed"), pl.concat(players, how="diagonal_relaxed")


def _keys(df: pl.DataFrame) -> list[str]:
    return ["run", "game"] if "run" in df.columns else ["game"]


def per_game(players: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """One row per game: player count, seed, margins, leaders' fates and decisions.

    Columns: the game key, ``players``, ``seed``, ``winning_vp``, ``margin`` (winner's VP
    minus the runner-up's, 0 when tied on VP), ``close``, ``vp_tie``, ``shared_win`` (0/1),
    ``lead_r<k>`` (leader's VP lead after round k), ``leader_wins_r<k>``,
    ``lead_change_r<k>`` (from round k-1 to round k, k = 2..5), ``lead_change_final`` (from
    round 5 to the final result), ``lead_changes`` (their sum),
    ``decisions``, ``decisions_per_player``, ``branching`` (the game's legal actions per
    decision) and ``forced`` (its share of decisions with one legal action).
    """
    keys = _keys(games)
    g = games.select(
        *keys, "seed", "players", "decisions", "winners", "options", "forced_decisions"
    )
    p = players.select(*keys, "vp", "win_share", *VP_ROUND_COLUMNS).with_columns(
        (pl.col(c) == pl.col(c).max().over(keys)).alias(f"_lead{r}")
        for r, c in zip(ROUNDS, VP_ROUND_COLUMNS, strict=True)
    )
    last = f"_lead{N_ROUNDS}"
    p = p.with_columns(
        (pl.col(last).cast(pl.Float64) / pl.col(last).sum().over(keys)).alias("_last_weight")
    )
    aggs: list[pl.Expr] = [
        pl.col("vp").max().alias("winning_vp"),
        pl.col("vp").sort(descending=True).get(1).alias("_second"),
        pl.min_horizontal("_last_weight", "win_share").sum().alias("_final_overlap"),
    ]
    for r, c in zip(ROUNDS, VP_ROUND_COLUMNS, strict=True):
        aggs += [
            (pl.col(c).max() - pl.col(c).sort(descending=True).get(1)).alias(f"lead_r{r}"),
            pl.col(f"_lead{r}").sum().cast(pl.Float64).alias(f"_m{r}"),
            (pl.col(f"_lead{r}").cast(pl.Float64) * pl.col("win_share")).sum().alias(f"_w{r}"),
        ]
    for r in ROUNDS[1:]:
        both = (pl.col(f"_lead{r - 1}") & pl.col(f"_lead{r}")).sum().cast(pl.Float64)
        aggs.append(both.alias(f"_both{r}"))
    t = p.group_by(keys).agg(aggs).join(g, on=keys)
    changes = [
        (1 - pl.col(f"_both{r}") / pl.max_horizontal(f"_m{r - 1}", f"_m{r}")).alias(
            f"lead_change_r{r}"
        )
        for r in ROUNDS[1:]
    ]
    t = t.with_columns(
        (pl.col("winning_vp") - pl.col("_second")).alias("margin"),
        *((pl.col(f"_w{r}") / pl.col(f"_m{r}")).alias(f"leader_wins_r{r}") for r in ROUNDS),
        *changes,
        (pl.col("decisions") / pl.col("players").cast(pl.Float64)).alias("decisions_per_player"),
        (pl.col("options") / pl.col("decisions").cast(pl.Float64)).alias("branching"),
        (pl.col("forced_decisions") / pl.col("decisions").cast(pl.Float64)).alias("forced"),
        (pl.col("winners") > 1).cast(pl.Float64).alias("shared_win"),
    ).with_columns(
        (pl.col("margin") <= CLOSE_MARGIN).cast(pl.Float64).alias("close"),
        (pl.col("margin") == 0).cast(pl.Float64).alias("vp_tie"),
        (1 - pl.col("_final_overlap")).alias("lead_change_final"),
    )
    t = t.with_columns(
        pl.sum_horizontal(*(f"lead_change_r{r}" for r in ROUNDS[1:]), "lead_change_final").alias(
            "lead_changes"
        )
    )
    return t.select(
        *keys,
        "players",
        "seed",
        "winning_vp",
        "margin",
        "close",
        "vp_tie",
        "shared_win",
        *(f"lead_r{r}" for r in ROUNDS),
        *(f"leader_wins_r{r}" for r in ROUNDS),
        *(f"lead_change_r{r}" for r in ROUNDS[1:]),
        "lead_change_final",
        "lead_changes",
        "decisions",
        "decisions_per_player",
        "branching",
        "forced",
    ).sort(keys)


LEVEL_MEASURES: tuple[tuple[str, str, str], ...] = (
    ("margin", "winner's margin over the runner-up", "VP"),
    ("close", f"games decided by {CLOSE_MARGIN} VP or less", "share"),
    ("shared_win", "games with a shared win (tied after the tie-breaks)", "share"),
    ("winning_vp", "winning score", "VP"),
    ("decisions_per_player", "decisions per player and game", "count"),
)
"""The measures every game's runs give (no per-round scores needed)."""
LEAD_MEASURES: tuple[tuple[str, str, str], ...] = (
    ("lead_changes", "lead changes per game (round 1 to the final result)", "count"),
    ("lead_change_final", "winner is not the leader after round 5", "share"),
)
"""The measures of the lead, from per-round scores (Vasco da Gama's ``vp_r<k>``)."""


def basic_per_game(players: pl.DataFrame, games: pl.DataFrame) -> pl.DataFrame:
    """The :data:`LEVEL_MEASURES` of each game from any game's tables: ``players`` (``vp``)
    and ``games`` (``seed``, ``players``, ``decisions``, ``winners``)."""
    keys = _keys(games)
    g = games.select(*keys, "seed", "players", "decisions", "winners")
    t = (
        players.group_by(keys)
        .agg(
            pl.col("vp").max().alias("winning_vp"),
            pl.col("vp").sort(descending=True).get(1).alias("_second"),
        )
        .join(g, on=keys)
    )
    return t.with_columns(
        (pl.col("winning_vp") - pl.col("_second")).alias("margin"),
        (pl.col("winners") > 1).cast(pl.Float64).alias("shared_win"),
        (pl.col("decisions") / pl.col("players").cast(pl.Float64)).alias("decisions_per_player"),
    ).with_columns((pl.col("margin") <= CLOSE_MARGIN).cast(pl.Float64).alias("close"))


def level_measures(
    runs: Mapping[str, Mapping[str, Any]], rng: np.random.Generator, reps: int = 1000
) -> pl.DataFrame:
    """Designer measures of identical players at each level: ``runs`` maps a player to its
    runs with that player in every seat. One row per (``player``, ``players``, ``measure``)
    as :func:`measure_summary` gives them; the lead measures too when the runs record
    per-round scores."""
    frames = []
    for player, rs in runs.items():
        games, players = stack_runs(rs)
        if set(VP_ROUND_COLUMNS) <= set(players.columns) and "options" in games.columns:
            table, which = per_game(players, games), LEVEL_MEASURES + LEAD_MEASURES
        else:
            table, which = basic_per_game(players, games), LEVEL_MEASURES
        frames.append(
            measure_summary(table, rng, reps, measures=which).with_columns(
                pl.lit(player).alias("player")
            )
        )
    return pl.concat(frames).select("player", pl.exclude("player"))


def measure_summary(
    games: pl.DataFrame,
    rng: np.random.Generator,
    reps: int = 1000,
    confidence: float = 0.95,
    measures: Sequence[tuple[str, str, str]] = MEASURES,
) -> pl.DataFrame:
    """Every measure of ``measures`` (default :data:`MEASURES`) per player count, from a
    :func:`per_game` table.

    One row per (``players``, ``measure``): ``label``, ``unit``, ``value`` (the mean over
    games; a share for 0/1 columns), ``low`` and ``high`` (bootstrap over deals; for a share
    that every resample gives alike, e.g. no shared win at all, the Wilson interval with each
    deal counted once), ``games`` and ``deals``.
    """
    cols = [m[0] for m in measures]
    rows = []
    for (count,), part in games.sort("players").group_by("players", maintain_order=True):
        values = part.select(pl.col(cols).cast(pl.Float64)).to_numpy()
        seeds = part["seed"].to_numpy()
        means, lows, highs = cluster_bootstrap_means(values, seeds, rng, reps, confidence)
        deals = int(part["seed"].n_unique())
        for i, (col, label, unit) in enumerate(measures):
            low, high = float(lows[i]), float(highs[i])
            if unit == "share" and low == high:
                # every resample saw the same share (no close game, say): no interval from
                # the bootstrap, so count each deal once in a Wilson interval instead
                low, high = wilson_interval(float(means[i]) * deals, deals, confidence)
            rows.append(
                {
                    "players": int(count),
                    "measure": col,
                    "label": label,
                    "unit": unit,
                    "value": float(means[i]),
                    "low": low,
                    "high": high,
                    "games": part.height,
                    "deals": deals,
                }
            )
    return pl.DataFrame(rows)


def margin_distribution(games: pl.DataFrame) -> pl.DataFrame:
    """Per player count and winning margin (VP): games, share and cumulative share."""
    return (
        games.group_by("players", "margin")
        .agg(pl.len().alias("games"))
        .sort("players", "margin")
        .with_columns((pl.col("games") / pl.col("games").sum().over("players")).alias("share"))
        .with_columns(pl.col("share").cum_sum().over("players").alias("cum_share"))
    )


def trajectories(
    players: pl.DataFrame,
    games: pl.DataFrame,
    rng: np.random.Generator,
    by: Iterable[str] = ("players",),
    reps: int = 1000,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Mean VP per player after each round (stages 1-5) and after the end-game scoring
    (stage 6, the final score), per group of ``by`` (columns of the players table or
    ``players``), with bootstrap intervals over deals.

    Rows: the ``by`` columns, ``stage``, ``stage_name`` ("round 1" ... "final"), ``mean_vp``,
    ``low``, ``high``, ``n`` (player rows).
    """
    keys = _keys(games)
    group = list(by)
    stages = [*VP_ROUND_COLUMNS, "vp"]
    p = players.drop("players", strict=False).join(games.select(*keys, "seed", "players"), on=keys)
    rows = []
    for key, part in p.sort(group).group_by(group, maintain_order=True):
        values = part.select(pl.col(stages).cast(pl.Float64)).to_numpy()
        means, lows, highs = cluster_bootstrap_means(
            values, part["seed"].to_numpy(), rng, reps, confidence
        )
        for i in range(len(stages)):
            stage = i + 1
            rows.append(
                {
                    **dict(zip(group, key, strict=True)),
                    "stage": stage,
                    "stage_name": "final" if stage == FINAL_STAGE else f"round {stage}",
                    "mean_vp": float(means[i]),
                    "low": float(lows[i]),
                    "high": float(highs[i]),
                    "n": part.height,
                }
            )
    return pl.DataFrame(rows)


def convergence(
    players: pl.DataFrame,
    games: pl.DataFrame,
    by: str = "strategy",
    points: int = 40,
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Running win share of each group of ``by`` against games played, per player count.

    Games of a player count are taken in the order they were played in (game number, then
    run), so the curve at n is what a run stopped after n games would have said; each point
    carries its Wilson interval over the player rows seen so far. ``points`` checkpoints,
    evenly spaced. Rows: ``players``, ``by``, ``games`` (played so far), ``rows``,
    ``win_share``, ``win_low``, ``win_high``, ``fair_share`` (1/players).
    """
    keys = _keys(games)
    order = games.select(*keys, "players").sort("players", "game", *keys[:-1])
    order = order.with_columns(pl.int_range(1, pl.len() + 1).over("players").alias("_played"))
    p = players.drop("players", strict=False).join(order, on=keys)
    rows = []
    for (count,), part in order.group_by("players", maintain_order=True):
        total = part.height
        marks = np.unique(np.linspace(1, total, min(points, total)).round().astype(np.int64))
        mine = p.filter(pl.col("players") == count)
        for (name,), s in mine.sort(by).group_by(by, maintain_order=True):
            s = s.sort("_played")
            played = s["_played"].to_numpy()
            wins = np.cumsum(s["win_share"].to_numpy())
            for m in marks:
                k = int(np.searchsorted(played, m, side="right"))
                if k == 0:
                    continue
                w = float(wins[k - 1])
                lo, hi = wilson_interval(min(w, k), k, confidence)
                rows.append(
                    {
                        "players": int(count),
                        by: name,
                        "games": int(m),
                        "rows": k,
                        "win_share": w / k,
                        "win_low": lo,
                        "win_high": hi,
                        "fair_share": 1.0 / int(count),
                    }
                )
    return pl.DataFrame(rows)


def describe_runs(manifests: Iterable[dict[str, Any]], players: int | None = None) -> str:
    """What a set of runs played, for captions: player counts, line-ups, rotation, data."""
    ms = [m for m in manifests if players is None or int(m["run"]["players"]) == players]
    counts = sorted({int(m["run"]["players"]) for m in ms})
    names = sorted({n for m in ms for n in m["run"]["lineup"]})
    rotated = {bool(m["run"].get("rotate")) for m in ms}
    overrides: dict[str, Any] = {}
    for m in ms:
        overrides.update(m["components"].get("overrides") or {})
    who = (
        f"{names[0]} in every seat"
        if len(names) == 1
        else f"{len(ms)} line-up{'s' if len(ms) != 1 else ''} of {', '.join(names)}"
    )
    seats = (
        "seats rotated"
        if rotated == {True}
        else "seats not rotated"
        if rotated == {False}
        else "seats rotated in some runs"
    )
    data = (
        "component data as shipped"
        if not overrides
        else "component data with " + ", ".join(f"{k}={v}" for k, v in sorted(overrides.items()))
    )
    return f"{', '.join(map(str, counts))} players; {who}; {seats}; {data}"
