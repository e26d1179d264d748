"""Ctrl-C while compiled code runs, and in worker processes.

When SIGINT arrives while a numba-compiled function runs, Python raises the KeyboardInterrupt
only as that call returns, wrapped in ``SystemError: CPUDispatcher(...) returned a result with
an exception set`` (the KeyboardInterrupt is its cause, or its cause's).
:func:`compiled_interrupts` gives the caller back the KeyboardInterrupt, so every Ctrl-C path
sees Ctrl-C.
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Callable, Iterator

import numpy as np


def is_interrupt(error: BaseException) -> bool:
    """True if ``error`` is Ctrl-C, itself or at the root of a chain of SystemErrors (each
    compiled call between the interrupted one and Python adds one)."""
    seen: set[int] = set()
    current: BaseException | None = error
    while isinstance(current, SystemError) and id(current) not in seen:
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return isinstance(current, KeyboardInterrupt)


@contextlib.contextmanager
def compiled_interrupts() -> Iterator[None]:
    """Around calls of compiled functions: a SystemError caused by Ctrl-C is re-raised as the
    KeyboardInterrupt it is."""
    try:
        yield
    except SystemError as e:
        if is_interrupt(e):
            raise KeyboardInterrupt from None
        raise


def ignore_interrupts() -> None:
    """A worker process's initializer: Ctrl-C in a terminal reaches every process of its group,
    and the parent, not each worker, stops the run and says what is saved."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


# A compiled loop sees Ctrl-C only when it returns: timed games are played in batches of
# about this many seconds, so that Ctrl-C stops a measurement promptly. Each batch costs one
# call of the loop (microseconds), so the games per second stay those of one long call.
BATCH_SECONDS = 0.25
FIRST_BATCH = 16


def timed_batches(play: Callable[[np.ndarray], object], seeds: np.ndarray) -> tuple[float, float]:
    """Wall and CPU seconds that ``play`` takes over ``seeds``, called on consecutive slices
    of them that grow until one takes about :data:`BATCH_SECONDS`."""
    wall = cpu = 0.0
    start, size = 0, FIRST_BATCH
    while start < len(seeds):
        batch = seeds[start : start + size]
        with compiled_interrupts():
            t, c = time.perf_counter(), time.process_time()
            play(batch)
            dt = time.perf_counter() - t
            cpu += time.process_time() - c
        wall += dt
        start += len(batch)
        if dt < BATCH_SECONDS / 2:
            size *= 2
    return wall, cpu
