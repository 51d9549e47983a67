"""Selectional-preference models of Chambers & Jurafsky (2010).

Each model scores how well a noun fills a verb slot ``v_d``; a pseudo-word
test picks the higher-scoring of the original noun and its confounder, and
equal scores are no decision (guessed at random by the scorer).

``baseline`` — conditional probability (§5.1)
    ``P(n | v_d) = C(v_d, n) / C(v_d, *)`` when ``C(v_d, n) > 0``, else 0.
``cooccurrence`` — the "web" / Google baseline (§5.2, §6.3)
    ``C(v, n)`` = the number of times verb ``v`` and noun ``n`` occur within
    a window of at most 5 words (distance <= 4) in raw training text, in
    either order, ignoring the relation.  Each pair of token positions is
    counted once, so a co-occurrence inside a 2-gram is not counted again
    for the 3-, 4- and 5-grams containing it (the paper's "avoided
    over-counting co-occurrences in lower order n-grams").  Verbs and nouns
    are the words tagged as such anywhere in the training text.  The score
    is ``C(v, n) / C(v, *)``, which orders the two nouns as ``C(v, n)`` does.
``erk-jaccard``, ``erk-cosine`` — similarity smoothing of Erk (2007) (§5.3, §6.3)
    ``S_vd(n) = sum_{w in Seen(v_d)} sim(n, w) * C(v_d, w)``.  A noun's
    vector holds the verb slots it filled with their counts; slots seen
    ``slot_cutoff`` times or fewer are removed, and a vector longer than
    ``max_dims`` (2000) keeps its most frequent slots.  ``sim`` is cosine
    over counts, or Jaccard over the sets of slots.  Computed with sparse
    matrix products (``S = Sim(U, N) @ C(N, Q)`` for the query nouns ``U``
    and slots ``Q``), never Python loops over noun pairs.
``backoff-erk``, ``backoff-cooccurrence`` — §6.3
    The baseline's decision when it makes one, else the other model's.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL.
Erk, K. (2007). A simple, similarity-based model for selectional
preferences. ACL.

Example
-------
>>> from collections import Counter
>>> from induceval.corpus.tuples import TupleCounts
>>> m = ConditionalProbability(TupleCounts(Counter({("eat", "obj", "cake"): 3,
...                                                 ("eat", "obj", "rock"): 1})))
>>> m.score(["eat", "eat", "see"], ["obj"] * 3, ["cake", "rock", "cake"]).tolist()
[0.75, 0.25, 0.0]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.corpus.tuples import RelationScheme, TupleCounts, _scheme, _word_table
from induceval.errors import ParameterError, check_range
from induceval.measures.pseudowords import PseudoTestSet, decide

__all__ = [
    "SELPREF_MODELS",
    "ConditionalProbability",
    "Cooccurrence",
    "ErkSimilarity",
    "Backoff",
    "model_decisions",
    "cooccurrence_counts",
]


def _slot_keys(verbs: Sequence[str], relations: Sequence[str]) -> list[tuple[str, str]]:
    return list(zip(verbs, relations))


@dataclass
class ConditionalProbability:
    """The conditional-probability baseline ``P(n | v_d)`` (§5.1)."""

    counts: TupleCounts
    name: str = "baseline"
    _slot: Counter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        slot: Counter = Counter()
        for (v, d, _n), c in self.counts.counts.items():
            slot[(v, d)] += c
        self._slot = slot

    def score(self, verbs: Sequence[str], relations: Sequence[str],
              nouns: Sequence[str]) -> np.ndarray:
        """``P(n | v_d) = C(v_d, n) / C(v_d, *)`` of each item, 0 when unseen.

        Parameters
        ----------
        verbs, relations, nouns
            Aligned: the slot ``v_d`` (verb and relation) and the noun of each item.

        Returns
        -------
        numpy.ndarray
            One score per item, ``float``.

        Example
        -------
        >>> m = ConditionalProbability(TupleCounts(Counter({("eat", "obj", "cake"): 3,
        ...                                                 ("eat", "obj", "rock"): 1})))
        >>> m.score(["eat", "eat"], ["obj", "obj"], ["rock", "dog"]).tolist()
        [0.25, 0.0]
        """
        counts = self.counts.counts
        slot = self._slot
        out = np.zeros(len(nouns))
        for i, (v, d, n) in enumerate(zip(verbs, relations, nouns)):
            c = counts.get((v, d, n), 0)
            if c:
                out[i] = c / slot[(v, d)]
        return out


@njit(cache=True)
def _mark_words(values, tagv, offsets, keep, wc, vtag, ntag, is_v, is_n):  # pragma: no cover
    """Mark the word codes with a verb / noun token in the kept sentences (in place)."""
    for s in range(len(offsets) - 1):
        if not keep[s]:
            continue
        for i in range(offsets[s], offsets[s + 1]):
            a = wc[values[i] + 1]
            if a >= 0:
                t = tagv[i] + 1
                if vtag[t]:
                    is_v[a] = True
                if ntag[t]:
                    is_n[a] = True


@njit(cache=True)
def _window_keys(values, offsets, s0, s1, keep, wc, is_v, is_n, window, V, out):  # pragma: no cover
    """Verb-noun keys ``v * V + n`` of sentences ``s0..s1-1`` into ``out``; returns how many.

    With ``len(out) == 0`` only counts them.
    """
    n = 0
    fill = len(out) > 0
    for s in range(s0, s1):
        if not keep[s]:
            continue
        hi = offsets[s + 1]
        for i in range(offsets[s], hi):
            a = wc[values[i] + 1]
            if a < 0:
                continue
            for j in range(i + 1, min(i + window, hi)):
                b = wc[values[j] + 1]
                if b < 0:
                    continue
                if is_v[a] and is_n[b]:
                    if fill:
                        out[n] = a * V + b
                    n += 1
                if is_v[b] and is_n[a]:
                    if fill:
                        out[n] = b * V + a
                    n += 1
    return n


def _count_windows(values: np.ndarray, offsets: np.ndarray, keep: np.ndarray, wc: np.ndarray,
                   is_v: np.ndarray, is_n: np.ndarray, window: int, V: int,
                   ) -> tuple[np.ndarray, np.ndarray]:
    """Sorted verb-noun keys ``v * V + n`` of the kept sentences and their counts.

    ``values`` are token codes, ``wc[values + 1]`` their word codes (``-1``:
    no word), ``is_v``/``is_n`` mark the verb and noun words; a block of
    sentences at a time (see :func:`cooccurrence_counts`).

    Example
    -------
    >>> one = np.array([0, 1, 2]); offsets = np.array([0, 3])
    >>> keys, counts = _count_windows(one, offsets, np.array([True]), np.array([-1, 0, 1, 2]),
    ...                               np.array([True, False, False]),
    ...                               np.array([False, True, True]), 5, 3)
    >>> keys.tolist(), counts.tolist()   # (verb 0, noun 1) and (verb 0, noun 2)
    ([1, 2], [1, 1])
    """
    from induceval.models.categories._bigrams import _blocks

    acc_k = np.zeros(0, dtype=np.int64)
    acc_c = np.zeros(0, dtype=np.int64)
    none = np.zeros(0, dtype=np.int64)
    for s0, s1 in _blocks(offsets, 1 << 20):
        n = _window_keys(values, offsets, s0, s1, keep, wc, is_v, is_n, window, V, none)
        if not n:
            continue
        keys = np.empty(n, dtype=np.int64)
        _window_keys(values, offsets, s0, s1, keep, wc, is_v, is_n, window, V, keys)
        u, c = np.unique(keys, return_counts=True)
        allk = np.concatenate([acc_k, u])
        allc = np.concatenate([acc_c, c])
        acc_k, inv_k = np.unique(allk, return_inverse=True)
        acc_c = np.bincount(inv_k.ravel(), weights=allc, minlength=len(acc_k)).astype(np.int64)
    return acc_k, acc_c


def cooccurrence_counts(corpus: Corpus, scheme: str | RelationScheme = "auto", *,
                        window: int = 5, documents: Sequence[str] | None = None,
                        use_lemma: bool = True, lowercase: bool = True) -> Counter:
    """Verb-noun co-occurrences within ``window`` words, each position pair once.

    A verb is a word with a verb-tagged token, a noun one with a noun-tagged
    token (in ``documents`` when given); every pair of positions less than
    ``window`` apart in a sentence counts, in both roles when a word is both.
    Counted in one compiled pass over the column codes, a block of sentences
    at a time: memory is that of the distinct pairs and the vocabulary, not
    of the tokens.  Pairs are in the order of their (verb, noun) strings.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["eat", "the", "cake"], "upos": ["VERB", "DET", "NOUN"]})
    >>> cooccurrence_counts(b.build(), "ud")
    Counter({('eat', 'cake'): 1})
    """
    check_range("window", window, 2, 5)
    sch = _scheme(scheme, corpus)
    if documents is not None and "document" in corpus.sentences:
        docs = corpus.sentences["document"]
        wanted = np.array([docs.vocab.id(d) for d in documents], dtype=np.int32)
        keep = np.isin(docs.values, wanted)
    else:
        keep = np.ones(corpus.n_sentences, dtype=bool)
    table, name = _word_table(corpus, use_lemma, lowercase)
    values = corpus.tokens[name].values
    # word codes in string order over the vocabulary (None: -1), so keys sort as strings
    present = np.array([w is not None for w in table], dtype=bool)
    uniq, inv = np.unique(table[present].astype(str), return_inverse=True)
    wc = np.full(len(table) + 1, -1, dtype=np.int64)
    wc[1:][present] = inv.ravel()
    V = max(len(uniq), 1)
    tags = corpus.column(sch.tag_column)
    tag_names = tags.vocab.to_array()
    vtag = np.zeros(len(tag_names) + 1, dtype=bool)
    vtag[1:] = np.isin(tag_names, list(sch.verb_tags))
    ntag = np.zeros(len(tag_names) + 1, dtype=bool)
    ntag[1:] = np.isin(tag_names, list(sch.noun_tags))
    is_v = np.zeros(V, dtype=bool)
    is_n = np.zeros(V, dtype=bool)
    offsets = corpus.offsets.astype(np.int64)
    _mark_words(values, tags.values, offsets, keep, wc, vtag, ntag, is_v, is_n)
    acc_k, acc_c = _count_windows(values, offsets, keep, wc, is_v, is_n, window, V)
    return Counter({(str(uniq[k // V]), str(uniq[k % V])): int(n)
                    for k, n in zip(acc_k.tolist(), acc_c.tolist())})


@dataclass
class Cooccurrence:
    """The co-occurrence ("web") baseline over raw-text windows (§5.2)."""

    pairs: Counter
    name: str = "cooccurrence"
    _verb: Counter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        tot: Counter = Counter()
        for (v, _n), c in self.pairs.items():
            tot[v] += c
        self._verb = tot

    def score(self, verbs: Sequence[str], relations: Sequence[str],
              nouns: Sequence[str]) -> np.ndarray:
        """``C(v, n) / C(v, *)`` of each item (the relation is ignored), 0 when unseen.

        Parameters
        ----------
        verbs, relations, nouns
            Aligned: the slot ``v_d`` (verb and relation) and the noun of each item.

        Returns
        -------
        numpy.ndarray
            One score per item, ``float``.

        Example
        -------
        >>> m = Cooccurrence(Counter({("eat", "cake"): 3, ("eat", "rock"): 1}))
        >>> m.score(["eat", "eat", "see"], ["obj", "subj", "obj"], ["cake"] * 3).tolist()
        [0.75, 0.75, 0.0]
        """
        pairs = self.pairs
        out = np.zeros(len(nouns))
        for i, (v, n) in enumerate(zip(verbs, nouns)):
            c = pairs.get((v, n), 0)
            if c:
                out[i] = c / self._verb[v]
        return out


@dataclass
class ErkSimilarity:
    """Erk (2007) similarity smoothing with Jaccard or cosine (§5.3, §6.3).

    Parameters
    ----------
    counts
        Training tuple counts.
    similarity
        ``"jaccard"`` (sets of slots) or ``"cosine"`` (slot counts).
    slot_cutoff
        Slots seen ``slot_cutoff`` times or fewer in training are removed
        from the noun vectors (the paper's ``x``, chosen on development data
        by :func:`induceval.experiments.chambers2010.tune_slot_cutoff`).
    max_dims
        Vectors longer than this keep their most frequent slots (2000).
    """

    counts: TupleCounts
    similarity: str = "jaccard"
    slot_cutoff: int = 0
    max_dims: int = 2000

    def __post_init__(self) -> None:
        from scipy import sparse

        if self.similarity not in ("jaccard", "cosine"):
            raise ParameterError(
                f"similarity must be 'jaccard' or 'cosine'; got {self.similarity!r}")
        check_range("slot_cutoff", self.slot_cutoff, 0)
        check_range("max_dims", self.max_dims, 1)
        self.name = f"erk-{self.similarity}"
        items = list(self.counts.counts.items())
        nouns: dict[str, int] = {}
        slots: dict[tuple[str, str], int] = {}
        rows, cols, vals = [], [], []
        for (v, d, n), c in items:
            rows.append(nouns.setdefault(n, len(nouns)))
            cols.append(slots.setdefault((v, d), len(slots)))
            vals.append(c)
        self._nouns = nouns
        self._slots = slots
        shape = (max(len(nouns), 1), max(len(slots), 1))
        C = sparse.csr_matrix((np.asarray(vals, dtype=float), (rows, cols)), shape=shape)
        self._C = C
        # vectors: drop rare slots, trim long vectors to their max_dims largest entries
        slot_total = np.asarray(C.sum(0)).ravel()
        X = C.tocoo()
        keep = slot_total[X.col] > self.slot_cutoff
        r, c, v = X.row[keep], X.col[keep], X.data[keep]
        if len(r):
            order = np.lexsort((-v, r))
            r, c, v = r[order], c[order], v[order]
            starts = np.searchsorted(r, np.arange(shape[0]))
            rank = np.arange(len(r)) - starts[r]
            m = rank < self.max_dims
            r, c, v = r[m], c[m], v[m]
        X = sparse.csr_matrix((v, (r, c)), shape=shape)
        if self.similarity == "cosine":
            norms = np.sqrt(np.asarray(X.multiply(X).sum(1)).ravel())
            norms[norms == 0] = 1.0
            X = sparse.diags(1.0 / norms) @ X
        else:
            X.data[:] = 1.0
        self._X = X.tocsr()

    def score(self, verbs: Sequence[str], relations: Sequence[str],
              nouns: Sequence[str]) -> np.ndarray:
        """Erk's similarity-smoothed score ``S_vd(n) = sum_w sim(n, w) C(v_d, w)``
        over the nouns ``w`` seen in the slot (Erk 2007; Chambers & Jurafsky
        2010 §5.3).

        Parameters
        ----------
        verbs, relations, nouns
            Aligned: the slot ``v_d`` (verb and relation) and the noun of each item.

        Returns
        -------
        numpy.ndarray
            One score per item, ``float``; 0 when the noun or the slot was not
            seen in training.

        Example
        -------
        >>> tc = TupleCounts(Counter({("eat", "obj", "cake"): 3, ("eat", "obj", "pie"): 1,
        ...                           ("bake", "obj", "cake"): 2, ("bake", "obj", "pie"): 2,
        ...                           ("see", "obj", "rock"): 1}))
        >>> ErkSimilarity(tc).score(["eat", "eat", "see"], ["obj"] * 3,
        ...                         ["pie", "rock", "cake"]).tolist()
        [4.0, 0.0, 0.0]

        ``pie`` and ``cake`` fill the same slots (Jaccard 1), so ``pie`` gets
        ``1 * 3 + 1 * 1``; ``rock`` shares no slot with the nouns eaten.
        """
        from scipy import sparse

        out = np.zeros(len(nouns))
        n_idx = np.array([self._nouns.get(n, -1) for n in nouns], dtype=np.int64)
        s_idx = np.array([self._slots.get(k, -1) for k in _slot_keys(verbs, relations)],
                         dtype=np.int64)
        ok = (n_idx >= 0) & (s_idx >= 0)
        if not ok.any():
            return out
        u_nouns, u_inv = np.unique(n_idx[ok], return_inverse=True)
        u_slots, s_inv = np.unique(s_idx[ok], return_inverse=True)
        Cq = self._C[:, u_slots]                      # nouns x query slots
        X = self._X
        XU = X[u_nouns]                               # query nouns x slot dims
        if self.similarity == "cosine":
            M = XU @ (X.T @ Cq)                        # sim(U, N) @ C(N, Q), factorised
        else:
            inter = (XU @ X.T).tocoo()                 # |A ∩ B| for U x N
            size = np.asarray(X.sum(1)).ravel()
            su = size[u_nouns]
            jac = inter.data / (su[inter.row] + size[inter.col] - inter.data)
            J = sparse.csr_matrix((jac, (inter.row, inter.col)), shape=inter.shape)
            M = J @ Cq
        M = M.toarray() if sparse.issparse(M) else np.asarray(M)
        out[ok] = M[u_inv, s_inv]
        return out


@dataclass
class Backoff:
    """The baseline's decision when it makes one, else the fallback's (§6.3)."""

    primary: ConditionalProbability
    fallback: object
    name: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            fb = getattr(self.fallback, "name", "model")
            self.name = "backoff-erk" if fb.startswith("erk") else f"backoff-{fb}"

    def decisions(self, test: PseudoTestSet) -> np.ndarray:
        """+1 (original chosen), -1 (confounder chosen) or 0 (no decision) per item.

        Parameters
        ----------
        test
            The pseudo-word test set.

        Returns
        -------
        numpy.ndarray
            ``int8``: the primary model's decision, or the fallback's where the
            primary ties.

        Example
        -------
        >>> from induceval.measures.pseudowords import PseudoTestSet
        >>> def a(*words): return np.array(words, dtype=object)
        >>> test = PseudoTestSet(a("eat", "see"), a("obj", "obj"), a("cake", "dog"),
        ...                      a("rock", "cake"), method="random", seed=1)
        >>> base = ConditionalProbability(TupleCounts(Counter({("eat", "obj", "cake"): 2})))
        >>> web = Cooccurrence(Counter({("see", "dog"): 1}))
        >>> model_decisions(base, test).tolist(), Backoff(base, web).decisions(test).tolist()
        ([1, 0], [1, 1])
        """
        first = model_decisions(self.primary, test)
        second = model_decisions(self.fallback, test)
        return np.where(first != 0, first, second).astype(np.int8)


def model_decisions(model, test: PseudoTestSet) -> np.ndarray:
    """+1/-1/0 decisions of a model on every test item.

    A model either has ``decisions(test)`` or ``score(verbs, relations, nouns)``.
    """
    if hasattr(model, "decisions"):
        return model.decisions(test)
    a = model.score(test.verb, test.relation, test.noun)
    b = model.score(test.verb, test.relation, test.confounder)
    return decide(a, b)


#: the registry: name -> one-line description (models are built by the protocol)
SELPREF_MODELS: dict[str, str] = {
    "baseline": "conditional probability P(n|v_d) (Chambers & Jurafsky 2010, §5.1)",
    "cooccurrence": "verb-noun co-occurrence within 5-word windows (§5.2, 'Google')",
    "erk-jaccard": "Erk (2007) similarity smoothing, Jaccard (§5.3)",
    "erk-cosine": "Erk (2007) similarity smoothing, cosine (§5.3)",
    "backoff-erk": "baseline, backing off to Erk-Jaccard when it cannot decide (§6.3)",
    "backoff-cooccurrence": "baseline, backing off to co-occurrence (§6.3, 'Backoff Google')",
}
