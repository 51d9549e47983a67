"""Frequent frames (Mintz 2003), as run by Frank, Goldwater & Keller (2009).

References
----------
Mintz (2003). Frequent frames as a cue for grammatical categories in child
directed speech. *Cognition* 90, 91-117.
Frank, Goldwater & Keller (2009), §"Frequent Frames" and
§"Model Implementation and Experiments".
"""

from __future__ import annotations

import numpy as np
from numba import njit

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories._bigrams import BLOCK_TOKENS, _blocks, type_counts
from induceval.models.categories.result import TagInduction, type_clusters_from_codes
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_frequent_frames"]


@njit(cache=True)
def _frame_keys(values, dense, offsets, s0, s1, V, out):  # pragma: no cover - compiled
    """Frame keys ``left * V + right`` of the frame tokens of sentences ``s0..s1-1``."""
    n = 0
    for s in range(s0, s1):
        for i in range(offsets[s] + 1, offsets[s + 1] - 1):
            a = dense[values[i - 1] + 1]
            b = dense[values[i + 1] + 1]
            if a >= 0 and b >= 0 and dense[values[i] + 1] >= 0:
                out[n] = a * V + b
                n += 1
    return n


@njit(cache=True)
def _frame_pass(values, dense, offsets, V, fkeys, fval, members, tags):  # pragma: no cover
    """For every token inside a frequent frame (``fkeys`` sorted, ``fval`` its value):
    mark its type in ``members`` (when given) or set its tag (``tags``); returns how many."""
    n = 0
    fill_members = members.shape[0] > 0
    for s in range(len(offsets) - 1):
        for i in range(offsets[s] + 1, offsets[s + 1] - 1):
            a = dense[values[i - 1] + 1]
            b = dense[values[i + 1] + 1]
            w = dense[values[i] + 1]
            if a < 0 or b < 0 or w < 0:
                continue
            key = a * V + b
            j = np.searchsorted(fkeys, key)
            if j < len(fkeys) and fkeys[j] == key:
                if fill_members:
                    members[fval[j], w] = 1.0
                else:
                    tags[i] = fval[j]
                n += 1
    return n


@njit(cache=True)
def _outside_tokens(values, dense, tags, n_of, lo, hi):  # pragma: no cover - compiled
    """Tokens ``lo..hi-1`` outside frequent frames whose type is in some cluster."""
    n = 0
    for i in range(lo, hi):
        w = dense[values[i] + 1]
        if tags[i] < 0 and w >= 0 and n_of[w] > 0:
            n += 1
    return n


@njit(cache=True)
def _assign_outside(values, dense, tags, lo, hi, ptr, cl, cum, u):  # pragma: no cover
    """Each such token of ``lo..hi-1`` takes a cluster of its type drawn with ``u`` (in order)."""
    r = 0
    for i in range(lo, hi):
        w = dense[values[i] + 1]
        if tags[i] >= 0 or w < 0 or ptr[w + 1] == ptr[w]:
            continue
        a = ptr[w]
        m = ptr[w + 1] - a
        if m == 1:
            tags[i] = cl[a]
        else:
            d = 0  # searchsorted(cum, u, side="right"), capped at the last cluster
            while d < m and cum[a + d] <= u[r]:
                d += 1
            tags[i] = cl[a + min(d, m - 1)]
        r += 1
    return r


def induce_frequent_frames(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED,
                           threshold: float = 0.0009, column: str = "form",
                           outside_frames: str = "sample") -> TagInduction:
    """Frequent-frames categories, merged to ``k`` clusters, with the token assignment of
    Frank et al. 2009.

    A frame is an ordered pair ``(a, b)`` of words with exactly one word between
    them in a sentence (no boundary markers: Frank et al. 2009 trains FF without them).
    Every frame whose frequency is at least ``threshold`` times the number of
    frame tokens starts a cluster holding the word types seen inside it.  The
    pair of clusters with the highest type overlap relative to the larger of
    the two (``|A & B| / max(|A|, |B|)``) is merged until ``k`` clusters remain
    (ties: the pair with the lowest cluster indices, clusters numbered by
    decreasing frame frequency).

    Token assignment (Frank et al. 2009, §"Model Implementation"): a token inside a frequent
    frame takes that frame's cluster; any other token of a clustered type takes
    a cluster drawn with probability ``|c| / sum_{c' : w in c'} |c'|`` (sizes in
    types; a type in one cluster always gets it); tokens of types in no
    cluster are unclustered.

    Parameters
    ----------
    k
        Target number of clusters.  When fewer frames pass the threshold the
        result has fewer clusters (``log["n_frames"]`` says how many).
    seed
        Seed of the draws for ambiguous types.
    threshold
        Minimum frame frequency as a share of all frame tokens: ``0.0009``
        (0.09%, Frank et al. 2009) or ``0.0013`` (0.13%, Mintz 2003).
    outside_frames
        ``"sample"`` (Frank et al. 2009) or ``"unclustered"``: leave tokens outside
        frequent frames unclustered (Mintz's original token coverage).

    Returns
    -------
    TagInduction
        With ``memberships`` (form -> all its clusters); ``type_clusters`` gives
        each type's majority cluster over its tokens.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> for s in ["you want it", "you see it", "the dog ran", "the cat ran"] * 5:
    ...     b.add_sentence({"form": s.split()})
    >>> r = induce_frequent_frames(b.build(), 2, threshold=0.1)
    >>> r.type_clusters["want"] == r.type_clusters["see"], r.type_clusters["you"]
    (True, None)
    """
    check_range("k", k, 1)
    check_range("threshold", threshold, 0.0, 1.0)
    check_choice("outside_frames", outside_frames, ("sample", "unclustered"))
    values, offsets, types, _, dense = type_counts(corpus, column)
    V = len(types)
    uniq, fcount = _count_frames(values, dense, offsets, V)
    total = int(fcount.sum())
    frequent = fcount >= threshold * total if total else np.zeros(0, bool)
    # number frequent frames by decreasing frequency (ties: frame key)
    fr = np.flatnonzero(frequent)
    fr = fr[np.argsort(-fcount[fr], kind="stable")]
    F = len(fr)
    frame_index = np.full(len(uniq), -1, dtype=np.int64)
    frame_index[fr] = np.arange(F)
    fkeys = uniq[frequent]  # sorted
    # membership matrix: frame cluster x word type
    members = np.zeros((F, V), dtype=np.float32)
    n_in = _frame_pass(values, dense, offsets, V, fkeys, frame_index[frequent], members,
                       np.zeros(0, dtype=np.int32)) if F else 0
    cluster_of_frame, alive = _merge_frames(members, k)
    # renumber clusters 0..n-1 in order of their first (most frequent) frame
    roots = [c for c in range(F) if alive[c]]
    renum = np.full(F, -1, dtype=np.int64)
    renum[roots] = np.arange(len(roots))
    cl_members = members[roots] > 0 if F else np.zeros((0, V), bool)
    # token assignment
    tags = np.full(len(values), -1, dtype=np.int32)
    if F:
        final = renum[cluster_of_frame][frame_index[frequent]]
        _frame_pass(values, dense, offsets, V, fkeys, final, np.zeros((0, 0), np.float32), tags)
    type_sets = [np.flatnonzero(cl_members[:, w]) for w in range(V)] if roots else [
        np.zeros(0, np.int64)] * V
    memberships = {types[w]: tuple(int(c) for c in type_sets[w]) for w in range(V)
                   if len(type_sets[w])}
    if outside_frames == "sample":
        _sample_outside(values, dense, tags, type_sets, cl_members.sum(axis=1), seed)
    type_clusters, unclustered = type_clusters_from_codes(values, dense, tags, types)
    sig = make_signature("ff", {"k": k, "threshold": threshold, "outside": outside_frames,
                                "column": column}, seed=seed)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=len(roots), model="ff", signature=sig, memberships=memberships,
                        log={"n_frames": F, "frame_tokens": total,
                             "tokens_in_frequent_frames": int(n_in)})


def _count_frames(values, dense, offsets, V: int) -> tuple[np.ndarray, np.ndarray]:
    """Distinct frame keys (sorted) and their counts, a block of sentences at a time: memory
    is that of the distinct frames and the types, not of the tokens."""
    uniq = np.zeros(0, dtype=np.int64)
    fcount = np.zeros(0, dtype=np.int64)
    for s0, s1 in _blocks(offsets, BLOCK_TOKENS):
        keys = np.empty(int(offsets[s1] - offsets[s0]), dtype=np.int64)
        n = _frame_keys(values, dense, offsets, s0, s1, V, keys)
        u, c = np.unique(keys[:n], return_counts=True)
        allk, inv = np.unique(np.concatenate([uniq, u]), return_inverse=True)
        fcount = np.bincount(inv.ravel(), weights=np.concatenate([fcount, c]),
                             minlength=len(allk)).astype(np.int64)
        uniq = allk
    return uniq, fcount


def _merge_frames(members: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Merge the frame clusters (rows of ``members``, merged in place) down to ``k``: the
    pair with the highest ``|A & B| / max(|A|, |B|)`` first (ties: lowest indices).

    Returns each frame's cluster (the index of the frame it was merged into) and which
    clusters are left.
    """
    F = len(members)
    cluster_of_frame = np.arange(F)
    alive = np.ones(F, dtype=bool)
    if F <= k:
        return cluster_of_frame, alive
    overlap = members @ members.T
    size = np.diag(overlap).copy()
    with np.errstate(invalid="ignore", divide="ignore"):
        denom = np.maximum.outer(size, size)
        score = np.where(denom > 0, overlap / np.maximum(denom, 1e-12), 0.0)
    score[np.tril_indices(F)] = -1.0  # only pairs i < j
    for _ in range(F - k):
        i, j = divmod(int(np.argmax(score)), F)
        members[i] = np.maximum(members[i], members[j])
        members[j] = 0.0
        alive[j] = False
        cluster_of_frame[cluster_of_frame == j] = i
        row = members @ members[i]
        size[i] = row[i]
        with np.errstate(invalid="ignore", divide="ignore"):
            d = np.maximum(size, size[i])
            new = np.where(d > 0, row / np.maximum(d, 1e-12), 0.0)
        new[~alive] = -1.0
        score[:i, i] = new[:i]
        score[i, i + 1:] = new[i + 1:]
        score[i, i] = -1.0
        score[j, :] = -1.0
        score[:, j] = -1.0
    return cluster_of_frame, alive


def _sample_outside(values, dense, tags, type_sets: list, sizes: np.ndarray, seed: int) -> None:
    """Tag each token outside the frequent frames whose type is clustered (in place) with a
    cluster of its type drawn in proportion to the clusters' sizes (Frank et al. 2009)."""
    V = len(type_sets)
    gen = rng(seed, "models.frequent_frames")
    n_of = np.array([len(s) for s in type_sets], dtype=np.int64)
    ptr = np.zeros(V + 1, dtype=np.int64)
    ptr[1:] = np.cumsum(n_of)
    cl = np.concatenate(type_sets).astype(np.int64) if V else np.zeros(0, np.int64)
    cum = np.zeros(len(cl), dtype=np.float64)
    for w in np.flatnonzero(n_of > 1).tolist():
        p = np.cumsum(sizes[type_sets[w]].astype(np.float64))
        p /= p[-1]
        cum[ptr[w]:ptr[w + 1]] = p
    # one draw per such token, in token order (drawn a block at a time: same stream)
    for lo in range(0, len(values), BLOCK_TOKENS):
        hi = min(lo + BLOCK_TOKENS, len(values))
        m = _outside_tokens(values, dense, tags, n_of, lo, hi)
        if m:
            _assign_outside(values, dense, tags, lo, hi, ptr, cl, cum, gen.random(m))
