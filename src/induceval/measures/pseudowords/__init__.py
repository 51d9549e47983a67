"""Pseudo-word evaluation of selectional preferences (Chambers & Jurafsky 2010).

A test item is a (verb, relation, noun) occurrence from a test document,
paired with a *confounder* noun; a model must tell which noun is the
original (the models: :mod:`induceval.models.selpref`).

Example
-------
A test set of the demo corpus, scored for a model preferring frequent nouns:

>>> from induceval.corpus.demo import generate_demo_corpus
>>> stats = chunk_documents(corpus_statistics(generate_demo_corpus(n_sentences=400, seed=1)))
>>> split = split_documents(stats.documents, seed=1)
>>> freq = stats.noun_frequencies(split.train)
>>> test = build_test_set(stats.instances(split.test), freq, "neighbor", seed=1,
...                       corpus=stats.fingerprint(), split=split.describe())
>>> class Frequent:
...     def score(self, verbs, relations, nouns):
...         return [freq[n] for n in nouns]
>>> scores = score_models({"frequent": Frequent()}, test, ties="expected")
>>> scores["items"] == len(test) > 0, scores["models"]["frequent"]["accuracy"] < 0.5
(True, True)
"""

import importlib

_SCORES = (
    "PSEUDO", "DecisionScores", "decide", "model_decisions", "pseudo_items", "score_decisions",
    "score_models", "significance_mark", "tune_parameter",
)
_STATISTICS = (
    "SIZES", "Prepared", "PseudoStatistics", "chunk_documents", "corpus_statistics",
    "fingerprint_v1", "load_corpus", "prepare", "rare_words", "seen_unseen", "shard_statistics",
)
_TESTSETS = (
    "DEFAULT_BUCKETS", "PAPER_RANDOM_RANGE", "DocumentSplit",
    "PseudoTestSet", "build_test_set", "confounders", "paper_random_range",
    "parse_random_range", "split_documents",
)
_OPTIONS = (
    "CONFOUNDER_METHODS", "RANDOM_RANGE_HELP",
)

#: public name -> the module that defines it (loaded on first use: a command's help that
#: needs only :mod:`.options` loads no numpy)
_API = {
    **dict.fromkeys(_SCORES, "induceval.measures.pseudowords.scores"),
    **dict.fromkeys(_STATISTICS, "induceval.measures.pseudowords.statistics"),
    **dict.fromkeys(_TESTSETS, "induceval.measures.pseudowords.testsets"),
    **dict.fromkeys(_OPTIONS, "induceval.measures.pseudowords.options"),
}

__all__ = list(_API)


def __getattr__(name: str):
    if name in _API:
        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API))
