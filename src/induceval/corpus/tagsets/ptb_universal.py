"""Penn Treebank tags -> the 12 universal tags of Petrov, Das & McDonald (2011).

:data:`PTB_TO_UNIVERSAL` is ``en-ptb.map`` of the universal-pos-tags
distribution (github.com/slavpetrov/universal-pos-tags, the 12-tag version
used by the PASCAL 2012 challenge, before that repository moved to UD tags),
including its entries for ambiguous tags written ``A|B`` and the stray tags
found in the treebank (``JJRJR``, ``NP``, ``VP``, ``WH``, ``RN``...).
:data:`UNIVERSAL_TO_UD` maps the 12 tags onto Universal Dependencies UPOS.

References
----------
Petrov, Das & McDonald (2011), A Universal Part-of-Speech Tagset. arXiv:1104.2086.
Gelling et al. (2012), The PASCAL Challenge on Grammar Induction, §2.2.

Example
-------
>>> [ptb_to_universal(t) for t in ("NNS", "MD", "PRP$", "-LRB-", "XYZ")]
['NOUN', 'VERB', 'PRON', '.', 'X']
>>> len(UNIVERSAL_TAGS)
12
"""

from __future__ import annotations

__all__ = ["PTB_TO_UNIVERSAL", "UNIVERSAL_TAGS", "UNIVERSAL_TO_UD", "ptb_to_universal"]

#: The 12 universal tags (Petrov et al. 2011, §2).
UNIVERSAL_TAGS: tuple[str, ...] = ("NOUN", "VERB", "ADJ", "ADV", "PRON", "DET", "ADP", "NUM",
                                   "CONJ", "PRT", ".", "X")

#: en-ptb.map (Petrov et al. 2011): PTB tag -> universal tag (listed here by universal tag).
PTB_TO_UNIVERSAL: dict[str, str] = {ptb: universal for universal, tags in {
    "NOUN": "NN NNP NNPS NNS NNS|NN NNS|VBZ NN|NNS NN|JJ NN|SYM NN|VBG NP",
    "VERB": "MD MD|VB VB VB|NN VBD VBD|VBN VBD|VBP VBG VBG|JJ VBG|NN VBN VBN|JJ VBN|VBD VBP "
            "VBP|VB VBP|TO VBZ VP",
    "ADJ": "JJ JJ|IN JJR JJR|RBR JJRJR JJS JJ|NN JJ|RB JJ|VBG",
    "ADV": "RB RBR RBS RB|IN RB|JJ RB|RP RB|VBG RBR|JJR WRB",
    "PRON": "PRP PRP$ PRP|VBP WP WP$",
    "DET": "DT EX PDT WDT",
    "ADP": "IN IN|RB IN|RP",
    "NUM": "CD",
    "CONJ": "CC",
    "PRT": "POS PRT RP TO",
    ".": "! # $ '' ( ) , -LRB- -RRB- . : ? ``",
    "X": "CD|RB FW LS RN SYM UH WH",
}.items() for ptb in tags.split()}

#: The 12 universal tags -> UD UPOS (``.`` -> PUNCT, CONJ -> CCONJ, PRT -> PART).
UNIVERSAL_TO_UD: dict[str, str] = {
    "NOUN": "NOUN", "VERB": "VERB", "ADJ": "ADJ", "ADV": "ADV", "PRON": "PRON", "DET": "DET",
    "ADP": "ADP", "NUM": "NUM", "CONJ": "CCONJ", "PRT": "PART", ".": "PUNCT", "X": "X",
}


def ptb_to_universal(tag: str, default: str | None = "X") -> str | None:
    """The universal tag of a PTB tag; ``default`` for tags the map does not list.

    Usable as the ``mapping`` of :func:`induceval.corpus.transforms.map_tags`
    (with ``default=None`` the unknown tags are counted there).

    Parameters
    ----------
    tag
        A PTB tag.
    default
        The value for tags the map does not list.

    Returns
    -------
    str or None
        The universal tag, or ``default``.

    Example
    -------
    >>> ptb_to_universal("NNS"), ptb_to_universal("FOO"), ptb_to_universal("FOO", None)
    ('NOUN', 'X', None)
    """
    return PTB_TO_UNIVERSAL.get(tag, default)
