"""Selectional-preference models of Chambers & Jurafsky (2010).

Each model scores how well a noun fills a verb slot ``v_d``; a pseudo-word
test picks the higher-scoring of the original noun and its confounder, and
equal scores are no decision (guessed at random by the scorer).

``baseline`` — conditional probability (§5.1)
    ``P(n | v_d) = C(v_d, n) / C(v_d, *)`` when ``C(v_d, n) > 0``, else 0.
``cooccurrence`` — the "web" / Google baseline (§5.2, §6.3)
    ``C(v, n)`` = the number of times verb ``v`` and noun ``n`` occur within
    a window of at most 5 words in raw training text, in either order,
    ignoring the relation (counted by
    :func:`induceval.corpus.tuples.cooccurrence_counts`).  The score is
    ``C(v, n) / C(v, *)``, which orders the two nouns as ``C(v, n)`` does.
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

A model has ``score(verbs, relations, nouns)`` (one float per item of the
aligned sequences: the slot ``v_d`` and the noun; 0 when unseen) or, for the
back-off, ``decide(verbs, relations, nouns, confounders)``: what
:func:`induceval.measures.pseudowords.model_decisions` asks of a scorer.
:func:`train_models` trains the protocol's models on training counts.

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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.tuples import TupleCounts
from induceval.errors import ParameterError, check_range

__all__ = ["SELPREF_MODELS", "MODEL_ORDER", "CUTOFFS", "ConditionalProbability", "Cooccurrence",
           "ErkSimilarity", "Backoff", "train_models"]

#: the models in the order of the paper's tables
MODEL_ORDER = ("baseline", "erk-jaccard", "erk-cosine", "cooccurrence", "backoff-erk",
               "backoff-cooccurrence")
#: the candidate slot cutoffs of the Erk models, searched on development data (§6.3)
CUTOFFS = (0, 1, 2, 3, 5, 10, 20, 50)


@dataclass
class ConditionalProbability:
    """The conditional-probability baseline ``P(n | v_d)`` (§5.1)."""

    counts: TupleCounts
    name: str = "baseline"
    _slot: Counter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._slot = Counter()
        for (v, d, _n), c in self.counts.counts.items():
            self._slot[(v, d)] += c

    def score(self, verbs: Sequence[str], relations: Sequence[str],
              nouns: Sequence[str]) -> np.ndarray:
        """``P(n | v_d) = C(v_d, n) / C(v_d, *)`` of each item, 0 when unseen.

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


@dataclass
class Cooccurrence:
    """The co-occurrence ("web") baseline over raw-text windows (§5.2)."""

    pairs: Counter
    name: str = "cooccurrence"
    _verb: Counter = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._verb = Counter()
        for (v, _n), c in self.pairs.items():
            self._verb[v] += c

    def score(self, verbs: Sequence[str], relations: Sequence[str],
              nouns: Sequence[str]) -> np.ndarray:
        """``C(v, n) / C(v, *)`` of each item (the relation is ignored), 0 when unseen.

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
    """Erk (2007) similarity smoothing with ``"jaccard"`` or ``"cosine"`` (§5.3, §6.3).

    ``slot_cutoff`` is the paper's ``x`` (chosen on development data, e.g. by
    :func:`train_models`) and ``max_dims`` the vector length (see the module).
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
        nouns: dict[str, int] = {}
        slots: dict[tuple[str, str], int] = {}
        rows, cols, vals = [], [], []
        for (v, d, n), c in self.counts.counts.items():
            rows.append(nouns.setdefault(n, len(nouns)))
            cols.append(slots.setdefault((v, d), len(slots)))
            vals.append(c)
        self._nouns, self._slots = nouns, slots
        shape = (max(len(nouns), 1), max(len(slots), 1))
        self._C = C = sparse.csr_matrix((np.asarray(vals, dtype=float), (rows, cols)), shape=shape)
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
        """``S_vd(n) = sum_w sim(n, w) C(v_d, w)`` over the nouns ``w`` seen in the slot; 0
        when the noun or the slot was not seen in training.

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
        s_idx = np.array([self._slots.get(k, -1) for k in zip(verbs, relations)], dtype=np.int64)
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

    def decide(self, verbs: Sequence[str], relations: Sequence[str], nouns: Sequence[str],
               confounders: Sequence[str]) -> np.ndarray:
        """+1 (noun chosen), -1 (confounder chosen) or 0 (no decision) per item (``int8``): the
        primary model's decision, or the fallback's where the primary ties.

        Example
        -------
        >>> def a(*words): return np.array(words, dtype=object)
        >>> base = ConditionalProbability(TupleCounts(Counter({("eat", "obj", "cake"): 2})))
        >>> web = Cooccurrence(Counter({("see", "dog"): 1}))
        >>> Backoff(base, web).decide(a("eat", "see"), a("obj", "obj"), a("cake", "dog"),
        ...                           a("rock", "cake")).tolist()
        [1, 1]
        """
        def sign(model) -> np.ndarray:
            diff = (np.asarray(model.score(verbs, relations, nouns), dtype=float)
                    - np.asarray(model.score(verbs, relations, confounders), dtype=float))
            return np.sign(diff).astype(np.int8)

        first = sign(self.primary)
        return np.where(first != 0, first, sign(self.fallback)).astype(np.int8)


def train_models(counts: TupleCounts, cooccurrence: Counter | None = None, *,
                 models: Sequence[str] = MODEL_ORDER,
                 tune: Callable[[Callable[[int], object], Sequence[int]], int] | None = None,
                 ) -> tuple[dict, dict[str, int]]:
    """The ``models`` (names among :data:`MODEL_ORDER`) trained on ``counts``.

    Without ``cooccurrence`` (verb-noun window counts) the co-occurrence
    models are left out.  ``tune(make, CUTOFFS)`` returns the slot cutoff
    ``x`` of the Erk model ``make(x)`` (e.g. the best on development data,
    :func:`induceval.measures.pseudowords.tune_parameter`, as in §6.3);
    ``None``: cutoff 0.  Returns name -> model, in the order of ``models``,
    and the tuned cutoffs by similarity.

    Parameters
    ----------
    counts
        The training (verb, relation, noun) tuple counts.
    cooccurrence
        Verb-noun window co-occurrence counts, or ``None``.
    models
        The model names to train, among :data:`MODEL_ORDER`.
    tune
        ``tune(make, CUTOFFS) -> cutoff`` for the Erk models, or ``None`` (cutoff 0).

    Returns
    -------
    tuple of (dict, dict of str to int)
        Name -> trained model, and similarity -> tuned cutoff.

    Example
    -------
    >>> built, cutoffs = train_models(TupleCounts(Counter({("eat", "obj", "cake"): 2})),
    ...                               models=("baseline", "backoff-erk"))
    >>> list(built), cutoffs
    (['baseline', 'backoff-erk'], {})
    """
    for m in models:
        if m not in MODEL_ORDER:
            raise ParameterError(f"models must be among {', '.join(MODEL_ORDER)}; got {m!r}")
    sims = [sim for sim in ("jaccard", "cosine")
            if f"erk-{sim}" in models or (sim == "jaccard" and "backoff-erk" in models)]
    cutoffs: dict[str, int] = {}
    if tune is not None:
        for sim in sims:
            cutoffs[sim] = tune(lambda x, s=sim: ErkSimilarity(counts, s, slot_cutoff=x), CUTOFFS)
    base = ConditionalProbability(counts)
    built: dict = {"baseline": base}
    for sim in sims:
        built[f"erk-{sim}"] = ErkSimilarity(counts, sim, slot_cutoff=cutoffs.get(sim, 0))
    if "backoff-erk" in models:
        built["backoff-erk"] = Backoff(base, built["erk-jaccard"])
    if cooccurrence is not None:
        built["cooccurrence"] = Cooccurrence(cooccurrence)
        built["backoff-cooccurrence"] = Backoff(base, built["cooccurrence"])
    return {m: built[m] for m in models if m in built}, cutoffs


#: the registry: name -> one-line description (models are built by the protocol)
SELPREF_MODELS: dict[str, str] = {
    "baseline": "conditional probability P(n|v_d) (Chambers & Jurafsky 2010, §5.1)",
    "cooccurrence": "verb-noun co-occurrence within 5-word windows (§5.2, 'Google')",
    "erk-jaccard": "Erk (2007) similarity smoothing, Jaccard (§5.3)",
    "erk-cosine": "Erk (2007) similarity smoothing, cosine (§5.3)",
    "backoff-erk": "baseline, backing off to Erk-Jaccard when it cannot decide (§6.3)",
    "backoff-cooccurrence": "baseline, backing off to co-occurrence (§6.3, 'Backoff Google')",
}
