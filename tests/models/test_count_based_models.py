"""HC, FF and the co-occurrence baseline from count tables built in one pass over the codes.

Reference values: naive token-by-token loops written here and in
tests/models/_count_reference.py, which count what each model needs from the
token sequence and run its algorithm from scratch; the count-based models
must give the same outputs.  Blocks are shrunk to a few tokens to check that
the block-wise merging and the block-wise random draws change nothing.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from induceval import __version__
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.tuples import cooccurrence_counts
from induceval.models.categories import frequent_frames, hierarchical, induce_tags
from induceval.models.categories.hierarchical import context_vectors
from induceval.models.categories.result import type_clusters_from_codes, type_clusters_from_tags
from tests.models import _count_reference as ref


def _outputs(r):
    """Everything a model returns but the timings, comparable with ``==``."""
    log = {k: v for k, v in r.log.items() if not k.startswith("seconds")}
    return (r.tags.tolist(), list(r.type_clusters.items()), sorted(r.unclustered),
            r.memberships, repr(log), r.signature)


@pytest.fixture(scope="module")
def demo():
    return generate_demo_corpus(n_sentences=3000, seed=3)


@pytest.fixture(scope="module")
def missing():
    # 237 of the tokens have no form: they break frames and contexts and are dropped from
    # BHMM's sequences
    rng = np.random.default_rng(4)
    b = CorpusBuilder()
    words = ["a", "b", "c", "d", "e", None]
    for _ in range(300):
        b.add_sentence({"form": [words[i] for i in
                                 rng.integers(0, 6, size=int(rng.integers(1, 9)))]})
    corpus = b.build()
    assert (corpus.tokens["form"].values < 0).sum() == 237
    return corpus


@pytest.mark.parametrize("corpus,k,kw", [
    ("demo", 12, {}),
    ("demo", 30, {"n_targets": 200, "n_contexts": 50, "positions": (-1, 1)}),
    ("missing", 3, {}),
])
def test_hc_clusters_the_context_vectors_counted_by_hand(demo, missing, corpus, k, kw):
    # reference: tests/models/_count_reference.hierarchical counts the context vectors
    # token by token and clusters them with scipy (spearmanr, linkage, cut_tree)
    corpus = demo if corpus == "demo" else missing
    sents = ref.sentences(corpus)
    types = ref.word_types(corpus, sents)
    want, vectors = ref.hierarchical(sents, types, k, **kw)
    got = induce_tags(corpus, "hc", k, seed=7, **kw)
    assert list(got.type_clusters.items()) == list(want.items())
    assert got.tags.tolist() == ref.tags_of(sents, want)
    assert got.unclustered == {w for w, c in want.items() if c is None}
    positions = kw.get("positions", (-2, -1, 1, 2))
    assert got.n_clusters == k and got.log == {"n_targets": len(vectors),
                                               "n_contexts": vectors.shape[1] // len(positions)}
    positions = ",".join(map(str, positions))
    assert got.signature == (f"hc|k:{k}|n:{kw.get('n_targets', 1000)}|"
                             f"m:{kw.get('n_contexts', 150)}|positions:{positions}|"
                             f"linkage:average|column:form|v:{__version__}")


@pytest.mark.parametrize("corpus,k,kw", [
    ("demo", 12, {}),
    ("demo", 45, {"threshold": 0.0013}),
    ("demo", 5, {"outside_frames": "unclustered"}),
    ("missing", 3, {"threshold": 0.01}),
])
def test_ff_is_frequent_frames_counted_by_hand(demo, missing, corpus, k, kw):
    # reference: tests/models/_count_reference.frequent_frames counts the frames token by
    # token, merges the clusters by exact overlap and draws the tokens outside frequent
    # frames from the same named random stream
    corpus = demo if corpus == "demo" else missing
    sents = ref.sentences(corpus)
    types = ref.word_types(corpus, sents)
    tags, memberships, n_clusters, log = ref.frequent_frames(sents, types, k, seed=7, **kw)
    got = induce_tags(corpus, "ff", k, seed=7, **kw)
    assert got.tags.tolist() == tags
    assert list(got.memberships.items()) == list(memberships.items())
    assert list(got.type_clusters.items()) == list(ref.majority(sents, tags, types).items())
    assert got.n_clusters == n_clusters and got.log == log and log["n_frames"] > n_clusters
    assert got.signature == (f"ff|k:{k}|threshold:{kw.get('threshold', 0.0009)}|"
                             f"outside:{kw.get('outside_frames', 'sample')}|column:form|"
                             f"seed:7|v:{__version__}")


@pytest.mark.parametrize("corpus,k,iterations", [("demo", 10, 5), ("missing", 3, 4)])
def test_bhmm_samples_the_word_sequence_read_by_hand(demo, missing, corpus, k, iterations):
    # BHMM samples tokens (no count path): the property is what the sampler is given, read
    # here token by token -- each sentence's words as type ids (in code order) with the
    # missing forms left out, the initial tags and the sampler's seed from the named
    # streams of the seed -- and that the model returns the sampler's final tags (-1 on a
    # missing form), each type's majority tag, and its hyperparameters and counts
    from induceval.models.categories import bhmm
    from induceval.random import stream, stream_seed

    corpus = demo if corpus == "demo" else missing
    sents = ref.sentences(corpus)
    types = ref.word_types(corpus, sents)
    kept = [[types.index(w) for w in s if w is not None] for s in sents]
    ids = np.array([i for s in kept for i in s], dtype=np.int32)
    offsets = np.cumsum([0] + [len(s) for s in kept]).astype(np.int64)
    tags = stream(2, "models.bhmm.init").integers(0, k, size=len(ids)).astype(np.int32)
    n3, n2, ne, nt, alpha, beta, logp = bhmm._gibbs(
        ids, offsets, tags, k, len(types), iterations, 0.003, 1.0, 2.0, 1.0,
        round(iterations / 2), True, 10, stream_seed(2, "models.bhmm.sampler"), 3)
    got = induce_tags(corpus, "bhmm", k, seed=2, iterations=iterations)
    full = iter(tags.tolist())
    want = [-1 if w is None else next(full) for s in sents for w in s]
    assert got.tags.tolist() == want
    assert list(got.type_clusters.items()) == list(ref.majority(sents, want, types).items())
    assert got.n_clusters == len(set(tags.tolist())) == k
    assert (got.log["alpha"], got.log["beta"], got.log["log_marginal"]) == (
        alpha[-1], beta[-1], logp)
    assert all(np.array_equal(x, y) for x, y in zip(got.log["counts"], (n3, n2, ne, nt)))
    assert got.signature == (f"bhmm|k:{k}|order:3|iter:{iterations}|alpha:0.003|beta:1|"
                             f"anneal:2-1/0.5|hyper:yes|column:form|seed:2|v:{__version__}")


def test_bhmm_missing_forms_are_as_if_deleted(missing):
    # the tokens without a form are left out of the sequences: the same tags as on the
    # corpus without those tokens, and the same tags again for the same seed
    b = CorpusBuilder()
    for s in ref.sentences(missing):
        b.add_sentence({"form": [w for w in s if w is not None]})
    deleted = induce_tags(b.build(), "bhmm", 3, seed=2, iterations=4)
    got = induce_tags(missing, "bhmm", 3, seed=2, iterations=4)
    keep = missing.tokens["form"].values >= 0
    assert got.tags[keep].tolist() == deleted.tags.tolist() and (got.tags[~keep] == -1).all()
    assert _outputs(got) == _outputs(induce_tags(missing, "bhmm", 3, seed=2, iterations=4))
    assert got.type_clusters == deleted.type_clusters


@pytest.mark.parametrize("model,k,kw", [("hc", 20, {"n_targets": 300}), ("ff", 12, {}),
                                        ("ff", 45, {"threshold": 0.0013})])
def test_block_size_never_changes_the_result(demo, monkeypatch, model, k, kw):
    whole = _outputs(induce_tags(demo, model, k, seed=7, **kw))
    monkeypatch.setattr(hierarchical, "BLOCK_TOKENS", 7)
    monkeypatch.setattr(frequent_frames, "BLOCK_TOKENS", 7)
    assert _outputs(induce_tags(demo, model, k, seed=7, **kw)) == whole


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
