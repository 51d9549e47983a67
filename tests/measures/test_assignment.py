"""The optimal 1-1 mapping of a table equals ``scipy.optimize.linear_sum_assignment``'s optimum
on the dense table, on small tables full of ties (empty rows and columns, equal counts)."""

from __future__ import annotations

import numpy as np
from scipy.optimize import linear_sum_assignment

from induceval.measures.categories.contingency import contingency
from induceval.measures.categories.token import one_to_one, one_to_one_mapping


def _table(dense: np.ndarray):
    """The contingency table of tokens whose (gold, cluster) counts are ``dense``."""
    g, k = np.indices(dense.shape)
    gold = np.repeat(g.ravel(), dense.ravel())
    pred = np.repeat(k.ravel(), dense.ravel())
    return contingency(gold, pred, n_gold=dense.shape[0], n_pred=dense.shape[1])


def test_optimal_mapping_reaches_scipys_optimum():
    rng = np.random.default_rng(3)
    for _ in range(200):
        dense = rng.integers(0, 5, size=(int(rng.integers(1, 9)), int(rng.integers(1, 9))))
        if not dense.any():
            continue
        table = _table(dense)
        r, c = linear_sum_assignment(dense, maximize=True)
        best = int(dense[r, c].sum())
        mapping = one_to_one_mapping(table)
        ks = np.flatnonzero(mapping >= 0)
        # a 1-1 mapping: no gold class taken twice, and it reaches the optimum
        assert len(set(mapping[ks].tolist())) == len(ks)
        assert int(dense[mapping[ks], ks].sum()) == best
        assert one_to_one(table) == best / dense.sum()
