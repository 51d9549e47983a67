"""Property tests: readers never raise anything but CorpusFormatError.

Also checks that the columnar fast path and the streaming path (which
defines the semantics) build the same corpus on generated tabular text.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers import brown, conllu, conllx, malt, pascal, plain, ptb
from induceval.corpus.readers._columnar import _fast_file, read_tabular
from induceval.corpus.readers._common import build_corpus
from induceval.corpus.readers._fields import intern_bytes_vectorised
from induceval.corpus.readers._tabular import _slow_file
from induceval.errors import CorpusFormatError

READERS = [conllu, conllx, pascal, malt, brown, plain, ptb]
SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# pieces that make near-valid tabular text likely
PIECES = st.sampled_from(["1", "2", "3", "0", "_", "1-2", "1.1", "x", "#", "# sent_id = a",
                          "# newdoc id = d", "\t", "\n", "\n\n", "\r\n", " ", "é", "/", "a/b",
                          "\xff", "-1", "10", "\ufeff"])


def _read_all(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f"
        p.write_bytes(data)
        for module in READERS:
            for on_error in ("fail", "skip"):
                try:
                    c = module.read(p, on_error=on_error)
                except CorpusFormatError:
                    assert on_error == "fail"
                    continue
                assert isinstance(c, Corpus)
                assert c.n_tokens == len(c.forms)


@SETTINGS
@given(st.binary(max_size=300))
def test_arbitrary_bytes(data):
    _read_all(data)


@SETTINGS
@given(st.lists(PIECES, max_size=60))
def test_near_valid_text(pieces):
    text = "".join(pieces)
    data = text.encode("utf-8", errors="surrogateescape") if "\xff" not in text else \
        text.replace("\xff", "").encode() + b"\xff"
    _read_all(data)


def _row(draw, spec_name: str, i: int, n: int) -> str:
    form = draw(st.sampled_from(["a", "b", "_", "é", "#", "x y"]))
    tag = draw(st.sampled_from(["N", "V", "_"]))
    head = draw(st.sampled_from([str(h) for h in range(n + 1)] + ["_"]))
    if spec_name == "malt":
        return "\t".join([form, tag, head])
    if spec_name == "pascal":
        return "\t".join([str(i), form, tag, tag, tag, tag, "_", head, "dep"])
    return "\t".join([str(i), form, tag, tag, tag, "_", head, "dep", "_", "_"])


@st.composite
def tabular_files(draw, spec_name: str):
    parts = []
    for _ in range(draw(st.integers(0, 4))):
        if spec_name != "malt" and draw(st.booleans()):
            parts.append(draw(st.sampled_from(["# sent_id = s", "# newdoc id = D", "# x"])))
        n = draw(st.integers(1, 4))
        for i in range(1, n + 1):
            if spec_name == "conllu" and draw(st.integers(0, 5)) == 0:
                parts.append(f"{i}-{i + 1}\tab\t_\t_\t_\t_\t_\t_\t_\t_")
            parts.append(_row(draw, spec_name, i, n))
        parts.append(draw(st.sampled_from(["", "", "\r"])))
    return "\n".join(parts) + draw(st.sampled_from(["", "\n"]))


def _near_fields() -> list[bytes]:
    """Fields of 7-25 bytes that differ in one byte, at word boundaries and ends."""
    out = []
    for n in (7, 8, 9, 15, 16, 17, 25):
        out.append(b"x" * n)
        for p in {0, 6, 7, 8, n - 1} - {n}:
            if p < n:
                out.append(b"x" * p + b"y" + b"x" * (n - p - 1))
    return out


_NEAR_FIELDS = _near_fields()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_NEAR_FIELDS) | st.binary(max_size=40), max_size=40),
       st.binary(max_size=3))
def test_intern_bytes_is_exact_on_near_identical_long_fields(fields, sep):
    """Fields over 7 bytes are hashed then verified: equal bytes <=> equal codes."""
    data, starts, ends = b"", [], []
    for f in fields:
        starts.append(len(data))
        data += f
        ends.append(len(data))
        data += sep
    codes, first = intern_bytes_vectorised(np.frombuffer(data, dtype=np.uint8),
                                           np.array(starts, dtype=np.int64),
                                           np.array(ends, dtype=np.int64))
    index: dict[bytes, int] = {}
    expected = [index.setdefault(f, len(index)) for f in fields]
    assert codes.tolist() == expected
    assert [fields[i] for i in first.tolist()] == list(index)


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_fast_path_equals_streaming_path(data):
    module = data.draw(st.sampled_from([conllu, pascal, malt]))
    text = data.draw(tabular_files(module.SPEC.name))
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f"
        raw = text.encode()
        p.write_bytes(raw)
        fast = _fast_file(raw, p, module.SPEC, None)
        slow_report = ReadReport()
        try:
            slow = _slow_file(p, module.SPEC, "fail", slow_report, None)
        except CorpusFormatError:
            assert fast is None  # the fast path never accepts what streaming rejects
            return
        if fast is None:
            return  # a fallback is always allowed
        order = ["form", "lemma", "upos", "cpos", "xpos", "head", "deprel"]
        a = build_corpus([fast], ReadReport(), "", order)
        b = build_corpus([slow], slow_report, "", order)
        assert a.offsets.tolist() == b.offsets.tolist()
        assert set(a.tokens) == set(b.tokens)
        for k in a.tokens:
            assert a.label_strings(k).tolist() == b.label_strings(k).tolist()
        for k in a.sentences:
            assert a.sentences[k].strings() == b.sentences[k].strings()
        assert a.report.counts == b.report.counts


@settings(max_examples=100, deadline=None)
@given(st.lists(st.binary(max_size=4), max_size=30))
def test_intern_bytes_dict_and_numba_agree(fields):
    from induceval.corpus.readers._intern import intern_fields

    buf = np.frombuffer(b"".join(fields) + b"\0", dtype=np.uint8)
    ends = np.cumsum([len(f) for f in fields]).astype(np.int64)
    starts = ends - np.array([len(f) for f in fields], dtype=np.int64)
    codes, first = intern_bytes_vectorised(buf, starts, ends)
    if fields:
        codes2, first2 = intern_fields(buf, starts, ends)
        assert codes.tolist() == codes2.tolist() and first.tolist() == first2.tolist()
    # equal fields <=> equal codes
    for i, f in enumerate(fields):
        assert fields[first[codes[i]]] == f


@settings(max_examples=120, deadline=None)
@given(st.data())
def test_chunked_reading_equals_whole_file_reading(data):
    """Streaming in chunks (cut at blank lines, any size) gives the corpus of one chunk."""
    module = data.draw(st.sampled_from([conllu, conllx, pascal, malt]))
    text = data.draw(tabular_files(module.SPEC.name if module is not conllx else "conllu"))
    if data.draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    size = data.draw(st.integers(1, 64))
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f"
        p.write_bytes(text.encode())
        for on_error in ("fail", "skip"):
            try:
                whole = read_tabular(p, module.SPEC, on_error=on_error, chunk_bytes=1 << 30)
            except CorpusFormatError:
                with pytest.raises(CorpusFormatError):
                    read_tabular(p, module.SPEC, on_error=on_error, chunk_bytes=size)
                continue
            chunked = read_tabular(p, module.SPEC, on_error=on_error, chunk_bytes=size)
            assert chunked.offsets.tolist() == whole.offsets.tolist()
            assert set(chunked.tokens) == set(whole.tokens)
            for k in whole.tokens:
                assert chunked.tokens[k].values.tolist() == whole.tokens[k].values.tolist(), k
                assert chunked.label_strings(k).tolist() == whole.label_strings(k).tolist(), k
            assert set(chunked.sentences) == set(whole.sentences)
            for k in whole.sentences:
                assert chunked.sentences[k].strings() == whole.sentences[k].strings(), k
            assert chunked.report.counts == whole.report.counts
            assert chunked.report.skipped == whole.report.skipped
