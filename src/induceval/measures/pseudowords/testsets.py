"""Pseudo-word test sets (Chambers & Jurafsky 2010): document split, confounders, file format.

Document split
    Documents (never sentences) are shuffled with the seed and split into
    test, development and training documents (§6: development and test
    documents "were isolated from training").  Training-size conditions
    (×1, ×2, ×10 of §6.1) are nested prefixes of the shuffled training
    documents.

Confounders (§4, §6.2), chosen from noun token frequencies in the training
documents ("counting all tokens with noun POS tags"):

``random``
    A random noun whose frequency lies in ``random_range`` (inclusive): by
    default the paper's reading of [30, 400000] (§6.2: the upper bound removes
    "(approximately) the top 100 most frequent nouns", the lower one is set
    "as previous work seems to do"): the top 100 nouns left out and a floor
    of 30, on a corpus of any size (:func:`paper_random_range`; ``scaled``
    is the proportional scaling of 0.2-0.4); the range used is the test
    set's ``range``.  ``exclude_top=100`` with ``(1, None)`` is the
    rank rule of versions before 0.2 (on Manchester 86% of noun types then
    fall below 30 and the median confounder frequency is 3 instead of 66).
``buckets``
    A random noun from the original noun's frequency bucket.  Default
    upper bounds ``(4, 10, 25, 200, 1000)``, plus a last bucket ``>1000``:
    bucket 1 holds frequencies 0-4, bucket 2 holds 5-10, and so on.
``neighbor``
    Nouns sorted by (frequency, spelling); the confounder is the next noun
    above the original, i.e. its nearest neighbour with greater (or, among
    equally frequent nouns, equal) frequency: our reading of "the nearest
    neighbor of n with greater frequency", as a strict "greater" would give
    every noun of frequency f the same confounder.  The most frequent noun
    takes the one below it.  A test noun unseen in training (the paper sorts
    "all seen nouns", §6.2) is placed at frequency 0 and gets a seeded draw
    among the nouns of the lowest training frequency.  Frequencies are
    counted in the training documents (the paper's "word corpus frequency
    from the 41 test documents" names the documents the test pairs come
    from; a 400,000 upper bound only makes sense for training counts).

The test-set file (``.tsv``, UTF-8)
    Lines starting with ``#`` are a header of ``# key: value`` lines:
    ``format`` (``induceval-pseudowords 2``), ``corpus`` (the corpus
    fingerprint, :meth:`~induceval.measures.pseudowords.PseudoStatistics.fingerprint`),
    ``method``, ``seed``, ``split`` (the split parameters), ``signature``,
    for ``random`` confounders the ``range`` used, and a ``skipped: N<TAB>reason``
    line per reason items were left out.  Then a column header line
    ``verb relation noun confounder method seed`` and one test item a line,
    tab-separated.

    Format 1 (induceval 0.3.x) has the fingerprint of
    :func:`~induceval.measures.pseudowords.fingerprint_v1`; such files are
    still read, and ``pseudo score`` checks them on the corpus read whole.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §4, §6.

Example
-------
>>> from collections import Counter
>>> freq = Counter({"cake": 5, "pie": 6, "rock": 50, "dog": 7})
>>> confounders(["cake", "dog"], freq, "neighbor", seed=1)[0].tolist()
['pie', 'rock']
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.atomic import atomic_path
from induceval.corpus.tuples import TupleInstances
from induceval.errors import (
    CorpusFormatError,
    InducevalError,
    ParameterError,
    check_choice,
    check_range,
)
from induceval.measures.pseudowords.options import CONFOUNDER_METHODS, RANDOM_RANGE_HELP
from induceval.random import DEFAULT_SEED, stream
from induceval.signature import make_signature

__all__ = ["CONFOUNDER_METHODS", "PAPER_RANDOM_RANGE", "RANDOM_RANGE_HELP", "paper_random_range",
           "parse_random_range",
           "DEFAULT_BUCKETS", "DocumentSplit", "split_documents", "confounders", "PseudoTestSet",
           "build_test_set"]

#: The paper's range of random confounders (Chambers & Jurafsky 2010, §6.2) and the size of the
#: training corpus it was set on (Train x2, Chambers & Jurafsky 2010, §6.1).
PAPER_RANDOM_RANGE = (30, 400000)
PAPER_TRAIN_TOKENS = 225_000_000
#: the help of ``--random-range`` (``pseudo build`` and ``reproduce chambers2010``)
DEFAULT_BUCKETS = (4, 10, 25, 200, 1000)
#: the test-set file format; 2: the fingerprint that combines over shards; 1: 0.3.x's
FILE_FORMAT = "induceval-pseudowords"
FORMAT_VERSION = 2


@dataclass(frozen=True)
class DocumentSplit:
    """Training, development and test documents; training in shuffled order."""

    train: tuple[str, ...]
    dev: tuple[str, ...]
    test: tuple[str, ...]
    seed: int
    test_fraction: float
    dev_fraction: float

    def training(self, fraction: float = 1.0) -> tuple[str, ...]:
        """The first ``fraction`` of the shuffled training documents (nested)."""
        check_range("fraction", fraction, 0, 1, low_open=True)
        n = max(1, int(round(fraction * len(self.train))))
        return self.train[:n]

    def describe(self) -> str:
        """The split's parameters and sizes in one line (recorded as ``split``
        in test-set files and signatures).

        Example
        -------
        >>> split_documents(["a", "b", "c", "d", "e"], seed=1).describe()
        'seed=1,test=0.1,dev=0.05,docs=3/1/1'
        """
        return (f"seed={self.seed},test={self.test_fraction:g},dev={self.dev_fraction:g},"
                f"docs={len(self.train)}/{len(self.dev)}/{len(self.test)}")


def split_documents(documents: Iterable[str], *, test_fraction: float = 0.1,
                    dev_fraction: float = 0.05, seed: int = DEFAULT_SEED) -> DocumentSplit:
    """Shuffle documents with ``seed`` and split them into train/dev/test.

    At least one document goes to test and, when ``dev_fraction > 0``, one
    to development; at least one must remain for training.

    Parameters
    ----------
    documents
        Document names (duplicates count once).
    test_fraction, dev_fraction
        Shares of the documents for test and development.
    seed
        Seed of the shuffle.

    Returns
    -------
    DocumentSplit
        The ``train``, ``dev`` and ``test`` document names.

    Example
    -------
    >>> s = split_documents([f"d{i}" for i in range(20)], seed=3)
    >>> len(s.train), len(s.dev), len(s.test)
    (17, 1, 2)
    """
    check_range("test_fraction", test_fraction, 0, 1, low_open=True, high_open=True)
    check_range("dev_fraction", dev_fraction, 0, 1, high_open=True)
    docs = sorted(set(documents))
    n_test = max(1, int(round(test_fraction * len(docs))))
    n_dev = max(1, int(round(dev_fraction * len(docs)))) if dev_fraction > 0 else 0
    if len(docs) < n_test + n_dev + 1:
        raise InducevalError(
            f"a document split needs at least {n_test + n_dev + 1} documents "
            f"(test, dev and train); the corpus has {len(docs)}")
    order = stream(seed, "pseudowords.split").permutation(len(docs))
    shuffled = [docs[i] for i in order]
    return DocumentSplit(train=tuple(shuffled[n_test + n_dev:]),
                         dev=tuple(shuffled[n_test:n_test + n_dev]),
                         test=tuple(shuffled[:n_test]), seed=seed,
                         test_fraction=test_fraction, dev_fraction=dev_fraction)


def _bucket_of(freqs: np.ndarray, bounds: Sequence[int]) -> np.ndarray:
    return np.searchsorted(np.asarray(bounds), freqs, side="left")


def paper_random_range(frequencies: Counter, corpus_tokens: int | None = None, *,
                       reading: str = "top100") -> tuple[int, int | None]:
    """The paper's random-confounder range on a corpus of any size.

    Chambers & Jurafsky 2010, §6.2 drew random confounders from nouns of
    frequency [30, 400000] on about 225M training tokens: the upper bound
    "removes (approximately) the top 100 most frequent nouns", the lower one
    is a reliability floor.  Two readings for a smaller corpus:

    ``top100`` (default, the paper's aim)
        The upper bound leaves out the 100 most frequent nouns (at most a
        tenth of the nouns, so that a small corpus keeps candidates): it is
        the frequency of the next noun, and nouns tied with it stay in.
    ``scaled`` (induceval 0.2-0.4)
        The bounds scaled by ``s = corpus_tokens / 225e6`` when the corpus
        is below half the paper's (``round(400000 * s)``).  On Manchester
        this left out only the 3 most frequent nouns.

    The lower bound stays 30 unless fewer than 2 nouns lie in the range;
    it then becomes ``max(1, round(30 * s))`` (1 without ``corpus_tokens``),
    and if even that range holds fewer than 2 nouns the upper bound is dropped.

    Parameters
    ----------
    frequencies
        Noun token frequencies.
    corpus_tokens
        Tokens they were counted on (for ``scaled`` and the fallback floor).
    reading
        ``"top100"`` or ``"scaled"``.

    Returns
    -------
    tuple of (int, int or None)
        The inclusive range ``(low, high)``; ``high`` ``None``: no upper bound.

    Example
    -------
    Hand-worked: 1000 nouns of frequencies 1..1000; ``top100`` leaves out
    901..1000, so the range is [30, 900].  ``scaled`` at 2.25M tokens (s =
    0.01) gives [30, 4000], which leaves out none of them; with 300 nouns
    ``top100`` leaves out a tenth, 271..300.

    >>> freq = Counter({f"n{i}": i for i in range(1, 1001)})
    >>> paper_random_range(freq), paper_random_range(freq, 2_250_000, reading="scaled")
    ((30, 900), (30, 4000))
    >>> paper_random_range(Counter({f"n{i}": i for i in range(1, 301)}))
    (30, 270)
    >>> paper_random_range(Counter({"a": 2, "b": 3}), 22_500, reading="scaled")
    (1, 40)
    """
    check_choice("reading", reading, ("top100", "scaled"))
    lo, hi = PAPER_RANDOM_RANGE
    s = 1.0 if corpus_tokens is None else corpus_tokens / PAPER_TRAIN_TOKENS
    if reading == "top100":
        ranked = sorted(frequencies.values(), reverse=True)
        top = min(100, len(ranked) // 10)
        hi = ranked[top] if top else None
    elif corpus_tokens is None or corpus_tokens >= PAPER_TRAIN_TOKENS / 2:
        return lo, hi
    else:
        hi = max(lo, int(round(hi * s)))

    def n_in(a: int, b: int | None) -> int:
        return sum(1 for f in frequencies.values() if a <= f and (b is None or f <= b))

    if n_in(lo, hi) < 2:
        lo = max(1, int(round(lo * s))) if corpus_tokens is not None else 1
        hi = None if hi is None else max(lo, hi)
        if n_in(lo, hi) < 2:  # a corpus too small or too skewed for any scaling
            return lo, None
    return lo, hi


def parse_random_range(text: str) -> str | tuple[int, int | None]:
    """Parse a ``--random-range`` value: ``paper``, ``scaled`` or ``LOW,HIGH`` (``HIGH``
    may be empty); :func:`paper_random_range` says what the first two mean.

    Parameters
    ----------
    text
        The option's value.

    Returns
    -------
    str or tuple of (int, int or None)
        ``"paper"``, ``"scaled"``, or ``(low, high)``.

    Example
    -------
    >>> parse_random_range("paper"), parse_random_range("30,400000"), parse_random_range("1,")
    ('paper', (30, 400000), (1, None))
    """
    text = text.strip()
    if text in ("paper", "scaled"):
        return text
    lo, sep, hi = text.partition(",")
    try:
        if not sep:
            raise ValueError
        low = int(lo)
        high = int(hi) if hi.strip() else None
    except ValueError:
        raise ParameterError(
            f"--random-range must be 'paper', 'scaled' or LOW,HIGH (HIGH may be empty); "
            f"got {text!r}"
        ) from None
    check_range("random range low", low, 0)
    if high is not None and high < low:
        raise ParameterError(f"--random-range: HIGH ({high}) is below LOW ({low})")
    return low, high


def _resolve_range(random_range, frequencies: Counter, corpus_tokens: int | None,
                   ) -> tuple[int, int | None]:
    if isinstance(random_range, str):
        if random_range not in ("paper", "scaled"):
            raise ParameterError(f"random_range must be 'paper', 'scaled' or a (low, high) "
                                 f"pair; got {random_range!r}")
        return paper_random_range(frequencies, corpus_tokens,
                                  reading="top100" if random_range == "paper" else "scaled")
    lo, hi = random_range
    return int(lo), (None if hi is None else int(hi))


def confounders(nouns: Sequence[str], frequencies: Counter, method: str = "neighbor", *,
                seed: int = DEFAULT_SEED,
                random_range: str | tuple[int, int | None] = "paper",
                corpus_tokens: int | None = None,
                exclude_top: int = 0, buckets: Sequence[int] = DEFAULT_BUCKETS,
                ) -> tuple[np.ndarray, Counter]:
    """Choose one confounder for each noun.

    Parameters
    ----------
    nouns
        The nouns (one per test item).
    frequencies
        Noun token frequencies (the training documents).
    method
        ``random``, ``buckets`` or ``neighbor`` (see the module docstring).
    seed
        The seed of the random choices.
    random_range
        ``"paper"`` or ``"scaled"`` (:func:`paper_random_range`) or an inclusive
        frequency range ``(low, high)`` (``high`` ``None``: no upper bound).
    corpus_tokens
        Tokens the frequencies were counted on (scales ``"paper"``).
    exclude_top
        ``random`` leaves out this many most frequent nouns (at most a tenth
        of all nouns, so that small corpora keep candidates); default 0.
    buckets
        Upper bounds of the frequency buckets; a last bucket holds the rest.

    Returns
    -------
    (confounders, skipped)
        An object array (``None`` where no confounder exists) and the
        reasons counted.

    Example
    -------
    >>> from collections import Counter
    >>> chosen, skipped = confounders(["cake", "pie", "rock"],
    ...                               Counter({"cake": 5, "pie": 4, "rock": 1}), "neighbor")
    >>> chosen.tolist(), skipped
    (['pie', 'cake', 'pie'], Counter())
    """
    if method not in CONFOUNDER_METHODS:
        raise ParameterError(
            f"method must be one of {', '.join(CONFOUNDER_METHODS)}; got {method!r}")
    vocab = sorted(frequencies, key=lambda w: (frequencies[w], w))
    if not vocab:
        raise InducevalError("no noun frequencies to choose confounders from")
    freq = np.array([frequencies[w] for w in vocab], dtype=np.int64)
    index = {w: i for i, w in enumerate(vocab)}
    nouns = list(nouns)
    nf = np.array([frequencies.get(n, 0) for n in nouns], dtype=np.int64)
    out = np.empty(len(nouns), dtype=object)
    skipped: Counter = Counter()
    rng = stream(seed, "pseudowords.confounders")
    if method == "neighbor":
        _neighbours(nouns, vocab, freq, index, rng, out)
        if n_none := sum(1 for x in out if x is None):
            skipped["no neighbour noun"] += n_none
    elif method == "random":
        lo, hi = _resolve_range(random_range, frequencies, corpus_tokens)
        cand = (freq >= lo) & (freq <= (hi if hi is not None else np.iinfo(np.int64).max))
        top_n = min(exclude_top, len(vocab) // 10)
        if top_n > 0:
            cand[len(vocab) - top_n:] = False
        pool = np.flatnonzero(cand)
        if len(pool) < 2:
            raise InducevalError(
                f"random confounders: only {len(pool)} nouns in frequency range {(lo, hi)} "
                f"after excluding the top {exclude_top}; widen the range")
        draw = pool[rng.integers(0, len(pool), len(nouns))]
        alt = pool[rng.integers(0, len(pool), len(nouns))]
        for i, (a, b) in enumerate(zip(draw.tolist(), alt.tolist())):
            w = vocab[a]
            if w == nouns[i]:
                w = vocab[b] if vocab[b] != nouns[i] else vocab[pool[(np.searchsorted(pool, a) + 1)
                                                                     % len(pool)]]
            out[i] = w
    else:
        _same_bucket(nouns, vocab, _bucket_of(freq, buckets), _bucket_of(nf, buckets), index, rng,
                     out, skipped)
    return out, skipped


def _neighbours(nouns: list[str], vocab: list[str], freq: np.ndarray, index: dict,
                rng: np.random.Generator, out: np.ndarray) -> None:
    """``neighbor`` confounders into ``out`` (``None``: none)."""
    pos = np.array([index.get(n, -1) for n in nouns], dtype=np.int64)
    unseen = pos < 0
    nxt = pos + 1
    # unseen nouns (frequency 0): any noun of the lowest frequency, seeded draw
    n_lowest = int(np.searchsorted(freq, freq[0], side="right"))
    nxt[unseen] = rng.integers(0, n_lowest, int(unseen.sum()))
    top = nxt >= len(vocab)
    nxt[top] = len(vocab) - 2
    for i, j in enumerate(nxt.tolist()):
        out[i] = vocab[j] if 0 <= j < len(vocab) and vocab[j] != nouns[i] else None


def _same_bucket(nouns: list[str], vocab: list[str], b_vocab: np.ndarray, b_noun: np.ndarray,
                 index: dict, rng: np.random.Generator, out: np.ndarray,
                 skipped: Counter) -> None:
    """``buckets`` confounders into ``out``: another noun of the noun's frequency bucket."""
    members = {b: np.flatnonzero(b_vocab == b) for b in np.unique(b_vocab)}
    u = rng.random(len(nouns))
    for i, b in enumerate(b_noun.tolist()):
        pool = members.get(b)
        n_self = 1 if nouns[i] in index and b_vocab[index[nouns[i]]] == b else 0
        if pool is None or len(pool) - n_self < 1:
            out[i] = None
            skipped["no other noun in the frequency bucket"] += 1
            continue
        k = int(u[i] * (len(pool) - n_self))
        if n_self:
            own = int(np.searchsorted(pool, index[nouns[i]]))
            if k >= own:
                k += 1
        out[i] = vocab[pool[k]]


@dataclass
class PseudoTestSet:
    """Test items (verb, relation, noun, confounder) with their provenance."""

    verb: np.ndarray
    relation: np.ndarray
    noun: np.ndarray
    confounder: np.ndarray
    method: str
    seed: int
    corpus: str = ""
    split: str = ""
    skipped: Counter = field(default_factory=Counter)
    #: frequency range of ``random`` confounders actually used ("30-4000"), else ""
    random_range: str = ""
    #: the file format, which says the kind of the ``corpus`` fingerprint (see the module
    #: docstring): 2, or 1 for a test set written by induceval 0.3.x
    format: int = FORMAT_VERSION

    def __len__(self) -> int:
        return len(self.verb)

    @property
    def signature(self) -> str:
        """What makes the test set: confounder ``method``, ``split``, the
        ``range`` of ``random`` confounders actually used, the seed and the
        version.

        Example
        -------
        >>> one = np.array(["eat"], dtype=object)
        >>> PseudoTestSet(one, np.array(["obj"], dtype=object), np.array(["cake"], dtype=object),
        ...               np.array(["rock"], dtype=object), method="neighbor", seed=1,
        ...               split="seed=1").signature.split("|v:")[0]
        'pseudowords|method:neighbor|split:seed=1|seed:1'
        """
        opts = {"method": self.method, "split": self.split}
        if self.random_range:
            opts["range"] = self.random_range
        return make_signature("pseudowords", opts, seed=self.seed)

    def write(self, path: str | os.PathLike) -> None:
        """Write the documented ``.tsv`` format (see the module docstring), whole or not at all."""
        with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(f"# format: {FILE_FORMAT} {self.format}\n# corpus: {self.corpus}\n"
                     f"# method: {self.method}\n# seed: {self.seed}\n# split: {self.split}\n"
                     f"# signature: {self.signature}\n")
            if self.random_range:
                fh.write(f"# range: {self.random_range}\n")
            for reason, n in sorted(self.skipped.items()):
                fh.write(f"# skipped: {n}\t{reason}\n")
            fh.write("verb\trelation\tnoun\tconfounder\tmethod\tseed\n")
            for v, r, n, c in zip(self.verb, self.relation, self.noun, self.confounder):
                fh.write(f"{v}\t{r}\t{n}\t{c}\t{self.method}\t{self.seed}\n")

    @classmethod
    def read(cls, path: str | os.PathLike) -> PseudoTestSet:
        """Read a test set written by :meth:`write` (or by 0.3.x: format 1); errors name
        file and line."""
        header: dict[str, str] = {}
        skipped: Counter = Counter()
        rows: list[list[str]] = []
        path = str(path)
        try:
            fh = open(path, encoding="utf-8")
        except OSError as exc:
            raise InducevalError(f"{path}: cannot read: {exc}") from None
        with fh:
            try:
                lines = fh.read().split("\n")
            except UnicodeDecodeError as exc:
                raise CorpusFormatError(f"not UTF-8 ({exc.reason})", path=path) from None
        seen_columns = False
        for no, line in enumerate(lines, 1):
            if not line:
                continue
            if line.startswith("#"):
                key, _, value = line[1:].strip().partition(":")
                if key == "skipped":
                    n, _, reason = value.strip().partition("\t")
                    skipped[reason] += int(n)
                else:
                    header[key.strip()] = value.strip()
                continue
            parts = line.split("\t")
            if not seen_columns:
                if parts[:4] != ["verb", "relation", "noun", "confounder"]:
                    raise CorpusFormatError("expected the column header "
                                            "'verb relation noun confounder method seed'",
                                            path=path, line=no, text=line)
                seen_columns = True
                continue
            if len(parts) != 6:
                raise CorpusFormatError(f"expected 6 tab-separated fields, got {len(parts)}",
                                        path=path, line=no, text=line)
            rows.append(parts)
        kind, _, version = header.get("format", "").partition(" ")
        if kind != FILE_FORMAT or version not in ("1", "2"):
            raise CorpusFormatError(f"not a test-set file: expected '# format: {FILE_FORMAT} "
                                    f"{FORMAT_VERSION}' (or 1)", path=path, line=1)
        cols = list(zip(*rows)) if rows else [(), (), (), ()]
        arr = [np.array(c, dtype=object) for c in cols[:4]]
        try:
            seed = int(header.get("seed", DEFAULT_SEED))
        except ValueError:
            raise CorpusFormatError("seed must be an integer", path=path,
                                    text=header.get("seed")) from None
        return cls(arr[0], arr[1], arr[2], arr[3], method=header.get("method", ""),
                   seed=seed, corpus=header.get("corpus", ""),
                   split=header.get("split", ""), skipped=skipped,
                   random_range=header.get("range", ""), format=int(version))


def build_test_set(test: TupleInstances, noun_frequencies: Counter, method: str = "neighbor", *,
                   seed: int = DEFAULT_SEED, corpus: str = "", split: str = "",
                   **options) -> PseudoTestSet:
    """Pair every test tuple occurrence with a confounder.

    Every occurrence in the test documents is a test item (the paper
    evaluates "the data in its entirety", §3); items for which no
    confounder exists are counted in ``skipped`` and left out.

    Parameters
    ----------
    test
        The (verb, relation, noun) occurrences of the test documents.
    noun_frequencies
        Noun counts of the training documents, from which confounders are drawn.
    method
        ``"random"``, ``"buckets"`` or ``"neighbor"`` (:data:`CONFOUNDER_METHODS`).
    seed
        Seed of the confounder draws.
    corpus, split
        Names recorded in the test set.
    **options
        The method's options (e.g. ``random_range``, ``buckets``).

    Returns
    -------
    PseudoTestSet
        The items with their confounders, the skipped counts and a signature.

    Example
    -------
    >>> from collections import Counter
    >>> import numpy as np
    >>> from induceval.corpus.tuples import TupleInstances
    >>> obj = lambda *xs: np.array(xs, dtype=object)
    >>> t = TupleInstances(obj("eat"), obj("obj"), obj("cake"), obj("d1"))
    >>> ts = build_test_set(t, Counter({"cake": 3, "pie": 4}), "neighbor")
    >>> ts.confounder.tolist()
    ['pie']
    """
    conf, skipped = confounders(test.noun.tolist(), noun_frequencies, method, seed=seed,
                                **options)
    keep = np.array([c is not None for c in conf], dtype=bool)
    used = ""
    if method == "random":
        lo, hi = _resolve_range(options.get("random_range", "paper"), noun_frequencies,
                                options.get("corpus_tokens"))
        used = f"{lo}-{'' if hi is None else hi}"
    return PseudoTestSet(test.verb[keep], test.relation[keep], test.noun[keep], conf[keep],
                         method=method, seed=seed, corpus=corpus, split=split,
                         skipped=skipped + Counter(test.skipped), random_range=used)
