"""Dask: the client of an :class:`~induceval.parallel.ExecutorSpec`, its workers' tuning,
and the engine that runs :func:`~induceval.parallel.map`'s tasks on it.

``distributed`` is imported only when a Dask engine is used.

Example
-------
>>> task_key("map", "3").startswith("induceval-map-3-")
True
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import uuid
import warnings

from induceval.errors import InducevalError, ParameterError
from induceval.parallel.spec import _CURRENT, _INSTALL, CLUSTERS, ExecutorSpec, require_dask


def make_cluster(kind: str, options: dict | None = None, *, jobs: int | None = None):
    """A dask_jobqueue cluster of ``kind`` (``slurm``), scaled to ``jobs`` when given.

    Construction only writes the job script; ``scale`` submits jobs with
    ``sbatch``.  Options are those of ``dask_jobqueue.SLURMCluster``
    (``cores``, ``memory``, ``processes``, ``queue``, ``account``,
    ``walltime``, ``job_extra_directives``...); ``cores`` defaults to 1 and
    ``memory`` to ``"4GB"``.
    """
    if kind not in CLUSTERS:
        raise ParameterError(f"cluster must be one of {', '.join(CLUSTERS)}; got {kind!r}")
    try:
        import dask_jobqueue
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise InducevalError(f"--cluster {kind} needs dask-jobqueue, which is not installed: "
                             f"{_INSTALL}") from exc
    opts = {"cores": 1, "memory": "4GB", "processes": 1, **(options or {})}
    try:
        cluster = dask_jobqueue.SLURMCluster(**opts)
    except TypeError as exc:
        raise ParameterError(f"bad --cluster-opt for {kind}: {exc}") from exc
    if jobs:
        if shutil.which("sbatch") is None:
            cluster.close()
            raise InducevalError(f"--cluster {kind} submits Slurm jobs with sbatch, which is "
                                 "not on the PATH: run it on a Slurm login node, or start a "
                                 "scheduler yourself and pass --scheduler ADDRESS")
        cluster.scale(jobs=jobs)
    return cluster


#: glibc's mallopt parameters (malloc.h)
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3


def tune_worker(worker=None) -> dict:
    """Make a Dask worker as cheap per task as one process; returns what was changed.

    Two of Dask's defaults make a counting task cost more CPU on a worker
    (``docs/scale.md``): the nanny's ``MALLOC_TRIM_THRESHOLD_=65536`` also
    fixes glibc's mmap threshold at 128 kB, so every larger numpy temporary is
    mmap'ed and unmapped again (glibc's thresholds are set back with
    ``mallopt``; Linux/glibc only), and the statistical profiler samples the
    task thread every 10 ms (its callbacks are stopped).  Applied by
    :func:`tune_client` on every worker of a client this module opens,
    restarted workers included.

    Example
    -------
    >>> tune_worker(None)["profiler"]
    False
    """
    done = {"profiler": False, "malloc": False}
    if worker is not None:
        for name in ("profile", "profile-cycle"):
            pc = worker.periodic_callbacks.pop(name, None)
            if pc is not None:
                pc.stop()
                done["profiler"] = True
    if os.environ.get("MALLOC_TRIM_THRESHOLD_"):
        try:
            import ctypes

            libc = ctypes.CDLL("libc.so.6")
            done["malloc"] = bool(libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
                                  and libc.mallopt(_M_TRIM_THRESHOLD, 64 << 20))
        except (OSError, AttributeError):  # pragma: no cover - not glibc
            pass
    return done


def tune_client(client):
    """Apply :func:`tune_worker` on ``client``'s workers, present and future; returns ``client``.

    Done for every client this module opens; call it on a client you pass
    as ``executor=`` yourself.
    """
    from induceval.parallel._plugin import WorkerTuning

    client.register_plugin(WorkerTuning(tune_worker), name=WorkerTuning.name)
    return client


def local_cluster(workers: int, **options):
    """An embedded ``distributed.LocalCluster`` of single-threaded worker processes.

    Started without Dask's ``MALLOC_TRIM_THRESHOLD_`` (see
    :func:`tune_worker`); clients opened by this module also apply
    :func:`tune_client`.  ``options`` go to ``LocalCluster``.
    """
    distributed = require_dask()
    import dask

    kw = {"n_workers": workers, "threads_per_worker": 1, "processes": True,
          "dashboard_address": ":0", "silence_logs": logging.CRITICAL, **options}
    with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
        return distributed.LocalCluster(**kw)


@contextlib.contextmanager
def _open_client(spec: ExecutorSpec, n_tasks: int | None = None):
    distributed = require_dask()
    if spec.address and not spec.cluster:
        try:
            client = distributed.Client(spec.address, timeout="20s")
        except OSError as exc:
            raise InducevalError(f"cannot reach the Dask scheduler at {spec.address}: "
                                 f"{exc}") from exc
        with client:
            yield tune_client(client)
        return
    if spec.cluster:
        n = spec.jobs if spec.jobs > 1 else max(1, n_tasks or 1)
        cluster = make_cluster(spec.cluster, spec.cluster_options, jobs=n)
    else:
        cluster = local_cluster(spec.jobs)
    with cluster, distributed.Client(cluster) as client:
        yield tune_client(client)


@contextlib.contextmanager
def dask_client(executor=None, *, jobs: int = 1, n_tasks: int | None = None):
    """The ``distributed.Client`` of ``executor``, or ``None`` for local work.

    ``executor`` is a ``Client`` (used as is), an :class:`ExecutorSpec`,
    ``"local"``/``"dask"``/``"auto"``, or ``None`` (the spec of the current
    :func:`use_executor`, else ``ExecutorSpec(jobs=jobs)``).  A cluster this
    function starts is closed on exit; one from :func:`use_executor` stays
    open for the rest of that context.
    """
    if executor is not None and not isinstance(executor, (str, ExecutorSpec)):
        yield executor  # a distributed.Client (or anything with its interface)
        return
    sess = _CURRENT.get()
    if executor is None and sess is not None:
        if sess.spec.resolved_engine() != "dask":
            yield None
        else:
            if sess.client is None:
                sess.client = sess.owned.enter_context(_open_client(sess.spec, n_tasks))
            yield sess.client
        return
    spec = (ExecutorSpec(engine=executor, jobs=jobs) if isinstance(executor, str)
            else executor or ExecutorSpec(jobs=jobs))
    if spec.resolved_engine() != "dask":
        yield None
        return
    with _open_client(spec, n_tasks) as client:
        yield client


def task_key(prefix: str, name: str) -> str:
    """A unique Dask task key that names the work (shown in Dask's errors and dashboard)."""
    return f"induceval-{prefix}-{name}-{uuid.uuid4().hex[:10]}"


# -- the engine of map, imap and the cells on a client -----------------------------------------

def _apply(fn, item, shared: dict):
    return fn(item, **shared)


def _identity(x):
    return x


@contextlib.contextmanager
def _quiet():
    """Without Dask's warnings about large graphs: a corpus argument is large by design."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*Sending large graph.*")
        warnings.filterwarnings("ignore", message=".*Large object.*")
        yield


class DaskEngine:
    """Tasks on a ``distributed.Client``, for :func:`induceval.parallel.maps.stream`.

    ``shared`` objects (keyword arguments of every call) are sent once, as
    tasks rather than scattered data so that Dask can recompute them when a
    worker holding them dies, and copied to every worker before the first
    call is submitted (:func:`_replicate`).
    """

    where = "on a Dask worker"

    def __init__(self, client, shared: dict, n_items: int) -> None:
        from distributed import as_completed

        self.client = client
        with _quiet():
            self.shared = {k: client.submit(_identity, v, key=task_key("data", k), pure=False,
                                            priority=n_items + 1) for k, v in shared.items()}
        _replicate(client, list(self.shared.values()))
        self._done = as_completed(loop=client.loop)

    @property
    def workers(self) -> int:
        return max(1, len(self.client.nthreads()))

    def submit(self, fn, item, name: str, label: str, priority: int):
        with _quiet():
            fut = self.client.submit(_apply, fn, item, self.shared, key=task_key(name, label),
                                     pure=False, priority=priority)
        self._done.add(fut)
        return fut

    def wait(self, futures: list) -> list:
        """Futures that are done (at least one; cancelled ones included)."""
        return self._done.next_batch()

    def cancel(self, futures: list) -> None:
        if futures:
            self.client.cancel(futures)

    def close(self, abort: bool) -> None:
        if abort:
            self.cancel(list(self.shared.values()))
        self.shared = {}


def _replicate(client, futures: list) -> None:
    """Copy shared arguments to every worker before the calls that need them are submitted.

    Otherwise Dask places every call on the worker that computed it (data
    locality) and the others get calls only by work stealing, which waits for
    that worker to answer, and a compiled kernel holding the GIL keeps it
    from answering (``docs/scale.md``).  The copies stay recomputable (tasks,
    not scattered data); a copy that fails only costs that delay.
    """
    if not futures:
        return
    n_workers = len(client.nthreads())
    if n_workers < 2:
        return
    from distributed import wait

    wait(futures)
    for _ in range(2):  # Dask's memory manager may drop an unneeded copy at once: retry
        try:
            client.replicate(futures)
            held = client.who_has(futures)
        except Exception:  # pragma: no cover - e.g. a worker left meanwhile
            return
        if all(len(w) >= n_workers for w in held.values()):
            return
