"""CHILDES ``%mor`` part-of-speech tag sets: collapsed (12 categories) and stripped.

Frank, Goldwater & Keller (2009) evaluate on the Manchester corpus with two
gold inventories built from the ``%mor`` tier:

- **stripped**: the ``%mor`` POS with its morphology removed ("playing is
  annotated ``part|play-PROG``"), i.e. the POS field with subcategories kept
  (``pro:sub``, ``adv:loc``, ``n:prop``) and with affixes, fusional suffixes,
  prefixes (``un#v`` -> ``v``) and the omitted-word mark (``0aux`` -> ``aux``)
  removed.  The paper reports 53 such categories on its Manchester copy; on
  the 10-child copy in ``shared/data`` (child-directed speech, read by
  :mod:`induceval.corpus.readers.chat`) we also find 53 besides punctuation.
- **collapsed**: the 12 categories of their Table 1 (ADJ, ADV, OTH, CONJ, DET,
  INF, N, NEG, PART, PREP, QN, V).  The paper gives only examples, so the
  mapping from ``%mor`` POS is ours, decided by the coarse POS (the part
  before the first ``:``), see :data:`COLLAPSED`: nouns and all pronouns
  (``pro:poss:det`` "your" included) are N; all ``det:*`` (``det:num`` "six")
  are DET; verbs, modals, auxiliaries and copulas are V; ``part`` (participles:
  ``part|rain-PROG``, ``part|hide&PERF``) is PART while ``adj:part`` stays
  ADJ; ``coord``, ``conj``, ``rel`` (relativisers) and ``comp`` are CONJ;
  ``post`` ("too", "else") is ADV; ``qn``/``quant`` is QN; ``co``
  (communicators: yes, well), ``int``, ``on`` (onomatopoeia), ``poss`` (the
  possessive ``'s``), baby/child/family forms, neologisms and anything unknown
  are OTH.  Punctuation items (``.``, ``?``, ``+...``, ``cm``, ``beg``,
  ``end``, ``bq``, ``eq``) map to ``PUNCT``, outside the 12: remove them before
  evaluating (the paper counts words only).

References
----------
Frank, S., Goldwater, S. & Keller, F. (2009). Evaluating models of syntactic
category acquisition without using a gold standard. *Proc. CogSci 31*,
Table 1 and "Model Implementation and Experiments".

Example
-------
>>> collapsed_tag("pro:sub"), collapsed_tag("part|play-PROG"), collapsed_tag("det:num")
('N', 'PART', 'DET')
>>> stripped_tag("part|play-PROG"), stripped_tag("un#v"), stripped_tag("0aux")
('part', 'v', 'aux')
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.errors import InducevalError

__all__ = ["COLLAPSED", "COLLAPSED_CATEGORIES", "PUNCT_POS", "collapsed_tag", "stripped_tag",
           "add_childes_tagsets"]

#: The 12 categories of Frank et al. (2009), Table 1.
COLLAPSED_CATEGORIES = ("ADJ", "ADV", "OTH", "CONJ", "DET", "INF", "N", "NEG", "PART",
                        "PREP", "QN", "V")

#: ``%mor`` POS items that are punctuation.
PUNCT_POS = frozenset({".", "?", "!", "+...", "+..?", "+!?", "+/.", "+/?", "+//.", "+//?",
                       '+"/.', '+".', "+.", "+=.", "+?", "+!", "cm", "beg", "end", "bq", "eq",
                       ",", "„", "‡", "“", "”"})

#: coarse ``%mor`` POS -> collapsed category (anything else -> OTH)
COLLAPSED: dict[str, str] = {pos: category for category, names in (
    ("ADJ", "adj"), ("ADV", "adv post"), ("CONJ", "conj coord rel comp"), ("DET", "det art num"),
    ("INF", "inf"), ("N", "n pro"), ("NEG", "neg"), ("PART", "part"), ("PREP", "prep"),
    ("QN", "qn quant"), ("V", "v mod aux cop")) for pos in names.split()}


def stripped_tag(mor_pos: str) -> str:
    """The ``%mor`` POS with morphology removed (subcategories kept).

    Accepts a POS (``pro:sub``) or a whole ``%mor`` item (``part|play-PROG``;
    for a clitic group ``pro|it~aux|be`` the host's POS is returned).

    Parameters
    ----------
    mor_pos
        A ``%mor`` POS or item.

    Returns
    -------
    str
        The POS without morphology.

    Example
    -------
    >>> stripped_tag("pro:poss:det"), stripped_tag("n|+n|graham+n|cracker"), stripped_tag(".")
    ('pro:poss:det', 'n', '.')
    """
    pos = mor_pos.split("~", 1)[0]
    if "$" in pos:
        pos = pos.rsplit("$", 1)[1]
    if "|" in pos:
        pos = pos.partition("|")[0]
    elif pos in PUNCT_POS:
        return pos
    if "#" in pos:
        pos = pos.rsplit("#", 1)[1]
    if len(pos) > 1 and pos[0] == "0":
        pos = pos[1:]
    for ch in "-&=":
        if ch in pos:
            pos = pos.split(ch, 1)[0]
    return pos or mor_pos


def collapsed_tag(mor_pos: str) -> str:
    """One of the 12 collapsed categories (or ``PUNCT``) for a ``%mor`` POS.

    Parameters
    ----------
    mor_pos
        A ``%mor`` POS.

    Returns
    -------
    str
        The collapsed category.

    Example
    -------
    >>> [collapsed_tag(t) for t in ("adv:loc", "co", "inf", "neg", "qn", "mod", ".")]
    ['ADV', 'OTH', 'INF', 'NEG', 'QN', 'V', 'PUNCT']
    """
    pos = stripped_tag(mor_pos)
    return "PUNCT" if pos in PUNCT_POS else COLLAPSED.get(pos.split(":", 1)[0], "OTH")


def add_childes_tagsets(corpus: Corpus, source: str = "xpos") -> Corpus:
    """Add token columns ``collapsed`` and ``stripped`` computed from ``source``.

    Tokens missing ``source`` stay missing (-1).

    Parameters
    ----------
    corpus
        The corpus.
    source
        The column holding the ``%mor`` POS.

    Returns
    -------
    Corpus
        A new corpus with the two columns added.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["you", "playing", "."], "xpos": ["pro", "part", "."]})
    >>> c = add_childes_tagsets(b.build())
    >>> c.sentence(0).strings("collapsed"), c.sentence(0).strings("stripped")
    (['N', 'PART', 'PUNCT'], ['pro', 'part', '.'])
    """
    col = corpus.column(source)
    vocab = col.vocab
    if vocab is None:
        raise InducevalError(f"column {source!r} is not categorical")
    tokens = dict(corpus.tokens)
    for name, fn in (("collapsed", collapsed_tag), ("stripped", stripped_tag)):
        out = Vocabulary()
        table = np.append(out.encode([fn(x) for x in vocab.items]), -1).astype(np.int32)
        tokens[name] = Column(table[col.values], out)
    return replace(corpus, tokens=tokens)
