"""Chains, random projective trees and the induce_dependencies front end."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.errors import InducevalError, ParameterError
from induceval.models.dependencies import DEPENDENCY_MODELS, induce_dependencies
from induceval.models.dependencies.chains import left_branching, right_branching
from induceval.models.dependencies.random_trees import count_projective_trees, random_projective


def _projective_single_root(heads) -> bool:
    heads = list(heads)
    if sum(h == 0 for h in heads) != 1:
        return False
    for i in range(len(heads)):
        seen, j = set(), i + 1
        while j != 0:
            if j in seen:
                return False
            seen.add(j)
            j = heads[j - 1]
    arcs = [(min(i + 1, h), max(i + 1, h)) for i, h in enumerate(heads) if h]
    r = heads.index(0) + 1
    if any(a < r < b for a, b in arcs):
        return False
    return not any(a < c < b < d or c < a < d < b
                   for (a, b), (c, d) in itertools.combinations(arcs, 2))


def _corpus(sents):
    b = CorpusBuilder(name="toy")
    for s in sents:
        b.add_sentence({"form": [f"w{i}" for i in range(len(s))], "upos": list(s),
                        "deprel": ["x"] * len(s)})
    return b.build()


def test_chains_hand_worked():
    off = np.array([0, 1, 4])
    assert left_branching(off).tolist() == [0, 2, 3, 0]
    assert right_branching(off).tolist() == [0, 0, 1, 2]


def test_projective_counts_match_oeis():
    # OEIS A006013: C(3n-2, n-1) / n
    from math import comb
    assert [count_projective_trees(n) for n in range(1, 9)] == [
        comb(3 * n - 2, n - 1) // n for n in range(1, 9)]


def test_random_trees_are_projective_and_deterministic():
    lengths = [1, 2, 5, 9, 17, 40]
    off = np.concatenate(([0], np.cumsum(lengths)))
    h = random_projective(off, seed=3)
    for i in range(len(lengths)):
        assert _projective_single_root(h[off[i]:off[i + 1]])
    assert np.array_equal(h, random_projective(off, seed=3))
    assert not np.array_equal(h, random_projective(off, seed=4))


def test_random_trees_uniform_on_four_words():
    # 30 trees of 4 words, 6000 draws: each expected 200; chi-square with 29 df,
    # 99.9% quantile 58.3, so the test fails by chance with probability < 0.001
    # (and never for the fixed seed once it passes).
    n, draws = 4, 6000
    h = random_projective(np.arange(0, n * draws + 1, n), seed=11).reshape(draws, n)
    counts = Counter(map(tuple, h.tolist()))
    assert len(counts) == 30
    chi2 = sum((c - draws / 30) ** 2 / (draws / 30) for c in counts.values())
    assert chi2 < 58.3


def test_induce_every_model_gives_trees():
    c = _corpus([["DET", "NOUN", "VERB"], ["NOUN", "VERB", "DET", "NOUN"], ["VERB"]] * 5)
    for model in DEPENDENCY_MODELS:
        res = induce_dependencies(c, model, iterations=3) if model == "dmv" else \
            induce_dependencies(c, model)
        off = res.corpus.offsets
        for i in range(res.corpus.n_sentences):
            assert _projective_single_root(res.heads[off[i]:off[i + 1]]), model
        assert "deprel" not in res.corpus.tokens
        assert res.signature.startswith(f"deps-{model}|")


def test_missing_tag_column_lists_columns():
    c = _corpus([["DET", "NOUN"]])
    with pytest.raises(InducevalError, match="has no token column 'cpos'.*form.*upos"):
        induce_dependencies(c, "dmv", tags="cpos")


def test_long_sentences_skipped_and_counted_with_limit():
    c = _corpus([["DET", "NOUN", "VERB"]] * 3 + [["NOUN"] * 12])
    res = induce_dependencies(c, "dmv", max_train_length=10, iterations=2)
    assert res.skipped == {"longer than max_train_length=10 (not trained on)": 1}
    assert len(res.heads) == c.n_tokens  # still parsed


def test_bad_options():
    c = _corpus([["DET", "NOUN"]])
    with pytest.raises(ParameterError, match="model must be one of"):
        induce_dependencies(c, "nope")
    with pytest.raises(ParameterError, match="unknown option"):
        induce_dependencies(c, "dmv", iterationz=3)
    with pytest.raises(ParameterError, match="takes no options"):
        induce_dependencies(c, "lb", iterations=3)
    with pytest.raises(ParameterError, match="max_train_length"):
        induce_dependencies(c, "dmv", max_train_length=0)


def test_harmonic_equals_dmv_with_zero_iterations():
    c = _corpus([["DET", "NOUN", "VERB", "ADP", "NOUN"], ["NOUN", "VERB"]] * 4)
    h = induce_dependencies(c, "harmonic")
    d = induce_dependencies(c, "dmv", iterations=0)
    assert np.array_equal(h.heads, d.heads)


def test_dmv_log_is_reported():
    c = _corpus([["DET", "NOUN", "VERB"], ["NOUN", "VERB", "DET", "NOUN"]] * 10)
    res = induce_dependencies(c, "dmv", iterations=5, tolerance=0)
    ll = res.log_likelihood
    assert 1 <= len(ll) <= 5 and ll == sorted(ll)
    assert "viterbi_em:no" in res.signature and "tags:upos" in res.signature


def test_punctuation_left_out_and_reattached_to_root():
    b = CorpusBuilder()
    b.add_sentence({"form": ["the", "dog", ",", "barks", "."],
                    "upos": ["DET", "NOUN", "PUNCT", "VERB", "PUNCT"]})
    b.add_sentence({"form": ["!"], "upos": ["PUNCT"]})
    b.add_sentence({"form": ["!", "?"], "upos": ["PUNCT", "PUNCT"]})
    c = b.build()
    res = induce_dependencies(c, "lb", punct="upos")
    # LB over "the dog barks": the->dog, dog->barks, barks root (position 4);
    # punctuation attached to the root word; all-punctuation sentences: first is root
    assert res.heads.tolist() == [2, 4, 4, 0, 4, 0, 0, 1]
    assert "punct:upos" in res.signature
    assert sum(res.skipped.values()) == 5


def test_parser_limit_named_and_long_sentences_finite():
    from induceval.models.dependencies.inside_outside import MAX_EM_LENGTH
    tags = ["DET", "NOUN", "VERB", "ADP"]
    long = [tags[i % 4] for i in range(MAX_EM_LENGTH + 1)]
    at_limit = long[:MAX_EM_LENGTH]
    c = _corpus([["DET", "NOUN", "VERB"]] * 3 + [long, at_limit])
    res = induce_dependencies(c, "dmv", max_train_length=None, iterations=2)
    assert res.skipped == {
        f"longer than the inside-outside limit MAX_EM_LENGTH={MAX_EM_LENGTH} (not trained on)": 1}
    # the sentence at the limit was trained on without underflow
    assert res.log["underflow_sentences"] == 0
    off = res.corpus.offsets
    assert _projective_single_root(res.heads[off[3]:off[4]])
