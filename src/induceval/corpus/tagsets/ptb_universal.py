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
UNIVERSAL_TAGS: tuple[str, ...] = (
    "NOUN", "VERB", "ADJ", "ADV", "PRON", "DET", "ADP", "NUM", "CONJ", "PRT", ".", "X",
)

_EN_PTB_MAP = """
! .
# .
$ .
'' .
( .
) .
, .
-LRB- .
-RRB- .
. .
: .
? .
CC CONJ
CD NUM
CD|RB X
DT DET
EX DET
FW X
IN ADP
IN|RB ADP
IN|RP ADP
JJ ADJ
JJ|IN ADJ
JJR ADJ
JJR|RBR ADJ
JJRJR ADJ
JJS ADJ
JJ|NN ADJ
JJ|RB ADJ
JJ|VBG ADJ
LS X
MD VERB
MD|VB VERB
NN NOUN
NNP NOUN
NNPS NOUN
NNS NOUN
NNS|NN NOUN
NNS|VBZ NOUN
NN|NNS NOUN
NN|JJ NOUN
NN|SYM NOUN
NN|VBG NOUN
NP NOUN
PDT DET
POS PRT
PRP PRON
PRP$ PRON
PRP|VBP PRON
PRT PRT
RB ADV
RBR ADV
RBS ADV
RB|IN ADV
RB|JJ ADV
RB|RP ADV
RB|VBG ADV
RBR|JJR ADV
RN X
RP PRT
SYM X
TO PRT
UH X
VB VERB
VB|NN VERB
VBD VERB
VBD|VBN VERB
VBD|VBP VERB
VBG VERB
VBG|JJ VERB
VBG|NN VERB
VBN VERB
VBN|JJ VERB
VBN|VBD VERB
VBP VERB
VBP|VB VERB
VBP|TO VERB
VBZ VERB
VP VERB
WDT DET
WH X
WP PRON
WP$ PRON
WRB ADV
`` .
"""

#: en-ptb.map (Petrov et al. 2011): PTB tag -> universal tag.
PTB_TO_UNIVERSAL: dict[str, str] = dict(
    line.split() for line in _EN_PTB_MAP.strip().splitlines()  # type: ignore[misc]
)

#: The 12 universal tags -> UD UPOS (``.`` -> PUNCT, CONJ -> CCONJ, PRT -> PART).
UNIVERSAL_TO_UD: dict[str, str] = {
    "NOUN": "NOUN", "VERB": "VERB", "ADJ": "ADJ", "ADV": "ADV", "PRON": "PRON", "DET": "DET",
    "ADP": "ADP", "NUM": "NUM", "CONJ": "CCONJ", "PRT": "PART", ".": "PUNCT", "X": "X",
}


def ptb_to_universal(tag: str, default: str | None = "X") -> str | None:
    """The universal tag of a PTB tag; ``default`` for tags the map does not list.

    Usable as the ``mapping`` of :func:`induceval.corpus.transforms.map_tags`
    (with ``default=None`` the unknown tags are counted there).
    """
    return PTB_TO_UNIVERSAL.get(tag, default)
