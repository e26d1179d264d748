"""Point numba's on-disk cache at a directory named after a hash of the project's sources.

numba invalidates a cached function only when its own source file changes, not when a
compiled function it calls (in another module) changes; a stale cache then silently runs old
rules. Keying the cache directory on every source that compiled code reads (the engine, the
players, the layout constants, and any other module with compiled functions) makes such an
edit start from a fresh cache, while editing plain-Python modules (analysis, reports, commands)
keeps it. This must run before any compiled function is decorated.

Compiling everything takes one to two minutes, once per machine and source version. After a
complete warm-up (``vdgsim.commands.common.warm_up``, which lives with the commands because it
plays games) a marker file in the cache directory says the cache is *warm*. A caller that
plays only one game (``vdg play``) sets ``VDGSIM_JIT=if-warm`` before importing
:mod:`vdgsim`: on a cold cache the compiled functions then run as plain Python (the
same games, see tests/vasco/test_determinism.py) instead of compiling first.
"""

from __future__ import annotations

import hashlib
import os
import platform
import sys
from pathlib import Path

JIT_ENV = "VDGSIM_JIT"
"""``always`` (the default): compile; ``if-warm``: plain Python unless the cache is warm."""

_HERE = Path(__file__).resolve().parents[1]  # the vdgsim package
_MARKER_PREFIX = "vdgsim-warm-"
_cache_dir: Path | None = None
_plain_python_fallback = False


def _compiled_sources(package: Path, players: Path) -> list[Path]:
    """Every file compiled code can read: each game's engine, layout constants, vocabulary and
    state views, all of the players, the field tables (record views) they are built with, and
    any other module that defines compiled functions."""
    paths = {package / "core" / "fieldtable.py"}
    for game in (package / "games").iterdir():
        paths.update(game / f for f in ("layout.py", "vocabulary.py", "state.py"))
        paths.update((game / "engine").rglob("*.py"))
    paths.update(players.rglob("*.py"))
    # this module mentions the decorator but compiles nothing: editing it keeps the cache
    paths.update(
        p
        for p in package.rglob("*.py")
        if b"njit" in p.read_bytes() and p != Path(__file__).resolve()
    )
    return sorted(p for p in paths if p.is_file())


def _sources_digest(paths: list[Path], base: Path) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(str(path.relative_to(base)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def _default_cache_dir() -> Path:
    sources = _compiled_sources(_HERE, _HERE.parent / "strategies")
    digest = _sources_digest(sources, _HERE.parent)
    base = Path(os.environ.get("VDGSIM_CACHE_DIR") or Path.home() / ".cache" / "vdgsim")
    return base / f"numba-{digest}"


def cache_dir() -> Path:
    """numba's cache directory for these sources (NUMBA_CACHE_DIR if the user set it)."""
    global _cache_dir
    if _cache_dir is None:
        chosen = os.environ.get("NUMBA_CACHE_DIR")
        _cache_dir = Path(chosen) if chosen else _default_cache_dir()
    return _cache_dir


def _marker() -> Path:
    # numba keys its cache files on the source files' absolute paths and rejects files written
    # by another numba or Python version, so a warm cache for one checkout (or interpreter)
    # says nothing about another one sharing the same digest directory.
    import numba

    key = "\0".join([str(_HERE), sys.version, numba.__version__, platform.machine(), sys.platform])
    return cache_dir() / (_MARKER_PREFIX + hashlib.sha256(key.encode()).hexdigest()[:16])


def is_warm() -> bool:
    """True if a complete warm-up has filled the cache for these sources and this install."""
    return _marker().is_file()


def jit_disabled() -> bool:
    """True if compiled functions run as plain Python in this process."""
    import numba

    return bool(numba.config.DISABLE_JIT)


def plain_python_fallback() -> bool:
    """True if this process runs plain Python because it asked for ``if-warm`` on a cold cache."""
    return _plain_python_fallback


def mark_warm() -> None:
    """Record that the cache is warm (after a complete warm-up with compiled code)."""
    if jit_disabled():
        return  # nothing was compiled
    try:
        marker = _marker()
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text("compiled and cached by vdgsim\n")
    except OSError:
        pass  # a read-only cache only costs a slower first `vdg play`


def configure() -> None:
    """Set numba's cache directory (unless the user chose one with NUMBA_CACHE_DIR), and turn
    compilation off when ``VDGSIM_JIT=if-warm`` meets a cold cache."""
    global _plain_python_fallback
    import numba

    if os.environ.get(JIT_ENV) == "if-warm" and not numba.config.DISABLE_JIT and not is_warm():
        # numba reads DISABLE_JIT when a function is decorated, so this must (and does) run
        # before the engine is imported; the environment variable keeps it through numba's
        # config reloads.
        os.environ["NUMBA_DISABLE_JIT"] = "1"
        numba.config.DISABLE_JIT = True
        _plain_python_fallback = True
    if not os.environ.get("NUMBA_CACHE_DIR"):
        numba.config.CACHE_DIR = str(cache_dir())
