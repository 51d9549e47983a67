"""Lossless reading and writing: what a tabular reader reads, the writer writes back.

Every file here is written by hand; the expected bytes are the input itself.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

from induceval.corpus.model import Column, CorpusBuilder
from induceval.corpus.readers import conllu, conllx, pascal
from induceval.corpus.readers._columnar import read_tabular
from induceval.corpus.readers._common import LINES_COLUMN
from induceval.corpus.writers import (
    write_conllu,
    write_conllx,
    write_corpus,
    write_pascal,
)
from tests.conftest import shared_path

# one sentence with every kind of kept line: comments (known and unknown keys),
# a multiword range, an empty node, FEATS, DEPS and MISC
CONLLU = (
    "# newdoc id = d1\n"
    "# sent_id = s1\n"
    "# text = I don't know.\n"
    "# anything else = kept\n"
    "1\tI\tI\tPRON\tPRP\tCase=Nom|Number=Sing\t4\tnsubj\t4:nsubj\t_\n"
    "2-3\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n"
    "2\tdo\tdo\tAUX\tVBP\tMood=Ind\t4\taux\t4:aux\t_\n"
    "3\tn't\tnot\tPART\tRB\t_\t4\tadvmod\t4:advmod\t_\n"
    "4\tknow\tknow\tVERB\tVB\t_\t0\troot\t0:root\tSpaceAfter=No\n"
    "4.1\tknew\tknow\tVERB\tVBD\t_\t_\t_\t4:conj\t_\n"
    "5\t.\t.\tPUNCT\t.\t_\t4\tpunct\t4:punct\t_\n"
    "\n"
    "#sent_id=s2\n"
    "1\t#audiobooks\t#audiobooks\tX\tADD\t_\t0\troot\t0:root\t_\n"
    "\n"
    "1\tno\tno\tINTJ\tUH\t_\t0\troot\t0:root\t_\n"
    "\n"
)


def _file(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_bytes(text.encode("utf-8"))
    return p


def _written(corpus, writer=write_conllu, **kw) -> str:
    out = io.StringIO()
    writer(corpus, out, **kw)
    return out.getvalue()


def _via_streaming(module, path):
    b = CorpusBuilder()
    for tokens, meta in module.iter_sentences(path):
        b.add_sentence(tokens, meta)
    return b.build()


def test_conllu_round_trip_is_byte_identical(tmp_path):
    p = _file(tmp_path, "x.conllu", CONLLU)
    c = conllu.read(p)
    assert c.n_sentences == 3 and c.n_tokens == 7
    assert c.sentence(0).strings("feats")[:2] == ["Case=Nom|Number=Sing", "Mood=Ind"]
    assert c.sentence(0).strings("misc")[3] == "SpaceAfter=No"
    assert c.sentence(1).strings("form") == ["#audiobooks"]
    assert [s.meta("sent_id") for s in c] == ["s1", "s2", None]
    assert _written(c) == CONLLU
    # the streaming path keeps the same lines
    assert _written(_via_streaming(conllu, p)) == CONLLU
    # and so does reading in chunks smaller than a sentence
    small = read_tabular(p, conllu.SPEC, chunk_bytes=16)
    assert _written(small) == CONLLU


@pytest.mark.parametrize("end", ["\n\n", "\n", ""])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
@pytest.mark.parametrize(("module", "writer", "name"), [
    (conllu, write_conllu, "x.conllu"), (conllx, write_conllx, "x.conll"),
    (pascal, write_pascal, "x.pascal")])
def test_bom_crlf_and_file_end_are_written_back(tmp_path, end, bom, newline, module, writer,
                                                name):
    text = {"x.conllu": CONLLU, "x.conll": "# sent_id = 1\n1\tHi\thi\tUH\tUH\t_\t0\tROOT\t_\t_\n\n"
            "1\t!\t!\t.\t.\t_\t0\tP\t_\t_\n\n",
            "x.pascal": "1\tHi\thi\tUH\tUH\tX\t_\t0\tROOT\n\n1\t!\t!\t.\t.\t.\t_\t0\tP\n\n"}[name]
    data = bom + (text[:-2] + end).replace("\n", newline).encode()
    p = tmp_path / name
    p.write_bytes(data)
    out = tmp_path / ("out" + p.suffix)
    for corpus in (module.read(p), read_tabular(p, module.SPEC, chunk_bytes=16)):
        writer(corpus, out)
        assert out.read_bytes() == data
    counts = module.read(p).report.counts
    assert counts["files with a UTF-8 byte-order mark"] == (1 if bom else 0)
    assert counts["files with CRLF line ends"] == (newline == "\r\n")
    assert counts["files without a final newline"] == (end == "")
    # layout=False: what the writers write by default
    assert _written(module.read(p), writer, layout=False) == text


def test_files_that_differ_in_layout_are_written_in_the_default_one(tmp_path):
    a, b = tmp_path / "a.conllu", tmp_path / "b.conllu"
    a.write_bytes(CONLLU.replace("\n", "\r\n").encode())
    b.write_bytes(CONLLU.encode())
    assert _written(conllu.read([a, b])) == CONLLU * 2
    b.write_bytes(CONLLU.replace("\n", "\r\n", 3).encode())   # both line ends in one file
    c = conllu.read(b)
    assert c.report.counts["files with CRLF and LF line ends mixed (written back with LF)"] == 1
    assert _written(c) == CONLLU


def test_several_blank_lines_become_one(tmp_path):
    p = _file(tmp_path, "x.conllu", CONLLU.replace("\n\n", "\n\n\n"))
    assert _written(conllu.read(p)) == CONLLU


def test_comment_only_block_is_counted(tmp_path):
    p = _file(tmp_path, "x.conllu", CONLLU + "# trailing comment\n")
    c = conllu.read(p)
    assert c.report.counts["comment lines outside a sentence"] == 1
    assert _written(c) == CONLLU


def test_conllx_keeps_feats_phead_pdeprel(tmp_path):
    text = ("# sent_id = 1\n"
            "1\tHi\thi\tUH\tUH\tx=1\t0\tROOT\t0\tROOT\n"
            "2\t!\t!\t.\t.\t_\t1\tP\t1\tP\n\n")
    p = _file(tmp_path, "a.conll", text)
    c = conllx.read(p)
    assert c.sentence(0).strings("phead") == ["0", "1"]
    assert _written(c, write_conllx) == text


def test_pascal_keeps_feats(tmp_path):
    text = "1\tHi\thi\tUH\tUH\tX\tx=1\t0\tROOT\n2\t!\t!\t.\t.\t.\t_\t1\tP\n\n"
    p = _file(tmp_path, "a.pascal", text)
    assert _written(pascal.read(p), write_pascal) == text


def test_empty_sentences_are_never_written_and_are_counted():
    b = CorpusBuilder()
    b.add_sentence({"form": ["a"]}, {"sent_id": "1"})
    b.add_sentence({"form": []}, {"sent_id": "2"})
    b.add_sentence({"form": ["b"]}, {"sent_id": "3"})
    out = io.StringIO()
    rep = write_conllu(b.build(), out)
    assert rep.sentences == 2 and rep.tokens == 2
    assert rep.left_out == {"empty sentences": 1}
    assert "# sent_id = 2" not in out.getvalue()
    assert out.getvalue().count("\n\n") == 2


def test_written_file_reads_back_to_the_reported_count(tmp_path):
    b = CorpusBuilder()
    for words in (["a", "b"], [], [], ["c"]):
        b.add_sentence({"form": words})
    out = tmp_path / "o.conllu"
    rep = write_conllu(b.build(), out)
    assert conllu.read(out).n_sentences == rep.sentences == 2


def test_changed_sentences_lose_their_range_lines_counted(tmp_path):
    c = conllu.read(_file(tmp_path, "x.conllu", CONLLU))
    from induceval.corpus.transforms import remove_punctuation

    no_punct = remove_punctuation(c, "upos")
    out = io.StringIO()
    rep = write_conllu(no_punct, out)
    text = out.getvalue()
    assert "2-3\tdon't" not in text and "4.1\tknew" not in text
    assert rep.left_out["multiword/empty-node lines of changed sentences"] == 2
    # DEPS of the changed sentence are cleared (their IDs no longer hold)
    assert rep.left_out["DEPS of changed sentences (tokens)"] == 4
    assert "# text = I don't know." in text  # comments stay
    # the unchanged sentences are as read
    assert text.endswith(CONLLU.split("\n\n", 1)[1])


def test_conllx_and_pascal_count_the_lines_they_cannot_hold(tmp_path):
    c = conllu.read(_file(tmp_path, "x.conllu", CONLLU))
    rep = write_conllx(c, io.StringIO())
    assert rep.left_out["multiword/empty-node lines (format cannot hold them)"] == 2
    # DEPS and MISC have no CoNLL-X column: counted in values
    assert rep.left_out["token column 'deps' (no place in conllx), values"] == 7
    assert rep.left_out["token column 'misc' (no place in conllx), values"] == 1
    rep = write_pascal(c, io.StringIO())
    assert rep.left_out["comment lines"] == 5


def test_metadata_comments_both_ways(tmp_path):
    b = CorpusBuilder()
    b.add_sentence({"form": ["hi"]}, {"speaker": "MOT", "role": "Mother", "age_days": 737,
                                      "language": "eng", "document": "eve01"})
    b.add_sentence({"form": ["ball"]}, {"speaker": "CHI", "role": "Target_Child",
                                        "age_days": 737, "language": "eng",
                                        "document": "eve01"})
    c = b.build()
    text = _written(c)
    assert text.splitlines()[:5] == ["# newdoc id = eve01", "# speaker = MOT",
                                     "# speaker_role = Mother", "# age_days = 737",
                                     "# language = eng"]
    back = conllu.read(_file(tmp_path, "x.conllu", text))
    for col in ("speaker", "role", "age_days", "language", "document"):
        assert back.sentences[col].strings() == c.sentences[col].strings(), col


def test_ud_childes_convention(tmp_path):
    text = ("# sent_id = 1\n# child_name = Adam\n# corpus_name = Brown\n"
            "# speaker_age = 27.23053861475595\n# speaker_role = Target_Child\n"
            "1\tball\tball\tNOUN\tNN\t_\t0\troot\t0:root\t_\n\n"
            "# sent_id = 2\n# speaker_age = 24\n# speaker_role = Mother\n"
            "1\tyes\tyes\tINTJ\tUH\t_\t0\troot\t0:root\t_\n\n")
    c = conllu.read(_file(tmp_path, "x.conllu", text))
    assert c.sentences["role"].strings() == ["Target_Child", "Mother"]
    assert c.sentences["age_days"].strings() == [829, 730]  # round(months * 365.25 / 12)
    assert c.sentences["child"].strings() == ["Adam", None]
    assert c.sentences["corpus"].strings() == ["Brown", None]
    from induceval.corpus.transforms.childes import select_child_directed
    from induceval.corpus.utterances import split_speakers

    assert select_child_directed(c).n_sentences == 1
    adult, child = split_speakers(c)
    assert adult.tolist() == [False, True] and child.tolist() == [True, False]
    assert _written(c) == text


def test_write_corpus_dispatches():
    b = CorpusBuilder()
    b.add_sentence({"form": ["a"], "upos": ["X"]})
    assert write_corpus(b.build(), io.StringIO(), "conllx").format == "conllx"


def test_no_heads_means_no_gold_tree(tmp_path):
    c = conllu.read(_file(tmp_path, "x.conllu", CONLLU))
    text = _written(c, heads_column=None, tags_column=np.zeros(c.n_tokens, dtype=int))
    rows = [line.split("\t") for line in text.splitlines()
            if line and not line.startswith("#") and line.split("\t")[0].isdigit()]
    assert {r[6] for r in rows} == {"_"} and {r[7] for r in rows} == {"_"}
    assert {r[8] for r in rows} == {"_"}


# -- real data -------------------------------------------------------------------

def _ud_files():
    return sorted(shared_path("ud").glob("*/*.conllu"))


def test_every_ud_file_round_trips_byte_for_byte():
    """All UD files of shared/data (17 files, ~3 s): read + write == input."""
    files = _ud_files()
    assert files
    for f in files:
        c = conllu.read(f)
        assert _written(c) == f.read_text(encoding="utf-8"), f.name
        assert LINES_COLUMN in c.sentences


def test_chunked_reading_equals_whole_file_reading():
    f = shared_path("ud", "UD_English-CHILDES", "en_childes-ud-dev.conllu")
    whole = conllu.read(f)
    chunked = read_tabular(f, conllu.SPEC, chunk_bytes=100_000)
    assert chunked.offsets.tolist() == whole.offsets.tolist()
    for k in whole.tokens:
        assert chunked.label_strings(k).tolist() == whole.label_strings(k).tolist(), k
        assert chunked.tokens[k].values.tolist() == whole.tokens[k].values.tolist(), k
    for k in whole.sentences:
        assert chunked.sentences[k].strings() == whole.sentences[k].strings(), k
    assert chunked.report.counts == whole.report.counts


@pytest.mark.parametrize("name", ["UD_English-CHILDES"])
def test_ud_childes_roles_and_ages(name):
    f = next(shared_path("ud", name).glob("*.conllu"))
    c = conllu.read(f)
    roles = c.sentences["role"]
    assert roles.vocab.id("Target_Child") >= 0
    assert (c.sentences["age_days"].values > 0).all()
    assert isinstance(c.sentences["child"], Column)


def test_reading_only_some_columns(tmp_path):
    p = _file(tmp_path, "x.conllu", CONLLU)
    full = conllu.read(p)
    some = conllu.read(p, columns=("upos", "head"))
    assert set(some.tokens) == {"form", "upos", "head"}
    assert LINES_COLUMN not in some.sentences
    for k in some.tokens:
        assert some.tokens[k].values.tolist() == full.tokens[k].values.tolist()
    assert some.sentences["sent_id"].strings() == full.sentences["sent_id"].strings()
    # the streaming fallback (a bad line in the file) honours it too
    bad = _file(tmp_path, "bad.conllu", CONLLU + "x\n\n")
    some = conllu.read(bad, columns=("upos",), on_error="skip")
    assert set(some.tokens) == {"form", "upos"} and LINES_COLUMN not in some.sentences
