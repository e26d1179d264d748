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
from vdgsim.core.plug import game_of


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


def behaviour_words(game: str | None) -> dict[str, str]:
    """``{column: words}`` of what a restriction may change in ``game``'s play, then of where
    its VP came from (the game's VP-by-source columns)."""
    return game_of(game).behaviour()


def _behaviour_table(run: Any, game: str | None) -> pl.DataFrame:
    return game_of(game).derive_behaviour(focus_table(run))


def behaviour_changes(exp: ExperimentRun, confidence: float = 0.95) -> pl.DataFrame:
    """Per arm and behaviour (the game's :func:`behaviour_words`, play then VP sources):
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
