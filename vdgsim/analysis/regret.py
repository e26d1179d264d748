"""Regret of a preset's decisions against one ply of search, from a regret table.

Reads the table of :meth:`vdgsim.core.regret_sampling.RegretKit.sample_positions`, either game's
(one row per sampled position and legal action, with the deciding seat's mean win share over
the even and over the odd rollouts); nothing is replayed. A position's regret is the win share
the preset's choice gives up against the action the rollouts rate best:

    regret = ( odd[best by even] - odd[chosen] + even[best by odd] - even[chosen] ) / 2

The best action is picked on one half of the rollouts and scored on the other, so the noise
that makes some action look best does not also make it score well (picking and scoring on
the same rollouts would show a regret even for a perfect player). Positions of one game are
not independent, so intervals are clustered by game (:func:`vdgsim.core.stats.cluster_ratio_mean`).
"""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from vdgsim.core.stats import cluster_ratio_mean

__all__ = ["disagreements", "position_regret", "regret_summary"]


def _split_half(even: str, odd: str) -> pl.Expr:
    """A position's split-half regret of the preset's choice on the ``even``/``odd`` means."""
    chosen = pl.col("chosen")
    return (
        pl.col(odd).get(pl.col(even).arg_max())
        - pl.col(odd).filter(chosen).first()
        + pl.col(even).get(pl.col(odd).arg_max())
        - pl.col(even).filter(chosen).first()
    ) / 2


def position_regret(table: pl.DataFrame) -> pl.DataFrame:
    """One row per position: ``game``, ``players``, ``round``, ``decision``, ``preset``,
    ``options`` (legal actions), ``chosen_category``, ``best_category`` (the best action on
    all rollouts), ``regret`` (split-half, see the module docstring), ``regret_vp`` (the same
    on the VP lead over the best rival: what the choice costs a seat that wins nothing either
    way) and ``differs`` (some action has a higher mean win share on all rollouts than the
    preset's; one that only ties it does not count, and ``best_category`` is then the
    preset's)."""
    both = (pl.col("share_even") + pl.col("share_odd")) / 2
    chosen = pl.col("chosen")
    # an action that ties the preset's choice is not a better one (in Goa a bid that is
    # always outbid scores exactly as passing does): only a strictly higher mean differs
    differs = both.filter(chosen).first() < both.max()
    return (
        table.sort("position", "action")
        .group_by("position", maintain_order=True)
        .agg(
            pl.col("game", "players", "round", "decision", "preset").first(),
            pl.len().alias("options"),
            pl.col("category").filter(chosen).first().alias("chosen_category"),
            pl.when(differs)
            .then(pl.col("category").get(both.arg_max()))
            .otherwise(pl.col("category").filter(chosen).first())
            .alias("best_category"),
            _split_half("share_even", "share_odd").alias("regret"),
            _split_half("lead_even", "lead_odd").alias("regret_vp"),
            differs.alias("differs"),
        )
    )


def regret_summary(
    table: pl.DataFrame, by: Sequence[str] = ("players", "preset", "decision")
) -> pl.DataFrame:
    """Per ``by``: ``positions``, mean ``regret`` per decision with ``low``/``high`` (95%,
    clustered by game), the same for ``regret_vp`` (``vp_low``/``vp_high``) and ``differs``
    (share of positions where the rollouts' best action is not the preset's; with few
    rollouts noise alone makes it large)."""
    pos = position_regret(table)
    keys = list(by)
    frames = []
    for column, prefix in (("regret", ""), ("regret_vp", "vp_")):
        per_game = pos.group_by([*keys, "game"]).agg(
            pl.col(column).sum().alias("y"), pl.len().alias("n")
        )
        frames.append(
            cluster_ratio_mean(per_game, keys).select(
                *keys,
                pl.col("_n").alias("positions"),
                pl.col("mean").alias(column),
                pl.col("low").alias(f"{prefix}low"),
                pl.col("high").alias(f"{prefix}high"),
            )
        )
    out = frames[0].join(frames[1].drop("positions"), on=keys)
    differs = pos.group_by(keys).agg(pl.col("differs").mean())
    return out.join(differs, on=keys).sort(keys)


def disagreements(table: pl.DataFrame, top: int = 10) -> pl.DataFrame:
    """The commonest ways the rollouts' best action differs from the preset's, per decision
    kind: ``chosen_category`` -> ``best_category`` with the number of positions and their
    summed regret (the regret counted where they differ), largest summed regret first.

    A position whose best action is another action of the preset's own category (another
    amount of money, say) counts in ``differs`` but not here: a category does not disagree
    with itself."""
    pos = position_regret(table).filter(
        pl.col("differs") & (pl.col("chosen_category") != pl.col("best_category"))
    )
    return (
        pos.group_by("decision", "chosen_category", "best_category")
        .agg(pl.len().alias("positions"), pl.col("regret").sum().alias("summed_regret"))
        .sort("decision", "summed_regret", descending=[False, True])
        .group_by("decision", maintain_order=True)
        .head(top)
    )
