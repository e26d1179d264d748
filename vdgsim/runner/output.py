"""The run directory: chunk files written atomically, and ``manifest.json``.

Layout::

    RUN/manifest.json
    RUN/games/chunk-00000.parquet       one row per game
    RUN/players/chunk-00000.parquet     one row per player per game
    RUN/decisions/chunk-00000.parquet   (optional) decision rows
    RUN/ships/chunk-00000.parquet       (optional) one row per player ship sent
    RUN/auctions/chunk-00000.parquet    (optional, Goa) one row per auctioned item

Every file is written to a temporary name in the same directory and renamed into place, so
a killed run leaves only whole chunk files. A chunk is complete when the manifest records it:
its entry gives the byte size and sha256 of each of its table files, which :func:`check_chunks`
compares with the disk (a copy cut short, a disk error, a hand edit).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT_VERSION = 1


class RunDirError(ValueError):
    """The run directory cannot be used (exists, not writable, not a run, mismatched)."""


class DirInUseError(RunDirError):
    """Another process is writing the directory (it holds the directory's lock)."""


class CorruptRunError(RunDirError):
    """A chunk file of a run directory is missing or differs from what the manifest records."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a run directory: the file (if any), the chunk (if any), what."""

    message: str
    path: Path | None = None
    chunk: int | None = None

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path is not None else self.message


def chunk_name(index: int) -> str:
    return f"chunk-{index:05d}.parquet"


def chunk_path(run_dir: Path, table: str, index: int) -> Path:
    return run_dir / table / chunk_name(index)


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers see either nothing or the whole file."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def file_record(data: bytes) -> dict[str, Any]:
    """What the manifest keeps of a chunk file to recognise it later: size and sha256."""
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def file_sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while block := f.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def check_file(path: Path, record: dict[str, Any] | None, checksum: bool = True) -> str | None:
    """What is wrong with one chunk file against its manifest record (None: nothing).

    Without a record (a run written before checksums were kept) the Parquet footer is read
    instead, which catches a missing or cut-short file but not a changed byte.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return "missing"
    except OSError as e:
        return f"unreadable: {e.strerror or e}"
    if record is None:
        import pyarrow.parquet as pq

        try:
            pq.read_metadata(path)
        except (OSError, ValueError) as e:
            return f"not a whole Parquet file ({e})"
        return None
    if size != record["bytes"]:
        return (
            f"{size:,} bytes where the manifest records {record['bytes']:,} (cut short or changed)"
        )
    if checksum:
        try:
            digest = file_sha256(path)
        except OSError as e:
            return f"unreadable: {e.strerror or e}"
        if digest != record["sha256"]:
            return "sha256 differs from the manifest (corrupted)"
    return None


def check_chunks(
    run_dir: Path,
    entries: Iterable[dict[str, Any]],
    tables: Iterable[str],
    checksum: bool = True,
) -> list[Problem]:
    """Problems of the recorded chunk files of ``tables``, one per bad file."""
    tables = tuple(tables)
    problems = []
    for entry in entries:
        files = entry.get("files")
        for t in tables:
            path = chunk_path(run_dir, t, entry["index"])
            record = files.get(t) if files is not None else None
            if files is not None and record is None:
                problems.append(
                    Problem("the manifest records no size or checksum", path, entry["index"])
                )
                continue
            bad = check_file(path, record, checksum)
            if bad is not None:
                problems.append(Problem(bad, path, entry["index"]))
    return problems


def chunk_files(run_dir: Path, table: str) -> dict[int, Path]:
    """Chunk files of one table found on disk, by chunk index."""
    found = {}
    for p in (run_dir / table).glob("chunk-*.parquet"):
        if p.name[6:11].isdigit() and len(p.name) == len(chunk_name(0)):
            found[int(p.name[6:11])] = p
    return found


def unrecorded_files(
    run_dir: Path, recorded: Iterable[int], tables: Iterable[str]
) -> list[Problem]:
    """Chunk files on disk that the manifest does not list (written after its last update)."""
    known = set(recorded)
    return [
        Problem("not recorded in the manifest", p, idx)
        for t in tables
        for idx, p in sorted(chunk_files(run_dir, t).items())
        if idx not in known
    ]


def temporaries(run_dir: Path) -> list[Path]:
    """Half-written files a killed run left behind."""
    return sorted(run_dir.glob("*/.chunk-*.tmp-*")) + sorted(run_dir.glob(f".{MANIFEST}.tmp-*"))


def write_manifest(run_dir: Path, manifest: dict[str, Any]) -> None:
    """Atomically (re)write the run's manifest."""
    text = json.dumps(manifest, indent=2, sort_keys=False) + "\n"
    atomic_write_bytes(run_dir / MANIFEST, text.encode())


def read_manifest(run_dir: Path) -> dict[str, Any]:
    """The manifest of a run directory (RunDirError if there is none or it is unreadable)."""
    path = Path(run_dir) / MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RunDirError(f"{run_dir} is not a run directory (no {MANIFEST})") from None
    except (OSError, json.JSONDecodeError) as e:
        raise RunDirError(f"cannot read {path}: {e}") from None


def complete_chunks(run_dir: Path, tables: tuple[str, ...]) -> set[int]:
    """Indices of chunks whose every table file is on disk."""
    found: set[int] | None = None
    for table in tables:
        idx = set(chunk_files(run_dir, table))
        found = idx if found is None else found & idx
    return found or set()


def remove_temporaries(run_dir: Path) -> None:
    """Delete half-written files a killed run left behind."""
    for p in temporaries(run_dir):
        p.unlink(missing_ok=True)


def marker_holds(path: Path, keys: tuple[str, ...]) -> bool:
    """True if ``path`` is a JSON object holding every one of ``keys``: a file that merely has
    the marker's name (``manifest.json`` is a common one) does not make a folder ours to
    delete."""
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and all(k in doc for k in keys)


RUN_MARKER_KEYS = ("format", "run", "chunks")


def check_run_dir(run_dir: Path, resume: bool, force: bool) -> None:
    """Refuse a run directory that cannot be used as asked, without touching anything.

    An existing non-empty directory needs ``resume`` or ``force``; ``force`` only replaces a
    directory that is a run directory (has a manifest), never arbitrary files.
    """
    if run_dir.exists() and not run_dir.is_dir():
        raise RunDirError(f"{run_dir} exists and is not a directory")
    if run_dir.exists() and any(run_dir.iterdir()):
        if force and not resume:
            if not marker_holds(run_dir / MANIFEST, RUN_MARKER_KEYS):
                raise RunDirError(
                    f"{run_dir} is not empty and is not a run directory; refusing to delete it"
                )
        elif not resume:
            raise RunDirError(
                f"run directory {run_dir} already exists; use --resume to finish it "
                "or --force to replace it"
            )
        elif not (run_dir / MANIFEST).exists():
            raise RunDirError(f"cannot resume: {run_dir} is not a run directory (no {MANIFEST})")


def prepare_run_dir(run_dir: Path, tables: tuple[str, ...], resume: bool, force: bool) -> None:
    """Create (or, with ``force``, empty) the run directory; check it can be written."""
    check_run_dir(run_dir, resume, force)
    if force and not resume and marker_holds(run_dir / MANIFEST, RUN_MARKER_KEYS):
        shutil.rmtree(run_dir)
    try:
        run_dir.mkdir(parents=True, exist_ok=True)
        for t in tables:
            (run_dir / t).mkdir(exist_ok=True)
        probe = run_dir / f".write-test-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise RunDirError(f"cannot write to run directory {run_dir}: {e.strerror or e}") from None
    remove_temporaries(run_dir)


def lock_path(folder: Path) -> Path:
    """The lock file of a run or tournament directory: beside it, so that emptying or
    replacing the directory never deletes the lock that guards it."""
    # resolved, so that "." or "runs/.." names the folder itself
    folder = Path(folder).resolve()
    return folder.parent / f".{folder.name}.lock"


@contextlib.contextmanager
def dir_lock(folder: Path) -> Iterator[None]:
    """Hold the exclusive lock of ``folder`` (a run or tournament directory) inside the
    ``with``; :class:`DirInUseError`, naming the holder's process id and command, if another
    process holds it.

    The lock is the operating system's (``flock``) on :func:`lock_path`: it ends with the
    process that holds it, however that ends, so a lock file a killed run left behind never
    blocks. The file is removed on release.
    """
    path = lock_path(folder)
    while True:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise RunDirError(f"cannot write to {folder}: {e.strerror or e}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _lock_holder(fd)
            os.close(fd)
            raise DirInUseError(
                f"{folder} is being written by {holder}; wait for it to end or stop it"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        # the file we locked may have been removed by its last holder after we opened it:
        # then the lock guards nothing and we take the one at the path now
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except FileNotFoundError:
            same = False
        if same:
            break
        os.close(fd)
    try:
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps({"pid": os.getpid(), "command": _command()}).encode())
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
        os.close(fd)


def _command() -> str:
    return shlex.join([Path(sys.argv[0]).name, *sys.argv[1:]])


def _lock_holder(fd: int) -> str:
    """Who holds a lock, as its file says ("process 123 (vdg simulate ...)")."""
    try:
        holder = json.loads(os.pread(fd, 4096, 0).decode() or "{}")
        return f"process {int(holder['pid'])} ({holder['command']})"
    except (OSError, ValueError, KeyError, TypeError):
        return "another process"  # it has locked the file but not yet written its name


def git_commit() -> str | None:
    """The commit of the source checkout this package runs from, if it is a git checkout."""
    here = Path(__file__).resolve().parent
    try:
        out = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=here,
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    commit = out.stdout.strip()
    if out.returncode != 0 or not commit:
        return None
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=here,
        capture_output=True,
        text=True,
        timeout=5,
        check=False,
    )
    return commit + ("-dirty" if dirty.returncode == 0 and dirty.stdout.strip() else "")
