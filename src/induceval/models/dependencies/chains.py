"""Left- and right-branching baselines (LB, RB).

Naming follows the PASCAL 2012 challenge (Gelling et al. 2012, §4) and the
constituency reading of the chains:

* **LB** (left-branching): every word's head is the word to its *right*;
  the last word is the root.  ``w1 <- w2 <- ... <- wn``.  Other papers name
  chains by the direction of their arcs; induceval says LB and RB only.
* **RB** (right-branching): every word's head is the word to its *left*;
  the first word is the root.  ``w1 -> w2 -> ... -> wn``.

On English, LB is the stronger chain: determiners, adjectives, subjects,
auxiliaries and (in content-head UD) prepositions all precede their heads
(Gelling et al. 2012, Table 8: en-ptb LB 40.4 vs RB 19.9 directed at length <= 10).

References
----------
Gelling, D., Cohn, T., Blunsom, P. and Graça, J. (2012). The PASCAL Challenge
on Grammar Induction. NAACL-HLT WILS, §4, Tables 3 and 8.
"""

from __future__ import annotations

import numpy as np

__all__ = ["left_branching", "right_branching"]


def left_branching(offsets: np.ndarray) -> np.ndarray:
    """Heads (1-based, 0 = root) of the left-branching chain of each sentence.

    Parameters
    ----------
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    numpy.ndarray
        The head of every token: the next word, the last word the root.

    Example
    -------
    >>> left_branching(np.array([0, 3, 4])).tolist()
    [2, 3, 0, 0]
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    pos = right_branching(offsets).astype(np.int64)   # RB's heads are each word's 0-based position
    heads = pos + 2
    heads[pos == np.repeat(np.diff(offsets), np.diff(offsets)) - 1] = 0
    return heads.astype(np.int32)


def right_branching(offsets: np.ndarray) -> np.ndarray:
    """Heads (1-based, 0 = root) of the right-branching chain of each sentence.

    Parameters
    ----------
    offsets
        Sentence offsets (``n_sentences + 1`` values).

    Returns
    -------
    numpy.ndarray
        The head of every token: the previous word, the first word the root.

    Example
    -------
    >>> right_branching(np.array([0, 3, 4])).tolist()
    [0, 1, 2, 0]
    """
    offsets = np.asarray(offsets, dtype=np.int64)
    n = int(offsets[-1])
    pos = np.arange(n, dtype=np.int64) - np.repeat(offsets[:-1], np.diff(offsets))
    return pos.astype(np.int32)
