"""The three tag sets of the PASCAL 2012 challenge, derived in one way for every protocol.

Every PASCAL 2012 treebank came with a coarse (c), a fine (p) and a
universal (u) tag set, the last being the 12 tags of Petrov et al. (2011)
(Gelling et al. 2012, §2.2).  The shared data holds no PASCAL files, so
``pascal2012-pos``, ``pascal2012-deps`` and ``pascal2012-joint`` all derive the
three sets from what a treebank has, with :func:`pascal_tagsets`:

=====================  =========================  =============  ==============================
treebank               coarse (c)                 fine (p)       universal (u)
=====================  =========================  =============  ==============================
UD (UPOS)              CPOSTAG if any, else UPOS  XPOS if any    UPOS mapped to Petrov's 12
PTB tags, no UPOS      the tag's first 2 letters  the PTB tag    Petrov et al.'s PTB map
CHAT (``%mor``)        the ``%mor`` category      ``%mor`` tag   Frank et al. 2009's 12
=====================  =========================  =============  ==============================

A treebank without fine tags has no ``p`` entry (``pascal2012-pos`` then
uses its coarse set, and the c and p conditions are one clustering).
Before 0.5.0 ``pascal2012-pos`` scored its u condition against UD's 16-17
UPOS tags and took UPOS as coarse, so c and u were one clustering on most UD
treebanks, and on the PTB sample it took the universal tags as coarse.

References
----------
Gelling, Cohn, Blunsom & Graça (2012). The PASCAL Challenge on Grammar Induction, §2.2.
Petrov, Das & McDonald (2011). A Universal Part-of-Speech Tagset.
Frank, Goldwater & Keller (2009), Table 1 (the collapsed CHILDES categories).

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["the", "dogs", "ran", "and", "barked"],
...                 "upos": ["DET", "NOUN", "VERB", "CCONJ", "VERB"]})
>>> corpus, tags = pascal_tagsets(b.build())
>>> tags, corpus.sentence(0).strings(tags["u"])
({'c': 'upos', 'u': 'universal'}, ['DET', 'NOUN', 'VERB', 'CONJ', 'VERB'])
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.tagsets.ptb_universal import PTB_TO_UNIVERSAL, UNIVERSAL_TAGS
from induceval.errors import InducevalError

__all__ = ["UD_TO_PETROV", "pascal_tagsets", "has_tags"]

#: UD's 17 UPOS tags -> the 12 universal tags of Petrov et al. (2011), the universal set of
#: PASCAL 2012; the 12 tags themselves map to themselves (a treebank already in them)
UD_TO_PETROV = {"ADJ": "ADJ", "ADP": "ADP", "ADV": "ADV", "AUX": "VERB", "CCONJ": "CONJ",
                "DET": "DET", "INTJ": "X", "NOUN": "NOUN", "NUM": "NUM", "PART": "PRT",
                "PRON": "PRON", "PROPN": "NOUN", "PUNCT": ".", "SCONJ": "CONJ", "SYM": "X",
                "VERB": "VERB", "X": "X", **{t: t for t in UNIVERSAL_TAGS}}


def has_tags(corpus: Corpus, column: str) -> bool:
    """True when ``column`` exists with at least two distinct tags (one value, such as
    ``_`` everywhere, is no tag set)."""
    if column not in corpus.tokens:
        return False
    v = corpus.tokens[column].values
    return int(np.unique(v[v >= 0]).size) >= 2


def pascal_tagsets(corpus: Corpus, *, childes: bool | None = None
                   ) -> tuple[Corpus, dict[str, str]]:
    """The corpus with its universal column added, and the column of each PASCAL tag set.

    ``childes``: read the tags as CHAT ``%mor`` tags (default: when the corpus has
    speaker roles, as the CHAT reader gives).  Returns ``(corpus, {"c": col, "p": col,
    "u": col})``; ``p`` is missing without fine tags, ``u`` when there is no way to
    the 12 universal tags (no UPOS, not CHAT, and fine tags that are not PTB tags).

    Raises
    ------
    InducevalError
        When the corpus has no tag set at all.
    """
    from induceval.corpus.transforms import map_tags

    if childes is None:
        childes = "role" in corpus.sentences
    coarse = next((c for c in ("cpos", "upos") if has_tags(corpus, c)), None)
    if coarse is None and has_tags(corpus, "xpos") and not childes:
        corpus = map_tags(corpus, "xpos", lambda t: t[:2] if t[:1].isalpha() else t, "cpos")
        coarse = "cpos"
    if coarse is None:
        raise InducevalError(f"{corpus.name or 'the treebank'} has no tag set (no cpos, upos "
                             "or xpos column with two tags or more)")
    tags = {"c": coarse, **({"p": "xpos"} if has_tags(corpus, "xpos") else {})}
    if has_tags(corpus, "upos"):
        corpus = map_tags(corpus, "upos", UD_TO_PETROV, "universal", default="X")
        tags["u"] = "universal"
    elif childes and has_tags(corpus, "xpos"):
        from induceval.corpus.tagsets.childes import add_childes_tagsets

        tags["u"] = "collapsed"
        corpus = add_childes_tagsets(corpus)
    elif has_tags(corpus, "xpos") and _mostly_ptb(corpus):
        corpus = map_tags(corpus, "xpos", PTB_TO_UNIVERSAL, "universal", default="X")
        tags["u"] = "universal"
    return corpus, tags


def _mostly_ptb(corpus: Corpus) -> bool:
    """True when nine tokens in ten or more carry a tag of Petrov et al.'s PTB map."""
    col = corpus.tokens["xpos"]
    known = np.array([t in PTB_TO_UNIVERSAL for t in col.vocab.items] + [False])
    return bool(known[col.values].mean() >= 0.9) if len(col.values) else False
