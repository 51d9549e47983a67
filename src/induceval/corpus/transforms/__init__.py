"""Corpus transforms: punctuation removal, length filters, tag mapping, boundaries.

Every transform takes a :class:`~induceval.corpus.model.Corpus` and returns a
new one (the input is never modified); what it removed or could not map is
counted in the returned corpus's ``report.counts``.

- :func:`punctuation_mask`, :func:`remove_punctuation`, :func:`remove_tokens`
  (re-attachment of dependents, Gelling et al. 2012 §2.3)
- :func:`filter_max_length`, :func:`filter_min_length`, :func:`drop_empty`
- :func:`map_tags`, :func:`unmapped_tags`
- :func:`add_boundaries`, :func:`boundary_mask`
- CHILDES-specific, from :mod:`induceval.corpus.transforms.childes` (loaded
  on first use): :func:`select_child_directed`, :func:`split_clitics`

The PASCAL 2012 dependency protocol is
``filter_max_length(remove_punctuation(corpus, "upos"), 10)``.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["look", "!"], "upos": ["VERB", "PUNCT"], "head": [0, 1]})
>>> c = filter_max_length(remove_punctuation(b.build()), 10)
>>> c.sentence(0).strings("form"), c.sentence(0).strings("head")
(['look'], [0])
"""

from __future__ import annotations

import importlib

from induceval.corpus.transforms.boundaries import add_boundaries, boundary_mask
from induceval.corpus.transforms.length import drop_empty, filter_max_length, filter_min_length
from induceval.corpus.transforms.punct import (
    PUNCT_POLICIES,
    Removal,
    check_punct_policy,
    head_columns,
    punctuation_mask,
    remove_punctuation,
    remove_tokens,
    remove_tokens_detailed,
)
from induceval.corpus.transforms.tags import KEEP, map_tags, unmapped_tags

__all__ = [
    "KEEP",
    "PUNCT_POLICIES",
    "Removal",
    "add_boundaries",
    "boundary_mask",
    "check_punct_policy",
    "drop_empty",
    "filter_max_length",
    "filter_min_length",
    "head_columns",
    "map_tags",
    "punctuation_mask",
    "remove_punctuation",
    "remove_tokens",
    "remove_tokens_detailed",
    "unmapped_tags",
]
# select_child_directed and split_clitics are loaded lazily (see __getattr__) and left out of
# __all__ so that ``import *`` works before induceval.corpus.transforms.childes exists.

_CHILDES = "induceval.corpus.transforms.childes"
_LAZY = {"select_child_directed": _CHILDES, "split_clitics": _CHILDES}


def __getattr__(name: str):
    """Load the CHILDES transforms on first use (their module may be absent)."""
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise  # a missing dependency inside the module is a real error
        raise AttributeError(f"{name} is not available: module {module_name} is not "
                             "installed yet") from None
    value = getattr(module, name)
    globals()[name] = value
    return value
