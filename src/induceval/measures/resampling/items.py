"""The per-item statistics of each measure family, for :func:`resample` and :func:`compare`.

Each builder turns a family's additive statistics (per-sentence contingency
tables, type-level pair counts, edge counts, WOPA outcomes, pseudo-word
decisions) into an :class:`~induceval.measures.resampling.base.ItemStats`;
:func:`items_of` picks the builder for a family's result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from induceval.errors import MismatchError, ParameterError, check_choice
from induceval.measures.resampling.base import BatchScore, ItemStats
from induceval.random import DEFAULT_SEED

__all__ = ["ratio_items", "dependency_items", "wopa_items", "pseudo_items", "category_items",
           "summed_category_items", "type_level_items", "join_items", "items_of"]


def _side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    """Put two contingency-table systems in one column space (disjoint clusters)."""
    from scipy import sparse as sp

    (ga, ka), (gb, kb) = a.table_shape, b.table_shape
    if ga != gb:
        raise MismatchError(f"the systems' tables have {ga} and {gb} gold classes")
    k = ka + kb

    def embed(st, shift):
        coo = sp.coo_matrix(st.rows)
        cells = st.meta["cells"]
        return sp.csr_matrix((coo.data, (coo.row, cells.gold[coo.col] * k + cells.pred[coo.col]
                                         + shift)), shape=(st.rows.shape[0], ga * k))

    wa, wb = embed(a, 0), embed(b, ka)
    # one column space: the cells of either system
    flat = np.union1d(_filled_columns(wa), _filled_columns(wb))
    opts = a.meta["options"]
    return (_table_items(wa, (ga, k), opts, a.higher_is_better, flat),
            _table_items(wb, (ga, k), opts, b.higher_is_better, flat))


def _table_items(rows, shape: tuple, options: dict, higher_is_better: dict,
                 flat: np.ndarray | None = None) -> ItemStats:
    """Category items over the cells ``flat`` of the tables (default: those with a count).

    The columns are the table's cells that hold a count (the others hold
    none in any resample), so each resample costs its cells, not ``G x K``.
    """
    rows = rows.tocsr()
    if flat is None:
        flat = _filled_columns(rows)
    return _cell_items(_columns(rows, flat), flat, shape, options, higher_is_better)


def _cell_items(rows, flat: np.ndarray, shape: tuple, options: dict, higher_is_better: dict,
                summed_from: tuple | None = None) -> ItemStats:
    """Category items whose columns are the table cells ``flat`` (ascending)."""
    from induceval.measures.categories.batch import Cells, cell_scores_batch

    cells = Cells.of(flat, shape)

    def score(totals):
        return cell_scores_batch(np.atleast_2d(totals), cells, **options)

    return ItemStats(rows, score, higher_is_better, tuple(shape), _side_by_side,
                     {"cells": cells, "options": options}, summed_from)


def _filled_columns(rows) -> np.ndarray:
    """The columns of the CSR ``rows`` with an entry other than 0, in ascending order.

    Example
    -------
    >>> from scipy import sparse
    >>> _filled_columns(sparse.csr_matrix([[0, 2.0, 0], [0, 0, 1.0]])).tolist()
    [1, 2]
    """
    filled = np.zeros(rows.shape[1], dtype=bool)
    filled[rows.indices[rows.data != 0]] = True
    return np.flatnonzero(filled)


def _columns(rows, flat: np.ndarray):
    """``rows[:, flat]`` of the CSR ``rows`` for ascending column numbers ``flat``.

    The same matrix as scipy's column indexing (the kept entries in their
    order), by one lookup of each entry's new column: 11-33 ms on a table of
    1.2M entries, where scipy's indexing took 39 ms and the
    ``abs(rows).sum(axis=0)`` before it 32 ms.

    Example
    -------
    >>> from scipy import sparse
    >>> m = sparse.csr_matrix([[0, 2.0, 0], [3.0, 0, 1.0]])
    >>> _columns(m, np.array([0, 2])).toarray().tolist()
    [[0.0, 0.0], [3.0, 1.0]]
    """
    new = np.full(rows.shape[1], -1, dtype=np.int64)
    new[flat] = np.arange(len(flat))
    return _relabelled(rows, new, len(flat))


def _relabelled(rows, new: np.ndarray, width: int):
    """The CSR ``rows`` with each entry moved to column ``new[column]`` of ``width``
    (dropped where negative), in their order: entries that land in one column stay
    side by side (sums, products and totals add them)."""
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


# -- family builders ---------------------------------------------------------------------

def _ratio_score(pairs: Mapping[str, tuple[int, int]], scale: float = 1.0) -> BatchScore:
    def score(totals: np.ndarray) -> dict:
        t = np.atleast_2d(totals)
        out = {}
        with np.errstate(divide="ignore", invalid="ignore"):
            for name, (i, j) in pairs.items():
                num, den = t[:, i], t[:, j]
                out[name] = np.where(den > 0, scale * num / np.where(den > 0, den, 1), np.nan)
        return out
    return score


def ratio_items(rows, name: str = "accuracy", *, scale: float = 1.0,
                higher_is_better: bool = True) -> ItemStats:
    """Items whose score is ``scale * sum(col 0) / sum(col 1)`` (accuracy-like).

    Example
    -------
    >>> import numpy as np
    >>> ratio_items(np.array([[1, 2], [1, 2]]), "acc").scores()
    {'acc': 0.5}
    """
    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 2:
        raise ParameterError(f"ratio rows must have shape (m, 2); got {rows.shape}")
    return ItemStats(rows, _ratio_score({name: (0, 1)}, scale), {name: higher_is_better})


def dependency_items(stats) -> ItemStats:
    """Per-sentence edge counts of a dependency evaluation (directed, undirected, NED, root).

    ``stats`` is a :class:`~induceval.measures.dependencies.stats.SentenceStats`
    (e.g. ``result.reference().stats``) or its ``rows`` array with the
    columns :data:`~induceval.measures.dependencies.stats.STAT_COLUMNS`.

    Example
    -------
    >>> import numpy as np
    >>> st = dependency_items(np.array([[4, 2, 3, 4, 1, 1], [2, 2, 2, 2, 1, 1]]))
    >>> st.scores()["directed"], st.scores()["root"]
    (0.6666666666666666, 1.0)
    """
    from induceval.measures.dependencies.stats import MEASURES, STAT_COLUMNS

    rows = np.asarray(getattr(stats, "rows", stats), dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != len(STAT_COLUMNS):
        raise ParameterError(f"dependency statistics must have {len(STAT_COLUMNS)} columns "
                             f"({', '.join(STAT_COLUMNS)}); got shape {rows.shape}")
    col = {c: i for i, c in enumerate(STAT_COLUMNS)}
    pairs = {m: (col[a], col[b]) for m, (a, b) in MEASURES.items()}
    return ItemStats(rows, _ratio_score(pairs), dict.fromkeys(pairs, True))


def wopa_items(result) -> ItemStats:
    """Per-utterance ``(correct, scored)`` of a WOPA result; the score is WOPA (a proportion).

    Example
    -------
    >>> import numpy as np
    >>> wopa_items(np.array([[1, 1], [0, 1]])).scores()
    {'wopa': 0.5}
    """
    return ratio_items(getattr(result, "stats", result), "wopa")


def pseudo_items(decisions) -> ItemStats:
    """Per-item ``(correct, wrong, undecided, credited)`` of pseudo-word decisions.

    Measures: ``accuracy``, ``accuracy_guess`` (ties credited by the tie
    policy), ``precision`` (among decided items), ``coverage``.

    Example
    -------
    >>> import numpy as np
    >>> st = pseudo_items(np.array([[1, 0, 0, 1], [0, 0, 1, 0.5]]))
    >>> st.scores()["accuracy_guess"], st.scores()["precision"]
    (0.75, 1.0)
    """
    rows = np.asarray(getattr(decisions, "stats", decisions), dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] < 4:
        raise ParameterError(f"pseudo-word statistics must have 4 columns; got {rows.shape}")
    rows = rows[:, :4]
    # accuracy = correct / n; n = correct + wrong + undecided (a derived column)
    ext = np.column_stack([rows, rows[:, 0] + rows[:, 1] + rows[:, 2], rows[:, 0] + rows[:, 1]])
    pairs = {"accuracy": (0, 4), "accuracy_guess": (3, 4), "precision": (0, 5),
             "coverage": (5, 4)}
    return ItemStats(ext, _ratio_score(pairs), dict.fromkeys(pairs, True))


def category_items(table, *, log_base: float | str = 2, beta: float = 1.0,
                   measures: Sequence[str] | None = None) -> ItemStats:
    """Per-sentence contingency tables of a category evaluation.

    ``table`` is a :class:`~induceval.measures.categories.contingency.ContingencyTable`
    built with ``items=`` (so it carries ``item_counts``, a sparse
    items-by-cells matrix), e.g. ``evaluate_tags(..., items="sentence").table``.
    Every token measure is recomputed from each resampled table, M-1 and
    both 1-1 mappings included (see
    :func:`induceval.measures.categories.batch.token_scores_batch`).

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0, 0, 1, 1], [0, 0, 1, 0], items=[0, 0, 1, 1])
    >>> st = category_items(t)
    >>> st.scores()["m1"], len(st)
    (0.75, 2)
    """
    from induceval.measures.categories.evaluate import MEASURES, TOKEN_MEASURES

    rows = getattr(table, "item_counts", None)
    if rows is None:
        raise ParameterError("the contingency table has no per-item counts; build it with "
                             "items= (evaluate_tags(..., items='sentence'))")
    names = tuple(measures) if measures is not None else TOKEN_MEASURES
    return _table_items(rows, tuple(table.shape),
                        {"log_base": log_base, "beta": beta, "measures": names},
                        {k: MEASURES[k].higher_is_better for k in names})


def summed_category_items(base, pair_cells, shape: tuple, *, log_base: float | str = 2,
                          beta: float = 1.0, measures: Sequence[str] | None = None) -> ItemStats:
    """Per-sentence contingency tables summed from a shared per-sentence table.

    For clusterings of word types: each clustering's per-sentence
    gold-by-cluster table is the per-sentence table of (gold, word) pairs
    ``base`` (``(m, P)`` sparse, one column per pair) with each pair's
    column summed into its cell, ``pair_cells[p]`` (``gold * K + cluster``
    of a ``G x K`` table of ``shape``; negative: not scored).  The result
    scores and resamples as :func:`category_items` of that table, and
    systems built on the same ``base`` object share its products with the
    bootstrap weights (:class:`ItemStats`' ``summed_from``): one product per
    batch for all of them instead of one per clustering, with the same
    totals (whole counts, summed exactly).

    References
    ----------
    Frank, Goldwater & Keller (2009), §"Model Implementation and
    Experiments": the hierarchical clustering and random baselines label
    word types.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> gold, words, items = [0, 0, 1, 1], [0, 1, 2, 1], [0, 0, 1, 1]
    >>> base = contingency(gold, words, items=items).item_counts   # (gold, word) pairs
    >>> cluster = [0, 0, 1]                                  # word -> cluster, K = 2
    >>> pair_cells = [g * 2 + cluster[w] for g in range(2) for w in range(3)]
    >>> st = summed_category_items(base, pair_cells, (2, 2))
    >>> direct = category_items(contingency(gold, [0, 0, 1, 0], items=items))
    >>> st.scores() == direct.scores(), len(st)
    (True, 2)
    """
    from induceval.measures.categories.evaluate import MEASURES, TOKEN_MEASURES

    base = base.tocsr()
    pair_cells = np.asarray(pair_cells, dtype=np.int64)
    if pair_cells.shape != (base.shape[1],):
        raise MismatchError(f"pair_cells has {pair_cells.size} entries for {base.shape[1]} "
                            "columns of the shared table")
    if pair_cells.max(initial=-1) >= shape[0] * shape[1]:
        raise ParameterError(f"a pair's cell {int(pair_cells.max())} is outside the "
                             f"{shape[0]} x {shape[1]} table")
    flat = np.unique(pair_cells[_filled_columns(base)])
    flat = flat[flat >= 0]
    pos = np.where(pair_cells >= 0, np.searchsorted(flat, pair_cells), -1)
    rows = _relabelled(base, pos, len(flat))
    # arrays of their own: scipy sorts and sums a matrix's entries in place when asked
    rows = type(rows)((rows.data.copy(), rows.indices, rows.indptr.copy()), shape=rows.shape)
    names = tuple(measures) if measures is not None else TOKEN_MEASURES
    return _cell_items(rows, flat, tuple(shape),
                       {"log_base": log_base, "beta": beta, "measures": names},
                       {k: MEASURES[k].higher_is_better for k in names}, (base, pos))


def type_level_items(entries, *, restarts: int = 10, seed: int | None = DEFAULT_SEED,
                     mappings: Sequence[str] = ("1-1", "m-1")) -> ItemStats:
    """Per-sentence type-level statistics: MacroI, MicroI, MicroC under 1-1 and M-1.

    ``entries`` is a :class:`~induceval.measures.categories.type_level.TypeEntries`
    built with ``items=`` (e.g. ``evaluate_tags(..., level="type",
    items="sentence").entries``).  A resample is scored by
    :func:`~induceval.measures.categories.type_level.type_scores_batch`;
    each solves three assignment problems and ``3 (restarts + 1)`` hill
    climbs: far costlier than the token measures.

    Caveat: a resample can only lose ``(type, tag)`` and ``(type, cluster)``
    pairs (those seen only in sentences it did not draw).  When many pairs
    occur in few sentences (rare words, small corpora) the bootstrap
    distribution is biased (the estimate can be the interval's end) and the
    interval does not shrink as ``1/sqrt(n)``; when every pair occurs in
    many sentences the interval has width 0.  Paired tests are affected
    alike for both systems.

    Example
    -------
    >>> from induceval.measures.categories.type_level import type_entries
    >>> e = type_entries([0, 0, 1, 2], [0, 1, 0, 1], [0, 1, 0, 0], items=[0, 0, 1, 1])
    >>> st = type_level_items(e, restarts=2, mappings=("1-1",))
    >>> round(st.scores()["macro_i_1to1"], 4), len(st)
    (0.75, 2)
    """
    from induceval.measures.categories.evaluate import MEASURES
    from induceval.measures.categories.type_level import TYPE_MEASURES

    if getattr(entries, "item_counts", None) is None:
        raise ParameterError("the type entries have no per-item counts; build them with "
                             "items= (evaluate_tags(..., level='type', items='sentence'))")
    for mp in mappings:
        check_choice("mappings", mp, ("1-1", "m-1"))
    mappings = tuple(mappings)
    suffix = {"1-1": "1to1", "m-1": "m1"}
    names = [f"{m}_{suffix[mp]}" for mp in mappings for m in TYPE_MEASURES]
    meta = {"entries": entries, "restarts": restarts, "seed": seed, "mappings": mappings}
    return ItemStats(entries.item_counts.tocsr(), _type_score(meta),
                     {k: MEASURES[k].higher_is_better for k in names}, None,
                     _types_side_by_side, meta)


def _type_score(meta: dict) -> BatchScore:
    from induceval.measures.categories.type_level import type_scores_batch

    def score(totals):
        return type_scores_batch(meta["entries"], totals, restarts=meta["restarts"],
                                 seed=meta["seed"], mappings=meta["mappings"])
    return score


def _types_side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    """Two systems' type-level counts in one column space: shared gold pairs, both clusterings.

    Columns: the gold pairs (the same tokens and gold in both systems), the
    induced pairs of ``a``, those of ``b`` (clusters renumbered after
    ``a``'s): an item swapped to the other system brings that system's
    clusters for its tokens.
    """
    from scipy import sparse as sp

    from induceval.measures.categories.type_level import TypeEntries

    ea, eb = a.meta["entries"], b.meta["entries"]
    if ea.n_types != eb.n_types or not np.array_equal(ea.gold_pairs, eb.gold_pairs):
        raise MismatchError("the systems' type entries differ in their gold pairs (not the "
                            "same tokens and gold tags)")
    mg, pa, pb = ea.gold_pairs.shape[1], ea.pred_pairs.shape[1], eb.pred_pairs.shape[1]
    pred = np.hstack([ea.pred_pairs, eb.pred_pairs + np.array([[0], [ea.n_pred]])])
    wide = TypeEntries(ea.n_types, ea.n_gold, ea.n_pred + eb.n_pred, ea.gold_pairs, pred)
    meta = {**a.meta, "entries": wide}
    ra, rb = sp.csr_matrix(a.rows), sp.csr_matrix(b.rows)
    m = ra.shape[0]
    wa = sp.hstack([ra[:, :mg], ra[:, mg:], sp.csr_matrix((m, pb))]).tocsr()
    wb = sp.hstack([rb[:, :mg], sp.csr_matrix((m, pa)), rb[:, mg:]]).tocsr()
    score = _type_score(meta)
    return (ItemStats(wa, score, a.higher_is_better, meta=meta),
            ItemStats(wb, score, b.higher_is_better, meta=meta))


def join_items(*parts: ItemStats) -> ItemStats:
    """One :class:`ItemStats` of several over the same items (columns side by side).

    E.g. token and type-level measures of one system (``--level both``):
    every resample draws the same items for all parts.

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


def items_of(result) -> ItemStats:
    """The per-item statistics of a measure family's result (an :class:`ItemStats` as is).

    A category result needs its per-sentence tables (``evaluate_tags(...,
    items="sentence")``); its scoring options (log base, beta, restarts,
    seed) are read from its signature.  A dependency result gives the
    per-sentence rows of its first reference, a WOPA result its
    per-utterance outcomes, pseudo-word decisions their per-item outcomes.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> items_of(evaluate_dependencies(demo, demo)).scores()["directed"]
    1.0
    """
    if isinstance(result, ItemStats):  # before the imports: called for every interval
        return result
    from induceval.measures.categories.evaluate import TagEvaluation
    from induceval.measures.dependencies.evaluate import DependencyResult
    from induceval.measures.pseudowords.scores import DecisionScores
    from induceval.measures.wopa import WopaResult
    from induceval.signature import Signature

    if isinstance(result, DependencyResult):
        return dependency_items(result.reference().stats)
    if isinstance(result, WopaResult):
        return wopa_items(result)
    if isinstance(result, DecisionScores):
        return pseudo_items(result)
    if not isinstance(result, TagEvaluation):
        raise ParameterError(f"no per-item statistics in a {type(result).__name__}")
    sig = Signature.parse(result.signature)
    parts = []
    for kept in (result.table, result.entries):
        if kept is not None and kept.item_counts is None:
            raise ParameterError("the category result has no per-sentence statistics: "
                                 "evaluate with items='sentence' to resample it")
    if result.table is not None:
        log = sig.get("log", "2")
        base = "e" if log == "e" else (int(float(log)) if float(log).is_integer() else float(log))
        parts.append(category_items(result.table, log_base=base,
                                    beta=float(sig.get("beta", "1"))))
    if result.entries is not None:
        parts.append(type_level_items(result.entries, restarts=int(sig.get("restarts", "10")),
                                      seed=int(sig.get("seed", DEFAULT_SEED))))
    return join_items(*parts) if len(parts) > 1 else parts[0]


def _split(st: ItemStats) -> list[ItemStats]:
    from scipy import sparse as sp

    rows = sp.csr_matrix(st.rows)
    return [p.with_rows(rows[:, lo:hi] if p.sparse else rows[:, lo:hi].toarray())
            for p, lo, hi in zip(st.meta["parts"], st.meta["cuts"][:-1], st.meta["cuts"][1:])]


def _joined_side_by_side(a: ItemStats, b: ItemStats) -> tuple[ItemStats, ItemStats]:
    pairs = [pa.side_by_side(pa, pb) if pa.side_by_side is not None else (pa, pb)
             for pa, pb in zip(_split(a), _split(b))]
    return join_items(*[x for x, _ in pairs]), join_items(*[y for _, y in pairs])
