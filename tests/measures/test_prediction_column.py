"""The column of a prediction's clusters, when not named, is read from what the whole
prediction holds: never a column of '_' or of one label in silence."""

from __future__ import annotations

import pytest

from induceval.cli.main import main
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.writers import write_conllu
from induceval.errors import ParameterError
from induceval.measures.categories import evaluate_tag_systems, evaluate_tags

WORDS = [["the", "dog", "barks"], ["a", "cat", "sleeps", "now"], ["dogs", "bark"]]
TAGS = [["DT", "NN", "VBZ"], ["DT", "NN", "VBZ", "RB"], ["NNS", "VBP"]]
CLUSTERS = [["1", "2", "3"], ["1", "2", "3", "1"], ["2", "3"]]


def corpus(**columns):
    b = CorpusBuilder()
    for i, words in enumerate(WORDS):
        b.add_sentence({"form": words, **{c: v[i] for c, v in columns.items()}})
    return b.build()


def test_clusters_in_upos_with_xpos_empty_are_read_from_upos_and_named(tmp_path, capsys):
    # a PTB-like gold (tags in xpos) and a CoNLL-U prediction with '_' in XPOS: the default
    # column (the gold's name, xpos) holds nothing and scored every token as one cluster
    gold, pred = str(tmp_path / "gold.conllu"), str(tmp_path / "pred.conllu")
    write_conllu(corpus(xpos=TAGS), gold, tags_column=None, heads_column=None)
    write_conllu(corpus(upos=CLUSTERS), pred, heads_column=None)
    ev = evaluate_tag_systems(gold, [pred], punct="keep")
    named = evaluate_tags(gold, pred, pred_column="upos", punct="keep")
    assert ev.resolved["gold_column"] == "xpos" and ev.resolved["pred_columns"] == {0: "upos"}
    # read as one cluster, M-1 was 2/9 (the commonest tag)
    assert ev.results[0].scores == named.scores and ev.results[0].scores["m1"] == \
        pytest.approx(2 / 3)
    assert "|pred:upos|" in ev.results[0].signature
    assert main(["eval", "tags", "--gold", gold, "--pred", pred, "--punct", "keep"]) == 0
    assert "pred: clusters read from upos (detected: xpos is empty)" in capsys.readouterr().out


def test_no_column_holding_clusters_is_refused_unless_named():
    gold = corpus(xpos=TAGS)
    one = corpus(upos=[["X"] * len(w) for w in WORDS], xpos=[[None] * len(w) for w in WORDS])
    with pytest.raises(ParameterError, match=r"no column holds clusters: xpos \(empty\), upos "
                                             r"\(one label\); .*--pred-column"):
        evaluate_tags(gold, one, punct="keep")
    assert evaluate_tags(gold, one, pred_column="upos", punct="keep").scores["m1"] == \
        pytest.approx(2 / 9)


def test_two_columns_of_different_clusters_are_refused_when_neither_is_the_golds():
    gold = corpus(xpos=TAGS)
    both = corpus(upos=CLUSTERS, cpos=[["4", "4", "5"], ["4", "5", "5", "5"], ["4", "5"]])
    with pytest.raises(ParameterError, match=r"several columns hold different clusters: upos "
                                             r"\(3 labels\), cpos \(2 labels\).*--pred-column"):
        evaluate_tags(gold, both, punct="keep")
    # the gold column's name is the clear choice
    named = corpus(xpos=CLUSTERS, upos=[["4", "4", "5"], ["4", "5", "5", "5"], ["4", "5"]])
    assert evaluate_tags(gold, named, punct="keep").scores == \
        evaluate_tags(gold, named, pred_column="xpos", punct="keep").scores


def test_a_prediction_folder_resolves_its_column_over_all_its_files(tmp_path):
    # the first file's upos holds one label: alone it would be refused; the whole holds clusters
    g, p = tmp_path / "g", tmp_path / "p"
    g.mkdir(), p.mkdir()
    upos = [["1", "1", "1"], ["1", "2", "3", "1"], ["2", "3"]]
    for name, which in (("a", [0]), ("b", [1, 2])):
        gb, pb = CorpusBuilder(), CorpusBuilder()
        for i in which:
            gb.add_sentence({"form": WORDS[i], "xpos": TAGS[i]})
            pb.add_sentence({"form": WORDS[i], "upos": upos[i]})
        write_conllu(gb.build(), g / f"{name}.conllu", tags_column=None, heads_column=None)
        write_conllu(pb.build(), p / f"{name}.conllu", heads_column=None)
    whole = corpus(upos=upos)
    ref = evaluate_tags(corpus(xpos=TAGS), whole, pred_column="upos", punct="keep")
    ev = evaluate_tag_systems(str(g), [str(p)], punct="keep", group_bytes=1)
    assert ev.resolved["pred_columns"] == {0: "upos"}
    assert ev.results[0].scores == ref.scores and "|pred:upos|" in ev.results[0].signature
