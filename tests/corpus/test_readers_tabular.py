"""Readers for CoNLL-U, CoNLL-X, PASCAL, Malt, Brown and plain text.

Expected values are hand-read from the fixtures in tests/fixtures/readers/.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder, ReadReport
from induceval.corpus.readers import brown, conllu, conllx, malt, pascal, plain, read_corpus
from induceval.corpus.readers._columnar import _fast_file, read_tabular
from induceval.corpus.readers._tabular import _slow_file
from induceval.errors import CorpusFormatError, ParameterError
from tests.conftest import FIXTURES, shared_path

FIX = FIXTURES / "readers"
UD_HEADER = "1\tx\tx\tX\tX\t_\t0\troot\t_\t_\n"


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def rows(*lines: str) -> str:
    """Space-separated rows -> tab-separated file text."""
    return "\n".join(line.replace(" ", "\t") for line in lines) + "\n"


def via_streaming(module, path: Path, **kw):
    """The corpus built from iter_sentences (the reference semantics)."""
    b = CorpusBuilder()
    for tokens, meta in module.iter_sentences(path, **kw):
        b.add_sentence(tokens, meta)
    return b.build()


def same_annotation(a, b) -> None:
    assert a.offsets.tolist() == b.offsets.tolist()
    assert set(a.tokens) == set(b.tokens)
    for k in a.tokens:
        assert a.label_strings(k).tolist() == b.label_strings(k).tolist(), k
    for k in set(a.sentences) & set(b.sentences):
        assert a.sentences[k].strings() == b.sentences[k].strings(), k


# -- CoNLL-U -------------------------------------------------------------------

def test_conllu_fixture_columns_and_counts():
    c = conllu.read(FIX / "en_tiny-ud-dev.conllu")
    assert c.n_sentences == 3 and c.n_tokens == 5 + 2 + 1
    s0 = c.sentence(0)
    assert s0.strings("form") == ["I", "do", "n't", "know", "."]
    assert s0.strings("upos") == ["PRON", "AUX", "PART", "VERB", "PUNCT"]
    assert s0.strings("xpos") == ["PRP", "VBP", "RB", "VB", "."]
    assert s0.strings("head") == [4, 4, 4, 0, 4]
    assert s0.strings("deprel") == ["nsubj", "aux", "advmod", "root", "punct"]
    # '_' is a word in FORM but missing elsewhere
    s1 = c.sentence(1)
    assert s1.strings("form") == ["Go", "_"]
    assert s1.strings("lemma") == ["go", None]
    assert [c.sentence(i).meta("sent_id") for i in range(3)] == ["a-1", "a-2", "b-1"]
    assert [c.sentence(i).meta("document") for i in range(3)] == ["doc-a", "doc-a", "doc-b"]
    assert c.sentence(0).meta("language") == "en"
    assert c.report.counts == {"comments": 6, "multiword_tokens": 1, "empty_nodes": 1}
    assert c.report.files == [str(FIX / "en_tiny-ud-dev.conllu")]


def test_conllu_fast_and_streaming_paths_agree_on_fixture():
    p = FIX / "en_tiny-ud-dev.conllu"
    same_annotation(conllu.read(p), via_streaming(conllu, p))


def test_age_comments_on_both_paths(tmp_path):
    """age_days wins over speaker_age (months, either order); a value that is no number
    is counted and left missing: the same on the columnar and the streaming path."""
    p = write(tmp_path, "a.conllu", "# speaker_age = 24\n# age_days = 700\n" + UD_HEADER
              + "\n# age_days = 701\n# speaker_age = 30\n" + UD_HEADER
              + "\n# speaker_age = 12.5\n" + UD_HEADER + "\n# age_days = two\n" + UD_HEADER)
    for c in (conllu.read(p), via_streaming(conllu, p)):
        assert c.sentences["age_days"].values.tolist() == [700, 701, 380, -1]
    assert conllu.read(p).report.counts["unreadable age comments"] == 1


def test_conllu_language_option_and_document_default(tmp_path):
    p = write(tmp_path, "mine.conllu", UD_HEADER)
    c = conllu.read(p)
    assert c.sentence(0).meta("language") is None
    assert c.sentence(0).meta("document") == "mine"
    assert conllu.read(p, language="eu").sentence(0).meta("language") == "eu"


def test_conllu_crlf_bom_and_missing_final_newline(tmp_path):
    text = ("\ufeff# sent_id = x\r\n" + UD_HEADER.replace("\n", "\r\n")
            + "\r\n" + UD_HEADER.rstrip("\n"))
    p = write(tmp_path, "w.conllu", text.encode("utf-8"))
    c = conllu.read(p)
    assert c.n_sentences == 2 and c.sentence(0).meta("sent_id") == "x"
    assert c.sentence(1).strings("deprel") == ["root"]
    same_annotation(c, via_streaming(conllu, p))


def test_conllu_several_files_share_vocabularies():
    p = FIX / "en_tiny-ud-dev.conllu"
    c = conllu.read([p, p])
    assert c.n_sentences == 6
    assert c.forms[:8].tolist() == c.forms[8:].tolist()
    assert len(c.report.files) == 2 and c.report.counts["multiword_tokens"] == 2


# -- the other tabular formats -------------------------------------------------------

def test_conllx_maps_cpostag_and_postag():
    c = conllx.read(FIX / "tiny.conll")
    assert c.sentence(0).strings("cpos") == ["DT", "NN", "VB"]
    assert c.sentence(0).strings("xpos") == ["DT", "NN", "VBZ"]
    assert c.sentence(0).strings("head") == [2, 3, 0]
    assert "upos" not in c.tokens


def test_conllx_rejects_multiword_ranges(tmp_path):
    p = write(tmp_path, "m.conll", rows("1-2 x _ _ _ _ _ _ _ _", "1 x x X X _ 0 r _ _"))
    with pytest.raises(CorpusFormatError, match="expected token ID 1"):
        conllx.read(p)


def test_pascal_nine_columns_upos_in_column_6():
    c = pascal.read(FIX / "tiny.pascal")
    s = c.sentence(0)
    assert (s.strings("cpos"), s.strings("xpos"), s.strings("upos")) == (
        ["DT", "NN", "VB"], ["DT", "NN", "VBZ"], ["DET", "NOUN", "VERB"])
    # training-style sentence: HEAD, DEPREL and LEMMA '_' -> missing
    s1 = c.sentence(1)
    assert s1.strings("head") == [-1] and s1.strings("deprel") == [None]
    assert s1.strings("lemma") == [None]


def test_malt_three_columns_pound_sign_is_a_word():
    c = malt.read(FIX / "tiny.dp")
    assert c.n_sentences == 2
    assert c.sentence(1).strings("form") == ["#", "5"]
    assert c.sentence(1).strings("xpos") == ["CD", "CD"]
    assert c.sentence(0).strings("head") == [2, 0]
    assert "deprel" not in c.tokens and "cpos" not in c.tokens
    assert c.report.counts.get("comments", 0) == 0


def test_malt_four_columns_and_mixed_files():
    c = malt.read([FIX / "tiny4.malt", FIX / "tiny.dp"])
    assert c.sentence(0).strings("deprel") == ["SBJ", "ROOT"]
    assert c.sentence(1).strings("deprel") == [None, None]


def test_malt_fast_and_streaming_agree():
    for p in (FIX / "tiny.dp", FIX / "tiny4.malt"):
        same_annotation(malt.read(p), via_streaming(malt, p))


# -- Brown and plain ---------------------------------------------------------------

def test_brown_splits_on_last_slash_and_strips_affixes():
    c = brown.read(FIX / "cx01")
    s = c.sentence(0)
    assert s.strings("form") == ["The", "Fulton", "County", "1/2", "said", "."]
    assert s.strings("xpos") == ["at", "np-tl", "nn-tl", "cd", "vbd", "."]
    assert s.strings("cpos") == ["at", "np", "nn", "cd", "vbd", "."]
    assert c.sentence(1).strings("cpos") == ["rb", "np", "in", "."]
    assert c.sentence(1).meta("document") == "cx01"
    assert c.n_sentences == 2


def test_brown_bad_token(tmp_path):
    p = write(tmp_path, "cz01", "a/at b/nn\nthe dog/nn\nok/jj\n")
    with pytest.raises(CorpusFormatError) as info:
        brown.read(p)
    err = info.value
    assert err.line == 2 and "expected word/tag" in str(err) and "'the'" in str(err)
    c = brown.read(p, on_error="skip")
    assert c.n_sentences == 2 and c.report.skipped["bad word/tag"] == 1
    assert "cz01:2:" in c.report.examples["bad word/tag"]


def test_plain_reader_and_read_corpus_doctest_case():
    c = plain.read(FIX / "tiny.txt")
    assert c.n_sentences == 2 and c.sentence(1).strings("form") == ["hi", "there"]
    assert list(c.tokens) == ["form"]
    assert read_corpus(FIX / "tiny.txt").n_tokens == 5


# -- errors -------------------------------------------------------------------------

def test_wrong_column_count_names_file_line_text_and_expectation(tmp_path):
    p = write(tmp_path, "bad.conllu", UD_HEADER + "\n" + "1\tonly\tthree\n")
    with pytest.raises(CorpusFormatError) as info:
        conllu.read(p)
    err = info.value
    assert (err.path, err.line, err.text) == (str(p), 3, "1\tonly\tthree")
    assert "expected 10 tab-separated columns" in str(err) and "got 3" in str(err)


@pytest.mark.parametrize("head, message", [("x", "expected an integer head"),
                                            ("-1", "expected an integer head"),
                                            ("3", "head 3 out of range")])
def test_bad_heads(tmp_path, head, message):
    p = write(tmp_path, "h.conllu", rows("1 a a X X _ 0 r _ _", f"2 b b X X _ {head} r _ _"))
    with pytest.raises(CorpusFormatError, match=message) as info:
        conllu.read(p)
    assert info.value.line == 2


def test_bad_utf8_is_located(tmp_path):
    data = (UD_HEADER + "\n").encode() + b"1\tb\xff\tb\tX\tX\t_\t0\tr\t_\t_\n"
    p = write(tmp_path, "u.conllu", data)
    with pytest.raises(CorpusFormatError, match="invalid UTF-8") as info:
        conllu.read(p)
    assert info.value.line == 3
    c = conllu.read(p, on_error="skip")
    assert c.n_sentences == 1 and c.report.skipped == {"bad UTF-8": 1}
    with pytest.raises(CorpusFormatError, match="invalid UTF-8"):
        plain.read(write(tmp_path, "u.txt", b"ok\n\xc3\n"))


def test_token_ids_must_run_from_one(tmp_path):
    p = write(tmp_path, "i.conllu", rows("1 a a X X _ 0 r _ _", "3 b b X X _ 1 r _ _"))
    with pytest.raises(CorpusFormatError, match="expected token ID 2 in column 1, got '3'"):
        conllu.read(p)


@pytest.mark.parametrize("chunk", [0, 16])   # the fast path, and chunks of a line or two
def test_token_id_with_a_leading_zero_is_refused_not_renumbered(tmp_path, chunk):
    bad = rows("1 a a X X _ 0 r _ _", "02 b b X X _ 1 r _ _")
    p = write(tmp_path, "z.conllu", bad + "\n" + UD_HEADER)
    with pytest.raises(CorpusFormatError,
                       match=r"z.conllu:2: .*got '02' \(IDs have no leading zeros\)"):
        read_tabular(p, conllu.SPEC, chunk_bytes=chunk)
    c = read_tabular(p, conllu.SPEC, on_error="skip", chunk_bytes=chunk)
    assert c.n_sentences == 1 and c.report.skipped == {"bad token ID": 1}


@pytest.mark.parametrize("chunk", [0, 16])
def test_overlapping_multiword_ranges_are_refused(tmp_path, chunk):
    bad = rows("1-2 ab _ _ _ _ _ _ _ _", "1 a a X X _ 0 r _ _", "2-3 bc _ _ _ _ _ _ _ _",
               "2 b b X X _ 1 r _ _", "3 c c X X _ 1 r _ _")
    p = write(tmp_path, "o.conllu", UD_HEADER + "\n" + bad)
    with pytest.raises(CorpusFormatError, match=r"o.conllu:5: a multiword range overlapping.*2-3"):
        read_tabular(p, conllu.SPEC, chunk_bytes=chunk)
    c = read_tabular(p, conllu.SPEC, on_error="skip", chunk_bytes=chunk)
    assert c.n_sentences == 1
    assert c.report.skipped == {"bad multiword range or empty node": 1}
    assert c.report.examples["bad multiword range or empty node"].startswith(f"{p}:5:")


def test_skip_mode_keeps_good_sentences_and_reports(tmp_path):
    text = (UD_HEADER + "\n" + rows("1 a a X X _ 5 r _ _") + "\n"
            + rows("1 b b X X _ 0 r _ _", "2 c") + "\n" + UD_HEADER)
    p = write(tmp_path, "s.conllu", text)
    c = conllu.read(p, on_error="skip")
    assert c.n_sentences == 2
    assert c.report.skipped == {"head out of range": 1, "wrong column count": 1}
    assert c.report.examples["head out of range"].startswith(f"{p}:3:")
    report = ReadReport()
    got = list(conllu.iter_sentences(p, on_error="skip", report=report))
    assert len(got) == 2 and sum(report.skipped.values()) == 2


def test_sentence_of_only_multiword_lines_is_an_error(tmp_path):
    p = write(tmp_path, "m.conllu", rows("1-2 ab _ _ _ _ _ _ _ _") + "\n" + UD_HEADER)
    with pytest.raises(CorpusFormatError, match="without regular"):
        conllu.read(p)
    assert conllu.read(p, on_error="skip").n_sentences == 1


def test_on_error_is_checked():
    with pytest.raises(ParameterError):
        conllu.read(FIX / "tiny.conll", on_error="ignore")


def test_read_corpus_detects_formats():
    assert "upos" in read_corpus(FIX / "tiny.pascal").tokens
    assert "deprel" not in read_corpus(FIX / "tiny.dp").tokens
    assert read_corpus(FIX / "cx01", format="brown").n_sentences == 2
    assert read_corpus(FIX / "en_tiny-ud-dev.conllu").n_sentences == 3


# -- real data (slices) --------------------------------------------------------------

def test_ud_slices_read_fast_equals_streaming():
    ud = shared_path("ud")
    files = [ud / "UD_English-CHILDES" / "en_childes-ud-dev.conllu",
             ud / "UD_Basque-BDT" / "eu_bdt-ud-dev.conllu"]
    c = conllu.read(files)
    assert c.n_sentences > 1000
    assert len(c.inventory("upos")) <= 17
    langs = {c.sentence(i).meta("language") for i in (0, c.n_sentences - 1)}
    assert langs == {"en", "eu"}
    # every sentence has exactly one root
    roots = np.bincount(c.sentence_ids()[c.tokens["head"].values == 0], minlength=c.n_sentences)
    assert (roots == 1).all()
    for f in files:
        fast = _fast_file(f.read_bytes(), f, conllu.SPEC, None)
        assert fast is not None  # the real files take the columnar path
        slow = _slow_file(f, conllu.SPEC, "fail", ReadReport(), None)
        assert fast.lengths.tolist() == slow.lengths.tolist()
        assert fast.heads.tolist() == slow.heads.tolist()
        assert fast.sent_ids == slow.sent_ids and fast.documents == slow.documents


def test_ptb_dependency_sample_has_3914_sentences():
    d = shared_path("ptb", "dependency-treebank-sample")
    c = read_corpus(d, format="malt")
    assert c.n_sentences == 3914
    assert len(c.report.files) == 199
    assert c.report.skipped == {}
    assert "#" in c.vocab


def test_brown_files_read():
    d = shared_path("brown", "brown-tagged")
    c = brown.read([d / "ca01", d / "ca02"])
    assert c.n_sentences > 100
    assert c.sentence(0).strings("form")[:3] == ["The", "Fulton", "County"]
    assert not any(t.endswith("-tl") for t in c.tokens["cpos"].vocab)


def test_auto_format_directory_of_extensionless_brown_files(tmp_path):
    (tmp_path / "ca01").write_text("The/at dog/nn ./.\n")
    (tmp_path / "README").write_text("not a corpus file\n")
    c = read_corpus(tmp_path)
    assert c.n_sentences == 1 and c.report.files == [str(tmp_path / "ca01")]
    assert c.sentence(0).strings("xpos") == ["at", "nn", "."]


def test_rollback_forgets_the_values_of_the_rolled_back_chunks(tmp_path):
    """A file whose later chunk needs the streaming path is re-read whole; the values its
    first chunks added (and their byte keys) are forgotten before the next file."""
    from induceval.corpus.readers import _columnar as tab

    def sent(*words):
        return "".join(f"{i}\t{w}\t{w}\tX\t_\t_\t0\troot\t_\t_\n"
                       for i, w in enumerate(words, 1)) + "\n"

    a = tmp_path / "a.conllu"
    # chunk 1: new words; chunk 2: a comment-only block (streaming path) -> rollback
    a.write_text(sent("alpha", "beta") + sent("gamma") + "# only a comment\n\n"
                 + sent("alpha", "delta"), encoding="utf-8")
    b = tmp_path / "b.conllu"
    b.write_text(sent("delta", "beta", "omega") + sent("alpha"), encoding="utf-8")
    small = tab.read_tabular([a, b], conllu.SPEC, chunk_bytes=64)
    whole = tab.read_tabular([a, b], conllu.SPEC, chunk_bytes=1 << 20)
    assert small.label_strings("form").tolist() == whole.label_strings("form").tolist() == [
        "alpha", "beta", "gamma", "alpha", "delta", "delta", "beta", "omega", "alpha"]
    assert small.tokens["form"].vocab.items == whole.tokens["form"].vocab.items
    assert small.report.counts == whole.report.counts
