"""Figures of Goa's search players (run, not tested): the win share of one player against
another with a Wilson 95% interval, and its speed.

    python -m strategies.goa.search.figures --games 40 --player mc --opponent default
    python -m strategies.goa.search.figures --games 40 --player ismcts --opponent mc --players 2

The ``--player`` sits in seat ``game mod players`` (seats rotated) against ``--opponent`` in
every other seat (any Goa player name: a preset, ``mc:...`` or ``ismcts:...``); a game is a pure
function of its seed, so every figure is reproducible. Speed is given in wall-clock and process
CPU time, since the machine may be shared.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from strategies.goa import lineup_params, play_games
from vdgsim.core.stats import wilson_interval
from vdgsim.games.goa.components import default_components


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--player", default="mc")
    ap.add_argument("--opponent", default="default")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    comp = default_components()
    warm = lineup_params([a.player] + [a.opponent] * (a.players - 1), a.players)
    play_games(comp, a.players, np.array([0]), warm)  # compiles outside the timing
    won = 0.0
    lead = 0.0
    start = time.perf_counter()
    cpu = time.process_time()
    for g in range(a.games):
        seat = g % a.players
        names = [a.opponent] * a.players
        names[seat] = a.player
        seeds = np.array([a.seed + g])
        vp, share = play_games(comp, a.players, seeds, lineup_params(names, a.players))
        won += share[0, seat]
        lead += vp[0, seat] - max(vp[0, q] for q in range(a.players) if q != seat)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    lo, hi = wilson_interval(won, a.games)
    print(
        f"{a.player} vs {a.players - 1} {a.opponent}, {a.games} games, seats rotated, "
        f"seeds from {a.seed}"
    )
    print(
        f"win share {won / a.games:.3f}  Wilson 95% [{lo:.3f}, {hi:.3f}]"
        f"  (equal play: {1 / a.players:.3f})"
    )
    print(f"mean VP lead over the best rival {lead / a.games:+.2f}")
    print(f"{a.games / seconds:.3f} games/s ({seconds:.1f} s, {cpu / a.games:.1f} s CPU a game)")


if __name__ == "__main__":
    main()
