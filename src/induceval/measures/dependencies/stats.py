"""Additive statistics of dependency accuracy: per-token matches, per-sentence rows, breakdowns.

Every dependency measure of induceval is a ratio of two counts summed over
sentences, so the sufficient statistics are one row per sentence (see
:data:`STAT_COLUMNS`).  Corpus scores are :func:`scores_from_totals` of the
column sums (each measure one record of :data:`RECORDS`); bootstrap intervals
and paired significance tests come from :mod:`induceval.measures.resampling`
over the rows (:func:`dependency_items`), scored by the same records.

Which edges count (token ``d`` with gold head ``G(d)`` and predicted head ``P(d)``)
-----------------------------------------------------------------------------------
Heads are 1-based positions within the sentence, 0 is the artificial root,
``-1`` is missing.  A token is *scored* when its gold head is not missing
(after punctuation removal and the length filter).

directed
    ``P(d) == G(d)`` (the root attachment included: ``P(d) == G(d) == 0``).
undirected
    directed, or the edge is reversed: ``P(d) = h > 0`` and ``G(h) == d``
    (the predicted head is a gold child of ``d``).
NED (Schwartz et al. 2011)
    undirected, or ``P(d) == G(G(d))``: the predicted head is the gold
    grandparent.  When ``G(d)`` is the root word, its gold head is the
    artificial root 0, so predicting ``d`` as a root (``P(d) == 0``) counts:
    this is the flip of ``d`` and the root word that NED was made to forgive.
    A token whose gold head is 0 has no grandparent.
root
    Among tokens whose gold head is 0, the fraction predicted as roots
    (``P(d) == 0``); this is also the ``ROOT`` column of Gelling et al. 2012, Table 6.

A predicted head of ``-1`` (missing) is scored and counts as wrong in every
measure.  ``NED >= undirected >= directed`` holds token by token.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3.
Schwartz, Abend, Reichart & Rappoport (2011), Neutralizing linguistically
problematic annotations in unsupervised dependency parsing evaluation. ACL.

Example
-------
>>> import numpy as np
>>> offsets = np.array([0, 3])
>>> gold = np.array([2, 0, 2])   # "the dog barks"-like: 1 <- 2 (root) -> 3
>>> pred = np.array([0, 1, 2])   # 1 made the root, the edge 1-2 flipped
>>> m = edge_matches(gold, pred, offsets)
>>> m.directed.tolist(), m.undirected.tolist(), m.ned.tolist()
([False, False, True], [False, True, True], [True, True, True])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.errors import InducevalError, MismatchError, ParameterError
from induceval.measures.resampling.base import ItemStats
from induceval.measures.resampling.items import records_items
from induceval.measures.result import Display, Measure, ratio_of, score_records, short_value

__all__ = ["STAT_COLUMNS", "RECORDS", "MEASURES", "EdgeMatches", "SentenceStats", "Breakdown",
           "edge_matches", "sentence_stats", "make_breakdown", "scores_from_totals",
           "dependency_items",
           "token_positions", "check_heads"]

#: Columns of the per-sentence statistics rows.
STAT_COLUMNS: tuple[str, ...] = ("tokens", "directed", "undirected", "ned", "root_total",
                                 "root_directed")

_COL = {name: i for i, name in enumerate(STAT_COLUMNS)}


def _measure(name: str, num: str, den: str, description: str) -> Measure:
    return Measure(name, "token", True, 0, 1, description, "Gelling et al. 2012, §2.3", "deps",
                   ratio_of(_COL[num], _COL[den]))


#: the dependency measures, each the ratio of two statistics columns
RECORDS: tuple[Measure, ...] = (
    _measure("directed", "directed", "tokens", "directed (attachment) accuracy"),
    _measure("undirected", "undirected", "tokens", "undirected accuracy"),
    _measure("ned", "ned", "tokens", "neutral edge direction accuracy (Schwartz et al. 2011)"),
    _measure("root", "root_directed", "root_total", "accuracy of the gold roots"),
)
#: every dependency measure by name
MEASURES: dict[str, Measure] = {m.name: m for m in RECORDS}


def _ratio(num: float, den: float) -> float:
    return float(num) / float(den) if den else float("nan")


def scores_from_totals(totals: np.ndarray | Sequence[float]) -> dict[str, float]:
    """Scores from summed statistics (a row with :data:`STAT_COLUMNS`).

    A ratio with a zero denominator is ``nan`` (no division by zero).

    Parameters
    ----------
    totals
        Summed counts in the order of :data:`STAT_COLUMNS`.

    Returns
    -------
    dict of str to float
        ``directed``, ``undirected``, ``ned`` and ``root``.

    Example
    -------
    >>> scores_from_totals([4, 2, 3, 4, 1, 1])["undirected"]
    0.75
    """
    t = np.asarray(totals, dtype=np.float64).reshape(1, -1)
    return {k: float(v[0]) for k, v in score_records(RECORDS, t).items()}


def dependency_items(stats) -> ItemStats:
    """Per-sentence edge counts of a dependency evaluation (directed, undirected, NED, root).

    ``stats`` is a :class:`SentenceStats` (e.g. ``result.reference().stats``)
    or its ``rows`` array with the columns :data:`STAT_COLUMNS`.

    Parameters
    ----------
    stats
        A :class:`SentenceStats` or its ``rows``.

    Returns
    -------
    ItemStats
        The per-sentence counts with the function scoring a resample.

    Example
    -------
    >>> st = dependency_items(np.array([[4, 2, 3, 4, 1, 1], [2, 2, 2, 2, 1, 1]]))
    >>> st.scores()["directed"], st.scores()["root"]
    (0.6666666666666666, 1.0)
    """
    rows = np.asarray(getattr(stats, "rows", stats), dtype=np.float64)
    if rows.ndim != 2 or rows.shape[1] != len(STAT_COLUMNS):
        raise ParameterError(f"dependency statistics must have {len(STAT_COLUMNS)} columns "
                             f"({', '.join(STAT_COLUMNS)}); got shape {rows.shape}")
    return records_items(rows, RECORDS)


def _index_type(n: int) -> type:
    """``int32`` when token indices up to ``n`` (and a few past it) fit, else ``int64``."""
    return np.int32 if n + 2 < 2**31 else np.int64


def token_positions(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For every token: the global index of its sentence's first token, and its 1-based
    position (``int32`` below 2**31 tokens: half the memory).

    Parameters
    ----------
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        Each token's sentence start and its 1-based position.

    Example
    -------
    >>> starts, pos = token_positions(np.array([0, 2, 5]))
    >>> starts.tolist(), pos.tolist()
    ([0, 0, 2, 2, 2], [1, 2, 1, 2, 3])
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    n = int(offsets[-1]) if len(offsets) else 0
    index_t = _index_type(n)
    lengths = np.diff(offsets)
    starts = np.repeat(offsets[:-1].astype(index_t), lengths)
    pos1 = np.arange(1, n + 1, dtype=index_t)
    pos1 -= starts
    return starts, pos1


def check_heads(heads: np.ndarray, offsets: np.ndarray, what: str = "head",
                describe: Callable[[int, int], str] | None = None) -> np.ndarray:
    """Validate a head array: integers, each -1, 0 or a position within its sentence.

    Returns the heads as ``int64``.  Sentences and tokens are numbered from 1
    in messages.  Raises :class:`~induceval.errors.InducevalError`
    naming the sentence and token of the first offending head.

    Parameters
    ----------
    heads
        The heads to check (1-based within the sentence, 0 = root, -1 = missing).
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    what
        The name of the heads in messages.
    describe
        Optional ``(sentence, token) -> str`` naming a position in messages.

    Returns
    -------
    numpy.ndarray
        The heads as ``int64``.

    Example
    -------
    >>> import numpy as np
    >>> try:
    ...     check_heads(np.array([2, 5]), np.array([0, 2]))
    ... except InducevalError as e:
    ...     print(str(e)[:51])
    sentence 1, token 2: head 5 is outside the sentence
    """
    heads = np.asarray(heads)
    offsets = np.asarray(offsets, dtype=np.int64)
    n_tokens = int(offsets[-1]) if len(offsets) else 0

    def where(i: int) -> str:
        s = int(np.searchsorted(offsets, i, side="right") - 1)
        t = i - int(offsets[s]) + 1
        if describe is not None:
            return describe(s, t)
        return f"sentence {s + 1}, token {t}"

    if heads.dtype.kind == "f":
        bad = ~np.isfinite(heads) | (heads != np.round(heads))
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise InducevalError(f"{where(i)}: {what} {heads[i]!r} is not an integer")
        heads = heads.astype(np.int64)
    elif heads.dtype.kind not in "iu":
        raise InducevalError(f"{what} values must be integers, got an array of {heads.dtype}")
    heads = heads.astype(np.int64, copy=False)
    if len(heads) != n_tokens:
        raise MismatchError(f"{what} has {len(heads)} values for {n_tokens} tokens")
    lengths = np.diff(offsets).astype(_index_type(n_tokens))
    size = np.repeat(lengths, lengths)
    bad = (heads < -1) | (heads > size)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise InducevalError(
            f"{where(i)}: {what} {int(heads[i])} is outside the sentence (it has "
            f"{int(size[i])} tokens; heads are 0..{int(size[i])}, -1 = missing)")
    return heads


@dataclass(frozen=True)
class EdgeMatches:
    """Per-token booleans: scored, directed, undirected, NED, gold root."""

    scored: np.ndarray
    directed: np.ndarray
    undirected: np.ndarray
    ned: np.ndarray
    gold_root: np.ndarray


def edge_matches(gold: np.ndarray, pred: np.ndarray, offsets: np.ndarray) -> EdgeMatches:
    """Which tokens' predicted edges count, vectorised over the whole corpus.

    Parameters
    ----------
    gold, pred
        Heads (1-based within the sentence, 0 = root, -1 = missing), aligned.
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    See the module notes for the exact definitions.

    Returns
    -------
    EdgeMatches
        Boolean arrays over the tokens: ``scored``, ``directed``, ``undirected``,
        ``ned`` and ``gold_root``.

    Example
    -------
    >>> m = edge_matches(np.array([2, 0, 0, 1]), np.array([2, 0, 2, 0]), np.array([0, 2, 4]))
    >>> m.directed.tolist(), m.undirected.tolist()
    ([True, True, False, False], [True, True, True, False])
    """
    starts, pos1 = token_positions(offsets)
    gold = np.asarray(gold).astype(starts.dtype, copy=False)
    pred = np.asarray(pred).astype(starts.dtype, copy=False)
    scored = gold >= 0
    directed = scored & (pred == gold)
    has_p = pred > 0
    has_g = gold > 0
    if len(gold):
        glob = starts + pred
        glob -= 1
        glob[~has_p] = 0
        reverse = has_p & (gold[glob] == pos1)
        del pos1
        np.add(starts, gold, out=glob)
        glob -= 1
        glob[~has_g] = 0
        grand = gold[glob]
        grand[~has_g] = -2
        del glob
    else:
        reverse = has_p
        grand = gold
    grandparent = has_g & (grand >= 0) & (pred == grand)
    undirected = directed | (scored & reverse)
    ned = undirected | (scored & grandparent)
    return EdgeMatches(scored, directed, undirected, ned, scored & (gold == 0))


@dataclass
class SentenceStats:
    """Per-sentence additive statistics (rows) with the sentences' original indices.

    ``rows[:, j]`` is column :data:`STAT_COLUMNS` ``[j]``.  ``+`` concatenates
    (statistics of disjoint sets of sentences), so totals, the bootstrap and
    approximate randomization work on the merged rows.

    Example
    -------
    >>> import numpy as np
    >>> s = SentenceStats(np.array([[2, 1, 2, 2, 1, 1]]), np.array([0]))
    >>> (s + s).scores()["directed"], len(s + s)
    (0.5, 2)
    """

    rows: np.ndarray
    sentence_index: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def __add__(self, other: SentenceStats) -> SentenceStats:
        return SentenceStats(np.concatenate([self.rows, other.rows]),
                             np.concatenate([self.sentence_index, other.sentence_index]))

    def totals(self) -> np.ndarray:
        """Column sums over the sentences: one value per :data:`STAT_COLUMNS` entry.

        Example
        -------
        >>> import numpy as np
        >>> SentenceStats(np.array([[2, 1, 2, 2, 1, 1], [3, 3, 3, 3, 1, 1]])).totals().tolist()
        [5, 4, 5, 5, 2, 2]
        """
        return self.rows.sum(axis=0)

    def scores(self) -> dict[str, float]:
        """Corpus scores (``directed``, ``undirected``, ``ned``, ``root``) of the
        summed rows: :func:`scores_from_totals` of :meth:`totals`.

        Example
        -------
        >>> import numpy as np
        >>> SentenceStats(np.array([[2, 1, 2, 2, 1, 1], [3, 3, 3, 3, 1, 1]])).scores()
        {'directed': 0.8, 'undirected': 1.0, 'ned': 1.0, 'root': 1.0}
        """
        return scores_from_totals(self.totals())

    def column(self, name: str) -> np.ndarray:
        """One statistic (a name of :data:`STAT_COLUMNS`) for every sentence: a view of
        ``rows[:, j]``.

        Example
        -------
        >>> import numpy as np
        >>> SentenceStats(np.array([[2, 1, 2, 2, 1, 1], [3, 3, 3, 3, 1, 1]])).column("directed")
        array([1, 3])
        """
        return self.rows[:, _COL[name]]


def sentence_stats(matches: EdgeMatches, offsets: np.ndarray,
                   sentence_index: np.ndarray | None = None) -> SentenceStats:
    """Sum the per-token matches into one row per sentence.

    Parameters
    ----------
    matches
        The per-token matches, from :func:`edge_matches`.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    sentence_index
        The index of every sentence in the whole corpus (default ``0..n-1``).

    Returns
    -------
    SentenceStats
        One row of :data:`STAT_COLUMNS` counts per sentence.

    Example
    -------
    >>> offsets = np.array([0, 2, 4])
    >>> m = edge_matches(np.array([2, 0, 0, 1]), np.array([2, 0, 2, 0]), offsets)
    >>> sentence_stats(m, offsets).rows.tolist()
    [[2, 2, 2, 2, 1, 1], [2, 0, 1, 2, 1, 0]]
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    n_sent = len(offsets) - 1
    sid = np.repeat(np.arange(n_sent, dtype=_index_type(max(n_sent, 0))), np.diff(offsets))
    gold_root = matches.gold_root
    cols = [matches.scored, matches.directed, matches.undirected, matches.ned, gold_root,
            gold_root & matches.directed]
    rows = np.empty((n_sent, len(cols)), dtype=np.int64)
    for j, c in enumerate(cols):
        rows[:, j] = np.bincount(sid[c], minlength=n_sent)
    if sentence_index is None:
        sentence_index = np.arange(n_sent, dtype=np.int64)
    return SentenceStats(rows, np.asarray(sentence_index, dtype=np.int64))


@dataclass(repr=False)
class Breakdown(Display):
    """Accuracy stratified by a token property (additive counts per group).

    ``counts[:, j]`` holds the count named ``COLUMNS[j]`` of group
    ``labels[i]``: its ``tokens``, and its ``directed``, ``undirected`` and
    ``ned`` matches.  ``+`` merges groups by label.  :meth:`rows`,
    :meth:`to_dict` and :meth:`to_pandas` name the columns.

    Example
    -------
    >>> import numpy as np
    >>> b = Breakdown("pos", ["NOUN"], np.array([[4, 2, 3, 4]]))
    >>> (b + b).rows()[0]["directed"], (b + b).rows()[0]["tokens"]
    (0.5, 8)
    >>> b
    Breakdown(pos: NOUN tokens=4 directed=0.5 undirected=0.75 ned=1)
    >>> b.to_dict()["counts"]
    {'NOUN': {'tokens': 4, 'directed': 2, 'undirected': 3, 'ned': 4}}
    """

    name: str
    labels: list[str]
    counts: np.ndarray

    #: the names of the columns of ``counts``
    COLUMNS = ("tokens", "directed", "undirected", "ned")
    #: the groups a repr shows before eliding the others with a count
    REPR_GROUPS = 6

    def to_dict(self) -> dict:
        """The breakdown as plain data: ``name``, ``columns`` (the names of the count
        columns), ``counts`` (label -> column -> count) and ``rows`` (:meth:`rows`)."""
        return {"name": self.name, "columns": list(self.COLUMNS),
                "counts": {lab: dict(zip(self.COLUMNS, map(int, row)))
                           for lab, row in zip(self.labels, self.counts.tolist())},
                "rows": self.rows()}

    def _records(self) -> list[dict]:
        return self.rows()

    def __repr__(self) -> str:
        groups = [f"{r[self.name]} " + " ".join(f"{k}={short_value(v)}" for k, v in r.items()
                                                if k != self.name)
                  for r in self.rows()[:self.REPR_GROUPS]]
        if len(self.labels) > self.REPR_GROUPS:
            groups.append(f"... {len(self.labels) - self.REPR_GROUPS} more groups")
        return f"Breakdown({self.name}: {'; '.join(groups) or 'no groups'})"

    def rows(self) -> list[dict]:
        """One dict per group: the label (keyed by the breakdown's name),
        ``tokens``, and ``directed``, ``undirected`` and ``ned`` accuracy
        (``nan`` for a group without tokens).

        Example
        -------
        >>> import numpy as np
        >>> Breakdown("pos", ["NOUN"], np.array([[4, 2, 3, 4]])).rows()
        [{'pos': 'NOUN', 'tokens': 4, 'directed': 0.5, 'undirected': 0.75, 'ned': 1.0}]
        """
        out = []
        for lab, (n, d, u, e) in zip(self.labels, self.counts.tolist()):
            out.append({self.name: lab, "tokens": int(n), "directed": _ratio(d, n),
                        "undirected": _ratio(u, n), "ned": _ratio(e, n)})
        return out

    def score(self, label: str, measure: str = "directed") -> float:
        """One group's (e.g. ``"NOUN"`` in a ``pos`` breakdown) ``directed``,
        ``undirected`` or ``ned`` accuracy; ``nan`` when it is absent or has no tokens.

        Example
        -------
        >>> import numpy as np
        >>> b = Breakdown("pos", ["NOUN"], np.array([[4, 2, 3, 4]]))
        >>> b.score("NOUN", "undirected"), b.score("VERB")
        (0.75, nan)
        """
        j = {"directed": 1, "undirected": 2, "ned": 3}[measure]
        try:
            i = self.labels.index(label)
        except ValueError:
            return float("nan")
        return _ratio(self.counts[i, j], self.counts[i, 0])

    def __add__(self, other: Breakdown) -> Breakdown:
        labels = list(self.labels) + [lab for lab in other.labels if lab not in self.labels]
        counts = np.zeros((len(labels), 4), dtype=np.int64)
        for src in (self, other):
            idx = [labels.index(lab) for lab in src.labels]
            counts[idx] += src.counts
        return Breakdown(self.name, labels, counts)


def make_breakdown(name: str, codes: np.ndarray, labels: Sequence[str],
                   matches: EdgeMatches, order: Sequence[int] | None = None) -> Breakdown:
    """Counts per group: ``codes[i]`` is token ``i``'s group index into ``labels``.

    Groups without scored tokens are left out; ``order`` gives the display order
    of group indices (default: by index).

    Parameters
    ----------
    name
        The breakdown's name (e.g. ``"pos"``, ``"relation"``).
    codes
        Each token's group index into ``labels``.
    labels
        The group labels.
    matches
        The per-token matches, from :func:`edge_matches`.
    order
        The display order of the group indices (default: by index).

    Returns
    -------
    Breakdown
        Per group the scored, directed, undirected and NED counts.

    Example
    -------
    >>> m = edge_matches(np.array([2, 0, 0, 1]), np.array([2, 0, 2, 0]), np.array([0, 2, 4]))
    >>> make_breakdown("pos", np.array([0, 1, 0, 1]), ["NOUN", "VERB"], m)
    Breakdown(pos: NOUN tokens=2 directed=0.5 undirected=1 ned=1; VERB tokens=2 directed=0.5 \
undirected=0.5 ned=1)
    """
    n_groups = len(labels)
    scored = matches.scored
    c = np.asarray(codes, dtype=np.int64)[scored]
    # the matches are nested (directed => undirected => ned): one bincount over
    # (group, level) with level = directed + undirected + ned in 0..3
    level = (matches.directed[scored].astype(np.int64) + matches.undirected[scored]
             + matches.ned[scored])
    by_level = np.bincount(c * 4 + level, minlength=4 * n_groups).reshape(n_groups, 4)
    at_least = np.cumsum(by_level[:, ::-1], axis=1)[:, ::-1]   # tokens with level >= j
    counts = np.stack([at_least[:, 0], at_least[:, 3], at_least[:, 2], at_least[:, 1]],
                      axis=1).astype(np.int64)
    idx = np.arange(n_groups) if order is None else np.asarray(order, dtype=np.int64)
    idx = idx[counts[idx, 0] > 0]
    return Breakdown(name, [labels[i] for i in idx], counts[idx])
