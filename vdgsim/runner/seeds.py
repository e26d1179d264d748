"""Chunks and seeds: which games a chunk holds and the seed of every game.

Chunk ``k`` draws its seeds from ``SeedSequence(root).spawn(...)[k]`` (built directly as
``SeedSequence(root, spawn_key=(k,))``, which is the same child), so a game's seed depends only
on the root seed, the chunk size and the game's index: never on workers or backend.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MAX_ROOT_SEED = 2**63 - 1


@dataclass(frozen=True)
class Chunk:
    """One unit of work: games ``first .. first + games - 1`` of the run."""

    index: int
    first: int
    games: int


def plan_chunks(games: int, chunk_size: int) -> list[Chunk]:
    """Split ``games`` into chunks of ``chunk_size`` (the last one may be smaller)."""
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if chunk_size < 1:
        raise ValueError(f"chunk size must be at least 1, got {chunk_size}")
    return [
        Chunk(k, first, min(chunk_size, games - first))
        for k, first in enumerate(range(0, games, chunk_size))
    ]


def chunk_sequence(root: int, index: int) -> np.random.SeedSequence:
    """The SeedSequence of chunk ``index``: child ``index`` of ``SeedSequence(root).spawn``."""
    return np.random.SeedSequence(root, spawn_key=(index,))


def game_seeds(root: int, chunk: Chunk, deal_group: int = 1) -> np.ndarray:
    """Non-negative int64 game seeds of one chunk.

    With ``deal_group`` g > 1 (common random numbers across seat rotations), the games of each
    run of g consecutive game indices (aligned on multiples of g) share one seed, so every
    rotation of a line-up plays the same deal. The chunk's first game must then be a
    multiple of g.
    """
    if chunk.first % deal_group:
        raise ValueError("a chunk must start on a rotation boundary")
    deals = -(-chunk.games // deal_group)
    words = chunk_sequence(root, chunk.index).generate_state(deals, dtype=np.uint64)
    # the engine takes seeds in 0..2**63-1
    seeds = (words >> np.uint64(1)).astype(np.int64)
    return np.repeat(seeds, deal_group)[: chunk.games]


def decision_sampling_key(root: int, chunk: Chunk) -> int:
    """A 63-bit key, separate from the game seeds, for sampling the decisions of a chunk."""
    ss = np.random.SeedSequence(root, spawn_key=(chunk.index, 1))
    return int(ss.generate_state(1, dtype=np.uint64)[0] >> np.uint64(1))
