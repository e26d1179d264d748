"""The first run on a machine: `vdg play` does not wait for the compiler, batch commands say
that they compile, and the compiled cache is marked warm only by a complete warm-up."""

from __future__ import annotations

import dataclasses
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from vdgsim.commands import common
from vdgsim.core import _numba_cache, plug

ROOT = Path(__file__).resolve().parents[1]
NOTE = "vdg: note: played without compiled code"
STATUS = "Compiling the engine for this machine"


def run(args: list[str], cache: Path, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "VDGSIM_JIT")}
    environ.pop("NUMBA_DISABLE_JIT", None)
    environ.update(VDGSIM_CACHE_DIR=str(cache), PYTHONPATH=str(ROOT), **env)
    return subprocess.run(args, capture_output=True, text=True, cwd=ROOT, env=environ)


def vdg(cache: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return run([sys.executable, str(ROOT / "cli.py"), *args], cache, **env)


def python(cache: Path, code: str, **env: str) -> str:
    out = run([sys.executable, "-c", code], cache, **env)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def cached_files(cache: Path) -> list[Path]:
    """numba's index and object files (the warm marker is not one of them)."""
    return [p for p in cache.rglob("*") if p.suffix in (".nbi", ".nbc")]


PROBE = (
    "import os; os.environ['VDGSIM_JIT'] = 'if-warm'; import numba, vdgsim; "
    "from vdgsim import _numba_cache as n; "
    "print(bool(numba.config.DISABLE_JIT), n.plain_python_fallback(), n.is_warm())"
)


def test_if_warm_turns_compilation_off_only_on_a_cold_cache(tmp_path: Path) -> None:
    assert python(tmp_path, PROBE) == "True True False"
    python(tmp_path, "from vdgsim import _numba_cache as n; n.mark_warm()")
    assert python(tmp_path, PROBE) == "False False True"
    # without the request, a cold cache still compiles (every batch command)
    other = tmp_path / "other"
    assert python(other, PROBE.replace("'if-warm'", "'always'")) == "False False False"


def test_the_marker_belongs_to_one_checkout_and_interpreter(tmp_path: Path) -> None:
    python(tmp_path, "from vdgsim import _numba_cache as n; n.mark_warm()")
    (marker,) = tmp_path.rglob("vdgsim-warm-*")
    assert marker.parent.name.startswith("numba-")
    # an install elsewhere with the same sources shares the digest directory, not the marker
    other = python(
        tmp_path,
        "import vdgsim.core._numba_cache as n, pathlib; "
        "n._HERE = pathlib.Path('/elsewhere/vdgsim'); print(n._marker().name)",
    )
    assert other != marker.name


def test_jit_disabled_by_the_user_never_marks_the_cache_warm(tmp_path: Path) -> None:
    python(
        tmp_path,
        "from vdgsim.commands.common import ensure_compiled; ensure_compiled()",
        NUMBA_DISABLE_JIT="1",
    )
    assert not list(tmp_path.rglob("vdgsim-warm-*"))


def test_compile_status_says_so_only_when_cold(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    warm = {"now": False}
    monkeypatch.setattr(_numba_cache, "jit_disabled", lambda: False)
    monkeypatch.setattr(_numba_cache, "is_warm", lambda: warm["now"])

    def fake_warm_up() -> None:
        calls.append("warm_up")
        warm["now"] = True

    monkeypatch.setattr(common, "warm_up", fake_warm_up)
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=False, width=200)
    common.ensure_compiled(console)
    lines = buf.getvalue().splitlines()
    assert calls == ["warm_up"]
    assert len(lines) == 2 and STATUS in lines[0] and lines[1].startswith("vdg: compiled in ")
    common.ensure_compiled(console)  # warm now: nothing to do, nothing said
    assert calls == ["warm_up"] and buf.getvalue().splitlines() == lines


def test_compile_status_on_a_terminal_counts_seconds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_numba_cache, "jit_disabled", lambda: False)
    monkeypatch.setattr(_numba_cache, "is_warm", lambda: False)
    buf = io.StringIO()
    console = Console(file=buf, force_terminal=True, width=200)
    with common.compile_status(console):
        console.print(common._Elapsed(common.COMPILING))  # what the live status line renders
    text = buf.getvalue()
    assert re.search(re.escape(common.COMPILING) + r" \d+ s", text), text
    assert re.search(r"vdg: compiled in \d+ s \(cached in ", text), text


def empty_cache(tmp_path: Path) -> tuple[Path, Path]:
    """A cache base for the subprocesses and the directory in it to check. While the suite's
    own cache is still empty (a fresh machine, as in CI), it is that cache: the compilation
    this test waits for then serves the rest of the suite, which would otherwise compile the
    same functions again. Otherwise an empty one of its own."""
    own = _numba_cache.cache_dir()
    # numba makes (empty) folders there when the modules are imported: files count, not folders
    if not os.environ.get("NUMBA_CACHE_DIR") and not (own.exists() and any(own.rglob("*.nb*"))):
        return own.parent, own
    return tmp_path / "cache", tmp_path / "cache"


@pytest.mark.slow
@pytest.mark.fills_cache
def test_first_play_bench_and_play_again_on_an_empty_cache(tmp_path: Path) -> None:
    cache, where = empty_cache(tmp_path)
    args = ("play", "--players", "4", "--seed", "7")
    cold = vdg(cache, *args)
    assert cold.returncode == 0, cold.stderr
    assert cold.stderr.count(NOTE) == 1 and STATUS not in cold.stderr
    assert "Final scores" in cold.stdout
    assert cached_files(where) == [] and not list(where.rglob("vdgsim-warm-*"))

    bench = ("bench", "--games", "20", "--python-games", "1", "--player-counts", "2")
    first = vdg(cache, *bench, "--presets", "random", "--json")
    assert first.returncode == 0, first.stderr
    assert STATUS in first.stderr and "vdg: compiled in " in first.stderr
    assert cached_files(where) and list(where.rglob("vdgsim-warm-*"))

    # warm now: the same game, from compiled code (no note)
    warm = vdg(cache, *args)
    assert warm.returncode == 0, warm.stderr
    assert warm.stderr == "" and warm.stdout == cold.stdout

    again = vdg(cache, *bench, "--presets", "random", "--json")
    assert again.returncode == 0 and STATUS not in again.stderr, again.stderr


class _Child:
    """A finished warm-up child with the given exit code."""

    def __init__(self, code: int) -> None:
        self.code = code

    def wait(self) -> int:
        return self.code


@pytest.mark.parametrize(("child_code", "here"), [(0, []), (1, ["goa"]), (None, ["goa"])])
def test_warm_up_compiles_goa_here_only_when_its_child_did_not(
    monkeypatch: pytest.MonkeyPatch, child_code: int | None, here: list[str]
) -> None:
    """Vasco da Gama (the implicit game) compiles here while Goa compiles in a child process;
    Goa is compiled here only when its child could not start or failed."""
    calls: list[str] = []
    started: list[str] = []
    child = None if child_code is None else _Child(child_code)

    def start(key: str) -> _Child | None:
        started.append(key)
        return child

    games = {
        k: dataclasses.replace(g, compile=lambda k=k: calls.append(k))
        for k, g in plug.games().items()
    }
    monkeypatch.setattr(plug, "_REGISTRY", games)
    monkeypatch.setattr(common, "_start_warm_up", start)
    monkeypatch.setattr(_numba_cache, "mark_warm", lambda: calls.append("warm"))
    common.warm_up()
    assert started == ["goa"]
    assert calls == ["vdg", *here, "warm"]
