"""Determinism: a game is a pure function of (components, players, seed, decisions)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from strategies.loop import play_to_end
from strategies.policy import random_params
from vdgsim import clone, default_components, is_over, legal_actions, new_game
from vdgsim import layout as L
from vdgsim.engine import flow
from vdgsim.game import apply_action, log_rows

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = [(2, 11), (3, 12), (4, 13), (4, 987654321)]

# Plays the sample with the compiled loop's code and prints one hash per game; run both in
# this process (compiled) and in a subprocess with NUMBA_DISABLE_JIT=1 (plain Python).
HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim import default_components, layout as L
from vdgsim.engine import flow
from strategies.loop import play_to_end
from strategies.policy import random_params
c = default_components().array
out = []
for players, seed in json.loads(sys.argv[1]):
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed)
    play_to_end(c, s, log, random_params(), np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def _run_hashes(env_extra: dict[str, str]) -> list[str]:
    env = {**os.environ, **env_extra}
    proc = subprocess.run(
        [sys.executable, "-c", HASH_SCRIPT, json.dumps(SAMPLE)],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    return json.loads(proc.stdout)


def _compiled_game(players: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    c = default_components().array
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, players, seed)
    play_to_end(c, s, log, random_params(), np.zeros(L.MAX_LEGAL, np.int64))
    return s, log[: s[L.S_LOG_N]].copy()


def _digest(s: np.ndarray, log: np.ndarray) -> str:
    return hashlib.sha256(log.tobytes() + s.tobytes()).hexdigest()


def test_r9_2_same_seed_same_decisions_same_log() -> None:
    for players, seed in SAMPLE:
        first = _digest(*_compiled_game(players, seed))
        assert first == _digest(*_compiled_game(players, seed))
    # and the hash does tell games apart
    assert _digest(*_compiled_game(4, 1)) != _digest(*_compiled_game(4, 2))


def test_r9_2_compiled_and_disable_jit_identical() -> None:
    compiled = [_digest(*_compiled_game(p, s)) for p, s in SAMPLE]
    python = _run_hashes({"NUMBA_DISABLE_JIT": "1"})
    assert python == compiled


def test_r9_2_python_step_loop_matches_compiled_loop() -> None:
    """The public step API and the compiled loop run the same rules and generators."""
    from strategies.policy import choose

    params = random_params()
    scratch = np.zeros(L.MAX_LEGAL, np.int64)
    for players, seed in SAMPLE[:3]:
        g = new_game(players=players, seed=seed)
        while not is_over(g):
            legal = legal_actions(g)
            scratch[: len(legal)] = legal
            apply_action(g, int(choose(g.components.array, g.s, scratch, len(legal), params)))
        s, log = _compiled_game(players, seed)
        assert np.array_equal(g.s, s)
        assert np.array_equal(log_rows(g), log)


def test_r9_2_clone_continues_identically() -> None:
    import random

    g = new_game(players=4, seed=5)
    pick = random.Random(1)
    for _ in range(120):
        apply_action(g, pick.choice(legal_actions(g)))
    twin = clone(g)
    assert twin.s is not g.s and np.array_equal(twin.s, g.s)
    a, b = random.Random(2), random.Random(2)
    while not is_over(g):
        apply_action(g, a.choice(legal_actions(g)))
        apply_action(twin, b.choice(legal_actions(twin)))
    assert is_over(twin)
    assert np.array_equal(g.s, twin.s)
    assert np.array_equal(log_rows(g), log_rows(twin))
    # the clone is independent: changing it leaves the original alone
    twin.s[L.S_VP] += 1
    assert g.s[L.S_VP] != twin.s[L.S_VP]
