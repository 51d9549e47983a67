"""Tests of induceval.corpus.transforms (hand-worked examples + a naive reference)."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.corpus.tagsets.ptb_universal import (
    PTB_TO_UNIVERSAL,
    UNIVERSAL_TAGS,
    UNIVERSAL_TO_UD,
    ptb_to_universal,
)
from induceval.corpus.transforms import (
    KEEP,
    add_boundaries,
    boundary_mask,
    drop_empty,
    filter_max_length,
    map_tags,
    punctuation_mask,
    remove_punctuation,
    remove_tokens,
    remove_tokens_detailed,
    unmapped_tags,
)
from induceval.errors import InducevalError, ParameterError


def build(*sentences, meta=None):
    b = CorpusBuilder(name="t")
    for i, s in enumerate(sentences):
        b.add_sentence(s, (meta or [{}] * len(sentences))[i])
    return b.build()


def heads(c, col="head"):
    return [c.sentence(i).strings(col) for i in range(c.n_sentences)]


def forms(c):
    return [c.sentence(i).strings("form") for i in range(c.n_sentences)]


P, W = "PUNCT", "X"


# -- hand-worked re-attachment ------------------------------------------------

def test_punct_in_middle_of_chain_with_children():
    # w1 p1 w2 p2 w3 ; w1->0, p1->p2(4), w2->p1(2), p2->w1(1), w3->p1(2)
    # w2 and w3 climb p1 -> p2 -> w1: both re-attach to w1 (new position 1).
    c = build({"form": ["w1", "p1", "w2", "p2", "w3"], "upos": [W, P, W, P, W],
               "head": [0, 4, 2, 1, 2]})
    out = remove_punctuation(c)
    assert forms(out) == [["w1", "w2", "w3"]]
    assert heads(out) == [[0, 1, 1]]
    assert out.report.counts["removed punctuation tokens"] == 2
    assert out.report.counts["sentences empty after removing punctuation tokens"] == 0


def test_heads_after_removed_token_are_renumbered():
    # a , b c : "," (2) is removed; c->b was 3, becomes 2; b->0; a->b 3 -> 2
    c = build({"form": ["a", ",", "b", "c"], "upos": [W, P, W, W], "head": [3, 3, 0, 3]})
    assert heads(remove_punctuation(c)) == [[2, 0, 2]]


def test_punct_as_root_children_reattach_to_root():
    # "a , b": the comma is the root, a and b hang from it -> both become roots (0)
    c = build({"form": ["a", ",", "b"], "upos": [W, P, W], "head": [2, 0, 2]},
              {"form": ["yes", "!"], "upos": [W, P], "head": [2, 0]})
    out = remove_punctuation(c)
    assert heads(out) == [[0, 0], [0]]


def test_punct_only_sentence_kept_empty_and_counted():
    c = build({"form": ["hi", "."], "upos": [W, P], "head": [0, 1]},
              {"form": [".", "!"], "upos": [P, P], "head": [0, 1]},
              {"form": ["ok"], "upos": [W], "head": [0]},
              meta=[{"speaker": "MOT"}, {"speaker": "CHI"}, {"speaker": "FAT"}])
    out = remove_punctuation(c)
    assert out.n_sentences == 3
    assert out.lengths.tolist() == [1, 0, 1]
    assert [out.sentence(i).meta("speaker") for i in range(3)] == ["MOT", "CHI", "FAT"]
    assert out.report.counts["sentences empty after removing punctuation tokens"] == 1
    assert out.report.counts["removed punctuation tokens"] == 3
    assert drop_empty(out).lengths.tolist() == [1, 1]
    # the input corpus and its report are unchanged
    assert c.n_tokens == 5 and "removed punctuation tokens" not in c.report.counts


def test_multiple_head_references():
    # head: w1->0, p->1, w2->p ; head@xgrt: w1->p, p->0, w2->p
    c = build({"form": ["w1", "p", "w2"], "upos": [W, P, W], "head": [0, 1, 2],
               "head@xgrt": [2, 0, 2], "deprel": ["ROOT", "PUNCT", "OBJ"],
               "deprel@xgrt": ["SUBJ", "ROOT", "OBJ"]})
    out = remove_punctuation(c)
    assert heads(out) == [[0, 1]]
    assert heads(out, "head@xgrt") == [[0, 0]]
    assert out.sentence(0).strings("deprel") == ["ROOT", "OBJ"]
    assert out.sentence(0).strings("deprel@xgrt") == ["SUBJ", "OBJ"]


def test_missing_invalid_and_cyclic_heads():
    # s1: w has a missing head (-1), v's head 9 is out of range -> missing, counted
    # s2: p1->p2, p2->p1 (a cycle of removed tokens); w->p1 loses its head
    c = build({"form": ["w", "v"], "upos": [W, W], "head": [-1, 9]},
              {"form": ["p1", "p2", "w"], "upos": [P, P, W], "head": [2, 1, 1]})
    r = remove_tokens_detailed(c, punctuation_mask(c))
    assert heads(r.corpus) == [[-1, -1], [-1]]
    assert r.n_invalid_heads == 1 and r.n_lost_heads == 1 and r.n_removed == 2
    assert r.corpus.report.counts["invalid heads set to missing"] == 1


def test_no_head_column_and_keep_policy():
    c = build({"form": ["a", "."], "upos": [W, P]})
    out = remove_punctuation(c)
    assert forms(out) == [["a"]] and "head" not in out.tokens
    kept = remove_punctuation(build({"form": ["a", "."], "head": [0, 1]}), "keep")
    assert heads(kept) == [[0, 1]]


def test_mask_length_checked():
    c = build({"form": ["a"]})
    with pytest.raises(InducevalError, match="2 entries for 1 tokens"):
        remove_tokens(c, [True, False])


def _naive_remove(heads_list, removed):
    """Reference: climb each kept token's head chain in plain Python."""
    n = len(heads_list)
    newpos, k = {}, 0
    for i in range(n):
        if not removed[i]:
            k += 1
            newpos[i + 1] = k
    out = []
    for i in range(n):
        if removed[i]:
            continue
        h = heads_list[i]
        while h > 0 and removed[h - 1]:
            h = heads_list[h - 1]
        out.append(0 if h == 0 else newpos[h])
    return out


def test_random_trees_match_naive_reference():
    gen = np.random.default_rng(7)
    sents, removed_all = [], []
    for _ in range(300):
        n = int(gen.integers(1, 12))
        order = gen.permutation(n)  # random tree: each node's head is an earlier node in order
        hs = [0] * n
        for j in range(1, n):
            hs[order[j]] = int(order[gen.integers(0, j)]) + 1
        rem = (gen.random(n) < 0.35).tolist()
        sents.append({"form": [f"w{i}" for i in range(n)], "head": hs})
        removed_all.append(rem)
    c = build(*sents)
    out = remove_tokens(c, np.concatenate([np.asarray(r, bool) for r in removed_all]))
    expected = [_naive_remove(s["head"], r) for s, r in zip(sents, removed_all, strict=True)]
    assert heads(out) == expected


# -- policies -----------------------------------------------------------------

def test_policies():
    c = build({"form": ["hi", ",", "you", "--", "$", "a."],
               "upos": ["INTJ", "PUNCT", "PRON", ".", "SYM", "X"],
               "xpos": ["UH", ",", "PRP", ":", "$", "FW"],
               "cpos": ["co", "punct", "pro", "punct", "x", "x"]})
    assert punctuation_mask(c, "upos").tolist() == [0, 1, 0, 1, 0, 0]
    assert punctuation_mask(c, "tags:. , : $").tolist() == [0, 1, 0, 1, 1, 0]
    assert punctuation_mask(c, "tags@cpos:punct").tolist() == [0, 1, 0, 1, 0, 0]
    # unicode: P* and S* categories; "a." has a letter
    assert punctuation_mask(c, "unicode").tolist() == [0, 1, 0, 1, 1, 0]
    assert not punctuation_mask(c, "keep").any()
    no_xpos = c.without("xpos")
    assert punctuation_mask(no_xpos, "tags:punct").tolist() == [0, 1, 0, 1, 0, 0]


def test_policy_errors():
    c = build({"form": ["a"], "xpos": ["DT"]})
    with pytest.raises(InducevalError, match="needs a 'upos'.*has: form, xpos"):
        punctuation_mask(c, "upos")
    with pytest.raises(ParameterError, match="must be one of"):
        punctuation_mask(c, "nothing")
    with pytest.raises(ParameterError, match="lists no tags"):
        punctuation_mask(c, "tags:")
    with pytest.raises(InducevalError, match="xpos' or 'cpos'"):
        punctuation_mask(build({"form": ["a"]}), "tags:.")


# -- length, tags, boundaries ---------------------------------------------------

def test_pascal_protocol_length_after_punct():
    # 11 tokens with one punctuation -> 10 words: kept at <= 10 only after removal
    words = [f"w{i}" for i in range(10)] + ["."]
    c = build({"form": words, "upos": [W] * 10 + [P], "head": [0] + [1] * 10})
    assert filter_max_length(c, 10).n_sentences == 0
    out = filter_max_length(remove_punctuation(c), 10)
    assert out.n_sentences == 1 and out.n_tokens == 10
    assert out.report.counts["sentences dropped: longer than 10 tokens"] == 0
    with pytest.raises(ParameterError):
        filter_max_length(c, -1)


def test_map_tags_dict_callable_default():
    c = build({"form": ["the", "dogs", "zz", "x"], "xpos": ["DT", "NNS", "ZZ", None]})
    out = map_tags(c, "xpos", PTB_TO_UNIVERSAL, "upos")
    assert out.sentence(0).strings("upos") == ["DET", "NOUN", None, None]
    key = "map_tags xpos->upos: tokens with an unknown tag"
    assert out.report.counts[key] == 1 and "ZZ" in out.report.examples[key]
    assert map_tags(c, "xpos", PTB_TO_UNIVERSAL, "upos", default="X").sentence(0).strings(
        "upos") == ["DET", "NOUN", "X", None]
    assert map_tags(c, "xpos", str.lower, default=KEEP).sentence(0).strings("xpos") == [
        "dt", "nns", "zz", None]
    assert map_tags(c, "xpos", {}, "u", default=KEEP).sentence(0).strings("u")[:3] == [
        "DT", "NNS", "ZZ"]
    assert unmapped_tags(c, "xpos", PTB_TO_UNIVERSAL) == {"ZZ": 1}
    with pytest.raises(InducevalError, match="expected a string"):
        map_tags(c, "xpos", lambda t: 3)


def test_ptb_universal_table():
    # en-ptb.map (Petrov et al. 2011): every value is one of the 12 tags
    assert set(PTB_TO_UNIVERSAL.values()) == set(UNIVERSAL_TAGS)
    assert PTB_TO_UNIVERSAL["MD"] == "VERB" and PTB_TO_UNIVERSAL["TO"] == "PRT"
    assert PTB_TO_UNIVERSAL["``"] == "." and PTB_TO_UNIVERSAL["NNP"] == "NOUN"
    assert ptb_to_universal("???") == "X" and ptb_to_universal("???", None) is None
    assert set(UNIVERSAL_TO_UD) == set(UNIVERSAL_TAGS)


def test_add_boundaries_heads_shift():
    c = build({"form": ["go", "home"], "head": [0, 1], "head@x": [2, 0], "upos": ["V", "N"]},
              {"form": [], "head": [], "head@x": [], "upos": []})
    out = add_boundaries(c, where="both", end_marker="</s>", tag_columns=["upos"])
    assert forms(out) == [["<s>", "go", "home", "</s>"], ["<s>", "</s>"]]
    assert heads(out) == [[-1, 0, 2, -1], [-1, -1]]
    assert heads(out, "head@x") == [[-1, 3, 0, -1], [-1, -1]]
    assert out.sentence(0).strings("upos") == ["<s>", "V", "N", "</s>"]
    assert boundary_mask(out).tolist() == [1, 0, 0, 1, 1, 1]
    assert "<s>" not in c.vocab  # the input's vocabulary is not extended
    end = add_boundaries(c, where="end")
    assert heads(end) == [[0, 1, -1], [-1]]


def test_childes_reexport_is_lazy():
    import induceval.corpus.transforms as t

    if importlib.util.find_spec("induceval.corpus.transforms.childes") is None:
        with pytest.raises(AttributeError, match="not available"):
            t.split_clitics  # noqa: B018
    else:
        assert callable(t.select_child_directed) and callable(t.split_clitics)
    with pytest.raises(AttributeError):
        t.no_such_function  # noqa: B018


@pytest.mark.realdata
def test_real_ud_childes_matches_naive_reference():
    from induceval.corpus.readers import read_corpus
    from tests.conftest import shared_path

    path = shared_path("ud", "UD_English-CHILDES", "en_childes-ud-dev.conllu")
    c = read_corpus(path).select(np.arange(1000))
    mask = punctuation_mask(c, "upos")
    out = remove_tokens(c, mask)
    off = c.offsets
    expected = [_naive_remove(c.tokens["head"].values[off[i]:off[i + 1]].tolist(),
                              mask[off[i]:off[i + 1]].tolist()) for i in range(c.n_sentences)]
    assert heads(out) == expected
    assert out.n_tokens == c.n_tokens - int(mask.sum()) > 0
