"""Ship fates: what a ship sent to a landing earns afterwards, from the games' event logs.

The runner's tables say how many ships each player sent where, but not what became of each
ship. This module replays a sample of a run's games (the same seeds, line-up rotation and
component data, so the same games) through the public game API with the compiled policies,
reads each game's event log (``vdgsim.log_rows``; rows as described in
``vdgsim/engine/events.py``) and follows every player ship from the slot it was sent to:
income and completion VP it earns, whether its landing completed while it was there (it then
moves up or is removed), and whether it was removed from the game.

The summary is a tidy table per landing and round: ships sent, slot VP, chance the landing
completes, VP earned afterwards, chance the ship is removed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import polars as pl

from vdgsim.analysis.action_columns import python_source
from vdgsim.engine import actions as A
from vdgsim.vocabulary import LANDING_NAMES, Decision, Event, RealsSource, VpSource

SHIP_COLUMNS = (
    "game",
    "seat",
    "tile",
    "round",
    "landing",
    "slot",
    "slot_vp",
    "income_vp",
    "income_reals",
    "completion_vp",
    "left_landing",
    "left_round",
    "moved_up",
    "removed",
    "vp_after_moving",
)


def ships_from_log(log: np.ndarray, game: int) -> list[tuple[int, ...]]:
    """One tuple (``SHIP_COLUMNS``) per player ship sent in a game, from its event log."""
    ships: dict[int, list[int]] = {}
    pending_tile = -1
    for ev, rnd, _phase, seat, a, b, c, d in log:
        if ev == Event.DECISION and a == Decision.EXPEDITION_SHIP and b > 0:
            # .py_func: the codec's plain Python, no compile for a decode per log row
            pending_tile = python_source(A.ship_send_tile)(b)
        elif ev == Event.VP and a == VpSource.SLOT and pending_tile >= 0:
            # columns as SHIP_COLUMNS; the last eight start at zero / False
            ships[pending_tile] = [game, seat, pending_tile, rnd, c, d, b, 0, 0, 0, 0, 0, 0, 0, 0]
            pending_tile = -1
        elif ev == Event.VP and a in (VpSource.INCOME, VpSource.COMPLETION) and d in ships:
            row = ships[d]
            row[7 if a == VpSource.INCOME else 9] += b
            if row[10] or c != row[4]:  # earned after leaving the landing it was sent to
                row[14] += b
        elif ev == Event.REALS and a == RealsSource.INCOME and d in ships:
            ships[d][8] += b
        elif ev == Event.MOVE and a in ships:
            row = ships[a]
            if not row[10]:  # the first move: its landing was complete (R6.4)
                row[10], row[11] = 1, rnd
                row[12] = 1 if c >= 0 else 0
            if c < 0:
                row[13] = 1
    return [tuple(r) for r in ships.values()]


def collect_ships(
    lineup: Sequence[str],
    games: int,
    seed: int,
    *,
    components: Any = None,
    rotate: bool = True,
    chunk_size: int = 2000,
    one_rotation: bool = False,
) -> pl.DataFrame:
    """Replay the first ``games`` games of a run (same settings) and return its ship table.

    With the settings of a ``simulate`` call (line-up, seed, rotation with common random
    numbers, chunk size, component data) these are exactly that run's first games. With
    ``one_rotation`` only rotation 0 of each deal is replayed: for a line-up of identical
    players the other rotations are the same game again.
    """
    from strategies.loop import play_to_end
    from strategies.registry import params_table
    from vdgsim import log_rows, new_game
    from vdgsim.components import default_components
    from vdgsim.runner.seeds import game_seeds, plan_chunks

    comps = components if components is not None else default_components()
    p = len(lineup)
    if rotate:
        chunk_size = -(-chunk_size // p) * p
    rotations = [tuple(lineup[(s + r) % p] for s in range(p)) for r in range(p if rotate else 1)]
    params = [params_table(list(r)) for r in rotations]
    legal = np.zeros(1024, dtype=np.int64)
    rows: list[tuple[int, ...]] = []
    for ch in plan_chunks(games, chunk_size):
        seeds = game_seeds(seed, ch, p if rotate else 1)
        for i, s in enumerate(seeds):
            g = ch.first + i
            if one_rotation and g % len(params):
                continue
            state = new_game(p, int(s), comps)
            play_to_end(comps.array, state.s, state.log, params[g % len(params)], legal)
            rows.extend(ships_from_log(log_rows(state), g))
    return pl.DataFrame(rows, schema=list(SHIP_COLUMNS), orient="row").with_columns(
        pl.col("left_landing", "moved_up", "removed").cast(pl.Boolean)
    )


def ship_fates(ships: pl.DataFrame) -> pl.DataFrame:
    """Per landing sent to and round: ships, slot VP, chance the landing completes while the
    ship is there, VP and Reals earned afterwards, chance the ship is removed."""
    games = max(1, ships["game"].n_unique())
    return (
        ships.group_by("landing", "round")
        .agg(
            pl.len().alias("ships"),
            pl.col("slot_vp").mean().alias("slot_vp"),
            pl.col("left_landing").mean().alias("completes"),
            (pl.col("income_vp") + pl.col("completion_vp")).mean().alias("vp_afterwards"),
            pl.col("income_vp").mean().alias("income_vp"),
            pl.col("completion_vp").mean().alias("completion_vp"),
            pl.col("vp_after_moving").mean().alias("vp_after_moving"),
            pl.col("income_reals").mean().alias("income_reals"),
            pl.col("removed").mean().alias("removed"),
        )
        .with_columns(
            (pl.col("ships") / games).alias("ships_per_game"),
            (pl.col("slot_vp") + pl.col("vp_afterwards")).alias("vp_per_ship"),
            pl.col("landing")
            .map_elements(lambda k: LANDING_NAMES[k], return_dtype=pl.String)
            .alias("landing_name"),
        )
        .sort("landing", "round")
    )


def landing_summary(ships: pl.DataFrame, confidence: float = 0.95) -> pl.DataFrame:
    """Per landing over all rounds: the measures of :func:`ship_fates`, with a t interval on
    the VP per ship (slot VP plus VP afterwards; ships counted as independent)."""
    from vdgsim.stats import mean_interval_from_moments

    t = ship_fates(ships.with_columns(pl.lit(0).alias("round"))).drop("round").sort("landing")
    sd = (
        ships.with_columns(
            (pl.col("slot_vp") + pl.col("income_vp") + pl.col("completion_vp")).alias("_v")
        )
        .group_by("landing")
        .agg(pl.col("_v").std().alias("_sd"))
    )
    t = t.join(sd, on="landing", how="left")
    lo, hi = [], []
    for m, s, n in zip(t["vp_per_ship"], t["_sd"], t["ships"], strict=True):
        a, b = mean_interval_from_moments(m, s if s is not None else float("nan"), n, confidence)
        lo.append(a)
        hi.append(b)
    return t.drop("_sd").with_columns(
        pl.Series("vp_per_ship_low", lo, dtype=pl.Float64),
        pl.Series("vp_per_ship_high", hi, dtype=pl.Float64),
    )
