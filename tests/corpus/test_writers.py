"""Writers: reading then writing gives back the same annotation."""

from __future__ import annotations

import io

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.corpus.readers import conllu, conllx, pascal
from induceval.corpus.writers import write_conllu, write_pascal
from induceval.errors import InducevalError
from tests.conftest import FIXTURES, shared_path

FIX = FIXTURES / "readers"


def same_annotation(a, b, columns) -> None:
    assert a.offsets.tolist() == b.offsets.tolist()
    for k in columns:
        assert a.label_strings(k).tolist() == b.label_strings(k).tolist(), k
    for k in ("sent_id", "document"):
        assert a.sentences[k].strings() == b.sentences[k].strings(), k


CONLLU_COLS = ("form", "lemma", "upos", "xpos", "head", "deprel")
PASCAL_COLS = CONLLU_COLS + ("cpos",)


def test_conllu_round_trip_on_fixture(tmp_path):
    c = conllu.read(FIX / "en_tiny-ud-dev.conllu")
    out = tmp_path / "en_tiny-ud-dev.conllu"
    write_conllu(c, out)
    back = conllu.read(out)
    same_annotation(c, back, CONLLU_COLS)
    assert back.sentence(0).meta("language") == "en"
    # writing again gives the same bytes
    again = tmp_path / "again.conllu"
    write_conllu(back, again)
    assert again.read_bytes() == out.read_bytes()


def test_pascal_round_trip_on_fixture(tmp_path):
    c = pascal.read(FIX / "tiny.pascal")
    out = tmp_path / "tiny.pascal"  # no comments by default: the document is the file stem
    write_pascal(c, out)
    same_annotation(c, pascal.read(out), PASCAL_COLS)


def test_conllx_corpus_written_as_pascal_keeps_cpos(tmp_path):
    c = conllx.read(FIX / "tiny.conll")
    out = tmp_path / "x.pascal"
    write_pascal(c, out)
    back = pascal.read(out)
    assert back.label_strings("cpos").tolist() == c.label_strings("cpos").tolist()
    assert back.label_strings("upos").tolist() == [None] * c.n_tokens


def test_predicted_tags_and_heads_go_into_their_slots(tmp_path):
    c = conllu.read(FIX / "en_tiny-ud-dev.conllu")
    tags = np.arange(c.n_tokens) % 3
    tags[0] = -1  # unclustered
    heads = np.zeros(c.n_tokens, dtype=np.int32)
    out = tmp_path / "pred.conllu"
    write_conllu(c, out, tags_column=tags, heads_column=heads, missing_tag="UNCLUSTERED")
    back = conllu.read(out)
    assert back.label_strings("upos").tolist() == ["UNCLUSTERED"] + [
        str(t) for t in tags[1:]]
    assert back.tokens["head"].values.tolist() == [0] * c.n_tokens
    # gold columns untouched
    assert back.label_strings("xpos").tolist() == c.label_strings("xpos").tolist()
    # into the CPOSTAG slot of a PASCAL file, from a corpus column
    pred = c.with_tokens(pred=c.tokens["upos"])
    out2 = tmp_path / "pred.pascal"
    write_pascal(pred, out2, tags_column="pred", tags_slot="cpos", heads_column=heads)
    back2 = pascal.read(out2)
    assert back2.label_strings("cpos").tolist() == c.label_strings("upos").tolist()


def test_writer_checks_lengths_and_fields():
    b = CorpusBuilder()
    b.add_sentence({"form": ["a\tb"]})
    with pytest.raises(InducevalError, match="tab or newline"):
        write_conllu(b.build(), io.StringIO())
    b = CorpusBuilder()
    b.add_sentence({"form": ["a"]})
    with pytest.raises(InducevalError, match="2 values for 1 tokens"):
        write_conllu(b.build(), io.StringIO(), tags_column=np.array([1, 2]))


def test_round_trip_on_real_ud_slice(tmp_path):
    f = shared_path("ud", "UD_English-EWT", "en_ewt-ud-dev.conllu")
    c = conllu.read(f).select(np.arange(300))
    out = tmp_path / "en_ewt-ud-dev.conllu"
    write_conllu(c, out)
    back = conllu.read(out)
    same_annotation(c, back, CONLLU_COLS)
    assert back.sentences["language"].strings()[0] == "en"


def test_tag_writers_take_any_result_with_tags_clusters_and_labels(tmp_path):
    """The tag writers read a result's tags, type_clusters and n_labels, nothing more."""
    from types import SimpleNamespace

    from induceval.corpus.model import CorpusBuilder
    from induceval.corpus.readers import read_corpus
    from induceval.corpus.writers import (
        UNCLUSTERED,
        word_cluster_tags,
        write_predictions,
        write_predictions_over_files,
    )

    b = CorpusBuilder()
    b.add_sentence({"form": ["a", "b", "c"]})
    corpus = b.build()
    clusters = {"a": 2, "b": None, "c": 0}
    tags = word_cluster_tags(corpus, clusters)
    assert tags.tolist() == [2, -1, 0]
    result = SimpleNamespace(tags=tags, type_clusters=clusters, n_labels=3)
    p = tmp_path / "x.conllu"
    report = write_predictions(corpus, result, p)
    assert report.sentences == 1
    assert [line.split("\t")[3] for line in p.read_text().splitlines() if line] == [
        "2", UNCLUSTERED, "0"]
    write_predictions(corpus, result, tmp_path / "x.tsv")
    assert (tmp_path / "x.tsv").read_text() == f"a\t2\nb\t{UNCLUSTERED}\nc\t0\n"
    src = tmp_path / "in.txt"
    src.write_text("a b c\n")
    whole = tmp_path / "whole.pascal"
    parts = tmp_path / "parts.pascal"
    write_predictions(read_corpus(src), result, whole)
    write_predictions_over_files([src], result, parts, "pascal", input_format="plain")
    assert whole.read_bytes() == parts.read_bytes()
