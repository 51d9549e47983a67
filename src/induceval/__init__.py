"""induceval: evaluation of unsupervised induction of linguistic structure.

Syntactic categories (POS induction), dependency grammars, word order and
selectional preferences, with gold-standard and gold-free measures, reference
baselines and the papers' experimental protocols.

Public API (importable from ``induceval`` directly)
---------------------------------------------------
Corpora
    ``read_corpus``, ``write_corpus`` (CoNLL-U/X, PASCAL, Malt-TAB, PTB,
    Brown, plain text, CHAT; written back byte for byte),
    ``generate_demo_corpus`` (the seeded demo corpus), ``describe``,
    ``detect_gold_scheme`` and ``remove_punctuation`` (PASCAL 2012).
Evaluation, one function a family
    ``evaluate_tags`` (M-1, 1-1, VI, V, pairwise, type level),
    ``substitutable_scores`` (gold-free SP/SR), ``evaluate_dependencies``
    (directed, undirected, NED, with breakdowns), ``self_prediction`` and
    ``adult_to_child`` (WOPA), ``build_test_set`` and ``split_documents``
    (pseudo-words); ``evaluate_tag_systems`` and
    ``evaluate_dependency_systems`` score several systems and folders of
    files (shard by shard, here or on workers).
Induction
    ``induce_tags`` (ff, hc, bhmm, brown, exchange, random),
    ``induce_dependencies`` (DMV, chains, random trees, harmonic).
Statistics
    ``resample`` (bootstrap intervals) and ``compare`` (paired tests), on
    any result kept with its per-item statistics.
Registry and records
    ``MEASURES`` (every measure: family, direction, bounds, source),
    ``run_cells`` (a protocol's resumable cells), ``Table``, ``Signature`` and
    ``make_signature`` (every option that changes a number).
Figures
    ``plot`` (the module :mod:`induceval.report.plot`, loaded on first use):
    ``plot.scores`` (systems × measures as bars, with intervals),
    ``plot.accuracy_by_edge_length``; each returns a matplotlib ``Figure``.

Errors are :class:`InducevalError` (a ``ValueError``) and its subclasses.

Example
-------
>>> import induceval
>>> corpus = induceval.generate_demo_corpus(n_sentences=50, seed=1)
>>> result = induceval.evaluate_tags(corpus, corpus, pred_column="xpos", items="sentence")
>>> result.signature.startswith("tags|"), induceval.MEASURES["m1"].higher_is_better
(True, True)
>>> m1 = induceval.resample(result, n=200).intervals["m1"]
>>> bool(m1.low <= result.scores["m1"] <= m1.high)
True
"""

import importlib

from induceval._version import __version__
from induceval.errors import CorpusFormatError, InducevalError, MismatchError, ParameterError

#: public module name -> the module it is (imported on first use; ``plot`` needs matplotlib)
_MODULES = {"plot": "induceval.report.plot"}

#: public name -> the module that defines it (imported on first use)
_API = {
    "read_corpus": "induceval.corpus.readers", "write_corpus": "induceval.corpus.writers",
    "generate_demo_corpus": "induceval.corpus.demo", "describe": "induceval.corpus.stats",
    "detect_gold_scheme": "induceval.corpus.transforms.punct",
    "remove_punctuation": "induceval.corpus.transforms.punct",
    "evaluate_tags": "induceval.measures.categories",
    "evaluate_tag_systems": "induceval.measures.categories",
    "substitutable_scores": "induceval.measures.categories",
    "evaluate_dependencies": "induceval.measures.dependencies",
    "evaluate_dependency_systems": "induceval.measures.dependencies",
    "self_prediction": "induceval.experiments.wopa", "adult_to_child": "induceval.experiments.wopa",
    "build_test_set": "induceval.measures.pseudowords",
    "split_documents": "induceval.measures.pseudowords",
    "induce_tags": "induceval.models.categories",
    "induce_dependencies": "induceval.models.dependencies",
    "resample": "induceval.measures.resampling", "compare": "induceval.measures.resampling",
    "MEASURES": "induceval.measures", "run_cells": "induceval.parallel",
    "Table": "induceval.report.tables", "Signature": "induceval.signature",
    "make_signature": "induceval.signature",
}

__all__ = ["__version__", "InducevalError", "CorpusFormatError", "MismatchError", "ParameterError",
           *_API, *_MODULES]


def __getattr__(name: str):
    if name in _API:
        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    if name in _MODULES:
        value = importlib.import_module(_MODULES[name])
        globals()[name] = value
        return value
    raise AttributeError(f"module 'induceval' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API) | set(_MODULES))
