"""Conformance runs: random legal games with every invariant checked after every step.

``python -m vdgsim.games.goa.conformance --games 10000`` runs the long check (compiled); the test
suite runs a few hundred games through :func:`run`.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from numba import njit

from vdgsim.games.goa import layout as L
from vdgsim.games.goa.components import default_components
from vdgsim.games.goa.engine import flow
from vdgsim.games.goa.invariants import INVARIANT_NAMES, check
from vdgsim.games.goa.random_play import random_action

N_VARIANTS = 8  # quick start x Bonanza x strict hand limit


@njit(cache=True)
def _run(c, players, seeds, quick, bonanza, strict, failures):
    """Play one game per seed, checking after every step; ``failures[g]`` gets the first
    broken invariant's code (0 if none). Returns the number of steps checked."""
    s = np.zeros(L.S_SIZE, dtype=np.int64)
    log = np.zeros((L.LOG_CAPACITY, L.LOG_WIDTH), dtype=np.int64)
    legal = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    scratch = np.zeros(L.MAX_LEGAL, dtype=np.int64)
    steps = 0
    for g in range(seeds.shape[0]):
        flow.new_game_state(c, s, log, players[g], seeds[g], quick[g], bonanza[g], strict[g])
        s[L.S_OPT_EXTRA_CAP] = 10 * (g % 2)  # the A6 cap option in every other game
        failures[g] = check(c, s, scratch)
        while failures[g] == 0 and s[L.S_STEP] != L.ST_OVER:
            n = flow.legal_actions(c, s, legal)
            flow.apply(c, s, log, random_action(s, legal, n))
            steps += 1
            failures[g] = check(c, s, scratch)
            if s[L.S_DECISIONS_TAKEN] > 20000:
                failures[g] = -1  # a game that does not end
    return steps


def run(games: int, first_seed: int = 0, components=None) -> dict:
    """``games`` random games over 2, 3 and 4 players and every variant combination."""
    c = (components or default_components()).array
    seeds = np.arange(first_seed, first_seed + games, dtype=np.int64)
    idx = np.arange(games)
    players = (2 + idx % 3).astype(np.int64)
    variant = (idx // 3) % N_VARIANTS
    quick = (variant & 1).astype(np.int64)
    bonanza = ((variant >> 1) & 1).astype(np.int64)
    strict = ((variant >> 2) & 1).astype(np.int64)
    failures = np.zeros(games, dtype=np.int64)
    t = time.perf_counter()
    steps = _run(c, players, seeds, quick, bonanza, strict, failures)
    bad = [
        (int(seeds[g]), int(players[g]), int(variant[g]), _name(int(failures[g])))
        for g in np.nonzero(failures)[0]
    ]
    return {
        "games": games,
        "steps": int(steps),
        "failures": bad,
        "seconds": time.perf_counter() - t,
    }


def _name(code: int) -> str:
    return "game does not end" if code < 0 else INVARIANT_NAMES[code]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    out = run(a.games, a.seed)
    print(
        f"{out['games']} games, {out['steps']} steps checked, "
        f"{len(out['failures'])} failures, {out['seconds']:.1f} s"
    )
    for seed, players, variant, what in out["failures"][:20]:
        print(f"  seed {seed}, {players} players, variant {variant}: {what}")


if __name__ == "__main__":
    main()
