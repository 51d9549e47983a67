"""HC, FF and the co-occurrence baseline from count tables built in one pass over the codes.

Reference values: naive token-by-token loops written here, and hashes of the
outputs of induceval at commit e4bdd72 (before the count-based path, when HC
and FF worked on int64 copies of the column), which the count-based path
must reproduce byte for byte.  Blocks are shrunk to a few tokens to check
that the block-wise merging and the block-wise random draws change nothing.
"""

from __future__ import annotations

import hashlib
from collections import Counter

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.tuples import cooccurrence_counts
from induceval.models.categories import frequent_frames, hierarchical, induce_tags
from induceval.models.categories.hierarchical import context_vectors
from induceval.models.categories.result import type_clusters_from_codes, type_clusters_from_tags


def _digest(r) -> str:
    from induceval import __version__

    log = {k: v for k, v in r.log.items() if not k.startswith("seconds")}
    # the hashes below were taken at version 0.2.0: the version field of the signature is
    # pinned to it, every other byte must be the same
    signature = r.signature.replace(f"v:{__version__}", "v:0.2.0")
    blob = (r.tags.tobytes() + repr(r.type_clusters).encode()
            + repr(sorted(r.unclustered)).encode()
            + repr(getattr(r, "memberships", None)).encode() + repr(log).encode()
            + signature.encode())
    return hashlib.sha256(blob).hexdigest()[:16]


@pytest.fixture(scope="module")
def demo():
    return generate_demo_corpus(n_sentences=3000, seed=3)


# hashes of induceval at e4bdd72 (token-array path), demo corpus of 3000 sentences, seed 7
BEFORE = [
    ("hc", 12, {}, "4349fa9e96a5dc99"),
    ("hc", 30, {"n_targets": 200, "n_contexts": 50, "positions": (-1, 1)}, "2bec93a36d201edd"),
    ("ff", 12, {}, "68af3e20d685f236"),
    ("ff", 45, {"threshold": 0.0013}, "bea1c8c26cbc86ec"),
    ("ff", 5, {"outside_frames": "unclustered"}, "7dcabab0ed97d862"),
    ("bhmm", 10, {"iterations": 5}, "ec20acac9097f7e4"),
]


@pytest.mark.parametrize("model,k,kw,digest", BEFORE)
def test_same_bytes_as_the_token_array_path(demo, model, k, kw, digest):
    assert _digest(induce_tags(demo, model, k, seed=7, **kw)) == digest


@pytest.mark.parametrize("model,k,kw", [("hc", 20, {"n_targets": 300}), ("ff", 12, {}),
                                        ("ff", 45, {"threshold": 0.0013})])
def test_block_size_never_changes_the_result(demo, monkeypatch, model, k, kw):
    whole = _digest(induce_tags(demo, model, k, seed=7, **kw))
    monkeypatch.setattr(hierarchical, "BLOCK_TOKENS", 7)
    monkeypatch.setattr(frequent_frames, "BLOCK_TOKENS", 7)
    assert _digest(induce_tags(demo, model, k, seed=7, **kw)) == whole


def test_context_vectors_equal_a_naive_loop():
    rng = np.random.default_rng(0)
    ids = rng.integers(-1, 6, size=60)  # -1: missing tokens
    offsets = np.array([0, 5, 6, 20, 33, 60])
    targets, contexts = np.array([3, 0, 5]), np.array([1, 3, 4])
    positions = (-2, -1, 1, 2, 3)
    want = np.zeros((3, 5 * 3))
    for s in range(len(offsets) - 1):
        for i in range(offsets[s], offsets[s + 1]):
            if ids[i] not in targets:
                continue
            for p, d in enumerate(positions):
                j = i + d
                if offsets[s] <= j < offsets[s + 1] and ids[j] in contexts:
                    t = list(targets).index(ids[i])
                    want[t, p * 3 + list(contexts).index(ids[j])] += 1
    assert np.array_equal(context_vectors(ids, offsets, targets, contexts, 6, positions), want)
    assert want.sum() > 10


def test_type_clusters_from_codes_equals_from_tags():
    rng = np.random.default_rng(1)
    values = rng.integers(-1, 9, size=200).astype(np.int32)  # codes 0..8, some unused
    used = np.unique(values[values >= 0])[::2]  # odd ones out: unused codes map to -1
    dense = np.full(10, -1)
    dense[used + 1] = np.arange(len(used))
    ids = dense[values + 1]
    tags = rng.integers(-1, 4, size=200).astype(np.int32)
    types = [f"w{u}" for u in used]
    assert type_clusters_from_codes(values, dense, tags, types) == type_clusters_from_tags(
        ids, tags, types)


def _naive_cooccurrence(sentences, window, docs=None):
    verbs = {w.lower() for s, d in sentences for w, t in s if t == "VERB" and w != "_"
             and (docs is None or d in docs)}
    nouns = {w.lower() for s, d in sentences for w, t in s if t == "NOUN" and w != "_"
             and (docs is None or d in docs)}
    out: Counter = Counter()
    for s, d in sentences:
        if docs is not None and d not in docs:
            continue
        words = [None if w == "_" else w.lower() for w, _ in s]
        for i in range(len(words)):
            for j in range(i + 1, min(i + window, len(words))):
                a, b = words[i], words[j]
                if a is None or b is None:
                    continue
                if a in verbs and b in nouns:
                    out[(a, b)] += 1
                if b in verbs and a in nouns:
                    out[(b, a)] += 1
    return Counter(dict(sorted(out.items())))


def test_cooccurrence_counts_equal_a_naive_loop():
    rng = np.random.default_rng(2)
    words = ["Eat", "eat", "cake", "run", "dog", "_", "the", "see", "Dog"]
    tags = ["VERB", "NOUN", "DET", "ADJ"]
    sentences = []
    b = CorpusBuilder()
    for n in range(40):
        length = int(rng.integers(1, 9))
        s = [(words[rng.integers(len(words))], tags[rng.integers(len(tags))])
             for _ in range(length)]
        doc = f"d{n % 3}"
        sentences.append((s, doc))
        b.add_sentence({"form": [w for w, _ in s], "upos": [t for _, t in s]},
                       {"document": doc})
    corpus = b.build()
    for window in (2, 3, 5):
        got = cooccurrence_counts(corpus, "ud", window=window)
        want = _naive_cooccurrence(sentences, window)
        assert got == want and list(got) == list(want)
    got = cooccurrence_counts(corpus, "ud", documents=["d0", "d2"])
    want = _naive_cooccurrence(sentences, 5, {"d0", "d2"})
    assert got == want and list(got) == list(want) and sum(want.values()) > 10


def test_missing_tokens_same_bytes_as_the_token_array_path():
    # 237 of the tokens have no form: dropped from BHMM's sequences, breaking frames and
    # contexts; hashes of induceval at e4bdd72
    rng = np.random.default_rng(4)
    b = CorpusBuilder()
    words = ["a", "b", "c", "d", "e", None]
    for _ in range(300):
        b.add_sentence({"form": [words[i] for i in
                                 rng.integers(0, 6, size=int(rng.integers(1, 9)))]})
    corpus = b.build()
    assert (corpus.tokens["form"].values < 0).sum() == 237
    for model, kw, digest in [("bhmm", {"iterations": 4}, "0029eac31c04"),
                              ("ff", {"threshold": 0.01}, "918f923e4a05"),
                              ("hc", {}, "666b2a176dd2")]:
        r = induce_tags(corpus, model, 3, seed=2, **kw)
        log = {k: v for k, v in r.log.items() if not k.startswith("seconds")}
        blob = (r.tags.tobytes() + repr(r.type_clusters).encode() + repr(log).encode()
                + repr(getattr(r, "memberships", None)).encode())
        assert hashlib.sha256(blob).hexdigest()[:12] == digest, model
        assert r.n_clusters == 3
