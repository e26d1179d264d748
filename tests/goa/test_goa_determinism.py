"""Goa determinism (G9.4): a game is a pure function of (components, players, options, seed,
decisions); compiled code equals ``NUMBA_DISABLE_JIT=1``; a clone continues identically."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.random_play import play_random_to_end

ROOT = Path(__file__).resolve().parents[2]
# 36 games: every player count with every variant combination, several seeds
N_VARIANTS = 8  # quick start x Bonanza x strict hand limit
SAMPLE = [(2 + i % 3, 1000 + i, (i // 3) % N_VARIANTS) for i in range(36)]

HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.random_play import play_random_to_end
c = default_components().array
out = []
for players, seed, v in json.loads(sys.argv[1]):
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed, v & 1, (v >> 1) & 1, (v >> 2) & 1)
    play_random_to_end(c, s, log, np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def _game(players, seed, v):
    c = default_components().array
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed, v & 1, (v >> 1) & 1, (v >> 2) & 1)
    play_random_to_end(c, s, log, np.zeros(L.MAX_LEGAL, np.int64))
    return s, log[: s[L.S_LOG_N]].copy()


def _digest(s, log):
    return hashlib.sha256(log.tobytes() + s.tobytes()).hexdigest()


def test_g9_4_same_seed_same_game():
    for players, seed, v in SAMPLE[:6]:
        assert _digest(*_game(players, seed, v)) == _digest(*_game(players, seed, v))
    assert _digest(*_game(4, 1, 0)) != _digest(*_game(4, 2, 0))


def test_g9_4_compiled_equals_disable_jit():
    here = [_digest(*_game(*x)) for x in SAMPLE]
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", HASH_SCRIPT, json.dumps(SAMPLE)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    assert json.loads(proc.stdout) == here


def test_g9_4_clone_continues_identically():
    from vdgsim.games.goa.game import apply_action, clone, is_over, legal_actions, new_game

    g = new_game(4, 77)
    rnd = np.random.default_rng(1)
    for _ in range(200):
        legal = legal_actions(g)
        apply_action(g, legal[int(rnd.integers(len(legal)))])
    c = clone(g)
    for x in (g, c):
        r = np.random.default_rng(2)
        while not is_over(x):
            legal = legal_actions(x)
            apply_action(x, legal[int(r.integers(len(legal)))])
    assert (g.s == c.s).all() and (g.log == c.log).all()
