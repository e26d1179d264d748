"""Figures of the Goa players (a measurement, not a test).

``python -m strategies.goa.figures --games 1000`` prints, with Wilson 95% intervals and
seats rotated (every preset plays every seat equally often, on the same seeds):
- ``default`` against 3 ``random`` (4 players) and against 1 ``random`` (2 players);
- each style preset against 3 ``default`` (4 players);
- compiled 4-player ``default`` games per second on one core.
"""

from __future__ import annotations

import argparse
import platform
import time
from datetime import UTC, datetime

import numpy as np

from strategies.goa import PRESETS, lineup_params, play_games
from vdgsim.core.stats import wilson_interval
from vdgsim.games.goa.components import default_components


def rotated(hero: str, field: str, players: int, games: int, root: int) -> tuple[float, int, float]:
    """Win share and mean VP of ``hero`` against ``players - 1`` copies of ``field``, the
    hero in each seat for ``games / players`` games."""
    comp = default_components()
    per_seat = games // players
    wins = 0.0
    vp_sum = 0.0
    for seat in range(players):
        names = [field] * players
        names[seat] = hero
        seeds = np.arange(root, root + per_seat)
        vp, share = play_games(comp, players, seeds, lineup_params(names, players))
        wins += float(share[:, seat].sum())
        vp_sum += float(vp[:, seat].sum())
    n = per_seat * players
    return wins, n, vp_sum / n


def speed(games: int) -> tuple[float, float]:
    """Compiled 4-player ``default`` games per second: wall clock and CPU time."""
    comp = default_components()
    params = lineup_params(["default"] * 4, 4)
    play_games(comp, 4, np.arange(2), params)  # compile or load before timing
    t = time.perf_counter()
    cpu = time.process_time()
    play_games(comp, 4, np.arange(10_000, 10_000 + games), params)
    return games / (time.perf_counter() - t), games / (time.process_time() - cpu)


def _line(label: str, wins: float, n: int, vp: float) -> str:
    lo, hi = wilson_interval(wins, n)
    return f"| {label} | {n} | {wins / n:.1%} | {lo:.1%} – {hi:.1%} | {vp:.1f} |"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per line-up")
    ap.add_argument("--speed-games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=20_261_126, help="first seed")
    args = ap.parse_args()
    print(f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {platform.machine()}, {platform.processor()}")
    print("| line-up | games | win share | Wilson 95% | mean VP |")
    print("|---|---|---|---|---|")
    print(_line("`default` vs 3 `random`", *rotated("default", "random", 4, args.games, args.seed)))
    print(_line("`default` vs 1 `random`", *rotated("default", "random", 2, args.games, args.seed)))
    for name in PRESETS:
        if name not in ("default", "random"):
            print(
                _line(
                    f"`{name}` vs 3 `default`", *rotated(name, "default", 4, args.games, args.seed)
                )
            )
    wall, cpu = speed(args.speed_games)
    print(f"\ncompiled `default` x4, 4 players: {wall:.0f} games/s wall, {cpu:.0f} games/s CPU")


if __name__ == "__main__":
    main()
