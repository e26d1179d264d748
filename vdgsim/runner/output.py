"""The run directory: chunk files written atomically, and ``manifest.json``.

Layout::

    RUN/manifest.json
    RUN/games/chunk-00000.parquet       one row per game
    RUN/players/chunk-00000.parquet     one row per player per game
    RUN/decisions/chunk-00000.parquet   (optional) decision rows

Every file is written to a temporary name in the same directory and renamed into place, so
a killed run leaves only whole chunk files. A chunk is complete when all its tables exist.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
FORMAT_VERSION = 1


class RunDirError(ValueError):
    """The run directory cannot be used (exists, not writable, not a run, mismatched)."""


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
        d = run_dir / table
        idx = {
            int(p.name[6:11])
            for p in d.glob("chunk-*.parquet")
            if p.name[6:11].isdigit() and len(p.name) == len(chunk_name(0))
        }
        found = idx if found is None else found & idx
    return found or set()


def remove_temporaries(run_dir: Path) -> None:
    """Delete half-written files a killed run left behind."""
    for p in run_dir.glob("*/.chunk-*.tmp-*"):
        p.unlink(missing_ok=True)
    for p in run_dir.glob(f".{MANIFEST}.tmp-*"):
        p.unlink(missing_ok=True)


def prepare_run_dir(run_dir: Path, tables: tuple[str, ...], resume: bool, force: bool) -> None:
    """Create (or, with ``force``, empty) the run directory; check it can be written.

    Refuses an existing non-empty directory unless ``resume`` or ``force``; ``force`` only
    deletes a directory that is a run directory (has a manifest), never arbitrary files.
    """
    if run_dir.exists() and not run_dir.is_dir():
        raise RunDirError(f"{run_dir} exists and is not a directory")
    if run_dir.exists() and any(run_dir.iterdir()):
        if force and not resume:
            if not (run_dir / MANIFEST).exists():
                raise RunDirError(
                    f"{run_dir} is not empty and is not a run directory; refusing to delete it"
                )
            shutil.rmtree(run_dir)
        elif not resume:
            raise RunDirError(
                f"run directory {run_dir} already exists; use --resume to finish it "
                "or --force to replace it"
            )
        elif not (run_dir / MANIFEST).exists():
            raise RunDirError(f"cannot resume: {run_dir} is not a run directory (no {MANIFEST})")
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
