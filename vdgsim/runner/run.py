"""Simulate a table of players over many games: chunks, seeds, backends, run directory.

>>> run = simulate(["random"] * 4, games=20_000, seed=1, jobs=2, out="runs/r1")
>>> run.players.group_by("seat").agg(pl.col("win_share").mean())
"""

from __future__ import annotations

import contextlib
import io
import json
import shlex
import signal
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from vdgsim.core import plug
from vdgsim.core.interrupts import is_interrupt
from vdgsim.core.plug import Game, GameComponents, game_of, implicit_key
from vdgsim.runner import output as O
from vdgsim.runner.backends import Executor, check_backend, open_backend
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
    ships: bool = False
    game: str = field(default_factory=implicit_key)  # a key of vdgsim.core.plug
    auctions: bool = False

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
    ships: bool = False,
    game: str | None = None,
    auctions: bool = False,
) -> RunSpec:
    """Check the arguments of a run and normalise them into a :class:`RunSpec`.

    With seat rotation the game count and chunk size are rounded up to multiples of the
    player count, so every strategy plays every seat equally often and no chunk splits the
    rotations of a deal. ``game`` is a key of :mod:`vdgsim.core.plug` (default: the implicit
    game); ``decisions``, ``ships`` and ``auctions`` are optional tables, each recorded by the
    games that declare it.
    """
    g = game_of(game)
    lineup = tuple(lineup)
    if len(lineup) not in g.player_counts:
        raise ValueError(
            f"{g.title} is for {g.counts_text()} players, got {len(lineup)} strategies"
        )
    for name in set(lineup):
        g.parameter_row(name)  # raises the game's unknown-preset error
    for table, asked in (("decisions", decisions > 0), ("ships", ships), ("auctions", auctions)):
        if asked and table not in g.optional_tables:
            others = " or ".join(
                o.title for o in plug.games().values() if table in o.optional_tables
            )
            raise ValueError(
                f"a {g.title} run records no {table} table (only {others}'s runs have one)"
            )
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
    return RunSpec(
        lineup, games, seed, chunk_size, rotate, crn, float(decisions), ships, g.key, auctions
    )


def _tables(spec: RunSpec) -> tuple[str, ...]:
    optional = {"decisions": spec.decisions > 0, "ships": spec.ships, "auctions": spec.auctions}
    return tuple(t for t in TABLES if optional.get(t, True))


def _tasks(spec: RunSpec, components: GameComponents, chunks: list[Chunk]) -> list[ChunkTask]:
    rotations = spec.rotations()
    params = np.stack([game_of(spec.game).params_table(r) for r in rotations])
    # only a Goa run with an auctions table reads them (Vasco da Gama's components have none)
    tile_names = tuple(getattr(components, "tile_names", ())) if spec.auctions else ()
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
            ships=spec.ships,
            game=spec.game,
            auctions=spec.auctions,
            tile_names=tile_names,
        )
        for ch in chunks
    ]


def _identity(spec: RunSpec, components: GameComponents) -> dict[str, Any]:
    """The settings that must match for ``--resume`` to continue a run."""
    row = game_of(spec.game).parameter_row
    ident: dict[str, Any] = {
        "players": spec.players,
        "lineup": list(spec.lineup),
        "games": spec.games,
        "seed": spec.seed,
        "chunk_size": spec.chunk_size,
        "rotate": spec.rotate,
        "common_random_numbers": spec.deal_group > 1,
        "decisions": spec.decisions,
        "components_digest": components.digest,
        # the rows played: a preset may have values for one player count
        "parameters": {
            n: [float(v) for v in row(n, spec.players)] for n in sorted(set(spec.lineup))
        },
    }
    # only when on, so that runs written before the ships table existed still resume
    if spec.ships:
        ident["ships"] = True
    if spec.auctions:
        ident["auctions"] = True
    # not for the implicit game, so that runs written before there were several games still
    # resume and their manifests are as they were
    ident.update(game_of(spec.game).recorded())
    return ident


def _row_identity(row: Sequence[float]) -> tuple[float, ...]:
    """A parameter row without its trailing zeros. A game's row grows at its end and a new
    column's 0 means "not used", so a run recorded before its game's row grew still resumes
    with the rows it played; a row whose values moved to other columns does not."""
    values = [float(v) for v in row]
    while values and values[-1] == 0.0:
        values.pop()
    return tuple(values)


def identity_differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The settings of ``new`` (a run's identity, :func:`_identity`) that ``old`` (the one
    recorded) does not match."""

    def same(key: str) -> bool:
        a, b = old.get(key), new[key]
        if key == "parameters" and isinstance(a, dict) and a.keys() == b.keys():
            return all(_row_identity(a[n]) == _row_identity(b[n]) for n in b)
        return a == b

    return [k for k in new if not same(k)]


def run_game(manifest: dict[str, Any]) -> Game:
    """The game a run directory's manifest was played with."""
    return game_of(manifest.get("run", {}).get("game"))


def component_overrides(components: GameComponents) -> dict[str, Any] | None:
    """The values that differ from the component file, as ``--set`` keys (None: unknown).

    Found by comparing with the file itself, so it holds however the values were changed
    (``--set``, a dict of overrides, an edited mapping).
    """
    import tomllib

    try:
        base = tomllib.loads(Path(components.source).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError):
        return None
    diff: dict[str, Any] = {}

    def walk(a: Any, b: Any, key: str) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for k in sorted(set(a) | set(b), key=str):
                walk(a.get(k), b.get(k), f"{key}.{k}" if key else str(k))
        elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                walk(x, y, f"{key}.{i}")
        elif a != b:
            diff[key] = b

    walk(base, components.data, "")
    return diff


def versions() -> dict[str, str]:
    """Versions of what decides the games and the files: Python, numba, numpy, polars..."""
    import platform

    import numba
    import pyarrow

    from vdgsim import __version__

    return {
        "vdgsim": __version__,
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": np.__version__,
        "polars": pl.__version__,
        "pyarrow": pyarrow.__version__,
    }


def command_line() -> list[str]:
    """This process's command line (the program as its file name: ``vdg``, ``cli.py``...)."""
    if not sys.argv or not sys.argv[0]:
        return []
    return [Path(sys.argv[0]).name, *sys.argv[1:]]


def _new_manifest(spec: RunSpec, components: GameComponents, n_chunks: int) -> dict[str, Any]:
    from vdgsim import __version__

    ident = _identity(spec, components)
    return {
        "format": O.FORMAT_VERSION,
        "vdgsim_version": __version__,
        "git_commit": O.git_commit(),
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": command_line(),
        "versions": versions(),
        "components": {
            "source": components.source,
            "digest": components.digest,
            "overrides": component_overrides(components),
        },
        "strategies": {n: ident["parameters"][n] for n in sorted(set(spec.lineup))},
        "strategy_parameters": {
            n: game_of(spec.game).named_parameters(ident["parameters"][n])
            for n in sorted(set(spec.lineup))
        },
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
    """A run's tables as polars DataFrames, read from the run directory on first use.

    Before a table is first read from disk its chunk files are checked against the manifest
    (size, and sha256 unless ``checksum`` is off): a damaged file raises
    :class:`~vdgsim.runner.output.CorruptRunError` naming it, not a Parquet error.
    """

    manifest: dict[str, Any]
    path: Path | None = None
    _frames: dict[str, pl.DataFrame] = field(default_factory=dict, repr=False)
    checksum: bool = True
    _checked: set[str] = field(default_factory=set, repr=False)

    def scan(self, table: str) -> pl.LazyFrame:
        """A lazy frame over every complete chunk of ``table`` (for runs too big to load)."""
        if table in self._frames:
            return self._frames[table].lazy()
        if self.path is None or table not in self.manifest["tables"]:
            raise KeyError(f"this run has no {table!r} table")
        entries = sorted(self.manifest["chunks"], key=lambda c: c["index"])
        if not entries:
            raise KeyError(f"this run has no complete chunks of {table!r}")
        if table not in self._checked:
            _raise_if_damaged(
                self.path, self.manifest, O.check_chunks(self.path, entries, [table], self.checksum)
            )
            self._checked.add(table)
        # the manifest, not a directory listing: a file it does not record was never checked
        return pl.scan_parquet([O.chunk_path(self.path, table, c["index"]) for c in entries])

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
    def ships(self) -> pl.DataFrame | None:
        """One row per player ship sent (None when the run recorded none)."""
        if "ships" not in self.manifest["tables"]:
            return None
        return self.table("ships")

    @property
    def auctions(self) -> pl.DataFrame | None:
        """One row per auctioned item of a Goa run (None when the run recorded none)."""
        if "auctions" not in self.manifest["tables"]:
            return None
        return self.table("auctions")

    @property
    def complete(self) -> bool:
        return bool(self.manifest.get("complete"))

    @property
    def session(self) -> dict[str, Any]:
        """The last session: games played and chunks replayed by it, its seconds and status."""
        sessions = self.manifest.get("sessions") or [{}]
        return sessions[-1]


def load_run(path: str | Path, *, checksum: bool = True) -> Run:
    """Reload a run directory; its tables are polars DataFrames (``run.players`` ...).

    The size of every recorded chunk file is checked here, and each table's checksums when
    it is first read (``checksum=False`` skips them: sizes catch files cut short, checksums
    also changed bytes). A damaged run raises :class:`~vdgsim.runner.output.CorruptRunError`;
    an unfinished one (interrupted, killed, still being written) is read with a
    :class:`UnfinishedRunWarning`, since its tables hold only the chunks played so far.
    """
    path = Path(path)
    manifest = O.read_manifest(path)
    entries = manifest.get("chunks", [])
    _raise_if_damaged(
        path, manifest, O.check_chunks(path, entries, manifest.get("tables", []), checksum=False)
    )
    if not manifest.get("complete"):
        warnings.warn(_unfinished(manifest, path), UnfinishedRunWarning, stacklevel=2)
    return Run(manifest, path, checksum=checksum)


class UnfinishedRunWarning(UserWarning):
    """A run directory read before its run finished: its tables hold part of its games."""


def _unfinished(manifest: dict[str, Any], path: Path) -> str:
    sessions = manifest.get("sessions") or [{}]
    status = sessions[-1].get("status", "unknown")
    if status == "running":
        status = "running, or killed"
    counts = manifest.get("counts", {})
    return (
        f"run directory {path} is unfinished (last session: {status}); its tables hold "
        f"{counts.get('chunks_done', 0)} of {counts.get('chunks', '?')} chunks. Finish it with "
        f"`{resume_command(manifest, path)}`"
    )


def _raise_if_damaged(path: Path, manifest: dict[str, Any], problems: list[O.Problem]) -> None:
    if not problems:
        return
    files = "; ".join(str(p) for p in problems[:3])
    more = f" and {len(problems) - 3} more" if len(problems) > 3 else ""
    raise O.CorruptRunError(
        f"run directory {path} is damaged: {files}{more}. Replay the damaged chunks with "
        f"`{resume_command(manifest, path)}` (`vdg check {shlex.quote(str(path))}` lists them)"
    )


def _toml_value(value: Any) -> str:
    """``value`` as the TOML literal that ``--set KEY=VALUE`` reads back to the same value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return (
            "{"
            + ", ".join(f"{json.dumps(str(k))} = {_toml_value(v)}" for k, v in value.items())
            + "}"
        )
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return json.dumps(value)  # numbers, and strings as TOML basic strings


def resume_command(manifest: dict[str, Any], path: str | Path) -> str:
    """The ``vdg simulate ... --resume`` command that finishes or repairs this run directory."""
    game = run_game(manifest)
    ident = manifest.get("run", {})
    comp = manifest.get("components", {})
    args = ["vdg", "simulate"] + (["--game", game.key] if "game" in ident else [])
    args += ["--lineup", ",".join(ident.get("lineup", []))]
    args += ["--games", str(ident.get("games")), "--seed", str(ident.get("seed"))]
    args += ["--chunk-size", str(ident.get("chunk_size"))]
    if ident.get("rotate"):
        args.append("--rotate")
    if ident.get("decisions"):
        args += ["--decisions", str(ident["decisions"])]
    if ident.get("ships"):
        args.append("--ships")
    if ident.get("auctions"):
        args.append("--auctions")
    if comp.get("source") and Path(comp["source"]) != game.default_data():
        args += ["--data", comp["source"]]
    for key, value in (comp.get("overrides") or {}).items():
        args += ["--set", f"{key}={_toml_value(value)}"]
    args += ["--out", str(path), "--resume"]
    return shlex.join(args)


def warm_up(components: GameComponents, game: str | None = None) -> None:
    """Compile (or load from numba's cache) the game's chunk loop here, before workers start.

    Local workers are then pointed at this process's numba cache directory: the directory
    is named after a hash of the sources, and a worker started after an edit would otherwise
    compile everything again on its own.
    """
    import os

    import numba

    os.environ.setdefault("NUMBA_CACHE_DIR", str(numba.config.CACHE_DIR))
    spec = make_spec(["random", "random"], games=1, game=game)
    run_chunk(_tasks(spec, components, plan_chunks(1, 1))[0])


def run_tasks(tasks: list[ChunkTask], executor: Executor) -> Iterator[ChunkResult]:
    """Where :func:`simulate` sends its chunks (tests wrap it to interrupt a run)."""
    return executor.run(tasks)


class Terminated(SystemExit):
    """SIGTERM arrived during a run (exit status 143, as the signal's default would give)."""


@contextlib.contextmanager
def _sigterm_raises() -> Iterator[None]:
    """Turn SIGTERM into an exception while a run plays, so its manifest is brought up to date.

    Only where Python lets us (the main thread) and only if nobody else handles the signal.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return

    def handler(signum: int, frame: object) -> None:
        raise Terminated(128 + signum)

    signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


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
    ships: bool = False,
    auctions: bool = False,
    components: GameComponents | None = None,
    resume: bool = False,
    force: bool = False,
    progress: Progress | None = None,
    game: str | None = None,
    extend: bool = False,
) -> Run:
    """Play ``games`` games of the line-up (one strategy name per seat) and record them.

    ``game`` is a key of :mod:`vdgsim.core.plug` (default: the implicit game); ``components``
    must be that game's (default: its packaged data).

    Results depend only on the line-up, ``games``, ``seed``, ``chunk_size``, ``rotate``,
    ``crn``, ``decisions`` and the component data: never on ``jobs`` or ``backend``.
    ``ships`` adds a ships table (one row per player ship sent, read from the same games'
    event logs; the other tables are the same with or without it). With
    ``out`` the tables go to a run directory chunk by chunk (``resume`` finishes a killed
    run and replays damaged chunks, ``force`` replaces an old one); without it they are kept
    in memory. ``auctions`` (Goa only) adds an auctions table: one row per auctioned item,
    its lot, owner, buyer and price (read from the games' event logs; the other tables are
    the same with or without it). ``progress`` is called with the number of games each
    finished chunk adds. ``extend`` (with ``resume``) lets a run recorded with fewer games,
    a whole number of chunks, grow to ``games``: a chunk's games depend only on the root seed
    and its index, so the recorded chunks are the first chunks of the larger run.

    Everything that can be refused (settings, run directory, backend) is refused before the
    run directory is created or changed.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    check_backend(backend, scheduler)
    spec = make_spec(lineup, games, seed, chunk_size, rotate, crn, decisions, ships, game, auctions)
    components = components if components is not None else game_of(game).default_components()
    chunks = plan_chunks(spec.games, spec.chunk_size)
    tables = _tables(spec)
    run_dir = Path(out) if out is not None else None
    # held from the first look at the folder to its last write: no other run may replace,
    # resume or repair it meanwhile
    with O.dir_lock(run_dir) if run_dir is not None else contextlib.nullcontext():
        manifest = _new_manifest(spec, components, len(chunks))
        damaged: list[O.Problem] = []
        # a replayed chunk must come out as it was first written (the games are a function of the
        # seeds): a differing file means the code or a library changed in between
        expected: dict[int, dict[str, Any]] = {}
        resuming = grown = False
        if run_dir is not None:
            O.check_run_dir(run_dir, resume, force)
            resuming = resume and (run_dir / O.MANIFEST).exists()
            if resuming:
                manifest, damaged, expected = _resume_manifest(
                    run_dir, spec, components, tables, extend
                )
                grown = manifest["counts"]["chunks"] != len(chunks)
                manifest["counts"]["chunks"] = len(chunks)
        done = {c["index"] for c in manifest["chunks"]}
        todo = [ch for ch in chunks if ch.index not in done]
        replayed = sorted({p.chunk for p in damaged if p.chunk is not None})
        if todo and (jobs > 1 or backend == "dask") and not scheduler:
            warm_up(components, game)

        with open_backend(backend, jobs, scheduler) if todo else _no_backend() as executor:
            # the backend is up: only now is the run directory created, emptied or repaired
            if run_dir is not None:
                O.prepare_run_dir(run_dir, tables, resume, force)
                for p in damaged:
                    if p.path is not None:
                        p.path.unlink(missing_ok=True)
            session: dict[str, Any] = {
                "started": datetime.now(UTC).isoformat(timespec="seconds"),
                "status": "running",
                "command": command_line(),
                "backend": backend,
                "jobs": jobs,
                "versions": versions(),
                "games": 0,
                "chunks_replayed": replayed,
            }
            if scheduler:
                session["scheduler"] = scheduler
            if damaged:
                session["damaged_files"] = [str(p) for p in damaged]
            manifest["sessions"].append(session)
            if run_dir is not None:
                O.write_manifest(run_dir, manifest)
            # a run that grows was counted when its earlier games were played
            if progress is not None and done and not grown:
                progress(sum(ch.games for ch in chunks if ch.index in done))
            frames = _play(
                spec,
                components,
                todo,
                chunks,
                executor,
                run_dir,
                manifest,
                session,
                progress,
                expected,
            )
        manifest["complete"] = len(manifest["chunks"]) == len(chunks)
        if run_dir is not None:
            O.write_manifest(run_dir, manifest)
            # every file it lists was hashed as it was written or checked as the resume began
            return Run(manifest, run_dir, _checked=set(tables))
        return Run(
            manifest,
            None,
            {t: pl.concat(v).sort("game") for t, v in frames.items() if v},
        )


@contextlib.contextmanager
def _no_backend() -> Iterator[Executor | None]:
    yield None


def _play(
    spec: RunSpec,
    components: GameComponents,
    todo: list[Chunk],
    chunks: list[Chunk],
    executor: Executor | None,
    run_dir: Path | None,
    manifest: dict[str, Any],
    session: dict[str, Any],
    progress: Progress | None,
    expected: dict[int, dict[str, Any]] | None = None,
) -> dict[str, list[pl.DataFrame]]:
    """Play the chunks ``todo``, recording each in the manifest as it is written.

    However the session ends (done, Ctrl-C, SIGTERM, an error) the manifest is brought up to
    date with the chunks written and the session's status; only a hard kill (kill -9, power
    loss) leaves it at "running", which the next ``--resume`` reports as "interrupted".
    """
    tables = _tables(spec)
    frames: dict[str, list[pl.DataFrame]] = {t: [] for t in tables}
    t0 = time.perf_counter()
    last_write = time.monotonic()
    status = "interrupted"
    try:
        with _sigterm_raises():
            results = run_tasks(_tasks(spec, components, todo), executor) if todo else []
            for result in results:
                entry = _chunk_entry(result, chunks[result.index])
                if run_dir is not None:
                    for t in tables:
                        data = result.tables[t]
                        O.atomic_write_bytes(O.chunk_path(run_dir, t, result.index), data)
                        entry["files"][t] = O.file_record(data)
                else:
                    for t in tables:
                        frames[t].append(pl.read_parquet(io.BytesIO(result.tables[t])))
                if (
                    expected
                    and result.index in expected
                    and expected[result.index] != entry["files"]
                ):
                    session.setdefault("replay_differs", []).append(result.index)
                manifest["chunks"].append(entry)
                manifest["log_overflows"] += result.log_overflows
                session["games"] += result.games
                _update_counts(manifest)
                if run_dir is not None and time.monotonic() - last_write > 2.0:
                    O.write_manifest(run_dir, manifest)
                    last_write = time.monotonic()
                if progress is not None:
                    progress(result.games)
        status = "done"
    except (KeyboardInterrupt, Terminated):
        raise
    except BaseException as e:
        if is_interrupt(e):
            raise KeyboardInterrupt from None
        status = "failed"
        session["error"] = f"{type(e).__name__}: {e}"
        raise
    finally:
        elapsed = time.perf_counter() - t0
        session["status"] = status
        session["seconds"] = round(elapsed, 3)
        manifest["wall_seconds"] = round(manifest["wall_seconds"] + elapsed, 3)
        manifest["chunks"].sort(key=lambda c: c["index"])
        if status != "done" and run_dir is not None:
            with contextlib.suppress(OSError):
                O.write_manifest(run_dir, manifest)
    return frames


def _chunk_entry(result: ChunkResult, chunk: Chunk) -> dict[str, Any]:
    return {
        "index": result.index,
        "first_game": chunk.first,
        "games": result.games,
        "rows": result.rows,
        "seconds": round(result.seconds, 3),
        "log_overflows": result.log_overflows,
        "files": {},
    }


def _update_counts(manifest: dict[str, Any]) -> None:
    counts = manifest["counts"]
    counts["games"] = sum(c["games"] for c in manifest["chunks"])
    counts["chunks_done"] = len(manifest["chunks"])
    for t in manifest["tables"]:
        counts[f"{t}_rows"] = sum(c["rows"].get(t, 0) for c in manifest["chunks"])


def check_run(
    run_dir: Path, checksum: bool = True
) -> tuple[dict[str, Any] | None, list[O.Problem]]:
    """Everything wrong with a run directory: its manifest, and every chunk file against it.

    Returns the manifest (None if unreadable) and the problems, each naming its file and
    chunk where it has one. An unfinished run is one problem (its missing chunks are not
    listed one by one).
    """
    try:
        manifest = O.read_manifest(run_dir)
    except O.RunDirError as e:
        return None, [O.Problem(str(e), run_dir / O.MANIFEST)]
    problems = []
    try:
        ident = manifest["run"]
        tables = list(manifest["tables"])
        entries = list(manifest["chunks"])
        plan = {ch.index: ch for ch in plan_chunks(ident["games"], ident["chunk_size"])}
    except (KeyError, TypeError, ValueError) as e:
        return None, [
            O.Problem(f"not a valid manifest ({e!r} missing or wrong)", run_dir / O.MANIFEST)
        ]
    malformed = [
        c for c in entries if not isinstance(c, dict) or not isinstance(c.get("index"), int)
    ]
    for c in malformed:
        problems.append(O.Problem(f"the manifest has a malformed chunk entry: {c!r:.60}"))
    entries = [c for c in entries if c not in malformed]
    seen: set[int] = set()
    for c in entries:
        ch = plan.get(c.get("index", -1))
        if (
            ch is None
            or c["index"] in seen
            or (c.get("first_game"), c.get("games"))
            != (
                ch.first,
                ch.games,
            )
        ):
            problems.append(
                O.Problem(f"the manifest's entry of chunk {c.get('index')} does not fit the run")
            )
        seen.add(c.get("index", -1))
    if sum(c.get("games", 0) for c in entries) != manifest.get("counts", {}).get("games"):
        problems.append(O.Problem("the manifest's game count disagrees with its chunks"))
    problems += O.check_chunks(run_dir, entries, tables, checksum)
    problems += O.unrecorded_files(run_dir, seen, tables)
    if len(seen & set(plan)) < len(plan):
        problems.append(
            O.Problem(
                f"unfinished: {len(seen & set(plan))} of {len(plan)} chunks recorded "
                "(a killed run, or one still being written)"
            )
        )
    return manifest, problems


def _resume_manifest(
    run_dir: Path,
    spec: RunSpec,
    components: GameComponents,
    tables: tuple[str, ...],
    extend: bool = False,
) -> tuple[dict[str, Any], list[O.Problem], dict[int, dict[str, Any]]]:
    """The old manifest, checked against this run's settings, and what must be replayed
    (with ``extend``, a run of fewer games in whole chunks may grow to this run's games).

    Every recorded chunk file is checked (size and sha256). A chunk with a missing or damaged
    file, and any chunk file the manifest does not record, is dropped from the manifest; the
    problems returned name the files to delete, and the records of the dropped chunks are
    returned to compare their replay with. Nothing is changed on disk here.
    """
    try:
        manifest = O.read_manifest(run_dir)
    except O.RunDirError:  # the caller found a manifest, but it cannot be read
        return _rebuilt_manifest(run_dir, spec, components, tables)
    old = manifest.get("run", {})
    diff = _resume_differences(old, spec, components)
    if (
        extend
        and "games" in diff
        and isinstance(old.get("games"), int)
        and old["games"] < spec.games
        and old["games"] % spec.chunk_size == 0
    ):
        diff.remove("games")
        manifest.setdefault("extended_from", []).append(old["games"])
        old["games"] = spec.games
    if diff:
        raise O.RunDirError(
            f"cannot resume {run_dir}: it was started with different settings ({', '.join(diff)})"
        )
    problems = O.check_chunks(run_dir, manifest["chunks"], tables, checksum=True)
    bad = {p.chunk for p in problems}
    kept = [c for c in manifest["chunks"] if c["index"] not in bad]
    replaced = {
        c["index"]: c["files"] for c in manifest["chunks"] if c["index"] in bad and "files" in c
    }
    # the sound files of a bad chunk are left to be overwritten by its replay
    problems += O.unrecorded_files(run_dir, (c["index"] for c in manifest["chunks"]), tables)
    for s in manifest.get("sessions", []):
        if s.get("status") == "running":
            s["status"] = "interrupted"  # killed without a chance to say so
    for c in kept:
        if "files" not in c:  # written before checksums were kept: record them now
            c["files"] = {t: _record_of(O.chunk_path(run_dir, t, c["index"])) for t in tables}
    manifest["chunks"] = sorted(kept, key=lambda c: c["index"])
    manifest["log_overflows"] = sum(c["log_overflows"] for c in manifest["chunks"])
    manifest["complete"] = False
    _update_counts(manifest)
    return manifest, problems, replaced


def _resume_differences(
    old: dict[str, Any], spec: RunSpec, components: GameComponents
) -> list[str]:
    """The settings of the run ``spec`` that the recorded ones ``old`` do not match."""
    new = _identity(spec, components)
    diff = identity_differences(old, new)
    for key, default in (("ships", False), ("auctions", False), ("game", implicit_key())):
        # recorded only when not the default, so maybe not among new's keys
        if key not in new and old.get(key, default) != default:
            diff.append(key)
    return diff


def resume_refusal(
    lineup: Sequence[str],
    games: int,
    seed: int,
    out: str | Path,
    *,
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    rotate: bool = False,
    crn: bool = True,
    decisions: float = 0.0,
    ships: bool = False,
    auctions: bool = False,
    components: GameComponents | None = None,
    game: str | None = None,
) -> str | None:
    """Why :func:`simulate` with these settings would refuse to resume the run in ``out``
    (its recorded settings differ), or None: a check made before anything is written, so that
    a caller resuming many runs can refuse before it changes any. The number of games is not
    compared (a resumed run may grow to more, ``extend``); nothing is read but the manifest."""
    run_dir = Path(out)
    if not (run_dir / O.MANIFEST).exists():
        return None
    try:
        old = O.read_manifest(run_dir).get("run", {})
    except O.RunDirError:
        recovered = recovered_settings(run_dir)
        if recovered is None:
            return None  # nothing to compare: every chunk is played again
        old = recovered["run"]
    spec = make_spec(lineup, games, seed, chunk_size, rotate, crn, decisions, ships, game, auctions)
    components = components if components is not None else game_of(game).default_components()
    diff = [d for d in _resume_differences(old, spec, components) if d != "games"]
    if not diff:
        return None
    return f"cannot resume {run_dir}: it was started with different settings ({', '.join(diff)})"


def recovered_settings(run_dir: Path) -> dict[str, Any] | None:
    """The settings (``run``) and component data (``components``) of a run whose manifest
    cannot be read, as far as they can be read from its text: a manifest cut short keeps
    them, since they come before its chunk records. None if the settings are lost."""
    try:
        text = (run_dir / O.MANIFEST).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    found: dict[str, Any] = {}
    decoder = json.JSONDecoder()
    for key in ("run", "components"):
        at = text.find(f'"{key}": {{')
        if at < 0:
            continue
        try:
            value, _ = decoder.raw_decode(text, at + len(key) + 4)
        except ValueError:
            continue
        if isinstance(value, dict):
            found[key] = value
    return found if isinstance(found.get("run"), dict) else None


def _rebuilt_manifest(
    run_dir: Path, spec: RunSpec, components: GameComponents, tables: tuple[str, ...]
) -> tuple[dict[str, Any], list[O.Problem], dict[int, dict[str, Any]]]:
    """A new manifest for a run whose manifest cannot be read: without its checksums no chunk
    file can be trusted, so every one is played again. The settings, where they can still
    be read (:func:`recovered_settings`), must match."""
    recovered = recovered_settings(run_dir)
    if recovered is not None:
        new = _identity(spec, components)
        diff = identity_differences(recovered["run"], new)
        if diff:
            raise O.RunDirError(
                f"cannot resume {run_dir}: it was started with different settings "
                f"({', '.join(diff)}); its manifest cannot be read, but these can: "
                f"{resume_command(recovered, run_dir)}"
            )
    manifest = _new_manifest(spec, components, len(plan_chunks(spec.games, spec.chunk_size)))
    problems = [O.Problem("cannot be read; every chunk is played again", run_dir / O.MANIFEST)]
    problems += O.unrecorded_files(run_dir, (), tables)
    return manifest, problems, {}


def _record_of(path: Path) -> dict[str, Any]:
    return {"bytes": path.stat().st_size, "sha256": O.file_sha256(path)}
