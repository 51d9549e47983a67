"""Punctuation: which tokens are punctuation, and removing them with re-attachment.

Dependency evaluation in the PASCAL 2012 challenge removes punctuation
before scoring, and "any child words under a punctuation node were
re-attached to their nearest ancestor that wasn't punctuation" (Gelling et
al. 2012, §2.3).  :func:`remove_tokens` implements that re-attachment for any
set of removed tokens, in ``head`` and in every second reference
``head@NAME``; :func:`remove_punctuation` applies it to the tokens chosen by
a punctuation *policy*.

Policies
--------
``"upos"``
    Gold universal tag ``PUNCT`` (UD) or ``.`` (Petrov et al. 2011) in the
    ``upos`` column.  An error lists the columns when there is no ``upos``.
``"tags:A,B"``
    The listed tags, looked up in ``xpos`` when the corpus has it, else in
    ``cpos``.  ``"tags@COLUMN:A,B"`` names the column explicitly.  Tags are
    separated by commas; when the list contains a space it is split on
    whitespace instead, so the PTB comma tag can be listed:
    ``"tags:. , : `` ''"``; ``"tags:,"`` alone means the comma tag.
``"unicode"``
    The form is non-empty and every character is in a Unicode punctuation
    category (``Pc Pd Ps Pe Pi Pf Po``) or symbol category
    (``Sm Sc Sk So``).  Symbols are included because tag sets treat ``$``,
    ``#``, ``%`` or ``+`` like punctuation (``$`` and ``#`` are ``.`` in
    Petrov et al.'s PTB map).  Letters, digits and marks are never
    punctuation, so ``"--"`` and ``"..."`` are, ``"a."`` is not.
``"ptb"``
    The Penn Treebank punctuation tags :data:`PTB_PUNCT_TAGS`
    (``, . : `` '' -LRB- -RRB- # $``) in ``xpos``.
``"childes"``
    The CHILDES ``%mor`` punctuation items
    (:data:`induceval.corpus.tagsets.childes.PUNCT_POS`) in ``xpos``, else
    ``cpos``.
``"keep"``
    Nothing is punctuation; removal is a no-op.
``"auto"``
    ``upos``, ``ptb``, ``childes`` or ``unicode`` by the corpus's tags
    (:func:`detect_gold_scheme`); every command resolves it the same way
    (:func:`resolve_punct_policy`) and records the resolved policy.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, replace

import numpy as np

from induceval.corpus.model import Column, Corpus, ReadReport
from induceval.corpus.trees import _chain_ends
from induceval.errors import InducevalError, ParameterError

__all__ = ["GoldScheme", "gold_scheme_from_counts", "scheme_label_counts", "PTB_PUNCT_TAGS",
           "PUNCT_POLICIES", "PUNCT_UPOS", "UNICODE_PUNCT_CATEGORIES", "Removal",
           "check_punct_policy", "detect_gold_scheme", "resolve_punct_policy", "head_columns",
           "is_unicode_punct", "punctuation_mask", "remove_punctuation", "remove_tokens",
           "remove_tokens_detailed"]

#: The policy names (``tags:...`` and ``tags@COL:...`` take tag lists).
PUNCT_POLICIES = ("auto", "upos", "ptb", "childes", "tags:TAG1,TAG2", "unicode", "keep")

#: Penn Treebank punctuation tags (the PASCAL 2012 and Klein & Manning WSJ setting).
PTB_PUNCT_TAGS = frozenset({",", ".", ":", "``", "''", "-LRB-", "-RRB-", "#", "$"})

#: Values of the ``upos`` column that count as punctuation (UD and Petrov et al. 2011).
PUNCT_UPOS = frozenset({"PUNCT", "."})

#: Unicode general categories of the ``"unicode"`` policy.
UNICODE_PUNCT_CATEGORIES = frozenset({"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po",
                                      "Sm", "Sc", "Sk", "So"})


def is_unicode_punct(form: str | None) -> bool:
    """True when ``form`` is non-empty and all its characters are punctuation or symbols.

    Parameters
    ----------
    form
        A word form, or ``None``.

    Returns
    -------
    bool
        Whether it is all punctuation or symbols.

    Example
    -------
    >>> [is_unicode_punct(s) for s in (".", "--", "¿", "$", "a.", "", "3")]
    [True, True, True, True, False, False, False]
    """
    return bool(form) and all(unicodedata.category(ch) in UNICODE_PUNCT_CATEGORIES for ch in form)


def check_punct_policy(policy: str) -> None:
    """Raise :class:`ParameterError` unless ``policy`` is a valid policy string.

    Parameters
    ----------
    policy
        A policy string: ``auto``, ``upos``, ``ptb``, ``childes``,
        ``tags:TAG1,TAG2``, ``unicode`` or ``keep``.

    Example
    -------
    >>> check_punct_policy("tags:.,PUNCT")
    >>> check_punct_policy("nope")
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: punctuation policy must be one of auto, upos, ptb, childes, \
tags:TAG1,TAG2, unicode, keep; got 'nope'
    """
    if not isinstance(policy, str):
        raise ParameterError(f"punctuation policy must be a string; got {policy!r}")
    if policy in ("auto", "upos", "ptb", "childes", "unicode", "keep"):
        return
    if policy.startswith("tags:") or policy.startswith("tags@"):
        head, sep, tags = policy.partition(":")
        if not sep or not _split_tags(tags):
            raise ParameterError(f"punctuation policy {policy!r} lists no tags; "
                                 "write e.g. 'tags:.,:' or 'tags@cpos:punct'")
        if head.startswith("tags@") and not head[5:]:
            raise ParameterError(f"punctuation policy {policy!r} names no column")
        return
    raise ParameterError(f"punctuation policy must be one of {', '.join(PUNCT_POLICIES)}; "
                         f"got {policy!r}")


def _split_tags(text: str) -> frozenset[str]:
    if any(ch.isspace() for ch in text):
        return frozenset(text.split())
    if text == ",":
        return frozenset({","})
    return frozenset(t for t in text.split(",") if t)


def _column_mask(corpus: Corpus, column: str, accept) -> np.ndarray:
    """Token mask: the decoded value of categorical ``column`` satisfies ``accept``; a
    token without a value is punctuation when its form is (:func:`is_unicode_punct`)."""
    col = corpus.column(column)
    if col.vocab is None:
        raise InducevalError(f"column {column!r} is not categorical")
    mask = np.array([bool(accept(s)) for s in col.vocab.items] + [False], dtype=bool)[col.values]
    untagged = col.values < 0
    if untagged.any() and column != "form":
        # e.g. a CHAT utterance without %mor: its terminator "." is no word
        mask[untagged] = _column_mask(corpus, "form", is_unicode_punct)[untagged]
    return mask


def _no_column(corpus: Corpus, what: str, hint: str) -> InducevalError:
    return InducevalError(f"punctuation policy {what}; corpus {corpus.name or '<unnamed>'} has: "
                          f"{', '.join(sorted(corpus.tokens))} ({hint})")


def punctuation_mask(corpus: Corpus, policy: str = "upos") -> np.ndarray:
    """Boolean array over tokens: True for punctuation under ``policy`` (see the module
    docstring; a token without a tag is punctuation when its form is, as under
    ``"unicode"``; a missing form never is).

    Parameters
    ----------
    corpus
        The corpus.
    policy
        A concrete policy (not ``auto``; see :func:`resolve_punct_policy`).

    Returns
    -------
    numpy.ndarray
        A boolean mask over the tokens, ``True`` for punctuation.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi", ",", "you", "!"], "upos": ["INTJ", "PUNCT", "PRON", "PUNCT"],
    ...                 "xpos": ["UH", ",", "PRP", "."]})
    >>> c = b.build()
    >>> punctuation_mask(c).tolist(), punctuation_mask(c, "tags:,").tolist()
    ([False, True, False, True], [False, True, False, False])
    >>> punctuation_mask(c, "tags:. ,").tolist(), punctuation_mask(c, "tags:.,UH").tolist()
    ([False, True, False, True], [True, False, False, True])
    >>> punctuation_mask(c, "unicode").tolist(), punctuation_mask(c, "keep").tolist()
    ([False, True, False, True], [False, False, False, False])
    """
    check_punct_policy(policy)
    if policy == "auto":
        policy = resolve_punct_policy(corpus, policy)
    if policy == "keep":
        return np.zeros(corpus.n_tokens, dtype=bool)
    if policy in ("upos", "ptb", "childes"):
        from induceval.corpus.tagsets.childes import PUNCT_POS

        tags, cols = {"upos": (PUNCT_UPOS, ["upos"]), "ptb": (PTB_PUNCT_TAGS, ["xpos"]),
                      "childes": (PUNCT_POS, ["xpos", "cpos", "upos"])}[policy]
        for column in cols:
            if column in corpus.tokens:
                return _column_mask(corpus, column, tags.__contains__)
        raise _no_column(corpus, f"{policy!r} needs a {' or '.join(map(repr, cols))} token "
                         f"column", "use --punct "
                         f"{'tags:TAG1,TAG2' if policy == 'upos' else 'auto'}, unicode or keep")
    if policy == "unicode":
        return _column_mask(corpus, "form", is_unicode_punct)
    head, _, tag_list = policy.partition(":")
    if head.startswith("tags@"):
        column = head[5:]
    elif "xpos" in corpus.tokens:
        column = "xpos"
    elif "cpos" in corpus.tokens:
        column = "cpos"
    else:
        raise _no_column(corpus, f"{policy!r} looks tags up in 'xpos' or 'cpos'",
                         "name a column with tags@COLUMN:...")
    return _column_mask(corpus, column, _split_tags(tag_list).__contains__)


@dataclass(frozen=True)
class GoldScheme:
    """The gold tag column and punctuation policy detected from a corpus.

    ``tag_column``: ``upos``, ``xpos``, ``cpos`` or None (no tags); ``punct``: the
    policy (``upos``, ``ptb``, ``childes`` or ``unicode``); ``source``: what was
    recognised (``upos``, ``ptb``, ``childes`` or ``forms``).
    """

    tag_column: str | None
    punct: str
    source: str

    def describe(self) -> str:
        """One line for the notes of a result.

        Example
        -------
        >>> GoldScheme("xpos", "ptb", "ptb").describe()
        'gold tags: xpos (PTB); punctuation: ptb (detected)'
        """
        names = {"upos": "UPOS", "ptb": "PTB", "childes": "CHILDES", "forms": "no known tag set"}
        return (f"gold tags: {self.tag_column or 'none'} ({names[self.source]}); "
                f"punctuation: {self.punct} (detected)")


def scheme_label_counts(corpus: Corpus) -> dict[str, dict]:
    """Tokens per label of the ``upos``, ``xpos`` and ``cpos`` columns: what
    :func:`detect_gold_scheme` looks at.

    Additive: the counts of several files, summed label by label, detect the
    scheme of the files read as one corpus (:func:`gold_scheme_from_counts`).
    A column without a vocabulary counts its tokens under the label ``None``.

    Parameters
    ----------
    corpus
        The corpus.

    Returns
    -------
    dict of str to dict
        Column -> label -> tokens, for the tag columns the corpus has.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "."], "upos": ["X", "PUNCT"]})
    >>> scheme_label_counts(b.build())
    {'upos': {'X': 1, 'PUNCT': 1}}
    """
    out: dict[str, dict] = {}
    for column in ("upos", "xpos", "cpos"):
        col = corpus.tokens.get(column)
        if col is None:
            continue
        values = col.values[col.values >= 0]
        if col.vocab is None:
            out[column] = {None: int(len(values))} if len(values) else {}
            continue
        counts = np.bincount(values, minlength=len(col.vocab))
        out[column] = {item: int(c) for item, c in zip(col.vocab.items, counts.tolist()) if c}
    return out


def _share(counts: dict, accept) -> float:
    """Share of the counted tokens whose label satisfies ``accept`` (labels ``None``: never)."""
    total = sum(counts.values())
    hits = sum(c for item, c in counts.items() if item is not None and accept(item))
    return hits / total if total else 0.0


#: the 17 Universal Dependencies part-of-speech tags
UD_UPOS = frozenset({"ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART",
                     "PRON", "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X"})


def detect_gold_scheme(corpus: Corpus) -> GoldScheme:
    """Detect the gold tag column and the punctuation of a corpus.

    In order: UPOS where present (``upos`` column, at least 90% of its
    tagged tokens carrying one of the 17 UD tags: the cluster ids that
    ``induce tags`` writes into the UPOS slot are not UPOS); else PTB
    ``xpos`` (at least 90% of the tagged tokens carry Penn Treebank tags)
    with the PTB punctuation tags; else CHILDES ``%mor`` tags (90% of the
    tagged tokens in ``cpos``, else ``xpos``, are CHILDES parts of speech or
    punctuation items) with the CHILDES punctuation; else forms made of
    punctuation characters (``unicode``), with ``xpos`` (else ``cpos``) as
    the gold tags when present.  Every command uses this one function, and
    records the choice in its notes and signature.

    Parameters
    ----------
    corpus
        The gold corpus.

    Returns
    -------
    GoldScheme
        The gold tag column, the punctuation policy and the evidence
        (``source``) it was decided from.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["Hi", ",", "you", "."], "xpos": ["UH", ",", "PRP", "."]})
    >>> detect_gold_scheme(b.build())
    GoldScheme(tag_column='xpos', punct='ptb', source='ptb')
    """
    return gold_scheme_from_counts(scheme_label_counts(corpus))


def gold_scheme_from_counts(counts: dict[str, dict]) -> GoldScheme:
    """:func:`detect_gold_scheme` from :func:`scheme_label_counts` (summed over files).

    Parameters
    ----------
    counts
        Column -> label -> tokens, as from :func:`scheme_label_counts`.

    Returns
    -------
    GoldScheme
        The tag column, punctuation policy and what was recognised.

    Example
    -------
    >>> gold_scheme_from_counts({"xpos": {"NN": 9, "FOO": 1}})
    GoldScheme(tag_column='xpos', punct='ptb', source='ptb')
    """
    from induceval.corpus.tagsets.childes import COLLAPSED, PUNCT_POS
    from induceval.corpus.tagsets.ptb_universal import PTB_TO_UNIVERSAL

    def present(column: str) -> bool:
        return sum(counts.get(column, {}).values()) > 0

    # UD v1 (2014-2016) tagged with CONJ what v2 tags CCONJ
    if present("upos") and _share(counts["upos"], (UD_UPOS | {"CONJ"}).__contains__) >= 0.9:
        return GoldScheme("upos", "upos", "upos")
    if present("xpos") and _share(counts["xpos"], PTB_TO_UNIVERSAL.__contains__) >= 0.9:
        return GoldScheme("xpos", "ptb", "ptb")

    def childes(tag: str) -> bool:
        return tag in PUNCT_POS or tag.split(":")[0] in COLLAPSED or tag.split(":")[0] in _CHILDES

    for column in ("cpos", "upos", "xpos"):   # upos: CHAT's coarse tags written as CoNLL-U
        if present(column) and _share(counts[column], childes) >= 0.9:
            return GoldScheme(column, "childes", "childes")
    tag = next((c for c in ("xpos", "cpos") if present(c)), None)
    return GoldScheme(tag, "unicode", "forms")


#: further CHILDES %mor parts of speech (besides the collapsed map's keys)
_CHILDES = frozenset({"pro", "co", "mod", "aux", "inf", "poss", "int", "post", "chi", "on",
                      "meta", "rel", "test", "bab", "wplay", "fil", "sing", "neo", "dia",
                      "fam", "L2", "n:let", "beg", "end", "cm", "bq", "eq", "qn", "neg"})


def resolve_punct_policy(corpus: Corpus, policy: str = "auto") -> str:
    """The concrete policy: ``auto`` resolved by :func:`detect_gold_scheme`, others as given.

    Parameters
    ----------
    corpus
        The corpus.
    policy
        A policy string (see :func:`check_punct_policy`).

    Returns
    -------
    str
        The policy, ``auto`` replaced by the detected one.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "."], "upos": ["X", "PUNCT"]})
    >>> resolve_punct_policy(b.build()), resolve_punct_policy(b.build(), "keep")
    ('upos', 'keep')
    """
    check_punct_policy(policy)
    return detect_gold_scheme(corpus).punct if policy == "auto" else policy


def head_columns(corpus: Corpus) -> list[str]:
    """Names of the dependency head columns: ``head`` and every ``head@NAME``.

    Parameters
    ----------
    corpus
        The corpus.

    Returns
    -------
    list of str
        The head columns, in the corpus's column order.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a"], "head": [0], "head@x": [0]})
    >>> head_columns(b.build())
    ['head', 'head@x']
    """
    return [k for k in corpus.tokens if k == "head" or k.startswith("head@")]


def copy_report(report: ReadReport) -> ReadReport:
    """A copy of a report that transforms can add counts to (the input stays unchanged)."""
    return ReadReport(files=list(report.files), counts=report.counts.copy(),
                      skipped=report.skipped.copy(), examples=dict(report.examples),
                      skipped_files=dict(report.skipped_files))


def _reattach(heads: np.ndarray, sent_start: np.ndarray, lengths_of_tok: np.ndarray,
              removed: np.ndarray, new_pos: np.ndarray) -> tuple[np.ndarray, int, int]:
    """Re-attach one head column; return (new heads of all tokens, n_invalid, n_cyclic).

    ``sent_start``/``lengths_of_tok``: per token, its sentence's first global
    index and length; ``new_pos``: its 0-based position after removal.  The
    result holds heads for *all* tokens (the caller drops the removed ones).
    Each head chain is followed past removed tokens to the nearest kept
    ancestor (or the root); a chain that loops through removed tokens only
    (possible in predicted trees) leaves the dependent without a head
    (``-1``), counted as ``n_cyclic``.  Pointer doubling, as
    :func:`induceval.corpus.trees.sentence_diagnostics`: no compiled kernel,
    so scoring never loads numba.
    """
    removed = np.asarray(removed, dtype=bool)
    n = len(heads)
    index_t = np.int32 if n + 2 < 2**31 else np.int64
    h = np.asarray(heads).astype(index_t, copy=False)
    start = np.asarray(sent_start).astype(index_t, copy=False)
    length = np.asarray(lengths_of_tok).astype(index_t, copy=False)
    root, missing = n, n + 1
    valid = (h >= 0) & (h <= length)
    target = start + h
    target -= 1
    target[h == 0] = root
    target[~valid] = missing
    # one step of a chain: a kept token is where it ends; a removed one passes to its head
    step = np.empty(n + 2, dtype=index_t)
    step[:n] = np.arange(n, dtype=index_t)
    step[:n][removed] = target[removed]
    step[n], step[n + 1] = root, missing
    # where each token's own head chain ends: a kept token, the root, missing, or a cycle
    land = _chain_ends(step, int(length.max()) if n else 0)[target]
    lost = (land < n) & np.concatenate((removed, [False, False]))[land]
    out = np.full(n, -1, dtype=np.int32)
    to_kept = (land < n) & ~lost
    out[to_kept] = new_pos[land[to_kept]] + 1
    out[land == root] = 0
    n_invalid = int(np.count_nonzero(~valid))
    n_cyclic = int(np.count_nonzero(lost & (h > 0) & ~removed))
    return out, n_invalid, n_cyclic


@dataclass(frozen=True)
class Removal:
    """What :func:`remove_tokens_detailed` did.

    Attributes
    ----------
    corpus, removed
        The corpus without the removed tokens (empty sentences kept); the
        boolean token mask over the *input* corpus.
    n_removed, n_emptied
        Tokens removed; sentences that had tokens and became empty.
    n_invalid_heads, n_lost_heads
        Heads outside ``0..len(sentence)`` (or negative other than -1) in the
        input, and kept tokens whose head chain ended in a cycle of removed
        tokens; both become missing (-1).  Summed over head columns.
    """

    corpus: Corpus
    removed: np.ndarray
    n_removed: int
    n_emptied: int
    n_invalid_heads: int = 0
    n_lost_heads: int = 0


def remove_tokens_detailed(corpus: Corpus, remove: np.ndarray, *, what: str = "tokens") -> Removal:
    """Remove tokens, re-attaching their dependents; return the details.

    See :func:`remove_tokens`.  ``what`` names the removed tokens in the
    report counts (e.g. ``"punctuation tokens"``).

    Parameters
    ----------
    corpus
        The corpus.
    remove
        A boolean mask over the tokens, ``True`` for those removed.
    what
        What the removed tokens are called in the report counts.

    Returns
    -------
    Removal
        The new corpus, the mask, and the counts of removed tokens, emptied
        sentences and invalid or lost heads.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["a", "b", "c"], "head": [2, 0, 2]})
    >>> r = remove_tokens_detailed(b.build(), [False, True, False])
    >>> r.n_removed, r.n_emptied, r.corpus.tokens["head"].values.tolist()
    (1, 0, [0, 0])
    """
    remove = np.asarray(remove, dtype=bool)
    if remove.shape != (corpus.n_tokens,):
        raise InducevalError(f"mask has {remove.size} entries for {corpus.n_tokens} tokens")
    n_removed = int(np.count_nonzero(remove))
    lengths, report = corpus.lengths, copy_report(corpus.report)
    if n_removed == 0:
        report.count(f"removed {what}", 0)
        return Removal(replace(corpus, report=report), remove, 0, 0)
    keep = ~remove
    # token indices in int32 below 2**31 tokens (half the memory of int64)
    index_t = np.int32 if corpus.n_tokens + 2 < 2**31 else np.int64
    kept_cum = np.zeros(corpus.n_tokens + 1, dtype=index_t)
    np.cumsum(keep, out=kept_cum[1:])
    new_offsets = kept_cum[corpus.offsets].astype(np.int64)
    n_emptied = int(np.count_nonzero((np.diff(new_offsets) == 0) & (lengths > 0)))
    starts_of_tok = np.repeat(corpus.offsets[:-1].astype(index_t), lengths)
    len_of_tok = np.repeat(lengths.astype(index_t), lengths)
    new_pos = kept_cum[:-1]
    new_pos -= np.repeat(new_offsets[:-1].astype(index_t), lengths)
    del kept_cum
    columns: dict[str, Column] = {}
    n_invalid = n_lost = 0
    for name in head_columns(corpus):
        heads = corpus.tokens[name].values
        new_h, inv, lost = _reattach(heads, starts_of_tok, len_of_tok, remove, new_pos)
        n_invalid += inv - int(np.count_nonzero(heads == -1))  # missing heads are not invalid
        n_lost += lost
        columns[name] = Column(new_h[keep])
    for name, col in corpus.tokens.items():
        if name not in columns:
            columns[name] = col.take(keep)
    report.count(f"removed {what}", n_removed)
    report.count(f"sentences empty after removing {what}", n_emptied)
    if n_invalid:
        report.count("invalid heads set to missing", n_invalid)
    if n_lost:
        report.count(f"heads lost in cycles of removed {what}", n_lost)
    return Removal(Corpus(offsets=new_offsets, tokens=columns, sentences=corpus.sentences,
                          report=report, name=corpus.name),
                   remove, n_removed, n_emptied, n_invalid, n_lost)


def remove_tokens(corpus: Corpus, remove: np.ndarray, *, what: str = "tokens") -> Corpus:
    """Remove the tokens where ``remove`` is true and re-attach their dependents.

    A kept token whose head is removed is attached to its nearest kept
    ancestor, or to the root (``0``) when every ancestor is removed, in
    ``head`` and every ``head@NAME``; heads are renumbered.  Sentences that
    lose all their tokens are **kept, empty** (``filter_max_length`` keeps
    them, ``drop_empty`` drops them), so sentences stay aligned with the
    input.  Counts go to a copy of the report, under ``"removed <what>"`` and
    ``"sentences empty after removing <what>"``; heads outside ``0..len``
    become missing (``-1``), counted.

    Parameters
    ----------
    corpus
        The corpus.
    remove
        A boolean mask over the tokens, ``True`` for those removed.
    what
        What the removed tokens are called in the report counts.

    Returns
    -------
    Corpus
        A new corpus without the removed tokens, its heads re-attached.

    References
    ----------
    Gelling et al. (2012), §2.3: "any child words under a punctuation node
    were re-attached to their nearest ancestor that wasn't punctuation".

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["a", "b", "c"], "head": [2, 0, 2]})
    >>> remove_tokens(b.build(), [False, True, False]).tokens["head"].values.tolist()
    [0, 0]
    """
    return remove_tokens_detailed(corpus, remove, what=what).corpus


def remove_punctuation(corpus: Corpus, policy: str = "upos") -> Corpus:
    """Remove punctuation tokens (by ``policy``, see :func:`punctuation_mask`) and
    re-attach their dependents (:func:`remove_tokens`, ``what="punctuation tokens"``).

    Empty sentences are kept (drop them with
    :func:`induceval.corpus.transforms.drop_empty`).

    Parameters
    ----------
    corpus
        The corpus (its ``head`` and every ``head@NAME`` column re-attached).
    policy
        ``"upos"``, ``"tags:A,B"``, ``"unicode"`` or ``"keep"``
        (:data:`PUNCT_POLICIES`).

    Returns
    -------
    Corpus
        A new corpus without the punctuation tokens; their number is counted
        in ``report.counts["removed punctuation tokens"]``.

    References
    ----------
    Gelling et al. (2012), §2.3.

    Example
    -------
    The comma heads "you" (a hand-made worst case): "you" moves up to the
    comma's head "hi"; the final "!" is the root, so "hi" re-attaches to 0.

    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi", ",", "you", "!"], "upos": ["INTJ", "PUNCT", "PRON", "PUNCT"],
    ...                 "head": [4, 1, 2, 0]})
    >>> c = remove_punctuation(b.build())
    >>> c.sentence(0).strings("form"), c.tokens["head"].values.tolist()
    (['hi', 'you'], [0, 1])
    >>> c.report.counts["removed punctuation tokens"]
    2
    """
    return remove_tokens(corpus, punctuation_mask(corpus, policy), what="punctuation tokens")
