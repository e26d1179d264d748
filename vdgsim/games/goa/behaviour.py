"""What a Goa player did in a game, read from its players-table row: the columns a paired
experiment compares between an arm and its baseline (its end-of-game holdings and development
rows, and where the VP came from). Goa's players table holds each of them already."""

from __future__ import annotations

from vdgsim.games.goa.layout import COLUMN_KEYS, VP_SOURCE_COLUMNS

PLAY = {
    "ducats": "ducats at the end",
    "ships": "ships at the end",
    "colonists": "colonists at the end",
    "spices": "spices at the end",
    "colonies": "colonies founded",
    "cards": "expedition cards in hand at the end",
    "extra_actions": "extra action cards left",
    **{f"row_{k}": f"final row of the {k.capitalize()} column" for k in COLUMN_KEYS},
}
"""What a restriction may change in the play, and its words."""

MECHANISM = {c: f"VP from {c.removeprefix('vp_').replace('_', ' ')}" for c in VP_SOURCE_COLUMNS}
"""Where the VP came from (the mechanism of an effect)."""

WORDS = {**PLAY, **MECHANISM}
