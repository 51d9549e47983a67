"""CHILDES-specific transforms: child-directed speech, clitic splitting.

Frank, Goldwater & Keller (2009) prepare the Manchester corpus this way:
"we removed all child utterances, as well as any utterances containing
unintelligible words; additionally, we split contractions (e.g., aren't)
into separate words".  :func:`select_child_directed` does the first two;
:func:`split_clitics` the third, for corpora whose clitics are not already
split (the CHAT reader splits them by default, following ``%mor``).

References
----------
Frank, S., Goldwater, S. & Keller, F. (2009). Evaluating models of syntactic
category acquisition without using a gold standard. *Proc. CogSci 31*.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["it's", "red", "."]}, {"speaker": "MOT", "role": "Mother"})
>>> b.add_sentence({"form": ["red", "."]}, {"speaker": "CHI", "role": "Target_Child"})
>>> c = split_clitics(select_child_directed(b.build()))
>>> c.n_sentences, c.sentence(0).strings("form")
(1, ['it', "'s", 'red', '.'])
"""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np

from induceval.corpus.model import MISSING, Column, Corpus, ReadReport, Vocabulary
from induceval.errors import check_choice

__all__ = ["select_child_directed", "split_clitics", "split_contraction", "UNINTELLIGIBLE",
           "CHILD_ROLES"]

#: Forms marking unintelligible speech in CHAT.
UNINTELLIGIBLE = frozenset({"xxx", "yyy", "www"})
#: Roles whose utterances are not child-directed.
CHILD_ROLES = frozenset({"Target_Child"})

_PUNCT_XPOS = frozenset({".", "?", "!", "+...", "+..?", "+!?", "+/.", "+/?", "+//.", "+//?",
                         '+"/.', '+".', "+.", "cm", "beg", "end", "bq", "eq"})
_CONTRACTION = re.compile(r"(?i)(.*[a-z])(n't|'s|'re|'ve|'ll|'d|'m)\Z")


def select_child_directed(corpus: Corpus, drop_unintelligible: bool = True, *,
                          drop_empty: bool = True, child_speakers: tuple = ("CHI",)
                          ) -> Corpus:
    """Keep the utterances addressed to the child.

    Drops (and counts in ``report.counts``) utterances

    - of the target child: role ``Target_Child`` (sentence column ``role``)
      or speaker code in ``child_speakers`` (column ``speaker``; ``"CHI"``):
      ``"utterances dropped: child"``;
    - holding unintelligible speech (``drop_unintelligible``, as Frank et al.
      2009): the sentence column ``unintelligible == "yes"`` set by the CHAT
      reader, or a token ``xxx``/``yyy``/``www``:
      ``"utterances dropped: unintelligible"``;
    - with no word left (``drop_empty``): only punctuation tokens (``xpos``
      a CHAT punctuation item, or a form without letters or digits), e.g.
      ``0 [=! laughs] .``: ``"utterances dropped: no words"``.

    Parameters
    ----------
    corpus
        The corpus.
    drop_unintelligible
        Drop utterances holding unintelligible speech.
    drop_empty
        Drop utterances with no word left.
    child_speakers
        Speaker codes of the target child.

    Returns
    -------
    Corpus
        A new corpus of the kept utterances, the drops counted in its report.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi", "."]}, {"speaker": "MOT", "unintelligible": "no"})
    >>> b.add_sentence({"form": ["get", "."]}, {"speaker": "MOT", "unintelligible": "yes"})
    >>> b.add_sentence({"form": ["."]}, {"speaker": "FAT", "unintelligible": "no"})
    >>> c = select_child_directed(b.build())
    >>> c.n_sentences, c.report.counts["utterances dropped: unintelligible"]
    (1, 1)
    >>> counts = c.report.counts
    >>> counts["utterances dropped: child"], counts["utterances dropped: no words"]
    (0, 1)
    """
    n = corpus.n_sentences
    keep = np.ones(n, dtype=bool)
    report = ReadReport().merge(corpus.report)

    def sent_mask(column: str, values) -> np.ndarray:
        col = corpus.sentences.get(column)
        if col is None or col.vocab is None:
            return np.zeros(n, dtype=bool)
        codes = [col.vocab.id(v) for v in values]
        codes = [c for c in codes if c >= 0]
        return np.isin(col.values, codes) if codes else np.zeros(n, dtype=bool)

    child = sent_mask("role", CHILD_ROLES) | sent_mask("speaker", child_speakers)
    report.count("utterances dropped: child", int(child.sum()))
    keep &= ~child
    if drop_unintelligible:
        unk = sent_mask("unintelligible", ["yes"])
        form = corpus.tokens["form"]
        tok_unk = np.isin(form.values, [form.vocab.id(w) for w in UNINTELLIGIBLE
                                        if w in form.vocab])
        if tok_unk.any():
            unk |= np.bincount(corpus.sentence_ids()[tok_unk], minlength=n) > 0
        report.count("utterances dropped: unintelligible", int((keep & unk).sum()))
        keep &= ~unk
    if drop_empty:
        fv, xv = corpus.tokens["form"], corpus.tokens.get("xpos")
        pf = np.array([not any(ch.isalnum() for ch in f) for f in fv.vocab.items], dtype=bool)
        if xv is not None and xv.vocab is not None:
            px = np.array([x in _PUNCT_XPOS for x in xv.vocab.items] + [False])
            is_punct = np.where(xv.values >= 0, px[xv.values], pf[fv.values])
        else:
            is_punct = pf[fv.values] if len(pf) else np.zeros(0, dtype=bool)
        words = np.bincount(corpus.sentence_ids()[~is_punct], minlength=n)
        empty = keep & (words == 0)
        report.count("utterances dropped: no words", int(empty.sum()))
        keep &= ~empty
    return replace(corpus.select(keep), report=report)


def split_contraction(form: str) -> list[str]:
    """Split an English contraction into host and clitics (Penn Treebank style).

    Repeatedly from the right, a final ``n't``, ``'s``, ``'re``, ``'ve``,
    ``'ll``, ``'d`` or ``'m`` (case-insensitive) becomes its own token when a
    letter precedes it: ``don't`` -> ``do n't``, ``can't`` -> ``ca n't``,
    ``won't`` -> ``wo n't``, ``it's`` -> ``it 's``, ``shouldn't've`` ->
    ``should n't 've``.  Other apostrophes (``o'clock``, ``'cause``) are left alone.

    Parameters
    ----------
    form
        A word form.

    Returns
    -------
    list of str
        The host and its clitics (the form alone when it has none).

    Example
    -------
    >>> split_contraction("aren't"), split_contraction("let's"), split_contraction("o'clock")
    (['are', "n't"], ['let', "'s"], ["o'clock"])
    """
    parts: list[str] = []
    rest = form
    while (m := _CONTRACTION.match(rest)) is not None:
        rest = m.group(1)
        parts.append(m.group(2))
    parts.append(rest)
    parts.reverse()
    return parts


def split_clitics(corpus: Corpus, *, heads: str = "attach") -> Corpus:
    """Split English contractions into separate tokens (see :func:`split_contraction`).

    For corpora read without clitic splitting (``read_corpus(..., split_clitics=False)``
    on CHAT, or plain text).  Categorical token columns: a value joined with
    ``~`` with as many parts as the word (``pro~aux`` from the CHAT reader) is
    split part by part; otherwise the host keeps the value and the clitic
    parts get a missing value (-1).  A word whose form has no such
    contraction (``wanna``) stays one token and keeps its values (``v~inf``).
    The number of tokens added is counted in ``report.counts["clitics split"]``.

    Parameters
    ----------
    corpus
        The corpus.
    heads
        ``"attach"`` (default): dependency columns (``head``, ``head@*``) are
        renumbered, the host keeps the word's attachment and each clitic
        attaches to its host with a missing relation; ``"drop"``: the
        dependency columns are removed.

    Returns
    -------
    Corpus
        A new corpus with the contractions split.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["you", "don't", "know"], "xpos": ["pro", "mod~neg", "v"],
    ...                 "head": [3, 3, 0]})
    >>> s = split_clitics(b.build()).sentence(0)
    >>> s.strings("form"), s.strings("xpos"), s.strings("head")
    (['you', 'do', "n't", 'know'], ['pro', 'mod', 'neg', 'v'], [4, 4, 2, 0])
    """
    check_choice("heads", heads, ("attach", "drop"))
    form = corpus.tokens["form"]
    assert form.vocab is not None
    nparts_v = np.array([len(split_contraction(f)) for f in form.vocab.items], dtype=np.int64)
    if len(nparts_v) == 0 or nparts_v.max() <= 1:
        return corpus
    maxp = int(nparts_v.max())
    tok_n = nparts_v[form.values] if corpus.n_tokens else np.zeros(0, dtype=np.int64)
    n_new = int(tok_n.sum())
    new_start = np.cumsum(tok_n) - tok_n  # global new index of each old token's host
    rep = np.repeat(np.arange(corpus.n_tokens), tok_n)
    within = np.arange(n_new) - np.repeat(new_start, tok_n)
    tokens: dict[str, Column] = {}
    for name, col in corpus.tokens.items():
        if col.vocab is None:
            continue
        tab, cnt, out = _split_table(col.vocab, split_contraction if name == "form" else
                                     (lambda s: s.split("~")), maxp)
        src = col.values[rep]
        safe = np.where(src >= 0, src, len(col.vocab))
        if name == "form":
            new = tab[safe, within]
        else:  # split part by part when the value has as many parts as the word
            new = np.where(cnt[safe] == tok_n[rep], tab[safe, np.minimum(within, maxp - 1)],
                           np.where(within == 0, src, MISSING))
        tokens[name] = Column(new.astype(np.int32), out)
    sid = corpus.sentence_ids()
    new_off = np.zeros_like(corpus.offsets)
    new_off[1:] = np.cumsum(np.bincount(sid, weights=tok_n, minlength=corpus.n_sentences)
                            ).astype(np.int64) if corpus.n_tokens else 0
    host_local = new_start - new_off[sid] + 1  # 1-based index of each old token's host
    for name, col in corpus.tokens.items():
        if col.vocab is not None:
            continue
        if not (name == "head" or name.startswith("head@")):
            tokens[name] = Column(col.values[rep], None)
        elif heads == "attach":
            h = col.values.astype(np.int64)
            g = corpus.offsets[sid] + h - 1
            mapped = np.where(h > 0, host_local[np.clip(g, 0, max(corpus.n_tokens - 1, 0))], h)
            tokens[name] = Column(np.where(within == 0, mapped[rep], host_local[rep]
                                           ).astype(np.int32))
            rel = "deprel" + name[4:]
            if rel in tokens:  # a clitic attaches to its host with no relation
                rv = tokens[rel].values.copy()
                rv[within > 0] = MISSING
                tokens[rel] = Column(rv, tokens[rel].vocab)
    if heads == "drop":
        tokens = {k: v for k, v in tokens.items() if not k.startswith("deprel")}
    report = ReadReport().merge(corpus.report)
    report.count("clitics split", int(n_new - corpus.n_tokens))
    return replace(corpus, offsets=new_off, tokens=tokens, report=report)


def _split_table(vocab: Vocabulary, splitter, maxp: int
                 ) -> tuple[np.ndarray, np.ndarray, Vocabulary]:
    """Per value (and missing, last): its parts' codes, its number of parts (a value of
    more than ``maxp`` parts stays whole), and the vocabulary of values and parts."""
    out = Vocabulary(vocab.items)
    tab = np.full((len(vocab) + 1, maxp), MISSING, dtype=np.int32)
    cnt = np.zeros(len(vocab) + 1, dtype=np.int64)
    for i, item in enumerate(vocab.items):
        ps = splitter(item)
        if len(ps) > maxp:
            ps = [item]
        tab[i, : len(ps)] = [out.add(p) for p in ps]
        cnt[i] = len(ps)
    return tab, cnt, out
