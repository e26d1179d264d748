"""`vdg bench --scale`: a million four-player games through the batch runner.

Measures wall time, games per second and peak memory of the whole process tree (the driver
plus its worker processes, sampled with psutil, and the kernel's high-water marks from
``getrusage``), with the per-player table on and decisions off, as ``vdg simulate`` runs.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import psutil

from strategies.vasco.registry import available
from vdgsim.runner.run import simulate


class _TreeMemory:
    """Samples the summed resident memory of this process and all its descendants."""

    def __init__(self, interval: float = 0.2) -> None:
        self.interval = interval
        self.peak = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _sample(self) -> int:
        me = psutil.Process()
        total = 0
        for p in [me, *me.children(recursive=True)]:
            try:
                total += p.memory_info().rss
            except (psutil.NoSuchProcess, psutil.AccessDenied):
                continue
        return total

    def _loop(self) -> None:
        while not self._stop.is_set():
            self.peak = max(self.peak, self._sample())
            self._stop.wait(self.interval)

    def __enter__(self) -> _TreeMemory:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        self.peak = max(self.peak, self._sample())


def _maxrss_bytes(who: int) -> int:
    # ru_maxrss is in kilobytes on Linux, bytes on macOS
    scale = 1 if sys.platform == "darwin" else 1024
    return resource.getrusage(who).ru_maxrss * scale


def scale_benchmark(
    games: int = 1_000_000,
    jobs: int = 2,
    players: int = 4,
    strategy: str | None = None,
    chunk_size: int = 10_000,
    backend: str = "loky",
    out: str | Path | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """Simulate ``games`` games into a run directory and report how long and how much memory.

    ``strategy`` defaults to ``"default"`` when that preset exists, else ``"random"``. The run
    directory goes to a temporary directory (deleted afterwards) unless ``out`` is given.
    """
    if strategy is None:
        strategy = "default" if "default" in available() else "random"
    with tempfile.TemporaryDirectory(prefix="vdg-scale-") as tmp:
        run_dir = Path(out) if out is not None else Path(tmp) / "run"
        with _TreeMemory() as mem:
            t0 = time.perf_counter()
            run = simulate(
                [strategy] * players,
                games,
                seed,
                out=run_dir,
                jobs=jobs,
                backend=backend,
                chunk_size=chunk_size,
                force=out is not None,
            )
            wall = time.perf_counter() - t0
        size = sum(f.stat().st_size for f in run_dir.rglob("*.parquet"))
        return {
            "benchmark": "scale",
            "games": run.manifest["counts"]["games"],
            "players": players,
            "policy": strategy,
            "jobs": jobs,
            "backend": backend,
            "chunk_size": chunk_size,
            "wall_seconds": round(wall, 2),
            "games_per_second": round(run.manifest["counts"]["games"] / wall, 1),
            "peak_memory_bytes": mem.peak,
            "peak_memory_mb": round(mem.peak / 2**20, 1),
            "maxrss_driver_mb": round(_maxrss_bytes(resource.RUSAGE_SELF) / 2**20, 1),
            "maxrss_largest_child_mb": round(_maxrss_bytes(resource.RUSAGE_CHILDREN) / 2**20, 1),
            "output_mb": round(size / 2**20, 1),
            "players_rows": run.manifest["counts"]["players_rows"],
        }
