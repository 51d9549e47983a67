"""Count tables behind Brown and exchange clustering, --min-count, streaming plain text.

Reference values: hand-worked small cases (explained next to each), and
hashes of the outputs of induceval at commit ea22cab (before the count-based
path), which the count-based path must reproduce byte for byte.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

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
from induceval.models.categories.brown import induce_brown
from induceval.models.categories.exchange import induce_exchange


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


def _digest(r) -> str:
    m = hashlib.sha256(r.tags.tobytes())
    m.update(repr(sorted(r.type_clusters.items())).encode())
    m.update(repr(sorted((r.paths or {}).items())).encode())
    return m.hexdigest()[:16]


def test_brown_count_based_path_same_clusters_as_before():
    # digests of induce_brown on the demo corpus at commit ea22cab (token-array path)
    demo = generate_demo_corpus(2000)
    assert _digest(induce_brown(demo, 12)) == "c2046c42891aad5b"
    assert _digest(induce_brown(demo, 5, min_count=3)) == "e21062a716ec2754"


def test_exchange_refine_0_is_the_former_exchange():
    # tags digest of induce_exchange(demo, 12) at commit ea22cab (no refinement then)
    r = induce_exchange(generate_demo_corpus(2000), 12, refine=0)
    assert hashlib.sha256(r.tags.tobytes()).hexdigest()[:16] == "90b649fa02452129"
    assert "|refine:0|" in r.signature


def test_exchange_refined_likelihood_and_determinism():
    demo = generate_demo_corpus(1000)
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


def test_exchange_capped_xlogx_table_same_classes(monkeypatch):
    # counts above the table are computed (a read-only table selects that kernel)
    from induceval.models.categories import exchange

    demo = generate_demo_corpus(1000)
    full = induce_exchange(demo, 10)
    monkeypatch.setattr(exchange, "_TABLE", 64)
    capped = induce_exchange(demo, 10)
    assert np.array_equal(full.tags, capped.tags)
    assert full.log["loglik"] == capped.log["loglik"]
