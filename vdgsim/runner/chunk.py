"""One chunk of work, as a picklable task: play its games and return its tables as Parquet.

Workers (loky processes, Dask workers on any machine) run :func:`run_chunk`; they return
Parquet bytes rather than writing files, so a remote cluster needs no shared filesystem and
the driver alone writes the run directory.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass, field

import numpy as np
import polars as pl

from vdgsim.core.interrupts import compiled_interrupts
from vdgsim.core.plug import game_of, implicit_key
from vdgsim.games.vasco import vocabulary as V
from vdgsim.runner import batch as B
from vdgsim.runner.seeds import Chunk, decision_sampling_key, game_seeds

TABLES = ("games", "players", "decisions", "ships", "auctions")


@dataclass(frozen=True)
class ChunkTask:
    """Everything a worker needs to play one chunk (no engine objects, only arrays)."""

    chunk: Chunk
    root_seed: int
    players: int
    components: np.ndarray  # the packed component array
    params: np.ndarray  # (rotations, MAX_PLAYERS, N_PARAMS) parameter tables
    seat_strategies: tuple[tuple[str, ...], ...]  # strategy name per (rotation, seat)
    crn: bool  # the rotations of a line-up share one deal
    decisions: float  # fraction of decision rows kept (0 = no decisions table)
    ships: bool = False  # record the ships table
    game: str = field(default_factory=implicit_key)  # the key of its game in vdgsim.core.plug
    auctions: bool = False  # record the auctions table (Goa)
    # the component name of every tile instance (Goa's auctions table names its lots by them;
    # the packed array holds only numbers)
    tile_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChunkResult:
    """A played chunk: Parquet bytes per table and a few counts."""

    index: int
    games: int
    tables: dict[str, bytes]
    rows: dict[str, int]
    log_overflows: int
    seconds: float


def _parquet(df: pl.DataFrame) -> bytes:
    buf = io.BytesIO()
    df.write_parquet(buf, compression="zstd", statistics=True)
    return buf.getvalue()


def sample_threshold(fraction: float) -> int:
    """The 32-bit cut-off for keeping a decision row with probability ``fraction``."""
    if fraction <= 0:
        return 0
    if fraction >= 1:
        return B.SAMPLE_ALL
    return max(1, int(fraction * 2**32))


def chunk_games(task: ChunkTask) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The seed, game number and rotation of every game of the task's chunk."""
    chunk = task.chunk
    seeds = game_seeds(task.root_seed, chunk, task.players if task.crn else 1)
    game_ids = np.arange(chunk.first, chunk.first + chunk.games, dtype=np.int64)
    return seeds, game_ids, (game_ids % task.params.shape[0]).astype(np.int64)


def seat_names(task: ChunkTask, rotations: np.ndarray) -> np.ndarray:
    """The strategy of every player row (game by game, seat by seat)."""
    p = task.players
    names = np.array(task.seat_strategies, dtype=object)  # (rotations, seats)
    return names[np.repeat(rotations, p), np.tile(np.arange(p), len(rotations))].astype(str)


def play(task: ChunkTask) -> tuple[dict[str, pl.DataFrame], int]:
    """Play a chunk of Vasco da Gama and return its frames by table (games, players and the
    optional decisions and ships) and its log overflows."""
    chunk = task.chunk
    seeds, game_ids, rotations = chunk_games(task)
    games, players, share, dec, n_dec, ships, n_ships = B.play_chunk(
        task.components,
        task.players,
        seeds,
        rotations,
        np.ascontiguousarray(task.params, dtype=np.float64),
        sample_threshold(task.decisions),
        decision_sampling_key(task.root_seed, chunk),
        task.ships,
    )
    p = task.players
    names = np.array(task.seat_strategies, dtype=object)  # (rotations, seats)
    game_frame = pl.DataFrame(
        {
            "game": game_ids,
            **{name: games[:, i] for i, name in enumerate(B.GAME_COLUMNS)},
        }
    ).with_columns(
        pl.lit(p, dtype=pl.Int8).alias("players"),
        pl.col("rotation", "winner", "winners").cast(pl.Int8),
        pl.col("decisions", "log_rows", "winning_vp", "options", "forced_decisions").cast(pl.Int32),
        pl.col("log_overflow").cast(pl.Boolean),
    )
    player_frame = pl.DataFrame(
        {
            "game": np.repeat(game_ids, p),
            "strategy": seat_names(task, rotations),
            **{name: players[:, i] for i, name in enumerate(B.PLAYER_COLUMNS)},
            "win_share": share,
        }
    ).with_columns(
        pl.col("seat", "rank").cast(pl.Int8),
        pl.col(*V.CHARACTER_COLUMNS, "characters_dealt").cast(pl.Int8),
        pl.col(
            [
                c
                for c in B.PLAYER_COLUMNS
                if c not in ("seat", "rank", "characters_dealt", *V.CHARACTER_COLUMNS)
            ]
        ).cast(pl.Int32),
    )
    player_frame = player_frame.select(
        "game",
        "seat",
        "strategy",
        "vp",
        "rank",
        "win_share",
        pl.exclude("game", "seat", "strategy", "vp", "rank", "win_share"),
    )
    frames = {"games": game_frame, "players": player_frame}
    if task.decisions > 0:
        d = dec[:n_dec]
        dec_frame = pl.DataFrame(
            {name: d[:, i] for i, name in enumerate(B.DECISION_COLUMNS)}
        ).with_columns(
            (pl.col("game_in_chunk") + chunk.first).alias("game"),
        )
        strat = names[rotations[d[:, 0]], d[:, 1]].astype(str) if n_dec else np.array([], str)
        dec_frame = dec_frame.with_columns(pl.Series("strategy", strat, dtype=pl.String)).select(
            "game",
            pl.col("seat").cast(pl.Int8),
            "strategy",
            pl.col("round", "phase", "kind").cast(pl.Int8),
            pl.col("action").cast(pl.Int32),
            pl.col("paid", "context", "number", "area", "free_number").cast(pl.Int16),
        )
        frames["decisions"] = dec_frame
    if task.ships:
        frames["ships"] = ship_frame(ships[:n_ships], chunk.first, rotations, names)
    return frames, int(games[:, B.G_OVERFLOW].sum())


def ship_frame(
    rows: np.ndarray, first: int, rotations: np.ndarray, names: np.ndarray
) -> pl.DataFrame:
    """The ships table of a chunk from :func:`~vdgsim.runner.batch.collect_ships` rows
    (``first``: the chunk's first game; ``names``: strategy per rotation and seat)."""
    h = pl.DataFrame(
        {name: rows[:, i] for i, name in enumerate(B.SHIP_COLUMNS)},
        schema={name: pl.Int64 for name in B.SHIP_COLUMNS},
    )
    g, seat = rows[:, 0], rows[:, B.H_SEAT]
    strat = names[rotations[g], seat].astype(str) if len(rows) else np.array([], str)
    return h.select(
        (pl.col("game_in_chunk") + first).alias("game"),
        pl.col("seat").cast(pl.Int8),
        pl.Series("strategy", strat, dtype=pl.String),
        pl.col("tile").cast(pl.Int16),
        pl.col("round", "landing", "slot").cast(pl.Int8),
        pl.col("slot_vp", "income_vp", "income_reals", "completion_vp").cast(pl.Int32),
        pl.col("left_landing").cast(pl.Boolean),
        pl.col("left_round").cast(pl.Int8),
        pl.col("moved_up", "removed").cast(pl.Boolean),
        pl.col("vp_after_moving").cast(pl.Int32),
    )


def run_chunk(task: ChunkTask) -> ChunkResult:
    """Play a chunk and encode its tables as Parquet (what a worker sends back)."""
    t0 = time.perf_counter()
    with compiled_interrupts():
        frames, overflows = game_of(task.game).play(task)
    return ChunkResult(
        index=task.chunk.index,
        games=task.chunk.games,
        tables={k: _parquet(v) for k, v in frames.items()},
        rows={k: v.height for k, v in frames.items()},
        log_overflows=overflows,
        seconds=time.perf_counter() - t0,
    )
