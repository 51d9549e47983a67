"""Word and bigram count tables of a sharded corpus (locally or on Dask).

Brown and exchange clustering, and the initial statistics of HC, FF and the
BHMM, are functions of unigram and bigram counts.  :func:`count_bigrams`
builds those tables from many files, one shard at a time (in this process or
on Dask workers, see :mod:`induceval.parallel`), and sums them in file order.
A :class:`BigramTable` is additive: ``t1 + t2`` aligns the vocabularies by
string (the union in order of first appearance) and sums the counts, so the
merged table is the same, bit for bit, however the shards were distributed,
and its vocabulary is that of the files read as one corpus
(:func:`bigram_table`).  Brown and exchange clustering run from such a table
(:func:`induceval.models.categories.induce_tags` takes one) with the clusters
of the corpus itself.  The bigrams are those of
:func:`induceval.corpus._counts.bigram_counts`: adjacent tokens within a
sentence, or with ``boundary=True`` each sentence wrapped in one boundary
symbol (id ``len(vocab)``).

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["the", "dog", "barks"]})
>>> b.add_sentence({"form": ["the", "cat"]})
>>> t = count_bigrams([b.build()])
>>> t.vocab, t.unigrams.tolist()
(('the', 'dog', 'barks', 'cat'), [2, 1, 1, 1])
>>> [(t.vocab[a], t.vocab[b], int(c)) for a, b, c in zip(*t.triples())]
[('the', 'dog', 1), ('the', 'cat', 1), ('dog', 'barks', 1)]
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import ParameterError

__all__ = ["BigramTable", "count_bigrams"]

_BOUNDARY = -2  # the boundary symbol inside a table (its id is len(vocab) outside)


@dataclass(frozen=True)
class BigramTable:
    """Unigram and bigram counts over a vocabulary of strings.

    Attributes
    ----------
    vocab
        The word strings; id = position.
    unigrams
        Token count of each word (``int64``).
    a, b, count
        Distinct bigrams (``a`` followed by ``b``) and their counts, sorted
        by ``(a, b)``; the boundary symbol is stored as ``-2``
        (:meth:`triples` gives it id ``len(vocab)``).
    boundary
        Whether sentences were wrapped in the boundary symbol.
    n_tokens, n_sentences, n_missing
        Tokens counted (with a word in the column), sentences read, and
        tokens without a value in the column (not counted).
    name
        What was counted, for messages (``""``: unnamed; a sum keeps the
        first name).
    """

    vocab: tuple
    unigrams: np.ndarray
    a: np.ndarray
    b: np.ndarray
    count: np.ndarray
    boundary: bool = False
    n_tokens: int = 0
    n_sentences: int = 0
    n_missing: int = 0
    name: str = ""

    def triples(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(a, b, count)`` with the boundary symbol as id ``len(vocab)``."""
        n = len(self.vocab)
        return (np.where(self.a == _BOUNDARY, n, self.a), np.where(self.b == _BOUNDARY, n, self.b),
                self.count)

    def __add__(self, other: BigramTable) -> BigramTable:
        if self.boundary != other.boundary:
            raise ParameterError("cannot add bigram tables counted with and without boundaries")
        index = {w: i for i, w in enumerate(self.vocab)}
        vocab = list(self.vocab)
        remap = np.empty(len(other.vocab) + 2, dtype=np.int64)
        for j, w in enumerate(other.vocab):
            i = index.get(w)
            if i is None:
                i = index[w] = len(vocab)
                vocab.append(w)
            remap[j] = i
        remap[_BOUNDARY] = _BOUNDARY  # remap[-2]: the boundary stays the boundary
        uni = np.zeros(len(vocab), dtype=np.int64)
        uni[: len(self.unigrams)] += self.unigrams
        uni[remap[: len(other.vocab)]] += other.unigrams   # (distinct words: distinct ids)
        a, b, c = _reduce(np.concatenate([self.a, remap[other.a]]),
                          np.concatenate([self.b, remap[other.b]]),
                          np.concatenate([self.count, other.count]), len(vocab))
        return BigramTable(tuple(vocab), uni, a, b, c, self.boundary,
                           self.n_tokens + other.n_tokens, self.n_sentences + other.n_sentences,
                           self.n_missing + other.n_missing, self.name or other.name)


def _reduce(a: np.ndarray, b: np.ndarray, c: np.ndarray, n: int):
    size = n + 1
    key = np.where(a == _BOUNDARY, n, a) * size + np.where(b == _BOUNDARY, n, b)
    # sorted runs summed by reduceat: np.unique's inverse and np.add.at cost several times
    # more, once per part of a large file
    order = np.argsort(key, kind="stable")
    key = key[order]
    starts = np.flatnonzero(np.concatenate(([True], key[1:] != key[:-1]))) if len(key) else order
    sums = (np.add.reduceat(np.asarray(c, dtype=np.int64)[order], starts) if len(key)
            else np.zeros(0, np.int64))
    uniq = key[starts]
    ua, ub = uniq // size, uniq % size
    return (np.where(ua == n, _BOUNDARY, ua), np.where(ub == n, _BOUNDARY, ub), sums)


def bigram_table(corpus: Corpus, column: str = "form", *, boundary: bool = False,
                 lowercase: bool = False) -> BigramTable:
    """The :class:`BigramTable` of one corpus.

    The vocabulary is the column's own, in its order, words without a token
    included (count 0): the vocabulary of files read together is the union
    of each file's, in file order, so the table of a folder summed over its
    files has the vocabulary, hence the word ids, of the folder read as one
    corpus.  (The models break ties between equally frequent words by these
    ids.)  With ``lowercase`` the lower-cased words, each where its first
    form was.  A column the corpus lacks counts every token as missing.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["The", "dog", "the", "cat"]})
    >>> t = bigram_table(b.build(), lowercase=True)
    >>> t.vocab, t.unigrams.tolist(), t.n_sentences
    (('the', 'dog', 'cat'), [2, 1, 1], 1)
    """
    from induceval.corpus._counts import bigram_counts, code_counts

    offsets = corpus.offsets.astype(np.int64)
    n_sent = int(corpus.n_sentences)
    if column not in corpus.tokens:
        z = np.zeros(0, np.int64)
        return BigramTable((), z, z, z, z, boundary, 0, n_sent, int(corpus.n_tokens))
    col = corpus.tokens[column]
    if col.vocab is None:
        raise ParameterError(f"column {column!r} of {corpus.name or 'the corpus'} is numeric; "
                             "bigram tables count words (a categorical column)")
    items, values, table = list(col.vocab.items), col.values, None
    if lowercase:
        lowered = [w.lower() for w in items]
        index = {w: i for i, w in enumerate(dict.fromkeys(lowered))}  # first-appearance order
        table = np.array([-1] + [index[w] for w in lowered], dtype=np.int64)
        items = list(index)
    n = len(items)
    if table is None:
        uni = code_counts(values, n)
    else:
        uni = np.zeros(n, np.int64)
        np.add.at(uni, table[1:], code_counts(values, len(table) - 1))
    a, b, c = bigram_counts(values, offsets, n, boundary=n if boundary else None, table=table)
    counted = int(uni.sum())
    return BigramTable(tuple(items), uni.astype(np.int64),
                       np.where(a == n, _BOUNDARY, a).astype(np.int64),
                       np.where(b == n, _BOUNDARY, b).astype(np.int64), c.astype(np.int64),
                       boundary, counted, n_sent, int(corpus.n_tokens) - counted)


def _shard_table(item, *, column, boundary, lowercase, input_format, on_error="fail"):
    if isinstance(item, Corpus):
        return bigram_table(item, column, boundary=boundary, lowercase=lowercase)
    from induceval.corpus.readers import read_parts

    # a part at a time (plain text): the tokens of one part and the table are alive, not
    # the shard's tokens; a sentence is never cut, so the sum is the shard's table
    def tables():
        for part in read_parts(item, format=input_format, on_error=on_error):
            table = bigram_table(part, column, boundary=boundary, lowercase=lowercase)
            del part   # (else alive while the next part is read)
            yield table

    return _sum_in_order(tables())


def _sum_in_order(tables: Iterable[BigramTable]) -> BigramTable:
    """The sum of ``tables`` in order, adding neighbours of like size (a binary counter).

    Adding each small table to the growing sum would sort the whole sum once
    per table (quadratic in the parts of a large file); here a table is
    re-sorted O(log parts) times and at most about twice the sum is alive.
    Addition is associative, so the sum is that of a left fold, bit for bit.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> parts = []
    >>> for s in ["a b", "b c", "c a", "a d"]:
    ...     b = CorpusBuilder(); b.add_sentence({"form": s.split()}); parts.append(b.build())
    >>> t = _sum_in_order(bigram_table(p) for p in parts)
    >>> left = functools.reduce(operator.add, (bigram_table(p) for p in parts))
    >>> t.vocab == left.vocab and all((x == y).all() for x, y in zip(t.triples(), left.triples()))
    True
    >>> t.vocab, t.count.tolist()
    (('a', 'b', 'c', 'd'), [1, 1, 1, 1])
    """
    stack: list[BigramTable] = []
    for table in tables:
        stack.append(table)
        while len(stack) > 1 and len(stack[-2].a) <= 2 * len(stack[-1].a):
            top = stack.pop()
            stack[-1] = stack[-1] + top
    return functools.reduce(operator.add, stack)


def count_bigrams(shards: Sequence, column: str = "form", *, boundary: bool = False,
                  lowercase: bool = False, input_format: str = "auto", on_error: str = "fail",
                  executor=None, jobs: int = 1) -> BigramTable:
    """Unigram and bigram counts of a corpus given as shards (paths or corpora), summed.

    Parameters
    ----------
    shards
        File paths (read one at a time, on the worker that counts them),
        lists of paths (read together, as one corpus) or :class:`Corpus`
        objects.
    column, boundary, lowercase
        As in :func:`bigram_table`; ``boundary`` wraps each sentence in a
        boundary symbol (exchange clustering).
    input_format, on_error
        As in :func:`~induceval.corpus.readers.read_corpus`, for each path.
    executor, jobs
        Where shards are counted (:func:`induceval.parallel.map_reduce`).

    Returns
    -------
    BigramTable
        The summed unigram and bigram counts, with the sentences and tokens counted.

    Raises
    ------
    InducevalError
        That of the first shard, in shard order, whose reading or counting
        raised one (a malformed file with ``on_error="fail"``): the error
        one process reading the shards in order meets, with its message.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> count_bigrams([demo, demo]).n_tokens      # two shards, summed
    166
    """
    from induceval.parallel import map_reduce, path_size

    fn = partial(_shard_table, column=column, boundary=boundary, lowercase=lowercase,
                 input_format=input_format, on_error=on_error)
    z = np.zeros(0, np.int64)
    empty = BigramTable((), z, z, z, z, boundary, 0)
    if not len(shards):
        return empty
    return empty + map_reduce(fn, list(shards), operator.add, executor=executor, jobs=jobs,
                              name="count-bigrams", costs=[path_size(s) for s in shards])
