"""Running the `vdg` command in the test process: the same entry point (`cli.main`), exit code
and output as `python cli.py ...`, without a new interpreter loading numba and the compiled
cache for every call (about two seconds each)."""

from __future__ import annotations

import contextlib
import io
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import cli


@dataclass(frozen=True)
class Ran:
    """What a `vdg` run left: named as :class:`subprocess.CompletedProcess`'s fields."""

    returncode: int
    stdout: str
    stderr: str


def run_vdg(*args: str, cwd: Path | None = None) -> Ran:
    """``vdg ARGS`` through :func:`cli.main` in this process (in ``cwd`` if given)."""
    out, err = io.StringIO(), io.StringIO()
    argv = sys.argv
    sys.argv = ["vdg", *args]
    try:
        with contextlib.ExitStack() as stack:
            if cwd is not None:
                stack.enter_context(contextlib.chdir(cwd))
            stack.enter_context(contextlib.redirect_stdout(out))
            stack.enter_context(contextlib.redirect_stderr(err))
            ended = stack.enter_context(pytest.raises(SystemExit))
            cli.main()
    finally:
        sys.argv = argv
    code = ended.value.code
    return Ran(code if isinstance(code, int) else 0, out.getvalue(), err.getvalue())
