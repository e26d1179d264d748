"""Seat balance: win share by seat for 2, 3 and 4 players, score distributions, VP by source.

The runs behind these tables seat the same preset everywhere and do NOT rotate seats, so any
difference between seats comes from the game (first player, dealt characters), not from the
players. Ties for first are already split in ``win_share``.

Under the rulebook (R1.3) each seat is always dealt the same character, so a seat's edge may be
its turn order or its character. Runs with the variant ``setup.character_deal = random`` deal
the same characters to the seats in a random order (seat 0 still plays first in round 1); from
them :func:`win_by_seat` is the seat's share averaged over characters, :func:`win_by_character`
the character's averaged over seats, and :func:`seat_character_split` sets both beside each
rulebook seat. The dealt character of every player row is the runner's ``characters_dealt``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import polars as pl
from scipy import stats

from vdgsim.analysis.common import win_share_table
from vdgsim.games.vasco.vocabulary import CHARACTER_NAMES, VP_SOURCE_COLUMNS, Character

# R1.3: the character each seat is dealt at the start, by player count
DEALT = {
    2: tuple(CHARACTER_NAMES[c] for c in (Character.DIAS, Character.SERNIGI)),
    3: tuple(CHARACTER_NAMES[c] for c in (Character.DIAS, Character.ALVARES, Character.SERNIGI)),
    4: CHARACTER_NAMES,
}


def seat_players(runs: dict[str, Any]) -> pl.DataFrame:
    """Player rows of every run with a ``players`` (count) column, and the game's
    ``start_player`` when its games table has one (Goa draws it at set-up, G1.6)."""
    frames = []
    for run in runs.values():
        p = int(run.manifest["run"]["players"])
        rows = run.players.with_columns(pl.lit(p, dtype=pl.Int8).alias("players"))
        if "start_player" in run.games.columns:
            rows = rows.join(run.games.select("game", "start_player"), on="game", how="left")
        frames.append(rows)
    return pl.concat(frames, how="diagonal_relaxed")


BALANCED, NOT_BALANCED, CANNOT_TELL = "balanced", "not balanced", "cannot tell"


def judge(gaps: Iterable[tuple[float, float]], tolerance: float) -> str:
    """The balance of one player count from every seat's (or turn position's) interval of its
    win share less the fair share, ``(low, high)``: :data:`NOT_BALANCED` when some interval
    lies wholly outside ``±tolerance``, :data:`BALANCED` when every one lies within it,
    otherwise (an interval crosses the tolerance) :data:`CANNOT_TELL`."""
    gaps = list(gaps)
    if any(low > tolerance or high < -tolerance for low, high in gaps):
        return NOT_BALANCED
    if all(-tolerance <= low and high <= tolerance for low, high in gaps):
        return BALANCED
    return CANNOT_TELL


def spread_table(
    players: pl.DataFrame, characters: bool = True, confidence: float = 0.95
) -> tuple[pl.DataFrame, str]:
    """The table the balance of a seats run is judged on, and its key column: the win share
    by turn position for a game that draws its start player (a seat's luck is then its turn
    position), else by seat."""
    if "start_player" in players.columns:
        return win_by_turn_position(players, confidence), "position"
    return win_by_seat(players, characters, confidence), "seat"


def win_by_turn_position(players: pl.DataFrame, confidence: float = 0.95) -> pl.DataFrame:
    """Win share by player count and turn position counted from the game's start player
    (0: the start player, 1: the next seat clockwise ...; rows of :func:`seat_players` with a
    ``start_player``), with Wilson intervals (95% unless ``confidence``) and the fair share
    1/P."""
    position = (
        (pl.col("seat").cast(pl.Int16) - pl.col("start_player").cast(pl.Int16))
        % pl.col("players").cast(pl.Int16)
    ).cast(pl.Int8)
    return _fair(
        win_share_table(
            players.with_columns(position.alias("position")), ["players", "position"], confidence
        )
    )


RANDOM_DEAL = "dealt at random"  # a seat's dealt character when it varies from game to game


def with_dealt_character(players: pl.DataFrame) -> pl.DataFrame:
    """Player rows with ``dealt_character``, the name of the character dealt to the row's seat
    at setup, from the runner's ``characters_dealt`` mask (one character a seat: R1.3 deals as
    many characters as there are players, and so does the random deal)."""
    names = {1 << int(c): CHARACTER_NAMES[c] for c in Character}
    return players.with_columns(
        pl.col("characters_dealt")
        .cast(pl.Int64)
        .replace_strict(names, default=None, return_dtype=pl.String)
        .alias("dealt_character")
    )


def _fair(t: pl.DataFrame) -> pl.DataFrame:
    """The fair share 1/P, whether the interval lies above or below it, and the ``gap`` (win
    share less the fair share, with its interval ``gap_low``, ``gap_high``)."""
    return t.with_columns(
        (1.0 / pl.col("players").cast(pl.Float64)).alias("fair_share")
    ).with_columns(
        (pl.col("win_low") > pl.col("fair_share")).alias("above_fair"),
        (pl.col("win_high") < pl.col("fair_share")).alias("below_fair"),
        *(
            (pl.col(c) - pl.col("fair_share")).alias(g)
            for c, g in (("win_share", "gap"), ("win_low", "gap_low"), ("win_high", "gap_high"))
        ),
    )


def win_by_seat(
    players: pl.DataFrame, characters: bool = True, confidence: float = 0.95
) -> pl.DataFrame:
    """Win share by player count and seat with Wilson intervals (95% unless ``confidence``)
    and the fair share 1/P.

    ``dealt_character`` names the character the seat was dealt (from the runner's table when
    it has ``characters_dealt``, else R1.3's), or :data:`RANDOM_DEAL` when it varied: then the
    share is the seat's averaged over the characters. ``characters`` False (a game that deals
    no characters to the seats, :attr:`vdgsim.core.plug.Game.seat_characters`) leaves it out."""
    t = win_share_table(players, ["players", "seat"], confidence)
    if not characters:
        return _fair(t)
    if "characters_dealt" in players.columns:
        dealt = (
            with_dealt_character(players)
            .group_by("players", "seat")
            .agg(
                pl.when(pl.col("dealt_character").n_unique() == 1)
                .then(pl.col("dealt_character").first())
                .otherwise(pl.lit(RANDOM_DEAL))
                .alias("dealt_character")
            )
        )
        t = t.join(dealt, on=["players", "seat"], how="left")
    else:  # runs recorded before the runner kept the deal: R1.3's table
        t = t.with_columns(
            pl.struct("players", "seat")
            .map_elements(lambda r: DEALT[r["players"]][r["seat"]], return_dtype=pl.String)
            .alias("dealt_character")
        )
    return _fair(t)


def win_by_character(players: pl.DataFrame) -> pl.DataFrame:
    """Win share by player count and dealt character, with Wilson 95% intervals and the fair
    share 1/P: with the characters dealt at random, each character's share averaged over the
    seats it was dealt to (ties split as in ``win_share``)."""
    t = win_share_table(with_dealt_character(players), ["players", "dealt_character"])
    order = {n: i for i, n in enumerate(CHARACTER_NAMES)}
    return _fair(t).sort(
        pl.col("players"), pl.col("dealt_character").replace_strict(order, default=99)
    )


def win_by_seat_and_character(players: pl.DataFrame) -> pl.DataFrame:
    """Win share by player count, seat and dealt character (Wilson 95%): the cells whose
    averages the two tables above are, to read an interaction between seat and character."""
    return _fair(
        win_share_table(with_dealt_character(players), ["players", "seat", "dealt_character"])
    )


def _shares(t: pl.DataFrame, prefix: str, *keys: str) -> pl.DataFrame:
    """``players`` and ``keys`` with a win-share table's n, share and interval as
    ``<prefix>_n``, ``<prefix>_share``, ``<prefix>_low`` and ``<prefix>_high``."""
    names = {"n": "n", "win_share": "share", "win_low": "low", "win_high": "high"}
    return t.select("players", *keys, *(pl.col(c).alias(f"{prefix}_{s}") for c, s in names.items()))


def seat_character_split(
    rulebook: pl.DataFrame, by_seat: pl.DataFrame, by_character: pl.DataFrame
) -> pl.DataFrame:
    """Each rulebook seat's distance from the fair share beside its two parts measured with
    the characters dealt at random: the seat's (``seat_part``: the same seat averaged over
    characters) and its rulebook character's (``character_part``: that character averaged over
    seats), each with its Wilson 95% interval less the fair share; ``rest`` is what the two do
    not add up to (their interaction, and noise).

    ``rulebook`` is :func:`win_by_seat` of the rulebook runs; ``by_seat`` and ``by_character``
    are :func:`win_by_seat` and :func:`win_by_character` of the random-deal runs."""
    rb = _shares(rulebook, "rulebook", "seat", "dealt_character", "fair_share")
    seat = _shares(by_seat, "seat", "seat")
    char = _shares(by_character, "character", "dealt_character")
    f = pl.col("fair_share")
    return (
        rb.join(seat, on=["players", "seat"])
        .join(char, on=["players", "dealt_character"])
        .with_columns(
            (pl.col("rulebook_share") - f).alias("rulebook_gap"),
            (pl.col("seat_share") - f).alias("seat_part"),
            (pl.col("seat_low") - f).alias("seat_part_low"),
            (pl.col("seat_high") - f).alias("seat_part_high"),
            (pl.col("character_share") - f).alias("character_part"),
            (pl.col("character_low") - f).alias("character_part_low"),
            (pl.col("character_high") - f).alias("character_part_high"),
        )
        .with_columns(
            (pl.col("rulebook_gap") - pl.col("seat_part") - pl.col("character_part")).alias("rest")
        )
        .sort("players", "seat")
    )


def split_verdict(r: dict[str, Any]) -> str:
    """Which part of a rulebook seat's gap (a row of :func:`seat_character_split`) is the
    seat's and which the character's, in words: a part counts when its interval excludes 0."""
    seat = r["seat_part_low"] > 0 or r["seat_part_high"] < 0
    char = r["character_part_low"] > 0 or r["character_part_high"] < 0
    if seat and char:
        if (r["seat_part"] > 0) != (r["character_part"] > 0):
            return "the seat's and the character's, pulling opposite ways"
        if abs(r["character_part"]) >= abs(r["seat_part"]):
            return "both the seat's and the character's, the character's more"
        return "both the seat's and the character's, the seat's (turn order) more"
    if char:
        return "the character's: the seat's part is within noise"
    if seat:
        return "the seat's (turn order): the character's part is within noise"
    return "neither's clearly: both parts are within noise at this sample size"


def balance_index(by_seat: pl.DataFrame) -> pl.DataFrame:
    """Per player count: 1 - (largest gap between two seats' win shares), and that gap."""
    return (
        by_seat.group_by("players")
        .agg(
            pl.len().alias("seats"),
            pl.col("n").first().alias("games"),
            (pl.col("win_share").max() - pl.col("win_share").min()).alias("largest_gap"),
            pl.col("seat").sort_by("win_share").last().alias("best_seat"),
            pl.col("seat").sort_by("win_share").first().alias("worst_seat"),
        )
        .with_columns((1 - pl.col("largest_gap")).alias("balance_index"))
        .sort("players")
    )


def balance_interval(
    players: pl.DataFrame, seed: int, reps: int = 1000, confidence: float = 0.95
) -> pl.DataFrame:
    """Per player count: a percentile bootstrap interval for the balance index, resampling
    whole games (each game is its own deal here: seats are not rotated), with a generator
    seeded from ``seed`` so the report reproduces it."""
    rows = []
    for p in sorted(players["players"].unique().to_list()):
        wide = (
            players.filter(pl.col("players") == p)
            .pivot(on="seat", index="game", values="win_share", sort_columns=True)
            .drop("game")
            .to_numpy()
            .astype(np.float64)
        )

        def index(i: np.ndarray, m: np.ndarray = wide) -> float:
            means = m[i].mean(axis=0)
            return float(1.0 - (means.max() - means.min()))

        res = stats.bootstrap(
            (np.arange(wide.shape[0]),),
            index,
            vectorized=False,
            n_resamples=reps,
            confidence_level=confidence,
            method="percentile",
            random_state=np.random.default_rng([seed, p]),
        )
        ci = res.confidence_interval
        rows.append({"players": p, "balance_low": ci.low, "balance_high": ci.high})
    return pl.DataFrame(rows).with_columns(pl.col("players").cast(pl.Int8))


def score_distribution(players: pl.DataFrame) -> pl.DataFrame:
    """Per player count and seat: mean, quartiles and spread of final VP."""
    return (
        players.group_by("players", "seat")
        .agg(
            pl.len().alias("n"),
            pl.col("vp").mean().alias("mean_vp"),
            pl.col("vp").std().alias("sd_vp"),
            pl.col("vp").quantile(0.25).alias("q25"),
            pl.col("vp").median().alias("median"),
            pl.col("vp").quantile(0.75).alias("q75"),
        )
        .sort("players", "seat")
    )


def vp_by_source(
    players: pl.DataFrame, columns: tuple[str, ...] = VP_SOURCE_COLUMNS
) -> pl.DataFrame:
    """Tidy mean VP per source (``columns``: the game's VP-by-source columns), by player count
    and seat."""
    cols = list(columns)
    return (
        players.group_by("players", "seat")
        .agg(pl.col(c).cast(pl.Float64).mean() for c in cols)
        .unpivot(index=["players", "seat"], on=cols, variable_name="source", value_name="mean_vp")
        .with_columns(pl.col("source").str.strip_prefix("vp_"))
        .sort("players", "seat", "source")
    )


def tie_rate(runs: dict[str, Any]) -> pl.DataFrame:
    """Share of games with a shared first place, per player count."""
    rows = []
    for run in runs.values():
        g = run.games
        rows.append(
            {
                "players": int(run.manifest["run"]["players"]),
                "games": g.height,
                "shared_first": float((g["winners"] > 1).mean()),
                "mean_winning_vp": float(g["winning_vp"].mean()),
            }
        )
    return pl.DataFrame(rows).sort("players")
