"""Folders are read by content, binary files skipped and counted, a folder named by itself."""

from __future__ import annotations

import json
import pickle

from induceval.cli.main import main
from induceval.corpus import read_corpus
from induceval.corpus.readers import detect_format, expand_paths, is_binary

CONLLX = ("1\tdogs\tdog\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n"
          "2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_\n\n")


def _folder(tmp_path):
    d = tmp_path / "split_hagar"
    d.mkdir()
    (d / "a.conll.txt").write_text(CONLLX)
    (d / "b.conll.txt").write_text(CONLLX.replace("dogs", "cats"))
    (d / "model.pkl").write_bytes(pickle.dumps({"x": list(range(50))}))
    (d / "notes.md").write_text("# about this folder\n")
    return d


def test_conll_txt_read_by_content(tmp_path):
    d = _folder(tmp_path)
    assert detect_format(d / "a.conll.txt") == "conllx"
    assert is_binary(d / "model.pkl") and not is_binary(d / "a.conll.txt")
    assert [p.name for p in expand_paths(d)] == ["a.conll.txt", "b.conll.txt"]
    c = read_corpus(d)
    assert (c.n_sentences, c.n_tokens) == (2, 4)
    assert c.report.counts["binary files skipped"] == 1
    assert c.name == str(d)


def test_info_on_folder(tmp_path, capsys):
    d = _folder(tmp_path)
    assert main(["info", str(d), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["name"] == str(d) and out["sentences"] == 2
    assert "binary files skipped" in json.dumps(out)


def test_binary_only_folder_is_an_error(tmp_path, capsys):
    d = tmp_path / "bin"
    d.mkdir()
    (d / "x.bin").write_bytes(b"\x00\x01\x02" * 10)
    assert main(["info", str(d)]) == 2
    assert "1 binary files skipped" in capsys.readouterr().err
