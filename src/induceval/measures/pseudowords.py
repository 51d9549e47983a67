"""Pseudo-word evaluation of selectional preferences (Chambers & Jurafsky 2010).

A test item is a (verb, relation, noun) occurrence from a test document,
paired with a *confounder* noun; a model must tell which noun is the
original.  This module builds test sets reproducibly (document split,
confounder choice, seed), stores them in a documented file format, and
scores models' decisions with accuracy, accuracy with random guessing on ties
("accuracy +50%"), precision and coverage, and the paired approximate
randomization test (Yeh 2000).

Document split
    Documents (never sentences) are shuffled with the seed and split into
    test, development and training documents (§6: development and test
    documents "were isolated from training").  Training-size conditions
    (×1, ×2, ×10 of §6.1) are nested prefixes of the shuffled training
    documents.

Confounders (§4, §6.2), chosen from noun token frequencies in the training
documents ("counting all tokens with noun POS tags"):

``random``
    A random noun whose frequency lies in ``random_range`` (inclusive).  The
    paper used [30, 400000], which removed about the 100 most frequent
    nouns; the default here is ``(1, None)`` with the 100 most frequent nouns
    excluded (``exclude_top=100``), which is the same rule stated by rank.
``buckets``
    A random noun from the original noun's frequency bucket.  Default
    upper bounds ``(4, 10, 25, 200, 1000)``, plus a last bucket ``>1000``:
    bucket 1 holds frequencies 0-4, bucket 2 holds 5-10, and so on.
``neighbor``
    Nouns sorted by (frequency, spelling); the confounder is the next noun
    above the original in that order, i.e. its nearest neighbour with greater
    (or, among equally frequent nouns, equal) frequency.  Our reading of
    "the nearest neighbor of n with greater frequency": a strict
    "greater" would give every noun of frequency f the same confounder.
    The most frequent noun takes the one below it.  A test noun unseen in
    training is placed at frequency 0.

The test-set file (``.tsv``, UTF-8)
    Lines starting with ``#`` are a header of ``# key: value`` lines:
    ``format`` (``induceval-pseudowords 1``), ``corpus`` (the corpus
    fingerprint, see :func:`corpus_fingerprint`), ``method``, ``seed``,
    ``split`` (the split parameters) and ``signature``.  Then a column header
    line ``verb relation noun confounder method seed`` and one test item a
    line, tab-separated.

Ties
    No model can decide when both nouns score the same.  ``ties="random"``
    guesses with a seeded coin (the paper's "randomly guess"),
    ``ties="expected"`` counts half a correct answer, deterministically.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §4, §6, §7.
Yeh, A. (2000). More accurate tests for the statistical significance of
result differences. COLING.

Example
-------
>>> from collections import Counter
>>> freq = Counter({"cake": 5, "pie": 6, "rock": 50, "dog": 7})
>>> confounders(["cake", "dog"], freq, "neighbor", seed=1)[0].tolist()
['pie', 'rock']
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.tuples import TupleInstances
from induceval.errors import CorpusFormatError, InducevalError, ParameterError, check_range
from induceval.random import DEFAULT_SEED, stream
from induceval.signature import make_signature

__all__ = [
    "CONFOUNDER_METHODS",
    "DEFAULT_BUCKETS",
    "DocumentSplit",
    "split_documents",
    "corpus_fingerprint",
    "confounders",
    "PseudoTestSet",
    "build_test_set",
    "decide",
    "DecisionScores",
    "score_decisions",
    "significance_mark",
]

CONFOUNDER_METHODS = ("random", "buckets", "neighbor")
DEFAULT_BUCKETS = (4, 10, 25, 200, 1000)
FILE_FORMAT = "induceval-pseudowords 1"


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
        return (f"seed={self.seed},test={self.test_fraction:g},dev={self.dev_fraction:g},"
                f"docs={len(self.train)}/{len(self.dev)}/{len(self.test)}")


def split_documents(documents: Iterable[str], *, test_fraction: float = 0.1,
                    dev_fraction: float = 0.05, seed: int = DEFAULT_SEED) -> DocumentSplit:
    """Shuffle documents with ``seed`` and split them into train/dev/test.

    At least one document goes to test and, when ``dev_fraction > 0``, one
    to development; at least one must remain for training.

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


def corpus_fingerprint(corpus: Corpus) -> str:
    """A short hash of a corpus's name-independent identity.

    Built from the sorted document names, the sentence offsets and the
    tokens' forms, so that a test set built on one corpus is recognised when
    scored against a model trained on another.
    """
    docs = []
    if "document" in corpus.sentences:
        docs = sorted(set(corpus.sentences["document"].vocab.items))
    h = hashlib.sha1()
    h.update("\n".join(docs).encode("utf-8"))
    h.update(f"|{corpus.n_sentences}|{corpus.n_tokens}|".encode())
    h.update(np.ascontiguousarray(corpus.offsets, dtype=np.int64).tobytes())
    forms = np.array(corpus.vocab.items + [""], dtype=object)[corpus.forms]
    h.update("\x1f".join(forms.tolist()).encode("utf-8"))
    return h.hexdigest()[:16]


def _bucket_of(freqs: np.ndarray, bounds: Sequence[int]) -> np.ndarray:
    return np.searchsorted(np.asarray(bounds), freqs, side="left")


def confounders(nouns: Sequence[str], frequencies: Counter, method: str = "neighbor", *,
                seed: int = DEFAULT_SEED, random_range: tuple[int, int | None] = (1, None),
                exclude_top: int = 100, buckets: Sequence[int] = DEFAULT_BUCKETS,
                ) -> tuple[np.ndarray, Counter]:
    """Choose one confounder for each noun.

    Parameters
    ----------
    nouns
        The original nouns of the test items.
    frequencies
        Noun token frequencies (the training documents).
    method
        ``random``, ``buckets`` or ``neighbor`` (see the module docstring).
    seed
        Seed of the random choices (``random``, ``buckets``).
    random_range
        Inclusive frequency range of ``random`` confounders (``None``: no upper bound).
    exclude_top
        ``random`` leaves out this many most frequent nouns (at most a tenth
        of all nouns, so that small corpora keep candidates).
    buckets
        Upper bounds of the frequency buckets; a last bucket holds the rest.

    Returns
    -------
    (confounders, skipped)
        An object array (``None`` where no confounder exists) and the
        reasons counted.
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
        pos = np.array([index.get(n, -1) for n in nouns], dtype=np.int64)
        unseen = pos < 0
        nxt = pos + 1
        nxt[unseen] = 0
        top = nxt >= len(vocab)
        nxt[top] = len(vocab) - 2
        for i, j in enumerate(nxt.tolist()):
            out[i] = vocab[j] if 0 <= j < len(vocab) and vocab[j] != nouns[i] else None
    elif method == "random":
        lo, hi = random_range
        cand = (freq >= lo) & (freq <= (hi if hi is not None else np.iinfo(np.int64).max))
        top_n = min(exclude_top, len(vocab) // 10)
        if top_n > 0:
            cand[len(vocab) - top_n:] = False
        pool = np.flatnonzero(cand)
        if len(pool) < 2:
            raise InducevalError(
                f"random confounders: only {len(pool)} nouns in frequency range {random_range} "
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
        b_vocab = _bucket_of(freq, buckets)
        b_noun = _bucket_of(nf, buckets)
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
    if method == "neighbor":
        n_none = sum(1 for x in out if x is None)
        if n_none:
            skipped["no neighbour noun"] += n_none
    return out, skipped


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

    def __len__(self) -> int:
        return len(self.verb)

    @property
    def signature(self) -> str:
        return make_signature("pseudowords", {"method": self.method, "split": self.split},
                              seed=self.seed)

    def write(self, path: str | os.PathLike) -> None:
        """Write the documented ``.tsv`` format (see the module docstring)."""
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(f"# format: {FILE_FORMAT}\n# corpus: {self.corpus}\n"
                     f"# method: {self.method}\n# seed: {self.seed}\n# split: {self.split}\n"
                     f"# signature: {self.signature}\n")
            for reason, n in sorted(self.skipped.items()):
                fh.write(f"# skipped: {n}\t{reason}\n")
            fh.write("verb\trelation\tnoun\tconfounder\tmethod\tseed\n")
            for v, r, n, c in zip(self.verb, self.relation, self.noun, self.confounder):
                fh.write(f"{v}\t{r}\t{n}\t{c}\t{self.method}\t{self.seed}\n")

    @classmethod
    def read(cls, path: str | os.PathLike) -> PseudoTestSet:
        """Read a test set written by :meth:`write`; errors name file and line."""
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
        if header.get("format") != FILE_FORMAT:
            raise CorpusFormatError(f"not a test-set file: expected '# format: {FILE_FORMAT}'",
                                    path=path, line=1)
        cols = list(zip(*rows)) if rows else [(), (), (), ()]
        arr = [np.array(c, dtype=object) for c in cols[:4]]
        try:
            seed = int(header.get("seed", DEFAULT_SEED))
        except ValueError:
            raise CorpusFormatError("seed must be an integer", path=path,
                                    text=header.get("seed")) from None
        return cls(arr[0], arr[1], arr[2], arr[3], method=header.get("method", ""),
                   seed=seed, corpus=header.get("corpus", ""),
                   split=header.get("split", ""), skipped=skipped)


def build_test_set(test: TupleInstances, noun_frequencies: Counter, method: str = "neighbor", *,
                   seed: int = DEFAULT_SEED, corpus: str = "", split: str = "",
                   **options) -> PseudoTestSet:
    """Pair every test tuple occurrence with a confounder.

    Every occurrence in the test documents is a test item (the paper
    evaluates "the data in its entirety", §3); items for which no
    confounder exists are counted in ``skipped`` and left out.

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
    return PseudoTestSet(test.verb[keep], test.relation[keep], test.noun[keep], conf[keep],
                         method=method, seed=seed, corpus=corpus, split=split,
                         skipped=skipped + Counter(test.skipped))


def decide(score_original: np.ndarray, score_confounder: np.ndarray) -> np.ndarray:
    """Decisions: +1 original chosen, -1 confounder chosen, 0 tie (no decision).

    Example
    -------
    >>> decide(np.array([0.5, 0.1, 0.0]), np.array([0.2, 0.3, 0.0])).tolist()
    [1, -1, 0]
    """
    a = np.asarray(score_original, dtype=float)
    b = np.asarray(score_confounder, dtype=float)
    return np.sign(a - b).astype(np.int8)


@dataclass(frozen=True)
class DecisionScores:
    """Accuracy, accuracy with guessing, precision and coverage of decisions.

    ``stats`` holds one row per item, ``(correct, wrong, undecided,
    credited)``, where ``credited`` is the item's value under the tie policy;
    the scores are pure functions of the summed rows.
    """

    stats: np.ndarray
    ties: str
    seed: int

    @staticmethod
    def from_sums(s: np.ndarray) -> dict[str, float]:
        correct, wrong, undecided, credited = (float(x) for x in s[:4])
        n = correct + wrong + undecided
        decided = correct + wrong
        return {
            "accuracy": correct / n if n else float("nan"),
            "accuracy_guess": credited / n if n else float("nan"),
            "precision": correct / decided if decided else float("nan"),
            "coverage": decided / n if n else float("nan"),
            "items": int(n),
        }

    @property
    def scores(self) -> dict[str, float]:
        return self.from_sums(self.stats.sum(0))

    @property
    def credited(self) -> np.ndarray:
        return self.stats[:, 3]


def score_decisions(decisions: np.ndarray, *, ties: str = "random",
                    seed: int = DEFAULT_SEED) -> DecisionScores:
    """Turn decisions into per-item statistics under a tie policy.

    Example
    -------
    >>> s = score_decisions(np.array([1, 1, -1, 0]), ties="expected").scores
    >>> s["accuracy"], s["accuracy_guess"], s["precision"], s["coverage"]
    (0.5, 0.625, 0.6666666666666666, 0.75)
    """
    if ties not in ("random", "expected"):
        raise ParameterError(f"ties must be 'random' or 'expected'; got {ties!r}")
    d = np.asarray(decisions)
    correct = (d > 0).astype(float)
    wrong = (d < 0).astype(float)
    undecided = (d == 0).astype(float)
    if ties == "expected":
        guess = 0.5 * undecided
    else:
        guess = undecided * (stream(seed, "pseudowords.guess").random(len(d)) < 0.5)
    stats = np.column_stack([correct, wrong, undecided, correct + guess])
    return DecisionScores(stats, ties, seed)


def significance_mark(p: float) -> str:
    """``*`` for p < 0.01 and ``†`` for p < 0.05, as in the paper's figures."""
    return "*" if p < 0.01 else ("†" if p < 0.05 else "")
