"""Port choice: where ships go, per landing and round, what they earn, and restricted play.

From the players table: ships each player sent to each landing and the association with VP
and win share. From a decisions table: ships sent per landing and round and the slot VP they
earned. Causal values come from paired experiments (near only, far only, avoid a landing).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from vdgsim.analysis.common import win_share_table
from vdgsim.games.vasco.analysis import action_columns as C
from vdgsim.games.vasco.analysis.bidding import act_rows
from vdgsim.games.vasco.vocabulary import LANDING_KEYS, LANDING_NAMES, SENT_COLUMNS, Area


def landing_facts(components: Any) -> pl.DataFrame:
    """The printed facts of each landing: slots, completion VP per ship, bonus."""
    data = components.data if hasattr(components, "data") else components
    rows = []
    for key, name in zip(LANDING_KEYS, LANDING_NAMES, strict=True):
        d = data["landings"][key]
        rows.append(
            {
                "landing": name,
                "slots": ", ".join(str(v) for v in d["slots"]),
                "n_slots": len(d["slots"]),
                "mean_slot_vp": sum(d["slots"]) / len(d["slots"]),
                "completion_vp": int(d["completion_vp"]),
                "bonus": d["bonus"] + (f" ({d['bonus_reals']})" if d["bonus"] == "reals" else ""),
            }
        )
    return pl.DataFrame(rows)


def landing_use(players: pl.DataFrame, by: str | None = "strategy") -> pl.DataFrame:
    """Mean ships sent per player per game to each landing (tidy), optionally by ``by``."""
    cols = list(SENT_COLUMNS)
    keys = [by] if by else []
    t = (
        players.group_by(keys).agg(pl.col(c).cast(pl.Float64).mean() for c in cols)
        if keys
        else (players.select(pl.col(c).cast(pl.Float64).mean() for c in cols))
    )
    out = t.unpivot(index=keys, on=cols, variable_name="landing", value_name="ships_per_game")
    return out.with_columns(
        pl.col("landing").replace(dict(zip(SENT_COLUMNS, LANDING_NAMES, strict=True)))
    )


def landing_association(players: pl.DataFrame) -> pl.DataFrame:
    """Win share (Wilson) and mean VP by ships a player sent to each landing (0, 1, 2+)."""
    frames = []
    for column, name in zip(SENT_COLUMNS, LANDING_NAMES, strict=True):
        t = players.with_columns(pl.col(column).clip(0, 2).alias("ships"))
        ws = win_share_table(t, "ships")
        vp = t.group_by("ships").agg(pl.col("vp").mean().alias("mean_vp"))
        frames.append(ws.join(vp, on="ships").with_columns(pl.lit(name).alias("landing")))
    return pl.concat(frames).select(
        "landing", "ships", "n", "win_share", "win_low", "win_high", "mean_vp"
    )


def ships_by_round(decisions: pl.DataFrame, components: Any) -> pl.DataFrame:
    """Per landing and round: ships sent per game and mean slot VP per ship (player ships)."""
    acts = act_rows(decisions, components).filter(
        (pl.col("area") == Area.NAVIGATION) & pl.col("performed")
    )
    games = max(1, decisions["game"].n_unique())
    t = (
        acts.with_columns(C.expedition_landing(pl.col("action")).alias("landing_index"))
        .group_by("landing_index", "round")
        .agg(pl.col("ships_sent").sum().alias("ships"), pl.col("slot_vp").sum().alias("vp"))
        .with_columns(
            (pl.col("ships") / games).alias("ships_per_game"),
            (pl.col("vp") / pl.col("ships")).alias("slot_vp_per_ship"),
            pl.col("landing_index")
            .map_elements(lambda k: LANDING_NAMES[k], return_dtype=pl.String)
            .alias("landing"),
        )
        .sort("landing_index", "round")
    )
    return t
