"""Bootstrap intervals and "not significantly different from the best" in protocol tables.

Every protocol table that compares systems shows next to each score the
half-width of its percentile bootstrap interval (``<system> ±``), names the
best system of each row or group (``best``) and the systems whose difference
from it is not significant (``not sig. vs best``; paired bootstrap,
two-sided, level ``alpha``), computed by :mod:`induceval.measures.resampling`
through a :class:`Marks` (each system resampled once, each pair compared
once).  Every interval and test draws from the ``resampling.bootstrap``
stream of the protocol's seed, in the main process after the cells are
back: results do not depend on ``--jobs``.

Example
-------
>>> import numpy as np
>>> from induceval.measures.resampling import ratio_items
>>> marks = Marks(n=200, alpha=0.05, seed=1)
>>> a = ratio_items(np.array([[1, 1]] * 30), "acc")
>>> b = ratio_items(np.array([[1, 1]] * 29 + [[0, 1]]), "acc")
>>> row = {"a": 100.0, "b": 100 * 29 / 30}
>>> marks.mark(row, {"a": a, "b": b}, "acc")
>>> row["best"], row["not sig. vs best"], row["a ±"]
('a', 'b', 0.0)
>>> marks.signature()
'resampling|ci:bootstrap|ci_level:0.95|ci_n:200|paired:bootstrap|paired_n:200|resample:sentence|seed:1'
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace

import numpy as np

from induceval.errors import check_range
from induceval.random import DEFAULT_SEED
from induceval.signature import Signature

__all__ = ["Marks", "interval_columns", "sparse_to_json",
           "sparse_from_json", "category_cell_items", "WordPairs", "word_pairs",
           "corpus_word_pairs", "type_columns", "type_cell_fields", "summed_cell_items",
           "BEST", "TIES"]

#: column names of the best system and of the systems tied with it
BEST, TIES = "best", "not sig. vs best"


def interval_columns(columns: Sequence[str], systems: Sequence[str], *,
                     ties: bool = True) -> list[str]:
    """``columns`` with ``<s> ±`` after each system ``s`` (and ``best``, ``not sig. vs best``).

    Example
    -------
    >>> interval_columns(["treebank", "LB", "RB"], ["LB", "RB"])
    ['treebank', 'LB', 'LB ±', 'RB', 'RB ±', 'best', 'not sig. vs best']
    """
    out = []
    for c in columns:
        out.append(c)
        if c in systems:
            out.append(f"{c} ±")
    return out + ([BEST, TIES] if ties else [])


@dataclass
class Marks:
    """Intervals and ties with the best, cached per :class:`ItemStats` object.

    ``n`` resamples (paired bootstrap for the ties), level ``1 - alpha``,
    ``seed`` of the ``resampling.bootstrap`` stream, ``unit`` the resampled
    item (sentence, utterance, item, corpus) for the notes and signature.
    """

    n: int
    alpha: float = 0.05
    seed: int = DEFAULT_SEED
    unit: str = "sentence"
    _intervals: dict = field(default_factory=dict, repr=False)
    _comparisons: dict = field(default_factory=dict, repr=False)
    _samples: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        check_range("confidence", self.n, 1)
        check_range("alpha", self.alpha, 0, 1, low_open=True, high_open=True)
        self.seed = DEFAULT_SEED if self.seed is None else int(self.seed)

    def prepare(self, systems) -> None:
        """Resample ``systems`` (ItemStats; ``None`` skipped) together, once each.

        Systems over the same items share each draw of the resample weights;
        every later interval and paired test of these systems reuses their
        resampled scores (the paired bootstrap draws the same resamples).
        """
        from induceval.measures.resampling import share_resamples

        share_resamples([s for s in systems if s is not None], n=self.n, seed=self.seed,
                        cache=self._samples)

    def interval(self, stats, measure: str):
        """The :class:`~induceval.measures.resampling.Interval` of ``measure`` (or None)."""
        from induceval.measures.resampling import resample

        key = id(stats)
        if key not in self._intervals:
            self._intervals[key] = (stats, resample(stats, n=self.n, alpha=self.alpha,
                                                    seed=self.seed, unit=self.unit,
                                                    cache=self._samples))
        return self._intervals[key][1].intervals.get(measure)

    def ties(self, systems: Mapping[str, object], measure: str, *,
             higher_is_better: bool = True) -> tuple[str, list[str]]:
        """The best of ``systems`` on ``measure`` and those not significantly different."""
        from induceval.measures.resampling import ties_with_best

        return ties_with_best(systems, measure, higher_is_better=higher_is_better,
                              alpha=self.alpha, n=self.n, seed=self.seed, cache=self._comparisons,
                              samples=self._samples)

    def mark(self, row: dict, systems: Mapping[str, object], measure: str, *,
             scale: float = 100.0, higher_is_better: bool = True, ties: bool = True) -> None:
        """Fill ``<s> ±`` (half-width × ``scale``) for each system, then best and ties.

        ``systems``: row column -> ItemStats (``None``, or a column whose
        value is ``None``, is left without interval and out of the test).
        """
        self.prepare(st for col, st in systems.items() if row.get(col) is not None)
        have = {}
        for col, st in systems.items():
            if st is None or row.get(col) is None:
                continue
            iv = self.interval(st, measure)
            if iv is None:
                continue
            have[col] = st
            row[f"{col} ±"] = iv.half_width * scale if math.isfinite(iv.half_width) else None
        if ties and len(have) > 1:
            best, tied = self.ties(have, measure, higher_is_better=higher_is_better)
            row[BEST] = best or "-"
            row[TIES] = ",".join(tied) if tied else "-"

    def fields(self, *, paired: bool = True) -> dict:
        """The resampling signature fields (interval, test, unit, N, seed)."""
        from induceval.measures.resampling import resampling_signature

        return resampling_signature(confidence=self.n, alpha=self.alpha,
                                    paired="bootstrap" if paired else None,
                                    paired_n=self.n, unit=self.unit, seed=self.seed)

    def signature(self, *, paired: bool = True) -> str:
        """``resampling|ci:bootstrap|ci_level:..|ci_n:N|paired:bootstrap|..|resample:U|seed:S``.

        Without ``paired`` (a table with intervals only) no ``paired`` fields.
        """
        return Signature("resampling", self.fields(paired=paired)).format(version=False)

    def notes(self, what: str = "", *, ties: bool = True) -> list[str]:
        """Table notes: what ``±`` and the ties mean, and the resampling signature.

        The second note starts ``signature:`` (its own field in JSON, a
        ``# signature:`` line in CSV).
        """
        text = (f"±: half-width of the {1 - self.alpha:.0%} percentile bootstrap interval "
                f"({self.n} resamples of {what or self.unit + 's'}, seed {self.seed})")
        if ties:
            text += (f"; {TIES}: systems whose difference from the best is not significant "
                     f"(paired bootstrap, two-sided, p >= {self.alpha:g})")
        return [text, f"signature: {self.signature(paired=ties)}"]


def _packed(a: np.ndarray) -> dict:
    """An array as JSON: its little-endian bytes in base64, with their dtype."""
    return {"dtype": a.dtype.str, "base64": base64.b64encode(a.tobytes()).decode("ascii")}


def _unpacked(value) -> np.ndarray:
    """The array of :func:`_packed`, or of a JSON list."""
    if isinstance(value, Mapping):
        return np.frombuffer(base64.b64decode(value["base64"]), dtype=np.dtype(value["dtype"]))
    return np.asarray(value)


def _narrowest(a: np.ndarray) -> np.ndarray:
    """Whole numbers in the narrowest little-endian integers that hold them (counts of a
    sentence's cells fit in a byte), others as float64."""
    if len(a) and not np.all(a == np.round(a)):
        return a.astype("<f8")
    low, high = (int(a.min()), int(a.max())) if len(a) else (0, 0)
    for dtype in ("<u1", "<u2", "<i4", "<i8"):
        info = np.iinfo(dtype)
        if info.min <= low and high <= info.max:
            return a.astype(dtype)
    raise ValueError("whole numbers beyond 64 bits")   # not reached: they came from int64


def sparse_to_json(matrix) -> dict:
    """A ``scipy.sparse`` matrix as a JSON-ready dict: its CSR arrays packed.

    Each array is its bytes in base64 with their dtype: whole numbers in the
    narrowest of ``"|u1"``, ``"<u2"``, ``"<i4"``, ``"<i8"`` that holds them
    (a sentence's counts fit in a byte), fractions as ``"<f8"``.  A stored
    cell of a million counts reads in milliseconds, where lists of numbers
    took seconds to parse and convert.

    Example
    -------
    >>> from scipy import sparse
    >>> m = sparse.csr_matrix([[0, 2.0], [1.0, 0]])
    >>> d = sparse_to_json(m)
    >>> d["shape"], d["data"]["dtype"]
    ([2, 2], '|u1')
    >>> (sparse_from_json(d) != m).nnz
    0
    """
    from scipy import sparse as sp

    m = sp.csr_matrix(matrix)
    m.sum_duplicates()
    return {"shape": [int(x) for x in m.shape], "indptr": _packed(_narrowest(m.indptr)),
            "indices": _packed(_narrowest(m.indices)), "data": _packed(_narrowest(m.data))}


def sparse_from_json(d: Mapping):
    """The CSR matrix of :func:`sparse_to_json` (float64 counts; arrays packed or lists)."""
    from scipy import sparse as sp

    indptr, indices = _unpacked(d["indptr"]), _unpacked(d["indices"])
    index = np.int32 if max(indptr.max(initial=0), len(indices)) < 2 ** 31 else np.int64
    return sp.csr_matrix((_unpacked(d["data"]).astype(np.float64),
                          indices.astype(index), indptr.astype(index)),
                         shape=tuple(d["shape"]))


def category_cell_items(cell: Mapping | None, measures: Sequence[str], *,
                        log_base: float | str = 2):
    """Category :class:`~induceval.measures.resampling.ItemStats` of a protocol cell.

    ``cell`` holds ``items`` (:func:`sparse_to_json` of the per-sentence
    tables, ``table.item_counts``) and ``table_shape``; ``None`` when it
    does not (a cell stored without them).
    """
    from induceval.measures.categories.items import category_items

    if not cell or "items" not in cell:
        return None
    table = SimpleNamespace(item_counts=sparse_from_json(cell["items"]),
                            shape=tuple(cell["table_shape"]))
    return category_items(table, log_base=log_base, measures=measures)


@dataclass(frozen=True)
class WordPairs:
    """The per-sentence table of (gold, word form) pairs that clusterings of word types sum.

    ``rows``: ``(m, P)`` CSR counts of the ``P`` pairs that occur, whose
    codes (``gold * n_forms + form``, ascending) are ``pairs``; ``scored``:
    which tokens count, and ``forms`` theirs; ``digest`` names the scored
    tokens (a cell stores it, so that its columns are only used with the
    same tokens).
    """

    rows: object
    pairs: np.ndarray
    n_forms: int
    digest: str
    #: each pair's count in the whole table
    totals: np.ndarray
    scored: np.ndarray
    forms: np.ndarray

    def cells(self, columns: np.ndarray, width: int) -> np.ndarray:
        """Each pair's cell ``gold * width + columns[form]`` (``-1`` where the form has
        no column)."""
        gold, form = np.divmod(self.pairs, self.n_forms)
        col = np.asarray(columns, dtype=np.int64)[form]
        return np.where(col >= 0, gold * width + col, -1)


def word_pairs(gold, forms, items, scored=None) -> WordPairs:
    """:class:`WordPairs` of tokens: gold codes, form codes, sentences, and which count.

    ``scored`` defaults to the tokens with a gold code (``>= 0``).

    Example
    -------
    >>> wp = word_pairs([0, 1, 0, -1], [2, 0, 2, 1], [0, 0, 1, 1])
    >>> wp.pairs.tolist(), wp.rows.toarray().tolist()
    ([2, 3], [[1.0, 1.0], [1.0, 0.0]])
    """
    import hashlib

    from induceval.measures.categories.contingency import contingency
    from induceval.measures.resampling.items import filled_columns, select_columns

    gold, forms, items = (np.ascontiguousarray(x, dtype=np.int64) for x in (gold, forms, items))
    scored = gold >= 0 if scored is None else np.asarray(scored, dtype=bool) & (gold >= 0)
    gold, forms, items = gold[scored], forms[scored], items[scored]
    n_forms = int(forms.max(initial=-1)) + 1
    table = contingency(gold, forms, items=items, n_pred=n_forms).item_counts
    pairs = filled_columns(table)
    h = hashlib.blake2b(digest_size=16)
    for x in (gold, forms, items):
        h.update(x.tobytes())
    rows = select_columns(table, pairs)
    return WordPairs(rows, pairs, n_forms, h.hexdigest(), np.asarray(rows.sum(axis=0)).ravel(),
                     scored, forms)


#: (id of a corpus, gold column, punct) -> (a weak reference to the corpus, its WordPairs)
_PAIRS: dict[tuple, tuple] = {}


def corpus_word_pairs(corpus, gold_column: str, punct: str = "keep") -> WordPairs:
    """:class:`WordPairs` of a corpus's tokens, per sentence, as
    :func:`~induceval.measures.categories.evaluate_tags` scores them against
    ``gold_column`` with ``punct``.

    Built once per corpus object, column and policy in a process: the cells
    of one corpus and the intervals after them share it (0.12 s on
    Manchester's 1.2M scored tokens).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> wp = corpus_word_pairs(demo, "upos")
    >>> wp is corpus_word_pairs(demo, "upos"), int(wp.totals.sum()) == demo.n_tokens
    (True, True)
    """
    import weakref

    from induceval.measures.categories.evaluate import resolve_punct

    key = (id(corpus), gold_column, punct)
    hit = _PAIRS.get(key)
    if hit is not None and hit[0]() is corpus:
        return hit[1]
    mask, _ = resolve_punct(corpus, punct)
    pairs = word_pairs(corpus.column(gold_column).values, corpus.forms,
                       corpus.sentence_ids(), None if mask is None else ~mask)
    _PAIRS[key] = (weakref.ref(corpus), pairs)
    weakref.finalize(corpus, _PAIRS.pop, key, None)
    return pairs


def type_columns(tags, forms, n_forms: int, width: int, unclustered: str) -> np.ndarray | None:
    """Each word form's column in the ``G x width`` table of a clustering of word types.

    ``tags`` are the scored tokens' clusters (``-1``: unclustered) and
    ``forms`` their form codes; unclustered forms take the last column
    (``"merge"``) or one column each in the order of their codes
    (``"split"``), as :func:`~induceval.measures.categories.contingency.contingency`
    lays them out.  ``None`` when the tokens of one form are in different
    clusters (a clustering of tokens).

    Example
    -------
    >>> type_columns([1, 0, -1, 1], [3, 0, 2, 3], 4, 3, "merge").tolist()
    [0, -1, 2, 1]
    >>> type_columns([1, 0], [3, 3], 4, 2, "merge") is None
    True
    """
    tags = np.asarray(tags, dtype=np.int64)
    forms = np.asarray(forms, dtype=np.int64)
    col = np.full(n_forms, -1, dtype=np.int64)
    col[forms] = tags
    if not np.array_equal(col[forms], tags):
        return None
    unc = np.flatnonzero(np.bincount(forms[tags < 0], minlength=n_forms))
    if len(unc):
        col[unc] = width - 1 if unclustered == "merge" else width - len(unc) + np.arange(len(unc))
    return col


def type_cell_fields(pairs: WordPairs, table, tags, unclustered: str) -> dict:
    """What a cell stores so that its intervals sum ``pairs`` (:func:`summed_cell_items`).

    ``table`` is the cell's contingency table with its per-sentence counts,
    ``tags`` the clusters of all the tokens ``pairs`` was built from.  The
    fields are ``type_columns`` (each form's column, :func:`type_columns`)
    and ``pairs`` (the scored tokens' digest), and only when the pairs
    summed by those columns give the table, cell for cell; else none (a
    clustering of tokens, another table).  The check is of the whole table
    (a few milliseconds): the tokens and their sentences are those of the
    digest, so the per-sentence tables follow (tested entry for entry
    against the cells' own), where comparing them took 30 ms a table of
    Manchester's 285,864 utterances.

    Example
    -------
    >>> from induceval.measures.categories.contingency import contingency
    >>> gold, forms, items, tags = [0, 1, 0], [2, 0, 2], [0, 0, 1], [1, 0, 1]
    >>> pairs = word_pairs(gold, forms, items)
    >>> table = contingency(gold, tags, items=items)
    >>> fields = type_cell_fields(pairs, table, tags, "merge")
    >>> sorted(fields), fields["pairs"] == pairs.digest
    (['pairs', 'type_columns'], True)
    >>> cell = {**fields, "table_shape": list(table.shape)}
    >>> summed_cell_items(cell, pairs, ["m1"]).scores()
    {'m1': 1.0}
    """
    width = int(table.shape[1])
    tags = np.asarray(tags, dtype=np.int64)[pairs.scored]
    col = type_columns(tags, pairs.forms, pairs.n_forms, width, unclustered)
    if col is None or table.item_counts is None:
        return {}
    cells = pairs.cells(col, width)
    keep = cells >= 0
    size = int(table.shape[0]) * width
    summed = np.bincount(cells[keep], weights=pairs.totals[keep], minlength=size)
    same = len(summed) == size and np.array_equal(summed, table.dense().ravel())
    return {"type_columns": _packed(_narrowest(col)), "pairs": pairs.digest} if same else {}


def summed_cell_items(cell: Mapping | None, pairs: WordPairs | None, measures: Sequence[str],
                      *, log_base: float | str = 2):
    """:func:`category_cell_items` of a cell of :func:`type_cell_fields`, summed from
    ``pairs`` (shared by every such cell: one product with the bootstrap weights for
    all); ``None`` when the cell has no such fields or was built from other tokens."""
    from induceval.measures.categories.items import summed_category_items

    if not cell or pairs is None or cell.get("pairs") != pairs.digest:
        return None
    width = int(cell["table_shape"][1])
    return summed_category_items(pairs.rows, pairs.cells(_unpacked(cell["type_columns"]), width),
                                 tuple(cell["table_shape"]), log_base=log_base,
                                 measures=measures)
