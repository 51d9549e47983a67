"""Per-item additive statistics and the function scoring their sum (:class:`ItemStats`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from induceval.errors import MismatchError

__all__ = ["ItemStats", "group_rows", "BatchScore", "ScoreFn"]

BatchScore = Callable[[np.ndarray], dict]
ScoreFn = Callable[[np.ndarray], float]


@dataclass
class ItemStats:
    """Per-item additive statistics of one system and the function scoring their sum.

    Attributes
    ----------
    rows
        ``(m, d)`` array or ``scipy.sparse`` matrix: one row per item.
    score
        Vectorised score function: ``(B, d)`` summed statistics ->
        ``{measure: (B,) array}``.  Pure; the same function scores the full
        sample (``B = 1``) and every resample.
    higher_is_better
        Measure -> direction (used for table marks).
    table_shape
        ``(G, K)`` when the ``d`` columns are a flattened ``G x K``
        contingency table (category measures).
    side_by_side
        For statistics whose columns belong to one system (contingency
        tables, type-level pair counts): ``f(a, b) -> (a', b')`` puts two
        systems in one column space (disjoint clusters) before
        :func:`compare`'s approximate randomization swaps items between
        them.  ``None``: the columns mean the same in every system.
    meta
        What ``side_by_side`` needs besides the rows (the type entries; the
        parts of :func:`join_items`).
    summed_from
        ``(base, pos)`` when the rows are the columns of a ``(m, P)`` sparse
        ``base`` shared with other systems, column ``p`` summed into column
        ``pos[p]`` (see :func:`~induceval.measures.categories.items.summed_category_items`):
        the bootstrap then multiplies the resample weights with ``base``
        once for all of them.  ``None``: the rows are the system's own.
    """

    rows: object
    score: BatchScore
    higher_is_better: dict = field(default_factory=dict)
    table_shape: tuple | None = None
    side_by_side: Callable | None = None
    meta: object = None
    summed_from: tuple | None = None
    #: the full-sample scores, computed once (tables ask for them per measure and per pair)
    _full: dict | None = field(default=None, init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    @property
    def sparse(self) -> bool:
        """Whether the rows are a ``scipy.sparse`` matrix."""
        return not isinstance(self.rows, np.ndarray)

    def totals(self) -> np.ndarray:
        """Column sums of the rows, as ``float64``."""
        return np.asarray(self.rows.sum(axis=0), dtype=np.float64).ravel()

    def scores(self) -> dict[str, float]:
        """The full-sample score of every measure (a new dict each call)."""
        if self._full is None:
            out = self.score(self.totals()[None, :])
            self._full = {k: float(np.asarray(v)[0]) for k, v in out.items()}
        return dict(self._full)

    def grouped(self, groups) -> ItemStats:
        """The statistics summed per group (e.g. per document); see :func:`group_rows`."""
        return self.with_rows(group_rows(self.rows, groups))

    def with_rows(self, rows) -> ItemStats:
        """The same statistics (score, directions, pairing) over other rows."""
        return ItemStats(rows, self.score, self.higher_is_better, self.table_shape,
                         self.side_by_side, self.meta)


def group_rows(rows, groups):
    """Sum the rows of each group (labels in first-seen order); additive statistics stay so.

    Parameters
    ----------
    rows
        ``(m, d)`` per-item statistics.
    groups
        A group label per row (e.g. the document of each sentence).

    Returns
    -------
    numpy.ndarray
        ``(g, d)`` sums, one row per group in first-seen order.

    Example
    -------
    >>> import numpy as np
    >>> group_rows(np.array([[1, 2], [3, 4], [5, 6]]), ["b", "a", "b"]).tolist()
    [[6.0, 8.0], [3.0, 4.0]]
    """
    labels = np.asarray(groups)
    m = int(rows.shape[0])
    if labels.shape != (m,):
        raise MismatchError(f"groups has {labels.size} labels for {m} items")
    _, first, inv = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first, kind="stable"), kind="stable")
    gid = order[inv.ravel()]
    from scipy import sparse as sp
    agg = sp.csr_matrix((np.ones(m), (gid, np.arange(m))), shape=(len(first), m))
    out = agg @ rows
    return np.asarray(out, dtype=np.float64) if isinstance(rows, np.ndarray) else out.tocsr()
