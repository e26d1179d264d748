"""What the search-player tests share: decision points of a preset's game, one search decision
at a position, and the same decisions compiled and as plain Python (NUMBA_DISABLE_JIT=1)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from strategies.vasco.policy import choose
from strategies.vasco.python_loop import preset_player
from strategies.vasco.registry import params_table
from vdgsim import GameState, apply_action, is_over, legal_actions, new_game

ROOT = Path(__file__).resolve().parents[2]


def positions(players: int, seed: int, preset: str, every: int = 9) -> Iterator[GameState]:
    """Every ``every``-th decision point with at least two legal actions of a game between
    ``preset`` players."""
    g = new_game(players, seed)
    me = preset_player(preset)
    k = 0
    while not is_over(g):
        legal = legal_actions(g)
        if len(legal) > 1 and k % every == 0:
            yield g
        k += 1
        apply_action(g, me(g, legal))


def decide(g: GameState, name: str) -> int:
    codes = np.array(legal_actions(g), dtype=np.int64)
    s = g.s.copy()  # the search draws its seed from the player generator inside s
    return int(choose(g.components.array, s, codes, len(codes), params_table([name] * 4)))


# One search decision per position; late positions keep the plain-Python rollouts short.
DECISION_SCRIPT = """
import hashlib, json, sys
import numpy as np
from strategies.vasco.policy import choose
from strategies.vasco.registry import params_table
from vdgsim import default_components
c = default_components().array
table = params_table([sys.argv[1]] * 4)
out = []
for row in json.loads(sys.argv[2]):
    s = np.array(row["s"], dtype=np.int64)
    legal = np.array(row["legal"], dtype=np.int64)
    out.append(int(choose(c, s, legal, len(legal), table)))
    out.append(hashlib.sha256(s.tobytes()).hexdigest())  # the generators after the search
print(json.dumps(out))
"""


def round_5_rows(preset: str) -> list[dict]:
    """A few round-5 positions of 2- and 4-player games, as JSON-able rows."""
    rows = []
    for players, seed in ((2, 4), (4, 6)):
        for g in positions(players, seed, preset, every=3):
            if g.round == 5:
                rows.append({"s": g.s.tolist(), "legal": legal_actions(g)})
    return rows[::3][:6]


def compiled_and_plain_decisions(name: str, rows: list[dict]) -> list[list]:
    """The decisions (and generator states after them) of ``name`` at ``rows``, compiled and
    with NUMBA_DISABLE_JIT=1."""
    runs = []
    for env in ({}, {"NUMBA_DISABLE_JIT": "1"}):
        proc = subprocess.run(
            [sys.executable, "-c", DECISION_SCRIPT, name, json.dumps(rows)],
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=ROOT,
            check=True,
        )
        runs.append(json.loads(proc.stdout))
    return runs
