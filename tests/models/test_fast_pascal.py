"""The fast PASCAL writer of tag predictions writes the general writer's bytes."""

from __future__ import annotations

import induceval.corpus.writers as writers
from induceval.corpus.readers import plain
from induceval.models.categories import induce_tags


def test_fast_pascal_same_bytes_as_general_writer(tmp_path, monkeypatch):
    p = tmp_path / "t.txt"
    # unicode words, "_" (a missing form), a long sentence (two-digit ids)
    p.write_text("the dog barks\n\nun caf\u00e9 _ noir\n" + " ".join(f"w{i}" for i in range(12))
                 + "\nthe _ end\n", encoding="utf-8")
    corpus = plain.read(p)
    monkeypatch.setattr(writers, "_FAST_BLOCK", 2)  # several blocks
    for model, k in (("brown", 3), ("ff", 2)):  # ff leaves tokens UNCLUSTERED
        result = induce_tags(corpus, model, k)
        fast = writers._fast_pascal(corpus, result.tags, result.n_labels, tmp_path / "fast.pascal")
        assert fast is not None
        with monkeypatch.context() as m:
            m.setattr(writers, "_fast_pascal", lambda *a: None)
            general = writers.write_predictions(corpus, result, tmp_path / "general.pascal")
        assert (tmp_path / "fast.pascal").read_bytes() == (tmp_path / "general.pascal").read_bytes()
        assert fast.to_dict() == general.to_dict()


def test_fast_pascal_only_for_plain_corpora(tmp_path):
    from induceval.corpus.demo import generate_demo_corpus

    demo = generate_demo_corpus(20)
    result = induce_tags(demo, "brown", 3)
    assert writers._fast_pascal(demo, result.tags, result.n_labels, tmp_path / "x.pascal") is None
