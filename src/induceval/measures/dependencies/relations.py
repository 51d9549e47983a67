"""Relation granularity of PASCAL 2012 Table 6, with maps from UD, CHILDES and CoNLL labels.

Table 6 of Gelling et al. (2012) stratifies directed accuracy on the Penn
treebank (LTH / CoNLL-2007 labels) into seven relation groups: ``ROOT``,
``SBJ``, ``OBJ``, ``PRD``, ``NMOD``, ``COORD`` and ``CC``.  This module maps
the gold relation of every token to one of those groups, or ``OTHER``, with
:data:`UD_TO_TABLE6`, :data:`CHILDES_TO_TABLE6` (GRASP) and
:data:`CONLL_TO_TABLE6`.

Choices (documented because the paper only lists the groups)
------------------------------------------------------------
``ROOT``
    Decided by the gold *head*, not the label: a token whose gold head is 0
    is in ``ROOT`` whatever its label.  A token labelled ``ROOT`` with a
    non-zero head (CHILDES ``%gra`` uses this for juxtaposed clauses) is not a
    root attachment and goes to ``OTHER``.
``SBJ``
    Subjects, clausal ones included; UD ``expl`` stays in ``OTHER`` (its
    subtypes ``expl:pv``, ``expl:pass`` are not subjects).
``OBJ``
    Objects, with UD ``ccomp`` and GRASP ``COMP`` (LTH labels finite clausal
    complements of verbs ``OBJ``).
``PRD``
    UD ``cop``: UD makes the predicate the head of the copula, so the
    ``cop`` edge joins the same two words as LTH's ``PRD`` edge, in the
    opposite direction (directed accuracy therefore asks a different
    question on UD; undirected accuracy asks the same one).  UD ``xcomp``
    stays in ``OTHER`` (LTH labels most of those ``OPRD``, which Table 6
    does not show).
``NMOD``
    Dependents of nouns.
``COORD``
    A conjunct attached inside a coordination: UD ``conj``; GRASP ``COORD``
    (the second conjunct, attached to the conjunction in ``%xgrt``) and
    ``ENUM``.
``CC``
    "A coordinating conjunction to its head" (Gelling et al. 2012, §6.4).
``OTHER``
    Everything else (including punctuation when it is kept).

GRASP labels joined with a hyphen (``QUANT-OBJ``, ``AUX-ROOT``, which
``%gra`` uses for a word standing in for an omitted head) are mapped by
their last part, UD labels by their universal part (before ``:``);
CoNLL-2007 / LTH labels are the groups themselves.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §6.4 and Table 6.
Sagae, Davis, Lavie, MacWhinney & Wintner (2010), Morphosyntactic annotation
of CHILDES transcripts, J. Child Language (the GRASP labels).

Example
-------
>>> relation_group("nsubj:pass", "ud"), relation_group("CONJ", "childes")
('SBJ', 'CC')
>>> relation_group("QUANT-OBJ"), relation_group("det")
('OBJ', 'NMOD')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from induceval.errors import check_choice

__all__ = ["TABLE6_GROUPS", "UD_TO_TABLE6", "CHILDES_TO_TABLE6", "CONLL_TO_TABLE6", "SCHEMES",
           "relation_group", "detect_scheme", "group_mapper"]

#: The relation groups of Gelling et al. 2012, Table 6, plus OTHER, in display order.
TABLE6_GROUPS: tuple[str, ...] = ("ROOT", "SBJ", "OBJ", "PRD", "NMOD", "COORD", "CC", "OTHER")

#: Universal Dependencies (v2) universal relation -> Table 6 group.
UD_TO_TABLE6: dict[str, str] = {
    "root": "ROOT",
    "nsubj": "SBJ", "csubj": "SBJ",
    "obj": "OBJ", "iobj": "OBJ", "ccomp": "OBJ",
    "cop": "PRD",
    "det": "NMOD", "amod": "NMOD", "nmod": "NMOD", "nummod": "NMOD", "compound": "NMOD",
    "acl": "NMOD", "clf": "NMOD",
    "conj": "COORD",
    "cc": "CC",
}

#: CHILDES GRASP (%gra, %xgrt) relation -> Table 6 group.
CHILDES_TO_TABLE6: dict[str, str] = {
    "ROOT": "ROOT", "INCROOT": "ROOT",
    "SUBJ": "SBJ", "CSUBJ": "SBJ", "XSUBJ": "SBJ", "ESUBJ": "SBJ",
    "OBJ": "OBJ", "OBJ2": "OBJ", "IOBJ": "OBJ", "COMP": "OBJ",
    "PRED": "PRD", "CPRED": "PRD", "XPRED": "PRD",
    "DET": "NMOD", "QUANT": "NMOD", "MOD": "NMOD", "CMOD": "NMOD", "XMOD": "NMOD",
    "POSS": "NMOD", "NJCT": "NMOD", "PQ": "NMOD", "NAME": "NMOD",
    "COORD": "COORD", "ENUM": "COORD",
    "CONJ": "CC",
}

#: CoNLL-2007 / LTH Penn treebank labels -> Table 6 group (identity on the groups).
CONLL_TO_TABLE6: dict[str, str] = {g: g for g in TABLE6_GROUPS if g != "OTHER"}

#: scheme name -> map
SCHEMES: dict[str, Mapping[str, str]] = {
    "ud": UD_TO_TABLE6,
    "childes": CHILDES_TO_TABLE6,
    "conll": CONLL_TO_TABLE6,
}

_CHILDES_MARKERS = {"SUBJ", "JCT", "POBJ", "INCROOT", "QUANT", "COM", "XCOMP"}


def detect_scheme(labels: Iterable[str | None]) -> str:
    """Guess the label scheme (``ud``, ``childes`` or ``conll``) from the labels used.

    Parameters
    ----------
    labels
        The relation labels of a corpus (``None`` ignored).

    Returns
    -------
    str
        ``"ud"``, ``"childes"`` or ``"conll"``.

    Example
    -------
    >>> detect_scheme(["nsubj", "obj", "root"]), detect_scheme(["SUBJ", "ROOT"])
    ('ud', 'childes')
    """
    labels = [lab for lab in labels if lab]
    if any(lab.islower() for lab in labels):   # UD labels are lower case
        return "ud"
    childes = _CHILDES_MARKERS | (set(CHILDES_TO_TABLE6) - set(CONLL_TO_TABLE6))
    if {part for lab in labels for part in lab.split("-")} & childes:
        return "childes"
    return "conll"


def relation_group(label: str | None, scheme: str = "auto") -> str:
    """The Gelling et al. 2012, Table 6 group of one gold relation label (see the module notes).

    ``ROOT`` here follows the label; :func:`evaluate_dependencies` assigns
    ``ROOT`` by the gold head instead.

    Parameters
    ----------
    label
        A gold relation label (``None``: no label).
    scheme
        ``"ud"``, ``"childes"``, ``"conll"`` or ``"auto"`` (from the label).

    Returns
    -------
    str
        The group, e.g. ``"SBJ"``, ``"NMOD"``; ``"OTHER"`` when none fits.

    Example
    -------
    >>> relation_group("nsubj"), relation_group("SUBJ", "childes"), relation_group("amod")
    ('SBJ', 'SBJ', 'NMOD')
    """
    if label is None or label in ("", "_"):
        return "OTHER"
    if scheme == "auto":
        scheme = detect_scheme([label])
    check_choice("scheme", scheme, tuple(SCHEMES))
    table = SCHEMES[scheme]
    if scheme == "ud":
        return table.get(label.split(":")[0].lower(), "OTHER")
    if scheme == "childes":
        return table.get(label.split("-")[-1].upper(), "OTHER")
    return table.get(label.upper(), "OTHER")


def group_mapper(labels: Iterable[str | None],
                 scheme: str | Mapping[str, str] | Callable[[str], str] = "auto"
                 ) -> Callable[[str | None], str]:
    """A function label -> group for the given scheme (``auto`` looks at ``labels``).

    ``scheme`` may also be a dict (label -> group, missing -> ``OTHER``) or a
    callable, for user-defined granularities.

    Parameters
    ----------
    labels
        The corpus's relation labels, read when ``scheme`` is ``"auto"``.
    scheme
        A scheme name, ``"auto"``, a dict label -> group or a callable.

    Returns
    -------
    callable
        Label (or ``None``) -> group.

    Example
    -------
    >>> to_group = group_mapper(["nsubj", "obj"])
    >>> to_group("nsubj"), to_group("obj"), to_group(None)
    ('SBJ', 'OBJ', 'OTHER')
    >>> group_mapper([], {"nsubj": "SUBJ"})("xcomp")
    'OTHER'
    """
    if callable(scheme):
        return scheme
    if isinstance(scheme, Mapping):
        mapping = dict(scheme)
        return lambda lab: mapping.get(lab, "OTHER") if lab is not None else "OTHER"
    if scheme == "auto":
        scheme = detect_scheme(labels)
    check_choice("scheme", scheme, tuple(SCHEMES))
    return lambda lab: relation_group(lab, scheme)
