"""Calling a compiled function from Python once per decision, without numba's typing cost.

A call through a numba dispatcher first finds the numba type of every argument. For most
arrays numba does that in C, but not for a read-only one: the component array (read-only so
that no rule can change the data a game was recorded with) is typed in Python on every call,
which cost about a microsecond, more than the rules of a typical decision. The compiled
entry point of one signature skips the typing. It still refuses an array of another dtype
and any non-array, but it reads an array of another shape or layout without a check, so the
callers pass only the arrays of a :class:`vdgsim.games.vasco.game.GameState`, whose shapes the game
checks when it is made.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import typeof


def compiled_entry(function: Callable[..., Any], *args: Any) -> Callable[..., Any]:
    """``function``'s compiled entry point for the numba types of ``args``, once a call with
    such arguments has compiled it; else the function itself (also when it is plain Python:
    ``NUMBA_DISABLE_JIT``, or a cold cache under ``VDGSIM_JIT=if-warm``)."""
    overloads = getattr(function, "overloads", None)
    if overloads is None:
        return function
    compiled = overloads.get(tuple(typeof(a) for a in args))
    # entry_point is numba's own attribute (0.59 .. 0.68); without it, the dispatcher's way
    return getattr(compiled, "entry_point", None) or function


class FastCall:
    """``function`` called through numba's dispatcher the first time (which compiles it or
    loads it from the cache), then through :func:`compiled_entry` for the same argument types:
    ``FastCall(f).call(*args)``."""

    def __init__(self, function: Callable[..., Any]) -> None:
        self.function = function
        self.call: Callable[..., Any] = self._first

    def _first(self, *args: Any) -> Any:
        out = self.function(*args)
        self.call = compiled_entry(self.function, *args)
        return out


def check_array(name: str, a: np.ndarray, ndim: int) -> None:
    """Refuse an array a compiled entry point would misread: it must be a C-contiguous int64
    array of ``ndim`` dimensions (the entry point checks neither layout nor rank)."""
    if not (
        isinstance(a, np.ndarray)
        and a.dtype == np.int64
        and a.ndim == ndim
        and a.flags.c_contiguous
    ):
        raise ValueError(f"{name} must be a C-contiguous {ndim}-d int64 array")


def action_code(action: object, error: type[Exception]) -> int:
    """``action`` as a Python int (numpy integers, bool); anything else raises ``error`` (the
    game's illegal-action error)."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise error(
            f"an action is an integer action code, got {action!r} ({type(action).__name__})"
        ) from None
