"""Interning byte fields on the bytes (numba) equals interning decoded strings."""

from __future__ import annotations

import numpy as np

from induceval.corpus.readers._common import _FORM_MISSING, _TAG_MISSING, _Sink
from induceval.corpus.readers._fields import _decode_items, intern_bytes


def _fields(words):
    data = " ".join(words).encode()
    lens = np.array([len(w.encode()) for w in words], dtype=np.int64)
    starts = np.concatenate(([0], np.cumsum(lens + 1)[:-1])).astype(np.int64)
    return np.frombuffer(data + b"\0", dtype=np.uint8), starts, starts + lens


def test_intern_fields_grows_its_table():
    from induceval.corpus.readers._intern import intern_fields

    rng = np.random.default_rng(0)
    words = [f"w{int(i)}é" for i in rng.integers(0, 5000, size=20000)]  # > 1024 distinct
    buf, starts, ends = _fields(words)
    codes, first = intern_fields(buf, starts, ends)
    index = {w: i for i, w in enumerate(dict.fromkeys(words))}
    assert codes.tolist() == [index[w] for w in words]
    assert [words[f] for f in first.tolist()] == list(index)


def test_sink_ranges_on_bytes_equal_strings(monkeypatch):
    import induceval.corpus.readers._fields as fields

    words = ["the", "_", "dog", "the", "é", "_", "cat", "dog"]
    buf, starts, ends = _fields(words)
    for missing in (_FORM_MISSING, _TAG_MISSING):
        by_strings = _Sink(2, missing)
        by_strings.add_strings(_decode_items(buf, starts, ends))
        monkeypatch.setattr(fields, "SMALL_INPUT_BYTES", 0)   # the numba path on any input
        by_bytes = _Sink(2, missing)
        by_bytes.add_ranges(buf, starts, ends)
        by_bytes.add_ranges(buf, starts[2:], ends[2:])     # a second part: global codes
        by_strings.add_strings(_decode_items(buf, starts[2:], ends[2:]))
        monkeypatch.undo()
        a, b = by_strings.column(), by_bytes.column()
        assert a.values.tolist() == b.values.tolist() and a.vocab.items == b.vocab.items
    codes, first = intern_bytes(buf, starts, ends)
    assert codes.tolist() == [0, 1, 2, 0, 3, 1, 4, 2]
