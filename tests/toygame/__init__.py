"""Pig to 20, a dice game of a few dozen lines plugged into vdgsim without touching its shared
code: the proof that a game is a plug (docs/adding-a-game.md walks through it).

On a turn a player rolls a die again and again, adding each roll to the turn's points, until
it banks them (they join its score) or rolls a 1 (they are lost). The first to reach the target
wins; the others rank by score. A player banks once the turn holds ``bank_at`` points (or
enough to win); ``random`` banks after each roll with probability one half.

Plug it in with ``VDGSIM_GAMES=toygame`` and ``tests`` on ``PYTHONPATH``:
``vdg simulate --game pig --lineup default,random``.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core.plug import Game, parse_overrides, table_columns
from vdgsim.runner.chunk import ChunkTask, chunk_games, seat_names

HERE = Path(__file__).resolve().parent
DATA = HERE / "components.toml"
PRESETS = {"random": 0, "default": 12, "cautious": 6}  # name -> bank_at (0: random)


@dataclass(frozen=True)
class Components:
    data: dict[str, Any]
    array: np.ndarray
    source: str
    digest: str


def load(path: str | Path | None, overrides: Any = None) -> Components:
    src = Path(path) if path is not None else DATA
    data = tomllib.loads(src.read_text(encoding="utf-8"))
    data.update(parse_overrides(overrides) if isinstance(overrides, list) else overrides or {})
    if not isinstance(data.get("target"), int) or data["target"] < 1:
        raise ValueError(f"{src}: target must be a positive whole number")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
    return Components(data, np.array([data["target"]], dtype=np.int64), str(src), digest)


def row(name: str, players: int | None = None) -> np.ndarray:
    if name not in PRESETS:
        raise ValueError(f"unknown Pig player {name!r}; known: {', '.join(PRESETS)}")
    return np.array([PRESETS[name]], dtype=np.float64)


def play_one(target: int, bank_at: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    score = np.zeros(len(bank_at), dtype=np.int64)
    seat = 0
    while score.max() < target:
        turn = 0
        while (roll := int(rng.integers(1, 7))) != 1:
            turn += roll
            done = score[seat] + turn >= target
            if done or (turn >= bank_at[seat] if bank_at[seat] else rng.random() < 0.5):
                score[seat] += turn
                break
        seat = (seat + 1) % len(bank_at)
    return score


def play(task: ChunkTask) -> tuple[dict[str, pl.DataFrame], int]:
    seeds, game_ids, rotations = chunk_games(task)
    p, target = task.players, int(task.components[0])
    scores = np.stack(
        [
            play_one(target, task.params[r, :, 0], np.random.default_rng(int(s)))
            for s, r in zip(seeds, rotations, strict=True)
        ]
    )
    winner = scores.argmax(axis=1)  # the only player at the target
    rank = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    games = pl.DataFrame(
        {
            "game": game_ids,
            "seed": seeds,
            "rotation": rotations,
            "winner": winner,
            "winners": 1,
            "winning_vp": scores.max(axis=1),
        }
    ).with_columns(pl.lit(p, dtype=pl.Int8).alias("players"))
    players = pl.DataFrame(
        {
            "game": np.repeat(game_ids, p),
            "seat": np.tile(np.arange(p), len(game_ids)).astype(np.int8),
            "strategy": seat_names(task, rotations),
            "vp": scores.ravel().astype(np.int32),
            "rank": rank.ravel().astype(np.int8),
            "win_share": (rank.ravel() == 1).astype(np.float64),
        }
    )
    return {"games": games, "players": players}, 0


def params_table(seats: Sequence[str]) -> np.ndarray:
    return np.stack([row(name) for name in seats])


GAME = Game(
    key="pig",
    title="Pig",
    load_components=load,
    default_components=lambda: load(None),
    default_data=lambda: DATA,
    parameter_row=row,
    named_parameters=lambda r: {"bank_at": int(r[0])},
    params_table=params_table,
    play=play,
    columns=lambda: table_columns(("seed", "rotation", "winner", "winners", "winning_vp"), ()),
    presets=lambda: [
        (n, f"banks at {b} points" if b else "banks at random") for n, b in PRESETS.items()
    ],
    experiments=lambda: HERE / "experiments",
)
