"""Point numba's on-disk cache at a directory named after a hash of the project's sources.

numba invalidates a cached function only when its own source file changes, not when a
compiled function it calls (in another module) changes; a stale cache then silently runs old
rules. Keying the cache directory on every source file of the compiled packages makes any
edit start from a fresh cache. This must run before any ``@njit(cache=True)`` is decorated.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numba


def _sources_digest(roots: list[Path]) -> str:
    h = hashlib.sha256()
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            h.update(str(path.relative_to(root.parent)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def configure() -> None:
    """Set numba's cache directory unless the user chose one with NUMBA_CACHE_DIR."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    here = Path(__file__).resolve().parent
    roots = [here, here.parent / "strategies"]
    base = Path(os.environ.get("VDGSIM_CACHE_DIR") or Path.home() / ".cache" / "vdgsim")
    numba.config.CACHE_DIR = str(
        base / f"numba-{_sources_digest([r for r in roots if r.is_dir()])}"
    )
