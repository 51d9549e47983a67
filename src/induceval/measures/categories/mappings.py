"""The mappings of induced clusters to gold classes: many-to-one and one-to-one.

:func:`many_to_one_mapping` maps each cluster to its most frequent gold
class (Frank et al. 2009, "Matched Accuracy"); :func:`one_to_one_mapping`
maps clusters and classes one to one, optimally (Kuhn-Munkres) or greedily
(Gelling et al. 2012, after Christodoulopoulos et al. 2010).
:func:`mapped_overlap` is the number of tokens a mapping gets right.

Example
-------
>>> from induceval.measures.categories.contingency import contingency
>>> t = contingency([0, 0, 1, 1], [0, 0, 0, 1])
>>> many_to_one_mapping(t).tolist(), mapped_overlap(t, one_to_one_mapping(t))
([0, 1], 3)
"""

from __future__ import annotations

import numpy as np

from induceval.errors import check_choice
from induceval.measures.categories.contingency import ContingencyTable

__all__ = ["many_to_one_mapping", "one_to_one_mapping", "mapped_overlap"]


def many_to_one_mapping(table: ContingencyTable) -> np.ndarray:
    """Each induced cluster's gold class with the most shared tokens (ties: lowest index).

    Empty clusters map to ``-1``.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable`.

    Returns
    -------
    numpy.ndarray
        One gold class index per induced cluster (``int64``), ``-1`` for empty clusters.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> many_to_one_mapping(contingency([0, 1, 1], [0, 0, 1])).tolist()
    [0, 1]
    """
    c = table.counts
    if table.sparse:
        arg = np.asarray(c.argmax(axis=0)).ravel()
    else:
        arg = c.argmax(axis=0) if c.size else np.zeros(table.shape[1], dtype=np.int64)
    return np.where(table.col_sums > 0, arg, -1).astype(np.int64)


def _assignment_candidates(table: ContingencyTable) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A reduced dense sub-table holding an optimal 1-1 assignment.

    Only non-empty rows and columns matter; when there are ``r`` rows and more
    columns, an optimal matching uses only columns among each row's ``r``
    largest (if row i's column were outside its top ``r``, one of them is free
    and at least as heavy).  Symmetrically for rows.
    """
    rows = np.flatnonzero(table.row_sums)
    cols = np.flatnonzero(table.col_sums)
    if table.sparse:
        sub = table.counts[rows][:, cols]
        r = len(rows)
        if len(cols) > r * r:
            # keep, per row, its r largest columns
            keep = set()
            sub = sub.tocsr()
            for i in range(r):
                start, end = sub.indptr[i], sub.indptr[i + 1]
                idx, val = sub.indices[start:end], sub.data[start:end]
                if len(idx) > r:
                    top = np.argpartition(-val, r - 1)[:r]
                    idx = idx[top]
                keep.update(idx.tolist())
            kc = np.array(sorted(keep), dtype=np.int64)
            sub = sub[:, kc]
            cols = cols[kc]
        dense = np.asarray(sub.toarray(), dtype=np.int64)
    else:
        dense = table.counts[np.ix_(rows, cols)]
    return dense, rows, cols


def one_to_one_mapping(table: ContingencyTable, method: str = "optimal") -> np.ndarray:
    """The 1-1 mapping: for each induced cluster its gold class, ``-1`` when unmapped.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable`.
    method
        ``"optimal"``: maximum-weight bipartite matching (Kuhn-Munkres, via
        ``scipy.optimize.linear_sum_assignment``, which handles rectangular
        tables). ``"greedy"``: as PASCAL 2012 (after Christodoulopoulos et al.
        2010): repeatedly take the largest remaining cell, map its cluster to
        its class, and remove that row and column (ties: lowest gold index,
        then lowest cluster index).

    Returns
    -------
    numpy.ndarray
        One gold class index per induced cluster (``int64``), ``-1`` for clusters
        left unmapped.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0] * 9 + [1] * 4, [0] * 5 + [1] * 4 + [0] * 4)
    >>> t.dense().tolist()
    [[5, 4], [4, 0]]
    >>> one_to_one_mapping(t).tolist(), one_to_one_mapping(t, "greedy").tolist()
    ([1, 0], [0, 1])
    """
    check_choice("method", method, ("optimal", "greedy"))
    dense, rows, cols = _assignment_candidates(table)
    out = np.full(table.shape[1], -1, dtype=np.int64)
    if dense.size == 0:
        return out
    if method == "optimal":
        from scipy.optimize import linear_sum_assignment

        r, c = linear_sum_assignment(dense, maximize=True)
        out[cols[c]] = rows[r]
        return out
    # greedy: sort cells by (-count, row, col) and take when both free
    order = np.lexsort((np.tile(np.arange(dense.shape[1]), dense.shape[0]),
                        np.repeat(np.arange(dense.shape[0]), dense.shape[1]),
                        -dense.ravel()))
    used_r = np.zeros(dense.shape[0], dtype=bool)
    used_c = np.zeros(dense.shape[1], dtype=bool)
    left = min(dense.shape)
    ncol = dense.shape[1]
    for flat in order.tolist():
        i, j = divmod(flat, ncol)
        if used_r[i] or used_c[j]:
            continue
        used_r[i] = used_c[j] = True
        out[cols[j]] = rows[i]
        left -= 1
        if left == 0:
            break
    return out


def mapped_overlap(table: ContingencyTable, mapping: np.ndarray) -> int:
    """Tokens in the cells a mapping (cluster -> gold class, ``-1`` unmapped) selects.

    Parameters
    ----------
    table
        The gold-by-induced :class:`ContingencyTable`.
    mapping
        Gold class of each induced cluster, ``-1`` for unmapped, as from
        :func:`many_to_one_mapping` or :func:`one_to_one_mapping`.

    Returns
    -------
    int
        The number of tokens whose cluster maps to their gold class.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> mapped_overlap(contingency([0, 1, 1], [0, 0, 1]), np.array([0, 1]))
    2
    """
    ks = np.flatnonzero(mapping >= 0)
    if not len(ks):
        return 0
    return int(np.asarray(table.counts[mapping[ks], ks]).sum())
