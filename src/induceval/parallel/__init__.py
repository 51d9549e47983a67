"""Where parallel work runs: in this process, a local process pool, or Dask.

This package is the only place in induceval that runs work elsewhere.  Its
calls:

:func:`map`
    ``fn`` over items, results in item order; costliest items start first
    on workers.
:func:`imap`
    The same, streamed in item order with a bounded number of results
    pending (a writer consuming files in file order).
:func:`map_reduce`
    Additive tables (counts, statistics) mapped over file shards and summed
    in item order, bit for bit the sum one process makes.
:func:`run_cells`
    A protocol's independent, resumable *cells*, each stored as
    ``<out>/cells/<key>.json`` as soon as it is back.

Errors come back in item order: an item's
:class:`~induceval.errors.InducevalError` is raised with its own message once
the items before it are done, the error one process meets first; any other
exception on a worker is raised as an InducevalError naming the item.
:func:`file_groups` is the one rule that groups consecutive files into tasks,
by size (:func:`path_size`).

All take their engine from an :class:`ExecutorSpec`:

``local``
    The default: one process (``jobs=1``) or a pool of ``jobs`` local
    processes, forked where possible, that end with this process
    (:mod:`induceval.parallel.local`).  Needs nothing beyond the core
    dependencies.
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
>>> map(len, ["ab", "cde", "f"], executor=ExecutorSpec(engine="local", jobs=2))
[2, 3, 1]
>>> map_reduce(len, ["ab", "cde", "f"], lambda a, b: a + b)
6
"""

from induceval.parallel.cells import Cell, run_cells
from induceval.parallel.dask import (
    dask_client,
    local_cluster,
    make_cluster,
    task_key,
    tune_client,
    tune_worker,
)
from induceval.parallel.files import GROUP_BYTES, file_groups, path_size
from induceval.parallel.maps import (  # noqa: F401 - private names the sharded code uses
    _Failed,
    _Guarded,
    _start_order,
    _worker_error,
    imap,
    map,
    map_reduce,
)
from induceval.parallel.spec import (
    CLUSTERS,
    ENGINES,
    SCHEDULER_ENV,
    ExecutorSpec,
    current_executor,
    local_jobs,
    parse_cluster_options,
    require_dask,
    use_executor,
)

__all__ = [
    "ENGINES",
    "CLUSTERS",
    "SCHEDULER_ENV",
    "GROUP_BYTES",
    "ExecutorSpec",
    "Cell",
    "require_dask",
    "use_executor",
    "current_executor",
    "local_jobs",
    "dask_client",
    "make_cluster",
    "local_cluster",
    "tune_worker",
    "tune_client",
    "task_key",
    "parse_cluster_options",
    "map",
    "imap",
    "map_reduce",
    "run_cells",
    "path_size",
    "file_groups",
]
