"""Speed of Goa's engine and players (a measurement, not a test), one implementation for
``vdg bench --game goa`` and this module's entry point.

:func:`time_compiled` times the compiled whole-game loop (:func:`strategies.goa.play_games`),
:func:`time_python` the Python step loop over the same engine and players (one
:func:`vdgsim.games.goa.game.step` per decision, the compiled ``choose`` for each choice). Both warm
up first, so compiling or loading the cache is not timed.

``python -m vdgsim.games.goa.bench`` prints, for 4-player games of one preset (random by default),
games per second of wall time and per CPU second (the machine may be shared: CPU time is the
one-core figure) for
- the compiled whole-game loop, one core;
- the Python step loop over the compiled engine;
- plain Python (``NUMBA_DISABLE_JIT=1``, in a subprocess), and
- with ``--compile-time``, the time to compile everything into an empty cache (subprocess).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from strategies.goa import choose, lineup_params, play_games
from vdgsim.core.interrupts import timed_batches
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import Components, default_components
from vdgsim.games.goa.game import GameState, legal_actions, new_game, step

ROOT = Path(__file__).resolve().parents[3]
WARM_UP_GAMES = 20


@dataclass(frozen=True)
class Timing:
    """``games`` games in ``seconds`` of wall time and ``cpu_seconds`` of this process's CPU."""

    games: int
    seconds: float
    cpu_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def games_per_cpu_second(self) -> float:
        return self.games / self.cpu_seconds


def play_python(game: GameState, params: np.ndarray) -> None:
    """Play ``game`` to its end through the step API, each seat choosing by its row of
    ``params`` (:func:`strategies.goa.lineup_params`)."""
    legal_buf = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    c = game.components.array
    # choose goes through numba's dispatcher: unlike Vasco da Gama's, Goa's component array is
    # writable, which numba types in C, and a FastCall measured no faster
    legal = legal_actions(game)
    while legal:
        legal_buf[: len(legal)] = legal
        legal = step(game, int(choose(c, game.s, legal_buf, len(legal), params)))


def time_compiled(comp: Components, players: int, preset: str, games: int) -> Timing:
    """The compiled whole-game loop, ``preset`` in every seat, seeds 0..games-1."""
    params = lineup_params([preset] * players, players)
    play_games(comp, players, np.arange(WARM_UP_GAMES, dtype=np.int64), params)
    wall, cpu = timed_batches(
        lambda seeds: play_games(comp, players, seeds, params), np.arange(games, dtype=np.int64)
    )
    return Timing(games, wall, cpu)


def time_python(comp: Components, players: int, preset: str, games: int) -> Timing:
    """The Python step loop, ``preset`` in every seat, seeds 0..games-1."""
    params = lineup_params([preset] * players, players)
    play_python(new_game(players, 0, comp), params)  # warm-up
    t, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        play_python(new_game(players, seed, comp), params)
    return Timing(games, time.perf_counter() - t, time.process_time() - cpu)


_PLAIN = """
import json, sys
from vdgsim.games.goa.bench import time_python
from vdgsim.games.goa.components import default_components
t = time_python(default_components(), 4, sys.argv[2], int(sys.argv[1]))
print(json.dumps([t.games_per_second, t.games_per_cpu_second]))
"""

_COMPILE = """
import time
t = time.perf_counter()
from vdgsim.games.goa.bench import time_compiled, time_python
from vdgsim.games.goa.components import default_components
time_compiled(default_components(), 4, "random", 1)
time_python(default_components(), 4, "random", 1)
print(time.perf_counter() - t)
"""


def _subprocess(script: str, args: list[str], env: dict[str, str]) -> str:
    full = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    out = subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        env=full,
        cwd=ROOT,
        check=True,
    )
    return out.stdout.strip().splitlines()[-1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--python-games", type=int, default=200)
    ap.add_argument("--plain-games", type=int, default=20)
    ap.add_argument("--preset", default="random")
    ap.add_argument("--compile-time", action="store_true")
    a = ap.parse_args()
    comp = default_components()
    res: dict[str, float] = {}
    fast = time_compiled(comp, 4, a.preset, a.games)
    res["compiled_games_per_s_wall"] = fast.games_per_second
    res["compiled_games_per_cpu_s"] = fast.games_per_cpu_second
    step = time_python(comp, 4, a.preset, a.python_games)
    res["python_step_loop_games_per_s_wall"] = step.games_per_second
    res["python_step_loop_games_per_cpu_s"] = step.games_per_cpu_second
    env = {"NUMBA_DISABLE_JIT": "1"}
    wall, cpu = json.loads(_subprocess(_PLAIN, [str(a.plain_games), a.preset], env))
    res["plain_python_games_per_s_wall"], res["plain_python_games_per_cpu_s"] = wall, cpu
    res["compiled_over_python_step_loop_cpu"] = (
        res["compiled_games_per_cpu_s"] / res["python_step_loop_games_per_cpu_s"]
    )
    res["compiled_over_plain_python_cpu"] = (
        res["compiled_games_per_cpu_s"] / res["plain_python_games_per_cpu_s"]
    )
    res["load_average_1min"] = os.getloadavg()[0]
    if a.compile_time:
        with tempfile.TemporaryDirectory() as d:
            res["compile_seconds"] = float(_subprocess(_COMPILE, [], {"NUMBA_CACHE_DIR": d}))
    print(json.dumps(res, indent=2))


if __name__ == "__main__":
    main()
