"""Utterances as bags of word ids: what WOPA learns from and what it scores.

Word Order Prediction Accuracy (Chang, Lieven & Tomasello 2006) needs no
tags: a corpus becomes utterances of word ids, punctuation removed, each with
its *initial previous word* (its last punctuation token, the terminator),
over one vocabulary shared by training and test utterances.  The learners
(:mod:`induceval.models.wopa`) and the measure (:mod:`induceval.measures.wopa`)
both work on :class:`Utterances`.

Example
-------
>>> u = Utterances.from_lists([["it", "is", "here"], ["go"]])
>>> u.lengths.tolist(), u.as_lists()[1]
([3, 1], ['.', 'go'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus, _ranges_index
from induceval.errors import ParameterError, check_choice

__all__ = ["Utterances", "utterances_from_corpus", "split_speakers", "END", "NO_PUNCT",
           "INITIAL"]

#: Marker string of the end of an utterance (right element of the last frame).
END = "</u>"
#: Initial previous word of an utterance that has no punctuation.
NO_PUNCT = "<no-punct>"
#: Choices of the initial previous word.
INITIAL = ("punct", "boundary")


@dataclass
class Utterances:
    """Utterances as integer word ids, punctuation removed.

    Attributes
    ----------
    offsets
        ``int64``, length ``n + 1``: utterance ``i`` holds
        ``words[offsets[i]:offsets[i+1]]``.
    words
        ``int32`` word ids over :attr:`vocab`.
    start
        ``int32`` per utterance: the id of the initial previous word (the
        utterance-final punctuation, or :data:`NO_PUNCT`).
    vocab
        Id -> string; includes the punctuation marks, :data:`END` and
        :data:`NO_PUNCT`.  Training and test utterances share it.
    index
        Per utterance, the index of its sentence in the source corpus.
    """

    offsets: np.ndarray
    words: np.ndarray
    start: np.ndarray
    vocab: list[str]
    index: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def __post_init__(self) -> None:
        if len(self.index) != self.n_utterances:
            self.index = np.arange(self.n_utterances, dtype=np.int64)

    @property
    def n_utterances(self) -> int:
        """Number of utterances (including those left with no word)."""
        return len(self.offsets) - 1

    @property
    def lengths(self) -> np.ndarray:
        """Word count of each utterance (punctuation not counted).

        Example
        -------
        >>> Utterances.from_lists([["it", "is", "here"], ["go"]]).lengths.tolist()
        [3, 1]
        """
        return np.diff(self.offsets)

    @property
    def n_ids(self) -> int:
        """Size of :attr:`vocab`: words, punctuation marks and the markers."""
        return len(self.vocab)

    @property
    def end_id(self) -> int:
        """The id of :data:`END` (``-1`` when the vocabulary lacks it)."""
        return self.vocab.index(END) if END in self.vocab else -1

    def select(self, which: np.ndarray) -> Utterances:
        """The utterances at the given indices (or boolean mask), same vocabulary."""
        which = np.asarray(which)
        if which.dtype == bool:
            which = np.flatnonzero(which)
        starts, ends = self.offsets[:-1][which], self.offsets[1:][which]
        words = self.words[_ranges_index(starts, ends)].astype(np.int32)
        offsets = np.concatenate(([0], np.cumsum(ends - starts))).astype(np.int64)
        return Utterances(offsets, words, self.start[which].astype(np.int32), self.vocab,
                          self.index[which])

    def as_lists(self, with_start: bool = True) -> list[list[str]]:
        """Decode to lists of strings (the initial previous word first)."""
        v = self.vocab
        out = []
        for i in range(self.n_utterances):
            ws = [v[w] for w in self.words[self.offsets[i]:self.offsets[i + 1]].tolist()]
            out.append(([v[int(self.start[i])]] + ws) if with_start else ws)
        return out

    @classmethod
    def from_lists(cls, utterances: Sequence[Sequence[str]], start: str | Sequence[str] = ".",
                   vocab: list[str] | None = None) -> Utterances:
        """Encode word lists (punctuation already removed).

        ``start`` is the initial previous word of every utterance, or one per
        utterance.  An existing ``vocab`` is extended in place.
        """
        vocab = [] if vocab is None else vocab
        index = {s: i for i, s in enumerate(vocab)}

        def enc(s: str) -> int:
            i = index.get(s)
            if i is None:
                i = index[s] = len(vocab)
                vocab.append(s)
            return i

        starts = [start] * len(utterances) if isinstance(start, str) else list(start)
        if len(starts) != len(utterances):
            raise ParameterError(f"start has {len(starts)} entries for {len(utterances)} "
                                 "utterances")
        for marker in (END, NO_PUNCT):
            enc(marker)
        words = [enc(w) for u in utterances for w in u]
        st = [enc(s) for s in starts]
        offsets = np.concatenate(([0], np.cumsum([len(u) for u in utterances]))).astype(np.int64)
        return cls(offsets, np.asarray(words, dtype=np.int32), np.asarray(st, dtype=np.int32),
                   vocab)


def utterances_from_corpus(corpus: Corpus, *, punct: str = "unicode",
                           initial: str = "punct") -> tuple[Utterances, dict[str, int]]:
    """Encode a corpus for WOPA: punctuation out of the bag, initial previous word kept.

    Tokens whose form is punctuation (by default every character a Unicode
    punctuation or symbol, which covers CHAT terminators such as ``.``,
    ``?``, ``+...``) are removed from the bag of words; the utterance's last
    one is its initial previous word, :data:`NO_PUNCT` when it has none.

    Parameters
    ----------
    punct
        Punctuation policy of :func:`induceval.corpus.transforms.punctuation_mask`
        (``"unicode"``, ``"upos"``, ``"tags:..."``, ``"keep"``).
    initial
        ``"punct"``: the utterance's last punctuation token is the initial
        previous word; ``"boundary"``: one marker for all utterances.

    Returns
    -------
    (Utterances, counts)
        All sentences (empty ones included, so indices align with the corpus)
        and counts ``utterances``, ``no_words``, ``one_word``, ``punct_tokens``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["do", "you", "?"]})
    >>> b.add_sentence({"form": ["."]}); b.add_sentence({"form": ["look"]})
    >>> u, counts = utterances_from_corpus(b.build())
    >>> u.as_lists(), counts["no_words"]
    ([['?', 'do', 'you'], ['.'], ['<no-punct>', 'look']], 1)
    """
    from induceval.corpus.transforms import punctuation_mask

    check_choice("initial", initial, INITIAL)
    mask = np.asarray(punctuation_mask(corpus, policy=punct), dtype=bool)
    forms = corpus.forms.astype(np.int64)
    n_form = len(corpus.vocab.items)
    vocab = list(corpus.vocab.items) + [END, NO_PUNCT]
    boundary_id = n_form + 1
    if initial == "boundary":
        vocab.append("<s>")
        boundary_id = n_form + 2
    n_sent = corpus.n_sentences
    sid = corpus.sentence_ids()
    start = np.full(n_sent, boundary_id, dtype=np.int64)
    if initial == "punct" and mask.any():
        pidx = np.flatnonzero(mask)
        # the last punctuation token of each sentence wins (assignment order)
        start[sid[pidx]] = forms[pidx]
    lengths = np.bincount(sid[~mask], minlength=n_sent)
    offsets = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    utts = Utterances(offsets, forms[~mask].astype(np.int32), start.astype(np.int32), vocab,
                      np.arange(n_sent, dtype=np.int64))
    counts = {"utterances": n_sent, "no_words": int((lengths == 0).sum()),
              "one_word": int((lengths == 1).sum()), "punct_tokens": int(mask.sum())}
    return utts, counts


def split_speakers(corpus: Corpus, *, child_role: str = "Target_Child",
                   child_speaker: str = "CHI") -> tuple[np.ndarray, np.ndarray]:
    """Boolean masks (adult, child) over sentences.

    The child lines are those whose ``role`` is ``child_role`` (or, without a
    ``role`` column, whose ``speaker`` is ``child_speaker``); the adult lines
    are all other utterances, as in Chang et al. 2006, p. 155.

    Parameters
    ----------
    corpus
        The corpus.
    child_role
        The child's role.
    child_speaker
        The child's speaker code, without a ``role`` column.

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        The adult and the child masks over the sentences.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi"]}, {"speaker": "MOT", "role": "Mother"})
    >>> b.add_sentence({"form": ["hi"]}, {"speaker": "CHI", "role": "Target_Child"})
    >>> [m.tolist() for m in split_speakers(b.build())]
    [[True, False], [False, True]]
    """
    key, value = ("role", child_role) if "role" in corpus.sentences else ("speaker", child_speaker)
    if key not in corpus.sentences:
        return np.ones(corpus.n_sentences, dtype=bool), np.zeros(corpus.n_sentences, dtype=bool)
    col = corpus.sentences[key]
    code = col.vocab.id(value) if col.vocab is not None else -1
    child = col.values == code if code >= 0 else np.zeros(corpus.n_sentences, dtype=bool)
    return ~child, child
