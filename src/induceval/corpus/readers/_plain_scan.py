"""Numba kernel of the plain-text reader: whitespace tokens of a byte buffer.

Imported lazily by :mod:`induceval.corpus.readers.plain`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["scan_tokens"]


@njit(cache=True, inline="always")
def _space(c):  # pragma: no cover - compiled
    # the ASCII characters str.split() splits on: \t \n \v \f \r, \x1c-\x1f and space
    return c == 32 or (9 <= c <= 13) or (28 <= c <= 31)


@njit(cache=True)
def scan_tokens(buf):  # pragma: no cover - compiled
    """``(starts, ends, lengths)``: byte ranges of the tokens and tokens per non-blank line.

    Lines end at ``\\n``; tokens are separated by ASCII whitespace.  Lines
    without a token are left out (as blank lines are).
    """
    n = len(buf)
    n_tok = 0
    n_lines = 1
    inside = False
    for i in range(n):
        c = buf[i]
        if c == 10:
            n_lines += 1
        if _space(c):
            inside = False
        elif not inside:
            inside = True
            n_tok += 1
    starts = np.empty(n_tok, np.int64)
    ends = np.empty(n_tok, np.int64)
    lengths = np.empty(n_lines, np.int64)
    t = 0
    n_sent = 0
    in_line = 0
    inside = False
    for i in range(n):
        c = buf[i]
        if _space(c):
            if inside:
                ends[t] = i
                t += 1
                inside = False
            if c == 10 and in_line:
                lengths[n_sent] = in_line
                n_sent += 1
                in_line = 0
        elif not inside:
            inside = True
            starts[t] = i
            in_line += 1
    if inside:
        ends[t] = n
        t += 1
    if in_line:
        lengths[n_sent] = in_line
        n_sent += 1
    return starts, ends, lengths[:n_sent].copy()
