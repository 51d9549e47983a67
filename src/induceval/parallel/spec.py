"""Where work runs: the :class:`ExecutorSpec` and the context that sets it for a command.

Example
-------
>>> ExecutorSpec(jobs=1).resolved_engine()
'local'
>>> parse_cluster_options(["cores=2", "memory=4GB", "job_extra_directives=--exclusive"])
{'cores': 2, 'memory': '4GB', 'job_extra_directives': ['--exclusive']}
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from induceval.errors import InducevalError, ParameterError, check_range

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
    """Where parallel work runs (see :mod:`induceval.parallel`).

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
        if self.cluster or self.address or (self.jobs > 1 and _dask_available()):
            return "dask"
        return "local"


class _Session:
    """A spec plus the Dask client opened for it (by :func:`~induceval.parallel.dask_client`,
    when first needed; closed on exit)."""

    def __init__(self, spec: ExecutorSpec) -> None:
        self.spec = spec
        self.client = None
        self.owned = contextlib.ExitStack()

    def close(self) -> None:
        self.owned.close()
        self.client = None


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


def local_jobs(executor, jobs: int) -> int:
    """The local process count for ``executor`` (the current context's when ``None``)."""
    if isinstance(executor, ExecutorSpec):
        return executor.jobs
    sess = _CURRENT.get()
    if executor is None and sess is not None:
        return max(jobs, sess.spec.jobs)
    return jobs
