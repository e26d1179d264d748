"""Bidding for early numbers: what F will be, what players do with numbers, what early is worth.

(a) The exact distribution of the First Free Number F (R4.1: F = Initial Number of the face-up
    Vasco da Gama tile + Variation of the next tile, clamped to 1..20) given the visible
    Initial Number and the tiles not yet seen, computed from the component data with exact
    fractions; :func:`simulate_free_numbers` draws the same thing by shuffling the tiles.
(b) Observed: from a decisions table, by Area and by distance d = F - n, how often numbers are
    taken, performed or given up, the Reals paid and what the action yielded.
(c) Causal, by restricted play: one seat forbidden early numbers in an Area (or never paying),
    against the unrestricted baseline on the same seeds (see :mod:`vdgsim.analysis.paired`).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import numpy as np
import polars as pl

from vdgsim.games.vasco.analysis import action_columns as C
from vdgsim.games.vasco.vocabulary import (
    AREA_KEYS,
    AREA_NAMES,
    GIVE_UP,
    LANDING_KEYS,
    N_ROUNDS,
    Area,
    Colour,
    Decision,
)

F_MIN, F_MAX = 1, 20


def vdg_tiles(components: Any) -> list[tuple[int, int]]:
    """(Initial Number, Variation Number) of each Vasco da Gama tile in the component data."""
    data = components.data if hasattr(components, "data") else components
    return [(int(t["initial"]), int(t["variation"])) for t in data["vdg_tiles"]["tiles"]]


def _clamp(f: int) -> int:
    return max(F_MIN, min(F_MAX, f))


def free_number_distribution(
    components: Any, face_up: int, seen: Iterable[int] = ()
) -> dict[int, Fraction]:
    """Exact P(F = f) when tile ``face_up`` is the face-up tile and ``seen`` were discarded.

    Tiles are indices into the component data's ``vdg_tiles.tiles``. The next tile is equally
    likely to be any tile not yet seen (neither face up nor discarded), so
    F = clamp(Initial(face_up) + Variation(next)).
    """
    tiles = vdg_tiles(components)
    known = {face_up, *seen}
    unseen = [k for k in range(len(tiles)) if k not in known]
    if not unseen:
        raise ValueError("every Vasco da Gama tile has been seen: no next tile to turn")
    initial = tiles[face_up][0]
    counts = Counter(_clamp(initial + tiles[k][1]) for k in unseen)
    return {f: Fraction(c, len(unseen)) for f, c in sorted(counts.items())}


def free_number_by_round(components: Any, round_: int, initial: int) -> dict[int, Fraction]:
    """Exact P(F = f | round, visible Initial Number), averaged over the unseen history.

    In round r the face-up tile is the r-th of the shuffled deck; the r - 1 tiles before it
    are an unknown (uniformly random) subset of the other tiles. A player who remembers the
    discards should use :func:`free_number_distribution` instead.
    """
    tiles = vdg_tiles(components)
    faces = [k for k, t in enumerate(tiles) if t[0] == initial]
    if not faces:
        raise ValueError(f"no Vasco da Gama tile has Initial Number {initial}")
    if not 1 <= round_ <= len(tiles) - 1:
        raise ValueError(f"round must be in 1..{len(tiles) - 1}, got {round_}")
    total: dict[int, Fraction] = {}
    cases = 0
    for face in faces:
        others = [k for k in range(len(tiles)) if k != face]
        for seen in itertools.combinations(others, round_ - 1):
            for f, p in free_number_distribution(components, face, seen).items():
                total[f] = total.get(f, Fraction(0)) + p
            cases += 1
    return {f: p / cases for f, p in sorted(total.items())}


def free_number_table(
    components: Any, rounds: Iterable[int] = range(1, N_ROUNDS + 1)
) -> pl.DataFrame:
    """Tidy exact table: round, initial, F, probability (and the expected F per row group)."""
    rows = []
    for r in rounds:
        for initial in sorted({t[0] for t in vdg_tiles(components)}):
            dist = free_number_by_round(components, r, initial)
            mean = float(sum(f * p for f, p in dist.items()))
            for f, p in dist.items():
                rows.append(
                    {
                        "round": r,
                        "initial": initial,
                        "F": f,
                        "probability": float(p),
                        "mean_F": mean,
                    }
                )
    return pl.DataFrame(rows)


def simulate_free_numbers(components: Any, deals: int, seed: int) -> pl.DataFrame:
    """Shuffle the Vasco da Gama tiles ``deals`` times and read (round, initial, F) per round.

    An independent check of :func:`free_number_by_round`: the deck is a uniform permutation
    (R1.6); round r shows tile r - 1 face up and turns tile r in Phase 2 (R3.1, R4.1).
    """
    tiles = np.array(vdg_tiles(components), dtype=np.int64)
    rng = np.random.default_rng(seed)
    order = rng.permuted(np.tile(np.arange(len(tiles)), (deals, 1)), axis=1)
    frames = []
    for r in range(1, N_ROUNDS + 1):
        initial = tiles[order[:, r - 1], 0]
        f = np.clip(initial + tiles[order[:, r], 1], F_MIN, F_MAX)
        frames.append(pl.DataFrame({"round": np.full(deals, r), "initial": initial, "F": f}))
    return pl.concat(frames)


def compare_with_simulation(exact: pl.DataFrame, simulated: pl.DataFrame) -> pl.DataFrame:
    """Exact vs simulated P(F | round, initial), with the simulation's binomial standard error."""
    sim = (
        simulated.group_by("round", "initial", "F")
        .agg(pl.len().alias("count"))
        .join(
            simulated.group_by("round", "initial").agg(pl.len().alias("n")),
            on=["round", "initial"],
        )
        .with_columns((pl.col("count") / pl.col("n")).alias("simulated"))
    )
    out = (
        exact.select("round", "initial", "F", "probability")
        .join(
            sim.select("round", "initial", "F", "n", "simulated"),
            on=["round", "initial", "F"],
            how="full",
            coalesce=True,
        )
        .with_columns(pl.col("probability", "simulated").fill_null(0.0))
    )
    n = out.group_by("round", "initial").agg(pl.col("n").max().alias("n_all"))
    return (
        out.drop("n")
        .join(n, on=["round", "initial"])
        .rename({"n_all": "n"})
        .with_columns(
            (pl.col("probability") * (1 - pl.col("probability")) / pl.col("n")).sqrt().alias("se")
        )
        .sort("round", "initial", "F")
    )


# --- (b) observed ------------------------------------------------------------------------------
def _slot_values(components: Any) -> dict[tuple[int, int], int]:
    data = components.data if hasattr(components, "data") else components
    out = {}
    for k, key in enumerate(LANDING_KEYS):
        for j, v in enumerate(data["landings"][key]["slots"]):
            out[(k, j)] = int(v)
    return out


def act_rows(decisions: pl.DataFrame, components: Any | None = None) -> pl.DataFrame:
    """One row per called number: game, seat, round, Area, n, F, d = F - n, performed, paid.

    With ``components``, Navigation acts also carry the ships sent and the slot VP they
    earned (read from the expedition decisions that follow the act).
    """
    acts = (
        decisions.filter((pl.col("kind") == Decision.ACT) & (pl.col("number") >= 1))
        .select(
            "game",
            "seat",
            "strategy",
            "round",
            pl.col("area").cast(pl.Int8),
            pl.col("number").cast(pl.Int16).alias("n"),
            pl.col("free_number").cast(pl.Int16).alias("F"),
            (pl.col("action") != GIVE_UP).alias("performed"),
            pl.col("paid").cast(pl.Int32),
            pl.col("action"),
        )
        .with_columns(
            (pl.col("F") - pl.col("n")).alias("d"),
            pl.when(pl.col("performed") & (pl.col("n") < pl.col("F")) & (pl.col("n") <= 20))
            .then(pl.col("F") - pl.col("n"))
            .otherwise(0)
            .cast(pl.Int32)
            .alias("right_to_act"),
        )
    )
    acts = acts.with_columns(_items_gained().alias("items"))
    if components is None:
        return acts
    slots = _slot_values(components)
    ships = decisions.filter((pl.col("kind") == Decision.EXPEDITION_SHIP) & (pl.col("action") > 0))
    if ships.height:
        ships = ships.with_columns(
            C.ship_send_slot(pl.col("action")).alias("_slot"),
        ).select("game", "seat", "round", pl.col("context").cast(pl.Int16).alias("n"), "_slot")
        # the landing comes from the act itself
        nav = acts.filter((pl.col("area") == Area.NAVIGATION) & pl.col("performed")).select(
            "game", "seat", "round", "n", C.expedition_landing(pl.col("action")).alias("_landing")
        )
        ships = ships.join(nav, on=["game", "seat", "round", "n"], how="inner")
        lut = pl.DataFrame(
            {
                "_landing": [k[0] for k in slots],
                "_slot": [k[1] for k in slots],
                "_value": list(slots.values()),
            },
            schema={"_landing": pl.Int32, "_slot": pl.Int32, "_value": pl.Int32},
        )
        ships = ships.with_columns(pl.col("_landing", "_slot").cast(pl.Int32)).join(
            lut, on=["_landing", "_slot"], how="left"
        )
        yields = ships.group_by("game", "seat", "round", "n").agg(
            pl.len().cast(pl.Int32).alias("ships_sent"), pl.col("_value").sum().alias("slot_vp")
        )
        acts = acts.join(yields, on=["game", "seat", "round", "n"], how="left")
    else:
        acts = acts.with_columns(
            pl.lit(None, dtype=pl.Int32).alias("ships_sent"),
            pl.lit(None, dtype=pl.Int32).alias("slot_vp"),
        )
    return acts.with_columns(pl.col("ships_sent", "slot_vp").fill_null(0))


def _items_gained() -> pl.Expr:
    """What a performed act took, by Area: projects bought (Purchase: 1 per upper space, 2
    for a pair, 1 for Sao Gabriel) or sailors plus captain recruited (Recruiting); Characters
    and Navigation acts count 1 (a Reals amount or character; ships are counted separately)."""
    code = pl.col("action").cast(pl.Int64)
    recruits = sum(C.recruit_count(code, colour) for colour in Colour) + C.recruit_captain(code)
    purchase = pl.when(C.is_buy_two(code)).then(2).otherwise(1)
    return (
        pl.when(~pl.col("performed"))
        .then(0)
        .when(pl.col("area") == Area.PURCHASE)
        .then(purchase)
        .when(pl.col("area") == Area.RECRUITING)
        .then(recruits)
        .otherwise(1)
        .cast(pl.Int32)
    )


def observed_by_distance(acts: pl.DataFrame, d_range: tuple[int, int] = (-8, 14)) -> pl.DataFrame:
    """By Area and d = F - n: numbers taken, share performed / given up, Reals paid, yield.

    d > 0 means the number was early (performing costs d Reals); d <= 0 means it was free.
    Distances outside ``d_range`` are pooled into its ends. Numbers 21/22 are left out.
    """
    lo, hi = d_range
    regular = acts.filter(pl.col("n") <= 20).with_columns(pl.col("d").clip(lo, hi))
    total_games = max(1, regular["game"].n_unique())
    out = (
        regular.group_by("area", "d")
        .agg(
            pl.len().alias("taken"),
            pl.col("performed").mean().alias("perform_share"),
            pl.col("right_to_act").filter(pl.col("performed")).mean().alias("mean_right_to_act"),
            pl.col("paid").filter(pl.col("performed")).mean().alias("mean_paid"),
            pl.col("items").filter(pl.col("performed")).mean().alias("mean_items"),
            pl.col("slot_vp").filter(pl.col("performed")).mean().alias("mean_slot_vp")
            if "slot_vp" in acts.columns
            else pl.lit(None, dtype=pl.Float64).alias("mean_slot_vp"),
        )
        .with_columns(
            (1 - pl.col("perform_share")).alias("give_up_share"),
            (pl.col("taken") / total_games).alias("taken_per_game"),
            pl.col("area")
            .map_elements(lambda a: AREA_NAMES[a], return_dtype=pl.String)
            .alias("area_name"),
        )
        .sort("area", "d")
    )
    return out


def observed_by_area(acts: pl.DataFrame) -> pl.DataFrame:
    """Per Area: numbers taken per game, share early (d > 0), performed, paid and given up."""
    regular = acts.filter(pl.col("n") <= 20)
    games = max(1, regular["game"].n_unique())
    return (
        regular.group_by("area")
        .agg(
            pl.len().alias("taken"),
            (pl.col("d") > 0).mean().alias("early_share"),
            pl.col("performed").mean().alias("perform_share"),
            (pl.col("performed") & (pl.col("right_to_act") > 0)).mean().alias("paid_share"),
            pl.col("right_to_act")
            .filter(pl.col("right_to_act") > 0)
            .mean()
            .alias("mean_cost_paid"),
            pl.col("items").filter(pl.col("performed")).mean().alias("mean_items"),
        )
        .with_columns(
            (pl.col("taken") / games).alias("taken_per_game"),
            (1 - pl.col("perform_share")).alias("give_up_share"),
            pl.col("area")
            .map_elements(lambda a: AREA_NAMES[a], return_dtype=pl.String)
            .alias("area_name"),
        )
        .sort("area")
    )


def free_number_observed(decisions: pl.DataFrame) -> pl.DataFrame:
    """The F each game showed per round (one row per game and round) from its act rows."""
    return (
        decisions.filter(pl.col("kind") == Decision.ACT)
        .group_by("game", "round")
        .agg(pl.col("free_number").first().alias("F"))
        .sort("game", "round")
    )


def area_key(area: int) -> str:
    """The restriction-syntax key of an Area index."""
    return AREA_KEYS[area]
