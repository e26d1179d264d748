"""Point numba's on-disk cache at a directory named after a hash of the project's sources.

numba invalidates a cached function only when its own source file changes, not when a
compiled function it calls (in another module) changes; a stale cache then silently runs old
rules. Keying the cache directory on every source that compiled code reads (the engine, the
players, the layout constants, and any other module with compiled functions) makes such an
edit start from a fresh cache, while editing plain-Python modules (analysis, reports, commands)
keeps it. This must run before any ``@njit(cache=True)`` is decorated.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def _compiled_sources(package: Path, players: Path) -> list[Path]:
    """Every file compiled code can read: all of the engine and players, the layout
    constants and the vocabulary they come from, and any other module that defines compiled
    functions."""
    paths = {package / "layout.py", package / "vocabulary.py"}
    for root in (package / "engine", players):
        paths.update(root.rglob("*.py"))
    paths.update(p for p in package.rglob("*.py") if b"njit" in p.read_bytes())
    return sorted(p for p in paths if p.is_file())


def _sources_digest(paths: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(str(path.relative_to(base)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def configure() -> None:
    """Set numba's cache directory unless the user chose one with NUMBA_CACHE_DIR."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    sources = _compiled_sources(here, here.parent / "strategies")
    digest = _sources_digest(sources, here.parent)
    base = Path(os.environ.get("VDGSIM_CACHE_DIR") or Path.home() / ".cache" / "vdgsim")
    numba.config.CACHE_DIR = str(base / f"numba-{digest}")
