"""Where chunks run: in this process, in joblib's loky worker processes, or on Dask.

Each backend yields :class:`ChunkResult` objects as chunks finish (in any order) and keeps
only a few chunks in flight, so the driver's memory stays flat however many games a run has.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from vdgsim.core.interrupts import ignore_interrupts
from vdgsim.runner.chunk import ChunkResult, ChunkTask, run_chunk

BACKENDS = ("loky", "dask")
# how long to keep trying a Dask scheduler: a refused connection is retried until then, since
# a scheduler may be starting up at the same time
CONNECT_TIMEOUT = "20s"


class BackendError(ValueError):
    """A backend cannot be used as asked (unknown name, unreachable scheduler)."""


class Executor(Protocol):
    """A started backend: runs chunk tasks and yields their results as they finish."""

    def run(self, tasks: Iterable[ChunkTask]) -> Iterator[ChunkResult]: ...


@dataclass(frozen=True)
class LocalExecutor:
    """This process for ``jobs == 1``, else joblib's loky worker processes."""

    jobs: int

    def run(self, tasks: Iterable[ChunkTask]) -> Iterator[ChunkResult]:
        return run_local(tasks, self.jobs)


@dataclass(frozen=True)
class DaskExecutor:
    """A connected Dask client."""

    client: Any

    def run(self, tasks: Iterable[ChunkTask]) -> Iterator[ChunkResult]:
        return _run_on_client(self.client, tasks)


def run_local(tasks: Iterable[ChunkTask], jobs: int) -> Iterator[ChunkResult]:
    """Run chunks with joblib: in this process for ``jobs == 1``, else loky processes."""
    tasks = list(tasks)
    if jobs == 1 or len(tasks) <= 1:
        for t in tasks:
            yield run_chunk(t)
        return
    from joblib import Parallel, delayed

    parallel = Parallel(
        n_jobs=jobs,
        backend="loky",
        return_as="generator_unordered",
        batch_size=1,
        pre_dispatch="2*n_jobs",
        initializer=ignore_interrupts,
    )
    results = parallel(delayed(run_chunk)(t) for t in tasks)
    try:
        while True:
            with _quiet_cancel():
                try:
                    result = next(results)
                except StopIteration:
                    return
            yield result
    finally:
        with _quiet_cancel():
            results.close()


@contextlib.contextmanager
def _quiet_cancel() -> Iterator[None]:
    """joblib warns that chunks in flight were cancelled when a run stops early (Ctrl-C, an
    error); the run's own message says what was kept."""
    with warnings.catch_warnings():
        warnings.filterwarnings(
            "ignore", message=r".*(have been cancelled|successfully executed)", category=UserWarning
        )
        yield


def check_backend(backend: str, scheduler: str | None = None) -> None:
    """Refuse an unknown backend name or a scheduler without Dask (before anything starts)."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
    if scheduler and backend != "dask":
        raise BackendError("--scheduler needs --backend dask")


@contextlib.contextmanager
def open_backend(backend: str, jobs: int, scheduler: str | None = None) -> Iterator[Executor]:
    """Start the named backend (connect to the scheduler, start a LocalCluster) for a ``with``.

    Starting is separate from running so that a backend that cannot start (an unreachable
    scheduler) fails before the caller has created or changed anything.
    """
    check_backend(backend, scheduler)
    if backend == "loky":
        yield LocalExecutor(jobs)
        return
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:  # pragma: no cover - dask is a declared dependency
        raise BackendError(f"the dask backend needs dask[distributed]: {e}") from None
    with contextlib.ExitStack() as stack:
        if scheduler:
            try:
                client = stack.enter_context(Client(scheduler, timeout=CONNECT_TIMEOUT))
            except (OSError, TimeoutError, ValueError) as e:
                raise BackendError(f"cannot reach Dask scheduler {scheduler}: {e}") from None
        else:
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=jobs,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    silence_logs=40,
                )
            )
            client = stack.enter_context(Client(cluster))
        yield DaskExecutor(client)


def _run_on_client(client: Any, tasks: Iterable[ChunkTask]) -> Iterator[ChunkResult]:
    """At most twice as many chunks as the cluster has worker threads are in flight."""
    from distributed import as_completed

    threads = max(1, sum(client.nthreads().values()))
    window = 2 * threads
    pending = iter(tasks)
    ac = as_completed()
    for t in pending:
        ac.add(client.submit(run_chunk, t, pure=False))
        if ac.count() >= window:
            break
    for fut in ac:
        result = fut.result()
        fut.release()
        nxt = next(pending, None)
        if nxt is not None:
            ac.add(client.submit(run_chunk, nxt, pure=False))
        yield result


def run_dask(
    tasks: Iterable[ChunkTask], jobs: int, scheduler: str | None = None
) -> Iterator[ChunkResult]:
    """Run chunks on a Dask cluster: the scheduler at ``scheduler`` or a new LocalCluster.

    The LocalCluster has ``jobs`` single-threaded worker processes on loopback.
    """
    with open_backend("dask", jobs, scheduler) as ex:
        yield from ex.run(tasks)


def run_tasks(
    tasks: Iterable[ChunkTask], backend: str, jobs: int, scheduler: str | None = None
) -> Iterator[ChunkResult]:
    """Run ``tasks`` on the named backend, yielding results as they finish."""
    check_backend(backend, scheduler)
    if backend == "loky":
        return run_local(tasks, jobs)
    return run_dask(tasks, jobs, scheduler)
