"""Interning byte fields: integer codes of the fields ``buf[starts:ends]`` of a chunk.

The columnar paths of the tabular and plain-text readers intern each column
on its bytes: one integer key per field, one ``np.unique``; only the
distinct values are ever decoded and no Python object is made per field.
No numba on small inputs, whose loading costs more than it saves there.
"""

from __future__ import annotations

import sys

import numpy as np

from induceval.corpus.model import _ranges_index

#: From this many bytes of fields on (plain text's 8 MB pieces, not the tabular readers'
#: chunks), or once it is loaded, intern with the numba kernel (linear, no sort; loading it
#: costs more than it saves on a chunk).
SMALL_INPUT_BYTES = 4 << 20
_INTERN_MODULE = "induceval.corpus.readers._intern"

#: Fields of at most this many bytes are interned as one integer key each (no Python object).
_PACK = 7
_LONG_KEY = np.uint64(1 << 63)
_MIX = np.uint64(0x9E3779B97F4A7C15)
#: the low ``n`` bytes of a key, ``n`` = 0..7 (and 7 for long fields, whose key is replaced)
_MASKS = np.array([(1 << (8 * n)) - 1 for n in range(_PACK + 1)] + [(1 << 56) - 1],
                  dtype=np.uint64)
#: the low ``n`` bytes of a word, ``n`` = 0..8
_WORD_MASKS = np.array([(1 << (8 * n)) - 1 for n in range(9)], dtype=np.uint64)


def intern_bytes(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray]:
    """Codes (first-seen order) and first indices of the byte fields ``buf[starts:ends]``.

    The numba kernel :func:`induceval.corpus.readers._intern.intern_fields`
    on large inputs (from :data:`SMALL_INPUT_BYTES`) or once it is loaded,
    else :func:`intern_bytes_vectorised` (same result).

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c abcdefgh abcdefgh", dtype=np.uint8)
    >>> codes, first = intern_bytes(buf, np.array([0, 3, 6, 8, 17]),
    ...                             np.array([2, 5, 7, 16, 25]))
    >>> codes.tolist(), first.tolist()
    ([0, 0, 1, 2, 2], [0, 2, 3])
    """
    return _intern_dispatch(buf, starts, ends)[:2]


def _intern_dispatch(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                     ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """:func:`intern_bytes`, with the distinct values' keys when interned in numpy."""
    if len(starts) and (_INTERN_MODULE in sys.modules
                        or int((ends - starts).sum()) >= SMALL_INPUT_BYTES):
        from induceval.corpus.readers._intern import intern_fields

        return (*intern_fields(buf, starts, ends), None)
    return _intern_keys(buf, starts, ends)


def intern_bytes_vectorised(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                            ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`intern_bytes` in numpy: exact, no Python object per field, no numba.

    A field of at most 7 bytes *is* its key (its bytes and its length packed
    into one ``uint64``); a longer field's key is a hash of its 8-byte
    words, and every field is then compared word by word with the first
    field of its key (a collision, never seen in practice, sends the long
    fields through a dictionary of their bytes instead).  One ``np.unique``
    over the keys gives the codes, renumbered in the order of first
    appearance.

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c abcdefgh abcdefgh", dtype=np.uint8)
    >>> codes, first = intern_bytes_vectorised(buf, np.array([0, 3, 6, 8, 17]),
    ...                                        np.array([2, 5, 7, 16, 25]))
    >>> codes.tolist(), first.tolist()
    ([0, 0, 1, 2, 2], [0, 2, 3])
    """
    return _intern_keys(buf, starts, ends)[:2]


def _intern_keys(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`intern_bytes_vectorised` and the key of each distinct value (first-seen order).

    A key below :data:`_LONG_KEY` *is* its field (bytes and length), in any
    chunk; longer fields' keys are only valid within the call.
    """
    n = len(starts)
    if n == 0:
        return np.zeros(0, np.int32), np.zeros(0, np.int64), np.zeros(0, np.uint64)
    starts = np.asarray(starts, dtype=np.int64)
    lengths = np.asarray(ends, dtype=np.int64) - starts
    buf = np.ascontiguousarray(buf, dtype=np.uint8)
    if len(buf) < 8 or int((starts + np.maximum(lengths, 1)).max()) + 7 > len(buf):
        buf = np.concatenate((buf, np.zeros(8, np.uint8)))
    # the 8 bytes from every offset, as one little-endian integer (an unaligned, strided view)
    window = np.ndarray((len(buf) - 7,), dtype="<u8", buffer=buf, strides=(1,))
    short = np.minimum(lengths, _PACK + 1)
    keys = window[starts] & _MASKS[short]
    keys |= short.astype(np.uint64) << np.uint64(56)
    long_ = np.flatnonzero(lengths > _PACK)
    if len(long_):
        keys[long_] = _long_keys(window, starts[long_], lengths[long_])
    uniq, inverse, first = _unique_first(keys)
    if len(long_) and not _same_words(window, starts, lengths, long_, first[inverse[long_]]):
        keys[long_] = _long_keys_exact(buf, starts[long_], lengths[long_])
        uniq, inverse, first = _unique_first(keys)
    order = np.argsort(first, kind="stable")
    rank = np.empty(len(uniq), dtype=np.int32)
    rank[order] = np.arange(len(uniq), dtype=np.int32)
    return rank[inverse], first[order], uniq[order]


def _unique_first(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The distinct keys (sorted), each key's index among them, each distinct key's first index."""
    uniq, inverse = np.unique(keys, return_inverse=True)
    inverse = inverse.ravel()
    first = np.full(len(uniq), len(keys), dtype=np.int64)
    np.minimum.at(first, inverse, np.arange(len(keys), dtype=np.int64))
    return uniq, inverse, first


def _words(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray):
    """Yield ``(w, rows, word)``: the ``w``-th 8-byte word of the fields long enough."""
    rows = np.arange(len(starts))
    w = 0
    while len(rows):
        left = lengths[rows] - 8 * w
        yield w, rows, window[starts[rows] + 8 * w] & _WORD_MASKS[np.minimum(left, 8)]
        w += 1
        rows = rows[left > 8]


def _long_keys(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Hash keys (top bit set, apart from the packed keys) of fields longer than 7 bytes."""
    with np.errstate(over="ignore"):
        h = lengths.astype(np.uint64) * _MIX
        for _, rows, word in _words(window, starts, lengths):
            h[rows] = (h[rows] ^ word) * _MIX
            h[rows] ^= h[rows] >> np.uint64(29)
    return h | _LONG_KEY


def _same_words(window: np.ndarray, starts: np.ndarray, lengths: np.ndarray,
                idx: np.ndarray, rep: np.ndarray) -> bool:
    """Are the fields ``idx`` byte-identical to the fields ``rep`` (one each)?"""
    same = lengths[idx] == lengths[rep]
    if not same.all():
        return False
    for w, rows, word in _words(window, starts[idx], lengths[idx]):
        if not np.array_equal(word, window[starts[rep[rows]] + 8 * w]
                              & _WORD_MASKS[np.minimum(lengths[idx[rows]] - 8 * w, 8)]):
            return False
    return True


def _long_keys_exact(buf: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Keys of long fields from a dictionary of their bytes (after a hash collision)."""
    mv = memoryview(buf)
    local: dict[bytes, int] = {}
    values = [mv[a:a + n].tobytes() for a, n in zip(starts.tolist(), lengths.tolist(),
                                                     strict=True)]
    codes = np.fromiter(map(local.setdefault, values, range(len(values))), dtype=np.uint64,
                        count=len(values))
    return codes | _LONG_KEY


#: Items longer than this are decoded one by one; shorter ones in batches of at most
#: :data:`_BATCH_BYTES` (the batch's gather index takes 8 bytes a byte: a 50 MB token
#: decoded in one batch took 20 times its size).
_LONG_ITEM = 4096
_BATCH_BYTES = 1 << 20


def _decode_items(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[str]:
    """Decode the byte ranges ``buf[starts[i]:ends[i]]`` (no newlines inside), in batches.

    Example
    -------
    >>> buf = np.frombuffer(b"ab c " + b"x" * 5000, dtype=np.uint8)
    >>> items = _decode_items(buf, np.array([0, 3, 5]), np.array([2, 4, 5005]))
    >>> items[:2], len(items[2])
    (['ab', 'c'], 5000)
    """
    n = len(starts)
    if n == 0:
        return []
    sizes = np.asarray(ends) - np.asarray(starts)
    if int(sizes.sum()) <= _BATCH_BYTES:
        return _decode_batch(buf, starts, ends)
    out: list[str] = []
    mv = memoryview(buf)
    reach = np.cumsum(sizes + 1)   # bytes gathered up to each item (its "\n" included)
    i = 0
    while i < n:
        if sizes[i] > _LONG_ITEM:
            out.append(bytes(mv[int(starts[i]):int(ends[i])]).decode("utf-8"))
            i += 1
            continue
        j = int(np.searchsorted(reach, reach[i] - sizes[i] - 1 + _BATCH_BYTES, side="right"))
        j = max(j, i + 1)
        longs = np.flatnonzero(sizes[i:j] > _LONG_ITEM)
        if len(longs):
            j = i + int(longs[0])
        out.extend(_decode_batch(buf, starts[i:j], ends[i:j]))
        i = j
    return out


def _decode_batch(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> list[str]:
    """:func:`_decode_items` in one go (a gather of the bytes, one decode, one split)."""
    n = len(starts)
    idx = _ranges_index(starts, ends + 1)  # each item and the byte after it, made "\n"
    np.minimum(idx, len(buf) - 1, out=idx)
    gathered = buf[idx]
    gathered[np.cumsum(ends - starts + 1) - 1] = 10
    return gathered.tobytes().decode("utf-8").split("\n")[:n]


def _intern_ranges(buf: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                   ) -> tuple[np.ndarray, list[str]]:
    """Codes (first-seen order) and distinct values of the byte fields ``buf[starts:ends]``.

    Interned on the bytes (:func:`intern_bytes`); only the distinct values
    are decoded.

    Example
    -------
    >>> buf = np.frombuffer(b"ab ab c", dtype=np.uint8)
    >>> codes, items = _intern_ranges(buf, np.array([0, 3, 6]), np.array([2, 5, 7]))
    >>> codes.tolist(), items
    ([0, 0, 1], ['ab', 'c'])
    """
    codes, first = intern_bytes(buf, starts, ends)
    return codes, _decode_items(buf, starts[first], ends[first])
