"""Defaults that work on every corpus: gold column and punctuation detected the same way.

Hand-worked fixtures are described in ``tests/fixtures/cli/README.md``.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from induceval.corpus import read_corpus
from induceval.corpus.model import CorpusBuilder
from induceval.corpus.transforms import detect_gold_scheme, punctuation_mask
from tests.conftest import FIXTURES, one_table, shared_path

CLI = FIXTURES / "cli"
PTB = str(CLI / "ptb-tiny.dp")
CHILDES = str(CLI / "childes-tiny.conllu")
UD = str(CLI / "tiny.conllu")


def _json(capsys):
    return one_table(json.loads(capsys.readouterr().out))


def test_detection_order():
    assert detect_gold_scheme(read_corpus(UD)).source == "upos"
    ptb = detect_gold_scheme(read_corpus(PTB))
    assert (ptb.tag_column, ptb.punct) == ("xpos", "ptb")
    ch = detect_gold_scheme(read_corpus(CHILDES))
    assert (ch.tag_column, ch.punct) == ("xpos", "childes")
    b = CorpusBuilder()
    b.add_sentence({"form": ["the", "dog", "."], "xpos": ["at", "nn", "."]})  # Brown tags
    other = detect_gold_scheme(b.build())
    assert (other.tag_column, other.punct, other.source) == ("xpos", "unicode", "forms")


def test_ptb_punctuation_tags_not_characters():
    c = read_corpus(PTB)
    # -LRB- / -RRB- are PTB punctuation by tag although their forms have letters
    assert punctuation_mask(c, "auto").sum() == 5
    assert punctuation_mask(c, "unicode").sum() == 3
    assert punctuation_mask(read_corpus(CHILDES), "auto").sum() == 2


def test_eval_deps_defaults_on_ptb(capsys):
    assert main(["eval", "deps", "--gold", PTB, "--pred", PTB, "--format", "json"]) == 0
    out = _json(capsys)
    row = out["rows"][0]
    assert row["tokens"] == 6 and row["directed"] == 1.0   # 11 tokens - 5 PTB punctuation
    assert "punct:ptb" in out["signature"]
    assert any(n.startswith("punctuation: ptb (detected)") for n in out["notes"])


def test_eval_tags_defaults_on_ptb_and_childes(capsys):
    for path, column, punct, scored in ((PTB, "xpos", "ptb", 6), (CHILDES, "xpos", "childes", 5)):
        rc = main(["eval", "tags", "--gold", path, "--pred", path, "--pred-column", "form",
                   "--format", "json"])
        assert rc == 0
        out = _json(capsys)
        assert f"gold:{column}" in out["signature"] and f"punct:{punct}" in out["signature"]
        assert f"gold tags: {column} (detected); punctuation: {punct} (detected)" in out["notes"]
        assert any(f"n_scored={scored}" in n for n in out["notes"]), out["notes"]


def test_signature_records_gold_column(capsys):
    sigs = []
    for column in ("upos", "xpos"):
        assert main(["eval", "tags", "--gold", UD, "--pred", UD, "--pred-column", "form",
                     "--gold-column", column, "--format", "json"]) == 0
        sigs.append(_json(capsys)["signature"])
    assert sigs[0] != sigs[1]


def test_pred_column_identical_is_an_error(capsys):
    # a parse that still holds the gold UPOS: scoring it would give 1.0
    assert main(["eval", "tags", "--gold", UD, "--pred", UD]) == 2
    assert "identical to the gold column 'upos'" in capsys.readouterr().err
    assert main(["eval", "tags", "--gold", UD, "--pred", UD, "--allow-identical",
                 "--format", "json"]) == 0
    out = _json(capsys)
    assert out["rows"][0]["m1"] == 1.0
    assert main(["eval", "tags", "--gold", UD, "--pred", UD, "--gold-column", "form",
                 "--pred-column", "upos"]) == 2
    assert "word form" in capsys.readouterr().err


def test_induce_deps_default_tags_on_ptb(tmp_path, capsys):
    out = tmp_path / "dmv.conllu"
    assert main(["induce", "deps", PTB, "-o", str(out), "--iterations", "3"]) == 0
    err = capsys.readouterr().err
    assert "tags: xpos (detected); punctuation: ptb (detected)" in err
    assert "punct:ptb|tags:xpos" in err


@pytest.mark.realdata
def test_wsj_sample_dmv_defaults(tmp_path, capsys):
    """induce deps + eval deps with defaults: DMV ~45 directed on WSJ10 (PTB punctuation).

    With UPOS-less punctuation handling (no punctuation removed) it was 37.8.
    """
    wsj = str(shared_path("ptb", "dependency-treebank-sample"))
    out = tmp_path / "dmv.conllu"
    assert main(["induce", "deps", wsj, "-o", str(out), "-q"]) == 0
    assert main(["eval", "deps", "--gold", wsj, "--pred", str(out), "--max-length", "10",
                 "--format", "json"]) == 0
    directed = _json(capsys)["rows"][0]["directed"]
    assert 0.44 <= directed <= 0.47, directed


@pytest.mark.realdata
@pytest.mark.parametrize("parts,column,punct", [
    (("ptb", "dependency-treebank-sample", "wsj_0001.dp"), "xpos", "ptb"),
    (("brown", "brown-tagged", "ca01"), "xpos", "unicode"),
    (("ud", "UD_English-EWT"), "upos", "upos"),
])
def test_real_corpora_detected(parts, column, punct):
    path = shared_path(*parts)
    if path.is_dir():
        path = sorted(path.glob("*.conllu"))[0]
    s = detect_gold_scheme(read_corpus(path))
    assert (s.tag_column, s.punct) == (column, punct)


def test_induced_clusters_in_upos_are_not_ud_tags(tmp_path, capsys):
    """induce tags writes cluster ids into the UPOS slot: parsing that output with default
    options takes punctuation from the forms, not from a 'PUNCT' tag no token has."""
    gold, tagged, parsed = (str(tmp_path / n) for n in ("g.conllu", "t.conllu", "p.conllu"))
    assert main(["convert", "--demo", "-o", gold]) == 0
    assert main(["induce", "tags", gold, "--model", "brown", "--k", "6", "-o", tagged,
                 "-q"]) == 0
    assert detect_gold_scheme(read_corpus(tagged)).punct == "unicode"
    assert detect_gold_scheme(read_corpus(gold)).punct == "upos"
    capsys.readouterr()
    # the detection is reported before training: one EM iteration is enough
    assert main(["induce", "deps", tagged, "-o", parsed, "--iterations", "1"]) == 0
    assert "punctuation: unicode (detected)" in capsys.readouterr().err


def test_induce_deps_without_tags_says_how_to_get_them(tmp_path, capsys):
    plain = tmp_path / "p.txt"
    plain.write_text("the dog barks .\na cat sleeps .\n")
    assert main(["induce", "deps", str(plain), "-o", str(tmp_path / "x.conllu")]) == 2
    assert "induce tags" in capsys.readouterr().err


def test_induce_deps_refusal_is_one_line_after_the_detected_choices(tmp_path, capsys):
    # the detected tags and punctuation are said with the summary, after the run: a model
    # that refuses the corpus (no sentence short enough to train on) gives its error alone
    long = tmp_path / "long.conllu"
    long.write_text("".join(f"{i}\tw{i}\t_\tNOUN\t_\t_\t{0 if i == 1 else 1}\t_\t_\t_\n"
                            for i in range(1, 13)) + "\n")
    assert main(["induce", "deps", str(long), "-o", str(tmp_path / "x.conllu")]) == 2
    lines = [x for x in capsys.readouterr().err.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("induceval: error: no training sentences")
    assert main(["induce", "deps", str(long), "-o", str(tmp_path / "x.conllu"),
                 "--max-train-length", "0", "--iterations", "1"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("dmv: tags: upos (detected); punctuation: upos (detected)\n")
