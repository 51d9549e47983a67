"""Brown and exchange clustering from summed count tables, and tagging corpora with the result.

Brown and exchange clustering see a corpus only through its type counts and
distinct bigrams (with a sentence boundary for exchange): what a
:class:`~induceval.corpus.counting.BigramTable` holds (summed over files by
:func:`~induceval.corpus.counting.count_bigrams`).  From such a table,
:func:`induce_tags_from_counts` gives what
:func:`~induceval.models.categories.induce_tags` gives on the corpus, bit for
bit, but the token tags, which :func:`tag_tokens` adds to any corpus.

Example
-------
>>> from induceval.corpus.counting import bigram_table
>>> from induceval.corpus.model import CorpusBuilder
>>> from induceval.models.categories import induce_tags
>>> b = CorpusBuilder()
>>> for s in ["the dog runs", "a cat runs", "the cat sleeps", "a dog sleeps"] * 3:
...     b.add_sentence({"form": s.split()})
>>> corpus = b.build()
>>> whole = induce_tags(corpus, "exchange", 3)
>>> counted = induce_tags(bigram_table(corpus, boundary=True), "exchange", 3)
>>> counted.type_clusters == whole.type_clusters, counted.signature == whole.signature
(True, True)
>>> bool((tag_tokens(counted, corpus) == whole.tags).all())
True
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.counting import BigramTable
from induceval.errors import ParameterError, check_range
from induceval.models.categories.result import TagInduction
from induceval.random import DEFAULT_SEED

__all__ = ["COUNT_MODELS", "induce_tags_from_counts", "table_counts", "tag_tokens"]

#: models that run from a bigram table -> whether the table wraps sentences in a boundary
COUNT_MODELS: dict[str, bool] = {"brown": False, "exchange": True}


def table_counts(table: BigramTable, min_count_unk: int = 1):
    """Types, their counts and distinct bigrams of a table, rare words mapped to ``<unk>``.

    Words seen fewer than ``min_count_unk`` times become ``<unk>`` (where it is
    in the vocabulary, else after every other word), as
    :func:`~induceval.models.categories._bigrams.map_rare` does to a corpus.
    Returns ``(types, counts, a, b, c, rare, n_rare)``: the words with a
    token (in vocabulary order), their counts, the bigrams as type ids (the
    boundary is ``len(types)``), the rare words and their tokens.

    Parameters
    ----------
    table
        A bigram table.
    min_count_unk
        Words seen fewer times become ``<unk>``.

    Returns
    -------
    tuple
        ``(types, counts, a, b, c, rare, n_rare)`` as above.

    Example
    -------
    >>> from induceval.corpus.counting import bigram_table
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": "a b a c a d".split()})
    >>> types, counts, a, b, c, rare, n = table_counts(bigram_table(b.build()), 2)
    >>> types, counts.tolist(), rare, n
    (['a', '<unk>'], [3, 3], ['b', 'c', 'd'], 3)
    >>> list(zip(a.tolist(), b.tolist(), c.tolist()))
    [(0, 1, 3), (1, 0, 2)]
    """
    from induceval.models.categories._bigrams import RARE_SYMBOL

    check_range("min_count_unk", min_count_unk, 1)
    vocab = list(table.vocab)
    uni = np.asarray(table.unigrams, dtype=np.int64)
    n_old = len(vocab)
    ta, tb, tc = table.triples()  # boundary id n_old
    code = np.arange(n_old + 1, dtype=np.int64)
    rare: list[str] = []
    n_rare = 0
    if min_count_unk > 1:
        rare_idx = np.flatnonzero((uni > 0) & (uni < min_count_unk))
        if len(rare_idx):
            rare = [vocab[int(i)] for i in rare_idx]
            n_rare = int(uni[rare_idx].sum())
            try:
                sym = vocab.index(RARE_SYMBOL)
            except ValueError:
                sym = n_old
                vocab.append(RARE_SYMBOL)
            code[rare_idx] = sym
            code[n_old] = len(vocab)  # the boundary after every word
    n_codes = len(vocab)
    per_code = np.zeros(n_codes, dtype=np.int64)
    np.add.at(per_code, code[:n_old], uni)
    used = np.flatnonzero(per_code > 0)
    dense = np.full(n_codes + 1, -1, dtype=np.int64)
    dense[used] = np.arange(len(used))
    dense[n_codes] = len(used)
    a, b = dense[code[ta]], dense[code[tb]]
    if len(rare):  # rare words joined <unk>: sum the bigrams that now coincide
        size = len(used) + 1
        keys, inv = np.unique(a * size + b, return_inverse=True)
        c = np.zeros(len(keys), dtype=np.int64)
        np.add.at(c, inv.ravel(), tc)
        a, b = keys // size, keys % size
    else:
        c = np.asarray(tc, dtype=np.int64)
    return [vocab[int(i)] for i in used], per_code[used], a, b, c, rare, n_rare


def induce_tags_from_counts(table: BigramTable, model: str, k: int, *,
                            seed: int = DEFAULT_SEED, min_count_unk: int = 1,
                            **params) -> TagInduction:
    """Brown or exchange clusters from a :class:`~induceval.corpus.counting.BigramTable`.

    What :func:`~induceval.models.categories.induce_tags` calls when given a
    table (counted with boundaries for exchange, without for Brown:
    :data:`COUNT_MODELS`), with its parameters (``column`` only names the
    column in the signature); ``tags`` is empty (see :func:`tag_tokens`).
    Raises :class:`ParameterError` for another model, a table counted with
    the wrong boundary, a parameter the model does not take, or ``k`` above
    the number of word types.

    Parameters
    ----------
    table
        The bigram table counted from the corpus.
    model
        ``"brown"`` or ``"exchange"``.
    k
        The number of clusters.
    seed
        The seed of the model.
    min_count_unk
        Words seen fewer times become ``<unk>``.
    **params
        The model's other parameters.

    Returns
    -------
    TagInduction
        The type clusters, with empty ``tags``.

    Example
    -------
    >>> from induceval.corpus.counting import bigram_table
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> table = bigram_table(generate_demo_corpus(n_sentences=200))
    >>> r = induce_tags_from_counts(table, "brown", 5, min_count_unk=3)
    >>> r.model, r.n_clusters, "|min_count_unk:3|" in r.signature, r.tags.size
    ('brown', 5, True, 0)
    """
    from induceval.models.categories._bigrams import with_rare
    from induceval.models.categories._registry import check_model_params
    from induceval.models.categories.brown import brown_from_counts
    from induceval.models.categories.exchange import exchange_from_counts

    if model not in COUNT_MODELS:
        raise ParameterError(f"model {model!r} needs the corpus itself (its statistics are not "
                             "unigram and bigram counts); the models that run from a bigram "
                             f"table: {', '.join(COUNT_MODELS)}")
    check_model_params(model, params)
    if table.boundary != COUNT_MODELS[model]:
        raise ParameterError(f"model {model!r} needs a bigram table counted "
                             f"{'with' if COUNT_MODELS[model] else 'without'} sentence "
                             f"boundaries (count_bigrams(boundary={COUNT_MODELS[model]}))")
    types, counts, a, b, c, rare, n_rare = table_counts(table, min_count_unk)
    if k is not None and k > len(types):
        raise ParameterError(f"k={k} is above the number of word types ({len(types)}) of column "
                             f"{params.get('column', 'form')!r} in {table.name or 'the counts'}; "
                             f"choose k <= {len(types)}")
    if model == "brown":
        result = brown_from_counts(types, counts, a, b, c, k, **params)
    else:
        result = exchange_from_counts(types, counts, a, b, c, k, seed=seed, **params)
    if min_count_unk > 1:
        result = with_rare(result, min_count_unk, rare, n_rare)
    return result


def tag_tokens(result: TagInduction, corpus, column: str = "form") -> np.ndarray:
    """The tag of every token of ``corpus``: its word's cluster in ``result`` (``-1``: none).

    For Brown and exchange, the tags the model gives the corpus it was
    trained on (and each of its files).

    Parameters
    ----------
    result
        A tag induction with type clusters.
    corpus
        The corpus to tag.
    column
        The column holding the words.

    Returns
    -------
    numpy.ndarray
        The cluster of every token, ``-1`` for words without one.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["b", "z", "a"]})
    >>> r = TagInduction(np.zeros(0, np.int32), {"a": 0, "b": 1}, set(), 2)
    >>> tag_tokens(r, b.build()).tolist()
    [1, -1, 0]
    """
    from induceval.corpus.writers import word_cluster_tags

    return word_cluster_tags(corpus, result.type_clusters, column)
