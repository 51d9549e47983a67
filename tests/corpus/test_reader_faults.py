"""Malformed input to the readers is a fault named by file and line, never a traceback
and never accepted without a word."""

from __future__ import annotations

import re

import pytest

from induceval.cli.main import main
from induceval.corpus.readers import detect_format, read_corpus
from induceval.errors import CorpusFormatError, InducevalError

ROW = "{i}\t{form}\t_\t{upos}\t_\t_\t{head}\t{rel}\t_\t_"


def _conllu(rows: list[str], end: str = "\n\n") -> str:
    return "\n".join(rows) + end


GOOD = [ROW.format(i=1, form="Dogs", upos="NOUN", head=2, rel="nsubj"),
        ROW.format(i=2, form="bark", upos="VERB", head=0, rel="root")]

CHAT = ("@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Anne Target_Child , MOT Mary "
        "Mother\n@ID:\teng|test|CHI|{age}|female|||Target_Child|||\n"
        "@ID:\teng|test|MOT|||||Mother|||\n*MOT:\twhere is the dog ?\n"
        "%mor:\tadv:wh|where v:cop|be&3S det|the n|dog ?\n"
        "%gra:\t1|2|PRED 2|0|ROOT 3|4|DET 4|2|SUBJ 5|2|PUNCT\n@End\n")


def _fails(path, pattern: str, **kw) -> CorpusFormatError:
    with pytest.raises(CorpusFormatError) as info:
        read_corpus(path, **kw)
    message = str(info.value)
    assert message.startswith(f"{path}:"), message
    assert re.search(pattern, message), message
    assert len(message) < 400
    return info.value


def _write(tmp_path, name: str, text: str | bytes):
    p = tmp_path / name
    (p.write_bytes if isinstance(text, bytes) else p.write_text)(text)
    return p


@pytest.mark.parametrize("name,rows", [
    ("a.conllu", [GOOD[0], GOOD[1].replace("\t0\t", "\t99999999999999999999999\t")]),
    ("a.conll", [GOOD[0], GOOD[1].replace("\t0\t", "\t9223372036854775808\t")]),
    ("a.dp", ["Dogs\tNNS\t2", "bark\tVBP\t" + "9" * 5000]),
])
def test_a_huge_head_is_out_of_range_not_an_overflow(tmp_path, name, rows):
    """Before: OverflowError (the columnar path made an int64 array of the heads)."""
    p = _write(tmp_path, name, _conllu(rows))
    err = _fails(p, "out of range")
    assert err.line == 2


def test_the_cli_says_one_line_for_a_huge_head(tmp_path, capsys):
    p = _write(tmp_path, "a.conllu", _conllu([GOOD[0], GOOD[1].replace("\t0\t", "\t" + "9" * 30
                                                                     + "\t")]))
    for argv in (["info", "--on-error", "fail", str(p)], ["convert", str(p), "--to", "conllu",
                                                          "-o", str(tmp_path / "o.conllu")],
                 ["eval", "deps", "--gold", str(p), "--pred", str(p)]):
        assert main(argv) == 2
        err = [s for s in capsys.readouterr().err.splitlines() if "error:" in s]
        assert len(err) == 1 and f"{p}:2:" in err[0]


@pytest.mark.parametrize("text,line,pattern", [
    (_conllu([GOOD[0], "2\t\tbark\tVERB\t_\t_\t0\troot\t_\t_"]), 2, r"column 2 \(FORM\) is empty"),
    (_conllu([GOOD[0], "2\tbark\tbark\t\t_\t_\t0\troot\t_\t_"]), 2, r"column 4 \(UPOS\) is empty"),
    # a file cut inside its last field: the last line ends in an empty field, no newline
    (_conllu([GOOD[0], "2\tbark\tbark\tVERB\t_\t_\t0\troot\t_\t"], end=""), 2, "is empty"),
    (_conllu([GOOD[0], "2\tba\x00rk\tbark\tVERB\t_\t_\t0\troot\t_\t_"]), 2, "NUL byte"),
    (_conllu(["2-1\tx\t_\t_\t_\t_\t_\t_\t_\t_", *GOOD]), 1, "multiword range"),
    (_conllu([GOOD[0], "2-999\tx\t_\t_\t_\t_\t_\t_\t_\t_", GOOD[1]]), 2, "past the sentence"),
    (_conllu(["1.1\tx\t_\t_\t_\t_\t_\t_\t_\t_", *GOOD]), 1, "empty node"),
    (_conllu(GOOD).replace("\n", "\r"), 1, "CR-only line ends"),
])
def test_conllu_faults(tmp_path, text, line, pattern):
    """Before: each was read without a word (and CR-only as one sentence, then no tokens)."""
    p = _write(tmp_path, "a.conllu", text)
    assert _fails(p, pattern).line == line
    c = read_corpus(p, on_error="skip")   # counted, with its file:line
    assert sum(c.report.skipped.values()) == 1


@pytest.mark.parametrize("chunked", [False, True])
def test_valid_special_ids_and_a_missing_final_newline_stay_fine(tmp_path, chunked):
    rows = ["0.1\tx\t_\t_\t_\t_\t_\t_\t_\t_", "1-2\tDogsbark\t_\t_\t_\t_\t_\t_\t_\t_", *GOOD,
            "2.1\ty\t_\t_\t_\t_\t_\t_\t_\t_"]
    text = _conllu(rows) + _conllu(GOOD, end="")   # the last line complete, no newline
    p = _write(tmp_path, "a.conllu", text)
    if chunked:
        text = text.replace("\t_\t_\t_\t_", "\t_\t_\t_\tSpaceAfter=No", 1)
        p.write_text(text)
    c = read_corpus(p)
    assert c.n_sentences == 2 and c.n_tokens == 4
    assert c.report.counts["multiword_tokens"] == 1 and c.report.counts["empty_nodes"] == 2


@pytest.mark.parametrize("name,text,line,pattern", [
    ("a.txt", "the dog\nba\x00rks\n", 2, "NUL byte"),
    ("a.txt", "the dog\rbarks\r", 1, "CR-only line ends"),
    ("a.mrg", "( (S (NN dog) (VBZ ba\x00rks)) )\n", 1, "NUL byte"),
    ("ca01", "\tThe/at dog/nn\n\n\tba\x00rks/vbz ./.\n", 3, "NUL byte"),
])
def test_nul_and_cr_in_line_formats(tmp_path, name, text, line, pattern):
    p = _write(tmp_path, name, text)
    kw = {"format": "brown"} if name == "ca01" else {}
    assert _fails(p, pattern, **kw).line == line


def test_one_untagged_token_keeps_a_brown_file_brown(tmp_path):
    """Before: the first line decided, and the file was read as plain text."""
    lines = ["\tThe Fulton/np-tl County/nn-tl Grand/jj-tl Jury/nn-tl said/vbd ./.",
             "\tThe/at jury/nn further/rbr said/vbd ./."]
    p = _write(tmp_path, "ca01", "\n\n".join(lines) + "\n")
    assert detect_format(p) == "brown"
    _fails(p, "expected word/tag")
    assert detect_format(_write(tmp_path, "b.txt", "and/or this and that\n")) == "plain"


def _chat(tmp_path, text: str, name: str = "a.cha"):
    return _write(tmp_path, name, text)


def test_chat_without_end_is_a_fault(tmp_path):
    p = _chat(tmp_path, CHAT.format(age="2;4.09").replace("@End\n", ""))
    assert _fails(p, "no @End").line == 9
    c = read_corpus(p, on_error="skip")
    assert c.n_sentences == 1
    assert c.report.examples["transcripts without @End (cut short?)"] == f"{p}:9"


@pytest.mark.parametrize("tier", ["%MOR:\t", "%mor\t", "%Mor:\t"])
def test_chat_tier_names_in_the_wrong_case_or_without_colon(tmp_path, tier):
    """Before: the tier was ignored and the utterance lost its tags without a word."""
    p = _chat(tmp_path, CHAT.format(age="2;4.09").replace("%mor:\t", tier))
    assert _fails(p, "dependent tier whose name").line == 7
    c = read_corpus(p, on_error="skip")
    assert c.report.counts["bad_tier_name"] == 1


@pytest.mark.parametrize("age", ["2;13.26", "2;7.40", "2;7.26.3", "two", "-2;3.04",
                                 "\u0662;\u0663.\u0661\u0660", "99999999999999;0.0", "2;-3.10"])
def test_chat_ages_that_are_no_ages(tmp_path, age):
    """Before: normalised (2;13.26 -> 3;1.26), accepted, or an OverflowError (huge year)."""
    p = _chat(tmp_path, CHAT.format(age=age))
    assert _fails(p, "expected an age").line == 5
    c = read_corpus(p, on_error="skip")
    assert c.sentence(0).meta("age_days") is None
    assert c.report.examples["ages that are no ages (left missing)"] == f"{p}:5"


@pytest.mark.parametrize("age,days", [("2;4.09", 861), ("31;", 11322), ("1;6.", 547),
                                      ("1;10.19 - 1;11.18", 688), ("", None)])
def test_chat_ages_that_are_ages(tmp_path, age, days):
    p = _chat(tmp_path, CHAT.format(age=age))
    assert read_corpus(p).sentence(0).meta("age_days") == days


def test_chat_nul_byte_and_cr_line_ends(tmp_path):
    text = CHAT.format(age="2;4.09")
    assert _fails(_chat(tmp_path, text.replace("the dog", "the d\x00og")), "NUL byte").line == 7
    # CHAT transcripts of classic Mac OS CLAN: CR line ends are read as line ends
    assert read_corpus(_chat(tmp_path, text.replace("\n", "\r"), "b.cha")).n_tokens == 5


def test_long_offending_text_is_cut(tmp_path):
    p = _write(tmp_path, "a.conllu", _conllu([GOOD[0], "2\t" + "x" * 50000 + "\t_"]))
    err = _fails(p, "expected 10 tab-separated columns")
    assert "..." in str(err) and len(str(err)) < 300


@pytest.mark.parametrize(("text", "line", "found"), [
    ("the dog ||| B-ARG0 O\n\nit ran ||| O O\nhi\n", 1, "'tokens ||| labels' lines (2 of 3"),
    ("%PDF-1.4\n1 0 obj << /Type /Catalog >>\nendobj\n", 1, "a PDF file ('%PDF-' header)"),
    ("the cat\nsat\x00\x01 on\n", 2, "a NUL byte (binary data)"),
    ("\nDogs\tNNS\nbark\tVBP\n", 2, "2 tab-separated columns on every line (a tabular"),
])
def test_txt_file_that_is_not_prose_is_refused_naming_what_was_found(tmp_path, text, line,
                                                                      found):
    p = tmp_path / "x.txt"
    p.write_text(text)
    message = rf"x\.txt:{line}: {re.escape(found)}.*not plain text; --input-format"
    with pytest.raises(InducevalError, match=message):
        read_corpus(p)
    (tmp_path / "a.txt").write_text("some prose\n")
    if "\x00" in text:   # in a folder, a binary file is skipped and counted
        assert read_corpus(tmp_path).report.counts["binary files skipped"] == 1
        return
    with pytest.raises(InducevalError, match=message):   # among prose files of a folder
        read_corpus(tmp_path)
    assert read_corpus(p, format="plain").n_tokens == len(text.split())   # the option decides


def test_prose_with_tabs_and_bars_is_still_prose(tmp_path):
    p = tmp_path / "x.txt"
    p.write_text("\tIndented paragraph one .\n\tAnd two , with a ||| sign .\nplain line\n")
    assert read_corpus(p).n_sentences == 3
