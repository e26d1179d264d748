"""Speed of Goa's engine (a measurement, not a test): 4-player games of random legal play.

``python -m vdgsim.goa.bench`` prints games per second for
- the compiled whole-game loop (:func:`vdgsim.goa.random_play.play_batch`), one core;
- the Python step loop over the compiled engine (``legal_actions`` / ``apply_action``);
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
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]

_PY_LOOP = """
import json, sys, time
import numpy as np
from vdgsim.goa.game import new_game, legal_actions, apply_action, is_over
games = int(sys.argv[1])
w = new_game(4, 0)  # compile or load every entry point before timing
while not is_over(w):
    apply_action(w, legal_actions(w)[0])
t = time.perf_counter()
cpu = time.process_time()
for seed in range(games):
    g = new_game(4, seed)
    r = np.random.default_rng(seed)
    while not is_over(g):
        legal = legal_actions(g)
        apply_action(g, legal[int(r.integers(len(legal)))])
print(json.dumps([games / (time.perf_counter() - t), games / (time.process_time() - cpu)]))
"""

_COMPILE = """
import time
t = time.perf_counter()
import numpy as np
from vdgsim.goa.components import default_components
from vdgsim.goa.random_play import play_batch
from vdgsim.goa.game import new_game, legal_actions, apply_action
c = default_components().array
z = np.zeros((1, 4), np.int64)
play_batch(c, 4, np.zeros(1, np.int64), 0, 0, 0, z, z.copy(), np.zeros(1, np.int64))
g = new_game(4, 0)
apply_action(g, legal_actions(g)[0])
print(time.perf_counter() - t)
"""


def compiled_rate(games: int) -> tuple[float, float]:
    """Games per second of wall time and per second of this process's CPU time (the
    machine may be shared: CPU time is the one-core figure)."""
    from vdgsim.goa.components import default_components
    from vdgsim.goa.random_play import play_batch

    c = default_components().array
    z = np.zeros((1, 4), np.int64)
    play_batch(c, 4, np.zeros(1, np.int64), 0, 0, 0, z, z.copy(), np.zeros(1, np.int64))
    seeds = np.arange(games, dtype=np.int64)
    vp = np.zeros((games, 4), np.int64)
    t = time.perf_counter()
    cpu = time.process_time()
    play_batch(c, 4, seeds, 0, 0, 0, vp, vp.copy(), np.zeros(games, np.int64))
    return games / (time.perf_counter() - t), games / (time.process_time() - cpu)


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
    ap.add_argument("--compile-time", action="store_true")
    a = ap.parse_args()
    res: dict[str, float] = {}
    wall, cpu = compiled_rate(a.games)
    res["compiled_games_per_s_wall"], res["compiled_games_per_cpu_s"] = wall, cpu
    wall, cpu = json.loads(_subprocess(_PY_LOOP, [str(a.python_games)], {}))
    res["python_step_loop_games_per_s_wall"], res["python_step_loop_games_per_cpu_s"] = wall, cpu
    env = {"NUMBA_DISABLE_JIT": "1"}
    wall, cpu = json.loads(_subprocess(_PY_LOOP, [str(a.plain_games)], env))
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
