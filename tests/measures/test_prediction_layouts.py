"""Predictions in the layouts researchers hand in (labels, heads, wordtag), read against the
gold's tokens: the scores of the same prediction in CoNLL-U, and every count that differs
from the gold's named by file and line."""

from __future__ import annotations

import pytest

from induceval.cli.main import main
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.writers import write_conllu
from induceval.errors import CorpusFormatError, MismatchError, ParameterError
from induceval.measures.categories import evaluate_tag_systems
from induceval.measures.dependencies import evaluate_dependency_systems
from induceval.measures.layouts import detect_layout
from induceval.measures.shards import ReadOptions

GOLD = ("1\tthe\t_\tDET\t_\t_\t2\tdet\t_\t_\n2\tdog\t_\tNOUN\t_\t_\t3\tnsubj\t_\t_\n"
        "3\tbarks\t_\tVERB\t_\t_\t0\troot\t_\t_\n\n"
        "1\ta\t_\tDET\t_\t_\t2\tdet\t_\t_\n2\tcat\t_\tNOUN\t_\t_\t3\tnsubj\t_\t_\n"
        "3\tsleeps\t_\tVERB\t_\t_\t0\troot\t_\t_\n4\tnow\t_\tADV\t_\t_\t3\tadvmod\t_\t_\n\n")


@pytest.fixture
def gold(tmp_path):
    path = tmp_path / "gold.conllu"
    path.write_text(GOLD)
    return str(path)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def tags(gold, pred, fmt="auto", **options):
    return evaluate_tag_systems(gold, [pred], read=ReadOptions(pred_formats=(fmt,)),
                                punct="keep", **options).results[0]


def deps(gold, pred, fmt="auto"):
    return evaluate_dependency_systems([gold], [pred], read=ReadOptions(pred_formats=(fmt,)),
                                       punct="keep").results[0]


def test_labels_score_as_the_same_clusters_in_conllu(gold, tmp_path):
    conllu = write(tmp_path, "p.conllu", GOLD.replace("DET", "4").replace("NOUN", "7")
                   .replace("VERB", "4").replace("ADV", "9"))
    labels = write(tmp_path, "p.labels", "4 7 4\n4 7 4 9\n")
    ref = tags(gold, conllu, allow_identical=False)
    for fmt in ("auto", "labels"):
        r = tags(gold, labels, fmt)
        assert r.scores == ref.scores and r.scores["m1"] == pytest.approx(5 / 7)
        assert r.signature == ref.signature.replace("pred:upos", "pred:labels")


def test_wordtag_scores_as_labels_and_checks_the_words(gold, tmp_path):
    text = "the\t4\ndog\t7\nbarks\t4\n\na\t4\ncat\t7\nsleeps\t4\nnow\t9\n"
    labels = write(tmp_path, "p.labels", "4 7 4\n4 7 4 9\n")
    for fmt in ("auto", "wordtag"):
        r = tags(gold, write(tmp_path, "p.tsv", text), fmt)
        assert r.scores == tags(gold, labels).scores and "pred:wordtag" in r.signature
    bad = write(tmp_path, "bad.tsv", text.replace("cat", "cow"))
    with pytest.raises(MismatchError, match=r"bad.tsv:6: .*sentence 2, token 2: gold 'cat', "
                                            r"prediction 'cow'"):
        tags(gold, bad, "wordtag")


def test_heads_score_as_the_same_heads_in_conllu(gold, tmp_path):
    conllu = write(tmp_path, "p.conllu", GOLD.replace("\t2\tdet", "\t0\tdet")
                   .replace("\t0\troot", "\t1\troot"))
    heads = write(tmp_path, "p.txt", "0 3 1\n0 3 1 3\n")
    ref = deps(gold, conllu)
    for fmt in ("auto", "heads"):
        r = deps(gold, heads, fmt)
        assert r.scores == ref.scores and r.signature == ref.signature
        assert r.scores["directed"] == pytest.approx(3 / 7)


def test_a_line_of_the_wrong_count_names_file_line_and_lengths(gold, tmp_path):
    p = write(tmp_path, "p.labels", "4 7 4\n4 7 4\n")
    with pytest.raises(MismatchError, match=r"p.labels:2: sentence 2 of the gold has 4 tokens; "
                                            r"this line has 3 labels"):
        tags(gold, p)
    h = write(tmp_path, "p.heads", "2 3 0 1\n2 3 0 3\n")
    with pytest.raises(MismatchError, match=r"p.heads:1: sentence 1 of the gold has 3 tokens; "
                                            r"this line has 4 heads"):
        deps(gold, h, "heads")


def test_too_few_and_too_many_lines_are_named(gold, tmp_path):
    few = write(tmp_path, "few.labels", "4 7 4\n")
    with pytest.raises(MismatchError, match=r"few.labels: 1 lines for the gold's 2 sentences: "
                                            r"sentence 2 \(4 gold tokens\)"):
        tags(gold, few)
    many = write(tmp_path, "many.heads", "2 3 0\n2 3 0 3\n1 0\n")
    with pytest.raises(MismatchError, match=r"many.heads:3: 3 lines for the gold's 2 "
                                            r"sentences: line 3 and those after it"):
        deps(gold, many)


def test_a_head_outside_its_sentence_or_not_an_index_names_its_line(gold, tmp_path):
    with pytest.raises(CorpusFormatError, match=r"p.heads:2: token 4: head '5' is not within"):
        deps(gold, write(tmp_path, "p.heads", "2 3 0\n2 3 0 5\n"))
    with pytest.raises(CorpusFormatError, match=r"q.heads:1: token 2: head 'x' is not an "
                                                r"index"):
        deps(gold, write(tmp_path, "q.heads", "2 x 0\n2 3 0 3\n"))


def test_a_malformed_wordtag_line_names_file_and_line(gold, tmp_path):
    p = write(tmp_path, "p.tsv", "the\t4\ndog\t7\tx\nbarks\t4\n\n")
    with pytest.raises(CorpusFormatError, match=r"p.tsv:2: expected 'word<TAB>label'"):
        tags(gold, p, "wordtag")


def test_a_detected_layout_says_how_to_name_the_format(gold, tmp_path):
    with pytest.raises(MismatchError, match=r"detected from the content; name the format with "
                                            r"--pred-format"):
        tags(gold, write(tmp_path, "p.txt", "1 2\n1 2 3 4\n"))


def test_heads_handed_to_eval_tags_are_refused_under_auto(gold, tmp_path):
    p = write(tmp_path, "p.txt", "2 3 0\n2 3 0 3\n")
    with pytest.raises(ParameterError, match="--pred-format labels to score them as clusters"):
        tags(gold, p)
    assert tags(gold, p, "labels").scores["m1"] == pytest.approx(6 / 7)


def test_numbers_that_are_the_golds_words_are_refused_under_auto(tmp_path):
    b = CorpusBuilder()
    b.add_sentence({"form": ["1", "2"], "upos": ["NUM", "NUM"]})
    b.add_sentence({"form": ["3"], "upos": ["X"]})
    gold = str(tmp_path / "g.conllu")
    write_conllu(b.build(), gold)
    with pytest.raises(ParameterError, match="the gold's words.*--pred-format"):
        tags(gold, write(tmp_path, "p.txt", "1 2\n3\n"))


def test_a_layout_of_the_other_command_is_refused(gold, tmp_path):
    p = write(tmp_path, "p.txt", "2 3 0\n2 3 0 3\n")
    with pytest.raises(ParameterError, match="heads is read by eval deps"):
        tags(gold, p, "heads")
    with pytest.raises(ParameterError, match="labels is read by eval tags"):
        deps(gold, p, "labels")


def test_detection_leaves_corpora_and_type_lists_alone(tmp_path):
    plain = write(tmp_path, "a.txt", "the dog barks\na cat sleeps now\n")
    numbers = write(tmp_path, "b.txt", "1 2\n3\n")
    types = write(tmp_path, "c.tsv", "the\t4\ndog\t7\nbarks\t4\n")
    conllu = write(tmp_path, "d.conllu", GOLD)
    malt = write(tmp_path, "e.dp", "1\t2\t0\n")
    assert [detect_layout((p,), "tags") for p in (plain, numbers, types, conllu, malt)] == \
        [None, "labels", None, None, None]
    assert detect_layout((numbers,), "deps") == "heads"


def test_cli_reads_the_layouts_with_pred_format(gold, tmp_path, capsys):
    labels = write(tmp_path, "p.out", "4 7 4\n4 7 4 9\n")
    assert main(["eval", "tags", "--gold", gold, "--pred", labels, "--pred-format", "labels",
                 "--punct", "keep"]) == 0
    assert "pred:labels" in capsys.readouterr().out
    heads = write(tmp_path, "h.out", "0 3 1\n0 3 1 3\n")
    assert main(["eval", "deps", "--gold", gold, "--pred", heads, "--pred-format", "heads",
                 "--punct", "keep", "--format", "json"]) == 0
    assert '"directed": 0.42857' in capsys.readouterr().out
