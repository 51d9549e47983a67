"""The Dask worker plugin of :func:`induceval.parallel.tune_client` (imports ``distributed``).

It imports nothing of induceval: the function it runs on each worker is
given to it, so that :mod:`induceval.parallel.dask` can import it lazily
without a circle.
"""

from __future__ import annotations

from collections.abc import Callable

from distributed.diagnostics.plugin import WorkerPlugin


class WorkerTuning(WorkerPlugin):
    """Runs ``setup_fn(worker)`` on each worker when it starts (and when it restarts)."""

    name = "induceval-worker-tuning"
    idempotent = True

    def __init__(self, setup_fn: Callable) -> None:
        self.setup_fn = setup_fn

    def setup(self, worker) -> None:
        self.setup_fn(worker)
