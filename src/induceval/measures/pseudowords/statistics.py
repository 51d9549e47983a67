"""The corpus statistics of pseudo-word evaluation: one type, additive over shards.

:class:`PseudoStatistics` is all the pseudo-word pipeline (Chambers &
Jurafsky 2010) reads of a corpus.  :func:`shard_statistics` computes it for
one shard; ``+`` sums shards in corpus order; :func:`corpus_statistics` runs
it over a corpus in memory or over file groups (:func:`induceval.parallel.map`,
the first error in file order).  The sum over any cut of a corpus into
shards is the statistics of the whole:

- words, relations and documents are re-coded over the merged tables (in
  order of first appearance; a document spanning shards merged by name);
  occurrences keep corpus order, so test items and the insertion order of
  training counts (which orders Erk's sums) are those of one corpus;
- a relation scheme ``auto`` is detected on the relations of all shards, and
  a shard whose own detection differs, or which lacks a column others have
  (``lemma``, ``head``, ``deprel``, the tag column), is computed again with
  them (missing values there, as in the concatenated corpus);
- :func:`chunk_documents` numbers pseudo-documents over the whole corpus.

The fingerprint (version 2)
    Test sets store the fingerprint of their corpus, so that scoring them
    against another corpus is refused.  A sentence's
    digest is ``d(s) = sum_i b(w_i) M^i mod 2^64`` over its forms ``w_0,
    w_1, ...`` (``b(w)``: the first 8 bytes of BLAKE2b of the UTF-8 form, a
    missing form counting as empty; ``M`` a fixed odd number); a shard's
    part is ``H = sum_s d(s) X^(n-1-s) mod P`` over its ``n`` sentences
    (``P = 2^61 - 1``, a fixed base ``X``), so that
    ``H(A + B) = H(A) X^|B| + H(B)``; the fingerprint is the first 16 hex
    digits of a SHA-1 over the version, the sorted document names, the
    numbers of sentences and tokens and ``H``: never dependent on how files
    were grouped into shards.  Version 1 (induceval 0.3.x) was one SHA-1
    over the whole corpus in order (:func:`fingerprint_v1`).

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> demo = generate_demo_corpus(n_sentences=200, seed=1)
>>> whole = corpus_statistics(demo)
>>> halves = corpus_statistics(demo.select(range(120))) + corpus_statistics(
...     demo.select(range(120, 200)))
>>> halves.fingerprint() == whole.fingerprint()
True
>>> docs = whole.documents[:2]
>>> halves.noun_frequencies(docs) == whole.noun_frequencies(docs)
True
"""

from __future__ import annotations

import hashlib
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, Vocabulary, _is_int_column
from induceval.corpus.tuples import (
    ARGUMENT,
    SCHEMES,
    VERB,
    TupleInstances,
    _scheme,
    check_columns,
    detect_scheme,
    scheme_of_relations,
    tuple_codes,
    window_counts,
    word_counts,
)
from induceval.errors import InducevalError, ParameterError
from induceval.measures.pseudowords.testsets import DocumentSplit, split_documents
from induceval.random import DEFAULT_SEED
from induceval.signature import make_signature

__all__ = ["PseudoStatistics", "load_corpus", "no_tokens_error", "shard_statistics",
           "corpus_statistics",
           "chunk_documents", "fingerprint_v1", "SIZES", "Prepared", "prepare", "seen_unseen",
           "rare_words"]

FINGERPRINT_VERSION = 2
_P = (1 << 61) - 1
_X = 0x5BD1E9955BD1E995 % _P
_M = np.uint64(0x9E3779B97F4A7C15)


def _array(items: Iterable[str]) -> np.ndarray:
    items = list(items)
    out = np.empty(len(items), dtype=object)
    out[:] = items
    return out


@dataclass(frozen=True, eq=False)
class PseudoStatistics:
    """What pseudo-word evaluation needs of a corpus (see the module docstring).

    Attributes
    ----------
    documents, sentence_document, lengths
        The document names (the document column's vocabulary, used or not),
        each sentence's document (a code into ``documents``) and length.
    digest
        The fingerprint's part (``H`` of the module docstring).
    strings, words, kinds
        The word (and relation) strings, and each token's word code and kind
        (:func:`induceval.corpus.tuples.token_words`), from which the verb and
        noun frequencies and the "web" co-occurrence windows are counted.
    tuples
        One row ``(sentence, verb, relation, noun)`` per occurrence, in corpus order.
    skipped
        Candidate tuples left out, by reason.
    scheme
        The relation scheme; ``None``: this shard's scheme could not be told,
        or it lacks a column the scheme reads (then only ``documents`` to
        ``digest``, ``columns`` and ``labels`` are filled).
    arguments
        Which dependents count as arguments.
    columns, labels
        The token columns and the ``deprel`` labels present.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> stats = shard_statistics(generate_demo_corpus(n_sentences=50, seed=1))
    >>> stats.scheme, stats.n_sentences, len(stats.instances()) > 0
    ('ud', 50, True)
    """

    documents: tuple[str, ...]
    sentence_document: np.ndarray
    lengths: np.ndarray
    digest: int
    strings: np.ndarray = field(default_factory=lambda: _array([]))
    words: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int32))
    kinds: np.ndarray = field(default_factory=lambda: np.zeros(0, np.uint8))
    tuples: np.ndarray = field(default_factory=lambda: np.zeros((0, 4), np.int64))
    skipped: Counter = field(default_factory=Counter)
    scheme: str | None = None
    arguments: str = "nouns"
    columns: frozenset = frozenset()
    labels: frozenset = frozenset()

    @property
    def n_sentences(self) -> int:
        """Number of sentences."""
        return len(self.lengths)

    @property
    def n_tokens(self) -> int:
        """Number of tokens."""
        return int(self.lengths.sum())

    @classmethod
    def concat(cls, parts: Sequence[PseudoStatistics]) -> PseudoStatistics:
        """The statistics of the shards ``parts`` in this order (``+`` of two).

        Associative; documents are merged by name, strings by spelling.
        """
        if not parts:
            raise ParameterError("no statistics to add")
        if len({(p.scheme, p.arguments) for p in parts}) > 1:
            raise ParameterError("statistics of different relation schemes or arguments "
                                 "do not add up")
        strings: dict[str, int] = {}
        docs: dict[str, int] = {}
        sentence_document, words, tuples = [], [], []
        digest = start = 0
        skipped: Counter = Counter()
        for p in parts:
            smap = np.array([strings.setdefault(s, len(strings)) for s in p.strings.tolist()]
                            + [-1], dtype=np.int64)
            dmap = np.array([docs.setdefault(d, len(docs)) for d in p.documents] + [-1],
                            dtype=np.int32)
            sentence_document.append(dmap[p.sentence_document])
            words.append(smap[p.words].astype(np.int32))
            tuples.append(np.column_stack([p.tuples[:, 0] + start, smap[p.tuples[:, 1:]]]))
            digest = (digest * pow(_X, p.n_sentences, _P) + p.digest) % _P
            start += p.n_sentences
            skipped += p.skipped
        return cls(tuple(docs), np.concatenate(sentence_document),
                   np.concatenate([p.lengths for p in parts]), digest, _array(strings),
                   np.concatenate(words), np.concatenate([p.kinds for p in parts]),
                   np.concatenate(tuples), skipped, parts[0].scheme, parts[0].arguments,
                   frozenset().union(*(p.columns for p in parts)),
                   frozenset().union(*(p.labels for p in parts)))

    def __add__(self, other: PseudoStatistics) -> PseudoStatistics:
        return PseudoStatistics.concat([self, other])

    def _sentences(self, documents: Iterable[str]) -> np.ndarray:
        """Which sentences belong to ``documents`` (names not in the corpus are ignored)."""
        index = {d: i for i, d in enumerate(self.documents)}
        wanted = np.zeros(len(self.documents) + 1, dtype=bool)
        wanted[[index[d] for d in set(documents) if d in index]] = True
        return wanted[self.sentence_document]

    def instances(self, documents: Iterable[str] | None = None) -> TupleInstances:
        """Every tuple occurrence (of ``documents`` when given), in corpus order."""
        rows = self.tuples
        if documents is not None:
            rows = rows[self._sentences(documents)[rows[:, 0]]]
        s = self.strings
        return TupleInstances(s[rows[:, 1]], s[rows[:, 2]], s[rows[:, 3]],
                              _array(self.documents)[self.sentence_document[rows[:, 0]]],
                              Counter(self.skipped))

    def _frequencies(self, documents: Iterable[str], kind: int) -> Counter:
        tokens = np.repeat(self._sentences(documents), self.lengths)
        return word_counts(self.strings, self.words, tokens & (self.kinds & kind > 0))

    def noun_frequencies(self, documents: Iterable[str]) -> Counter:
        """Noun (argument) token frequencies of ``documents``, as
        :func:`~induceval.corpus.tuples.word_frequencies` counts them."""
        return self._frequencies(documents, ARGUMENT)

    def verb_frequencies(self, documents: Iterable[str]) -> Counter:
        """Verb token frequencies of ``documents``."""
        return self._frequencies(documents, VERB)

    def document_tokens(self, documents: Iterable[str]) -> int:
        """Number of tokens in ``documents``."""
        return int(self.lengths[self._sentences(documents)].sum())

    def cooccurrence(self, documents: Iterable[str], window: int = 5) -> Counter:
        """Verb-noun windows of ``documents``
        (:func:`~induceval.corpus.tuples.cooccurrence_counts`)."""
        offsets = np.concatenate(([0], np.cumsum(self.lengths)))
        return window_counts(self.strings, self.words, self.kinds, offsets,
                             self._sentences(documents), window)

    def fingerprint(self) -> str:
        """The corpus fingerprint (version 2, see the module docstring): 16 hex digits."""
        h = hashlib.sha1(f"induceval-pseudowords fingerprint {FINGERPRINT_VERSION}\n".encode())
        h.update("\n".join(sorted(set(self.documents))).encode("utf-8"))
        h.update(f"|{self.n_sentences}|{self.n_tokens}|{self.digest}".encode())
        return h.hexdigest()[:16]


def _forms(corpus: Corpus) -> list[str]:
    return np.array(corpus.vocab.items + [""], dtype=object)[corpus.forms].tolist()


def _digest(corpus: Corpus) -> int:
    """``H`` of the module docstring."""
    forms = np.array([int.from_bytes(hashlib.blake2b(w.encode("utf-8"), digest_size=8).digest(),
                                     "big") for w in corpus.vocab.items + [""]], dtype=np.uint64)
    lengths = np.asarray(corpus.lengths, dtype=np.int64)
    position = np.arange(corpus.n_tokens) - np.repeat(corpus.offsets[:-1], lengths)
    powers = np.cumprod(np.full(int(lengths.max(initial=0)) + 1, _M, dtype=np.uint64))
    powers = np.concatenate(([np.uint64(1)], powers[:-1]))
    # unsigned products and sums wrap around: arithmetic modulo 2^64
    terms = np.concatenate(([np.uint64(0)], np.cumsum(forms[corpus.forms] * powers[position])))
    h = 0
    for d in (terms[corpus.offsets[1:]] - terms[corpus.offsets[:-1]]).tolist():
        h = (h * _X + d) % _P
    return h


def fingerprint_v1(corpus: Corpus, documents: Iterable[str]) -> str:
    """The fingerprint of test-set format 1 (induceval 0.3.x) of a whole corpus.

    A SHA-1 over the sorted ``documents`` (those of the corpus after
    :func:`chunk_documents`), the corpus sizes, the sentence offsets and every
    form in order; it needs the whole corpus in one process.

    Parameters
    ----------
    corpus
        The whole corpus.
    documents
        Its documents, after :func:`chunk_documents`.

    Returns
    -------
    str
        The first 16 hexadecimal digits of the SHA-1.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> len(fingerprint_v1(demo, shard_statistics(demo).documents))
    16
    """
    h = hashlib.sha1()
    h.update("\n".join(sorted(set(documents))).encode("utf-8"))
    h.update(f"|{corpus.n_sentences}|{corpus.n_tokens}|".encode())
    h.update(np.ascontiguousarray(corpus.offsets, dtype=np.int64).tobytes())
    h.update("\x1f".join(_forms(corpus)).encode("utf-8"))
    return h.hexdigest()[:16]


def load_corpus(name: str, paths: Sequence[str | os.PathLike], on_error: str = "skip",
                format: str = "auto") -> Corpus:
    """Read a corpus for pseudo-word evaluation.

    CHAT transcripts keep child-directed speech only; a file of another format
    without documents is one document, named by its file name.  ``format``
    is the reader format (``auto``: each file's, by its ending and content,
    :func:`~induceval.corpus.readers.plan_files`).  A corpus of transcripts
    and files of other formats is refused: its relation schemes differ.

    Parameters
    ----------
    name
        The corpus's name.
    paths
        Its files and folders.
    on_error
        ``"skip"`` (default) or ``"fail"`` malformed sentences.
    format
        The reader format, or ``"auto"``.

    Returns
    -------
    Corpus
        The corpus, with documents.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> p = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(n_sentences=20, seed=1), p)
    >>> c = load_corpus("demo", [p])
    >>> c.n_sentences, c.n_tokens
    (20, 83)
    """
    from induceval.corpus.model import concat
    from induceval.corpus.readers import corpus_files, read_corpus

    plan = corpus_files(list(paths), format)
    formats = set(plan.formats)
    if "chat" in formats and len(formats) > 1:
        first = next(f for f, fmt in zip(plan.files, plan.formats) if fmt != "chat")
        raise InducevalError(f"{name}: CHAT transcripts and {first.name} ({formats - {'chat'}}"
                             "): the pseudo-word tuples of one corpus come from one relation "
                             "scheme; give the transcripts and the other files apart")
    if formats == {"chat"}:
        from induceval.corpus.transforms.childes import select_child_directed

        return select_child_directed(read_corpus(plan.files, "chat", on_error=on_error))
    parts = []
    for f, fmt in zip(plan.files, plan.formats):
        c = read_corpus(f, format=fmt, on_error=on_error)
        if "document" not in c.sentences:
            vocab = Vocabulary([Path(f).stem])
            c = c.with_sentences(document=Column(np.zeros(c.n_sentences, np.int32), vocab))
        parts.append(c)
    corpus = concat(parts, name=name)
    plan.annotate(corpus.report)
    return corpus


def no_tokens_error(input_format: str, source: str = "") -> ParameterError:
    """The error of a corpus with nothing to extract tuples from, saying why for CHAT;
    ``source``: what was read (its files, :func:`~induceval.errors.input_named`), named first.

    Parameters
    ----------
    input_format
        The format read.
    source
        What was read, or ``""``.

    Returns
    -------
    ParameterError
        The error, to raise.

    Example
    -------
    >>> str(no_tokens_error("chat")).split(";")[0]
    'the input corpus has no child-directed utterances'
    """
    where = f"{source}: " if source else ""
    if input_format == "chat":   # load_corpus keeps the adults' child-directed speech only
        return ParameterError(f"{where}the input corpus has no child-directed utterances; "
                              "pseudo-word tuples come from the adults' speech to the child, "
                              "and these transcripts have none (the target child's lines only?)")
    return ParameterError(f"{where}the input corpus has no tokens")


def shard_statistics(shard: Corpus | Sequence[str], *, scheme: str = "auto",
                     arguments: str = "nouns", input_format: str = "auto",
                     on_error: str = "fail", add_columns: Sequence[str] = ()) -> PseudoStatistics:
    """The statistics of one shard: a corpus, or files read as :func:`load_corpus` reads them.

    ``add_columns`` are token columns the shard lacks but the corpus has:
    added as missing values, as concatenation does.  With ``scheme="auto"``
    the shard's relations choose the scheme; a shard whose scheme cannot be
    told, or which lacks a column the scheme reads, gives its documents,
    sizes and fingerprint part only (``scheme`` ``None``), for
    :func:`corpus_statistics` to complete.  A corpus without documents is one
    document, named after it.

    Parameters
    ----------
    shard
        A corpus, or files.
    scheme, arguments
        As in :func:`~induceval.corpus.tuples.extract_tuples`.
    input_format, on_error
        As in :func:`~induceval.corpus.readers.read_corpus`.
    add_columns
        Token columns to add as missing values.

    Returns
    -------
    PseudoStatistics
        The shard's documents, sizes, tuples and fingerprint part.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> s = shard_statistics(generate_demo_corpus(n_sentences=20, seed=1))
    >>> s.scheme, s.documents[:2]
    ('ud', ('demo01', 'demo02'))
    """
    corpus = shard if isinstance(shard, Corpus) else load_corpus(
        str(shard[0]), list(shard), on_error=on_error, format=input_format)
    if add_columns:
        corpus = corpus.with_tokens(**{k: Column(np.full(corpus.n_tokens, MISSING, np.int32),
                                                 None if _is_int_column(k) else Vocabulary())
                                       for k in add_columns})
    if "document" in corpus.sentences:
        col = corpus.sentences["document"]
        if corpus.n_sentences and int(col.values.min()) < 0:
            raise InducevalError(f"corpus {corpus.name or '<unnamed>'}: sentences outside any "
                                 "document; pseudo-word evaluation splits by document")
        documents, sentence_document = tuple(col.vocab.items), col.values.astype(np.int32)
    else:  # one document, named after the corpus (none when it is empty)
        documents = (corpus.name or "doc",) if corpus.n_sentences else ()
        sentence_document = np.zeros(corpus.n_sentences, np.int32)
    labels = frozenset(corpus.inventory("deprel")) if "deprel" in corpus.tokens else frozenset()
    out = PseudoStatistics(documents, sentence_document, corpus.lengths.astype(np.int64),
                           _digest(corpus), arguments=arguments,
                           columns=frozenset(corpus.tokens), labels=labels)
    if scheme == "auto":
        try:
            scheme = detect_scheme(corpus)
        except InducevalError:
            return out  # told from the relations of all shards
    sch = _scheme(scheme, corpus)
    if any(c not in corpus.tokens for c in ("head", "deprel", sch.tag_column)):
        return out
    strings, words, kinds, rows, skipped = tuple_codes(corpus, sch, arguments)
    return replace(out, strings=strings, words=words, kinds=kinds, tuples=rows,
                   skipped=skipped, scheme=sch.name)


class _PseudoCounts:
    """The pseudo-word statistics as a family of the evaluation driver
    (:func:`induceval.measures.shards.evaluate_shards`): a shard's files are read as
    :func:`load_corpus` reads them, ``scheme="auto"`` is told from the relations of
    every shard, and a shard without a column the scheme reads gets it as missing
    values, as concatenation does."""

    name = "pseudo-statistics"
    measures = ()

    def options(self, *, scheme: str = "auto", arguments: str = "nouns", name: str = "",
                input_format: str = "auto") -> dict:
        return dict(scheme=scheme, arguments=arguments, gold_name=name,
                    input_format=input_format)

    def read_gold(self, paths: tuple, read) -> Corpus:
        return load_corpus(str(paths[0]), list(paths), on_error=read.on_error,
                           format=read.gold_format)

    def no_tokens(self, options: Mapping) -> InducevalError:
        return no_tokens_error(options["input_format"], options.get("gold_name") or "")

    def inventory(self, golds, options) -> dict:
        from induceval.measures.shards import label_inventory

        return label_inventory(golds[0], ("deprel",))

    def resolve(self, inventory: dict, options: Mapping) -> dict:
        name, scheme = options["gold_name"], options["scheme"]
        if scheme == "auto":
            scheme = scheme_of_relations(name, inventory, inventory.get("deprel", {}))
        check_columns(SCHEMES[scheme], name, inventory)
        return {"scheme": scheme, "read": tuple(sorted(
            {"lemma", "head", "deprel", SCHEMES[scheme].tag_column} & set(inventory)))}

    def statistics(self, golds, preds, resolved: Mapping, options: Mapping) -> list:
        corpus = golds[0]
        return [shard_statistics(corpus, scheme=resolved["scheme"],
                                 arguments=options["arguments"],
                                 add_columns=[c for c in resolved["read"]
                                              if c not in corpus.tokens])]

    def result(self, statistics: PseudoStatistics, resolved, options, inventory):
        return statistics


#: the pseudo-word statistics as a family of the evaluation driver
PSEUDO_COUNTS = _PseudoCounts()


def corpus_statistics(source: Corpus | Sequence[str | os.PathLike], *, scheme: str = "auto",
                      arguments: str = "nouns", on_error: str = "fail",
                      input_format: str = "auto", name: str | None = None,
                      executor=None, group_bytes: int | None = None) -> PseudoStatistics:
    """The statistics of a corpus, or of files read group by group (documents as read).

    Parameters
    ----------
    source
        A corpus (one shard, in this process), or corpus files and folders
        (read in :func:`~induceval.corpus.readers.expand_paths` order, as
        :func:`load_corpus` reads them, consecutive files grouped into shards).
    scheme, arguments
        As in :func:`~induceval.corpus.tuples.extract_tuples`.
    on_error, input_format
        As in :func:`~induceval.corpus.readers.read_corpus`.
    name
        The corpus's name in errors (default: the corpus's, or the first path).
    executor
        Where file groups are read (:func:`induceval.parallel.map`; default:
        the current :func:`~induceval.parallel.use_executor`, else here).
    group_bytes
        Bytes of files per shard (default: all files in this process, else
        automatic; 0: a shard per file); the statistics do not depend on it.

    Returns
    -------
    PseudoStatistics
        The statistics of the whole corpus.

    Example
    -------
    >>> import tempfile
    >>> from pathlib import Path
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_corpus
    >>> demo, folder = generate_demo_corpus(n_sentences=100, seed=1), Path(tempfile.mkdtemp())
    >>> for i in range(2):
    ...     _ = write_corpus(demo.select(range(50 * i, 50 * i + 50)), folder / f"{i}.conllu",
    ...                      "conllu")
    >>> by_file = corpus_statistics([str(folder)], group_bytes=0)  # a shard per file
    >>> by_file.fingerprint() == corpus_statistics(load_corpus("", [str(folder)])).fingerprint()
    True
    """
    from induceval.measures.shards import ReadOptions, Shard, evaluate_shards
    from induceval.parallel import current_executor, file_groups, path_size

    if isinstance(source, Corpus):
        name = source.name if name is None else name
        shards = [source]
    else:
        from induceval.corpus.readers import corpus_files

        plan = corpus_files(list(source), input_format)   # the files a folder's plan reads
        files = [str(f) for f in plan.files]
        name = str(source[0]) if name is None else name
        sizes = [path_size(f) for f in files]
        spec = current_executor()
        if group_bytes is None and executor is None and (
                spec is None or (spec.resolved_engine() == "local" and spec.jobs <= 1)):
            groups = [(0, len(files))]  # in this process: one read (the readers' own pools)
        else:
            groups = file_groups(sizes, group_bytes)
        shards = [tuple(files[a:b]) for a, b in groups]
    read = ReadOptions(gold_format=input_format, on_error=on_error)
    options = PSEUDO_COUNTS.options(scheme=scheme, arguments=arguments, name=name or "",
                                    input_format=input_format)
    return evaluate_shards(PSEUDO_COUNTS, [Shard((s,), (), read) for s in shards], options,
                           executor=executor).results[0]


def chunk_documents(stats: PseudoStatistics, min_documents: int = 20,
                    chunk_sentences: int = 100) -> PseudoStatistics:
    """Give a corpus enough documents for a document split.

    With fewer than ``min_documents`` documents holding sentences, runs of
    ``chunk_sentences`` consecutive sentences become pseudo-documents named
    ``<document>#<k>`` (``k`` counted over the whole corpus), so that the
    split stays by document, never by sentence.

    Parameters
    ----------
    stats
        The corpus's statistics.
    min_documents
        Fewest documents needed.
    chunk_sentences
        Sentences of a pseudo-document.

    Returns
    -------
    PseudoStatistics
        The statistics, with pseudo-documents when there were too few.

    Example
    -------
    >>> one = PseudoStatistics(("a",), np.zeros(250, np.int32), np.ones(250, np.int64), 0)
    >>> chunk_documents(one).documents
    ('a#0', 'a#1', 'a#2')
    """
    if len(np.unique(stats.sentence_document)) >= min_documents:
        return stats
    base = _array(stats.documents)[stats.sentence_document]
    chunk = np.arange(stats.n_sentences) // chunk_sentences
    vocab = Vocabulary()
    codes = vocab.encode([f"{b}#{k}" for b, k in zip(base.tolist(), chunk.tolist())])
    return replace(stats, documents=tuple(vocab.items),
                   sentence_document=np.asarray(codes, dtype=np.int32))


#: training sizes x1, x2, x10 (Chambers & Jurafsky 2010, §6.1) as nested fractions of the
#: training documents: x1 is a tenth of x10, x2 a fifth
SIZES = {"x1": 0.1, "x2": 0.2, "x10": 1.0}


@dataclass
class Prepared:
    """A corpus's tuples, split and counts, ready for the cells of the protocol."""

    name: str
    fingerprint: str
    instances: TupleInstances
    split: DocumentSplit
    noun_frequencies: Counter
    verb_frequencies: Counter
    train_tokens: dict[str, int]
    cooccurrence: dict[str, Counter]
    #: tokens of all training documents (where the noun frequencies are counted)
    frequency_tokens: int = 0


def prepare(stats: PseudoStatistics, name: str = "", *, seed: int = DEFAULT_SEED,
            test_fraction: float = 0.1, dev_fraction: float = 0.05,
            sizes: Mapping[str, float] = SIZES, with_cooccurrence: bool = True,
            min_documents: int = 20, chunk_sentences: int = 100) -> Prepared:
    """Split a corpus's documents (after :func:`chunk_documents`) and count what the
    models need: tuples, training frequencies, and the co-occurrence windows of
    each training size.

    Parameters
    ----------
    stats
        The corpus's statistics.
    name
        The corpus's name.
    seed
        The seed of the document split.
    test_fraction, dev_fraction
        The shares of documents held out for test and development.
    sizes
        Training size name -> fraction, for the co-occurrence windows.
    with_cooccurrence
        Count the co-occurrence windows.
    min_documents, chunk_sentences
        As in :func:`chunk_documents`.

    Returns
    -------
    Prepared
        The split, the tuples and the counts.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> prep = prepare(shard_statistics(generate_demo_corpus(n_sentences=400, seed=1)), "demo")
    >>> len(prep.split.test), sorted(prep.cooccurrence)
    (1, ['x1', 'x10', 'x2'])
    >>> [row["train_fraction"] for row in seen_unseen(prep, fractions=(0.5, 1.0))["records"]]
    [0.5, 1.0]
    """
    stats = chunk_documents(stats, min_documents, chunk_sentences)
    inst = stats.instances()
    if len(inst) == 0:
        raise InducevalError(f"corpus {name!r} yields no (verb, relation, noun) "
                             "tuples: does it have heads, relations and verb/noun tags?")
    split = split_documents(stats.documents, test_fraction=test_fraction,
                            dev_fraction=dev_fraction, seed=seed)
    cooc = {k: stats.cooccurrence(split.training(f)) for k, f in sizes.items()
            } if with_cooccurrence else {}
    return Prepared(name=name, fingerprint=stats.fingerprint(), instances=inst, split=split,
                    noun_frequencies=stats.noun_frequencies(split.train),
                    verb_frequencies=stats.verb_frequencies(split.train),
                    train_tokens={k: stats.document_tokens(split.training(f))
                                  for k, f in sizes.items()},
                    cooccurrence=cooc, frequency_tokens=stats.document_tokens(split.train))


def seen_unseen(prep: Prepared, fractions: Sequence[float] = (0.1, 0.2, 0.3, 0.5, 0.7, 1.0),
                min_seen: int = 2) -> dict:
    """Percentage of test tuples unseen in training as training grows (Chambers & Jurafsky
    2010, Figures 1-2): a table's ``records``, ``title`` and ``notes``.

    Parameters
    ----------
    prep
        The prepared corpus, from :func:`prepare`.
    fractions
        The training fractions.
    min_seen
        Times a tuple must be seen to count as seen.

    Returns
    -------
    dict
        ``records``, ``title`` and ``notes`` of the table.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> prep = prepare(shard_statistics(generate_demo_corpus(n_sentences=400, seed=1)), "demo",
    ...                with_cooccurrence=False)
    >>> [row["train_fraction"] for row in seen_unseen(prep, fractions=(0.5, 1.0))["records"]]
    [0.5, 1.0]
    """
    test = prep.instances.in_documents(prep.split.test)
    rows = []
    for frac in fractions:
        counts = prep.instances.in_documents(prep.split.training(frac)).counts().counts
        unseen = _unseen(test, counts, min_seen)
        row = {"corpus": prep.name, "train_fraction": frac,
               "train_docs": len(prep.split.training(frac)),
               "train_tuples": sum(counts.values()), "test_tuples": len(test),
               "unseen_pct": _percent(unseen)}
        for rel in ("subj", "obj", "prep"):
            row[f"unseen_{rel}_pct"] = _percent(unseen[test.relation == rel])
        rows.append(row)
    return {"records": rows, "title": f"Unseen test tuples by training size ({prep.name}); "
            f"seen = seen at least {min_seen} times",
            "notes": [make_signature("unseen", {"min_seen": min_seen,
                                                "split": prep.split.describe()})]}


def _unseen(test: TupleInstances, counts: Mapping, min_seen: int) -> np.ndarray:
    """Which test occurrences were seen fewer than ``min_seen`` times in ``counts``."""
    keys = zip(test.verb.tolist(), test.relation.tolist(), test.noun.tolist())
    return np.array([counts.get(k, 0) < min_seen for k in keys], dtype=bool)


def _percent(flags: np.ndarray) -> float:
    return 100.0 * flags.mean() if len(flags) else float("nan")


def _rare_set(freq: Counter, share: float = 0.1) -> set[str]:
    ordered = sorted(freq, key=lambda w: (freq[w], w))
    return set(ordered[: int(np.ceil(share * len(ordered)))])


def rare_words(prep: Prepared, min_seen: int = 2, share: float = 0.1) -> dict:
    """Share of rare verbs and nouns in seen vs unseen tests (Chambers & Jurafsky 2010,
    Figure 3): a table's ``records`` and ``title``.

    A word is rare when it is in the lowest ``share`` of the training
    frequency list (verbs counted as lemmas without relations); a test word
    absent from training is rare too.

    Parameters
    ----------
    prep
        The prepared corpus, from :func:`prepare`.
    min_seen
        Times a tuple must be seen to count as seen.
    share
        The share of the frequency list counted rare.

    Returns
    -------
    dict
        ``records`` and ``title`` of the table.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> prep = prepare(shard_statistics(generate_demo_corpus(n_sentences=400, seed=1)), "demo")
    >>> rare_words(prep)["title"]
    'Rare words in seen and unseen tests (demo)'
    """
    test = prep.instances.in_documents(prep.split.test)
    unseen = _unseen(test, prep.instances.in_documents(prep.split.train).counts().counts,
                     min_seen)
    rare_v = _rare_set(prep.verb_frequencies, share)
    rare_n = _rare_set(prep.noun_frequencies, share)
    is_rv = np.array([v in rare_v or v not in prep.verb_frequencies for v in test.verb])
    is_rn = np.array([n in rare_n or n not in prep.noun_frequencies for n in test.noun])
    rows = []
    for label, m in (("unseen tests", unseen), ("seen tests", ~unseen)):
        rows.append({"corpus": prep.name, "tests": label, "n": int(m.sum()),
                     "rare_verbs_pct": _percent(is_rv[m]), "rare_nouns_pct": _percent(is_rn[m])})
    return {"records": rows, "title": f"Rare words in seen and unseen tests ({prep.name})"}
