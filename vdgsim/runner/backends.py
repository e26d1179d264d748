"""Where chunks run: in this process, in joblib's loky worker processes, or on Dask.

Each backend yields :class:`ChunkResult` objects as chunks finish (in any order) and keeps
only a few chunks in flight, so the driver's memory stays flat however many games a run has.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Iterator

from vdgsim.runner.chunk import ChunkResult, ChunkTask, run_chunk

BACKENDS = ("loky", "dask")


class BackendError(ValueError):
    """A backend cannot be used as asked (unknown name, unreachable scheduler)."""


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
    )
    yield from parallel(delayed(run_chunk)(t) for t in tasks)


def run_dask(
    tasks: Iterable[ChunkTask], jobs: int, scheduler: str | None = None
) -> Iterator[ChunkResult]:
    """Run chunks on a Dask cluster: the scheduler at ``scheduler`` or a new LocalCluster.

    The LocalCluster has ``jobs`` single-threaded worker processes on loopback. At most twice
    as many chunks as the cluster has worker threads are submitted at a time.
    """
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as e:  # pragma: no cover - dask is a declared dependency
        raise BackendError(f"the dask backend needs dask[distributed]: {e}") from None

    with contextlib.ExitStack() as stack:
        if scheduler:
            try:
                client = stack.enter_context(Client(scheduler, timeout="20s"))
            except (OSError, TimeoutError) as e:
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


def run_tasks(
    tasks: Iterable[ChunkTask], backend: str, jobs: int, scheduler: str | None = None
) -> Iterator[ChunkResult]:
    """Run ``tasks`` on the named backend, yielding results as they finish."""
    if backend == "loky":
        if scheduler:
            raise BackendError("--scheduler needs --backend dask")
        return run_local(tasks, jobs)
    if backend == "dask":
        return run_dask(tasks, jobs, scheduler)
    raise BackendError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")
