"""Corpora: the columnar data model, readers, writers and transforms.

Its names load on first use (as :mod:`induceval`'s do), so that a module
that needs only :mod:`induceval.corpus.formats` loads no numpy.
"""

import importlib

#: public name -> the module that defines it
_API = {**dict.fromkeys(("Column", "Corpus", "CorpusBuilder", "ReadReport", "Sentence",
                         "Vocabulary", "age_in_days", "concat"), "induceval.corpus.model"),
        "read_corpus": "induceval.corpus.readers"}

__all__ = list(_API)


def __getattr__(name: str):
    if name in _API:
        value = getattr(importlib.import_module(_API[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'induceval.corpus' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_API))
