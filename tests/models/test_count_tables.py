"""Count tables behind Brown and exchange clustering, --min-count, streaming plain text.

Reference values: hand-worked small cases (explained next to each), and the
models run on counts taken token by token, or from scratch, by the naive
references of tests/models/_count_reference.py.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from induceval import __version__
from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.errors import InducevalError
from induceval.models.categories import induce_tags
from induceval.models.categories._bigrams import (
    bigram_counts,
    code_counts,
    gather,
    map_rare,
    type_counts,
)
from induceval.models.categories.brown import brown_from_counts, induce_brown
from induceval.models.categories.exchange import induce_exchange
from tests.models import _count_reference as ref


def _triples(t):
    return list(zip(*(x.tolist() for x in t)))


def test_bigram_counts_hand_worked():
    # sentences "0 1 0 1" and "1 _ 0": within-sentence bigrams (0,1) x2, (1,0) x1;
    # the missing token breaks "1 _ 0"; nothing crosses the sentence boundary
    ids = np.array([0, 1, 0, 1, 1, -1, 0], dtype=np.int32)
    off = np.array([0, 4, 7])
    for block in (1, 2, 3, 100):
        assert _triples(bigram_counts(ids, off, 2, block=block)) == [(0, 1, 2), (1, 0, 1)]
    # with a boundary symbol 2: <s> 0 1 0 1 <s> 1 _ 0 <s>:
    # (2,0) (0,1)x2 (1,0) (1,2) (2,1) (0,2)
    want = [(0, 1, 2), (0, 2, 1), (1, 0, 1), (1, 2, 1), (2, 0, 1), (2, 1, 1)]
    for block in (1, 2, 3, 100):
        assert _triples(bigram_counts(ids, off, 2, boundary=2, block=block)) == want


def test_bigram_counts_table_relabels_blockwise():
    # codes 0,1,2 relabelled by table[code + 1]: 0->1, 1->-1 (dropped), 2->0
    codes = np.array([0, 2, 0, 1, 2], dtype=np.int32)
    table = np.array([-1, 1, -1, 0])
    got = _triples(bigram_counts(codes, np.array([0, 5]), 2, table=table, block=2))
    assert got == [(0, 1, 1), (1, 0, 1)]  # (1,0) from "0 2", (0,1) from "2 0"


def test_bigram_counts_block_size_never_changes_the_table():
    gen = np.random.default_rng(7)
    for _ in range(50):
        n = int(gen.integers(0, 80))
        ids = gen.integers(-1, 6, size=n)
        cuts = np.sort(gen.integers(0, n + 1, size=int(gen.integers(0, 9))))
        off = np.concatenate([[0], cuts, [n]]).astype(np.int64)
        for boundary in (None, 6):
            ref = bigram_counts(ids, off, 6, boundary=boundary, block=10 ** 9)
            for block in (1, 5, 17):
                got = bigram_counts(ids, off, 6, boundary=boundary, block=block)
                assert all(np.array_equal(x, y) for x, y in zip(ref, got))


def test_code_counts_type_counts_and_gather():
    assert code_counts(np.array([2, -1, 2, 0], dtype=np.int32), 4, block=1).tolist() == [1, 0, 2, 0]
    b = CorpusBuilder()
    b.add_sentence({"form": "b a b".split()})
    values, off, types, counts, dense = type_counts(b.build())
    assert types == ["b", "a"] and counts.tolist() == [2, 1] and off.tolist() == [0, 3]
    assert gather(dense, values, block=1).tolist() == [0, 1, 0]


@pytest.fixture(scope="module")
def demo():
    return generate_demo_corpus(1000)


def _missing_forms():
    # sentences of words a-e, a sixth of the tokens without a form (None)
    gen = np.random.default_rng(4)
    b = CorpusBuilder()
    for _ in range(300):
        picks = gen.integers(0, 6, size=int(gen.integers(1, 9)))
        b.add_sentence({"form": [("a", "b", "c", "d", "e", None)[i] for i in picks]})
    return b.build()


def _counted_by_hand(corpus, *, boundary: bool):
    """Types, counts and bigrams (type ids) counted token by token (_count_reference)."""
    sents = ref.sentences(corpus)
    types = ref.word_types(corpus, sents)
    uni = Counter(w for s in sents for w in s if w is not None)
    code = {w: i for i, w in enumerate(types)}
    code[ref.BOUNDARY] = len(types)
    pairs = ref.bigrams(sents, boundary=boundary)
    a, b, c = (np.array(x, dtype=np.int64) for x in (
        [code[x] for x, _ in pairs], [code[y] for _, y in pairs], list(pairs.values())))
    return sents, types, np.array([uni[w] for w in types]), a, b, c


@pytest.mark.parametrize("corpus,k,min_count", [("demo", 12, 1), ("demo", 5, 3),
                                                ("missing", 3, 1)])
def test_brown_on_a_corpus_is_brown_on_its_counts_taken_by_hand(demo, corpus, k, min_count):
    # Brown clustering sees a corpus only through its type counts and bigrams (the
    # count-based path): on the counts taken here token by token, brown_from_counts must
    # give the same clusters, paths and signature, and every token its type's cluster.
    # (brown_from_counts itself is checked against a brute-force Brown in
    # test_category_models.py::test_brown_matches_brute_force.)
    corpus = demo if corpus == "demo" else _missing_forms()
    sents, types, counts, a, b, c = _counted_by_hand(corpus, boundary=False)
    want = brown_from_counts(types, counts, a, b, c, k, min_count=min_count)
    got = induce_brown(corpus, k, min_count=min_count)
    assert list(got.type_clusters.items()) == list(want.type_clusters.items())
    assert dict(got.paths) == dict(want.paths) and len(set(want.paths.values())) == len(want.paths)
    assert got.unclustered == want.unclustered and got.n_clusters == want.n_clusters == k
    assert got.tags.tolist() == ref.tags_of(sents, want.type_clusters)
    assert got.signature == want.signature == (
        f"brown|k:{k}|min_count:{min_count}|column:form|v:{__version__}")
    assert (min_count > 1) == bool(got.unclustered)


def _symmetric():
    # determiners, nouns and verbs in identical slots: candidate moves tie exactly
    b = CorpusBuilder()
    for s in ["the dog runs", "a cat runs", "the cat sleeps", "a dog sleeps"] * 3:
        b.add_sentence({"form": s.split()})
    return b.build()


@pytest.mark.parametrize("corpus,k,refine", [("demo", 12, 0), ("demo", 10, 3),
                                             ("missing", 3, 0), ("missing", 4, 1),
                                             ("symmetric", 3, 0), ("symmetric", 4, 1)])
def test_exchange_is_the_exchange_algorithm_run_from_scratch(demo, corpus, k, refine):
    # The reference (tests/models/_count_reference.exchange) recomputes the class-bigram
    # likelihood from all the bigrams, counted token by token, for every candidate move:
    # the same classes (numbered by their most frequent word), moves per pass and
    # likelihoods as the incremental, count-based model; refine=0 is the plain exchange
    # from k classes of the versions before refinement.
    corpus = {"demo": demo, "missing": _missing_forms(), "symmetric": _symmetric()}[corpus]
    sents = ref.sentences(corpus)
    want, loglik, moves = ref.exchange(sents, ref.word_types(corpus, sents), k, refine=refine)
    got = induce_exchange(corpus, k, refine=refine)
    assert list(got.type_clusters.items()) == list(want.items())
    assert got.tags.tolist() == ref.tags_of(sents, want)
    assert got.log["moves"] == moves and moves[-1] == 0
    assert got.log["loglik"] == pytest.approx(loglik, rel=1e-12)
    assert got.signature == (f"exchange|k:{k}|init:rank|max_iter:20|restarts:1|refine:{refine}"
                             f"|column:form|v:{__version__}")


def test_exchange_refined_likelihood_and_determinism(demo):
    a = induce_exchange(demo, 10)
    b = induce_exchange(demo, 10)
    assert np.array_equal(a.tags, b.tags) and "|refine:3|" in a.signature
    assert a.n_clusters == 10


def test_map_rare_hand_worked():
    b = CorpusBuilder()
    b.add_sentence({"form": "x y x z".split()})
    b.add_sentence({"form": "x w".split()})
    c, rare, n = map_rare(b.build(), 2)
    # x occurs 3 times; y, z, w once each -> <unk>
    assert c.label_strings("form").tolist() == ["x", "<unk>", "x", "<unk>", "x", "<unk>"]
    assert rare == ["y", "z", "w"] and n == 3
    same, none, zero = map_rare(b.build(), 1)
    assert none == [] and zero == 0


def test_induce_tags_min_count():
    demo = generate_demo_corpus(300)
    off = induce_tags(demo, "brown", 5)
    assert "min_count_unk" not in off.signature  # off by default: signature as before
    r = induce_tags(demo, "exchange", 5, min_count_unk=4)
    assert "|min_count_unk:4|" in r.signature
    counts = {}
    for w in demo.label_strings("form").tolist():
        counts[w] = counts.get(w, 0) + 1
    rare = sorted(w for w, n in counts.items() if n < 4)
    assert r.log["rare_types"] == len(rare) > 0
    assert r.log["rare_tokens"] == sum(counts[w] for w in rare)
    unk = r.type_clusters["<unk>"]
    assert all(r.type_clusters[w] == unk for w in rare)
    forms = demo.label_strings("form")
    mask = np.isin(forms, rare)
    assert set(r.tags[mask].tolist()) == {unk}
    with pytest.raises(InducevalError, match="min_count_unk"):
        induce_tags(demo, "brown", 5, min_count_unk=0)


def test_cli_min_count(tmp_path):
    from induceval.cli.main import main

    p = tmp_path / "a.txt"
    p.write_text("the dog runs\nthe cat runs\na dog sleeps\n")
    log = tmp_path / "log.json"
    assert main(["induce", "tags", "--model", "brown", "--k", "2", "--min-count", "2",
                 str(p), "-o", str(tmp_path / "o.pascal"), "--log", str(log), "-q"]) == 0
    import json

    got = json.loads(log.read_text())
    # once: cat, a, sleeps -> <unk>
    assert "|min_count_unk:2|" in got["signature"] and got["rare_types"] == 3


def test_plain_streaming_equals_line_by_line(tmp_path, monkeypatch):
    from induceval.corpus.readers import plain
    from induceval.corpus.readers._lines import read_line_format

    text = ("\ufeffthe  dog\tbarks\r\n\n a\x0bb\x1cc \n caf\u00e9\u00a0noir\n"
            "x\u3000y\nlast line no newline")
    p = tmp_path / "t.txt"
    p.write_text(text, encoding="utf-8")
    ref = read_line_format(p, plain._parse, ["form"])
    for piece in (1, 7, 1 << 20):
        monkeypatch.setattr(plain, "PIECE_BYTES", piece)
        got = plain.read(p)
        assert got.offsets.tolist() == ref.offsets.tolist()
        assert got.label_strings("form").tolist() == ref.label_strings("form").tolist()
        assert list(got.tokens["form"].vocab.items) == list(ref.tokens["form"].vocab.items)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"a b\nc \xff d\ne\n")
    monkeypatch.setattr(plain, "PIECE_BYTES", 3)
    with pytest.raises(InducevalError, match=r"bad.txt:2"):
        plain.read(bad)
    skipped = plain.read(bad, on_error="skip")
    assert skipped.n_sentences == 2 and sum(skipped.report.skipped.values()) == 1


def test_exchange_capped_xlogx_table_same_classes(demo, monkeypatch):
    # counts above the table are computed (a read-only table selects that kernel)
    from induceval.models.categories import exchange

    full = induce_exchange(demo, 10)
    monkeypatch.setattr(exchange, "_TABLE", 64)
    capped = induce_exchange(demo, 10)
    assert np.array_equal(full.tags, capped.tags)
    assert full.log["loglik"] == capped.log["loglik"]
