"""Dependency induction models: chains, random trees, harmonic, DMV.

Every model is registered in :data:`DEPENDENCY_MODELS` and run through
:func:`induce_dependencies`, which returns the corpus with a predicted
``head`` column, the training log and a signature.

============  ==============================================================
``lb``        left-branching chain: each word's head is the next word (Gelling et al. 2012, §4)
``rb``        right-branching chain: each word's head is the previous word
``random``    uniformly random projective trees (seeded)
``harmonic``  Viterbi trees of the harmonic initialiser, untrained (Gelling et al. 2012's H)
``dmv``       DMV (Klein & Manning 2004) by EM or Viterbi EM, Viterbi decoding
============  ==============================================================

References
----------
Klein, D. and Manning, C. D. (2004). Corpus-based induction of syntactic
structure: models of dependency and constituency. ACL.
Gelling, D., Cohn, T., Blunsom, P. and Graça, J. (2012). The PASCAL Challenge
on Grammar Induction. NAACL-HLT WILS, §4.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["the", "dog", "barks"], "upos": ["DET", "NOUN", "VERB"]})
>>> res = induce_dependencies(b.build(), "lb")
>>> res.corpus.tokens["head"].values.tolist(), res.signature.split("|")[0]
([2, 3, 0], 'deps-lb')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Column, Corpus
from induceval.errors import InducevalError, ParameterError, check_choice, check_range
from induceval.random import DEFAULT_SEED
from induceval.signature import Signature, make_signature

__all__ = ["DEPENDENCY_MODELS", "DependencyInduction", "induce_dependencies", "tag_codes"]


@dataclass
class DependencyInduction:
    """The result of a dependency induction run.

    Attributes
    ----------
    corpus
        The input corpus with ``head`` replaced by the predicted ``heads`` (1-based,
        0 = root); gold ``deprel``, ``head@*`` and ``deprel@*`` are dropped.
    log
        Training log (``dmv``): ``log_likelihood`` per iteration, per token,
        convergence; empty for untrained models.
    skipped
        Reason -> number of sentences left out of training (or given a
        fallback tree), each reason naming its limit.
    signature
        Every option that changes the trees, plus version and seed.
    params
        The trained :class:`~induceval.models.dependencies.dmv.DMVParams` (``dmv``,
        ``harmonic``), else ``None``.
    """

    corpus: Corpus
    heads: np.ndarray
    model: str
    log: dict = field(default_factory=dict)
    skipped: dict = field(default_factory=dict)
    signature: str = ""
    params: object | None = None

    @property
    def log_likelihood(self) -> list[float]:
        """The corpus log-likelihood at each EM iteration (a copy; empty if untrained).

        Example
        -------
        >>> from induceval.corpus.model import CorpusBuilder
        >>> b = CorpusBuilder()
        >>> b.add_sentence({"form": ["the", "dog", "barks"], "upos": ["DET", "NOUN", "VERB"]})
        >>> induce_dependencies(b.build(), "rb").log_likelihood
        []
        """
        return list(self.log.get("log_likelihood", []))


def tag_codes(corpus: Corpus, tags: str) -> tuple[np.ndarray, list[str], int]:
    """Tag codes of a column for the DMV, missing values mapped to an extra code.

    Returns ``(codes, names, n_missing)``; the names list has one more entry,
    ``"<missing>"``, when some tokens have no tag.

    Parameters
    ----------
    corpus
        The corpus.
    tags
        The tag column.

    Returns
    -------
    tuple of (numpy.ndarray, list of str, int)
        ``(codes, names, n_missing)``.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a", "b"], "upos": ["X", None]})
    >>> codes, names, missing = tag_codes(b.build(), "upos")
    >>> codes.tolist(), names, missing
    ([0, 1], ['X', '<missing>'], 1)
    """
    col = corpus.column(tags)
    if col.vocab is None:
        raise InducevalError(
            f"column {tags!r} holds integers, not tags; tag columns of "
            f"{corpus.name or '<unnamed>'}: "
            f"{', '.join(sorted(k for k, c in corpus.tokens.items() if c.vocab is not None))}")
    names = list(col.vocab.items)
    codes = col.values.astype(np.int64)
    missing = codes < 0
    n_missing = int(missing.sum())
    if n_missing:
        codes = np.where(missing, len(names), codes)
        names = names + ["<missing>"]
    return codes, names, n_missing


def _predicted_corpus(corpus: Corpus, heads: np.ndarray) -> Corpus:
    drop = [k for k in corpus.tokens if k == "deprel" or k.startswith(("head@", "deprel@"))]
    return corpus.without(*drop).with_tokens(head=Column(np.asarray(heads, dtype=np.int32)))


def _run_chain(corpus: Corpus, model: str, seed: int, opts: dict):
    from induceval.models.dependencies.chains import left_branching, right_branching
    fn = left_branching if model == "lb" else right_branching
    return fn(corpus.offsets), {}, {}, None, {}


def _run_random(corpus: Corpus, model: str, seed: int, opts: dict):
    from induceval.models.dependencies.random_trees import random_projective
    return random_projective(corpus.offsets, seed=seed), {}, {}, None, {"seed": seed}


_DMV_OPTIONS = {"max_train_length": 10, "iterations": 100, "tolerance": 1e-5,
                "viterbi_em": False, "smoothing": 0.0, "harmonic_constant": 0.0, "train_on": None}


def _run_dmv(corpus: Corpus, model: str, seed: int, opts: dict):
    from induceval.models.dependencies.dmv import train_dmv

    tags = opts.pop("tags")
    o = {**_DMV_OPTIONS, **opts}
    unknown = set(o) - set(_DMV_OPTIONS)
    if unknown:
        raise ParameterError(f"unknown option(s) for model {model!r}: {', '.join(sorted(unknown))};"
                             f" allowed: {', '.join(_DMV_OPTIONS)}")
    if model == "harmonic":
        o["iterations"] = 0
    max_len = o["max_train_length"]
    if max_len is not None:
        check_range("max_train_length", max_len, 1)
    codes, names, n_missing = tag_codes(corpus, tags)
    train = o["train_on"] if o["train_on"] is not None else corpus
    if o["train_on"] is not None:
        tcodes, tnames, _ = tag_codes(train, tags)
        if tnames[: len(names)] != names[: len(tnames)]:
            raise InducevalError("train_on corpus must share the tag vocabulary of the corpus")
        n_tags = max(len(names), len(tnames))
    else:
        tcodes, n_tags = codes, len(names)
    skipped: Counter = Counter()
    tok, toff = _sentence_tokens(train.offsets, _training_sentences(train, model, max_len, skipped))
    params, log = train_dmv(tcodes[tok], toff, n_tags, iterations=o["iterations"],
                            tolerance=o["tolerance"], viterbi_em=o["viterbi_em"],
                            smoothing=o["smoothing"],
                            harmonic_constant=o["harmonic_constant"], tag_names=names)
    if log.underflow:
        skipped["underflow in inside-outside (not trained on)"] += log.underflow
    heads = _decode(corpus, params, codes, skipped)
    info = log.to_dict()
    info["seconds_per_iteration"] = (float(np.mean(log.seconds)) if log.seconds else None)
    info["missing_tags"] = n_missing
    sig = {"tags": tags, "max_train_length": max_len}
    if model == "dmv":
        sig.update({"iterations": o["iterations"], "tolerance": o["tolerance"],
                    "viterbi_em": o["viterbi_em"], "smoothing": o["smoothing"]})
    sig["harmonic_constant"] = o["harmonic_constant"]
    if o["train_on"] is not None:
        sig["train_on"] = train.name or "other"
    return heads, info, dict(skipped), params, sig


def _training_sentences(train: Corpus, model: str, max_len: int | None,
                        skipped: Counter) -> np.ndarray:
    """Indices of the sentences the DMV trains on, the others counted in ``skipped``."""
    from induceval.models.dependencies.inside_outside import MAX_EM_LENGTH

    lengths = train.lengths
    keep = lengths > 0
    if (~keep).any():
        skipped["empty sentences"] += int((~keep).sum())
    if max_len is not None:
        too_long = keep & (lengths > max_len)
        if too_long.any():
            skipped[f"longer than max_train_length={max_len} (not trained on)"] += int(
                too_long.sum())
        keep &= ~too_long
    over = keep & (lengths > MAX_EM_LENGTH)
    if over.any():
        skipped[f"longer than the inside-outside limit MAX_EM_LENGTH={MAX_EM_LENGTH} "
                "(not trained on)"] += int(over.sum())
    idx = np.flatnonzero(keep & ~over)
    if len(idx) == 0:
        raise InducevalError(
            f"no training sentences left for {model!r} (max_train_length={max_len}); "
            f"sentence lengths range {int(lengths.min(initial=0))}-{int(lengths.max(initial=0))}")
    return idx


def _sentence_tokens(offsets: np.ndarray, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Token indices of sentences ``idx`` and their offsets among those tokens."""
    lengths = np.diff(offsets)[idx]
    sub = np.concatenate(([0], np.cumsum(lengths))).astype(np.int64)
    return np.repeat(offsets[:-1][idx] - sub[:-1], lengths) + np.arange(int(sub[-1])), sub


def _decode(corpus: Corpus, params, codes: np.ndarray, skipped: Counter) -> np.ndarray:
    """Viterbi trees of every sentence; those over the parser's limit get the
    right-branching chain (counted in ``skipped``)."""
    from induceval.models.dependencies.chains import right_branching
    from induceval.models.dependencies.viterbi import MAX_VITERBI_LENGTH

    lengths = corpus.lengths
    long = lengths > MAX_VITERBI_LENGTH
    heads = right_branching(corpus.offsets).astype(np.int64)
    if long.any():
        skipped[f"longer than the Viterbi limit MAX_VITERBI_LENGTH={MAX_VITERBI_LENGTH} "
                "(given the right-branching chain)"] += int(long.sum())
    dec = np.flatnonzero(~long & (lengths > 0))
    if len(dec):
        tok, off = _sentence_tokens(corpus.offsets, dec)
        heads[tok], _ = params.parse(codes[tok], off)
    return heads.astype(np.int32)


#: model name -> (runner, needs tags, description)
DEPENDENCY_MODELS: dict[str, tuple[Callable, bool, str]] = {
    "lb": (_run_chain, False, "left-branching chain: head = next word, last word is root"),
    "rb": (_run_chain, False, "right-branching chain: head = previous word, first word is root"),
    "random": (_run_random, False, "uniformly random projective trees (seeded)"),
    "harmonic": (_run_dmv, True, "Viterbi trees of the harmonic initialiser, untrained (H)"),
    "dmv": (_run_dmv, True, "DMV (Klein & Manning 2004), EM from the harmonic initialiser"),
}


def _reinsert(corpus: Corpus, kept: np.ndarray, sub_heads: np.ndarray) -> np.ndarray:
    """Map heads predicted on the kept tokens back to all tokens.

    Left-out tokens are attached to their sentence's root word (the first
    left-out token is the root of a sentence with no kept token).
    """
    sid = corpus.sentence_ids()
    pos = corpus.positions()
    heads = np.zeros(corpus.n_tokens, dtype=np.int64)
    kept_idx = np.flatnonzero(kept)
    sub_off = np.concatenate(([0], np.cumsum(np.bincount(sid[kept_idx],
                                                         minlength=corpus.n_sentences))))
    # original 1-based position of the j-th kept token of each sentence
    orig_pos = pos[kept_idx] + 1
    sub_first = sub_off[sid[kept_idx]]
    h = np.asarray(sub_heads, dtype=np.int64)
    heads[kept_idx] = np.where(h > 0, orig_pos[np.maximum(h - 1, 0) + sub_first], 0)
    root_pos = np.zeros(corpus.n_sentences, dtype=np.int64)
    roots = kept_idx[h == 0]
    root_pos[sid[roots]] = pos[roots] + 1
    drop = np.flatnonzero(~kept)
    if len(drop):
        ds = sid[drop]
        no_root = root_pos[ds] == 0
        first_drop = np.full(corpus.n_sentences, corpus.n_tokens, dtype=np.int64)
        np.minimum.at(first_drop, ds, drop)
        for s in np.unique(ds[no_root]):
            root_pos[s] = pos[first_drop[s]] + 1
            heads[first_drop[s]] = 0
        target = root_pos[ds]
        is_root = drop == first_drop[ds]
        heads[drop] = np.where(is_root & no_root, 0, target)
    return heads.astype(np.int32)


def induce_dependencies(corpus: Corpus, model: str, tags: str = "upos",
                        seed: int | None = None, *, punct: str = "keep",
                        **params) -> DependencyInduction:
    """Induce dependency trees for every sentence of ``corpus``.

    Parameters
    ----------
    corpus
        Only sentence lengths (chains, random) or the tag column (``harmonic``,
        ``dmv``) are used.
    model
        One of :data:`DEPENDENCY_MODELS`.
    tags
        The tag column the DMV is trained on (``upos``, ``xpos``, ``cpos`` or an
        induced cluster column).
    seed
        Seed of the random trees (``None``: :data:`induceval.random.DEFAULT_SEED`).
    punct
        Punctuation policy (:mod:`induceval.corpus.transforms.punct`): its
        tokens are left out of training and parsing and attached to their
        sentence's root word in the output (PASCAL 2012 trains and scores
        without punctuation).  ``"keep"`` (default) uses every token.
    **params
        DMV options: ``max_train_length`` (10, the WSJ10 setting; ``None`` =
        all lengths up to the parser limit), ``iterations`` (100),
        ``tolerance`` (1e-5, relative log-likelihood gain), ``viterbi_em``
        (False), ``smoothing`` (0), ``harmonic_constant`` (0), ``train_on`` (a
        corpus to train on instead, sharing the tag vocabulary).

    Returns
    -------
    DependencyInduction
        The corpus with the predicted heads (``corpus``), the training log
        and a signature.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> r = induce_dependencies(generate_demo_corpus(n_sentences=5, seed=1), "lb")
    >>> r.signature.split("|")[0], r.corpus.n_sentences
    ('deps-lb', 5)
    """
    check_choice("model", model, tuple(DEPENDENCY_MODELS))
    if punct != "keep":
        from induceval.corpus.transforms import punctuation_mask
        kept = ~punctuation_mask(corpus, punct)
        inner = induce_dependencies(corpus.keep_tokens(kept), model, tags, seed, **params)
        heads = _reinsert(corpus, kept, inner.heads)
        sig = Signature.parse(inner.signature)
        sig.fields = {"punct": punct, **sig.fields}   # right after the model name
        skipped = dict(inner.skipped)
        n_punct = int((~kept).sum())
        if n_punct:
            skipped[f"punctuation tokens (policy {punct}) attached to the root word"] = n_punct
        return DependencyInduction(corpus=_predicted_corpus(corpus, heads), heads=heads,
                                   model=model, log=inner.log, skipped=skipped,
                                   signature=sig.format(), params=inner.params)
    runner, needs_tags, _ = DEPENDENCY_MODELS[model]
    seed = DEFAULT_SEED if seed is None else int(seed)
    if needs_tags:
        heads, log, skipped, fitted, opts = runner(corpus, model, seed, {**params, "tags": tags})
        signature = make_signature(f"deps-{model}", opts)
    else:
        if params:
            raise ParameterError(f"model {model!r} takes no options; got "
                                 f"{', '.join(sorted(params))}")
        heads, log, skipped, fitted, opts = runner(corpus, model, seed, {})
        signature = make_signature(f"deps-{model}", {}, seed=opts.get("seed"))
    return DependencyInduction(corpus=_predicted_corpus(corpus, heads), heads=heads, model=model,
                               log=log, skipped=skipped, signature=signature, params=fitted)
