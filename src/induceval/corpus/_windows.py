"""The compiled loop of :func:`induceval.corpus.tuples.window_counts` (imported when used:
numba takes a second to load)."""

from numba import njit


@njit(cache=True)
def window_keys(words, offsets, s0, s1, keep, is_v, is_n, window, V, out):  # pragma: no cover
    """Verb-noun keys ``v * V + n`` of sentences ``s0..s1-1`` into ``out``; returns how many.

    With ``len(out) == 0`` only counts them.
    """
    n = 0
    fill = len(out) > 0
    for s in range(s0, s1):
        if not keep[s]:
            continue
        hi = offsets[s + 1]
        for i in range(offsets[s], hi):
            a = words[i]
            if a < 0:
                continue
            for j in range(i + 1, min(i + window, hi)):
                b = words[j]
                if b < 0:
                    continue
                if is_v[a] and is_n[b]:
                    if fill:
                        out[n] = a * V + b
                    n += 1
                if is_v[b] and is_n[a]:
                    if fill:
                        out[n] = b * V + a
                    n += 1
    return n
