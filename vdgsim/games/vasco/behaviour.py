"""What a Vasco da Gama player did in a game, read from its players-table row: the columns a
paired experiment compares between an arm and its baseline (how a restriction changed the
play, and where the VP went)."""

from __future__ import annotations

import polars as pl

from vdgsim.games.vasco.vocabulary import (
    CHARACTER_COLUMNS,
    CHARACTER_KEYS,
    SENT_COLUMNS,
    VP_SOURCE_COLUMNS,
    VP_SOURCE_NAMES,
)

PLAY = {
    "paid_right_to_act": "Reals paid to act early",
    "acts_performed": "actions performed",
    "acts_given_up": "actions given up",
    "ships_sent": "ships sent",
    **{f"rounds_{k}": f"rounds holding {k.capitalize()}" for k in CHARACTER_KEYS},
}
"""What a restriction may change in the play, and its words."""

MECHANISM = {
    c: f"VP from {name}" for c, name in zip(VP_SOURCE_COLUMNS, VP_SOURCE_NAMES, strict=True)
}
"""Where the VP came from (the mechanism of an effect)."""

WORDS = {**PLAY, **MECHANISM}


def derive(rows: pl.DataFrame) -> pl.DataFrame:
    """The columns of :data:`PLAY` the players table holds only in parts: ships sent over the
    landings, and the rounds holding each character (a bit per round)."""
    return rows.with_columns(
        pl.sum_horizontal(pl.col(c).cast(pl.Int64) for c in SENT_COLUMNS).alias("ships_sent"),
        *(
            pl.sum_horizontal(
                ((pl.col(c).cast(pl.Int64) // (1 << k)) % 2) for c in CHARACTER_COLUMNS
            ).alias(f"rounds_{key}")
            for k, key in enumerate(CHARACTER_KEYS)
        ),
    )
