"""Corpora: the columnar data model, readers, writers and transforms."""

from induceval.corpus.model import (
    Column,
    Corpus,
    CorpusBuilder,
    ReadReport,
    Sentence,
    Vocabulary,
    age_in_days,
    concat,
)
from induceval.corpus.readers import read_corpus

__all__ = ["Column", "Corpus", "CorpusBuilder", "ReadReport", "Sentence", "Vocabulary",
           "age_in_days", "concat", "read_corpus"]
