"""Batch simulation: many games in chunks, reproducible seeds, local or Dask workers.

``simulate`` plays a line-up (one strategy per seat, optionally rotated over the seats),
``tournament`` plays every combination of a list of presets, and ``load_run`` reloads a run
directory; tables are polars DataFrames. ``game=KEY`` plays another game than the implicit
one (:mod:`vdgsim.core.plug`: what differs between the games, and the registry of them).
"""

from vdgsim.core.plug import Game, game_of, games
from vdgsim.runner.backends import BACKENDS, BackendError
from vdgsim.runner.output import CorruptRunError, RunDirError
from vdgsim.runner.run import DEFAULT_CHUNK_SIZE, Run, RunSpec, load_run, make_spec, simulate
from vdgsim.runner.tournament import (
    Tournament,
    lineups,
    load_tournament,
    tournament,
    tournament_plan,
)

__all__ = [
    "BACKENDS",
    "DEFAULT_CHUNK_SIZE",
    "BackendError",
    "CorruptRunError",
    "Game",
    "Run",
    "RunDirError",
    "RunSpec",
    "Tournament",
    "game_of",
    "games",
    "lineups",
    "load_run",
    "load_tournament",
    "make_spec",
    "simulate",
    "tournament",
    "tournament_plan",
]
