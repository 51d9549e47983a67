"""Numba kernel of the fast PASCAL writer of tag predictions on plain-text corpora.

Imported lazily by :func:`induceval.corpus.writers.write_predictions`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["fill_pascal"]


@njit(cache=True)
def _digits(x):  # pragma: no cover - compiled
    d = 1
    while x >= 10:
        x //= 10
        d += 1
    return d


@njit(cache=True)
def fill_pascal(forms, form_bytes, form_off, tags, tag_bytes, tag_off, offsets, s0, s1):
    """The bytes of sentences ``s0 .. s1-1``: ``ID FORM`` then the tag suffix of each token.

    ``form_off``/``tag_off`` index the byte tables by ``code + 1`` (slot 0:
    a missing value).  Each sentence ends with a blank line; empty sentences
    are left out.
    """  # pragma: no cover - compiled
    size = 0
    for s in range(s0, s1):
        a = offsets[s]
        b = offsets[s + 1]
        if a == b:
            continue
        for i in range(a, b):
            f = forms[i] + 1
            t = tags[i] + 1
            size += _digits(i - a + 1) + 1 + form_off[f + 1] - form_off[f] \
                + tag_off[t + 1] - tag_off[t]
        size += 1
    out = np.empty(size, np.uint8)
    p = 0
    for s in range(s0, s1):
        a = offsets[s]
        b = offsets[s + 1]
        if a == b:
            continue
        for i in range(a, b):
            pos = i - a + 1
            d = _digits(pos)
            for j in range(d):
                out[p + d - 1 - j] = 48 + pos % 10
                pos //= 10
            p += d
            out[p] = 9
            p += 1
            f = forms[i] + 1
            for j in range(form_off[f], form_off[f + 1]):
                out[p] = form_bytes[j]
                p += 1
            t = tags[i] + 1
            for j in range(tag_off[t], tag_off[t + 1]):
                out[p] = tag_bytes[j]
                p += 1
        out[p] = 10
        p += 1
    return out
