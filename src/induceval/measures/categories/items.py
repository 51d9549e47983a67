"""The per-item statistics of the category measures, for bootstrap intervals and paired tests.

Per-sentence contingency tables (token level: :func:`category_items`, and
:func:`summed_category_items` for clusterings of word types that share one
per-sentence table of (gold, word) pairs) and per-sentence type-level pair
counts (:func:`type_level_items`); :func:`tag_items` builds a category
result's items from its statistics and the options it was scored with.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from induceval.errors import MismatchError, ParameterError, check_choice
from induceval.measures.categories import measures as registry
from induceval.measures.categories.batch import Cells, cell_scores_batch
from induceval.measures.resampling.base import BatchScore, ItemStats
from induceval.measures.resampling.items import (
    filled_columns,
    join_items,
    relabel_columns,
    select_columns,
)
from induceval.random import DEFAULT_SEED

__all__ = ["category_items", "summed_category_items", "type_level_items", "tag_items"]


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
    flat = np.union1d(filled_columns(wa), filled_columns(wb))
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
        flat = filled_columns(rows)
    return _cell_items(select_columns(rows, flat), flat, shape, options, higher_is_better)


def _cell_items(rows, flat: np.ndarray, shape: tuple, options: dict, higher_is_better: dict,
                summed_from: tuple | None = None) -> ItemStats:
    """Category items whose columns are the table cells ``flat`` (ascending)."""
    cells = Cells.of(flat, shape)

    def score(totals):
        return cell_scores_batch(np.atleast_2d(totals), cells, **options)

    return ItemStats(rows, score, higher_is_better, tuple(shape), _side_by_side,
                     {"cells": cells, "options": options}, summed_from)


def category_items(table, *, log_base: float | str = 2, beta: float = 1.0,
                   measures: Sequence[str] | None = None) -> ItemStats:
    """Per-sentence contingency tables of a category evaluation.

    ``table`` is a :class:`~induceval.measures.categories.contingency.ContingencyTable`
    built with ``items=`` (so it carries ``item_counts``, a sparse
    items-by-cells matrix), e.g. ``evaluate_tags(..., items="sentence").table``.
    Every token measure is recomputed from each resampled table, M-1 and
    both 1-1 mappings included (see
    :func:`induceval.measures.categories.batch.token_scores_batch`).

    Parameters
    ----------
    table
        A contingency table built with ``items=``.
    log_base, beta
        The log base of the entropies and the V-measure weight.
    measures
        The token measures to resample (default: every one).

    Returns
    -------
    ItemStats
        The per-item counts with the function scoring a resample of them.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> t = contingency([0, 0, 1, 1], [0, 0, 1, 0], items=[0, 0, 1, 1])
    >>> st = category_items(t)
    >>> st.scores()["m1"], len(st)
    (0.75, 2)
    """
    rows = getattr(table, "item_counts", None)
    if rows is None:
        raise ParameterError("the contingency table has no per-item counts; build it with "
                             "items= (evaluate_tags(..., items='sentence'))")
    names = tuple(measures) if measures is not None else tuple(m.name for m in registry.TOKEN)
    return _table_items(rows, tuple(table.shape),
                        {"log_base": log_base, "beta": beta, "measures": names},
                        {k: registry.MEASURES[k].higher_is_better for k in names})


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

    Parameters
    ----------
    base
        ``(m, P)`` sparse per-sentence counts of the (gold, word) pairs.
    pair_cells
        The flattened cell of each pair, negative when not scored.
    shape
        ``(G, K)``, the shape of the gold-by-cluster table.
    log_base, beta, measures
        As in :func:`category_items`.

    Returns
    -------
    ItemStats
        The per-item statistics, sharing ``base`` with other systems built on it.

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
    base = base.tocsr()
    pair_cells = np.asarray(pair_cells, dtype=np.int64)
    if pair_cells.shape != (base.shape[1],):
        raise MismatchError(f"pair_cells has {pair_cells.size} entries for {base.shape[1]} "
                            "columns of the shared table")
    if pair_cells.max(initial=-1) >= shape[0] * shape[1]:
        raise ParameterError(f"a pair's cell {int(pair_cells.max())} is outside the "
                             f"{shape[0]} x {shape[1]} table")
    flat = np.unique(pair_cells[filled_columns(base)])
    flat = flat[flat >= 0]
    pos = np.where(pair_cells >= 0, np.searchsorted(flat, pair_cells), -1)
    rows = relabel_columns(base, pos, len(flat))
    # arrays of their own: scipy sorts and sums a matrix's entries in place when asked
    rows = type(rows)((rows.data.copy(), rows.indices, rows.indptr.copy()), shape=rows.shape)
    names = tuple(measures) if measures is not None else tuple(m.name for m in registry.TOKEN)
    return _cell_items(rows, flat, tuple(shape),
                       {"log_base": log_base, "beta": beta, "measures": names},
                       {k: registry.MEASURES[k].higher_is_better for k in names}, (base, pos))


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

    Parameters
    ----------
    entries
        Type entries built with ``items=``.
    restarts, seed
        Hill-climbing restarts and seed of the mappings' search.
    mappings
        The mappings scored: ``"1-1"`` and/or ``"m-1"``.

    Returns
    -------
    ItemStats
        The per-item type entries with the function scoring a resample.

    Example
    -------
    >>> from induceval.measures.categories.type_level import type_entries
    >>> e = type_entries([0, 0, 1, 2], [0, 1, 0, 1], [0, 1, 0, 0], items=[0, 0, 1, 1])
    >>> st = type_level_items(e, restarts=2, mappings=("1-1",))
    >>> round(st.scores()["macro_i_1to1"], 4), len(st)
    (0.75, 2)
    """
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
                     {k: registry.MEASURES[k].higher_is_better for k in names}, None,
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


def tag_items(statistics, options: Mapping) -> ItemStats:
    """The per-item statistics of a category result: its per-sentence tables (token
    level) and type entries (type level), scored with the result's own options.

    ``statistics`` is the result's
    :class:`~induceval.measures.categories.statistics.TagStatistics`, kept with
    per-item counts (``evaluate_tags(..., items="sentence")``); ``options``
    those it was scored with (``level``, ``unclustered``, ``log_base``,
    ``beta``, ``restarts``, ``seed``).

    Parameters
    ----------
    statistics
        The result's statistics, with per-item counts.
    options
        The options the result was scored with.

    Returns
    -------
    ItemStats
        The per-item statistics of the token level, type level or both (joined).

    Example
    -------
    >>> from induceval.measures.categories.evaluate import evaluate_tags
    >>> r = evaluate_tags([0, 0, 1, 1], [0, 0, 1, 0], items=[0, 0, 1, 1])
    >>> st = tag_items(r.statistics, r.options)
    >>> st.scores()["m1"], len(st)
    (0.75, 2)
    """
    level, unclustered = options["level"], options["unclustered"]
    parts = []
    if level in ("token", "both"):
        table = statistics.table(unclustered)
        if table.item_counts is None:
            raise ParameterError("the category result has no per-sentence statistics: "
                                 "evaluate with items='sentence' to resample it")
        parts.append(category_items(table, log_base=options["log_base"], beta=options["beta"]))
    if level in ("type", "both"):
        entries = statistics.entries(unclustered)
        if entries.item_counts is None:
            raise ParameterError("the category result has no per-sentence statistics: "
                                 "evaluate with items='sentence' to resample it")
        seed = options["seed"]
        parts.append(type_level_items(entries, restarts=options["restarts"],
                                      seed=DEFAULT_SEED if seed is None else seed))
    return join_items(*parts) if len(parts) > 1 else parts[0]
