"""Pseudo-word evaluation of selectional preferences (Chambers & Jurafsky 2010).

A test item is a (verb, relation, noun) occurrence from a test document,
paired with a *confounder* noun; a model must tell which noun is the
original.  :mod:`~induceval.measures.pseudowords.statistics`: what the
evaluation needs of a corpus, additive over shards, and the protocol's
preparation (document split, counts, unseen tuples);
:mod:`~induceval.measures.pseudowords.testsets`: document split,
confounders and the test-set file; :mod:`~induceval.measures.pseudowords.scores`:
decisions, accuracy, accuracy +50%, precision, coverage and the paired
approximate randomization test.  The models live in
:mod:`induceval.models.selpref`.

Example
-------
>>> from collections import Counter
>>> freq = Counter({"cake": 5, "pie": 6, "rock": 50, "dog": 7})
>>> confounders(["cake", "dog"], freq, "neighbor", seed=1)[0].tolist()
['pie', 'rock']
"""

from induceval.measures.pseudowords.scores import (
    DecisionScores,
    decide,
    model_decisions,
    score_decisions,
    score_models,
    significance_mark,
    tune_parameter,
)
from induceval.measures.pseudowords.statistics import (
    SIZES,
    Prepared,
    PseudoStatistics,
    chunk_documents,
    corpus_statistics,
    fingerprint_v1,
    load_corpus,
    prepare,
    rare_words,
    seen_unseen,
    shard_statistics,
)
from induceval.measures.pseudowords.testsets import (
    CONFOUNDER_METHODS,
    DEFAULT_BUCKETS,
    PAPER_RANDOM_RANGE,
    DocumentSplit,
    PseudoTestSet,
    build_test_set,
    confounders,
    paper_random_range,
    parse_random_range,
    split_documents,
)

__all__ = [
    "CONFOUNDER_METHODS", "DEFAULT_BUCKETS", "PAPER_RANDOM_RANGE", "DocumentSplit",
    "PseudoTestSet", "build_test_set", "confounders", "paper_random_range",
    "parse_random_range", "split_documents",
    "DecisionScores", "decide", "model_decisions", "score_decisions", "score_models",
    "significance_mark", "tune_parameter",
    "SIZES", "Prepared", "PseudoStatistics", "chunk_documents", "corpus_statistics",
    "fingerprint_v1", "load_corpus", "prepare", "rare_words", "seen_unseen",
    "shard_statistics",
]
