"""Golden tests of ``induceval eval tags`` and ``induceval eval substitutable``.

Fixtures (tests/fixtures/categories, see its README.md): gold "the dog barks ." /
"a cat sleeps ." tagged DET NOUN VERB PUNCT.  ``perfect`` relabels the gold;
``mixed`` tags c1 c1 c2 c4 / c1 c2 c2 c4: with punctuation excluded the 6 scored tokens
give c1: DET 2, NOUN 1; c2: NOUN 1, VERB 2, so M-1 = 1-1 = 4/6, PP = 2/6, PR = 2/3.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES, one_table

F = FIXTURES / "categories"


def run_json(capsys, *args):
    assert main(["eval", "tags", "--gold", str(F / "gold.conllu"), *args,
                 "--format", "json"]) == 0
    return one_table(json.loads(capsys.readouterr().out))


def test_several_systems_one_table(capsys):
    out = run_json(capsys, "--pred", str(F / "perfect.conllu"), "--pred", str(F / "mixed.conllu"),
                   "--pred", str(F / "types.tsv"))
    rows = {r["system"]: r for r in out["rows"]}
    assert list(rows) == ["perfect", "mixed", "types"]
    assert rows["perfect"]["m1"] == 1.0 and rows["perfect"]["vi"] == 0.0
    assert rows["types"]["v"] == 1.0
    mixed = rows["mixed"]
    assert mixed["m1"] == pytest.approx(4 / 6) and mixed["1to1"] == pytest.approx(4 / 6)
    assert mixed["pp"] == pytest.approx(2 / 6) and mixed["pr"] == pytest.approx(2 / 3)
    # best marked: rows 0 and 2 tie on m1; vi is lower-is-better
    assert out["best"]["m1"] == [0, 2] and out["best"]["vi"] == [0, 2]
    assert any("punct:upos" in n for n in out["notes"])


def test_table_format_marks_best(capsys):
    assert main(["eval", "tags", "--gold", str(F / "gold.conllu"), "--pred",
                 str(F / "perfect.conllu"), "--pred", str(F / "mixed.conllu")]) == 0
    text = capsys.readouterr().out
    assert "1.0000*" in text and "0.6667 " in text


def test_levels_and_unclustered(capsys):
    # types_unclustered: barks UNCLUSTERED, sleeps and "." absent -> unclustered
    # split: barks and sleeps are each their own cluster -> M-1 = 1 (6/6 scored)
    out = run_json(capsys, "--pred", str(F / "types_unclustered.tsv"), "--level", "both",
                   "--unclustered", "split", "--restarts", "2", "--seed", "1")
    row = out["rows"][0]
    assert row["m1"] == 1.0 and row["macro_i_m1"] == 1.0
    assert row["1to1"] == pytest.approx(5 / 6)
    merge = run_json(capsys, "--pred", str(F / "types_unclustered.tsv"))["rows"][0]
    assert merge["m1"] == 1.0 and merge["1to1"] == 1.0  # barks+sleeps merged = VERB
    csv = main(["eval", "tags", "--gold", str(F / "gold.conllu"), "--pred",
                str(F / "mixed.conllu"), "--format", "csv", "--log-base", "e"])
    assert csv == 0 and capsys.readouterr().out.startswith("system,m1,")


def test_mismatch_exit_code(capsys):
    rc = main(["eval", "tags", "--gold", str(F / "gold.conllu"), "--pred",
               str(F / "mismatch.conllu")])
    assert rc == 2
    err = capsys.readouterr().err
    assert "sentence 2 (id s2), token 2" in err and "'cat'" in err


def test_substitutable_cli(capsys, tmp_path):
    train = tmp_path / "train.txt"
    test = tmp_path / "test.txt"
    train.write_text("the dog runs\nthe cat runs\na dog sleeps\n")
    test.write_text("the dog runs\nthe cat runs\nthe cat runs\n")
    cl = tmp_path / "cl.tsv"
    cl.write_text("the\t0\na\t0\ndog\t1\ncat\t1\nruns\t2\nsleeps\t2\n")
    # frames: the_runs {dog, cat} (1 pair, same cluster), <s>_cat {the}, cat_</s> {runs}
    # overlap: {dog, cat} share cluster 1 -> 2*1 = 2 ordered pairs; S pairs 2 -> SR = 1.
    # Default |c| in training tokens: each cluster holds 3 tokens (the the a / dog cat dog /
    # runs runs sleeps) -> 3 * 3*2 = 18 pairs, SP = 2/18 = 1/9.
    assert main(["eval", "substitutable", "--train", str(train), "--test", str(test),
                 "--pred", str(cl), "--format", "json"]) == 0
    row = one_table(json.loads(capsys.readouterr().out))["rows"][0]
    assert row["sp"] == pytest.approx(1 / 9) and row["sr"] == 1.0 and row["frames"] == 3
    # |c| in types: 3 clusters of 2 types -> 3 * 2*1 = 6 pairs, SP = 2/6 = 1/3
    assert main(["eval", "substitutable", "--train", str(train), "--test", str(test),
                 "--pred", str(cl), "--cluster-size", "types", "--format", "json"]) == 0
    row = one_table(json.loads(capsys.readouterr().out))["rows"][0]
    assert row["sp"] == pytest.approx(1 / 3) and row["sr"] == 1.0


@pytest.mark.parametrize("suffix", [".conllu", ".pascal"])
def test_unclustered_tokens_in_a_tagged_file_count_as_unclustered(capsys, tmp_path, suffix):
    """induce tags writes UNCLUSTERED into the tag slot of ff/hc output: read back from a
    file, those tokens are unclustered, as in the type list holding the same tagging
    (types_unclustered.tsv: barks UNCLUSTERED, sleeps absent), under both policies."""
    gold = (F / "gold.conllu").read_text().split("\n")
    tags = {"the": "c1", "a": "c1", "dog": "c2", "cat": "c2"}
    lines = []
    for line in gold:
        f = line.split("\t")
        if len(f) == 10:
            f[3] = tags.get(f[1], "UNCLUSTERED")
        lines.append("\t".join(f))
    tagged = tmp_path / "tagged.conllu"
    tagged.write_text("\n".join(lines))
    pred = tagged if suffix == ".conllu" else tmp_path / "tagged.pascal"
    if suffix != ".conllu":
        assert main(["convert", str(tagged), "-o", str(pred)]) == 0
    for policy in ("split", "merge"):
        args = ("--unclustered", policy, "--level", "both", "--seed", "1")
        out = run_json(capsys, "--pred", str(pred), *args)
        by_types = run_json(capsys, "--pred", str(F / "types_unclustered.tsv"), *args)["rows"][0]
        assert out["rows"][0]["1to1"] == by_types["1to1"] == (5 / 6 if policy == "split" else 1)
        assert "tagged: 2 scored tokens unclustered" in out["notes"]


def test_utterances_without_words_are_not_called_malformed(capsys, tmp_path):
    """conventions.cha has one utterance without words ('0 .'): it was reported among the
    "skipped malformed sentences"; it is left out and said apart."""
    cha = str(FIXTURES / "chat" / "conventions.cha")
    conv = tmp_path / "c.conllu"
    assert main(["convert", cha, "--on-error", "skip", "-o", str(conv)]) == 0
    capsys.readouterr()
    assert main(["eval", "tags", "--gold", cha, "--pred", str(conv), "--on-error", "skip",
                 "--allow-identical", "--format", "json"]) == 0
    notes = one_table(json.loads(capsys.readouterr().out))["notes"]
    assert "skipped malformed sentences: 0" in notes
    assert f"left out, utterances without words: gold {cha}: 1" in notes
