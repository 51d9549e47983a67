"""induceval: evaluation of unsupervised induction of linguistic structure.

Syntactic categories (POS induction), dependency grammars, word order and
selectional preferences, with gold-standard and gold-free measures, reference
baselines and the papers' experimental protocols.

Public API (importable from ``induceval`` directly)
---------------------------------------------------
read_corpus
    Read CoNLL-U/X, PASCAL, Malt-TAB, PTB, Brown, plain text or CHAT into a Corpus.
generate_demo_corpus
    The seeded built-in demo corpus (child-directed speech with tags and trees).
describe
    What a corpus holds: sizes, tag sets, dependencies, speakers, ages, skips.
detect_gold_scheme
    The gold tag column and punctuation of a corpus (UPOS, PTB, CHILDES, forms).
remove_punctuation
    Remove punctuation tokens, re-attaching their dependents (PASCAL 2012).
evaluate_tags
    Every category measure (M-1, 1-1, VI, V, pairwise, type level) in one pass.
substitutable_scores
    Gold-free substitutable precision and recall of a word clustering.
evaluate_dependencies
    Directed, undirected and NED accuracy of predicted trees, with breakdowns.
induce_tags
    Run a category-induction model (ff, hc, bhmm, brown, exchange, random).
induce_dependencies
    Run a dependency model (DMV, left/right chains, random trees, harmonic).
self_prediction
    WOPA: learn from the adults' utterances and predict their word order.
adult_to_child
    WOPA: learn from the adults and predict the target child's word order.
build_test_set
    Pseudo-word test set with confounders (random, buckets, nearest frequency).
split_documents
    The seeded train/dev/test split of documents for pseudo-word evaluation.
run_cells
    Run a protocol's cells, storing each result (resume, parallel workers).
Table
    Rows of results rendered as text, Markdown, CSV, JSON or LaTeX.
make_signature
    The signature of a result: every option that changes the number.

Errors are :class:`InducevalError` (a ``ValueError``) and its subclasses.

Example
-------
>>> import induceval
>>> corpus = induceval.generate_demo_corpus(n_sentences=50, seed=1)
>>> induceval.evaluate_tags(corpus, corpus.column("xpos").values).signature.startswith("tags|")
True
"""

from induceval._version import __version__
from induceval.errors import CorpusFormatError, InducevalError, MismatchError, ParameterError

#: public name -> the module that defines it (imported on first use)
_API = {
    "read_corpus": "induceval.corpus.readers",
    "generate_demo_corpus": "induceval.corpus.demo",
    "describe": "induceval.corpus.stats",
    "detect_gold_scheme": "induceval.corpus.transforms.punct",
    "remove_punctuation": "induceval.corpus.transforms.punct",
    "evaluate_tags": "induceval.measures.categories",
    "substitutable_scores": "induceval.measures.categories",
    "evaluate_dependencies": "induceval.measures.dependencies",
    "induce_tags": "induceval.models.categories",
    "induce_dependencies": "induceval.models.dependencies",
    "self_prediction": "induceval.experiments.wopa",
    "adult_to_child": "induceval.experiments.wopa",
    "build_test_set": "induceval.measures.pseudowords",
    "split_documents": "induceval.measures.pseudowords",
    "run_cells": "induceval.parallel",
    "Table": "induceval.report.tables",
    "make_signature": "induceval.signature",
}

__all__ = [
    "__version__",
    "InducevalError",
    "CorpusFormatError",
    "MismatchError",
    "ParameterError",
    *_API,
]


def __getattr__(name: str):
    if name in _API:
        import importlib

        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'induceval' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API))
