"""The gold-by-induced contingency table: the sufficient statistic of token measures.

Every token-level category measure (M-1, 1-1, VI, NVI, V-measure, pairwise
P/R/F) is a pure function of one table ``n[c, k]``, the scored tokens with
gold class ``c`` and induced cluster ``k``, built by :func:`contingency`
(``np.bincount`` over ``gold * K + pred`` codes, or a ``scipy.sparse``
matrix above :data:`SPARSE_CELLS` cells).  It is additive: ``t1 + t2`` is
the table of the concatenated data.

Unclustered tokens (code ``-1``, :data:`UNCLUSTERED`) follow Frank,
Goldwater & Keller (2009, "Effect of unclustered words"): ``"merge"`` puts
them all in one extra last column labelled ``"UNCLUSTERED"``; ``"split"``
gives each unclustered word *type* its own column labelled
``"UNCLUSTERED:<form id or form>"`` (this needs the tokens' form codes).
Tokens without a gold class (code ``-1``) and tokens outside the scoring
mask (punctuation) are not counted; the table reports both
(``n_missing_gold``, ``n_masked``), so nothing is dropped silently.

References
----------
Frank, Goldwater & Keller (2009), Evaluating Models of Syntactic Category
Acquisition without Using a Gold Standard, CogSci 31.

Example
-------
>>> t = contingency([0, 0, 1, 1], [1, 1, 0, -1])
>>> t.dense().tolist()
[[0, 2, 0], [1, 0, 1]]
>>> (t + t).n
8
>>> t = contingency([0, 1], [0, 0], items=[0, 1])
>>> (t + t).item_counts.shape
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.errors import MismatchError, ParameterError, check_choice

__all__ = ["ContingencyTable", "contingency", "item_index", "UNCLUSTERED", "UNCLUSTERED_LABEL",
           "SPARSE_CELLS"]

#: the predicted code of an unclustered token
UNCLUSTERED = -1
#: the label of unclustered tokens in files and of the merged column
UNCLUSTERED_LABEL = "UNCLUSTERED"
#: tables with more cells than this are stored as ``scipy.sparse`` CSR matrices
SPARSE_CELLS = 1 << 23


@dataclass(frozen=True, eq=False)
class ContingencyTable:
    """Counts of scored tokens by gold class (rows) and induced cluster (columns).

    Attributes
    ----------
    counts
        ``int64`` array of shape ``(G, K)`` or a ``scipy.sparse`` CSR matrix.
    gold_labels, pred_labels
        Row / column labels (strings or ints), or ``None``.
    n_masked, n_missing_gold, n_unclustered
        Tokens left out by the scoring mask, tokens without a gold class
        (both not counted), and counted tokens that were unclustered.
    """

    counts: object
    gold_labels: tuple | None = None
    pred_labels: tuple | None = None
    n_masked: int = 0
    n_missing_gold: int = 0
    n_unclustered: int = 0
    item_counts: object = None
    _cache: dict = field(default_factory=dict, repr=False, compare=False)

    # -- shape and marginals ---------------------------------------------
    @property
    def shape(self) -> tuple[int, int]:
        """``(G, K)``: the number of gold classes (rows) and of clusters (columns).

        Example
        -------
        >>> contingency([0, 0, 1, 1], [1, 1, 0, 2]).shape
        (2, 3)
        """
        return tuple(self.counts.shape)  # type: ignore[return-value]

    @property
    def sparse(self) -> bool:
        """Whether :attr:`counts` is a ``scipy.sparse`` matrix (tables above
        :data:`SPARSE_CELLS` cells) rather than a dense numpy array."""
        return not isinstance(self.counts, np.ndarray)

    def _get(self, key, fn):
        val = self._cache.get(key)
        if val is None:
            val = self._cache[key] = fn()
        return val

    @property
    def row_sums(self) -> np.ndarray:
        """Tokens per gold class."""
        return self._get("rows", lambda: np.asarray(self.counts.sum(axis=1)).ravel()
                         .astype(np.int64))

    @property
    def col_sums(self) -> np.ndarray:
        """Tokens per induced cluster."""
        return self._get("cols", lambda: np.asarray(self.counts.sum(axis=0)).ravel()
                         .astype(np.int64))

    @property
    def n(self) -> int:
        """Number of scored tokens."""
        return int(self.row_sums.sum())

    def nonzero_values(self) -> np.ndarray:
        """The non-zero cells (any order)."""
        def fn():
            if self.sparse:
                data = np.asarray(self.counts.data, dtype=np.int64)
                return data[data > 0]
            c = self.counts.ravel()
            return c[c > 0]
        return self._get("nz", fn)

    def col_max(self) -> np.ndarray:
        """The largest cell of each column (for M-1)."""
        def fn():
            if self.sparse:
                return np.asarray(self.counts.max(axis=0).toarray()).ravel().astype(np.int64)
            if self.counts.size == 0:
                return np.zeros(self.shape[1], dtype=np.int64)
            return self.counts.max(axis=0)
        return self._get("colmax", fn)

    def dense(self) -> np.ndarray:
        """The table as a dense ``int64`` array (careful with huge sparse tables)."""
        if self.sparse:
            return np.asarray(self.counts.toarray(), dtype=np.int64)
        return self.counts

    def used(self) -> ContingencyTable:
        """The table restricted to non-empty rows and columns (labels kept)."""
        rows = np.flatnonzero(self.row_sums)
        cols = np.flatnonzero(self.col_sums)
        sub = self.counts[rows][:, cols] if self.sparse else self.counts[np.ix_(rows, cols)]
        gl = None if self.gold_labels is None else tuple(self.gold_labels[i] for i in rows)
        pl = None if self.pred_labels is None else tuple(self.pred_labels[j] for j in cols)
        return ContingencyTable(sub, gl, pl, self.n_masked, self.n_missing_gold,
                                self.n_unclustered)

    # -- additivity --------------------------------------------------------
    def __add__(self, other: ContingencyTable) -> ContingencyTable:
        """The table of this sample followed by ``other``.

        Labelled tables are aligned by label (labels of ``other`` not in this
        table are appended), others by index; per-item tables are stacked,
        the items of ``other`` after this table's.
        """
        if not isinstance(other, ContingencyTable):
            return NotImplemented
        a, b = self.dense(), other.dense()
        labelled = any(x is not None for x in (self.gold_labels, other.gold_labels,
                                                 self.pred_labels, other.pred_labels))
        if labelled:
            gl = _union(_labels(self.gold_labels, a.shape[0]),
                        _labels(other.gold_labels, b.shape[0]))
            pl = _union(_labels(self.pred_labels, a.shape[1]),
                        _labels(other.pred_labels, b.shape[1]))
        else:
            gl = list(range(max(a.shape[0], b.shape[0])))
            pl = list(range(max(a.shape[1], b.shape[1])))
        gi = {x: i for i, x in enumerate(gl)}
        pi = {x: i for i, x in enumerate(pl)}
        out = np.zeros((len(gl), len(pl)), dtype=np.int64)
        index = []
        for t, m in ((self, a), (other, b)):
            r = np.array([gi[x] for x in _labels(t.gold_labels, m.shape[0])], dtype=np.int64)
            c = np.array([pi[x] for x in _labels(t.pred_labels, m.shape[1])], dtype=np.int64)
            out[np.ix_(r, c)] += m
            index.append((r, c))
        items = None
        if self.item_counts is not None and other.item_counts is not None:
            from scipy import sparse as sp

            parts, offset = [], 0
            for t, (r, c) in zip((self, other), index):
                ic, k = t.item_counts.tocoo(), t.shape[1]
                parts.append((ic.row + offset, r[ic.col // k] * len(pl) + c[ic.col % k],
                              ic.data))
                offset += t.item_counts.shape[0]
            rows, cols, data = (np.concatenate(x) for x in zip(*parts))
            items = sp.csr_matrix((data, (rows, cols)), shape=(offset, len(gl) * len(pl)))
            items.sum_duplicates()
        counts = out
        if len(gl) * len(pl) > SPARSE_CELLS:
            from scipy import sparse as sp

            counts = sp.csr_matrix(out)
        return ContingencyTable(counts, tuple(gl) if labelled else None,
                                tuple(pl) if labelled else None,
                                self.n_masked + other.n_masked,
                                self.n_missing_gold + other.n_missing_gold,
                                self.n_unclustered + other.n_unclustered, items)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ContingencyTable):
            return NotImplemented
        return (self.shape == other.shape and np.array_equal(self.dense(), other.dense())
                and self.gold_labels == other.gold_labels
                and self.pred_labels == other.pred_labels)

    __hash__ = None  # type: ignore[assignment]


def _labels(labels: Sequence | None, n: int) -> tuple:
    return tuple(range(n)) if labels is None else tuple(labels)


def _union(a: Sequence, b: Sequence) -> list:
    out = list(a)
    seen = set(out)
    for x in b:
        if x not in seen:
            seen.add(x)
            out.append(x)
    return out


def _as_codes(x, name: str) -> np.ndarray:
    arr = np.asarray(x)
    if arr.ndim != 1:
        raise ParameterError(f"{name} must be a 1-d array of integer codes, got shape {arr.shape}")
    if arr.size == 0:
        return arr.astype(np.int64)
    if not np.issubdtype(arr.dtype, np.integer):
        raise ParameterError(f"{name} must hold integer codes (-1 = missing), got {arr.dtype}")
    return arr.astype(np.int64, copy=False)


def _unclustered_columns(p: np.ndarray, f: np.ndarray | None, k: int, unclustered: str,
                         form_labels) -> tuple[np.ndarray, list]:
    """Cluster codes with the unclustered tokens (``-1``) put in the columns after the
    first ``k``, and those columns' labels: one column (merge) or one per form (split,
    in the order of the form codes)."""
    unc = p < 0
    if unclustered == "merge":
        return np.where(unc, k, p), [UNCLUSTERED_LABEL]
    if f is None:
        raise ParameterError("unclustered='split' needs the tokens' form codes (forms=)")
    utypes, inv = np.unique(f[unc], return_inverse=True)
    p = p.copy()
    p[unc] = k + inv
    return p, [f"{UNCLUSTERED_LABEL}:{form_labels[t] if form_labels is not None else t}"
               for t in utypes.tolist()]


def item_index(items, n_tokens: int, n_items: int | None = None) -> tuple[np.ndarray, int]:
    """The item (sentence) of every token, checked, and the number of items.

    ``n_items`` defaults to the largest index + 1.

    Parameters
    ----------
    items
        The item (sentence) index of every token, integers ``>= 0``.
    n_tokens
        The number of tokens ``items`` must cover.
    n_items
        The number of items; default the largest index + 1.

    Returns
    -------
    tuple of (numpy.ndarray, int)
        The checked item codes and the number of items.

    Example
    -------
    >>> item_index([0, 0, 2], 3)
    (array([0, 0, 2]), 3)
    """
    it = _as_codes(items, "items")
    if len(it) != n_tokens:
        raise MismatchError(f"items has {len(it)} entries for {n_tokens} tokens")
    if len(it) and it.min() < 0:
        raise ParameterError("item indices must be >= 0")
    m = int(n_items) if n_items is not None else (int(it.max()) + 1 if len(it) else 0)
    if len(it) and it.max() >= m:
        raise ParameterError(f"item index {int(it.max())} >= n_items={m}")
    return it, m


def contingency(gold, pred, *, mask=None, unclustered: str = "merge", forms=None,
                n_gold: int | None = None, n_pred: int | None = None,
                gold_labels: Sequence | None = None, pred_labels: Sequence | None = None,
                form_labels: Sequence | None = None,
                sparse: bool | None = None, items=None,
                n_items: int | None = None, weights=None) -> ContingencyTable:
    """Build the gold-by-induced contingency table of aligned token codes.

    Parameters
    ----------
    gold
        Gold class codes, ``>= 0``; ``-1`` = no gold class (not counted,
        reported as ``n_missing_gold``).
    pred
        Induced cluster codes, ``>= 0``; ``-1`` = unclustered.
    mask
        Boolean array, ``True`` for tokens to score (e.g. not punctuation);
        default all.
    unclustered, forms
        ``"merge"`` or ``"split"`` (see the module docstring); ``"split"``
        needs the tokens' form codes ``forms``.
    n_gold, n_pred
        Numbers of rows / induced columns (default: max code + 1, or the
        label counts).
    gold_labels, pred_labels, form_labels
        Optional labels for rows, columns and (split) form codes.
    sparse
        Force a sparse (``True``) or dense (``False``) table; default sparse
        when the table has more than :data:`SPARSE_CELLS` cells.
    items, n_items
        Optional item (sentence) index of every token, ``0 <= i < n_items``
        (default ``n_items``: max + 1).  The table then also carries
        ``item_counts``, a ``scipy.sparse`` CSR matrix of items by flattened
        cells (``gold * K + pred``): one additive table per item, for
        :func:`induceval.measures.categories.items.category_items`.
    weights
        Tokens each entry stands for (default 1), e.g. the counts of the
        entries of :class:`~induceval.measures.categories.statistics.TagStatistics`.

    Raises
    ------
    MismatchError
        When the arrays differ in length.

    Returns
    -------
    ContingencyTable
        Gold classes as rows, induced clusters as columns, with the counts of
        tokens left out (``n_missing_gold``, ``n_unclustered``).

    Example
    -------
    >>> t = contingency([0, 0, 1], [-1, -1, 0], unclustered="split", forms=[5, 6, 7])
    >>> t.dense().tolist(), t.pred_labels
    ([[0, 1, 1], [1, 0, 0]], (0, 'UNCLUSTERED:5', 'UNCLUSTERED:6'))
    """
    check_choice("unclustered", unclustered, ("merge", "split"))
    g = _as_codes(gold, "gold")
    p = _as_codes(pred, "pred")
    if len(g) != len(p):
        raise MismatchError(f"gold has {len(g)} tokens but prediction has {len(p)}")
    n_total = len(g)
    keep = np.ones(n_total, dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    if len(keep) != n_total:
        raise MismatchError(f"mask has {len(keep)} entries for {n_total} tokens")
    it = None
    if items is not None:
        it, m = item_index(items, n_total, n_items)
    w = None
    if weights is not None:
        w = np.asarray(weights, dtype=np.int64)
        if len(w) != n_total:
            raise MismatchError(f"weights has {len(w)} entries for {n_total} tokens")
    n_masked = int(n_total - keep.sum()) if w is None else int(w[~keep].sum())
    missing = keep & (g < 0)
    n_missing = int(missing.sum()) if w is None else int(w[missing].sum())
    keep &= g >= 0
    f = None if forms is None else _as_codes(forms, "forms")
    if mask is not None or n_missing:
        g, p = g[keep], p[keep]
        it = None if it is None else it[keep]
        f = None if f is None else f[keep]
        w = None if w is None else w[keep]
    if f is not None and len(f) != len(g):
        raise MismatchError(f"forms has {len(f)} entries, expected {len(g)}")
    if np.any(p < UNCLUSTERED):
        raise ParameterError("pred codes must be >= 0, or -1 for unclustered tokens")
    if gold_labels is not None:
        n_gold = len(gold_labels) if n_gold is None else n_gold
    if pred_labels is not None:
        n_pred = len(pred_labels) if n_pred is None else n_pred
    G = int(n_gold) if n_gold is not None else (int(g.max()) + 1 if len(g) else 0)
    K = int(n_pred) if n_pred is not None else (int(p.max()) + 1 if len(p) else 0)
    if len(g) and g.max() >= G:
        raise ParameterError(f"gold code {int(g.max())} >= n_gold={G}")
    if len(p) and p.max() >= K:
        raise ParameterError(f"pred code {int(p.max())} >= n_pred={K}")
    unc = p < 0
    n_unc = int(unc.sum()) if w is None else int(w[unc].sum())
    plabels = list(pred_labels) if pred_labels is not None else list(range(K))
    if n_unc:
        p, extra = _unclustered_columns(p, f, K, unclustered, form_labels)
        K += len(extra)
        plabels += extra
    glabels = tuple(gold_labels) if gold_labels is not None else None
    keep_plabels = pred_labels is not None or n_unc > 0
    use_sparse = (G * K > SPARSE_CELLS) if sparse is None else sparse
    if use_sparse:
        from scipy import sparse as sp
        counts = sp.csr_matrix((np.ones(len(g), dtype=np.int64) if w is None else w, (g, p)),
                               shape=(G, K))
        counts.sum_duplicates()
    else:
        counts = np.bincount(g * K + p, weights=w, minlength=G * K).astype(np.int64, copy=False)
        counts = counts.reshape(G, K)
    item_counts = None
    if it is not None:
        from scipy import sparse as sp
        data = np.ones(len(g), dtype=np.float64) if w is None else w.astype(np.float64)
        item_counts = sp.csr_matrix((data, (it, g * K + p)), shape=(m, G * K))
        item_counts.sum_duplicates()
    return ContingencyTable(counts, glabels, tuple(plabels) if keep_plabels else None,
                            n_masked, n_missing, n_unc, item_counts)
