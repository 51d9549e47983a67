"""Mapping one tag column onto another tag set (e.g. PTB -> universal tags).

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> from induceval.corpus.tagsets.ptb_universal import PTB_TO_UNIVERSAL
>>> b = CorpusBuilder(); b.add_sentence({"form": ["the", "dog"], "xpos": ["DT", "NN"]})
>>> c = map_tags(b.build(), "xpos", PTB_TO_UNIVERSAL, "upos")
>>> c.sentence(0).strings("upos")
['DET', 'NOUN']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.corpus.transforms.punct import copy_report
from induceval.errors import InducevalError

__all__ = ["KEEP", "map_tags", "unmapped_tags"]


class _Keep:
    def __repr__(self) -> str:
        return "KEEP"


#: ``default=KEEP``: a tag the mapping does not know is copied unchanged.
KEEP = _Keep()

TagMapping = Mapping[str, str | None] | Callable[[str], str | None]


def _lookup(mapping: TagMapping) -> Callable[[str], str | None]:
    if callable(mapping) and not isinstance(mapping, Mapping):
        return mapping
    if isinstance(mapping, Mapping):
        return mapping.get
    raise InducevalError(f"mapping must be a dict or a callable; got {type(mapping).__name__}")


def unmapped_tags(corpus: Corpus, source: str, mapping: TagMapping) -> Counter:
    """Token counts of the tags in ``source`` that ``mapping`` does not know.

    A tag is unknown when it is absent from the dict or the callable returns
    ``None``.  Missing values are not counted.

    Parameters
    ----------
    corpus
        The corpus.
    source
        The tag column looked at.
    mapping
        A dict tag -> tag, or a callable returning ``None`` for unknown tags.

    Returns
    -------
    collections.Counter
        Unknown tag -> tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "b", "c"], "xpos": ["A", "Z", "Z"]})
    >>> unmapped_tags(b.build(), "xpos", {"A": "x"})
    Counter({'Z': 2})
    """
    col = corpus.column(source)
    if col.vocab is None:
        raise InducevalError(f"column {source!r} is not categorical")
    get = _lookup(mapping)
    counts = np.bincount(col.values[col.values >= 0], minlength=len(col.vocab))
    return Counter({tag: int(counts[i]) for i, tag in enumerate(col.vocab.items)
                    if counts[i] and get(tag) is None})


def map_tags(corpus: Corpus, source: str, mapping: TagMapping, target: str | None = None, *,
             default: str | None | _Keep = None) -> Corpus:
    """Add (or replace) token column ``target`` holding ``mapping`` applied to ``source``.

    The mapping is evaluated once per distinct tag, then applied to all
    tokens by indexing, so it is fast on large corpora.

    Parameters
    ----------
    source
        A categorical token column (e.g. ``xpos``).
    mapping
        A dict ``tag -> new tag`` or a callable ``tag -> new tag``; a
        missing key or a ``None`` result marks the tag as unknown.
    target
        The column to write (default: ``source``, replaced in place).
    default
        What unknown tags become: ``None`` (default) = missing (``-1``), a
        string = that tag (e.g. ``"X"``), or :data:`KEEP` = the source tag.

    Returns
    -------
    Corpus
        Tokens with an unknown tag are counted under ``"map_tags
        SOURCE->TARGET: tokens with an unknown tag"``, the unknown tags listed
        in ``report.examples`` under that key.  Missing values stay missing,
        uncounted.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "b"], "xpos": ["n:prop", "zz"]})
    >>> c = map_tags(b.build(), "xpos", lambda t: t.split(":")[0] if ":" in t else None,
    ...              "cpos", default=KEEP)
    >>> key = "map_tags xpos->cpos: tokens with an unknown tag"
    >>> c.sentence(0).strings("cpos"), c.report.counts[key], c.report.examples[key]
    (['n', 'zz'], 1, '1 tags: zz')
    """
    target, col = target or source, corpus.column(source)
    if col.vocab is None:
        raise InducevalError(f"column {source!r} is not categorical")
    get = _lookup(mapping)
    vocab = Vocabulary()
    table = np.empty(len(col.vocab) + 1, dtype=np.int32)
    table[-1] = -1
    unknown_codes = []
    for i, tag in enumerate(col.vocab.items):
        new = get(tag)
        if new is None:
            unknown_codes.append(i)
            new = tag if default is KEEP else default
        elif not isinstance(new, str):
            raise InducevalError(f"mapping gave {new!r} for tag {tag!r}; expected a string or None")
        table[i] = -1 if new is None else vocab.add(new)
    values = table[col.values]
    report = copy_report(corpus.report)
    key = f"map_tags {source}->{target}: tokens with an unknown tag"
    if unknown_codes:
        codes = np.asarray(unknown_codes)
        counts = np.bincount(col.values[col.values >= 0], minlength=len(col.vocab))
        n_unknown = int(counts[codes].sum())
        used = [col.vocab[int(c)] for c in codes if counts[c]]
        if n_unknown:
            report.count(key, n_unknown)
            shown = ", ".join(used[:20]) + (", ..." if len(used) > 20 else "")
            report.examples.setdefault(key, f"{len(used)} tags: {shown}")
    return replace(corpus.with_tokens(**{target: Column(values, vocab)}), report=report)
