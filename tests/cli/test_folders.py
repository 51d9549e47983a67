"""Folders are read by content, binary files skipped and counted, a folder named by itself."""

from __future__ import annotations

import json
import pickle

from induceval.cli.main import main
from induceval.corpus import read_corpus
from induceval.corpus.readers import detect_format, expand_paths, is_binary

CONLLU = ("1\tdogs\tdog\tNOUN\tNNS\t_\t2\tnsubj\t_\t_\n"
          "2\tbark\tbark\tVERB\tVBP\t_\t0\troot\t_\t_\n\n")


def _folder(tmp_path):
    d = tmp_path / "split_hagar"
    d.mkdir()
    (d / "a.conll.txt").write_text(CONLLU)
    (d / "b.conll.txt").write_text(CONLLU.replace("dogs", "cats"))
    (d / "model.pkl").write_bytes(pickle.dumps({"x": list(range(50))}))
    (d / "notes.md").write_text("# about this folder\n")
    return d


def test_conll_txt_read_by_content(tmp_path):
    d = _folder(tmp_path)
    # Hebrew CHILDES's split_hagar: CoNLL-U without comment lines (was read as CoNLL-X, its
    # UPOS as CPOS): UD tags in column 4 show it
    assert detect_format(d / "a.conll.txt") == "conllu"
    assert is_binary(d / "model.pkl") and not is_binary(d / "a.conll.txt")
    assert [p.name for p in expand_paths(d)] == ["a.conll.txt", "b.conll.txt"]
    c = read_corpus(d)
    assert (c.n_sentences, c.n_tokens) == (2, 4)
    assert c.report.counts["binary files skipped"] == 1
    assert c.report.counts["files read as conllu by their content"] == 2
    assert "upos" in c.tokens
    assert c.name == str(d)


def test_info_on_folder(tmp_path, capsys):
    d = _folder(tmp_path)
    assert main(["info", str(d), "--format", "json"]) == 0
    out = json.loads(capsys.readouterr().out)["corpora"][0]
    assert out["name"] == str(d) and out["sentences"] == 2
    assert "binary files skipped" in json.dumps(out)


def test_binary_only_folder_is_an_error(tmp_path, capsys):
    d = tmp_path / "bin"
    d.mkdir()
    (d / "x.bin").write_bytes(b"\x00\x01\x02" * 10)
    assert main(["info", str(d)]) == 2
    assert "skipped 1: x.bin (binary)" in capsys.readouterr().err


def test_conll_dialect_from_the_columns(tmp_path):
    """Ten columns are CoNLL-U when any column shows it, else CoNLL-X (by hand: each row
    changes one column of a CoNLL-X sentence tagged with PTB tags)."""
    from induceval.corpus.readers import format_evidence

    x = "1\tdogs\tdog\tN\tNNS\t_\t2\tSBJ\t_\t_\n2\tbark\tbark\tV\tVBP\t_\t0\tROOT\t_\t_\n\n"
    cases = {"x": (x, "conllx", "no CoNLL-U"),
             "comment": ("# text = dogs bark\n" + x, "conllu", "comment lines"),
             "range": ("1-2\tdogsbark\t_\t_\t_\t_\t_\t_\t_\t_\n" + x, "conllu", "ids"),
             "deps": (x.replace("SBJ\t_", "SBJ\t2:nsubj"), "conllu", "column 9"),
             "phead": (x.replace("SBJ\t_", "SBJ\t2"), "conllx", "no CoNLL-U"),
             "misc": (x.replace("ROOT\t_\t_", "ROOT\t_\tSpaceAfter=No"), "conllu", "column 10"),
             "upos": (x.replace("\tN\t", "\tNOUN\t").replace("\tV\t", "\tVERB\t"), "conllu",
                      "UD tags")}
    for name, (text, fmt, why) in cases.items():
        for ending in (".conll.txt", ".conll"):
            p = tmp_path / f"{name}{ending}"
            p.write_text(text)
            got, evidence = format_evidence(p)
            assert got == fmt, (name, ending)
            # a .conll ending decides CoNLL-X silently; content that overrides it is said
            assert why in evidence or (ending == ".conll" and fmt == "conllx" and not evidence)
    (tmp_path / "x.conllx").write_text(cases["upos"][0])
    assert format_evidence(tmp_path / "x.conllx") == ("conllx", "")


def test_a_file_of_no_known_format_is_an_error_that_says_what_was_seen(tmp_path, capsys):
    """TalkBank XML and CHILDES-SRL 'tokens ||| labels' files were read as plain text."""
    import pytest

    from induceval.errors import InducevalError

    cases = {"a.xml": ('<?xml version="1.0"?>\n<CHAT>\n', "XML"),
             "train.srl": ("you want it ||| O B-V B-A1\n", "|||"),
             "words": ("the dog barks\n", "'the dog barks'")}
    for name, (text, seen) in cases.items():
        p = tmp_path / name
        p.write_text(text)
        with pytest.raises(InducevalError, match="unknown format") as err:
            read_corpus(p)
        assert seen in str(err.value) and str(p) in str(err.value)
        assert main(["info", str(p)]) == 2
        assert "--input-format plain" in capsys.readouterr().err
    assert read_corpus(tmp_path / "words", format="plain").n_tokens == 3
    (tmp_path / "words.txt").write_text("the dog barks\n")
    assert read_corpus(tmp_path / "words.txt").n_tokens == 3


def test_info_counts_a_collection_part_by_part_as_read_whole(tmp_path):
    """info sums the counts of files read one group at a time (in two processes for a large
    input; the whole collection was held in memory): the same description as reading it
    whole, files that share a name included."""
    from induceval.corpus.stats import describe, describe_summary, summarise_files
    from tests.conftest import FIXTURES

    for folder in ("Dinner", "Father"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "andy.cha").write_text(
            (FIXTURES / "chat" / "conventions.cha").read_text())
    (tmp_path / "Father" / "bob.cha").write_text((FIXTURES / "chat" / "nomor.cha").read_text())
    whole = describe(read_corpus(tmp_path, on_error="skip"))
    for jobs in (1, 2):
        parts = describe_summary(summarise_files(tmp_path, on_error="skip", jobs=jobs))
        assert parts == whole
    assert len(whole["documents"]) == 3   # Dinner/andy, Father/andy, Father/bob
