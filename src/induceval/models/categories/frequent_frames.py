"""Frequent frames (Mintz 2003), as run by Frank, Goldwater & Keller (2009).

References
----------
Mintz (2003). Frequent frames as a cue for grammatical categories in child
directed speech. *Cognition* 90, 91-117.
Frank, Goldwater & Keller (2009), paper 000, §"Frequent Frames" and
§"Model Implementation and Experiments".
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.models.categories.result import TagInduction, prepare_forms
from induceval.random import DEFAULT_SEED, rng
from induceval.signature import make_signature

__all__ = ["induce_frequent_frames", "frame_tokens"]


def frame_tokens(ids: np.ndarray, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Positions of tokens with a word on both sides in the same sentence, and their frame words.

    Returns ``(pos, left, right)``.
    """
    n = len(ids)
    pos = np.arange(1, max(n - 1, 1), dtype=np.int64)
    if n < 3:
        return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
    sent = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    ok = (sent[pos - 1] == sent[pos]) & (sent[pos + 1] == sent[pos])
    ok &= (ids[pos - 1] >= 0) & (ids[pos + 1] >= 0) & (ids[pos] >= 0)
    pos = pos[ok]
    return pos, ids[pos - 1], ids[pos + 1]


def induce_frequent_frames(corpus: Corpus, k: int, *, seed: int = DEFAULT_SEED,
                           threshold: float = 0.0009, column: str = "form",
                           outside_frames: str = "sample") -> TagInduction:
    """Frequent-frames categories, merged to ``k`` clusters, with 000's token assignment.

    A frame is an ordered pair ``(a, b)`` of words with exactly one word between
    them in a sentence (no boundary markers: 000 trains FF without them).
    Every frame whose frequency is at least ``threshold`` times the number of
    frame tokens starts a cluster holding the word types seen inside it.  The
    pair of clusters with the highest type overlap relative to the larger of
    the two (``|A & B| / max(|A|, |B|)``) is merged until ``k`` clusters remain
    (ties: the pair with the lowest cluster indices, clusters numbered by
    decreasing frame frequency).

    Token assignment (000, §"Model Implementation"): a token inside a frequent
    frame takes that frame's cluster; any other token of a clustered type takes
    a cluster drawn with probability ``|c| / sum_{c' : w in c'} |c'|`` (sizes in
    types; a type in one cluster always gets it); tokens of types in no
    cluster are unclustered.

    Parameters
    ----------
    corpus
        Training text.
    k
        Target number of clusters.  When fewer frames pass the threshold the
        result has fewer clusters (``log["n_frames"]`` says how many).
    seed
        Seed of the draws for ambiguous types.
    threshold
        Minimum frame frequency as a share of all frame tokens: ``0.0009``
        (0.09%, 000) or ``0.0013`` (0.13%, Mintz 2003).
    column
        Token column holding the words.
    outside_frames
        ``"sample"`` (000) or ``"unclustered"``: leave tokens outside
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
    ids, offsets, types = prepare_forms(corpus, column)
    V = len(types)
    pos, left, right = frame_tokens(ids, offsets)
    fkey = left * V + right
    uniq, inv, fcount = np.unique(fkey, return_inverse=True, return_counts=True)
    total = int(len(fkey))
    frequent = fcount >= threshold * total if total else np.zeros(0, bool)
    # number frequent frames by decreasing frequency (ties: frame key)
    fr = np.flatnonzero(frequent)
    fr = fr[np.argsort(-fcount[fr], kind="stable")]
    F = len(fr)
    frame_index = np.full(len(uniq), -1, dtype=np.int64)
    frame_index[fr] = np.arange(F)
    tok_frame = frame_index[inv] if total else np.zeros(0, np.int64)
    in_freq = tok_frame >= 0
    # membership matrix: frame cluster x word type
    members = np.zeros((F, V), dtype=np.float32)
    members[tok_frame[in_freq], ids[pos[in_freq]]] = 1.0
    cluster_of_frame = np.arange(F)
    alive = np.ones(F, dtype=bool)
    n_alive = F
    if F > k:
        overlap = members @ members.T
        size = np.diag(overlap).copy()
        with np.errstate(invalid="ignore", divide="ignore"):
            denom = np.maximum.outer(size, size)
            score = np.where(denom > 0, overlap / np.maximum(denom, 1e-12), 0.0)
        score[np.tril_indices(F)] = -1.0  # only pairs i < j
        while n_alive > k:
            flat = int(np.argmax(score))
            i, j = divmod(flat, F)
            members[i] = np.maximum(members[i], members[j])
            members[j] = 0.0
            alive[j] = False
            n_alive -= 1
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
    # renumber clusters 0..n-1 in order of their first (most frequent) frame
    roots = [c for c in range(F) if alive[c]]
    renum = np.full(F, -1, dtype=np.int64)
    renum[roots] = np.arange(len(roots))
    final_of_frame = renum[cluster_of_frame] if F else np.zeros(0, np.int64)
    cl_members = members[roots] > 0 if F else np.zeros((0, V), bool)
    n_clusters = len(roots)
    sizes = cl_members.sum(axis=1)
    # token assignment
    tags = np.full(len(ids), -1, dtype=np.int32)
    tags[pos[in_freq]] = final_of_frame[tok_frame[in_freq]]
    memberships: dict[str, tuple[int, ...]] = {}
    type_sets = [np.flatnonzero(cl_members[:, w]) for w in range(V)] if n_clusters else [
        np.zeros(0, np.int64)] * V
    for w in range(V):
        if len(type_sets[w]):
            memberships[types[w]] = tuple(int(c) for c in type_sets[w])
    if outside_frames == "sample":
        gen = rng(seed, "models.frequent_frames")
        todo = np.flatnonzero((tags < 0) & (ids >= 0))
        n_of = np.array([len(s) for s in type_sets], dtype=np.int64)
        todo = todo[n_of[ids[todo]] > 0]
        if len(todo):
            u = gen.random(len(todo))  # one draw per token, in token order
            words = ids[todo]
            order = np.argsort(words, kind="stable")
            sorted_words = words[order]
            bounds = np.flatnonzero(np.diff(sorted_words)) + 1
            starts = np.concatenate(([0], bounds))
            ends = np.concatenate((bounds, [len(order)]))
            for a, b in zip(starts.tolist(), ends.tolist()):
                sel = order[a:b]
                cs = type_sets[int(sorted_words[a])]
                if len(cs) == 1:
                    tags[todo[sel]] = cs[0]
                    continue
                p = np.cumsum(sizes[cs].astype(np.float64))
                p /= p[-1]
                draw = np.searchsorted(p, u[sel], side="right")
                tags[todo[sel]] = cs[np.minimum(draw, len(cs) - 1)]
    from induceval.models.categories.result import type_clusters_from_tags

    type_clusters, unclustered = type_clusters_from_tags(ids, tags, types)
    sig = make_signature("ff", {"k": k, "threshold": threshold, "outside": outside_frames,
                                "column": column}, seed=seed)
    return TagInduction(tags=tags, type_clusters=type_clusters, unclustered=unclustered,
                        n_clusters=n_clusters, model="ff", signature=sig,
                        memberships=memberships,
                        log={"n_frames": F, "frame_tokens": total,
                             "tokens_in_frequent_frames": int(in_freq.sum())})
