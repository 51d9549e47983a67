"""The corpus statistics of ``pseudo build|score|unseen``, from one corpus or from file shards.

The pseudo-word commands (Chambers & Jurafsky 2010) need, of a corpus: its
document names (for the document split), every (verb, relation, noun)
occurrence with its document, in corpus order (test items and training
counts), the noun and verb token frequencies of given documents, their token
counts, the verb-noun co-occurrence windows of given documents and the
corpus fingerprint that test sets store.  Two sources give the same values:

:class:`CorpusSource`
    One corpus in memory (what the commands do without Dask options).
:class:`ShardedSource`
    Files read one at a time (on Dask workers, or in this process), each
    returning its statistics keyed by document; the client merges them in
    file order and never holds the corpus.  :func:`sharded_source` builds it.

How the sharded statistics equal those of the whole corpus
    - documents: a document spanning two files is merged by name, as
      :func:`~induceval.corpus.model.concat` merges vocabularies; occurrences
      are kept in file order, so test items and the insertion order of the
      training counts (which orders Erk's sums) are those of one corpus.
    - :func:`~induceval.experiments.chambers2010.ensure_documents`: when the
      files hold fewer than ``min_documents`` documents, the pseudo-documents
      of ``chunk_sentences`` sentences are numbered over the whole corpus: the
      files are read again, each knowing its first sentence's number (two
      reads of the corpus in that case).
    - columns: a file lacking a column that others have (``lemma``,
      ``deprel``...) is read again with that column missing (``-1``), as in
      the concatenated corpus; a relation scheme ``auto`` is detected on the
      relations of all files, and a file whose own detection differs is read
      again with that scheme.
    - co-occurrence windows (:meth:`ShardedSource.cooccurrence`): a word is a
      verb (noun) when it has a verb (noun) token anywhere in the given
      documents, which no single file knows.  Each file sends the word code of
      its tokens and the document of its sentences (compressed, spooled by the
      client to a temporary file); once the verb and noun sets of the
      documents are merged, the windows are counted file by file from those
      codes and summed (no second read of the files).
    - fingerprint (:func:`~induceval.measures.pseudowords.corpus_fingerprint`):
      a SHA-1 over the sorted document names, the corpus sizes, the sentence
      offsets and then every form, in corpus order.  SHA-1 cannot be combined
      from per-file digests, and its prefix (names, sizes) is known only when
      every file is read; so each file sends its sentence lengths and forms,
      compressed, which the client spools to a temporary file (not memory) and
      hashes in file order at the end: the same 16 hex digits as one corpus.
      The spool holds about 1.5 bytes per token (zlib); it is removed by
      :meth:`ShardedSource.close` or when the source is garbage-collected.

Files with sentences outside any document (a document column with missing
values) are refused with an :class:`~induceval.errors.InducevalError` (the
readers never make them).

Example
-------
>>> from pathlib import Path
>>> import tempfile
>>> from induceval.corpus.demo import generate_demo_corpus
>>> from induceval.corpus.writers import write_corpus
>>> from induceval.experiments.chambers2010 import ensure_documents, load_corpus
>>> folder = Path(tempfile.mkdtemp())
>>> demo = generate_demo_corpus(n_sentences=400, seed=1)
>>> for i, part in enumerate((demo.select(range(0, 200)), demo.select(range(200, 400)))):
...     _ = write_corpus(part, folder / f"part{i}.conllu", "conllu")
>>> sharded = sharded_source([str(folder)])
>>> whole = CorpusSource(ensure_documents(load_corpus("demo", [str(folder)])))
>>> sharded.fingerprint() == whole.fingerprint()
True
>>> docs = sorted(sharded.documents())[:3]
>>> sharded.instances(docs).counts() == whole.instances(docs).counts()
True
>>> sharded.cooccurrence(docs) == whole.cooccurrence(docs)
True
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, Vocabulary, _is_int_column
from induceval.corpus.tuples import (
    TupleInstances,
    _code_set,
    _scheme,
    _word_table,
    detect_scheme,
    extract_tuples,
    word_frequencies,
)
from induceval.errors import InducevalError, ParameterError

__all__ = ["CorpusSource", "ShardedSource", "sharded_source", "prepare_sharded"]


class CorpusSource:
    """The statistics of one corpus in memory (the serial path of the commands).

    Parameters
    ----------
    corpus
        A corpus with a ``document`` sentence column (see
        :func:`~induceval.experiments.chambers2010.ensure_documents`).
    scheme, arguments
        As in :func:`~induceval.corpus.tuples.extract_tuples`.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> src = CorpusSource(generate_demo_corpus(n_sentences=60, seed=1))
    >>> len(src.documents()), src.instances().counts().total > 0
    (6, True)
    """

    def __init__(self, corpus: Corpus, scheme: str = "auto", arguments: str = "nouns") -> None:
        self.corpus = corpus
        self.scheme = scheme
        self.arguments = arguments
        self._instances: TupleInstances | None = None

    def documents(self) -> list[str]:
        """The document names (the document column's vocabulary)."""
        return list(self.corpus.sentences["document"].vocab.items)

    def fingerprint(self) -> str:
        """:func:`~induceval.measures.pseudowords.corpus_fingerprint` of the corpus."""
        from induceval.measures.pseudowords import corpus_fingerprint

        return corpus_fingerprint(self.corpus)

    def instances(self, documents: Iterable[str] | None = None) -> TupleInstances:
        """Every tuple occurrence (of ``documents`` when given), in corpus order."""
        if self._instances is None:
            self._instances = extract_tuples(self.corpus, self.scheme, arguments=self.arguments)
        inst = self._instances
        return inst if documents is None else inst.in_documents(documents)

    def noun_frequencies(self, documents: Iterable[str]) -> Counter:
        """Noun token frequencies of ``documents`` (:func:`word_frequencies`)."""
        return word_frequencies(self.corpus, self.scheme, documents=list(documents),
                                arguments=self.arguments)[1]

    def verb_frequencies(self, documents: Iterable[str]) -> Counter:
        """Verb token frequencies of ``documents`` (:func:`word_frequencies`)."""
        return word_frequencies(self.corpus, self.scheme, documents=list(documents),
                                arguments=self.arguments)[0]

    def document_tokens(self, documents: Iterable[str]) -> int:
        """Tokens of ``documents`` (:func:`~induceval.measures.pseudowords.document_tokens`)."""
        from induceval.measures.pseudowords import document_tokens

        return document_tokens(self.corpus, documents)

    def cooccurrence(self, documents: Sequence[str]) -> Counter:
        """Verb-noun windows of ``documents``
        (:func:`~induceval.models.selpref.cooccurrence_counts`)."""
        from induceval.models.selpref import cooccurrence_counts

        return cooccurrence_counts(self.corpus, self.scheme, documents=documents)


# -- one shard -----------------------------------------------------------------------------

@dataclass(frozen=True)
class _Context:
    """How a shard is read: what the whole corpus decided (see the module docstring)."""

    fmt: str = "auto"
    on_error: str = "fail"
    scheme: str = "auto"
    arguments: str = "nouns"
    #: token columns the file lacks but the corpus has (added as missing values)
    add_columns: tuple[str, ...] = ()
    #: first sentence's number in the corpus, when documents are cut into chunks
    sentence_offset: int | None = None
    chunk_sentences: int = 100


@dataclass
class _Shard:
    """What one file sends back (all codes local to the file)."""

    path: str
    n_sentences: int
    n_tokens: int
    columns: frozenset
    labels: frozenset
    #: the document vocabulary of the file (used or not, as concat merges it)
    documents: list
    #: document names used by at least one sentence
    used: list
    scheme: str | None = None
    strings: list = field(default_factory=list)
    #: (document, verb, relation, noun) codes of every occurrence, in file order
    instances: np.ndarray | None = None
    skipped: Counter = field(default_factory=Counter)
    doc_tokens: np.ndarray | None = None
    #: (document, word, count) of verb, noun and argument tokens
    verbs: np.ndarray | None = None
    nouns: np.ndarray | None = None
    arguments: np.ndarray | None = None
    #: zlib-compressed sentence lengths (int64) and forms joined by U+001F
    lengths_z: bytes = b""
    forms_z: bytes = b""
    #: zlib-compressed word code of every token (int32, into ``strings``; -1: no word)
    #: and document code of every sentence (int32, into ``documents``)
    codes_z: bytes = b""
    docs_z: bytes = b""


def _read(path: str, ctx: _Context) -> Corpus:
    from induceval.experiments.chambers2010 import load_corpus

    corpus = load_corpus(path, [path], on_error=ctx.on_error, format=ctx.fmt)
    if ctx.add_columns:
        add = {k: Column(np.full(corpus.n_tokens, MISSING, dtype=np.int32),
                         None if _is_int_column(k) else Vocabulary()) for k in ctx.add_columns}
        corpus = corpus.with_tokens(**add)
    docs = corpus.sentences["document"]
    if corpus.n_sentences and int(docs.values.min()) < 0:
        raise InducevalError(f"{path}: sentences outside any document; the sharded pseudo "
                             "commands need a document for every sentence (run with --jobs 1)")
    if ctx.sentence_offset is not None:  # ensure_documents over the whole corpus
        base = docs.vocab.to_array()[docs.values]
        chunk = (np.arange(corpus.n_sentences) + ctx.sentence_offset) // ctx.chunk_sentences
        names = [f"{b}#{k}" for b, k in zip(base.tolist(), chunk.tolist())]
        vocab = Vocabulary()
        corpus = corpus.with_sentences(document=Column(vocab.encode(names), vocab))
    return corpus


def _triples(doc_tok: np.ndarray, word_tok: np.ndarray, mask: np.ndarray, W: int) -> np.ndarray:
    keep = mask & (word_tok >= 0)
    keys = doc_tok[keep].astype(np.int64) * W + word_tok[keep]
    u, c = np.unique(keys, return_counts=True)
    return np.column_stack([u // W, u % W, c]).astype(np.int64)


def _shard_stats(path: str, ctx: _Context, spool: bool = True) -> _Shard:
    """Read one file and count what the pseudo commands need, keyed by document."""
    corpus = _read(path, ctx)
    docs = corpus.sentences["document"]
    labels = frozenset(corpus.inventory("deprel")) if "deprel" in corpus.tokens else frozenset()
    used = np.unique(docs.values)
    out = _Shard(path=path, n_sentences=corpus.n_sentences, n_tokens=corpus.n_tokens,
                 columns=frozenset(corpus.tokens), labels=labels,
                 documents=list(docs.vocab.items), used=[docs.vocab[i] for i in used.tolist()])
    if spool:
        out.lengths_z = zlib.compress(np.asarray(corpus.lengths, dtype=np.int64).tobytes(), 1)
        forms = np.array(corpus.vocab.items + [""], dtype=object)[corpus.forms]
        out.forms_z = zlib.compress("\x1f".join(forms.tolist()).encode("utf-8"), 1)
    scheme = ctx.scheme
    if scheme == "auto":
        try:
            scheme = detect_scheme(corpus)
        except InducevalError:
            return out  # decided on all files' relations
    sch = _scheme(scheme, corpus)
    if spool and any(c not in corpus.tokens for c in ("head", "deprel", sch.tag_column)):
        return out  # read again with the columns the other files have (or fail then)
    out.scheme = scheme
    inst = extract_tuples(corpus, sch, arguments=ctx.arguments)
    # one string table for words and relations
    table, name = _word_table(corpus, True, True)
    index: dict[str, int] = {}
    wc = np.full(len(table) + 1, -1, dtype=np.int64)
    for i, w in enumerate(table.tolist()):
        if w is not None:
            wc[i + 1] = index.setdefault(w, len(index))
    for r in ("subj", "obj", "prep"):
        index.setdefault(r, len(index))
    doc_index = {d: i for i, d in enumerate(docs.vocab.items)}
    cols = [np.fromiter((doc_index[d] for d in inst.document.tolist()), np.int64, len(inst))]
    for arr in (inst.verb, inst.relation, inst.noun):
        cols.append(np.fromiter((index[s] for s in arr.tolist()), np.int64, len(inst)))
    out.instances = np.column_stack(cols) if len(inst) else np.zeros((0, 4), np.int64)
    out.skipped = Counter(inst.skipped)
    out.strings = list(index)
    out.doc_tokens = np.bincount(docs.values, weights=corpus.lengths,
                                 minlength=len(doc_index)).astype(np.int64)
    # per-document verb / noun / argument token counts, as word_frequencies counts them
    doc_tok = np.repeat(docs.values, corpus.lengths)
    word_tok = wc[corpus.tokens[name].values + 1]
    # for the co-occurrence windows, counted later with the corpus's verbs and nouns
    out.codes_z = zlib.compress(word_tok.astype(np.int32).tobytes(), 1)
    out.docs_z = zlib.compress(np.asarray(docs.values, dtype=np.int32).tobytes(), 1)
    if sch.tag_column not in corpus.tokens:
        raise InducevalError(f"scheme {sch.name!r} needs token column {sch.tag_column!r}")
    tags = corpus.tokens[sch.tag_column]
    is_verb = np.isin(tags.values, _code_set(tags, sch.verb_tags))
    W = max(len(index), 1)
    out.verbs = _triples(doc_tok, word_tok, is_verb, W)
    out.nouns = _triples(doc_tok, word_tok, np.isin(tags.values, _code_set(tags, sch.noun_tags)),
                         W)
    if ctx.arguments == "nominals":
        out.arguments = _triples(doc_tok, word_tok, np.isin(
            tags.values, _code_set(tags, sch.noun_tags | sch.pronoun_tags)), W)
    elif ctx.arguments == "any":
        out.arguments = _triples(doc_tok, word_tok, ~is_verb, W)
    return out


def _each(fn: Callable, batch: list[tuple[str, tuple]]) -> list:
    """``fn(path, *args)`` for each file of a batch, one file in memory at a time."""
    return [fn(path, *args) for path, args in batch]


def _batches(jobs: Sequence[tuple[int, str, tuple]], sizes: Sequence[int], workers: int,
             max_bytes: int = 64 << 20) -> list[list[int]]:
    """Consecutive jobs grouped into batches of about ``total / (4 * workers)`` bytes.

    Each Dask task costs milliseconds of scheduling and serialisation on the
    client and the worker: a folder of many small files (670 CHAT sessions of
    80 kB) is sent as a few dozen tasks, while large files stay one task each.

    Example
    -------
    >>> _batches([(0, "a", ()), (1, "b", ()), (2, "c", ())], [10, 10, 80], workers=1)
    [[0, 1], [2]]
    """
    target = min(max_bytes, max(1, sum(sizes) // (4 * max(1, workers))))
    out: list[list[int]] = []
    acc = 0
    for j, size in enumerate(sizes):
        if out and acc < target and acc + size <= target:
            out[-1].append(j)
            acc += size
        else:
            out.append([j])
            acc = size
    return out


def _run(fn: Callable, jobs: Sequence[tuple[int, str, tuple]], on_result: Callable,
         executor=None, name: str = "pseudo-shards") -> None:
    """``on_result(i, fn(path, *args))`` for every job, on Dask when a client is set.

    On Dask, consecutive small files travel as one task (:func:`_batches`),
    the costliest tasks first; results come back in any order and
    ``on_result`` is called as they do (the caller merges in file order).
    A failure raises the error of the first failing file in file order.
    """
    from induceval.parallel import _worker_error, dask_client, path_size, task_key

    if not jobs:
        return
    with dask_client(executor, n_tasks=len(jobs)) as client:
        if client is None:
            for i, path, args in jobs:
                on_result(i, fn(path, *args))
            return
        from distributed import as_completed

        sizes = [path_size(path) for _, path, _ in jobs]
        batches = _batches(jobs, sizes, len(client.nthreads()) or 1)
        # costliest batches first (longest-processing-time order)
        order = sorted(range(len(batches)), key=lambda b: -sum(sizes[j] for j in batches[b]))
        futures = {}
        for rank, b in enumerate(order):
            batch = batches[b]
            fut = client.submit(_each, fn, [(jobs[j][1], jobs[j][2]) for j in batch],
                                key=task_key(name, str(jobs[batch[0]][0])), pure=False,
                                priority=len(batches) - rank)
            futures[fut] = b
        # on a failure, the batches after the failing one are cancelled and those before it
        # awaited: the error reported is the first in file order, as in one process
        first_error: tuple[int, BaseException] | None = None
        try:
            for fut in as_completed(list(futures)):
                b = futures[fut]
                if fut.status == "cancelled" or (first_error and b > first_error[0]):
                    fut.release()
                    continue
                if fut.status == "error":
                    first_error = (b, fut.exception())
                    client.cancel([f for f, c in futures.items() if c > b])
                    continue
                results = fut.result()
                fut.release()
                for j, result in zip(batches[b], results):
                    on_result(jobs[j][0], result)
        except BaseException:
            client.cancel(list(futures))
            raise
        if first_error is not None:
            b, exc = first_error
            first, last = jobs[batches[b][0]][1], jobs[batches[b][-1]][1]
            where = (f" (shard {first!r})" if first == last else
                     f" (one of the {len(batches[b])} files {first!r} to {last!r})")
            raise _worker_error(f"{name} failed on a Dask worker{where}", exc) from exc


# -- the merged statistics -------------------------------------------------------------------

class ShardedSource:
    """Statistics merged from file shards; made by :func:`sharded_source`.

    Holds, for the whole corpus, only what the commands need: the document
    names, every tuple occurrence as codes, per-document verb, noun and token
    counts, and the fingerprint; never the corpus.  The files' word codes
    (for :meth:`cooccurrence`) stay in a temporary file until :meth:`close`.
    """

    def __init__(self, files: list[str], shards: list[_Shard], scheme: str, fingerprint: str,
                 spool: _Spool, chunked: bool = False) -> None:
        self.files = files
        #: whether documents were cut into pseudo-documents (ensure_documents)
        self.chunked = chunked
        self.scheme = scheme
        self._spool = spool
        self._fingerprint = fingerprint
        #: per file: its string and document codes -> the merged ones
        self._maps: list[tuple[np.ndarray, np.ndarray]] = []
        self._shard_tokens: list[int] = []
        strings: dict[str, int] = {}
        docs: dict[str, int] = {}
        inst, verbs, nouns, args = [], [], [], []
        doc_tokens: list[np.ndarray] = []
        self.skipped: Counter = Counter()
        self.n_sentences = self.n_tokens = 0
        for sh in shards:
            dmap = np.array([docs.setdefault(d, len(docs)) for d in sh.documents] + [-1],
                            dtype=np.int64)
            smap = np.array([strings.setdefault(s, len(strings)) for s in sh.strings] + [-1],
                            dtype=np.int64)
            inst.append(np.column_stack([dmap[sh.instances[:, 0]],
                                         smap[sh.instances[:, 1:]]]).astype(np.int32))
            for acc, tri in ((verbs, sh.verbs), (nouns, sh.nouns),
                             (args, sh.arguments if sh.arguments is not None else sh.nouns)):
                acc.append(np.column_stack([dmap[tri[:, 0]], smap[tri[:, 1]], tri[:, 2]]))
            doc_tokens.append(np.column_stack([dmap[:-1], sh.doc_tokens]))
            self._maps.append((smap[:-1], dmap[:-1]))
            self._shard_tokens.append(sh.n_tokens)
            self.skipped += sh.skipped
            self.n_sentences += sh.n_sentences
            self.n_tokens += sh.n_tokens
        self._strings = np.empty(len(strings), dtype=object)
        self._strings[:] = list(strings)
        self._docs = list(docs)
        self._doc_array = np.empty(len(docs), dtype=object)
        self._doc_array[:] = self._docs

        def cat(parts: list, width: int) -> np.ndarray:
            return np.concatenate(parts) if parts else np.zeros((0, width), np.int64)

        self._inst = cat(inst, 4)
        self._verbs, self._nouns, self._args = cat(verbs, 3), cat(nouns, 3), cat(args, 3)
        dt = cat(doc_tokens, 2)
        self._doc_tokens = np.bincount(dt[:, 0], weights=dt[:, 1],
                                       minlength=len(docs)).astype(np.int64)

    def documents(self) -> list[str]:
        """The document names (the union of the files' document vocabularies)."""
        return list(self._docs)

    def fingerprint(self) -> str:
        """The corpus fingerprint, equal to that of the concatenated corpus."""
        return self._fingerprint

    def _doc_mask(self, doc_codes: np.ndarray, documents: Iterable[str]) -> np.ndarray:
        wanted = np.zeros(len(self._docs) + 1, dtype=bool)
        index = {d: i for i, d in enumerate(self._docs)}
        for d in documents:
            i = index.get(d)
            if i is not None:
                wanted[i] = True
        return wanted[doc_codes]

    def instances(self, documents: Iterable[str] | None = None) -> TupleInstances:
        """Every tuple occurrence (of ``documents`` when given), in corpus order."""
        rows = self._inst
        if documents is not None:
            rows = rows[self._doc_mask(rows[:, 0], documents)]
        s = self._strings
        return TupleInstances(verb=s[rows[:, 1]], relation=s[rows[:, 2]], noun=s[rows[:, 3]],
                              document=self._doc_array[rows[:, 0]], skipped=Counter(self.skipped))

    def _frequencies(self, tri: np.ndarray, documents: Iterable[str]) -> Counter:
        sel = tri[self._doc_mask(tri[:, 0], documents)]
        counts = np.bincount(sel[:, 1], weights=sel[:, 2], minlength=len(self._strings))
        nz = np.flatnonzero(counts)
        return Counter(dict(zip(self._strings[nz].tolist(), counts[nz].astype(np.int64).tolist())))

    def noun_frequencies(self, documents: Iterable[str]) -> Counter:
        """Noun (argument) token frequencies of ``documents``, as :func:`word_frequencies`."""
        return self._frequencies(self._args, documents)

    def verb_frequencies(self, documents: Iterable[str]) -> Counter:
        """Verb token frequencies of ``documents``, as :func:`word_frequencies`."""
        return self._frequencies(self._verbs, documents)

    def document_tokens(self, documents: Iterable[str]) -> int:
        """Tokens of ``documents``."""
        mask = self._doc_mask(np.arange(len(self._docs)), documents)
        return int(self._doc_tokens[mask].sum())

    def cooccurrence(self, documents: Sequence[str], window: int = 5) -> Counter:
        """Verb-noun windows of ``documents``, as
        :func:`~induceval.models.selpref.cooccurrence_counts` counts them.

        A word is a verb (noun) when it has a verb (noun) token in
        ``documents`` anywhere in the corpus; the windows are then counted
        file by file from the spooled word codes (one compiled pass each, in
        this process, one file in memory at a time) and summed.
        """
        from induceval.errors import check_range
        from induceval.models.selpref import _count_windows

        check_range("window", window, 2, 5)
        G = max(len(self._strings), 1)
        wanted = self._doc_mask(np.arange(len(self._docs)), documents)
        verbs = np.zeros(G, dtype=bool)
        nouns = np.zeros(G, dtype=bool)
        for marks, tri in ((verbs, self._verbs), (nouns, self._nouns)):
            marks[tri[self._doc_mask(tri[:, 0], documents), 1]] = True
        keys, counts = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
        for i, (smap, dmap) in enumerate(self._maps):
            codes = np.frombuffer(b"".join(self._spool.chunks(i, "codes")), dtype=np.int32)
            sent_docs = np.frombuffer(b"".join(self._spool.chunks(i, "docs")), dtype=np.int32)
            lengths = np.frombuffer(b"".join(self._spool.chunks(i, "lengths")), dtype=np.int64)
            offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
            V = max(len(smap), 1)
            keep = wanted[dmap[sent_docs]] if len(dmap) else np.zeros(len(sent_docs), bool)
            wc = np.arange(-1, V, dtype=np.int64)
            k, c = _count_windows(codes, offsets, keep, wc, verbs[smap], nouns[smap], window, V)
            keys.append(smap[k // V] * G + smap[k % V])
            counts.append(c)
        u, inv = np.unique(np.concatenate(keys), return_inverse=True)
        total = np.bincount(inv.ravel(), weights=np.concatenate(counts), minlength=len(u))
        s = self._strings
        pairs = sorted(zip(s[u // G].tolist(), s[u % G].tolist(), total.astype(np.int64).tolist()))
        return Counter({(v, n): c for v, n, c in pairs})

    def renamed(self, names: dict[str, str]) -> ShardedSource:
        """The same statistics with documents renamed (``names``: old -> new, others kept).

        The fingerprint, which hashes the document names, is recomputed.
        """
        import copy

        out = copy.copy(self)
        out._docs = [names.get(d, d) for d in self._docs]
        if len(set(out._docs)) != len(out._docs):
            raise ParameterError("renamed documents must keep distinct names")
        out._doc_array = np.empty(len(out._docs), dtype=object)
        out._doc_array[:] = out._docs
        out._fingerprint = _fingerprint(out._docs, self.n_sentences, self.n_tokens, self._spool,
                                        self._shard_tokens)
        return out

    def close(self) -> None:
        """Remove the temporary file of word codes."""
        self._spool.close()


class _Spool:
    """Per-file compressed bytes in a temporary file, read back in file order."""

    def __init__(self) -> None:
        self._fh = tempfile.TemporaryFile()
        self._where: dict[tuple[int, str], tuple[int, int]] = {}

    def put(self, i: int, kind: str, blob: bytes) -> None:
        pos = self._fh.seek(0, os.SEEK_END)
        self._fh.write(blob)
        self._where[(i, kind)] = (pos, len(blob))

    def chunks(self, i: int, kind: str, size: int = 1 << 24) -> Iterable[bytes]:
        pos, n = self._where[(i, kind)]
        self._fh.seek(pos)
        dec = zlib.decompressobj()
        while n > 0:
            block = self._fh.read(min(size, n))
            n -= len(block)
            yield dec.decompress(block)
        yield dec.flush()

    def close(self) -> None:
        self._fh.close()


def _fingerprint(documents: Iterable[str], n_sentences: int, n_tokens: int, spool: _Spool,
                 shard_tokens: list[int]) -> str:
    """:func:`~induceval.measures.pseudowords.corpus_fingerprint`, fed in file order."""
    h = hashlib.sha1()
    h.update("\n".join(sorted(set(documents))).encode("utf-8"))
    h.update(f"|{n_sentences}|{n_tokens}|".encode())
    h.update(np.zeros(1, dtype=np.int64).tobytes())
    start = 0
    for i in range(len(shard_tokens)):
        lengths = np.frombuffer(b"".join(spool.chunks(i, "lengths")), dtype=np.int64)
        h.update((start + np.cumsum(lengths)).astype(np.int64).tobytes())
        start += int(lengths.sum())
    first = True
    for i, n in enumerate(shard_tokens):
        if not n:
            continue
        if not first:
            h.update(b"\x1f")
        first = False
        for block in spool.chunks(i, "forms"):
            h.update(block)
    return h.hexdigest()[:16]


def _union_scheme(name: str, shards: list[_Shard]) -> str:
    """:func:`detect_scheme` of the concatenated corpus, from the files' relations."""
    from induceval.corpus.model import CorpusBuilder

    columns = sorted(set().union(*(sh.columns for sh in shards)))
    labels = sorted(set().union(*(sh.labels for sh in shards)))
    b = CorpusBuilder(name)
    if labels:
        b.add_sentence({"form": ["x"] * len(labels), "head": [0] * len(labels),
                        "deprel": labels})
        return detect_scheme(b.build())
    raise InducevalError(f"corpus {name or '<unnamed>'} has no dependency relations (deprel); "
                         f"it has: {', '.join(columns)}")


def sharded_source(paths: Sequence[str], *, scheme: str = "auto", arguments: str = "nouns",
                   on_error: str = "fail", input_format: str = "auto", executor=None,
                   min_documents: int = 20, chunk_sentences: int = 100,
                   name: str | None = None) -> ShardedSource:
    """Read a corpus file by file and merge what the pseudo commands need.

    Each file is read as
    :func:`~induceval.experiments.chambers2010.load_corpus` reads it (CHAT:
    child-directed speech; a file without documents is one document), and
    the whole is given documents as
    :func:`~induceval.experiments.chambers2010.ensure_documents` gives them;
    every statistic then equals that of :class:`CorpusSource` on the loaded
    corpus (see the module docstring for how).

    Parameters
    ----------
    paths
        Corpus files or folders (one shard per file, in
        :func:`~induceval.corpus.readers.expand_paths` order).
    scheme, arguments
        As in :func:`~induceval.corpus.tuples.extract_tuples`.
    on_error, input_format
        As in :func:`~induceval.corpus.readers.read_corpus`.
    executor
        Where files are read (:func:`induceval.parallel.dask_client`): ``None``
        uses the current :func:`~induceval.parallel.use_executor`, else this
        process.
    min_documents, chunk_sentences
        As in :func:`~induceval.experiments.chambers2010.ensure_documents`.
    name
        The corpus's name in errors (default: the first path).

    Returns
    -------
    ShardedSource

    Example
    -------
    See the module docstring.
    """
    from induceval.corpus.readers import detect_format, expand_paths

    name = name if name is not None else (str(paths[0]) if paths else "")
    files = [str(f) for f in expand_paths(list(paths))]
    if not files:
        raise InducevalError(f"no corpus files under {', '.join(map(str, paths))}")
    if input_format == "auto" and detect_format(files[0]) == "chat":
        input_format = "chat"  # as load_corpus: the first file's format for all
    base = _Context(fmt=input_format, on_error=on_error, scheme=scheme, arguments=arguments,
                    chunk_sentences=chunk_sentences)
    shards: list[_Shard | None] = [None] * len(files)
    spool = _Spool()
    try:
        def keep(i: int, sh: _Shard) -> None:
            for kind in ("lengths", "forms", "codes", "docs"):
                blob = getattr(sh, f"{kind}_z")
                if blob or kind in ("codes", "docs"):  # a file read again: new codes
                    spool.put(i, kind, blob)
                setattr(sh, f"{kind}_z", b"")
            shards[i] = sh

        _run(_shard_stats, [(i, f, (base,)) for i, f in enumerate(files)], keep, executor)
        done: list[_Shard] = [sh for sh in shards if sh is not None]
        n_tokens = sum(sh.n_tokens for sh in done)
        if n_tokens == 0:
            raise ParameterError("the input corpus has no tokens")
        final = scheme if scheme != "auto" else _union_scheme(name, done)
        columns = set().union(*(sh.columns for sh in done))
        used = set().union(*(sh.used for sh in done))
        chunked = len(used) < min_documents
        again = []
        offset = 0
        for i, sh in enumerate(done):
            ctx = _Context(fmt=input_format, on_error=on_error, scheme=final,
                           arguments=arguments, add_columns=tuple(sorted(columns - sh.columns)),
                           sentence_offset=offset if chunked else None,
                           chunk_sentences=chunk_sentences)
            if chunked or ctx.add_columns or sh.scheme != final:
                again.append((i, files[i], (ctx, False)))
            offset += sh.n_sentences
        _run(_shard_stats, again, keep, executor)
        done = [sh for sh in shards if sh is not None]
        documents: set[str] = set().union(*(sh.documents for sh in done))
        fp = _fingerprint(documents, sum(sh.n_sentences for sh in done), n_tokens, spool,
                          [sh.n_tokens for sh in done])
        return ShardedSource(files, done, final, fp, spool, chunked=chunked)
    except BaseException:
        spool.close()
        raise


def prepare_sharded(source: ShardedSource, name: str = "", *, seed: int | None = None,
                    test_fraction: float = 0.1, dev_fraction: float = 0.05,
                    sizes=None, min_documents: int = 20):
    """:func:`~induceval.experiments.chambers2010.prepare` (without co-occurrence) from shards.

    ``prepare`` gives a corpus documents again
    (:func:`~induceval.experiments.chambers2010.ensure_documents`): a corpus
    still short of ``min_documents`` after its first cut into
    ``<document>#<k>`` is cut a second time along the same 100-sentence
    boundaries, which renames each pseudo-document ``<document>#<k>#<k>``;
    the source's documents are renamed so (same names, split and fingerprint).
    """
    from induceval.experiments.chambers2010 import SIZES, Prepared
    from induceval.measures.pseudowords import split_documents
    from induceval.random import DEFAULT_SEED

    sizes = SIZES if sizes is None else sizes
    docs = source.documents()
    if source.chunked and len(docs) < min_documents:
        source = source.renamed({d: f"{d}#{d.rsplit('#', 1)[1]}" for d in docs})
        docs = source.documents()
    inst = source.instances()
    if len(inst) == 0:
        raise InducevalError(f"corpus {name!r} yields no (verb, relation, noun) "
                             "tuples: does it have heads, relations and verb/noun tags?")
    split = split_documents(docs, test_fraction=test_fraction, dev_fraction=dev_fraction,
                            seed=DEFAULT_SEED if seed is None else seed)
    return Prepared(name=name, fingerprint=source.fingerprint(), instances=inst, split=split,
                    noun_frequencies=source.noun_frequencies(split.train),
                    verb_frequencies=source.verb_frequencies(split.train),
                    train_tokens={k: source.document_tokens(split.training(f))
                                  for k, f in sizes.items()},
                    cooccurrence={}, frequency_tokens=source.document_tokens(split.train))
