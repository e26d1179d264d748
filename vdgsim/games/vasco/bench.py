"""Speed measurements for `vdg bench`: games per second on one core.

The compiled loop plays whole games inside numba; the Python loop drives the same engine one
decision at a time through the public API (``legal_actions`` / ``apply_action``), asking the
same compiled policy for each choice. Both are measured after a warm-up, so compilation and
cache loading are not counted.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace

import numpy as np

from strategies.vasco.loop import play_games
from strategies.vasco.python_loop import play_python, preset_player
from strategies.vasco.registry import params_table
from vdgsim.core.interrupts import timed_batches
from vdgsim.games.vasco.components import Components
from vdgsim.games.vasco.game import new_game


@dataclass(frozen=True)
class BenchResult:
    """One measurement, or with ``runs`` > 1 the median of that many (:func:`median_result`):
    ``games`` is one run's, ``seconds`` the median run's time, and the low and high games per
    second are the slowest and fastest run's (a single run's own figure otherwise)."""

    players: int
    policy: str
    loop: str  # "compiled" or "python"
    games: int
    seconds: float
    games_per_second: float
    runs: int = 1
    games_per_second_low: float | None = None
    games_per_second_high: float | None = None

    def __post_init__(self) -> None:
        if self.games_per_second_low is None:
            object.__setattr__(self, "games_per_second_low", self.games_per_second)
        if self.games_per_second_high is None:
            object.__setattr__(self, "games_per_second_high", self.games_per_second)

    def as_dict(self) -> dict:
        return asdict(self)


def median_result(results: Sequence[BenchResult]) -> BenchResult:
    """Runs of one measurement as one result: the median run's games per second (and its
    time), with the range. A shared machine varies by 10-15% from run to run, more than most
    differences worth measuring."""
    if not results:
        raise ValueError("no runs to combine")
    rates = sorted(r.games_per_second for r in results)
    median = statistics.median(rates)
    return replace(
        results[0],
        seconds=results[0].games / median,
        games_per_second=median,
        runs=len(results),
        games_per_second_low=rates[0],
        games_per_second_high=rates[-1],
    )


def bench_compiled(comp: Components, players: int, policy: str, games: int) -> BenchResult:
    """Games per second of the compiled whole-game loop (seeds 0..games-1)."""
    params = params_table([policy] * players)
    play_games(comp, players, np.arange(50, dtype=np.int64), params)  # warm-up
    dt, _ = timed_batches(
        lambda seeds: play_games(comp, players, seeds, params), np.arange(games, dtype=np.int64)
    )
    return BenchResult(players, policy, "compiled", games, dt, games / dt)


def bench_python(comp: Components, players: int, policy: str, games: int) -> BenchResult:
    """Games per second of the Python step loop over the same engine and policy."""
    seats = [preset_player(policy)] * players

    def one(seed: int) -> None:
        play_python(new_game(players=players, seed=seed, components=comp), seats)

    one(0)  # warm-up
    t0 = time.perf_counter()
    for seed in range(games):
        one(seed)
    dt = time.perf_counter() - t0
    return BenchResult(players, policy, "python", games, dt, games / dt)
