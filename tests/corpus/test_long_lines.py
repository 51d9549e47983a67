"""Long lines: a line longer than a piece is read in pieces, as one sentence (so that
``info`` on a 50 MB line needs a few times its size; measured by
``benchmarks/bench_long_lines.py``, figures in docs/scale.md)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from induceval.corpus.model import ReadReport
from induceval.corpus.readers import _common, _fields, _lines, brown, plain
from induceval.corpus.readers._common import build_corpus


def _lines_of(rng: random.Random, pieces: list[str], n: int) -> str:
    return "".join(rng.choice(pieces) for _ in range(n))


@pytest.mark.parametrize("size", [1, 2, 3, 5, 8])
def test_plain_lines_cut_into_pieces_are_one_sentence_each(tmp_path, size):
    rng = random.Random(size)
    for trial in range(60):
        text = _lines_of(rng, ["a", "bb", "ccc", " ", "  ", "\n", "\n\n", "é", "\t",
                               "x" * rng.randint(1, 30)], rng.randint(0, 10))
        p = tmp_path / f"{trial}.txt"
        p.write_text(text)
        c = build_corpus(plain._stream([p], "fail", ReadReport(), None, piece_bytes=size),
                         ReadReport(), "", ["form"])
        expected = [line.split() for line in text.split("\n") if line.split()]
        assert [c.sentence(i).strings("form") for i in range(c.n_sentences)] == expected


def test_brown_long_lines_in_batches(tmp_path, monkeypatch):
    monkeypatch.setattr(_lines, "LONG_LINE", 10)
    monkeypatch.setattr(_lines, "FLUSH_TOKENS", 3)
    monkeypatch.setattr(_common, "FLUSH_TOKENS", 4)
    rng = random.Random(1)
    for trial in range(60):
        lines = [" ".join(rng.choice(["a/b", "cc/dd", "e/f"]) for _ in range(rng.randint(0, 12)))
                 + (" bad" if rng.random() < 0.15 else "") for _ in range(rng.randint(0, 5))]
        p = tmp_path / f"ca{trial}"
        p.write_text("\n".join(lines) + "\n")
        c = brown.read(p, on_error="skip")
        expected = [[t.rsplit("/", 1)[0] for t in line.split()] for line in lines
                    if line.split() and "bad" not in line.split()]
        assert [c.sentence(i).strings("form") for i in range(c.n_sentences)] == expected


def test_long_items_are_decoded_alike():
    rng = np.random.default_rng(0)
    for _ in range(50):
        parts = [bytes(rng.integers(97, 123, size=k, dtype=np.uint8))
                 for k in rng.choice([0, 1, 3, 10, 5000, 300_000], size=rng.integers(1, 30))]
        data = b" ".join(parts)
        starts = np.cumsum([0] + [len(x) + 1 for x in parts[:-1]])
        ends = starts + np.array([len(x) for x in parts])
        got = _fields._decode_items(np.frombuffer(data, dtype=np.uint8), starts, ends)
        assert got == [x.decode() for x in parts]


def test_a_chat_utterance_over_the_limit_names_the_limit_and_its_keyword(tmp_path):
    """A limit, not a damaged file: the message names max_record_bytes, which reads it."""
    from induceval.corpus.readers import _chat_file, read_corpus
    from induceval.errors import CorpusFormatError

    p = tmp_path / "a.cha"
    p.write_text("@UTF8\n@Begin\n@Participants:\tCHI A Target_Child\n*CHI:\thi .\n"
                 "*CHI:\t" + "la " * 50 + ".\n@End\n")
    with pytest.raises(CorpusFormatError, match=r"a\.cha:5: an utterance .* of 162 char.*"
                                                 r"max_record_bytes=100"):
        read_corpus(p, max_record_bytes=100)
    c = read_corpus(p, on_error="skip", max_record_bytes=100)
    assert c.n_sentences == 1 and c.report.examples[_chat_file.LONG_UTTERANCE] == f"{p}:5"
    assert read_corpus(p).n_sentences == 2


def test_a_valid_chat_utterance_of_over_a_mib_is_read(tmp_path):
    from induceval.corpus.readers import read_corpus

    p = tmp_path / "long.cha"
    p.write_text("@UTF8\n@Begin\n@Participants:\tCHI A Target_Child\n"
                 "*CHI:\t" + "la " * 400_000 + ".\n@End\n")
    assert read_corpus(p).n_tokens == 400_001


def test_a_ptb_tree_over_the_limit_names_the_limit_and_its_keyword(tmp_path):
    from induceval.corpus.readers import read_corpus
    from induceval.errors import CorpusFormatError, ParameterError

    p = tmp_path / "a.mrg"
    p.write_text("( (S (NN hi)) )\n( (S " + "(NN la) " * 30 + ") )\n( (S (NN ho)) )\n")
    with pytest.raises(CorpusFormatError, match=r"a\.mrg:2: a tree of over 100 bytes, the "
                       r"limit max_record_bytes=100: raise it"):
        read_corpus(p, max_record_bytes=100)
    c = read_corpus(p, on_error="skip", max_record_bytes=100)
    assert c.n_sentences == 2 and c.report.skipped["tree over the size limit"] == 1
    # counted in bytes: 'é' takes two
    p.write_text("( (S (NN " + "é" * 60 + ")) )\n")
    with pytest.raises(CorpusFormatError, match="over 100 bytes"):
        read_corpus(p, max_record_bytes=100)
    with pytest.raises(ParameterError, match=r"max_record_bytes must be in \[1, inf\), got 0"):
        read_corpus(p, max_record_bytes=0)


def test_a_valid_ptb_tree_of_several_mib_is_read(tmp_path):
    from induceval.corpus.readers import read_corpus

    p = tmp_path / "big.mrg"
    n = 300_000   # some 3 MiB in one tree (the old limit of 1 MiB refused it as damaged)
    p.write_text("( (S " + "(NN la) (VB do)\n  " * (n // 2) + ") )\n( (S (NN x)) )\n")
    c = read_corpus(p)
    assert c.n_sentences == 2 and c.lengths.tolist() == [n, 1]
