"""The Dask worker plugin of :func:`induceval.parallel.tune_client` (imports ``distributed``)."""

from __future__ import annotations

from distributed.diagnostics.plugin import WorkerPlugin

from induceval.parallel import tune_worker


class WorkerTuning(WorkerPlugin):
    """Applies :func:`~induceval.parallel.tune_worker` on each worker when it starts."""

    name = "induceval-worker-tuning"
    idempotent = True

    def setup(self, worker) -> None:
        tune_worker(worker)
