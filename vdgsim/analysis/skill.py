"""The skill axis: the reference players findings are measured with, rated in the field.

An ``axis`` experiment (``experiments/skill_axis.toml``) plays each level of the axis in one
seat against the anchor (``default``) in every other seat, seats rotated, at 2, 3 and 4
players; with a ``[field]`` table the levels and the anchor also play *each other*, in
line-ups where every pair of them meets (:func:`vdgsim.analysis.experiment.field_lineups`).
Both sets of runs are rated with the ladder's Bradley–Terry model
(:func:`vdgsim.analysis.ladder.fit_ladder`: Elo scale, the anchor at 0, intervals from a
bootstrap over deals), separately:

* the **field rating**, from the field runs alone, is what the axis is ordered by: a level's
  strength against every other level, so that a search whose rollouts model the anchor exactly
  earns no more there than its play against the others gives it;
* the **rating against the anchor**, from the one-seat runs, stands beside it: how much the
  level gains against the anchor alone (a search rolling out the anchor's own policy is rated
  here with an exact model of its opponents).

Without a field the rating against the anchor orders the axis.
A level is the *strongest* only when its field rating is decided above the next level's (the
bootstrap interval of the difference lies above 0: :meth:`SkillAxis.difference`).

Every other section orders the players it checked its findings with by these ratings: the
``skill`` label of a finding (:mod:`vdgsim.analysis.robustness`) names the strongest level
checked and what the effect did on the way there, and the skill curve of a finding is its
effect, with its interval, against the rating of the players who produced it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

import polars as pl

from vdgsim.analysis.experiment.spec import FIELD
from vdgsim.analysis.ladder import (
    RatingDraws,
    fit_ladder,
    pair_outcomes,
    rating_draws,
    run_seats,
)
from vdgsim.analysis.matchups import ahead_matrix

AXIS_BOOTSTRAP = 200


@dataclass(frozen=True)
class Rating:
    """A level's rating relative to the anchor (Elo points) with its 95% interval, at one
    player count (``players`` None: pooled over the counts)."""

    rating: float
    low: float
    high: float
    players: int | None

    def text(self) -> str:
        return f"{self.rating:+.0f} Elo [{self.low:+.0f}, {self.high:+.0f}]"


def _lookup(table: pl.DataFrame, player: str, players: int | None) -> Rating | None:
    """``player``'s row of a ladder table at ``players`` (pooled when that count was not
    rated, or ``players`` is None)."""
    rows = table.filter(pl.col("player") == player)
    counts = table["player_count"].unique().to_list()
    # an axis of one player count has no pooled rows: that count is its pooled rating
    pooled = counts[0] if len(counts) == 1 else None
    for count in (players, pooled):
        hit = rows.filter(
            pl.col("player_count").is_null() if count is None else pl.col("player_count") == count
        )
        if hit.height:
            r = hit.row(0, named=True)
            return Rating(r["rating"], r["lo"], r["hi"], r["player_count"])
    return None


@dataclass(frozen=True)
class SkillAxis:
    """The rated levels of one game's skill axis: ``table`` holds the ratings against the
    anchor, ``field`` (None: no field was played) the field ratings, both rows of
    :func:`~vdgsim.analysis.ladder.fit_ladder` with the anchor at 0; ``draws`` the field's
    bootstrap per player count (None: pooled) and ``matrix`` how often each level finishes
    ahead of each other in the field (:func:`~vdgsim.analysis.matchups.ahead_matrix`)."""

    anchor: str
    levels: tuple[str, ...]  # weakest first, as the axis spec lists them
    table: pl.DataFrame
    field: pl.DataFrame | None = None
    draws: Mapping[int | None, RatingDraws] = dataclass_field(default_factory=dict)
    matrix: pl.DataFrame | None = None

    @classmethod
    def pooled(cls, anchor: str, ratings: Mapping[str, tuple[float, float, float]]) -> SkillAxis:
        """An axis from pooled ratings ``{player: (rating, low, high)}`` (Elo from ``anchor``),
        as a notebook or a test states them; levels in the order given."""
        table = pl.DataFrame(
            [
                {"player_count": None, "player": p, "rating": r, "lo": lo, "hi": hi}
                for p, (r, lo, hi) in ratings.items()
            ],
            schema={
                "player_count": pl.Int8,
                "player": pl.String,
                "rating": pl.Float64,
                "lo": pl.Float64,
                "hi": pl.Float64,
            },
        )
        return cls(anchor, tuple(ratings), table)

    def rating(self, player: str, players: int | None = None) -> Rating | None:
        """The rating the axis is ordered by: ``player``'s field rating at ``players`` (pooled
        when that count was not rated, or ``players`` is None), its rating against the anchor
        when the axis has no field; None for a player the axis did not rate."""
        if self.field is None:
            return self.versus(player, players)
        if player == self.anchor:
            return Rating(0.0, 0.0, 0.0, players)
        return _lookup(self.field, player, players)

    def versus(self, player: str, players: int | None = None) -> Rating | None:
        """``player``'s rating against the anchor alone (one seat against it in the others)."""
        if player == self.anchor:
            return Rating(0.0, 0.0, 0.0, players)
        return _lookup(self.table, player, players)

    def describe(self, player: str, players: int | None = None) -> str:
        """``mc:rollouts=32 (+187 Elo over default in the field)``, or the player alone when
        unrated (``over default`` alone: the axis has no field)."""
        r = self.rating(player, players)
        if r is None or player == self.anchor:
            return player
        where = " in the field" if self.field is not None else ""
        return f"{player} ({r.rating:+.0f} Elo over {self.anchor}{where})"

    def ranked(self, players: int | None = None) -> list[str]:
        """Every rated player, the anchor included, strongest first by :meth:`rating`."""
        rated = [
            (p, r.rating)
            for p in (self.anchor, *self.levels)
            if (r := self.rating(p, players)) is not None
        ]
        return [p for p, _ in sorted(rated, key=lambda x: -x[1])]

    def difference(
        self, a: str, b: str, players: int | None = None
    ) -> tuple[float, float, float] | None:
        """``a``'s field rating less ``b``'s at ``players`` with its 95% bootstrap interval
        (the same resamples of deals for both), or None without a field that rated both."""
        d = self.draws.get(players, self.draws.get(None))
        if d is None or a not in d.players or b not in d.players:
            return None
        return d.difference(a, b)

    def decided_above(self, a: str, b: str, players: int | None = None) -> bool:
        """Whether ``a`` is decided stronger than ``b`` in the field at ``players`` (the
        interval of the difference lies above 0); without a field, whether the intervals of
        their ratings against the anchor do not overlap."""
        d = self.difference(a, b, players)
        if d is not None:
            return d[1] > 0
        ra, rb = self.versus(a, players), self.versus(b, players)
        return ra is not None and rb is not None and ra.low > rb.high


def fit_axis(
    runs: Mapping[str, Any],
    anchor: str,
    levels: tuple[str, ...],
    seed: int,
    field: Mapping[str, Any] | None = None,
) -> SkillAxis:
    """Rate the levels of an axis experiment's one-seat ``runs`` against ``anchor`` and, from
    its ``field`` runs (the levels and the anchor playing each other), in the field."""
    order = [anchor, *(p for p in levels if p != anchor)]
    table = fit_ladder(
        run_seats(list(runs.values())),
        anchor=anchor,
        bootstrap=AXIS_BOOTSTRAP,
        seed=seed,
        order=order,
    )
    if not field:
        return SkillAxis(anchor, levels, table)
    seats = run_seats(list(field.values()))
    rated = fit_ladder(seats, anchor=anchor, bootstrap=AXIS_BOOTSTRAP, seed=seed, order=order)
    pairs = pair_outcomes(seats)
    counts = sorted(set(seats["player_count"].to_list()))
    draws: dict[int | None, RatingDraws] = {}
    for p in [*counts, *([None] if len(counts) > 1 else [])]:
        at = (lambda t: t) if p is None else (lambda t, p=p: t.filter(pl.col("player_count") == p))
        d = rating_draws(at(seats), at(pairs), p, order, anchor, AXIS_BOOTSTRAP, seed)
        if d is not None:
            draws[p] = d
    return SkillAxis(anchor, levels, table, rated, draws, ahead_matrix(_field_players(field)))


def _field_players(field: Mapping[str, Any]) -> pl.DataFrame:
    """The player rows of the field runs, each game known by its run and number."""
    frames = [
        run.players.select("game", "strategy", "rank").with_columns(
            pl.lit(name).alias("run"),
            pl.lit(int(run.manifest["run"]["players"]), dtype=pl.Int8).alias("players"),
        )
        for name, run in field.items()
    ]
    return pl.concat(frames)


def one_seat_runs(runs: Mapping[str, Any]) -> dict[str, Any]:
    """An axis experiment's runs of one level in one seat against the anchor in the others
    (``axis/...``), without its field runs (``field/...``)."""
    return {n: r for n, r in runs.items() if not n.startswith(f"{FIELD}/")}


def axis_of(exp: Any) -> SkillAxis:
    """The rated axis of an axis experiment's runs (:class:`~vdgsim.analysis.experiment.
    ExperimentRun` of kind ``axis``): its field runs (below ``field/``) apart."""
    spec = exp.spec
    versus = one_seat_runs(exp.runs)
    field = {n: r for n, r in exp.runs.items() if n not in versus}
    return fit_axis(versus, spec.anchor, tuple(s.player for s in spec.levels), spec.seed, field)
