"""The additive statistics of every category measure: scored tokens, aggregated.

:class:`TagStatistics` holds one system's scored tokens as distinct
``(form, gold class, cluster[, item])`` entries with their counts, labels in
order of first appearance.  The contingency table, the per-type entries and
their per-item tables are built from it (:meth:`TagStatistics.table`,
:meth:`TagStatistics.entries`); ``+`` sums consecutive parts of a text,
aligning their labels, so that any cut of a corpus sums to the statistics of
the whole, entry for entry and label for label.  Forms are kept only where a
measure needs them (``unclustered="split"``, type level); otherwise the
statistics are as small as the table.

Example
-------
>>> a = tag_statistics([0, 0, 1], [5, 5, 6], forms=[0, 1, 2], keep_forms=True)
>>> b = tag_statistics([1, 1], [6, -1], forms=[2, 3], keep_forms=True)
>>> (a + b).table("merge").dense().tolist()
[[0, 0, 0, 0, 0, 2, 0, 0], [0, 0, 0, 0, 0, 0, 2, 1]]
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, MismatchError, ParameterError, check_choice
from induceval.measures.categories.contingency import (
    UNCLUSTERED_LABEL,
    ContingencyTable,
    contingency,
    item_index,
)
from induceval.measures.categories.type_level import (
    TypeEntries,
    type_entries,
    type_entries_from_sets,
)

__all__ = ["TagStatistics", "tag_statistics", "statistics_of", "check_aligned", "codes_of",
           "default_pred_column"]


@dataclass(eq=False)
class TagStatistics:
    """Scored tokens of one system as aggregated entries (see the module docstring).

    Attributes
    ----------
    gold, pred, form, item, count
        ``count[r]`` scored tokens have gold class ``gold[r]`` (``>= 0``),
        cluster ``pred[r]`` (``-1``: unclustered), form ``form[r]`` and lie in
        item ``item[r]`` (``form``/``item``: ``None`` when not kept).
    gold_labels, pred_labels, form_labels
        Labels of the codes, in order of first appearance (``None``: the
        codes are the labels).
    n_items
        Items (sentences) covered, scored or not.
    n_tokens, n_masked, n_missing_gold
        Tokens in all, left out by the punctuation mask, and without a gold
        class (not scored).
    identical
        The prediction holds the gold labels on every token.
    type_sets
        A type-list prediction ``{word: set of clusters}`` (type level; one part only).
    pred_column
        The predicted column read from a Corpus prediction, else ``None``.
    """

    gold: np.ndarray
    pred: np.ndarray
    count: np.ndarray
    form: np.ndarray | None = None
    item: np.ndarray | None = None
    gold_labels: tuple | None = None
    pred_labels: tuple | None = None
    form_labels: tuple | None = None
    n_items: int = 0
    n_tokens: int = 0
    n_masked: int = 0
    n_missing_gold: int = 0
    identical: bool = False
    type_sets: dict | None = None
    pred_column: str | None = None

    def __add__(self, other: TagStatistics) -> TagStatistics:
        """The statistics of this part followed by ``other`` (labels aligned, items renumbered)."""
        if not isinstance(other, TagStatistics):
            return NotImplemented
        if self.type_sets is not None or other.type_sets is not None:
            raise InducevalError("a word<TAB>cluster list is one prediction of the whole text: "
                                 "its statistics cannot be summed over parts")
        if (self.form is None) != (other.form is None) or \
                (self.item is None) != (other.item is None):
            raise ParameterError("statistics kept with different options cannot be summed")
        gl, gmap = _union(self.gold_labels, other.gold_labels)
        pl, pmap = _union(self.pred_labels, other.pred_labels)
        fl, fmap = _union(self.form_labels, other.form_labels)

        def cat(a, b, remap=None):
            if a is None:
                return None
            return np.concatenate([a, b if remap is None else remap[b]])

        return TagStatistics(
            cat(self.gold, other.gold, gmap), cat(self.pred, other.pred, pmap),
            cat(self.count, other.count), cat(self.form, other.form, fmap),
            None if self.item is None else np.concatenate([self.item,
                                                           other.item + self.n_items]),
            gl, pl, fl, self.n_items + other.n_items, self.n_tokens + other.n_tokens,
            self.n_masked + other.n_masked, self.n_missing_gold + other.n_missing_gold,
            self.identical and other.identical, None, self.pred_column or other.pred_column)

    def table(self, unclustered: str = "merge") -> ContingencyTable:
        """The gold-by-cluster contingency table (with per-item tables when items are kept)."""
        t = contingency(self.gold, self.pred, forms=self.form, weights=self.count,
                        unclustered=unclustered, gold_labels=self.gold_labels,
                        pred_labels=self.pred_labels, form_labels=self.form_labels,
                        items=self.item, n_items=self.n_items if self.item is not None else None)
        return replace(t, n_masked=self.n_masked, n_missing_gold=self.n_missing_gold)

    def entries(self, unclustered: str = "merge") -> TypeEntries:
        """The per-type gold and induced entries (with per-item pair counts when kept)."""
        if self.form is None:
            raise ParameterError("type-level measures need the statistics of forms "
                                 "(keep_forms=True)")
        if self.type_sets is not None:
            gsets: dict = {}
            for fi, gi in zip(self.form.tolist(), self.gold.tolist()):
                w = self.form_labels[fi] if self.form_labels is not None else fi
                gsets.setdefault(w, set()).add(self.gold_labels[gi] if self.gold_labels
                                               else gi)
            return type_entries_from_sets(gsets, self.type_sets, unclustered=unclustered)
        return type_entries(self.form, self.gold, self.pred, unclustered=unclustered,
                            form_labels=self.form_labels, gold_labels=self.gold_labels,
                            pred_labels=self.pred_labels, items=self.item,
                            n_items=self.n_items if self.item is not None else None,
                            weights=self.count)


def _union(a: tuple | None, b: tuple | None) -> tuple[tuple | None, np.ndarray | None]:
    """The labels of ``a`` then the new ones of ``b``, and ``b``'s codes in them (-1 kept)."""
    if a is None and b is None:
        return None, None
    if a is None or b is None:
        raise ParameterError("labelled and coded statistics cannot be summed")
    if a == b:
        return a, None
    index = {x: i for i, x in enumerate(a)}
    out = list(a)
    for x in b:
        if x not in index:
            index[x] = len(out)
            out.append(x)
    return tuple(out), np.array([index[x] for x in b] + [-1], dtype=np.int64)


def _aggregate(columns: list[np.ndarray | None]) -> tuple[list, np.ndarray]:
    """Distinct rows of the given code columns (``None`` skipped), with their counts."""
    present = [c for c in columns if c is not None]
    if len(present[0]) == 0:
        return [None if c is None else c.astype(np.int64) for c in columns], \
            np.zeros(0, dtype=np.int64)
    bounds = [(int(c.min()), int(c.max()) - int(c.min()) + 1) for c in present]
    if math.prod(size for _, size in bounds) < 2**62:
        key = np.zeros(len(present[0]), dtype=np.int64)
        for c, (lo, size) in zip(present, bounds):
            key *= size
            key += c - lo
        _, index, count = np.unique(key, return_index=True, return_counts=True)
        return [None if c is None else c[index].astype(np.int64) for c in columns], \
            count.astype(np.int64)
    # only with astronomically many labels
    uniq, count = np.unique(np.stack(present), axis=1, return_counts=True)  # pragma: no cover
    it = iter(uniq.astype(np.int64))
    return [None if c is None else next(it) for c in columns], count.astype(np.int64)


def tag_statistics(gold, pred, *, mask=None, forms=None, items=None, n_items: int | None = None,
                   keep_forms: bool = False, gold_labels=None, pred_labels=None,
                   form_labels=None, identical: bool = False,
                   type_sets: Mapping | None = None) -> TagStatistics:
    """The statistics of aligned token codes.

    Parameters
    ----------
    gold, pred
        Gold class codes (``-1``: none, not scored) and cluster codes
        (``-1``: unclustered), one per token.
    mask
        ``True`` for tokens left out of scoring (punctuation), or ``None``.
    forms
        Form codes, kept when ``keep_forms`` (needed by ``unclustered="split"``
        and the type level).
    items, n_items
        The item (sentence) of every token, kept for resampling.
    identical, type_sets
        See :class:`TagStatistics`.

    Returns
    -------
    TagStatistics
        The scored tokens aggregated into counts of distinct (gold, cluster[,
        form, item]) entries, with the counts of tokens left out.

    Example
    -------
    >>> s = tag_statistics([0, 0, 1, -1], [1, 1, 0, 0])
    >>> s.count.tolist(), s.n_missing_gold, s.table().dense().tolist()
    ([2, 1], 1, [[0, 2], [1, 0]])
    """
    g = np.asarray(gold, dtype=np.int64)
    p = np.asarray(pred, dtype=np.int64)
    if len(g) != len(p):
        raise MismatchError(f"gold has {len(g)} tokens but prediction has {len(p)}")
    masked = np.zeros(len(g), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    if len(masked) != len(g):
        raise MismatchError(f"punctuation mask has {len(masked)} entries for {len(g)} tokens")
    f = None
    if keep_forms:
        if forms is None:
            raise ParameterError("type-level measures and unclustered='split' need word forms "
                                 "(a gold Corpus or forms=)")
        f = np.asarray(forms, dtype=np.int64)
        if len(f) != len(g):
            raise MismatchError(f"forms has {len(f)} entries for {len(g)} gold tokens")
    it = None
    if items is not None:
        it, n_items = item_index(items, len(g), n_items)
    if np.any(p < -1):
        raise ParameterError("pred codes must be >= 0, or -1 for unclustered tokens")
    keep = ~masked & (g >= 0)
    (rg, rp, rf, ri), count = _aggregate([g[keep], p[keep], None if f is None else f[keep],
                                          None if it is None else it[keep]])
    return TagStatistics(
        rg, rp, count, rf, ri, None if gold_labels is None else tuple(gold_labels),
        None if pred_labels is None else tuple(pred_labels),
        None if form_labels is None else tuple(form_labels), n_items or 0, int(len(g)),
        int(masked.sum()), int((~masked & (g < 0)).sum()), identical,
        None if type_sets is None else dict(type_sets))


# -- corpora --------------------------------------------------------------------------------

def _sent_name(corpus: Corpus, i: int) -> str:
    if "sent_id" in corpus.sentences:
        sid = corpus.sentence(i).meta("sent_id")
        if sid is not None:
            return f"sentence {i + 1} (id {sid})"
    return f"sentence {i + 1}"


def check_aligned(gold: Corpus, pred: Corpus, *, form_column: str = "form") -> None:
    """Raise :class:`MismatchError` unless both corpora hold the same words.

    The message names the first sentence (1-based, with its ``sent_id``) and
    token where they differ.  Nothing is realigned.

    Parameters
    ----------
    gold, pred
        The gold and the predicted :class:`~induceval.corpus.model.Corpus`.
    form_column
        The column holding the words compared.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b1 = CorpusBuilder(); b1.add_sentence({"form": ["a", "b"]})
    >>> b2 = CorpusBuilder(); b2.add_sentence({"form": ["a", "c"]})
    >>> check_aligned(b1.build(), b2.build())
    Traceback (most recent call last):
    ...
    induceval.errors.MismatchError: gold and prediction differ at sentence 1, token 2: \
gold 'b', prediction 'c'
    """
    lg, lp = gold.lengths, pred.lengths
    m = min(len(lg), len(lp))
    diff = np.flatnonzero(lg[:m] != lp[:m])
    if len(diff):
        i = int(diff[0])
        raise MismatchError(
            f"gold and prediction differ at {_sent_name(gold, i)}: gold has {int(lg[i])} "
            f"tokens, prediction {int(lp[i])} (first words: "
            f"{' '.join(map(str, gold.sentence(i).strings(form_column)[:8]))!r})")
    if len(lg) != len(lp):
        raise MismatchError(
            f"gold has {len(lg)} sentences but prediction has {len(lp)}; they differ at "
            f"sentence {m + 1}")
    gcol, pcol = gold.column(form_column), pred.column(form_column)
    if gcol.vocab is None or pcol.vocab is None:
        return
    remap = np.append(gcol.vocab.encode(pcol.vocab.items, add=False), -1)
    pv = remap[pcol.values]
    bad = np.flatnonzero(pv != gcol.values)
    if len(bad):
        t = int(bad[0])
        i = int(np.searchsorted(gold.offsets, t, side="right") - 1)
        j = t - int(gold.offsets[i])
        raise MismatchError(
            f"gold and prediction differ at {_sent_name(gold, i)}, token {j + 1}: "
            f"gold {gcol.vocab[gcol.values[t]]!r}, prediction {pcol.vocab[pcol.values[t]]!r}")


def codes_of(x, column: str | None, what: str) -> tuple[np.ndarray, list | None]:
    """Codes and labels of a corpus column, or of an array of codes or strings.

    String labels are coded in sorted order; ``None`` and ``"UNCLUSTERED"``
    become ``-1``.  In a prediction read from a file (a Corpus), the label
    ``UNCLUSTERED`` that :func:`~induceval.models.categories.induce_tags`
    writes for the unclustered tokens of ``ff`` and ``hc`` is also ``-1``, so
    that ``unclustered=`` applies to it as to a type list; in a gold column it
    stays an ordinary label.

    Parameters
    ----------
    x
        A Corpus, or a 1-d array of integer codes or string labels.
    column
        The Corpus column to read (default ``upos``); ignored for arrays.
    what
        ``"gold"`` or ``"pred"``: where ``UNCLUSTERED`` in a Corpus becomes ``-1``.

    Returns
    -------
    tuple of (numpy.ndarray, list or None)
        The ``int64`` codes and their labels (``None`` for integer codes or an
        unencoded column).

    Example
    -------
    >>> codes_of(["b", "a", None], None, "pred")
    (array([ 1,  0, -1]), ['a', 'b'])
    """
    if isinstance(x, Corpus):
        col = x.column(column or "upos")
        codes = col.values.astype(np.int64)
        if col.vocab is None:
            return codes, None
        labels = list(col.vocab.items)
        if what == "pred" and UNCLUSTERED_LABEL in labels:
            u = labels.index(UNCLUSTERED_LABEL)
            codes = np.where(codes == u, -1, codes - (codes > u))
            del labels[u]
        return codes, labels
    arr = np.asarray(x)
    if arr.ndim != 1:
        raise ParameterError(f"{what} must be a Corpus or a 1-d array of codes")
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        labels = sorted({str(v) for v in arr.tolist() if v is not None and v != "UNCLUSTERED"})
        index = {v: i for i, v in enumerate(labels)}
        codes = np.array([-1 if v is None or v == "UNCLUSTERED" else index[str(v)]
                          for v in arr.tolist()], dtype=np.int64)
        return codes, labels
    return arr.astype(np.int64), None


def _same_labels(g: np.ndarray, glabels, p: np.ndarray, plabels) -> bool:
    """True when two coded columns hold the same label on every token."""
    if glabels is None or plabels is None:
        return bool(np.array_equal(g, p))
    ga = np.asarray(list(glabels) + [None], dtype=object)[g]
    pa = np.asarray(list(plabels) + [None], dtype=object)[p]
    return bool(np.array_equal(ga, pa))


def default_pred_column(columns, gold_column: str | None) -> str | None:
    """The predicted column read when none is named: the gold column's name, else the
    first of ``upos``, ``cpos``, ``xpos`` in ``columns`` (a CoNLL-X prediction has no UPOS).

    The evaluation checks it against what the prediction holds (a column of ``_``
    is not read in silence: :func:`~.evaluate.evaluate_tag_systems`).

    Parameters
    ----------
    columns
        The column names of the prediction.
    gold_column
        The gold column's name, or ``None``.

    Returns
    -------
    str or None
        The column to read the prediction from.

    Example
    -------
    >>> default_pred_column(["form", "cpos", "xpos"], "upos")
    'cpos'
    """
    return gold_column if gold_column in columns else next(
        (c for c in ("upos", "cpos", "xpos") if c in columns), gold_column)


def statistics_of(gold, pred, *, gold_column: str | None, pred_column: str | None, mask,
                  form_column: str = "form", forms=None, items=None, keep_forms: bool = False,
                  token_level: bool = True) -> TagStatistics:
    """The statistics of a prediction against a gold standard, whatever their form.

    ``gold``: a Corpus (tags in ``gold_column``) or codes/strings per token;
    ``pred``: a Corpus (tags in ``pred_column``; ``None``: the gold column's
    name, else the first of ``upos``, ``cpos``, ``xpos`` the prediction has,
    as a CoNLL-X prediction has no UPOS column), codes/strings per token
    aligned with the gold, or a type list ``{word: set of clusters}`` (a
    Corpus gold only; with ``token_level`` ``False`` its clusters are not put
    on the tokens, as a polysemous list has no token clusters).
    ``forms``: form codes when ``gold`` is not a Corpus.  ``items``:
    ``"sentence"`` (a Corpus gold) or an item index per token.

    Parameters
    ----------
    gold
        A Corpus, or gold codes or strings per token.
    pred
        A Corpus, codes or strings per token, or a type list.
    gold_column, pred_column
        The columns read from Corpus inputs (``pred_column`` ``None``: chosen
        as described above).
    mask
        ``True`` for tokens left out of scoring, or ``None``.
    form_column, forms
        The form column of a Corpus gold; form codes otherwise.
    items
        ``"sentence"`` or an item index per token, for resampling; or ``None``.
    keep_forms
        Keep the form codes (type level, ``unclustered="split"``).
    token_level
        Put a type list's clusters on the tokens.

    Returns
    -------
    TagStatistics
        The aggregated statistics, with the predicted column used (``pred_column``).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=5, seed=1)
    >>> s = statistics_of(demo, demo, gold_column="upos", pred_column="xpos", mask=None)
    >>> int(s.count.sum()) == demo.n_tokens, s.pred_column
    (True, 'xpos')
    """
    from induceval.measures.categories.io import tags_from_type_clusters

    corpus = isinstance(gold, Corpus)
    if not corpus and isinstance(pred, (Corpus, Mapping)):
        raise ParameterError(f"a {'Corpus' if isinstance(pred, Corpus) else 'type-list'} "
                             "prediction needs a gold Corpus")
    g, glabels = codes_of(gold, gold_column, "gold")
    flabels = None
    if corpus:
        fcol = gold.column(form_column)
        forms, flabels = fcol.values, (None if fcol.vocab is None else fcol.vocab.items)
    type_sets, identical, used = None, False, None
    if isinstance(pred, Mapping):
        if items is not None:
            raise ParameterError("resampling (items=) needs a "
                                 "prediction with a cluster per token (a CoNLL-U, CoNLL-X or "
                                 "PASCAL file of the corpus): a word<TAB>cluster list has no "
                                 "per-sentence clusters to resample")
        type_sets = {w: ({c} if isinstance(c, str) else set(c or ())) for w, c in pred.items()}
        if token_level:
            p, plabels, _ = tags_from_type_clusters(gold, type_sets, form_column=form_column)
        else:
            p, plabels = np.full(len(g), -1, dtype=np.int64), None
    else:
        if isinstance(pred, Corpus):
            check_aligned(gold, pred, form_column=form_column)
            used = pred_column or default_pred_column(pred.tokens, gold_column)
        p, plabels = codes_of(pred, used, "pred")
        identical = isinstance(pred, Corpus) and bool(len(g)) and len(p) == len(g) \
            and _same_labels(g, glabels, p, plabels)
    n_items = None
    if isinstance(items, str):
        check_choice("items", items, ("sentence",))
        if not corpus:
            raise ParameterError("items='sentence' needs a gold Corpus; with code arrays give "
                                 "an item index per token")
        lengths = np.diff(np.asarray(gold.offsets, dtype=np.int64))
        items, n_items = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths), \
            len(lengths)
    stats = tag_statistics(g, p, mask=mask, forms=forms, items=items, n_items=n_items,
                           keep_forms=keep_forms, gold_labels=glabels, pred_labels=plabels,
                           form_labels=flabels, identical=identical, type_sets=type_sets)
    stats.pred_column = used
    return stats
