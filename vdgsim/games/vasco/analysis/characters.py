"""Character value: how often each character is held and by whom, holders' results, the
effect of the dealt character, and restricted play (never / always host it).

The players table records the characters each player holds at the end of every round as a
bit mask (``characters_r1`` .. ``characters_r5``; bit k = character k in R1.3's order:
Dias, Alvares, Sernigi, Manuel I).
"""

from __future__ import annotations

import polars as pl

from vdgsim.analysis.common import win_share_table
from vdgsim.games.vasco.vocabulary import CHARACTER_COLUMNS, CHARACTER_NAMES


def holding(players: pl.DataFrame) -> pl.DataFrame:
    """Per character and round: share of games it is held at round end, and by which seat."""
    games = players["game"].n_unique()
    rows = []
    for k, name in enumerate(CHARACTER_NAMES):
        for r, column in enumerate(CHARACTER_COLUMNS, start=1):
            held = players.filter((pl.col(column) & (1 << k)) != 0)
            by_seat = held.group_by("seat").len()
            row = {
                "character": name,
                "round": r,
                "held_share": held.height / games if games else 0.0,
            }
            for seat, cnt in zip(by_seat["seat"], by_seat["len"], strict=True):
                row[f"seat_{seat}"] = cnt / games
            rows.append(row)
    return pl.DataFrame(rows).fill_null(0.0)


def changes_of_hands(players: pl.DataFrame) -> pl.DataFrame:
    """Per character: mean number of round ends at which its holder differs from the last."""
    rows = []
    for k, name in enumerate(CHARACTER_NAMES):
        seat_of = []
        for r, column in enumerate(CHARACTER_COLUMNS, start=1):
            h = players.filter((pl.col(column) & (1 << k)) != 0).select(
                "game", pl.col("seat").alias(f"h{r}")
            )
            seat_of.append(h)
        t = seat_of[0]
        for h in seat_of[1:]:
            t = t.join(h, on="game", how="full", coalesce=True)
        changes = sum(
            ((pl.col(f"h{r}") != pl.col(f"h{r - 1}")).fill_null(False)).cast(pl.Int32)
            for r in range(2, len(CHARACTER_COLUMNS) + 1)
        )
        rows.append(
            {"character": name, "mean_changes": float(t.select(changes.mean()).item() or 0.0)}
        )
    return pl.DataFrame(rows)


def holder_results(players: pl.DataFrame) -> pl.DataFrame:
    """Win share (Wilson) and mean VP of players holding / not holding each character at the
    end of the game (association, not cause: compare with restricted play)."""
    frames = []
    for k, name in enumerate(CHARACTER_NAMES):
        t = players.with_columns(((pl.col(CHARACTER_COLUMNS[-1]) & (1 << k)) != 0).alias("holds"))
        ws = win_share_table(t, "holds")
        vp = t.group_by("holds").agg(pl.col("vp").mean().alias("mean_vp"))
        frames.append(ws.join(vp, on="holds").with_columns(pl.lit(name).alias("character")))
    return pl.concat(frames).select(
        "character", "holds", "n", "win_share", "win_low", "win_high", "mean_vp"
    )
