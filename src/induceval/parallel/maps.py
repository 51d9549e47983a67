"""Running a function over items: here, in a local pool or on Dask, errors in item order.

:func:`map`, :func:`imap` and :func:`map_reduce` over one loop, :func:`stream`
(also under :func:`induceval.parallel.run_cells`).  On workers an item's
:class:`~induceval.errors.InducevalError` comes back as a value
(:class:`_Failed`) and is raised in item order (see :func:`map`).

Example
-------
>>> map(len, ["ab", "cde", "f"])
[2, 3, 1]
>>> list(imap(len, ["ab", "cde"]))
[2, 3]
>>> map_reduce(len, ["ab", "cde", "f"], lambda a, b: a + b)
6
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from induceval.errors import InducevalError, ParameterError
from induceval.parallel.dask import DaskEngine, dask_client, task_key
from induceval.parallel.local import LocalPool, in_worker
from induceval.parallel.spec import local_jobs


@dataclass
class _Failed:
    """The :class:`InducevalError` an item raised, sent back as its result."""

    error: InducevalError


class _Guarded:
    """``fn`` with its :class:`InducevalError` returned as a value (raised in item order)."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn

    def __call__(self, item, **shared):
        try:
            return self.fn(item, **shared)
        except InducevalError as exc:
            return _Failed(exc)


def _worker_error(prefix: str, exc: BaseException) -> InducevalError:
    """An InducevalError for a failure on a worker (keeps the subclass of an InducevalError)."""
    kind = type(exc).__name__
    if kind in ("KilledWorker", "BrokenProcessPool"):
        how = "died repeatedly" if kind == "KilledWorker" else "died"
        return InducevalError(f"{prefix}: the workers computing it {how} ({exc}); "
                              "nothing half-done was stored; rerun to resume")
    if isinstance(exc, InducevalError):
        try:
            return type(exc)(f"{prefix}: {exc}")
        except TypeError:
            pass
    return InducevalError(f"{prefix}: {kind}: {exc}")


def _where(item, i: int) -> str:
    """The item named in an error: a path, the first and last of a group of paths, or its index."""
    if isinstance(item, (str, os.PathLike)):
        return f" (shard {item!r})"
    if (isinstance(item, (list, tuple)) and item
            and all(isinstance(x, (str, os.PathLike)) for x in item)):
        if len(item) == 1:
            return f" (shard {item[0]!r})"
        return f" (the {len(item)} files {item[0]!r} to {item[-1]!r})"
    return f" (item {i})"


@contextlib.contextmanager
def _engine(executor, jobs: int, n_items: int, shared: dict):
    """The engine of ``executor`` for ``n_items`` items, or ``None`` to run them here."""
    with dask_client(executor, jobs=jobs, n_tasks=n_items) as client:
        if client is not None:
            engine = DaskEngine(client, shared, n_items)
            try:
                yield engine
            except BaseException:
                engine.close(abort=True)
                raise
            engine.close(abort=False)
            return
        workers = min(local_jobs(executor, jobs), n_items)
        if workers < 2 or in_worker():
            yield None
            return
        with LocalPool(workers, shared) as pool:
            yield pool


def stream(fn: Callable, items: Sequence, *, executor=None, jobs: int = 1,
           order: Sequence[int] | None = None, name: str = "map", shared: dict | None = None,
           window: int | None = None, ordered: bool = False, labels: Sequence[str] | None = None,
           what: Callable[[int, str], str] | None = None) -> Iterator[tuple]:
    """``(i, fn(items[i], **shared))`` for every item, as they finish (``ordered``: in item order).

    The loop under :func:`map`, :func:`imap` and the cell runner.  ``order``
    is the order in which items start on workers (earlier: higher priority);
    in this process they run in item order and an exception is raised at
    once.  ``window`` bounds the items started and not yet yielded (with
    ``ordered``, ``order`` must be item order).  ``labels`` name the items in
    Dask's task keys; ``what(i, where)`` starts the message of a worker's
    exception (default: ``"{name} failed {where} (shard 'path')"``).  The
    first error in item order is raised; items after it are not started, or
    cancelled.
    """
    n = len(items)
    if not n:
        return
    order = list(range(n)) if order is None else list(order)
    shared = dict(shared or {})
    with _engine(executor, jobs, n, shared) as engine:
        if engine is None:
            for i in range(n):
                yield i, fn(items[i], **shared)
            return
        if window is None and ordered:
            window = 2 * engine.workers
        yield from _drive(engine, _Guarded(fn), items, order, name=name, window=window,
                          ordered=ordered, labels=labels,
                          what=what or (lambda i, where: f"{name} failed {where}"
                                                         f"{_where(items[i], i)}"))


def _drive(engine, fn, items, order, *, name, window, ordered, labels, what):
    n = len(items)
    pending: dict = {}   # future -> item index
    ready: dict = {}     # ordered: item index -> result, waiting for the items before it
    failed = None        # (index, _Failed or exception) of the first failure in item order
    nxt = done = 0       # position in ``order``; next index to yield (ordered)
    try:
        while True:
            while nxt < n and (window is None or len(pending) + len(ready) < window):
                i = order[nxt]
                nxt += 1
                if failed is None or i < failed[0]:
                    label = labels[i] if labels is not None else str(i)
                    pending[engine.submit(fn, items[i], name, label, n - nxt + 1)] = i
            if not pending or (failed is not None and min(pending.values()) > failed[0]):
                break
            for fut in engine.wait(list(pending)):
                i = pending.pop(fut, None)
                if i is None:  # cancelled after a failure
                    continue
                try:
                    result = fut.result()
                    error = result if isinstance(result, _Failed) else None
                except Exception as exc:
                    error = exc
                if error is not None:
                    if failed is None or i < failed[0]:
                        failed = (i, error)
                        later = [f for f, j in pending.items() if j > i]
                        engine.cancel(later)
                        for f in later:
                            del pending[f]
                        ready = {j: r for j, r in ready.items() if j < i}
                    continue
                if not ordered:
                    yield i, result
                    continue
                ready[i] = result
                while done in ready:
                    yield done, ready.pop(done)
                    done += 1
    except BaseException:
        engine.cancel(list(pending))
        raise
    if failed is not None:
        engine.cancel(list(pending))
        i, error = failed
        if isinstance(error, _Failed):
            raise error.error
        raise _worker_error(what(i, engine.where), error) from error


def _check_costs(costs, n: int) -> None:
    if costs is not None and len(costs) != n:
        raise ParameterError(f"costs has {len(costs)} values for {n} items")


def map(fn: Callable, items: Sequence, *, executor=None, jobs: int = 1,  # noqa: A001
        costs: Sequence[float] | None = None, name: str = "map",
        shared: dict | None = None) -> list:
    """``[fn(item) for item in items]``, here or on workers; results in item order.

    An item's :class:`~induceval.errors.InducevalError` is raised once the
    items before it are back: the first in item order, with its own message
    (the error one process meets first); the items after it are not started.
    Another exception on a worker is raised as an InducevalError naming the
    item (``"map failed in a worker process (item 3): ValueError: ..."``, or
    ``on a Dask worker``).

    Parameters
    ----------
    fn
        Item -> result (picklable for workers: a module-level function or a
        :func:`functools.partial` of one).
    executor, jobs
        Where items run: ``None`` (the engine of
        :func:`~induceval.parallel.use_executor`, else ``jobs``), ``"local"``,
        ``"dask"``, an :class:`~induceval.parallel.ExecutorSpec` or a
        ``distributed.Client``; locally, this process when ``jobs`` is 1,
        else a pool of ``jobs`` processes (:mod:`induceval.parallel.local`).
    costs
        Expected cost of each item: on workers the costliest start first
        (longest processing time first); results keep item order.
    name
        Names the tasks (Dask's dashboard and errors).
    shared
        Keyword arguments of every call (``fn(item, **shared)``), sent to
        each worker once rather than with every item (a large table, say).

    Example
    -------
    >>> map(len, ["ab", "cde", "f"], costs=[1, 5, 2])
    [2, 3, 1]
    >>> map(round, [3.14159, 2.71828], shared={"ndigits": 2})
    [3.14, 2.72]
    """
    items = list(items)
    _check_costs(costs, len(items))
    order = (sorted(range(len(items)), key=lambda i: -costs[i]) if costs is not None
             else None)
    out: list = [None] * len(items)
    for i, result in stream(fn, items, executor=executor, jobs=jobs, order=order, name=name,
                            shared=shared):
        out[i] = result
    return out


def imap(fn: Callable, items: Sequence, *, executor=None, jobs: int = 1,
         window: int | None = None, name: str = "map", shared: dict | None = None) -> Iterator:
    """``fn(item)`` for every item, yielded in item order as soon as the items before are back.

    At most ``window`` items (default: twice the workers) are started and
    not yet consumed, so that the results waiting for an earlier item stay
    bounded (a writer consuming tagged files in file order, say).  Errors as
    in :func:`map`: the results before the first failing item are yielded,
    then its error is raised.  Items start in item order; in this process,
    each is run when the next result is asked for.

    Example
    -------
    >>> next(imap(len, ["ab", "cde"], window=1))
    2
    """
    items = list(items)
    for _, result in stream(fn, items, executor=executor, jobs=jobs, name=name, shared=shared,
                            window=window, ordered=True):
        yield result


def _start_order(costs: Sequence[float], split_every: int) -> list[int]:
    """The order in which :func:`map_reduce` starts its items on Dask.

    Group by group of the first reduction level (``split_every`` items in
    item order), costliest group first, and in a group costliest item first.
    Each group's partial tables are summed and dropped as soon as its items
    are done, so a worker holds a group or two of them; ordering all items by
    cost alone would leave every group waiting for its small shards until the
    end, its partial tables held meanwhile (``docs/scale.md``).

    Example
    -------
    >>> _start_order([1, 5, 1, 1, 9, 1], 2)  # groups (0, 1), (2, 3), (4, 5)
    [4, 5, 1, 0, 2, 3]
    """
    groups = [list(range(i, min(i + split_every, len(costs))))
              for i in range(0, len(costs), split_every)]
    groups.sort(key=lambda g: -sum(costs[i] for i in g))  # stable: ties in item order
    return [i for g in groups for i in sorted(g, key=lambda i: -costs[i])]


class _Combine:
    """``combine`` that passes the first :class:`_Failed` (in item order) through."""

    def __init__(self, combine: Callable) -> None:
        self.combine = combine

    def __call__(self, acc, part):
        if isinstance(acc, _Failed):
            return acc
        if isinstance(part, _Failed):
            return part
        return self.combine(acc, part)


def _combine_all(combine: Callable, parts: list):
    return functools.reduce(combine, parts)


def _tree_reduce(client, futures: list, combine: Callable, split_every: int, priority: int = 0):
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


def map_reduce(fn: Callable, items: Sequence, combine: Callable, *, executor=None,
               jobs: int = 1, split_every: int = 8, name: str = "map",
               costs: Sequence[float] | None = None):
    """``combine`` over ``fn(item)`` for every item, in item order.

    A left fold in item order (here and in a local pool, over :func:`imap`)
    or a tree of in-order groups of ``split_every`` (on Dask): for an
    associative ``combine`` (sums of count tables) both give the result of
    one process bit for bit, dict insertion order included.  On workers only
    the partial tables travel, so a worker's peak memory is bounded by its
    shard and the table, not by the corpus.  Errors as in :func:`map`.

    Parameters
    ----------
    fn, executor, jobs
        As in :func:`map` (``fn``: item -> count table).
    items
        The shards (paths or small objects); at least one.
    combine
        Two tables -> their sum (associative).
    split_every
        Fan-in of the tree reduction on Dask.
    costs
        Expected cost of each item (e.g. :func:`~induceval.parallel.path_size`):
        on Dask the costliest start first (:func:`_start_order`), so that no
        worker is left with a large shard at the end; the result does not change.
    """
    items = list(items)
    if not items:
        raise ParameterError("map_reduce needs at least one item")
    _check_costs(costs, len(items))
    with dask_client(executor, jobs=jobs, n_tasks=len(items)) as client:
        if client is None:
            with contextlib.closing(imap(fn, items, executor=executor, jobs=jobs,
                                         name=name)) as parts:
                return functools.reduce(combine, parts)
        return _map_reduce_on(client, _Guarded(fn), items, _Combine(combine), split_every,
                              name, costs)


def _map_reduce_on(client, fn, items, combine, split_every, name, costs):
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
                             priority=len(items) + 1).result()
    except BaseException as exc:
        failed = [i for i, f in enumerate(futures) if f.status == "error"]
        client.cancel(futures)
        if not isinstance(exc, Exception):
            raise
        where = _where(items[failed[0]], failed[0]) if failed else ""
        raise _worker_error(f"{name} failed on a Dask worker{where}", exc) from exc
    if isinstance(total, _Failed):
        raise total.error
    return total
