"""Demo step: category measures on the demo corpus.

Scores, against the gold UPOS tags of the demo corpus (punctuation excluded):

- ``gold-relabelled``: the gold tags under other names (every measure perfect);
- ``random``: the random baseline of Frank et al. (2009) — random clusters
  with the gold type-size distribution, all tokens of a type together;
- ``one-cluster``: every token in one cluster;
- ``word-types``: every word type its own cluster.

Then substitutable precision/recall (Frank et al. 2009, eqs. 2-3) of the
type clusterings, trained on the first half of the corpus and tested on the
second.

References
----------
Frank, Goldwater & Keller (2009); Reichart, Abend & Rappoport (2010).

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> tables = run(generate_demo_corpus(200), seed=0)
>>> [r["system"] for r in tables[0].rows]
['gold-relabelled', 'random', 'one-cluster', 'word-types']
>>> tables[0].rows[0]["m1"], tables[0].rows[0]["macro_i_m1"]
(1.0, 1.0)
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.measures.categories import (
    evaluate_tags,
    majority_gold_by_type,
    substitutable_scores,
)
from induceval.models.categories.random_baseline import random_type_clusters
from induceval.random import rng
from induceval.report.layouts import category_table
from induceval.report.tables import Table

__all__ = ["run"]


def run(corpus: Corpus, seed: int) -> list:
    """Score the trivial taggings and the random baseline; return the tables.

    Parameters
    ----------
    corpus
        The demo corpus.
    seed
        The seed of the step.

    Returns
    -------
    list
        The step's report items (tables, or text).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> items = run(generate_demo_corpus(n_sentences=20, seed=1), 1)
    >>> items[0].title
    'category measures on the demo corpus (gold upos, random seed 1)'
    """
    gold = corpus.column("upos").values.astype(np.int64)
    forms = corpus.forms.astype(np.int64)
    # a stream of its own: the demo's tables do not move with the model ``random``'s draws
    baseline = random_type_clusters(forms, gold,
                                    generator=rng(seed, "categories.random_baseline"))
    systems = {
        "gold-relabelled": (gold * 7 + 3) % 1000, "random": baseline[forms],
        "one-cluster": np.zeros_like(gold), "word-types": forms.copy(),
    }
    results = [evaluate_tags(corpus, tags, level="both", restarts=3, seed=seed)
               for tags in systems.values()]
    table = category_table(results, list(systems))
    table.title = f"category measures on the demo corpus (gold upos, random seed {seed})"
    # SP/SR: first half trains, second half tests
    half = corpus.n_sentences // 2
    train = corpus.select(np.arange(half))
    test = corpus.select(np.arange(half, corpus.n_sentences))
    vocab = corpus.vocab.items
    clusterings = {
        "gold-majority": _majority(corpus),
        "random": {vocab[i]: int(c) for i, c in enumerate(baseline) if c >= 0},
        "one-cluster": {w: 0 for w in vocab}, "word-types": {w: i for i, w in enumerate(vocab)},
    }
    rows, sig = [], ""
    for name, cl in clusterings.items():
        r = substitutable_scores(train, test, cl)
        sig = r.signature
        rows.append({"system": name, **r.scores, "frames": r.stats.n_frames})
    sp = Table(["system", "sp", "sr", "sf", "frames"], rows,
               higher_is_better={"sp": True, "sr": True, "sf": True},
               title="substitutable precision/recall (train: first half, test: second half)",
               notes=[f"signature: {sig}"])
    return [table, sp]


def _majority(corpus: Corpus) -> dict:
    maj = majority_gold_by_type(corpus.forms, corpus.column("upos").values)
    vocab = corpus.vocab.items
    return {vocab[i]: int(c) for i, c in enumerate(maj) if c >= 0}
