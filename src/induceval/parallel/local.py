"""A pool of local worker processes that end with this process.

The engine of :func:`induceval.parallel.map` for ``local`` with ``jobs > 1``:
a :class:`concurrent.futures.ProcessPoolExecutor`, forked where possible.  A
worker must never outlive this process (a reader blocked on a pipe would
hold the caller's pipes open): each asks the kernel to kill it when its
parent dies (``PR_SET_PDEATHSIG`` on Linux; elsewhere a thread watches the
parent), and a pool left by an exception or an interrupt is killed.

Example
-------
>>> with LocalPool(2, {"k": 10}) as pool:
...     pool.submit(_add_k, 5, "map", "0", 1).result()
15
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time

#: prctl option: the signal a process gets when its parent dies (linux/prctl.h)
_PR_SET_PDEATHSIG = 1

#: in a worker of a pool: the shared keyword arguments of every call
_SHARED: dict = {}
_IN_WORKER = False


def in_worker() -> bool:
    """Whether this process is a worker that starts no pool itself: one of a
    :class:`LocalPool`, or a daemon process (a Dask worker), which may have no children."""
    import multiprocessing as mp

    return _IN_WORKER or mp.current_process().daemon


def _start_worker(parent: int, shared: dict) -> None:
    global _SHARED, _IN_WORKER
    _SHARED, _IN_WORKER = shared, True
    # a forked worker inherits the command's SIGTERM/SIGHUP handlers, which raise in the run:
    # a worker just ends (its parent reports the end and kills the pool it leaves)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _end_with_parent(parent)


def _end_with_parent(parent: int) -> None:
    """End this process when ``parent`` ends, whatever signal ended it."""
    watch = True
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            watch = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0
        except (OSError, AttributeError):  # pragma: no cover - no prctl
            pass
    if os.getppid() != parent:  # the parent died before the request above
        os._exit(1)
    if watch:  # pragma: no cover - not Linux
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:  # pragma: no cover - not Linux
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(1)


def _apply_here(fn, item):
    return fn(item, **_SHARED)


def _add_k(x: int, k: int) -> int:
    return x + k


class LocalPool:
    """``workers`` local processes for :func:`induceval.parallel.maps.stream`.

    ``shared`` objects are keyword arguments of every call, given to each
    worker once (inherited by fork, else pickled once per worker).  Calls
    are started in the order they are submitted.
    """

    where = "in a worker process"

    def __init__(self, workers: int, shared: dict) -> None:
        import multiprocessing as mp
        from concurrent.futures import ProcessPoolExecutor

        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else None
        self.workers = workers
        self.pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx,
                                        initializer=_start_worker,
                                        initargs=(os.getpid(), dict(shared)))

    def __enter__(self) -> LocalPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close(abort=exc[0] is not None)

    def submit(self, fn, item, name: str, label: str, priority: int):
        return self.pool.submit(_apply_here, fn, item)

    @staticmethod
    def wait(futures: list) -> set:
        from concurrent.futures import FIRST_COMPLETED, wait

        return wait(futures, return_when=FIRST_COMPLETED).done

    @staticmethod
    def cancel(futures: list) -> None:
        for f in futures:
            f.cancel()

    def close(self, abort: bool) -> None:
        """Wait for the workers to finish, or (``abort``) kill them and return at once."""
        if self.pool is None:
            return
        pool, self.pool = self.pool, None
        if not abort:
            pool.shutdown(wait=True)
            return
        procs = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            if p.is_alive():
                p.kill()
        for p in procs:
            p.join(5)
