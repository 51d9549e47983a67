"""Generic builders of :class:`~induceval.measures.resampling.base.ItemStats`.

Each measure family builds its own per-item statistics from its own options
(the family's ``items``); what they share lives here: ratio measures
(:func:`ratio_items`, :func:`ratio_score`), several parts over the same
items (:func:`join_items`), and the column operations on sparse per-item
tables (:func:`filled_columns`, :func:`select_columns`,
:func:`relabel_columns`).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from induceval.errors import MismatchError, ParameterError
from induceval.measures.resampling.base import BatchScore, ItemStats
from induceval.measures.result import Measure, ratio_of, score_records

__all__ = ["ratio_items", "ratio_score", "records_score", "records_items", "join_items",
           "filled_columns", "select_columns", "relabel_columns"]


def filled_columns(rows) -> np.ndarray:
    """The columns of the CSR ``rows`` with an entry other than 0, in ascending order.

    Parameters
    ----------
    rows
        A ``scipy.sparse`` CSR matrix.

    Returns
    -------
    numpy.ndarray
        The column numbers.

    Example
    -------
    >>> from scipy import sparse
    >>> filled_columns(sparse.csr_matrix([[0, 2.0, 0], [0, 0, 1.0]])).tolist()
    [1, 2]
    """
    filled = np.zeros(rows.shape[1], dtype=bool)
    filled[rows.indices[rows.data != 0]] = True
    return np.flatnonzero(filled)


def select_columns(rows, flat: np.ndarray):
    """``rows[:, flat]`` of the CSR ``rows`` for ascending column numbers ``flat``.

    The same matrix as scipy's column indexing (the kept entries in their
    order), by one lookup of each entry's new column instead of scipy's
    general indexing (``docs/scale.md`` has the figures).

    Parameters
    ----------
    rows
        A ``scipy.sparse`` CSR matrix.
    flat
        Ascending column numbers.

    Returns
    -------
    scipy.sparse.csr_matrix
        The selected columns.

    Example
    -------
    >>> from scipy import sparse
    >>> m = sparse.csr_matrix([[0, 2.0, 0], [3.0, 0, 1.0]])
    >>> select_columns(m, np.array([0, 2])).toarray().tolist()
    [[0.0, 0.0], [3.0, 1.0]]
    """
    new = np.full(rows.shape[1], -1, dtype=np.int64)
    new[flat] = np.arange(len(flat))
    return relabel_columns(rows, new, len(flat))


def relabel_columns(rows, new: np.ndarray, width: int):
    """The CSR ``rows`` with each entry moved to column ``new[column]`` of ``width``
    (dropped where negative), in their order: entries that land in one column stay
    side by side (sums, products and totals add them).

    Parameters
    ----------
    rows
        A ``scipy.sparse`` CSR matrix.
    new
        The new column of every column (negative: dropped).
    width
        The number of columns of the result.

    Returns
    -------
    scipy.sparse.csr_matrix
        The relabelled matrix.

    Example
    -------
    >>> from scipy import sparse
    >>> m = sparse.csr_matrix([[1.0, 2.0, 0], [0, 3.0, 4.0]])
    >>> relabel_columns(m, np.array([1, 0, -1]), 2).toarray().tolist()
    [[2.0, 1.0], [3.0, 0.0]]
    """
    from scipy import sparse as sp

    index = np.int32 if max(width, rows.nnz) < 2 ** 31 else np.int64
    at = new[rows.indices]
    kept = at >= 0
    if kept.all():
        data, indices, indptr = rows.data, at.astype(index), rows.indptr
    else:          # entries of dropped columns (explicit zeros): out, and the rows' bounds moved
        data, indices = rows.data[kept], at[kept].astype(index)
        indptr = np.concatenate(([0], np.cumsum(kept)))[rows.indptr]
    return sp.csr_matrix((data, indices, indptr.astype(index)), shape=(rows.shape[0], width))


def ratio_score(pairs: Mapping[str, tuple[int, int]], scale: float = 1.0) -> BatchScore:
    """The batched score of ratio measures: ``name -> scale * totals[:, i] / totals[:, j]``
    for each ``name: (i, j)`` of ``pairs`` (``nan`` where the denominator is 0).

    Parameters
    ----------
    pairs
        Measure name -> (numerator column, denominator column).
    scale
        A factor of every ratio.

    Returns
    -------
    callable
        ``(B, d)`` totals -> measure name -> ``(B,)`` scores.

    Example
    -------
    >>> ratio_score({"acc": (0, 1)})(np.array([[1.0, 4.0], [0.0, 0.0]]))["acc"].tolist()
    [0.25, nan]
    """
    records = [Measure(name, "item", True, 0, 1, "", "", "", ratio_of(i, j, scale))
               for name, (i, j) in pairs.items()]
    return records_score(records)


def records_score(records) -> BatchScore:
    """The batched score of a family's :class:`~induceval.measures.result.Measure` records
    whose ``score`` takes the ``(B, d)`` column totals.

    Parameters
    ----------
    records
        The :class:`~induceval.measures.result.Measure` records.

    Returns
    -------
    callable
        ``(B, d)`` totals -> measure name -> ``(B,)`` scores.

    Example
    -------
    >>> acc = Measure("acc", "item", True, 0, 1, "", "", "", ratio_of(0, 1))
    >>> records_score([acc])(np.array([[1.0, 2.0]]))["acc"].tolist()
    [0.5]
    """
    records = tuple(records)

    def score(totals: np.ndarray) -> dict:
        return score_records(records, np.atleast_2d(totals))
    return score


def records_items(rows, records) -> ItemStats:
    """Per-item ``rows`` scored by ``records`` (measures of the column totals).

    Parameters
    ----------
    rows
        ``(m, d)`` per-item statistics.
    records
        The :class:`~induceval.measures.result.Measure` records scoring their totals.

    Returns
    -------
    ItemStats
        The per-item rows with their batched score.

    Example
    -------
    >>> acc = Measure("acc", "item", True, 0, 1, "", "", "", ratio_of(0, 1))
    >>> records_items(np.array([[1, 2], [0, 2]]), [acc]).scores()
    {'acc': 0.25}
    """
    return ItemStats(rows, records_score(records), {m.name: m.higher_is_better for m in records})


def ratio_items(rows, name: str = "accuracy", *, scale: float = 1.0,
                higher_is_better: bool = True) -> ItemStats:
    """Items whose score is ``scale * sum(col 0) / sum(col 1)`` (accuracy-like).

    Parameters
    ----------
    rows
        ``(m, 2)`` per-item numerator and denominator counts.
    name
        The measure's name.
    scale
        A factor of the ratio (e.g. 100 for percentages).
    higher_is_better
        The measure's direction.

    Returns
    -------
    ItemStats
        The per-item rows with their batched score.

    Example
    -------
    >>> import numpy as np
    >>> ratio_items(np.array([[1, 2], [1, 2]]), "acc").scores()
    {'acc': 0.5}
    """
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 2:
        raise ParameterError(f"ratio rows must have shape (m, 2); got {rows.shape}")
    return ItemStats(rows, ratio_score({name: (0, 1)}, scale), {name: higher_is_better})


def join_items(*parts: ItemStats) -> ItemStats:
    """One :class:`ItemStats` of several over the same items (columns side by side).

    E.g. token and type-level measures of one system (``--level both``):
    every resample draws the same items for all parts.

    Parameters
    ----------
    *parts
        :class:`ItemStats` over the same items.

    Returns
    -------
    ItemStats
        Their columns side by side, scored by every part.

    Example
    -------
    >>> import numpy as np
    >>> a = ratio_items(np.array([[1, 2], [1, 2]]), "x")
    >>> b = ratio_items(np.array([[1, 1], [0, 1]]), "y")
    >>> join_items(a, b).scores()
    {'x': 0.5, 'y': 0.5}
    """
    from scipy import sparse as sp

    if not parts:
        raise ParameterError("join_items needs at least one ItemStats")
    m = len(parts[0])
    if any(len(p) != m for p in parts):
        raise MismatchError("joined statistics must have the same items")
    widths = [int(p.rows.shape[1]) for p in parts]
    cuts = np.cumsum([0] + widths)
    if any(p.sparse for p in parts):
        rows = sp.hstack([sp.csr_matrix(p.rows) for p in parts]).tocsr()
    else:
        rows = np.hstack([p.rows for p in parts])

    def score(totals):
        t = np.atleast_2d(totals)
        out = {}
        for p, lo, hi in zip(parts, cuts[:-1], cuts[1:]):
            out.update(p.score(np.ascontiguousarray(t[:, lo:hi])))
        return out

    pairing = any(p.side_by_side is not None for p in parts)
    hib = {k: v for p in parts for k, v in p.higher_is_better.items()}
    return ItemStats(rows, score, hib, None, _joined_side_by_side if pairing else None,
                     {"parts": parts, "cuts": cuts})


def _split(st: ItemStats) -> list[ItemStats]:
    from scipy import sparse as sp

    rows = sp.csr_matrix(st.rows)
    return [p.with_rows(rows[:, lo:hi] if p.sparse else rows[:, lo:hi].toarray())
            for p, lo, hi in zip(st.meta["parts"], st.meta["cuts"][:-1], st.meta["cuts"][1:])]


def _joined_side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    pairs = [pa.side_by_side(pa, pb) if pa.side_by_side is not None else (pa, pb)
             for pa, pb in zip(_split(a), _split(b))]
    return join_items(*[x for x, _ in pairs]), join_items(*[y for _, y in pairs])
