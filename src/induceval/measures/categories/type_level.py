"""Type-level polysemous measures of Reichart, Abend & Rappoport (2010, §4).

Each word type ``i`` has a *gold entry* ``A_i`` (the gold classes it appears
with) and an *induced entry* ``B_i`` (the induced clusters it appears with);
:class:`TypeEntries` holds these pairs, the sufficient statistic of every
type-level measure.  Given a mapping ``h`` from induced clusters to gold
classes (``-1`` = unmapped), :func:`type_scores_for_mapping` computes, as a
pure function:

- ``IM_i = |A_i ∩ h(B_i)|``;
- **MacroI** (= MacroC) ``= 2 IM / (sum |A_i| + sum |h(B_i)|)``;
- **MicroI** ``= (1/l) sum_i 2 IM_i / (|A_i| + |h(B_i)|)``;
- **MicroC** ``= sum_k |k|/N* F_k`` over the merged clusters ``K^h`` (clusters
  mapped to the same class are united), ``F_k = 2 CM_k / (|h(k)| + |k|)``,
  ``N* = sum |k|``; unmapped clusters have ``F_k = 0`` but count in ``N*``.

``|h(B_i)|`` counts each unmapped cluster of ``B_i`` separately, so in the
1-1 mapping ``|h(B_i)| = |B_i|`` as the paper requires.  The 1-1 mapping is
a maximum-weight matching (:func:`one_to_one_type_mapping`), the M-1 mapping
the best of ``restarts`` hill climbs (:func:`many_to_one_type_mapping`).
Unclustered words are merged into one extra cluster, or get one cluster per
type (the ``merge`` / ``split`` conditions of Frank et al. 2009).

References
----------
Reichart, Abend & Rappoport (2010), Type Level Clustering Evaluation: New
Measures and a POS Induction Case Study, CoNLL, §4.1 (item-based), §4.2
(cluster-based), §5.2 (10 random restarts).

Example
-------
>>> e = type_entries(forms=[0, 0, 1, 2], gold=[0, 1, 0, 1], pred=[0, 1, 0, 0])
>>> s = type_level_scores(e, restarts=2, seed=1)
>>> round(s["macro_i_1to1"], 4), round(s["micro_c_1to1"], 4)
(0.75, 0.7667)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from induceval.errors import MismatchError, ParameterError, check_choice, check_range
from induceval.measures.categories.contingency import _unclustered_columns, item_index
from induceval.random import DEFAULT_SEED
from induceval.random import rng as make_rng

__all__ = ["TypeEntries", "type_entries", "type_entries_from_sets", "type_scores_for_mapping",
           "one_to_one_type_mapping", "many_to_one_type_mapping", "macro_i", "micro_i", "micro_c",
           "type_level_scores", "type_scores_batch", "TYPE_MEASURES"]

#: the three type-level measures (each under 1-1 and M-1)
TYPE_MEASURES = ("macro_i", "micro_i", "micro_c")


@dataclass(frozen=True, eq=False)
class TypeEntries:
    """Gold and induced entries of each word type (Reichart et al. 2010, §4).

    Attributes
    ----------
    n_types, n_gold, n_pred
        Numbers of types, gold classes and induced clusters (compact codes).
    gold_pairs, pred_pairs
        ``(2, m)`` int64 arrays of unique ``(type, class)`` / ``(type, cluster)``
        pairs, sorted.
    type_labels, gold_labels, pred_labels
        Labels of the compact codes (form strings / original codes).
    """

    n_types: int
    n_gold: int
    n_pred: int
    gold_pairs: np.ndarray
    pred_pairs: np.ndarray
    type_labels: tuple = ()
    gold_labels: tuple = ()
    pred_labels: tuple = ()
    #: with ``items=``: a ``scipy.sparse`` CSR matrix, items (sentences) by the
    #: gold pairs then the induced pairs: the item's tokens of each pair
    item_counts: object = field(default=None, repr=False)
    _cache: dict = field(default_factory=dict, repr=False)

    # -- derived arrays -----------------------------------------------------
    def _get(self, key, fn):
        if key not in self._cache:
            self._cache[key] = fn()
        return self._cache[key]

    @property
    def gold_sizes_by_type(self) -> np.ndarray:
        """``|A_i|``."""
        return self._get("a", lambda: np.bincount(self.gold_pairs[0], minlength=self.n_types))

    @property
    def pred_sizes_by_type(self) -> np.ndarray:
        """``|B_i|``."""
        return self._get("b", lambda: np.bincount(self.pred_pairs[0], minlength=self.n_types))

    @property
    def class_sizes(self) -> np.ndarray:
        """Types per gold class ``|c|``."""
        return self._get("g", lambda: np.bincount(self.gold_pairs[1], minlength=self.n_gold))

    @property
    def cluster_sizes(self) -> np.ndarray:
        """Types per induced cluster ``|k|``."""
        return self._get("k", lambda: np.bincount(self.pred_pairs[1], minlength=self.n_pred))

    def overlap(self, weights: np.ndarray | None = None) -> np.ndarray:
        """``W[s, j] = sum_i w_i [s in A_i][j in B_i]`` (``w = 1``: shared types, kept)."""
        if weights is None:  # asked by the 1-1 and M-1 mappings of several measures
            return self._get("overlap", lambda: self._hard_tables()[0].astype(np.float64)
                             if self._one_cluster_each() else self._overlap(None)).copy()
        return self._overlap(weights)

    def _one_cluster_each(self) -> bool:
        """Every type in exactly one induced cluster (a type clustering)."""
        return self._get("hard", lambda: bool(np.all(self.pred_sizes_by_type == 1)))

    def _hard_tables(self):
        """``T``, ``W``, ``fa`` of :func:`~._hillclimb.hard_tables` (one cluster per type)."""
        def fn():
            from induceval.measures.categories import _hillclimb as hc
            m = self._csr("m_csr", self.pred_pairs[1], self.pred_pairs[0], self.n_pred)
            a = self._csr("a_csr", self.gold_pairs[0], self.gold_pairs[1], self.n_types)
            return hc.hard_tables(self.n_gold, *m, *a)
        return self._get("hard_tables", fn)

    def _overlap(self, weights) -> np.ndarray:
        from scipy import sparse as sp
        l, G, K = self.n_types, self.n_gold, self.n_pred
        a = sp.csr_matrix((np.ones(self.gold_pairs.shape[1]), tuple(self.gold_pairs)),
                          shape=(l, G))
        vals = np.ones(self.pred_pairs.shape[1]) if weights is None else \
            np.asarray(weights, dtype=np.float64)[self.pred_pairs[0]]
        b = sp.csr_matrix((vals, tuple(self.pred_pairs)), shape=(l, K))
        return np.asarray((a.T @ b).toarray(), dtype=np.float64)

    def _csr(self, key: str, rows: np.ndarray, cols: np.ndarray, n_rows: int):
        def fn():
            ptr = np.zeros(n_rows + 1, dtype=np.int64)
            np.cumsum(np.bincount(rows, minlength=n_rows), out=ptr[1:])
            if len(cols) > 1 and np.all(cols[1:] >= cols[:-1]):  # pairs by (cols, rows):
                # a stable sort by rows alone is the lexsort; radix sort for small codes
                r = rows.astype(np.int16) if n_rows <= np.iinfo(np.int16).max else rows
                return ptr, cols[np.argsort(r, kind="stable")].astype(np.int64)
            key_sorted = len(rows) < 2 or np.all(
                (rows[1:] > rows[:-1]) | ((rows[1:] == rows[:-1]) & (cols[1:] >= cols[:-1])))
            order = slice(None) if key_sorted else np.lexsort((cols, rows))
            return ptr, cols[order].astype(np.int64)
        return self._get(key, fn)


def _unique_pairs(t: np.ndarray, c: np.ndarray, n_c: int) -> np.ndarray:
    n_c = max(n_c, 1)
    key = t.astype(np.int64) * n_c + c
    space = (int(t.max()) + 1) * n_c if len(t) else 0
    if space <= max(64 * len(key), 1 << 20):
        flags = np.zeros(space, dtype=bool)
        flags[key] = True
        key = np.flatnonzero(flags)
    else:
        key = np.unique(key)
    return np.vstack([key // n_c, key % n_c]).astype(np.int64)


def _compact(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(x, return_inverse=True)`` for non-negative codes, via bincount."""
    if len(x) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    lo = int(x.min())
    present = np.bincount(x - lo) > 0
    values = np.flatnonzero(present) + lo
    remap = np.cumsum(present) - 1
    return values.astype(np.int64), remap[x - lo].astype(np.int64)


def type_entries(forms, gold, pred, *, mask=None, unclustered: str = "merge",
                 form_labels=None, gold_labels=None, pred_labels=None, items=None,
                 n_items: int | None = None, weights=None) -> TypeEntries:
    """Per-type gold and induced entries from aligned token codes.

    Parameters
    ----------
    forms, gold, pred
        Aligned token codes: word forms, gold classes (``-1`` = none: token
        not counted) and induced clusters (``-1`` = unclustered).
    mask
        ``True`` for tokens to score (punctuation excluded by the caller).
    unclustered
        ``"merge"`` or ``"split"`` (Frank et al. 2009).
    form_labels, gold_labels, pred_labels
        Optional label sequences indexed by the codes.
    items, n_items
        Optional item (sentence) index of every token (``0 <= i < n_items``,
        default ``n_items``: max + 1): the entries then carry
        ``item_counts``, the per-item counts of every gold and induced pair,
        so that the type-level measures can be bootstrapped over items
        (:func:`induceval.measures.categories.items.type_level_items`).
    weights
        Tokens each entry stands for (default 1), as in
        :func:`~induceval.measures.categories.contingency.contingency`.

    Returns
    -------
    TypeEntries
        The (type, gold class) and (type, cluster) pairs with the types' set sizes.

    Example
    -------
    >>> e = type_entries([0, 0, 1], [0, 1, 1], [2, 2, -1])
    >>> e.n_types, e.gold_pairs.tolist(), e.pred_pairs.tolist(), e.pred_labels
    (2, [[0, 0, 1], [0, 1, 1]], [[0, 1], [0, 1]], (2, 'UNCLUSTERED'))
    >>> e = type_entries([0, 0, 1], [0, 1, 1], [2, 2, -1], items=[0, 1, 1])
    >>> e.item_counts.toarray().tolist()    # pairs (0,0) (0,1) (1,1) | (0,0) (1,1)
    [[1.0, 0.0, 0.0, 1.0, 0.0], [0.0, 1.0, 1.0, 1.0, 1.0]]
    """
    check_choice("unclustered", unclustered, ("merge", "split"))
    f = np.asarray(forms, dtype=np.int64)
    g = np.asarray(gold, dtype=np.int64)
    p = np.asarray(pred, dtype=np.int64)
    if not len(f) == len(g) == len(p):
        raise MismatchError(f"forms, gold and pred differ in length: {len(f)}, {len(g)}, {len(p)}")
    keep = g >= 0
    if mask is not None:
        keep &= np.asarray(mask, dtype=bool)
    it = None
    if items is not None:
        it, m = item_index(items, len(f), n_items)
        it = it[keep]
    w = None if weights is None else np.asarray(weights, dtype=np.float64)[keep]
    f, g, p = f[keep], g[keep], p[keep]
    utypes, ti = _compact(f)
    ugold, gi = _compact(g)
    start = int(p.max()) + 1 if (p >= 0).any() else 0
    pc, labels = (_unclustered_columns(p, f, start, unclustered, form_labels)
                  if (p < 0).any() else (p, []))
    upred, pi = _compact(pc)
    extra = {start + k: lab for k, lab in enumerate(labels)}
    tl = tuple(_lab(form_labels, x) for x in utypes.tolist())
    gl = tuple(_lab(gold_labels, x) for x in ugold.tolist())
    pl = tuple(extra[x] if x in extra else _lab(pred_labels, x) for x in upred.tolist())
    gpairs, ppairs = _unique_pairs(ti, gi, len(ugold)), _unique_pairs(ti, pi, len(upred))
    counts = None if it is None else _pair_counts(it, m, ti, gi, gpairs, len(ugold), pi, ppairs,
                                                  len(upred), w)
    return TypeEntries(len(utypes), len(ugold), len(upred), gpairs, ppairs, tl, gl, pl, counts)


def _pair_counts(it, m, ti, gi, gpairs, n_gold, pi, ppairs, n_pred, weights=None):
    """Items by (gold pairs, induced pairs) token counts (see ``TypeEntries.item_counts``)."""
    from scipy import sparse as sp

    ng, npr = max(n_gold, 1), max(n_pred, 1)
    gcol = np.searchsorted(gpairs[0] * ng + gpairs[1], ti * ng + gi)
    pcol = np.searchsorted(ppairs[0] * npr + ppairs[1], ti * npr + pi) + gpairs.shape[1]
    rows = np.concatenate([it, it])
    cols = np.concatenate([gcol, pcol])
    data = np.ones(len(rows)) if weights is None else np.concatenate([weights, weights])
    out = sp.csr_matrix((data, (rows, cols)),
                        shape=(m, gpairs.shape[1] + ppairs.shape[1]))
    out.sum_duplicates()
    return out


def _lab(labels, x):
    return x if labels is None else labels[x]


def type_entries_from_sets(gold: dict, pred: dict, *, unclustered: str = "merge") -> TypeEntries:
    """Entries from ``{type: set of gold classes}`` and ``{type: set of clusters}``.

    Types of ``gold`` absent from ``pred`` (or with an empty set) are
    unclustered; types only in ``pred`` are not scored.

    Parameters
    ----------
    gold
        ``{type: set of gold classes}``.
    pred
        ``{type: set of clusters}``.
    unclustered
        ``"merge"`` or ``"split"``.

    Returns
    -------
    TypeEntries
        The entries of the types of ``gold``.

    Example
    -------
    >>> e = type_entries_from_sets({"a": {"N"}, "b": {"V", "N"}}, {"a": {1}, "b": {1, 2}})
    >>> e.gold_sizes_by_type.tolist(), e.pred_sizes_by_type.tolist()
    ([1, 2], [1, 2])
    """
    check_choice("unclustered", unclustered, ("merge", "split"))
    types = sorted(gold, key=str)
    golds = sorted({c for t in types for c in gold[t]}, key=str)
    preds = sorted({k for t in types for k in pred.get(t, ())}, key=str)
    gi = {c: i for i, c in enumerate(golds)}
    pi = {k: i for i, k in enumerate(preds)}
    gp, pp = [], []
    labels = list(preds)
    unc_index = None
    for ti, t in enumerate(types):
        gp += [(ti, gi[c]) for c in gold[t]]
        ks = pred.get(t) or ()
        if not ks:
            if unclustered == "split" or unc_index is None:
                unc_index = len(labels)
                labels.append("UNCLUSTERED" if unclustered == "merge" else f"UNCLUSTERED:{t}")
            pp.append((ti, unc_index))
        pp += [(ti, pi[k]) for k in ks]

    def arr(pairs):
        return np.array(sorted(set(pairs)), dtype=np.int64).reshape(-1, 2).T.reshape(2, -1)

    return TypeEntries(len(types), len(golds), len(labels), arr(gp), arr(pp),
                       tuple(types), tuple(golds), tuple(labels))


# -- pure scores of a mapping ----------------------------------------------

def type_scores_for_mapping(entries: TypeEntries, mapping) -> dict[str, float]:
    """MacroI, MicroI and MicroC of a given mapping (``-1`` = unmapped cluster).

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    mapping
        The gold class of every induced cluster, ``-1`` for unmapped.

    Returns
    -------
    dict of str to float
        ``macro_i``, ``micro_i`` and ``micro_c``.

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0}, "b": {0, 1}}, {"a": {0}, "b": {0, 1}})
    >>> type_scores_for_mapping(e, [0, 1])
    {'macro_i': 1.0, 'micro_i': 1.0, 'micro_c': 1.0}
    """
    h = np.asarray(mapping, dtype=np.int64)
    if len(h) != entries.n_pred:
        raise ParameterError(f"mapping has {len(h)} entries for {entries.n_pred} clusters")
    if len(h) and (h.min() < -1 or h.max() >= max(entries.n_gold, 1)):
        raise ParameterError(f"mapping: classes must be -1 (unmapped) or in 0..{entries.n_gold - 1}"
                             f"; got {int(h.min())}..{int(h.max())}")
    if entries.n_types == 0:
        nan = float("nan")
        return {"macro_i": nan, "micro_i": nan, "micro_c": nan}
    from induceval.measures.categories._hillclimb import mapping_counts

    l, G = entries.n_types, max(entries.n_gold, 1)
    b_ptr, b_idx = entries._csr("b_csr", entries.pred_pairs[0], entries.pred_pairs[1], l)
    a_ptr, a_idx = entries._csr("a_csr", entries.gold_pairs[0], entries.gold_pairs[1], l)
    im, hb, u, cm = mapping_counts(h, G, b_ptr, b_idx, a_ptr, a_idx)
    gs = entries.class_sizes
    if len(gs) < G:
        gs = np.concatenate([gs, np.zeros(G - len(gs), dtype=gs.dtype)])
    return _scores_of_counts(entries.gold_sizes_by_type, im, hb, u, cm, gs,
                             entries.cluster_sizes[h < 0].sum())


def _scores_of_counts(a, im, hb, u, cm, gs, unmapped) -> dict[str, float]:
    """MacroI, MicroI, MicroC of a mapping's counts (:func:`~._hillclimb.mapping_counts`).

    ``a``: ``|A_i|``; ``gs``: types per class; ``unmapped``: types of the
    unmapped clusters (they count in ``N*``).
    """
    macro = 2.0 * im.sum() / (a.sum() + hb.sum())
    micro = float(np.mean(2.0 * im / (a + hb)))
    u = u.astype(np.float64)
    cm = cm.astype(np.float64)
    gs = gs.astype(np.float64)
    n_star = u.sum() + unmapped
    nz = u > 0
    microc = float((2.0 * u[nz] * cm[nz] / (gs[nz] + u[nz])).sum() / n_star) if n_star else 0.0
    return {"macro_i": float(macro), "micro_i": micro, "micro_c": microc}


# -- mappings ---------------------------------------------------------------

def one_to_one_type_mapping(entries: TypeEntries, measure: str) -> np.ndarray:
    """The 1-1 mapping maximising ``measure`` (Kuhn-Munkres, Reichart et al. 2010, §4.1-4.2).

    Edge weights between gold class ``s`` and cluster ``j``: MacroI ``F · T_sj``
    (``T_sj`` = types with ``s ∈ A_i`` and ``j ∈ B_i``; ``F`` constant);
    MicroI ``sum_i w_i [s∈A_i][j∈B_i]`` with ``w_i = 2/(|A_i|+|B_i|)``;
    MicroC ``(|k_j|/N*) · F(s, k_j)`` with ``F = 2 T_sj / (|s| + |k_j|)``.

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    measure
        ``"macro_i"``, ``"micro_i"`` or ``"micro_c"``.

    Returns
    -------
    numpy.ndarray
        The gold class of every induced cluster, ``-1`` for unmapped.

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0}, "b": {1}}, {"a": {1}, "b": {0}})
    >>> one_to_one_type_mapping(e, "macro_i").tolist()
    [1, 0]
    """
    check_choice("measure", measure, TYPE_MEASURES)
    from scipy.optimize import linear_sum_assignment
    out = np.full(entries.n_pred, -1, dtype=np.int64)
    if entries.n_types == 0:
        return out
    if measure == "micro_i":
        w = 2.0 / (entries.gold_sizes_by_type + entries.pred_sizes_by_type)
        weights = entries.overlap(w)
    else:
        weights = entries.overlap()
        if measure == "micro_c":
            k = entries.cluster_sizes.astype(np.float64)[None, :]
            g = entries.class_sizes.astype(np.float64)[:, None]
            weights = k * 2.0 * weights / (g + k) / k.sum()
    r, c = linear_sum_assignment(weights, maximize=True)
    out[c] = r
    return out


def many_to_one_type_mapping(entries: TypeEntries, measure: str, *, restarts: int = 10,
                             seed: int | None = DEFAULT_SEED, greedy_start: bool = True,
                             max_sweeps: int = 1000) -> tuple[np.ndarray, float, list[float]]:
    """M-1 mapping by hill climbing with random restarts (Reichart et al. 2010, §4.1).

    Each restart draws a random mapping and a random order of the induced
    clusters, then moves each cluster to the class that maximises
    ``measure`` with the rest fixed, until no single move improves it; the
    best run is kept.  With ``greedy_start`` one more run starts from each
    cluster's class of most shared types (Reichart et al. 2010, §5.2), so
    that a perfect clustering is always recognised.

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    measure
        ``"macro_i"``, ``"micro_i"`` or ``"micro_c"``.
    restarts
        Random restarts (besides the greedy start).
    seed
        Seed of the random starts and orders.
    greedy_start
        Also start from each cluster's class of most shared types.
    max_sweeps
        Most passes over the clusters in one climb.

    Returns
    -------
    mapping, best score, the score of every restart

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0}, "b": {1}, "c": {1}}, {"a": {0}, "b": {1}, "c": {2}})
    >>> h, s, runs = many_to_one_type_mapping(e, "micro_i", restarts=3, seed=1)
    >>> h.tolist(), s
    ([0, 1, 1], 1.0)
    """
    check_choice("measure", measure, TYPE_MEASURES)
    check_range("restarts", restarts, 1)
    if entries.n_types == 0 or entries.n_pred == 0:
        return np.zeros(entries.n_pred, dtype=np.int64), float("nan"), []
    from induceval.measures.categories import _hillclimb as hc
    code = {"macro_i": hc.MACRO_I, "micro_i": hc.MICRO_I, "micro_c": hc.MICRO_C}[measure]
    l, G, K = entries.n_types, entries.n_gold, entries.n_pred
    b_ptr, b_idx = entries._csr("b_csr", entries.pred_pairs[0], entries.pred_pairs[1], l)
    m_ptr, m_idx = entries._csr("m_csr", entries.pred_pairs[1], entries.pred_pairs[0], K)
    a_ptr, a_idx = entries._csr("a_csr", entries.gold_pairs[0], entries.gold_pairs[1], l)
    gsize = entries.class_sizes.astype(np.int64)
    gen = make_rng(seed, "categories.type_level_restarts")
    best_h, best_s, runs = None, -1.0, []
    starts = [(gen.integers(0, G, K).astype(np.int64), gen.permutation(K).astype(np.int64))
              for _ in range(restarts)]
    if greedy_start:
        h = np.argmax(entries.overlap(), axis=0).astype(np.int64)
        starts.append((h, np.arange(K, dtype=np.int64)))
    hard = entries._one_cluster_each()  # type clusterings: the same climbs, O(G) per visit
    tables = entries._hard_tables() if hard else ()
    for h, order in starts:
        if hard:
            _, s = hc.climb_hard(code, h, order, G, m_ptr, m_idx, a_ptr, a_idx, b_idx, gsize,
                                 *tables, max_sweeps)
        else:
            _, s = hc.climb(code, h, order, G, b_ptr, b_idx, m_ptr, m_idx, a_ptr, a_idx, gsize,
                            max_sweeps)
        runs.append(float(s))
        if s > best_s:
            best_h, best_s = h, s
    assert best_h is not None
    # the reported score: the pure function of the best mapping
    return best_h, type_scores_for_mapping(entries, best_h)[measure], runs


# -- one function per measure ------------------------------------------------

def _score(entries: TypeEntries, measure: str, mapping: str, restarts: int, seed,
           greedy_start: bool = True) -> float:
    check_choice("mapping", mapping, ("1-1", "m-1"))
    if entries.n_types == 0:
        return float("nan")
    if mapping == "1-1":
        h = one_to_one_type_mapping(entries, measure)
        return type_scores_for_mapping(entries, h)[measure]
    return many_to_one_type_mapping(entries, measure, restarts=restarts, seed=seed,
                                    greedy_start=greedy_start)[1]


def macro_i(entries: TypeEntries, mapping: str = "1-1", *, restarts: int = 10,
            seed: int | None = DEFAULT_SEED) -> float:
    """MacroI (= MacroC) under the ``"1-1"`` or ``"m-1"`` mapping (Reichart et al. 2010, §4.1).

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    mapping
        ``"1-1"`` (Kuhn-Munkres) or ``"m-1"`` (hill climbing).
    restarts, seed
        Random restarts and seed of the M-1 hill climbing.

    Returns
    -------
    float
        MacroI in [0, 1].

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0, 1}}, {"a": {0}})
    >>> round(macro_i(e), 4)   # R = 1/2, P = 1: F = 2/3
    0.6667
    """
    return _score(entries, "macro_i", mapping, restarts, seed)


def micro_i(entries: TypeEntries, mapping: str = "1-1", *, restarts: int = 10,
            seed: int | None = DEFAULT_SEED) -> float:
    """MicroI: the mean over types of the per-type F-score (Reichart et al. 2010, §4.1).

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    mapping
        ``"1-1"`` (Kuhn-Munkres) or ``"m-1"`` (hill climbing).
    restarts, seed
        Random restarts and seed of the M-1 hill climbing.

    Returns
    -------
    float
        MicroI in [0, 1].

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0, 1}, "b": {0}}, {"a": {0}, "b": {0}})
    >>> round(micro_i(e), 4)   # (2/3 + 1) / 2
    0.8333
    """
    return _score(entries, "micro_i", mapping, restarts, seed)


def micro_c(entries: TypeEntries, mapping: str = "1-1", *, restarts: int = 10,
            seed: int | None = DEFAULT_SEED) -> float:
    """MicroC: the size-weighted mean F-score of (merged) clusters (Reichart et al. 2010, §4.2).

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    mapping
        ``"1-1"`` (Kuhn-Munkres) or ``"m-1"`` (hill climbing).
    restarts, seed
        Random restarts and seed of the M-1 hill climbing.

    Returns
    -------
    float
        MicroC in [0, 1].

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0}, "b": {0}}, {"a": {0}, "b": {1}})
    >>> round(micro_c(e), 4)   # one cluster mapped: F = 2/3 weight 1/2; other unmapped
    0.3333
    >>> micro_c(e, "m-1", restarts=2)   # both merged into class 0
    1.0
    """
    return _score(entries, "micro_c", mapping, restarts, seed)


def type_level_scores(entries: TypeEntries, *, restarts: int = 10,
                      seed: int | None = DEFAULT_SEED,
                      mappings: tuple[str, ...] = ("1-1", "m-1"),
                      greedy_start: bool = True) -> dict[str, float]:
    """The six type-level measures: ``{macro_i,micro_i,micro_c}_{1to1,m1}``.

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    restarts, seed
        Random restarts and seed of the M-1 hill climbing.
    mappings
        The mappings scored: ``"1-1"`` and/or ``"m-1"``.
    greedy_start
        Also start the hill climbing from the greedy mapping.

    Returns
    -------
    dict of str to float
        Measure name -> score, for each mapping asked for.

    Example
    -------
    >>> e = type_entries_from_sets({"a": {0}, "b": {1}}, {"a": {5}, "b": {7}})
    >>> sorted(type_level_scores(e, restarts=1).values())
    [1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
    """
    out: dict[str, float] = {}
    suffix = {"1-1": "1to1", "m-1": "m1"}
    for mp in mappings:
        for meas in TYPE_MEASURES:
            out[f"{meas}_{suffix[mp]}"] = _score(entries, meas, mp, restarts, seed,
                                                 greedy_start)
    return out


def _subset(entries: TypeEntries, gold_keep: np.ndarray, pred_keep: np.ndarray) -> TypeEntries:
    """The entries made of the kept pairs, types/classes/clusters renumbered compactly."""
    gp = entries.gold_pairs[:, gold_keep]
    pp = entries.pred_pairs[:, pred_keep]

    def ranks(codes, n):  # np.unique + searchsorted, by flags: (number kept, rank of each)
        present = np.zeros(n, dtype=bool)
        present[codes] = True
        return int(present.sum()), (np.cumsum(present) - 1)[codes]

    (n_t, gt), (_, pt) = ranks(gp[0], entries.n_types), ranks(pp[0], entries.n_types)
    (n_g, gg), (n_p, pk) = ranks(gp[1], entries.n_gold), ranks(pp[1], entries.n_pred)
    return TypeEntries(n_t, n_g, n_p, np.vstack([gt, gg]).astype(np.int64),
                       np.vstack([pt, pk]).astype(np.int64))


def type_scores_batch(entries: TypeEntries, totals: np.ndarray, *, restarts: int = 10,
                      seed: int | None = DEFAULT_SEED,
                      mappings: tuple[str, ...] = ("1-1", "m-1"),
                      greedy_start: bool = True) -> dict[str, np.ndarray]:
    """The type-level measures of ``B`` resamples given their summed pair counts.

    ``totals`` is ``(B, d)``: for each resample the sum over its items of
    ``entries.item_counts``.  A resample's entries are the pairs with a
    positive count, renumbered in the original order, scored by
    :func:`type_level_scores` with the same ``restarts`` and ``seed``: the
    full sample gives exactly the scores of ``entries``.  The measures depend
    on the kept pairs only (not on their counts), so resamples that keep the
    same pairs (e.g. every pair, when each occurs in many sentences) are
    scored once.

    Parameters
    ----------
    entries
        The :class:`TypeEntries` scored.
    totals
        ``(B, d)`` summed per-item pair counts of the resamples.
    restarts, seed, mappings, greedy_start
        As in :func:`type_level_scores`.

    Returns
    -------
    dict of str to numpy.ndarray
        Measure name -> ``(B,)`` scores.

    Example
    -------
    >>> e = type_entries([0, 0, 1, 2], [0, 1, 0, 1], [0, 1, 0, 0], items=[0, 0, 1, 1])
    >>> full = np.asarray(e.item_counts.sum(axis=0))
    >>> first = np.asarray(e.item_counts[0].toarray())      # the first sentence alone
    >>> s = type_scores_batch(e, np.vstack([full, first]), restarts=2, seed=1)
    >>> float(s["macro_i_1to1"][0]) == type_level_scores(e, restarts=2, seed=1)["macro_i_1to1"]
    True
    >>> float(s["macro_i_1to1"][1])
    1.0
    """
    t = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    mg = entries.gold_pairs.shape[1]
    if t.shape[1] != mg + entries.pred_pairs.shape[1]:
        raise MismatchError(f"totals have {t.shape[1]} columns; the entries have "
                            f"{mg} + {entries.pred_pairs.shape[1]} pairs")
    seen: dict[bytes, dict] = {}
    out: dict[str, list] = {}
    for row in t:
        keep = row > 0
        key = np.packbits(keep).tobytes()
        if key not in seen:
            sub = _subset(entries, keep[:mg], keep[mg:])
            seen[key] = type_level_scores(sub, restarts=restarts, seed=seed, mappings=mappings,
                                          greedy_start=greedy_start)
        for k, v in seen[key].items():
            out.setdefault(k, []).append(v)
    return {k: np.asarray(v, dtype=np.float64) for k, v in out.items()}
