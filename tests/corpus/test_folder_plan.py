"""A folder is read file by file as what each file is: no file left out unnamed.

Every file of a folder is read by its own format (its ending, else its
content), or skipped and listed with why; files read + files skipped = files
found, and ``info`` shows both by name.
"""

from __future__ import annotations

import json

import pytest

from induceval.cli.main import main
from induceval.corpus.readers import plan_files, read_corpus
from induceval.errors import InducevalError
from tests.conftest import one_table

CONLLU = ("# sent_id = 1\n1\tHi\thi\tINTJ\tUH\t_\t0\troot\t_\t_\n"
          "2\tyou\tyou\tPRON\tPRP\t_\t1\tvocative\t_\t_\n\n")
CHAT = ("@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tMOT Mother\n"
        "@ID:\teng|c|MOT|||||Mother|||\n*MOT:\tlook .\n%mor:\tv|look .\n@End\n")
#: ten columns without comments: CoNLL-U only by its content (v1 CONJ, UD features)
V1_ROW = "1\tand\tand\tCONJ\tCC\t_\t0\troot\t_\t_\n\n"
FEATS_ROW = "1\tdogs\tdog\tNOUN\tNNS\tNumber=Plur\t0\troot\t_\t_\n\n"
BARE_ROW = "1\tdogs\tdog\tnoun\tNNS\t_\t0\troot\t_\t_\n\n"


def _folder(tmp_path, files: dict[str, str]):
    root = tmp_path / "mixed"
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(text)
    return root


def test_a_mixed_folder_reads_every_file_by_its_own_format(tmp_path):
    root = _folder(tmp_path, {"a.conllu": CONLLU, "b.cha": CHAT, "meta.json": "{}\n",
                              "README.md": "about\n"})
    corpus = read_corpus(root)
    assert corpus.n_sentences == 2 and len(corpus.report.files) == 2
    assert corpus.report.skipped_files == {
        str(root / "README.md"): "documentation, not corpus text",
        str(root / "meta.json"): "no corpus format by its ending or content"}


def test_a_named_format_lists_the_files_of_another(tmp_path):
    root = _folder(tmp_path, {"a.conllu": CONLLU, "b.cha": CHAT})
    plan = plan_files(root, "conllu")
    assert [f.name for f in plan.files] == ["a.conllu"]
    assert [(f.name, why.split(",")[0]) for f, why in plan.skipped] == [("b.cha", "a chat")]
    assert read_corpus(root, "conllu").report.counts["files skipped"] == 1


def test_ten_columns_of_a_folder_are_one_dialect_told_by_any_file(tmp_path):
    # one file shows CoNLL-U (UD features), the other shows nothing: both are CoNLL-U
    root = _folder(tmp_path, {"a.conll": FEATS_ROW, "b.conll": BARE_ROW, "c.conll": V1_ROW})
    assert plan_files(root).formats == ["conllu", "conllu", "conllu"]
    assert plan_files(root / "c.conll").formats == ["conllu"]   # UD v1's CONJ


def test_info_lists_every_file_read_and_skipped(tmp_path, capsys):
    root = _folder(tmp_path, {"a.conllu": CONLLU, "b.cha": CHAT, "meta.json": "{}\n"})
    assert main(["info", str(root), "--format", "json", "--no-progress"]) == 0
    d = json.loads(capsys.readouterr().out)["corpora"][0]
    assert d["files_read"] == [{"file": "a.conllu", "format": "conllu"},
                               {"file": "b.cha", "format": "chat"}]
    assert [f["file"] for f in d["files_skipped"]] == ["meta.json"]
    assert main(["info", str(root), "--no-progress"]) == 0
    assert "files of " in capsys.readouterr().out


def test_eval_names_the_files_of_its_folders_it_did_not_read(tmp_path, capsys):
    gold = _folder(tmp_path, {"a.conllu": CONLLU, "notes.json": "{}\n"})
    pred = tmp_path / "pred"
    pred.mkdir()
    (pred / "a.conllu").write_text(CONLLU)
    assert main(["eval", "tags", "--gold", str(gold), "--pred", str(pred), "--pred-column",
                 "xpos", "--format", "json"]) == 0
    notes = one_table(json.loads(capsys.readouterr().out))["notes"]
    assert f"files not read in gold {gold}: notes.json (no corpus format by its ending or " \
           "content)" in notes


def test_eval_scores_comment_less_ud_v1_files_against_upos_and_says_why(tmp_path, capsys):
    """UD v1 files without comments are CoNLL-U (their UPOS is UPOS, not CoNLL-X CPOS)."""
    rows = "1\tand\tand\tCONJ\tCC\t_\t0\troot\t_\t_\n2\tdogs\tdog\tNOUN\tNNS\t_\t1\tdep\t_\t_\n\n"
    gold = _folder(tmp_path, {"a.conll": rows, "b.conll": rows})
    assert main(["eval", "tags", "--gold", str(gold), "--pred", str(gold), "--pred-column",
                 "xpos", "--format", "json"]) == 0
    table = one_table(json.loads(capsys.readouterr().out))
    assert "|gold:upos|" in table["signature"]
    assert any(n.startswith(f"gold {gold}: files read as conllu by their content: 2")
               for n in table["notes"])


def test_a_folder_of_no_format_reads_prose_but_not_tagged_text_or_trees_as_words(tmp_path):
    # a folder whose files have no format is read as plain text; PTB .pos chunks and .prd
    # trees are annotation, not prose: left out and named, never read as "Pierre/NNP" words
    (tmp_path / "raw").mkdir()
    (tmp_path / "raw" / "wsj_0001").write_text(".START\n\nPierre Vinken will join the board.\n")
    plan = plan_files(tmp_path / "raw")
    assert [f.name for f in plan.files] == ["wsj_0001"] and plan.formats == ["plain"]
    (tmp_path / "tagged").mkdir()
    (tmp_path / "tagged" / "wsj_0001.pos").write_text(
        "[ Pierre/NNP Vinken/NNP ]\n,/, \n[ 61/CD years/NNS ]\nold/JJ ,/, will/MD\n"
        "======================================\n")
    (tmp_path / "tagged" / "wsj_0001.prd").write_text(
        "( (S (NP-SBJ (NP Pierre Vinken)\n      (, ,)\n      (ADJP (NP 61 years) old) )\n")
    plan = plan_files(tmp_path / "tagged")
    assert plan.files == []
    why = dict((f.name, why) for f, why in plan.skipped)
    assert why["wsj_0001.pos"].startswith("word/tag tokens")
    assert why["wsj_0001.prd"].startswith("lines of bracketed trees")
    with pytest.raises(InducevalError, match=r"no corpus files found.*wsj_0001.pos \(word/tag"):
        read_corpus(tmp_path / "tagged")
    # named as plain, they are read as words: the user's choice
    assert read_corpus(tmp_path / "tagged", format="plain").n_sentences > 0


def test_induce_and_pseudo_read_a_mixed_folder_by_each_files_format_or_refuse(tmp_path, capsys):
    root = _folder(tmp_path, {"a.conllu": CONLLU, "b.cha": CHAT})
    out = tmp_path / "tags.conllu"
    assert main(["induce", "tags", "--model", "brown", "--k", "2", str(root), "-o",
                 str(out)]) == 0
    assert out.read_text().count("\n1\t") + out.read_text().startswith("1\t") >= 1
    capsys.readouterr()
    assert main(["pseudo", "extract", str(root)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "CHAT transcripts and a.conllu" in err[0]
