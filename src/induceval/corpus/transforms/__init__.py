"""Corpus transforms: punctuation removal, length filters, tag mapping, boundaries.

Every transform takes a :class:`~induceval.corpus.model.Corpus` and returns a
new one (the input is never modified); what it removed or could not map is
counted in the returned corpus's ``report.counts``.

- :func:`punctuation_mask`, :func:`remove_punctuation`, :func:`remove_tokens`
  (re-attachment of dependents, Gelling et al. 2012 §2.3)
- :func:`filter_max_length`, :func:`filter_min_length`, :func:`drop_empty`
- :func:`map_tags`, :func:`unmapped_tags`
- :func:`add_boundaries`, :func:`boundary_mask`
- CHILDES-specific, from :mod:`induceval.corpus.transforms.childes`:
  :func:`select_child_directed`, :func:`split_clitics`

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

from induceval.corpus.transforms.boundaries import add_boundaries, boundary_mask
from induceval.corpus.transforms.childes import select_child_directed, split_clitics
from induceval.corpus.transforms.length import drop_empty, filter_max_length, filter_min_length
from induceval.corpus.transforms.punct import (
    PUNCT_POLICIES,
    GoldScheme,
    Removal,
    check_punct_policy,
    detect_gold_scheme,
    head_columns,
    punctuation_mask,
    remove_punctuation,
    remove_tokens,
    remove_tokens_detailed,
    resolve_punct_policy,
)
from induceval.corpus.transforms.tags import KEEP, map_tags, unmapped_tags

__all__ = ["KEEP", "GoldScheme", "PUNCT_POLICIES", "Removal", "add_boundaries", "boundary_mask",
           "check_punct_policy", "detect_gold_scheme", "drop_empty", "filter_max_length",
           "filter_min_length", "head_columns", "map_tags", "punctuation_mask",
           "remove_punctuation", "remove_tokens", "remove_tokens_detailed", "resolve_punct_policy",
           "unmapped_tags", "select_child_directed", "split_clitics"]
