"""Tests of the built-in demo corpus."""

from __future__ import annotations

import numpy as np

from induceval.corpus.demo import SESSIONS, generate_demo_corpus
from induceval.corpus.model import age_in_days


def _is_tree(heads: list[int]) -> bool:
    n = len(heads)
    if sum(h == 0 for h in heads) != 1 or any(not 0 <= h <= n for h in heads):
        return False
    for i in range(n):  # follow heads: must reach the root within n steps
        j, steps = i + 1, 0
        while j != 0:
            j = heads[j - 1]
            steps += 1
            if steps > n:
                return False
    return True


def test_determinism_and_seed():
    a, b = generate_demo_corpus(300, seed=5), generate_demo_corpus(300, seed=5)
    for col in a.tokens:
        assert a.label_strings(col).tolist() == b.label_strings(col).tolist()
    for col in a.sentences:
        assert a.sentences[col].strings() == b.sentences[col].strings()
    other = generate_demo_corpus(300, seed=6)
    assert a.label_strings("form").tolist() != other.label_strings("form").tolist()


def test_columns_and_trees():
    c = generate_demo_corpus(2000)
    assert c.n_sentences == 2000
    assert {"form", "lemma", "upos", "xpos", "cpos", "head", "deprel"} <= set(c.tokens)
    assert {"speaker", "role", "age_days", "document", "language"} <= set(c.sentences)
    for col in c.tokens.values():
        assert (col.values >= 0).all()  # nothing missing
    assert all(_is_tree(s.strings("head")) for s in c)
    # the root relation is "root" exactly where head == 0
    roots = c.tokens["head"].values == 0
    assert (c.label_strings("deprel")[roots] == "root").all()
    assert not (c.label_strings("deprel")[~roots] == "root").any()


def test_speakers_sessions_and_child_utterances_shorter():
    c = generate_demo_corpus(2000)
    speakers = np.asarray(c.sentences["speaker"].strings())
    roles = dict(zip(speakers.tolist(), c.sentences["role"].strings(), strict=True))
    assert roles == {"MOT": "Mother", "FAT": "Father", "CHI": "Target_Child"}
    ages = sorted(set(c.sentences["age_days"].strings()))
    assert ages == [age_in_days(y, m) for _, (y, m) in SESSIONS]
    assert ages[0] == age_in_days(1, 8) and ages[-1] == age_in_days(3, 0)
    assert sorted(set(c.sentences["document"].strings())) == [d for d, _ in SESSIONS]
    lengths = c.lengths
    assert lengths[speakers == "CHI"].mean() < lengths[speakers != "CHI"].mean() - 1
    assert 0.2 < (speakers == "CHI").mean() < 0.4


def test_ambiguous_words_present():
    c = generate_demo_corpus(2000)
    forms, upos = c.label_strings("form"), c.label_strings("upos")
    for word in ("brush", "drink", "kiss"):
        assert set(upos[forms == word]) >= {"NOUN", "VERB"}, word
    assert set(upos[forms == "that"]) >= {"DET", "PRON"}
