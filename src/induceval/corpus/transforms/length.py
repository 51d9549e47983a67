"""Sentence-length filters.

PASCAL 2012 (Gelling et al. 2012, §6) and most grammar-induction work report
results on sentences of at most 10 words, counted **after punctuation
removal**: callers apply :func:`~induceval.corpus.transforms.remove_punctuation`
first, then :func:`filter_max_length`.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar Induction.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.transforms.punct import copy_report
from induceval.errors import check_range

__all__ = ["filter_max_length", "filter_min_length", "drop_empty"]


def _keep(corpus: Corpus, keep: np.ndarray, reason: str) -> Corpus:
    report = copy_report(corpus.report)
    report.count(f"sentences dropped: {reason}", int(np.count_nonzero(~keep)))
    return replace(corpus.select(keep), report=report)


def filter_max_length(corpus: Corpus, n: int) -> Corpus:
    """Keep the sentences with at most ``n >= 0`` tokens (remove punctuation first for the
    PASCAL protocol).

    Empty sentences (length 0, e.g. left by punctuation removal) are kept;
    use :func:`drop_empty` to drop them.  The number of dropped sentences is
    counted in the report under ``"sentences dropped: longer than N tokens"``.

    Parameters
    ----------
    corpus
        The corpus.
    n
        The longest sentence kept, in tokens.

    Returns
    -------
    Corpus
        A new corpus of the kept sentences.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in (["a"], ["a", "b", "c"], []):
    ...     b.add_sentence({"form": s})
    >>> c = filter_max_length(b.build(), 2)
    >>> c.lengths.tolist(), c.report.counts["sentences dropped: longer than 2 tokens"]
    ([1, 0], 1)
    """
    check_range("max_length", n, 0)
    return _keep(corpus, corpus.lengths <= n, f"longer than {n} tokens")


def filter_min_length(corpus: Corpus, n: int) -> Corpus:
    """Keep the sentences with at least ``n`` tokens (counted like :func:`filter_max_length`).

    Parameters
    ----------
    corpus
        The corpus.
    n
        The shortest sentence kept, in tokens.

    Returns
    -------
    Corpus
        A new corpus of the kept sentences.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a"]}); b.add_sentence({"form": ["a", "b"]})
    >>> filter_min_length(b.build(), 2).lengths.tolist()
    [2]
    """
    check_range("min_length", n, 0)
    return _keep(corpus, corpus.lengths >= n, f"shorter than {n} tokens")


def drop_empty(corpus: Corpus) -> Corpus:
    """Drop sentences without tokens (counted under ``"sentences dropped: empty"``).

    Parameters
    ----------
    corpus
        The corpus.

    Returns
    -------
    Corpus
        A new corpus of the non-empty sentences.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": []}); b.add_sentence({"form": ["a"]})
    >>> drop_empty(b.build()).n_sentences
    1
    """
    return _keep(corpus, corpus.lengths > 0, "empty")
