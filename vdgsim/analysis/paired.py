"""Restricted play against the unrestricted baseline on the same seeds (value of X).

Each arm of a paired experiment replaces line-up position 0 by a restricted or different
player; the runs rotate seats and share their seeds with the baseline, so game g of every
arm is the same deal with the focus player in the same seat. The effect of the behaviour is
the focus player's win share (and VP) in the arm minus the baseline's, game by game, with a
t interval over deals (:func:`vdgsim.analysis.common.paired_difference`).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis.common import focus_rows, paired_difference, vp_source_columns
from vdgsim.analysis.experiment import BASELINE, ExperimentRun
from vdgsim.goa.layout import COLUMN_KEYS as GOA_COLUMN_KEYS
from vdgsim.vocabulary import (
    CHARACTER_COLUMNS,
    CHARACTER_KEYS,
    SENT_COLUMNS,
    VP_SOURCE_COLUMNS,
    VP_SOURCE_NAMES,
)


def focus_table(run: Any) -> pl.DataFrame:
    """One row per game: the focus (line-up position 0) player's results in ``run``."""
    p = int(run.manifest["run"]["players"])
    return focus_rows(run.players, run.games, p)


def arm_effects(exp: ExperimentRun, confidence: float = 0.95, prefix: str = "") -> pl.DataFrame:
    """Per arm: focus win share and VP in baseline and arm, paired difference and interval.
    ``prefix`` selects the runs of a robustness variant (``robust/seed2/``); an arm that
    variant does not play is left out."""
    if exp.spec.kind != "paired":
        raise ValueError(f"{exp.spec.name} is not a paired experiment")
    base = focus_table(exp.runs[prefix + BASELINE])
    rows = []
    for arm in exp.spec.arms:
        if prefix + arm.name not in exp.runs:
            continue
        run = exp.runs[prefix + arm.name]
        var = focus_table(run)
        # a robustness variant's arm may stop growing before its baseline (looks): it is
        # compared on the deals it played, the first ones of the baseline's
        d = paired_difference(base, var, ("win_share", "vp"), confidence, nested=bool(prefix))
        player = run.manifest["run"]["lineup"][0] if prefix else arm.player
        rows.append({"arm": arm.name, "label": arm.label, "player": player, **d})
    return pl.DataFrame(rows).with_columns(
        pl.col("n_games", "n_deals").cast(pl.Int64),
        (pl.col("win_share_low") > 0).alias("helps"),
        (pl.col("win_share_high") < 0).alias("hurts"),
    )


def focus_behaviour(exp: ExperimentRun, columns: list[str]) -> pl.DataFrame:
    """Mean of player-table ``columns`` for the focus player in each arm (did it comply?)."""
    rows = []
    for name, run in exp.runs.items():
        f = focus_table(run)
        rows.append({"arm": name, **{c: float(f[c].cast(pl.Float64).mean()) for c in columns}})
    return pl.DataFrame(rows)


BEHAVIOUR = {
    "paid_right_to_act": "Reals paid to act early",
    "acts_performed": "actions performed",
    "acts_given_up": "actions given up",
    "ships_sent": "ships sent",
    **{f"rounds_{k}": f"rounds holding {k.capitalize()}" for k in CHARACTER_KEYS},
}
"""Per game of the focus player: what a restriction may change in its play, and its words."""

MECHANISM = {
    c: f"VP from {name}" for c, name in zip(VP_SOURCE_COLUMNS, VP_SOURCE_NAMES, strict=True)
}
"""Per game of the focus player: where its VP came from (the mechanism of an effect)."""


GOA_BEHAVIOUR = {
    "ducats": "ducats at the end",
    "ships": "ships at the end",
    "colonists": "colonists at the end",
    "spices": "spices at the end",
    "colonies": "colonies founded",
    "cards": "expedition cards in hand at the end",
    "extra_actions": "extra action cards left",
    **{f"row_{k}": f"final row of the {k.capitalize()} column" for k in GOA_COLUMN_KEYS},
}
"""The same for a Goa focus player: its end-of-game holdings and development rows."""


def behaviour_words(game: str) -> dict[str, str]:
    """``{column: words}`` of what a restriction may change (:data:`BEHAVIOUR` or
    :data:`GOA_BEHAVIOUR`) and then of where its VP came from (:data:`MECHANISM`, or Goa's
    VP-by-source columns)."""
    if game == "vdg":
        return {**BEHAVIOUR, **MECHANISM}
    mechanism = {
        c: f"VP from {c.removeprefix('vp_').replace('_', ' ')}" for c in vp_source_columns(game)
    }
    return {**GOA_BEHAVIOUR, **mechanism}


def _behaviour_table(run: Any, game: str = "vdg") -> pl.DataFrame:
    f = focus_table(run)
    if game != "vdg":  # Goa's players table holds every behaviour column already
        return f
    return f.with_columns(
        pl.sum_horizontal(pl.col(c).cast(pl.Int64) for c in SENT_COLUMNS).alias("ships_sent"),
        *(
            pl.sum_horizontal(
                ((pl.col(c).cast(pl.Int64) // (1 << k)) % 2) for c in CHARACTER_COLUMNS
            ).alias(f"rounds_{key}")
            for k, key in enumerate(CHARACTER_KEYS)
        ),
    )


def behaviour_changes(exp: ExperimentRun, confidence: float = 0.95) -> pl.DataFrame:
    """Per arm and behaviour (:data:`BEHAVIOUR`, then the VP sources of :data:`MECHANISM`):
    the focus player's mean in the baseline and the arm, and the paired change with its
    interval over deals — how the restriction changed its play and where its VP went, to read
    beside the effect on its results."""
    game = exp.spec.game
    base = _behaviour_table(exp.runs[BASELINE], game)
    rows = []
    what = behaviour_words(game)
    mechanism = set(vp_source_columns(game))
    for arm in exp.spec.arms:
        var = _behaviour_table(exp.runs[arm.name], game)
        d = paired_difference(base, var, tuple(what), confidence)
        for col, words in what.items():
            rows.append(
                {
                    "arm": arm.name,
                    "kind": "mechanism" if col in mechanism else "play",
                    "behaviour": col,
                    "words": words,
                    "baseline": d[f"{col}_base"],
                    "arm_mean": d[f"{col}_variant"],
                    "change": d[f"{col}_diff"],
                    "low": d[f"{col}_low"],
                    "high": d[f"{col}_high"],
                }
            )
    return pl.DataFrame(rows)
