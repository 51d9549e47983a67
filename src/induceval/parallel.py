"""Where parallel work runs: in this process, a local process pool, or Dask.

Two kinds of work are parallel in induceval: a protocol's independent
*cells* (:func:`induceval.experiments.cells.run_cells`) and *counting*
(additive count tables mapped over file shards and summed,
:func:`map_reduce`).  Both take their engine from an :class:`ExecutorSpec`:

``local``
    Today's default: one process (``jobs=1``) or a pool of ``jobs`` local
    processes.  Needs nothing beyond the core dependencies.
``dask``
    A ``distributed.Client``: an embedded ``LocalCluster`` of ``jobs``
    worker processes (the default engine when ``jobs > 1`` and Dask is
    installed), an existing scheduler (``scheduler="tcp://host:8786"`` or the
    ``INDUCEVAL_SCHEDULER`` environment variable), or a
    ``dask_jobqueue.SLURMCluster`` (``cluster="slurm"`` with
    ``cluster_options``) scaled to the number of jobs.

Dask is an optional extra (``pip install induceval[dask]``) imported only
when a Dask engine is used; asking for one without it raises an
:class:`~induceval.errors.InducevalError` saying how to install it.

The CLI sets the engine for a whole command with :func:`use_executor` (a
context: one cluster is started lazily, shared by every call inside it and
closed at the end); library calls may pass ``executor=`` explicitly (a spec,
``"local"``/``"dask"``, or a ``distributed.Client``).

Example
-------
>>> spec = ExecutorSpec(jobs=1)
>>> spec.resolved_engine()
'local'
>>> map_reduce(len, ["ab", "cde", "f"], lambda a, b: a + b)
6
>>> parse_cluster_options(["cores=2", "memory=4GB", "job_extra_directives=--exclusive"])
{'cores': 2, 'memory': '4GB', 'job_extra_directives': ['--exclusive']}
"""

from __future__ import annotations

import contextlib
import contextvars
import logging
import os
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from induceval.errors import InducevalError, ParameterError, check_range

__all__ = [
    "ENGINES",
    "CLUSTERS",
    "SCHEDULER_ENV",
    "ExecutorSpec",
    "require_dask",
    "use_executor",
    "current_executor",
    "dask_client",
    "make_cluster",
    "local_cluster",
    "tune_worker",
    "tune_client",
    "parse_cluster_options",
    "map",
    "map_reduce",
    "path_size",
]

#: the engines of :class:`ExecutorSpec` (``auto``: dask when jobs > 1 and installed)
ENGINES = ("auto", "local", "dask")
#: the cluster managers ``cluster=`` accepts (dask_jobqueue)
CLUSTERS = ("slurm",)
#: environment variable naming an existing Dask scheduler
SCHEDULER_ENV = "INDUCEVAL_SCHEDULER"

_INSTALL = "pip install 'induceval[dask]'"
# cluster options that dask_jobqueue takes as lists (given once per item on the CLI)
_LIST_OPTIONS = frozenset({"job_extra_directives", "job_script_prologue", "worker_extra_args",
                           "job_directives_skip"})


def require_dask(what: str = "the Dask engine"):
    """Import ``distributed``, or fail with how to install it.

    Example
    -------
    >>> try:
    ...     _ = require_dask()
    ... except InducevalError as exc:  # without the extra: says how to install it
    ...     assert "induceval[dask]" in str(exc)
    """
    try:
        import distributed
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise InducevalError(f"{what} needs Dask, which is not installed: "
                             f"{_INSTALL}") from exc
    return distributed


def _dask_available() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:  # pragma: no cover - depends on the environment
        return False
    return True


def parse_cluster_options(items: Sequence[str] | None) -> dict[str, Any]:
    """``KEY=VALUE`` strings -> keyword arguments of a dask_jobqueue cluster.

    Integers and floats are converted; ``true``/``false`` become booleans;
    list-valued options (``job_extra_directives``, ``job_script_prologue``,
    ``worker_extra_args``, ``job_directives_skip``) accumulate one item per
    occurrence.
    """
    out: dict[str, Any] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise ParameterError(f"--cluster-opt must be KEY=VALUE; got {item!r}")
        conv: Any = value
        if value.lower() in ("true", "false"):
            conv = value.lower() == "true"
        else:
            for cast in (int, float):
                try:
                    conv = cast(value)
                    break
                except ValueError:
                    pass
        if key in _LIST_OPTIONS:
            out.setdefault(key, []).append(value)
        else:
            out[key] = conv
    return out


@dataclass(frozen=True)
class ExecutorSpec:
    """Where parallel work runs (see the module docstring).

    Parameters
    ----------
    engine
        ``auto`` (default), ``local`` or ``dask``.
    jobs
        Local processes, or workers of the embedded LocalCluster / the
        Slurm cluster (>= 1).
    scheduler
        Address of an existing Dask scheduler (implies ``dask``); ``None``
        reads ``INDUCEVAL_SCHEDULER``.
    cluster
        ``"slurm"`` for a ``dask_jobqueue.SLURMCluster`` (implies ``dask``).
    cluster_options
        Keyword arguments of that cluster (see :func:`parse_cluster_options`).
    """

    engine: str = "auto"
    jobs: int = 1
    scheduler: str | None = None
    cluster: str | None = None
    cluster_options: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise ParameterError(f"engine must be one of {', '.join(ENGINES)}; "
                                 f"got {self.engine!r}")
        check_range("jobs", self.jobs, 1)
        if self.cluster is not None and self.cluster not in CLUSTERS:
            raise ParameterError(f"cluster must be one of {', '.join(CLUSTERS)}; "
                                 f"got {self.cluster!r}")
        if self.engine == "local" and (self.scheduler or self.cluster):
            raise ParameterError("engine 'local' cannot use a Dask scheduler or cluster; "
                                 "drop --scheduler/--cluster or use --engine dask")

    @property
    def address(self) -> str | None:
        """The scheduler address: the given one, else ``$INDUCEVAL_SCHEDULER``."""
        return self.scheduler or os.environ.get(SCHEDULER_ENV) or None

    def resolved_engine(self) -> str:
        """``local`` or ``dask`` (``auto``: dask with a scheduler/cluster, or jobs > 1)."""
        if self.engine != "auto":
            return self.engine
        if self.cluster or self.address:
            return "dask"
        if self.jobs > 1 and _dask_available():
            return "dask"
        return "local"


class _Session:
    """A spec plus the Dask client it started (lazily; closed on exit)."""

    def __init__(self, spec: ExecutorSpec, client=None) -> None:
        self.spec = spec
        self._client = client
        self._owned = contextlib.ExitStack()

    def client(self, n_tasks: int | None = None):
        if self._client is None:
            self._client = self._owned.enter_context(_open_client(self.spec, n_tasks))
        return self._client

    def close(self) -> None:
        self._owned.close()
        self._client = None


_CURRENT: contextvars.ContextVar[_Session | None] = contextvars.ContextVar(
    "induceval_executor", default=None)


def current_executor() -> ExecutorSpec | None:
    """The spec set by the innermost :func:`use_executor`, if any."""
    sess = _CURRENT.get()
    return sess.spec if sess is not None else None


@contextlib.contextmanager
def use_executor(spec: ExecutorSpec | None) -> Iterator[ExecutorSpec | None]:
    """Run the enclosed calls on ``spec``; a Dask cluster is started once, when first needed.

    Example
    -------
    >>> with use_executor(ExecutorSpec(engine="local", jobs=2)):
    ...     current_executor().jobs
    2
    """
    if spec is None:
        yield None
        return
    if spec.resolved_engine() == "dask":
        require_dask()
    sess = _Session(spec)
    token = _CURRENT.set(sess)
    try:
        yield spec
    finally:
        _CURRENT.reset(token)
        sess.close()


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
    opts = {"cores": 1, "memory": "4GB", "processes": 1}
    opts.update(options or {})
    try:
        cluster = dask_jobqueue.SLURMCluster(**opts)
    except TypeError as exc:
        raise ParameterError(f"bad --cluster-opt for {kind}: {exc}") from exc
    if jobs:
        import shutil

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

    Two of Dask's defaults cost counting tasks 40% more CPU on a worker than
    the same work in one process (measured on tuple counting):

    - the nanny starts each worker with ``MALLOC_TRIM_THRESHOLD_=65536``,
      which also fixes glibc's mmap threshold at 128 kB: every numpy
      temporary above it is mmap'ed, page-faulted in and unmapped again
      (10 times the page faults, +20% CPU).  glibc's thresholds are set back
      to sizes that keep such blocks in the heap (``mallopt``; Linux/glibc
      only, skipped elsewhere);
    - the statistical profiler samples the task thread's stack every 10 ms
      (+10-25% CPU): its periodic callbacks are stopped.

    Applied by :func:`tune_client` on every worker of a client this module
    opens (embedded, existing scheduler or Slurm), restarted workers included.

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
    from induceval._dask_plugin import WorkerTuning

    client.register_plugin(WorkerTuning(), name=WorkerTuning.name)
    return client


def local_cluster(workers: int, **options):
    """An embedded ``distributed.LocalCluster`` of single-threaded worker processes.

    Started without Dask's ``MALLOC_TRIM_THRESHOLD_`` (see
    :func:`tune_worker`); clients opened by this module also apply
    :func:`tune_client`.  ``options`` go to ``LocalCluster``.
    """
    distributed = require_dask()
    import dask

    kw = dict(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
              silence_logs=logging.CRITICAL)
    kw.update(options)
    with dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None}):
        return distributed.LocalCluster(**kw)


@contextlib.contextmanager
def _open_client(spec: ExecutorSpec, n_tasks: int | None = None):
    distributed = require_dask()
    if spec.cluster:
        n = spec.jobs if spec.jobs > 1 else max(1, n_tasks or 1)
        cluster = make_cluster(spec.cluster, spec.cluster_options, jobs=n)
        with cluster, distributed.Client(cluster) as client:
            yield tune_client(client)
        return
    if spec.address:
        try:
            client = distributed.Client(spec.address, timeout="20s")
        except OSError as exc:
            raise InducevalError(f"cannot reach the Dask scheduler at {spec.address}: "
                                 f"{exc}") from exc
        with client:
            yield tune_client(client)
        return
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
        if sess.spec.resolved_engine() == "dask":
            yield sess.client(n_tasks)
        else:
            yield None
        return
    if isinstance(executor, str):
        spec = ExecutorSpec(engine=executor, jobs=jobs)
    else:
        spec = executor or ExecutorSpec(jobs=jobs)
    if spec.resolved_engine() != "dask":
        yield None
        return
    with _open_client(spec, n_tasks) as client:
        yield client


def local_jobs(executor, jobs: int) -> int:
    """The local process count for ``executor`` (the current context's when ``None``)."""
    if isinstance(executor, ExecutorSpec):
        return executor.jobs
    sess = _CURRENT.get()
    if executor is None and sess is not None:
        return max(jobs, sess.spec.jobs)
    return jobs


def task_key(prefix: str, name: str) -> str:
    """A unique Dask task key that names the work (shown in Dask's errors and dashboard)."""
    return f"induceval-{prefix}-{name}-{uuid.uuid4().hex[:10]}"


def _start_order(costs: Sequence[float], split_every: int) -> list[int]:
    """The order in which :func:`map_reduce` starts its items on Dask.

    Group by group of the first reduction level (``split_every`` items in
    item order), costliest group first, and in a group costliest item first
    (longest processing time first, at the level of groups).  Each group's
    partial tables are summed, and dropped, as soon as its items are done:
    a worker holds at most a group or two of partial tables, not one per
    shard.  Ordering all items by cost alone instead runs the large shards
    of every group first; on 88 shards of two sizes every group then waited
    for its small shards until the end, and the workers held 44 partial
    tables and spent 24% more CPU than one process, mostly in full garbage
    collections over them.

    Example
    -------
    >>> _start_order([1, 5, 1, 1, 9, 1], 2)  # groups (0, 1), (2, 3), (4, 5)
    [4, 5, 1, 0, 2, 3]
    """
    groups = [list(range(i, min(i + split_every, len(costs))))
              for i in range(0, len(costs), split_every)]
    groups.sort(key=lambda g: -sum(costs[i] for i in g))  # stable: ties in item order
    return [i for g in groups for i in sorted(g, key=lambda i: -costs[i])]


def _tree_reduce(client, futures: list, combine: Callable, split_every: int,
                 priority: int = 0):
    level = 0
    while len(futures) > 1:
        nxt = []
        for i in range(0, len(futures), split_every):
            group = futures[i:i + split_every]
            if len(group) == 1:
                nxt.append(group[0])
            else:
                # reductions first when ready: partial tables do not pile up on workers
                nxt.append(client.submit(_combine_all, combine, group,
                                         key=task_key("reduce", f"{level}-{i}"), pure=False,
                                         priority=priority))
        futures = nxt
        level += 1
    return futures[0]


def _combine_all(combine: Callable, parts: list):
    acc = parts[0]
    for p in parts[1:]:
        acc = combine(acc, p)
    return acc


def path_size(item) -> int:
    """Bytes of a file, or of the files under a folder (0 for anything else).

    Example
    -------
    >>> path_size("no/such/file"), path_size(42)
    (0, 0)
    """
    if not isinstance(item, (str, os.PathLike)):
        return 0
    try:
        if os.path.isdir(item):
            total = 0
            for root, _, files in os.walk(item, followlinks=True):
                for f in files:
                    with contextlib.suppress(OSError):
                        total += os.stat(os.path.join(root, f)).st_size
            return total
        return os.stat(item).st_size
    except OSError:
        return 0


def map_reduce(fn: Callable, items: Sequence, combine: Callable, *, executor=None,
               jobs: int = 1, split_every: int = 8, name: str = "map",
               costs: Sequence[float] | None = None):
    """``combine`` over ``fn(item)`` for every item, in item order.

    The reduction is a left fold in item order (serially) or a tree of
    in-order groups of ``split_every`` (on Dask); for an associative
    ``combine`` (sums of count tables) both give the same result, including
    the insertion order of dict-based tables, so results are bit for bit
    those of one process.  On Dask, only the partial tables travel: each item
    (typically a file shard) is read and counted on a worker, so a worker's
    peak memory is bounded by its shard and the table, not by the corpus.

    Parameters
    ----------
    fn
        Item -> count table (picklable, e.g. a module-level function or a
        :func:`functools.partial` of one).
    items
        The shards (paths or small objects).
    combine
        Two tables -> their sum (associative).
    executor, jobs
        As in :func:`dask_client`; local engines run serially in this process.
    split_every
        Fan-in of the tree reduction on Dask.
    costs
        Expected cost of each item (e.g. :func:`path_size`): on Dask the
        costliest items start first, so that no worker is left with a large
        shard at the end while the others idle (see :func:`_start_order`).
        The reduction order, hence the result, does not change.
    """
    items = list(items)
    if not items:
        raise ParameterError("map_reduce needs at least one item")
    with dask_client(executor, jobs=jobs, n_tasks=len(items)) as client:
        if client is None:
            acc = fn(items[0])
            for it in items[1:]:
                acc = combine(acc, fn(it))
            return acc
        if costs is not None and len(costs) != len(items):
            raise ParameterError(f"costs has {len(costs)} values for {len(items)} items")
        rank = _start_order(costs if costs is not None else [0] * len(items), split_every)
        prio = [0] * len(items)
        for r, i in enumerate(rank):
            prio[i] = len(items) - r  # Dask runs higher priorities first
        futures: list = [None] * len(items)
        for i in rank:
            futures[i] = client.submit(fn, items[i], key=task_key(name, str(i)), pure=False,
                                       priority=prio[i])
        try:
            total = _tree_reduce(client, futures, combine, split_every,
                                 priority=len(items) + 1)
            return total.result()
        except BaseException as exc:
            failed = [items[i] for i, f in enumerate(futures) if f.status == "error"]
            client.cancel(futures)
            if not isinstance(exc, Exception):
                raise
            where = f" (shard {failed[0]!r})" if failed else ""
            raise _worker_error(f"{name} failed on a Dask worker{where}", exc) from exc


@dataclass
class _Failed:
    """The :class:`InducevalError` an item raised, sent back as its result."""

    error: InducevalError


class _Guarded:
    """``fn`` with its :class:`InducevalError` returned as a value (raised in item order)."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def __call__(self, item):
        try:
            return self.fn(item)
        except InducevalError as exc:
            return _Failed(exc)


def map(fn: Callable, items: Sequence, *, executor=None, jobs: int = 1,  # noqa: A001
        costs: Sequence[float] | None = None, name: str = "map") -> list:
    """``[fn(item) for item in items]``, here or on workers; results in item order.

    An :class:`~induceval.errors.InducevalError` raised by an item is raised
    here once the items are back: the first in item order, with its own
    message, i.e. the error one process running the items in order meets
    first.  In this process (``executor`` local), the items after a failing
    one are not run.

    Parameters
    ----------
    fn
        Item -> result (picklable for workers: a module-level function or a
        :func:`functools.partial` of one).
    items
        The work items (paths, shards, small objects).
    executor, jobs
        As in :func:`dask_client`.
    costs
        Expected cost of each item: on workers the costliest start first
        (longest processing time first); results keep item order.
    name
        Names the tasks (Dask's dashboard and errors).

    Example
    -------
    >>> map(len, ["ab", "cde", "f"])
    [2, 3, 1]
    """
    items = list(items)
    if not items:
        return []
    if costs is not None and len(costs) != len(items):
        raise ParameterError(f"costs has {len(costs)} values for {len(items)} items")
    with dask_client(executor, jobs=jobs, n_tasks=len(items)) as client:
        if client is None:
            return [fn(item) for item in items]
        order = sorted(range(len(items)), key=lambda i: -(costs[i] if costs else 0))
        futures: list = [None] * len(items)
        guarded = _Guarded(fn)
        for rank, i in enumerate(order):
            futures[i] = client.submit(guarded, items[i], key=task_key(name, str(i)),
                                       pure=False, priority=len(items) - rank)
        try:
            out = client.gather(futures)
        except BaseException as exc:
            client.cancel(futures)
            if not isinstance(exc, Exception):
                raise
            raise _worker_error(f"{name} failed on a Dask worker", exc) from exc
    for r in out:
        if isinstance(r, _Failed):
            raise r.error
    return out


def _worker_error(prefix: str, exc: BaseException) -> InducevalError:
    """An InducevalError for a failure on a worker (keeps the subclass of an InducevalError)."""
    kind = type(exc).__name__
    if kind == "KilledWorker":
        return InducevalError(f"{prefix}: the workers computing it died repeatedly ({exc}); "
                              "nothing half-done was stored; rerun to resume")
    if isinstance(exc, InducevalError):
        try:
            return type(exc)(f"{prefix}: {exc}")
        except TypeError:
            pass
    return InducevalError(f"{prefix}: {kind}: {exc}")
