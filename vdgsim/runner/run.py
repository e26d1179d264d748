"""Simulate a table of players over many games: chunks, seeds, backends, run directory.

>>> run = simulate(["random"] * 4, games=20_000, seed=1, jobs=2, out="runs/r1")
>>> run.players.group_by("seat").agg(pl.col("win_share").mean())
"""

from __future__ import annotations

import io
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from strategies.registry import resolve
from vdgsim.components import Components, default_components
from vdgsim.runner import output as O
from vdgsim.runner.backends import run_tasks
from vdgsim.runner.chunk import TABLES, ChunkResult, ChunkTask, run_chunk
from vdgsim.runner.seeds import MAX_ROOT_SEED, Chunk, plan_chunks

DEFAULT_CHUNK_SIZE = 10_000
Progress = Callable[[int], None]


@dataclass(frozen=True)
class RunSpec:
    """What a run plays: a line-up (one strategy per seat), games, seeds, chunking, records."""

    lineup: tuple[str, ...]
    games: int
    seed: int = 0
    chunk_size: int = DEFAULT_CHUNK_SIZE
    rotate: bool = False
    crn: bool = True
    decisions: float = 0.0

    @property
    def players(self) -> int:
        return len(self.lineup)

    def rotations(self) -> list[tuple[str, ...]]:
        """Strategy per seat for each rotation: rotation r seats ``lineup[(seat + r) % P]``."""
        p = self.players
        if not self.rotate:
            return [self.lineup]
        return [tuple(self.lineup[(seat + r) % p] for seat in range(p)) for r in range(p)]

    @property
    def deal_group(self) -> int:
        """Games that share one deal (the rotations of a line-up, with common random numbers)."""
        return self.players if self.rotate and self.crn else 1


def make_spec(
    lineup: Sequence[str],
    games: int,
    seed: int = 0,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    rotate: bool = False,
    crn: bool = True,
    decisions: float = 0.0,
) -> RunSpec:
    """Check the arguments of a run and normalise them into a :class:`RunSpec`.

    With seat rotation the game count and chunk size are rounded up to multiples of the
    player count, so every strategy plays every seat equally often and no chunk splits the
    rotations of a deal.
    """
    lineup = tuple(lineup)
    if not 2 <= len(lineup) <= 4:
        raise ValueError(f"Vasco da Gama is for 2 to 4 players, got {len(lineup)} strategies")
    for name in set(lineup):
        resolve(name)  # raises UnknownPresetError
    if games < 1:
        raise ValueError(f"games must be at least 1, got {games}")
    if not 0 <= seed <= MAX_ROOT_SEED:
        raise ValueError(f"seed must be in 0..2**63-1, got {seed}")
    if chunk_size < 1:
        raise ValueError(f"chunk size must be at least 1, got {chunk_size}")
    if not 0.0 <= decisions <= 1.0:
        raise ValueError(f"decisions must be a fraction in 0..1, got {decisions}")
    if rotate:
        p = len(lineup)
        games = -(-games // p) * p
        chunk_size = -(-chunk_size // p) * p
    return RunSpec(lineup, games, seed, chunk_size, rotate, crn, float(decisions))


def _tables(spec: RunSpec) -> tuple[str, ...]:
    return TABLES if spec.decisions > 0 else TABLES[:2]


def _tasks(spec: RunSpec, components: Components, chunks: list[Chunk]) -> list[ChunkTask]:
    rotations = spec.rotations()
    params = np.stack([_params_table(r) for r in rotations])
    return [
        ChunkTask(
            chunk=ch,
            root_seed=spec.seed,
            players=spec.players,
            components=np.asarray(components.array),
            params=params,
            seat_strategies=tuple(rotations),
            crn=spec.deal_group > 1,
            decisions=spec.decisions,
        )
        for ch in chunks
    ]


def _params_table(seats: Sequence[str]) -> np.ndarray:
    from strategies.registry import params_table

    return params_table(list(seats))


def _identity(spec: RunSpec, components: Components) -> dict[str, Any]:
    """The settings that must match for ``--resume`` to continue a run."""
    return {
        "players": spec.players,
        "lineup": list(spec.lineup),
        "games": spec.games,
        "seed": spec.seed,
        "chunk_size": spec.chunk_size,
        "rotate": spec.rotate,
        "common_random_numbers": spec.deal_group > 1,
        "decisions": spec.decisions,
        "components_digest": components.digest,
        "parameters": {n: [float(v) for v in resolve(n)] for n in sorted(set(spec.lineup))},
    }


def _new_manifest(spec: RunSpec, components: Components, n_chunks: int) -> dict[str, Any]:
    from vdgsim import __version__

    ident = _identity(spec, components)
    return {
        "format": O.FORMAT_VERSION,
        "vdgsim_version": __version__,
        "git_commit": O.git_commit(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "components": {"source": components.source, "digest": components.digest},
        "strategies": {n: ident["parameters"][n] for n in sorted(set(spec.lineup))},
        "seat_strategies": [list(r) for r in spec.rotations()],
        "seeds": {
            "root": spec.seed,
            "scheme": "chunk k: numpy SeedSequence(root).spawn(...)[k]; game seeds from its "
            "generate_state(uint64) >> 1"
            + ("; the rotations of a line-up share one seed" if spec.deal_group > 1 else ""),
        },
        "run": ident,
        "tables": list(_tables(spec)),
        "counts": {"games": 0, "chunks": n_chunks, "chunks_done": 0},
        "chunks": [],
        "log_overflows": 0,
        "wall_seconds": 0.0,
        "sessions": [],
        "complete": False,
    }


@dataclass
class Run:
    """A run's tables as polars DataFrames, read from the run directory on first use."""

    manifest: dict[str, Any]
    path: Path | None = None
    _frames: dict[str, pl.DataFrame] = field(default_factory=dict, repr=False)

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy frame over every complete chunk of ``table`` (for runs too big to load)."""
        if table in self._frames:
            return self._frames[table].lazy()
        if self.path is None or table not in self.manifest["tables"]:
            raise KeyError(f"this run has no {table!r} table")
        files = sorted((self.path / table).glob("chunk-*.parquet"))
        if not files:
            raise KeyError(f"this run has no complete chunks of {table!r}")
        return pl.scan_parquet(files)

    def table(self, table: str) -> pl.DataFrame:
        if table not in self._frames:
            self._frames[table] = self.scan(table).collect().sort("game", maintain_order=True)
        return self._frames[table]

    @property
    def games(self) -> pl.DataFrame:
        """One row per game."""
        return self.table("games")

    @property
    def players(self) -> pl.DataFrame:
        """One row per player per game."""
        return self.table("players")

    @property
    def decisions(self) -> pl.DataFrame | None:
        """Decision rows (None when the run recorded none)."""
        if "decisions" not in self.manifest["tables"]:
            return None
        return self.table("decisions")

    @property
    def complete(self) -> bool:
        return bool(self.manifest.get("complete"))


def load_run(path: str | Path) -> Run:
    """Reload a run directory; its tables are polars DataFrames (``run.players`` ...)."""
    path = Path(path)
    return Run(O.read_manifest(path), path)


def warm_up(components: Components) -> None:
    """Compile (or load from numba's cache) the chunk loop here, before workers start.

    Local workers are then pointed at this process's numba cache directory: the directory
    is named after a hash of the sources, and a worker started after an edit would otherwise
    compile everything again on its own.
    """
    import os

    import numba

    os.environ.setdefault("NUMBA_CACHE_DIR", str(numba.config.CACHE_DIR))
    spec = make_spec(["random", "random"], games=1)
    run_chunk(_tasks(spec, components, plan_chunks(1, 1))[0])


def simulate(
    lineup: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    out: str | Path | None = None,
    jobs: int = 1,
    backend: str = "loky",
    scheduler: str | None = None,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    rotate: bool = False,
    crn: bool = True,
    decisions: float = 0.0,
    components: Components | None = None,
    resume: bool = False,
    force: bool = False,
    progress: Progress | None = None,
) -> Run:
    """Play ``games`` games of the line-up (one strategy name per seat) and record them.

    Results depend only on the line-up, ``games``, ``seed``, ``chunk_size``, ``rotate``,
    ``crn``, ``decisions`` and the component data: never on ``jobs`` or ``backend``. With
    ``out`` the tables go to a run directory chunk by chunk (``resume`` finishes a killed
    run, ``force`` replaces an old one); without it they are kept in memory.
    ``progress`` is called with the number of games each finished chunk adds.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    spec = make_spec(lineup, games, seed, chunk_size, rotate, crn, decisions)
    components = components if components is not None else default_components()
    chunks = plan_chunks(spec.games, spec.chunk_size)
    tables = _tables(spec)
    run_dir = Path(out) if out is not None else None
    manifest = _new_manifest(spec, components, len(chunks))
    done: set[int] = set()
    if run_dir is not None:
        O.prepare_run_dir(run_dir, tables, resume, force)
        if resume and (run_dir / O.MANIFEST).exists():
            manifest = _resume_manifest(run_dir, spec, components, tables)
            done = {c["index"] for c in manifest["chunks"]}
        O.write_manifest(run_dir, manifest)
    todo = [ch for ch in chunks if ch.index not in done]
    if progress is not None and done:
        progress(sum(ch.games for ch in chunks if ch.index in done))
    if todo and (jobs > 1 or backend == "dask") and not scheduler:
        warm_up(components)

    t0 = time.perf_counter()
    session = {"started": datetime.now(UTC).isoformat(timespec="seconds"), "backend": backend}
    session["jobs"] = jobs
    frames: dict[str, list[pl.DataFrame]] = {t: [] for t in tables}
    last_write = time.monotonic()
    for result in run_tasks(_tasks(spec, components, todo), backend, jobs, scheduler):
        entry = _chunk_entry(result, chunks[result.index])
        if run_dir is not None:
            for t in tables:
                O.atomic_write_bytes(O.chunk_path(run_dir, t, result.index), result.tables[t])
        else:
            for t in tables:
                frames[t].append(pl.read_parquet(io.BytesIO(result.tables[t])))
        manifest["chunks"].append(entry)
        manifest["log_overflows"] += result.log_overflows
        _update_counts(manifest)
        if run_dir is not None and time.monotonic() - last_write > 2.0:
            O.write_manifest(run_dir, manifest)
            last_write = time.monotonic()
        if progress is not None:
            progress(result.games)
    elapsed = time.perf_counter() - t0
    session["seconds"] = round(elapsed, 3)
    session["games"] = sum(ch.games for ch in todo)
    manifest["sessions"].append(session)
    manifest["wall_seconds"] = round(manifest["wall_seconds"] + elapsed, 3)
    manifest["chunks"].sort(key=lambda c: c["index"])
    manifest["complete"] = len(manifest["chunks"]) == len(chunks)
    if run_dir is not None:
        O.write_manifest(run_dir, manifest)
        return Run(manifest, run_dir)
    return Run(
        manifest,
        None,
        {t: pl.concat(v).sort("game") for t, v in frames.items() if v},
    )


def _chunk_entry(result: ChunkResult, chunk: Chunk) -> dict[str, Any]:
    return {
        "index": result.index,
        "first_game": chunk.first,
        "games": result.games,
        "rows": result.rows,
        "seconds": round(result.seconds, 3),
        "log_overflows": result.log_overflows,
    }


def _update_counts(manifest: dict[str, Any]) -> None:
    counts = manifest["counts"]
    counts["games"] = sum(c["games"] for c in manifest["chunks"])
    counts["chunks_done"] = len(manifest["chunks"])
    for t in manifest["tables"]:
        counts[f"{t}_rows"] = sum(c["rows"].get(t, 0) for c in manifest["chunks"])


def _resume_manifest(
    run_dir: Path, spec: RunSpec, components: Components, tables: tuple[str, ...]
) -> dict[str, Any]:
    """The old manifest, checked against this run's settings, listing chunks found on disk."""
    import pyarrow.parquet as pq

    manifest = O.read_manifest(run_dir)
    old = manifest.get("run", {})
    new = _identity(spec, components)
    diff = [k for k in new if old.get(k) != new[k]]
    if diff:
        raise O.RunDirError(
            f"cannot resume {run_dir}: it was started with different settings ({', '.join(diff)})"
        )
    on_disk = O.complete_chunks(run_dir, tables)
    known = {c["index"]: c for c in manifest["chunks"] if c["index"] in on_disk}
    plan = {ch.index: ch for ch in plan_chunks(spec.games, spec.chunk_size)}
    for idx in sorted(on_disk - set(known)):
        # written before the kill but after the last manifest update
        rows = {t: pq.ParquetFile(O.chunk_path(run_dir, t, idx)).metadata.num_rows for t in tables}
        ch = plan[idx]
        known[idx] = {
            "index": idx,
            "first_game": ch.first,
            "games": ch.games,
            "rows": rows,
            "seconds": None,
            "log_overflows": int(
                pl.read_parquet(O.chunk_path(run_dir, "games", idx), columns=["log_overflow"])
                .get_column("log_overflow")
                .sum()
            ),
        }
    manifest["chunks"] = sorted(known.values(), key=lambda c: c["index"])
    manifest["log_overflows"] = sum(c["log_overflows"] for c in manifest["chunks"])
    manifest["complete"] = False
    _update_counts(manifest)
    return manifest
