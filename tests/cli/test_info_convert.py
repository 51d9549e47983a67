"""Golden CLI tests of ``induceval info``, ``convert`` and ``demo``.

Fixtures and the hand-worked explanation: tests/fixtures/cli/README.md.
"""

from __future__ import annotations

import argparse
import json

import pytest

from induceval.cli.convert import transform
from induceval.cli.main import main
from induceval.corpus.readers import read_corpus
from tests.conftest import FIXTURES, exit_code, one_table

CLI = FIXTURES / "cli"


def _columns(corpus, names=("form", "upos", "head", "deprel")):
    return {n: [corpus.sentence(i).strings(n) for i in range(corpus.n_sentences)] for n in names}


def test_info_golden_table(monkeypatch, tmp_path):
    monkeypatch.chdir(CLI)
    out = tmp_path / "info.txt"
    assert main(["info", "tiny.conllu", "-o", str(out)]) == 0
    assert out.read_text() == (CLI / "tiny.info.expected.txt").read_text()


def test_info_json(tmp_path):
    out = tmp_path / "info.json"
    assert main(["info", str(CLI / "tiny.conllu"), "--format", "json", "-o", str(out)]) == 0
    d = json.loads(out.read_text())["corpora"][0]
    # hand-counted (tests/fixtures/cli/README.md)
    assert (d["sentences"], d["tokens"], d["types"]) == (3, 14, 13)
    assert d["tag_columns"]["upos"]["inventory"]["PUNCT"] == 5
    assert d["dependencies"]["head"]["relations"] == 9


def test_info_demo_and_errors(tmp_path, capsys):
    out = tmp_path / "demo.json"
    assert main(["info", "--demo", "--format", "json", "-o", str(out)]) == 0
    d = json.loads(out.read_text())["corpora"][0]
    assert set(d["speakers"]) == {"MOT", "FAT", "CHI"}
    assert d["age_days"]["min_ymd"] == "1;8.0" and d["age_days"]["max_ymd"] == "3;0.0"
    assert main(["info", str(tmp_path / "absent.conllu")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["info"]) == 2


def _args(**kw):
    base = dict(child_directed=False, split_clitics=False, map_tags=None, remove_punct=None,
                max_length=None, boundaries=False)
    base.update(kw)
    return argparse.Namespace(**base)


def test_convert_transform_matches_hand_worked_expectation():
    corpus = read_corpus(CLI / "tiny.conllu")
    out = transform(corpus, _args(remove_punct="upos", max_length=6))
    expected = read_corpus(CLI / "tiny.punct6.expected.conllu")
    assert _columns(out) == _columns(expected)
    assert out.report.counts["removed punctuation tokens"] == 5
    assert out.report.counts["sentences dropped: empty"] == 1
    shorter = transform(corpus, _args(remove_punct="upos", max_length=5))
    assert shorter.n_sentences == 1
    assert shorter.report.counts["sentences dropped: longer than 5 tokens"] == 1


def test_convert_map_tags_and_boundaries():
    corpus = read_corpus(CLI / "tiny.conllu")
    out = transform(corpus, _args(map_tags="ptb-universal", boundaries=True))
    s = out.sentence(0)
    # en-ptb.map: VB -> VERB, "," -> ".", DT -> DET; the <s> marker has no tag
    assert s.strings("form") == ["<s>", "look", ",", "the", "dog", "!"]
    assert s.strings("upos") == [None, "VERB", ".", "DET", "NOUN", "."]
    assert s.strings("head") == [-1, 0, 2, 5, 3, 2]


@pytest.mark.parametrize("fmt", ["conllu", "pascal"])
def test_convert_golden(tmp_path, fmt):
    out = tmp_path / f"out.{fmt}"
    assert main(["convert", str(CLI / "tiny.conllu"), "--remove-punct", "upos", "--max-length", "6",
                 "--to", fmt, "-o", str(out), "-q"]) == 0
    expected = read_corpus(CLI / "tiny.punct6.expected.conllu")
    assert _columns(read_corpus(out, format=fmt)) == _columns(expected)


@pytest.mark.parametrize("name", ["x.conllu", "x.conll", "x.pascal"])
def test_convert_gives_back_bom_crlf_and_missing_final_newline(tmp_path, capsys, name):
    row = {"x.conllu": "1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_",
           "x.conll": "1\tHi\thi\tUH\tUH\t_\t0\tROOT\t_\t_",
           "x.pascal": "1\tHi\thi\tUH\tUH\tINTJ\t_\t0\tROOT"}[name]
    data = ("\ufeff# sent_id = 1\r\n" + row + "\r\n\r\n" + row.replace("Hi", "Yo")).encode()
    if name == "x.pascal":
        data = data.replace("\ufeff# sent_id = 1\r\n".encode(), "\ufeff".encode())
    src, out = tmp_path / name, tmp_path / ("out" + name[1:])
    src.write_bytes(data)
    assert main(["convert", str(src), "-o", str(out)]) == 0
    assert out.read_bytes() == data
    err = capsys.readouterr().err
    assert "counted: files with CRLF line ends: 1" in err
    assert "counted: files without a final newline: 1" in err


def test_convert_bad_policy(capsys):
    assert main(["convert", str(CLI / "tiny.conllu"), "--remove-punct", "bogus",
                 "--to", "conllu"]) == 2
    assert "punctuation policy must be one of" in capsys.readouterr().err


def test_demo_cli_refuses_an_unknown_step(tmp_path, capsys):
    out = tmp_path / "demo.txt"
    assert exit_code(["demo", "--sentences", "60", "--steps", "demo_no_such_step",
                      "-o", str(out)]) == 2
    assert "argument --steps: unknown step 'demo_no_such_step'" in capsys.readouterr().err
    assert not out.exists()


def test_demo_reports_missing_steps():
    """run_demo (the library) reports a step without a module as not available yet."""
    from induceval.cli.demo import render_report
    from induceval.experiments.demo import run_demo

    report = run_demo(n_sentences=60, steps=("demo_no_such_step",))
    text = render_report(report)
    assert "corpus demo" in text and "demo_no_such_step" in text
    assert "not available yet" in text
    items = json.loads(render_report(report, "json"))["tables"]   # the shape of every command
    assert [i["title"] for i in items] == ["demo corpus", "demo_no_such_step: not available yet",
                                           "demo steps"]
    assert "rows" in items[0] and items[1]["text"] == "demo_no_such_step: not available yet"


def test_chat_converted_to_conllu_scores_as_the_chat_file(tmp_path, capsys):
    """Converting CHAT keeps %mor's coarse tags (in UPOS: the file has no UD tags), so eval
    tags picks the same gold tag set and gives the same numbers on the conversion (it took
    the fine tags, XPOS, before: Manchester M-1 .668 against CHAT, .579 converted)."""
    import json

    cha = tmp_path / "t.cha"
    cha.write_text("@UTF8\n@Begin\n@Participants:\tCHI Ann Target_Child , MOT Mother\n"
                   "*MOT:\tyou want more cookies ?\n%mor:\tpro|you v|want qn|more n|cookie-PL ?\n"
                   "*MOT:\twhere is it ?\n%mor:\tpro:wh|where v:cop|be&3S pro:per|it ?\n"
                   "*CHI:\tmore cookie .\n%mor:\tqn|more n|cookie .\n@End\n")
    conv, pred = tmp_path / "t.conllu", tmp_path / "p.conllu"
    assert main(["convert", str(cha), "-o", str(conv)]) == 0
    assert main(["induce", "tags", str(cha), "--model", "brown", "--k", "3", "-o", str(pred),
                 "-q"]) == 0
    capsys.readouterr()
    rows = []
    for gold in (cha, conv):
        assert main(["eval", "tags", "--gold", str(gold), "--pred", str(pred), "--format",
                     "json"]) == 0
        out = one_table(json.loads(capsys.readouterr().out))
        rows.append({k: v for k, v in out["rows"][0].items() if k != "system"})
        assert any("punctuation: childes" in n for n in out["notes"]), out["notes"]
    assert rows[0] == rows[1]


def test_every_demo_table_is_signed():
    """The demo corpus, model, DMV, unseen-tuple and step tables had no signature."""
    from induceval.experiments.demo import run_demo
    from induceval.report.tables import Table

    report = run_demo(n_sentences=120, steps=("demo_models", "demo_dmv", "demo_pseudo"),
                      strict=True)
    tables = [item for _, item in report if isinstance(item, Table)]
    assert len(tables) == 6
    assert all(t.signatures() for t in tables), [t.title for t in tables if not t.signatures()]
