"""The columnar corpus model.

A :class:`Corpus` holds one column (:mod:`induceval.corpus.columns`) per token
column (``form``, ``upos``, ``head`` ...), all aligned, and one per sentence
column (``speaker``, ``role``, ``age_days`` ...), plus the sentence offsets.
Heads are 1-based within a sentence (``0`` = root, ``-1`` = missing).

Standard column names
---------------------
Token columns: ``form``, ``lemma``, ``upos`` (universal tag), ``xpos`` (fine
tag), ``cpos`` (coarse tag), ``head``, ``deprel``.  A second dependency
reference of the same text is stored as ``head@NAME`` / ``deprel@NAME``
(e.g. ``head@xgrt`` for Eve's hand-corrected tier).  Sentence columns:
``sent_id``, ``speaker``, ``role``, ``age_days``, ``document``, ``language``.

Example
-------
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["the", "dog", "barks"], "upos": ["DET", "NOUN", "VERB"],
...                 "head": [2, 3, 0]}, {"speaker": "MOT"})
>>> c = b.build()
>>> c.n_sentences, c.n_tokens, c.sentence(0).strings("form")
(1, 3, ['the', 'dog', 'barks'])
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import reduce

import numpy as np

from induceval.corpus.columns import MISSING, Column, Vocabulary, _is_int_column
from induceval.errors import InducevalError, ParameterError

__all__ = ["Vocabulary", "Column", "ReadReport", "Corpus", "Sentence", "CorpusBuilder", "MISSING",
           "age_in_days", "days_to_age", "AGE_CONVENTIONS"]

#: Age conventions of :func:`age_in_days`.
AGE_CONVENTIONS = ("days", "chang2006")


def age_in_days(years: int, months: int = 0, days: int = 0, *,
                convention: str = "days") -> int:
    """Age in days of a CHILDES age ``years;months.days``.

    ``convention="days"`` (default): ``floor(years * 365.25 + months * 30.4375)
    + days``, the mean Julian year and month (as the CoNLL-U reader converts
    UD English-CHILDES ``speaker_age`` months).  Monotonic in the age (each
    month adds 30 or 31 days): ages with days up to 29 never share a number
    (3;11.29 -> 1459, 4;0.05 -> 1466); only ``m.30`` at the end of a 30-day
    step can meet the next month's day 0.

    ``convention="chang2006"``: ``years * 365 + months * 31 + days``, the
    approximation of Chang, Lieven & Tomasello (2006), kept to reproduce
    their slopes; not monotonic (3;11.29 = 4;0.05 = 1465 days).

    Parameters
    ----------
    years, months, days
        The CHILDES age ``years;months.days``.
    convention
        ``"days"`` (default) or ``"chang2006"``.

    Returns
    -------
    int
        The age in days.

    References
    ----------
    Chang, F., Lieven, E. & Tomasello, M. (2006). Using child utterances to
    evaluate syntax acquisition algorithms. *Proc. CogSci 28*, p. 157
    ("years * 365 + months * 31 + days").

    Example
    -------
    >>> age_in_days(2, 0, 7), age_in_days(2, 0, 7, convention="chang2006")
    (737, 737)
    >>> age_in_days(3, 11, 29), age_in_days(4, 0, 5)
    (1459, 1466)
    >>> age_in_days(3, 11, 29, convention="chang2006"), age_in_days(4, 0, 5, convention="chang2006")
    (1465, 1465)
    """
    if convention == "days":
        return int(math.floor(int(years) * 365.25 + int(months) * 30.4375)) + int(days)
    if convention == "chang2006":
        return int(years) * 365 + int(months) * 31 + int(days)
    raise ParameterError(f"convention must be one of {', '.join(AGE_CONVENTIONS)}; "
                         f"got {convention!r}")


def days_to_age(days: int, *, convention: str = "days") -> tuple[int, int, int]:
    """``(years, months, days)`` of an age in days: the inverse of :func:`age_in_days`
    (the latest age with that many days; exact for every age with days up to 29
    under ``"days"``, and while ``months * 31 + days < 365`` under ``"chang2006"``).

    Parameters
    ----------
    days
        An age in days.
    convention
        ``"days"`` (default) or ``"chang2006"``.

    Returns
    -------
    tuple of (int, int, int)
        ``(years, months, days)``.

    Example
    -------
    >>> days_to_age(1459), days_to_age(1466), days_to_age(737, convention="chang2006")
    ((3, 11, 29), (4, 0, 5), (2, 0, 7))
    """
    days = int(days)
    if convention == "chang2006":
        years, rest = divmod(days, 365)
        months, d = divmod(rest, 31)
        return years, months, d
    if convention != "days":
        raise ParameterError(f"convention must be one of {', '.join(AGE_CONVENTIONS)}; "
                             f"got {convention!r}")
    years = int(days // 365.25)
    while age_in_days(years + 1) <= days:
        years += 1
    while years > 0 and age_in_days(years) > days:
        years -= 1
    months = 11
    while months > 0 and age_in_days(years, months) > days:
        months -= 1
    return years, months, days - age_in_days(years, months)


@dataclass
class ReadReport:
    """What a reader saw: files, counts of notable items, and what it skipped.

    Nothing is dropped silently: every skipped sentence is counted under a
    reason, with the first place it happened as an example.
    """

    files: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    #: the files of the folders read that were not read: path -> why
    skipped_files: dict[str, str] = field(default_factory=dict)

    def count(self, what: str, n: int = 1) -> None:
        """Count a notable item that was kept out of the token stream or flagged."""
        self.counts[what] += n

    def skip(self, reason: str, where: str = "", n: int = 1) -> None:
        """Record ``n`` skipped sentences (or utterances) for ``reason``."""
        self.skipped[reason] += n
        if where and reason not in self.examples:
            self.examples[reason] = where

    def merge(self, other: ReadReport) -> ReadReport:
        """The report of this read and of ``other``, read after it (neither is changed):
        files concatenated, counts and skips added, this report's example kept for each reason.

        Example
        -------
        >>> a, b = ReadReport(files=["a.cha"]), ReadReport(files=["b.cha"])
        >>> a.skip("empty", "a.cha:3"); b.skip("empty", "b.cha:9", n=2)
        >>> m = a.merge(b)
        >>> m.files, m.skipped["empty"], m.examples["empty"]
        (['a.cha', 'b.cha'], 3, 'a.cha:3')
        """
        return ReadReport(self.files + other.files, self.counts + other.counts,
                          self.skipped + other.skipped, {**other.examples, **self.examples},
                          {**self.skipped_files, **other.skipped_files})

    def to_dict(self) -> dict:
        """The report as JSON-ready data: ``files`` (the number of files read),
        ``counts``, ``skipped`` and ``examples`` as dicts sorted by key, and
        ``skipped_files`` (path -> why) when a folder had files that were not read.

        Example
        -------
        >>> r = ReadReport(files=["x.conllu"])
        >>> r.skip("empty sentence", "x.conllu:12")
        >>> r.to_dict()["skipped"]
        {'empty sentence': 1}
        """
        out = {"files": len(self.files), "counts": dict(sorted(self.counts.items())),
               "skipped": dict(sorted(self.skipped.items())),
               "examples": dict(sorted(self.examples.items()))}
        if self.skipped_files:
            out["skipped_files"] = dict(self.skipped_files)
        return out


class Sentence:
    """A cheap view of one sentence: slices into the corpus's arrays.

    Example
    -------
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["hi", "there"]}); c = b.build()
    >>> s = c.sentence(0); len(s), s.strings("form")
    (2, ['hi', 'there'])
    """

    __slots__ = ("corpus", "index", "start", "end")

    def __init__(self, corpus: Corpus, index: int) -> None:
        self.corpus, self.index = corpus, index
        self.start, self.end = int(corpus.offsets[index]), int(corpus.offsets[index + 1])

    def __len__(self) -> int:
        return self.end - self.start

    def strings(self, column: str = "form") -> list:
        """The column decoded to strings (or ints for integer columns)."""
        return self.corpus.tokens[column].strings(slice(self.start, self.end))

    def meta(self, column: str) -> object:
        """A sentence-level value, decoded (``None`` when missing)."""
        col = self.corpus.sentences[column]
        v = int(col.values[self.index])
        return None if v == MISSING else v if col.vocab is None else col.vocab[v]

    def __repr__(self) -> str:
        return f"Sentence({self.index}, {' '.join(map(str, self.strings('form')))!r})"


def _ranges_index(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Concatenate ``arange(s, e)`` for all pairs, vectorised."""
    lengths = ends - starts
    shift = np.repeat(starts - (np.cumsum(lengths) - lengths), lengths)
    return shift + np.arange(len(shift), dtype=np.int64)


@dataclass(frozen=True)
class Corpus:
    """A columnar corpus: aligned token columns, sentence columns, offsets.

    Attributes
    ----------
    offsets
        ``int64`` array of length ``n_sentences + 1``; sentence ``i`` holds
        tokens ``offsets[i]:offsets[i+1]``.
    tokens, sentences
        Token columns (always including ``form``) and sentence columns by name.
    report, name
        What the reader counted and skipped; a label (e.g. the path read).

    Example
    -------
    >>> b = CorpusBuilder()
    >>> for words in (["a", "b"], ["c"], ["a"]):
    ...     b.add_sentence({"form": words})
    >>> c = b.build()
    >>> c.select([0, 2]).n_tokens, c.lengths.tolist()
    (3, [2, 1, 1])
    """

    offsets: np.ndarray
    tokens: Mapping[str, Column]
    sentences: Mapping[str, Column] = field(default_factory=dict)
    report: ReadReport = field(default_factory=ReadReport)
    name: str = ""

    def __post_init__(self) -> None:
        if "form" not in self.tokens:
            raise InducevalError("a corpus needs a 'form' token column")
        n_tokens = int(self.offsets[-1]) if len(self.offsets) else 0
        for kind, columns, n in (("token", self.tokens, n_tokens),
                                 ("sentence", self.sentences, len(self.offsets) - 1)):
            for key, col in columns.items():
                if len(col.values) != n:
                    raise InducevalError(
                        f"{kind} column {key!r} has {len(col.values)} values, expected {n}")

    # -- sizes ---------------------------------------------------------------
    @property
    def n_sentences(self) -> int:
        """Number of sentences (empty ones included)."""
        return len(self.offsets) - 1

    @property
    def n_tokens(self) -> int:
        """Number of tokens over all sentences."""
        return int(self.offsets[-1])

    def __len__(self) -> int:
        return self.n_sentences

    @property
    def lengths(self) -> np.ndarray:
        """Sentence lengths in tokens."""
        return np.diff(self.offsets)

    @property
    def vocab(self) -> Vocabulary:
        """The form vocabulary."""
        vocab = self.tokens["form"].vocab
        assert vocab is not None
        return vocab

    @property
    def forms(self) -> np.ndarray:
        """Form ids of all tokens."""
        return self.tokens["form"].values

    def sentence_ids(self) -> np.ndarray:
        """For each token, the index of its sentence."""
        return np.repeat(np.arange(self.n_sentences, dtype=np.int64), self.lengths)

    def positions(self) -> np.ndarray:
        """For each token, its 0-based position within its sentence."""
        return np.arange(self.n_tokens, dtype=np.int64) - np.repeat(self.offsets[:-1], self.lengths)

    # -- access --------------------------------------------------------------
    def column(self, name: str) -> Column:
        """A token column, with an error listing the columns when absent."""
        try:
            return self.tokens[name]
        except KeyError:
            raise InducevalError(
                f"corpus {self.name or '<unnamed>'} has no token column {name!r}; "
                f"it has: {', '.join(sorted(self.tokens))}"
            ) from None

    def sentence(self, index: int) -> Sentence:
        """A view of sentence ``index`` (negative indices count from the end; ``IndexError``
        outside ``-n_sentences <= index < n_sentences``).

        Example
        -------
        >>> b = CorpusBuilder(); b.add_sentence({"form": ["hi", "there"]})
        >>> b.build().sentence(-1).strings("form")
        ['hi', 'there']
        """
        if not -self.n_sentences <= index < self.n_sentences:
            raise IndexError(index)
        return Sentence(self, index % max(self.n_sentences, 1))

    def __iter__(self) -> Iterator[Sentence]:
        for i in range(self.n_sentences):
            yield Sentence(self, i)

    def label_strings(self, column: str) -> np.ndarray:
        """All tokens' values of a categorical column as a numpy object array."""
        col = self.column(column)
        if col.vocab is None:
            return col.values.copy()
        return np.append(col.vocab.to_array(), None)[col.values]

    # -- derived corpora -----------------------------------------------------
    def select(self, which: Sequence[int] | np.ndarray) -> Corpus:
        """A new corpus holding the given sentences (indices or a boolean mask).

        Vocabularies are shared, not copied; only the selected rows of each
        column are gathered.
        """
        which = np.asarray(which)
        if which.dtype == bool:
            if len(which) != self.n_sentences:
                raise InducevalError(
                    f"mask has {len(which)} entries for {self.n_sentences} sentences")
            which = np.flatnonzero(which)
        which = which.astype(np.int64, copy=False)
        starts, ends = self.offsets[:-1][which], self.offsets[1:][which]
        tok_index = _ranges_index(starts, ends)
        return Corpus(offsets=np.concatenate(([0], np.cumsum(ends - starts))).astype(np.int64),
                      tokens={k: c.take(tok_index) for k, c in self.tokens.items()},
                      sentences={k: c.take(which) for k, c in self.sentences.items()},
                      report=self.report, name=self.name)

    def keep_tokens(self, mask: np.ndarray) -> Corpus:
        """A new corpus with only the tokens where ``mask`` is true.

        Integer head columns are copied as they are: use
        :func:`induceval.corpus.transforms.remove_tokens` to re-attach
        dependents of removed tokens.  Sentences may become empty.
        """
        mask = np.asarray(mask, dtype=bool)
        if len(mask) != self.n_tokens:
            raise InducevalError(f"mask has {len(mask)} entries for {self.n_tokens} tokens")
        kept = np.concatenate(([0], np.cumsum(mask)))
        return replace(self, offsets=kept[self.offsets].astype(np.int64),
                       tokens={k: c.take(mask) for k, c in self.tokens.items()})

    def with_tokens(self, **columns: Column) -> Corpus:
        """A new corpus with token columns added or replaced (others shared)."""
        return replace(self, tokens={**self.tokens, **columns})

    def with_sentences(self, **columns: Column) -> Corpus:
        """A new corpus with sentence columns added or replaced."""
        return replace(self, sentences={**self.sentences, **columns})

    def without(self, *names: str) -> Corpus:
        """A new corpus without the named token/sentence columns."""
        return replace(self, tokens={k: v for k, v in self.tokens.items()
                                     if k not in names or k == "form"},
                       sentences={k: v for k, v in self.sentences.items() if k not in names})

    # -- summaries -----------------------------------------------------------
    def inventory(self, column: str) -> Counter:
        """Token counts of each value of a categorical column (missing excluded)."""
        col = self.column(column)
        if col.vocab is None:
            raise InducevalError(f"column {column!r} is not categorical")
        counts = np.bincount(col.values[col.values >= 0], minlength=len(col.vocab))
        return Counter({col.vocab[i]: int(n) for i, n in enumerate(counts) if n})

    def n_types(self, column: str = "form") -> int:
        """Number of distinct values actually used in a column."""
        vals = self.column(column).values
        return int(np.unique(vals[vals >= 0]).size)


class CorpusBuilder:
    """Accumulate sentences, then build a :class:`Corpus` in one go.

    Readers append each sentence's columns as lists; :meth:`build` interns
    the strings once (into ``vocabularies`` where given).  Columns absent from
    some sentences are filled with ``-1`` (missing) there.  ``report``: an
    existing report to fill (a new one by default).

    Example
    -------
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["x"]}, {"age_days": 737})
    >>> b.build().sentences["age_days"].values.tolist()
    [737]
    """

    def __init__(self, name: str = "", report: ReadReport | None = None,
                 vocabularies: Mapping[str, Vocabulary] | None = None) -> None:
        self.name = name
        self.report = report if report is not None else ReadReport()
        self._tok: dict[str, list] = {}
        self._sent: dict[str, list] = {}
        self._lengths: list[int] = []
        self._ntok = 0
        self._vocabs: dict[str, Vocabulary] = dict(vocabularies or {})

    @property
    def n_sentences(self) -> int:
        """Number of sentences added so far."""
        return len(self._lengths)

    def add_sentence(self, tokens: Mapping[str, Sequence],
                     meta: Mapping[str, object] | None = None) -> None:
        """Append one sentence: ``tokens`` maps column names to lists of values, all of the
        same length, ``form`` included; ``meta`` sentence column names to values (``None``:
        missing)."""
        n = len(tokens["form"])
        for key, values in tokens.items():
            if len(values) != n:
                raise InducevalError(f"column {key!r} has {len(values)} values for {n} tokens")
        _extend(self._tok, tokens, self._ntok, n)
        _extend(self._sent, {k: [v] for k, v in (meta or {}).items()}, len(self._lengths), 1)
        self._lengths.append(n)
        self._ntok += n

    def _column(self, name: str, values: list) -> Column:
        if _is_int_column(name):
            return Column(np.fromiter((MISSING if v is None else v for v in values),
                                      dtype=np.int32, count=len(values)))
        vocab = self._vocabs.setdefault(name, Vocabulary())
        return Column(vocab.encode(values), vocab)

    def build(self) -> Corpus:
        """Intern all columns and return the corpus."""
        offsets = np.zeros(len(self._lengths) + 1, dtype=np.int64)
        np.cumsum(self._lengths, out=offsets[1:])
        tokens = {k: self._column(k, v) for k, v in self._tok.items()}
        if "form" not in tokens:
            tokens["form"] = Column(np.zeros(0, dtype=np.int32),
                                    self._vocabs.setdefault("form", Vocabulary()))
        sentences = {k: self._column(k, v) for k, v in self._sent.items()}
        return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=self.report,
                      name=self.name)


def _extend(columns: dict[str, list], rows: Mapping[str, Sequence], before: int, n: int,
            ) -> None:
    """Append ``n`` rows to ``columns``: ``rows`` (column -> ``n`` values), ``None`` in the
    other columns; a new column starts with ``before`` ``None``."""
    for key, values in rows.items():
        col = columns.get(key)
        if col is None:
            col = columns[key] = [None] * before
        col.extend(values)
    for key, col in columns.items():
        if key not in rows:
            col.extend([None] * n)


def concat(corpora: Sequence[Corpus], name: str = "") -> Corpus:
    """Concatenate corpora, re-coding categorical columns over merged vocabularies.

    Columns missing in some corpora are filled with ``-1`` there.

    Example
    -------
    >>> b1 = CorpusBuilder(); b1.add_sentence({"form": ["a"]})
    >>> b2 = CorpusBuilder(); b2.add_sentence({"form": ["b", "a"]})
    >>> c = concat([b1.build(), b2.build()]); c.vocab.items, c.forms.tolist()
    (['a', 'b'], [0, 1, 0])
    """
    if not corpora:
        return CorpusBuilder(name).build()
    if len(corpora) == 1:
        return replace(corpora[0], name=name or corpora[0].name)

    def merge(kind: str, size_of) -> dict[str, Column]:
        out: dict[str, Column] = {}
        for k in dict.fromkeys(k for c in corpora for k in getattr(c, kind)):
            parts = []
            vocab = None if _is_int_column(k) else Vocabulary()
            for c in corpora:
                col = getattr(c, kind).get(k)
                if col is None:
                    parts.append(np.full(size_of(c), MISSING, dtype=np.int32))
                elif col.vocab is None or vocab is None:
                    parts.append(col.values.astype(np.int32, copy=False))
                else:
                    remap = np.append(vocab.encode(col.vocab.items), MISSING).astype(np.int32)
                    parts.append(remap[col.values])
            out[k] = Column(np.concatenate(parts), vocab)
        return out

    tokens = merge("tokens", lambda c: c.n_tokens)
    sentences = merge("sentences", lambda c: c.n_sentences)
    lengths = np.concatenate([c.lengths for c in corpora])
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    report = reduce(ReadReport.merge, (c.report for c in corpora), ReadReport())
    return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=report, name=name)
