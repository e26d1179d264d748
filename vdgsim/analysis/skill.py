"""The skill axis: the reference players findings are measured with, rated against an anchor.

An ``axis`` experiment (``experiments/skill_axis.toml``) plays each level of the axis in one
seat against the anchor (``default``) in every other seat, seats rotated, at 2, 3 and 4
players. Its seat rows are rated with the ladder's Bradley–Terry model
(:func:`vdgsim.analysis.ladder.fit_ladder`: Elo scale, the anchor at 0, intervals from a
bootstrap over deals), so every level gets a rating relative to the anchor per player count
and pooled. Every other section orders the players it checked its findings with by these
ratings: the ``skill`` label of a finding (:mod:`vdgsim.analysis.robustness`) names the
strongest level checked and what the effect did on the way there, and the skill curve of a
finding is its effect, with its interval, against the rating of the players who produced it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import polars as pl

from vdgsim.analysis.ladder import fit_ladder, run_seats

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


@dataclass(frozen=True)
class SkillAxis:
    """The rated levels of one game's skill axis (``table``: rows of
    :func:`~vdgsim.analysis.ladder.fit_ladder`, the anchor rated 0)."""

    anchor: str
    levels: tuple[str, ...]  # weakest first, as the axis spec lists them
    table: pl.DataFrame

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
        """The rating of ``player`` at ``players`` (pooled when that count was not rated, or
        ``players`` is None), or None for a player the axis did not rate."""
        if player == self.anchor:
            return Rating(0.0, 0.0, 0.0, players)
        rows = self.table.filter(pl.col("player") == player)
        counts = self.table["player_count"].unique().to_list()
        # an axis of one player count has no pooled rows: that count is its pooled rating
        pooled = counts[0] if len(counts) == 1 else None
        for count in (players, pooled):
            hit = rows.filter(
                pl.col("player_count").is_null()
                if count is None
                else pl.col("player_count") == count
            )
            if hit.height:
                r = hit.row(0, named=True)
                return Rating(r["rating"], r["lo"], r["hi"], r["player_count"])
        return None

    def describe(self, player: str, players: int | None = None) -> str:
        """``mc:rollouts=32 (+187 Elo over default)``, or the player alone when unrated."""
        r = self.rating(player, players)
        if r is None or player == self.anchor:
            return player
        return f"{player} ({r.rating:+.0f} Elo over {self.anchor})"


def fit_axis(runs: Mapping[str, Any], anchor: str, levels: tuple[str, ...], seed: int) -> SkillAxis:
    """Rate the levels of an axis experiment's runs against ``anchor``."""
    order = [anchor, *(p for p in levels if p != anchor)]
    table = fit_ladder(
        run_seats(list(runs.values())),
        anchor=anchor,
        bootstrap=AXIS_BOOTSTRAP,
        seed=seed,
        order=order,
    )
    return SkillAxis(anchor, levels, table)


def axis_of(exp: Any) -> SkillAxis:
    """The rated axis of an axis experiment's runs (:class:`~vdgsim.analysis.experiment.
    ExperimentRun` of kind ``axis``)."""
    spec = exp.spec
    return fit_axis(exp.runs, spec.anchor, tuple(s.player for s in spec.levels), spec.seed)
