"""Determinism: a game is a pure function of (components, players, seed, decisions)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from strategies.vasco.loop import play_to_end
from strategies.vasco.policy import random_params
from vdgsim import clone, default_components, is_over, legal_actions, new_game
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from vdgsim.games.vasco.game import apply_action, log_rows

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = [(2, 11), (3, 12), (4, 13), (4, 987654321)]

# Plays the sample with the compiled loop's code and prints one hash per game; run both in
# this process (compiled) and in a subprocess with NUMBA_DISABLE_JIT=1 (plain Python).
HASH_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from strategies.vasco.loop import play_to_end
from strategies.vasco.policy import random_params
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


# Every shipped preset (new presets join automatically) and the restricted-play decorators,
# which filter the legal actions before the player decides.
RESTRICTED = [
    "default+never_host=manuel",
    "default+always_host=alvares",
    "default+never_pay",
    "frugal+at_least=navigation:10+only_landings=calicut/malindi",
]


def every_player() -> list[str]:
    from strategies.vasco.registry import available

    return available() + RESTRICTED


def lineups() -> list[list[str]]:
    """Tables of 2, 3 and 4 seats that together seat every player at every player count."""
    names = every_player()
    tables = []
    for players in (2, 3, 4):
        for start in range(0, len(names), players):
            tables.append([names[(start + i) % len(names)] for i in range(players)])
    return tables


# The same, for any line-up: the compiled whole-game loop's code, one hash per game.
LINEUP_SCRIPT = """
import hashlib, json, sys
import numpy as np
from vdgsim import default_components
from vdgsim.games.vasco import layout as L
from vdgsim.games.vasco.engine import flow
from strategies.vasco.loop import play_to_end
from strategies.vasco.registry import params_table
c = default_components().array
out = []
for k, names in enumerate(json.loads(sys.argv[1])):
    s = np.zeros(L.S_SIZE, np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
    flow.new_game_state(c, s, log, len(names), 100 + k)
    play_to_end(c, s, log, params_table(names), np.zeros(L.MAX_LEGAL, np.int64))
    out.append(hashlib.sha256(log[: s[L.S_LOG_N]].tobytes() + s.tobytes()).hexdigest())
print(json.dumps(out))
"""


def test_r9_2_every_player_compiled_and_disable_jit_identical() -> None:
    """Every preset and restriction decides bit-identically compiled and as plain Python.

    A plain-Python run differs from the compiled one wherever numpy and numba disagree on
    semantics (numpy adds two booleans as a logical or, numba as integers; that once made
    the heuristic player count crew colours wrongly without JIT), so this covers every player.
    """
    tables = lineups()
    assert {n for t in tables for n in t} == set(every_player())
    runs = []
    for env in ({}, {"NUMBA_DISABLE_JIT": "1"}):
        proc = subprocess.run(
            [sys.executable, "-c", LINEUP_SCRIPT, json.dumps(tables)],
            capture_output=True,
            text=True,
            env={**os.environ, **env},
            cwd=ROOT,
            check=True,
        )
        runs.append(json.loads(proc.stdout))
    compiled, python = runs
    differing = [" vs ".join(t) for t, a, b in zip(tables, compiled, python, strict=True) if a != b]
    assert not differing, f"compiled and plain Python differ for: {differing}"
    assert len(set(compiled)) == len(compiled)


def test_r9_2_python_step_loop_matches_compiled_loop_for_every_player() -> None:
    """``preset_player`` (one compiled decision per call, used by ``vdg play`` and notebooks)
    plays the same games as the compiled whole-game loop for every player."""
    from strategies.vasco.python_loop import play_python, preset_player
    from strategies.vasco.registry import params_table

    c = default_components().array
    for k, names in enumerate(lineups()):
        g = new_game(players=len(names), seed=100 + k)
        play_python(g, [preset_player(n) for n in names])
        s = np.zeros(L.S_SIZE, np.int64)
        log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), np.int64)
        flow.new_game_state(c, s, log, len(names), 100 + k)
        play_to_end(c, s, log, params_table(names), np.zeros(L.MAX_LEGAL, np.int64))
        assert np.array_equal(g.s, s), names
        assert np.array_equal(log_rows(g), log[: s[L.S_LOG_N]]), names


def test_r9_2_python_step_loop_matches_compiled_loop() -> None:
    """The public step API and the compiled loop run the same rules and generators."""
    from strategies.vasco.policy import choose

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


# What could make the same compiled player decide differently on another CPU: fused
# multiply-adds (one rounding instead of two), fast-math reassociation, and library
# functions whose last bit differs between libms (exp, log, pow, ...) or whose summation
# order differs between numpy and numba (np.sum). IEEE-754 +, -, *, / and sqrt in a fixed
# order round identically on every x86-64 and ARM machine, so the players use only those.
COMPILED_SOURCES = [
    *sorted((ROOT / "vdgsim" / "games" / "vasco" / "engine").glob("*.py")),
    *sorted((ROOT / "strategies" / "vasco" / "heuristic").glob("*.py")),
    *sorted((ROOT / "strategies" / "vasco" / "search").glob("*.py")),
    ROOT / "strategies" / "vasco" / "scripted.py",
    ROOT / "strategies" / "vasco" / "policy.py",
    ROOT / "strategies" / "vasco" / "loop.py",
    ROOT / "strategies" / "vasco" / "restrictions.py",
]
ROUNDING_DEPENDENT = {
    "exp", "expm1", "log", "log1p", "log2", "log10", "pow", "power", "float_power", "sin",
    "cos", "tan", "tanh", "sinh", "cosh", "arctan", "atan", "atan2", "arctan2", "hypot", "cbrt",
    "erf", "erfc", "gamma", "lgamma", "sum", "mean", "dot", "prod", "cumsum", "cumprod", "std",
    "var", "nansum", "fsum",
}  # fmt: skip


def test_r9_2_compiled_code_uses_only_correctly_rounded_float_operations() -> None:
    import ast

    found = []
    for path in COMPILED_SOURCES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', '?')}"
            if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Pow):
                found.append(f"{where} uses **")
            elif isinstance(node, ast.keyword) and node.arg == "fastmath":
                found.append(f"{where} asks for fastmath")
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in {"math", "np", "numpy"}
                and node.attr in ROUNDING_DEPENDENT
            ):
                found.append(f"{where} calls {node.value.id}.{node.attr}")
    assert not found, found


def test_r9_2_compiled_players_contain_no_fused_multiply_add() -> None:
    """LLVM may fuse a*b+c into one instruction (one rounding, not two) where the CPU has
    FMA; numba does not ask it to, and this keeps it that way. The placement decision (the
    player's densest float code: v * f + bias, comp + x * p - s, acc + p * k, ...) and its
    float-heavy steps are compiled afresh, without the disk cache, so that their machine code
    can be read."""
    import re

    from numba import njit

    from strategies.vasco.heuristic import bidding as BI
    from strategies.vasco.heuristic import work as W
    from strategies.vasco.heuristic.values import real_value
    from strategies.vasco.policy import new_cache
    from strategies.vasco.registry import resolve

    g = new_game(players=4, seed=3)
    while g.s[L.S_DECISION] != L.D_PLACE_DISC:
        apply_action(g, legal_actions(g)[0])
    legal = np.array(legal_actions(g), dtype=np.int64)
    wi, wf = W.new_work()
    p = int(g.s[L.S_DEC_PLAYER])
    c, pr, cache = g.components.array, resolve("default"), new_cache()
    rv = real_value(g.s, pr)
    # the decision and its float-heavy steps: the F-cost tables, the Area bases
    calls = (
        (BI.decide_place, (c, g.s, pr, p, legal, len(legal), cache, wi, wf)),
        (BI.phase1_tables, (c, g.s, pr, p, rv, cache[p], wi, wf)),
        (BI.area_bases, (c, g.s, pr, p, cache[p, BI.C_VALS : BI.C_VALS + BI.N_VALS], wi, wf)),
    )
    for function, args in calls:
        fresh = njit(_nrt=False)(function.py_func)
        fresh(*args)
        asm = "".join(fresh.inspect_asm().values())
        assert re.search(r"\b(v?mulsd|fmul)\b", asm), function  # the float code is read
        fused = re.findall(r"\b(v?fn?m(?:add|sub)\w*|fmla|fmls)\b", asm)
        assert not fused, (function, sorted(set(fused)))
