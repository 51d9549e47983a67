"""Where parallel work runs: in this process, a local process pool, or Dask.

The only place in induceval that runs work elsewhere: :func:`map` (results
in item order, costliest items first on workers), :func:`imap` (streamed in
item order, a bounded number pending), :func:`map_reduce` (additive tables
summed in item order, bit for bit the sum of one process) and
:func:`run_cells` (a protocol's resumable cells, each stored as
``<out>/cells/<key>.json`` as soon as it is back); errors as one process
would meet them (:func:`map`).  :func:`file_groups` is the one rule grouping
consecutive files into tasks.

The engine comes from an :class:`ExecutorSpec`: ``local`` is this process
(``jobs=1``) or a pool of ``jobs`` processes that end with this one
(:mod:`induceval.parallel.local`); ``dask`` is a ``distributed.Client`` of an
embedded ``LocalCluster`` (the default when ``jobs > 1`` and Dask, an
optional extra, is installed), an existing scheduler or a Slurm cluster.
The CLI sets the engine of a whole command with :func:`use_executor` (one
cluster, started when first needed); library calls may pass ``executor=``
(a spec, ``"local"``, ``"dask"`` or a ``distributed.Client``).

Example
-------
>>> ExecutorSpec(jobs=1).resolved_engine()
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
from induceval.parallel.lock import FolderInUseError, folder_lock
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

__all__ = ["ENGINES", "CLUSTERS", "SCHEDULER_ENV", "GROUP_BYTES", "ExecutorSpec", "Cell",
           "require_dask", "use_executor", "current_executor", "local_jobs", "dask_client",
           "make_cluster", "local_cluster", "tune_worker", "tune_client", "task_key",
           "parse_cluster_options", "map", "imap", "map_reduce", "run_cells", "path_size",
           "file_groups", "folder_lock", "FolderInUseError"]
