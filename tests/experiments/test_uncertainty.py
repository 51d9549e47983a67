"""Intervals and ties with the best in protocol tables: experiments/_uncertainty."""

from __future__ import annotations

import json

import numpy as np
import pytest

from induceval.errors import InducevalError
from induceval.experiments._uncertainty import (
    Marks,
    category_cell_items,
    sparse_from_json,
    sparse_to_json,
)
from induceval.measures.categories.contingency import contingency
from induceval.measures.categories.evaluate import token_scores


def _cell(noise, acc):
    g = np.random.default_rng(0).integers(0, 5, 400)         # one gold, systems differ
    rng = np.random.default_rng(noise)
    p = np.where(rng.random(400) < acc, g, rng.integers(0, 6, 400))
    t = contingency(g, p, items=np.arange(400) // 8)
    # what a protocol cell stores (JSON round trip included)
    cell = json.loads(json.dumps({"items": sparse_to_json(t.item_counts),
                                  "table_shape": list(t.shape)}))
    return t, category_cell_items(cell, ("m1", "v"))


def test_cell_items_reproduce_the_scores():
    t, st = _cell(0, 0.6)
    assert (sparse_from_json(sparse_to_json(t.item_counts)) != t.item_counts).nnz == 0
    ref = token_scores(t)
    assert st.scores() == pytest.approx({"m1": ref["m1"], "v": ref["v"]})
    assert category_cell_items({"m1": 0.5}, ("m1",)) is None     # a cell stored without items


def test_sparse_json_packs_whole_counts_and_fractions_and_reads_lists():
    """Arrays are stored as bytes in base64 (whole numbers in the narrowest integers that
    hold them, float64 fractions) and read back exactly; cells stored as lists of numbers
    (before 0.6.1) are still read."""
    from scipy import sparse

    m = sparse.csr_matrix(np.array([[0, 2.0, 0], [1.0, 0, 3.0]]))
    cases = {"|u1": m, "<u2": m * 300, "<i4": m * 70000, "<i8": m * 2.0 ** 40, "<f8": m * 0.5}
    for dtype, x in cases.items():
        d = json.loads(json.dumps(sparse_to_json(x)))
        assert d["data"]["dtype"] == dtype and d["indices"]["dtype"] == "|u1"
        back = sparse_from_json(d)
        assert back.dtype == np.float64 and (back != x).nnz == 0
    lists = {"shape": [2, 3], "indptr": [0, 1, 3], "indices": [1, 0, 2], "data": [2, 1, 3]}
    assert (sparse_from_json(lists) != m).nnz == 0
    empty = sparse_from_json(json.loads(json.dumps(sparse_to_json(sparse.csr_matrix((0, 4))))))
    assert empty.shape == (0, 4) and empty.nnz == 0


def _row(marks, systems):
    row = {name: 100 * st.scores()["m1"] for name, st in systems.items()}
    marks.mark(row, systems, "m1")
    return row


def test_marks_best_ties_same_seed_same_row():
    systems = {"a": _cell(1, 0.60)[1], "b": _cell(2, 0.62)[1], "c": _cell(3, 0.95)[1]}
    row = _row(Marks(200, 0.05, 7), systems)
    assert row["best"] == "c" and row["not sig. vs best"] == "-"
    assert all(0 < row[f"{s} ±"] < 10 for s in systems)
    assert _row(Marks(200, 0.05, 7), systems) == row             # same seed, same numbers
    assert _row(Marks(200, 0.05, 8), systems)["a ±"] != row["a ±"]
    close = _row(Marks(200, 0.05, 7), {"a": systems["a"], "b": systems["b"]})
    assert close["best"] == "b" and close["not sig. vs best"] == "a"
    # a system compared with itself (e.g. two columns sharing one clustering): p = 1, a tie
    same = _row(Marks(100, 0.05, 7), {"x": systems["a"], "y": systems["a"]})
    assert same["not sig. vs best"] in ("x", "y")


def test_marks_signature_and_errors():
    m = Marks(500, 0.1, 3, unit="item")
    assert m.signature() == ("resampling|ci:bootstrap|ci_level:0.9|ci_n:500|paired:bootstrap|"
                             "paired_n:500|resample:item|seed:3")
    assert m.notes(ties=False)[1] == ("signature: resampling|ci:bootstrap|ci_level:0.9|"
                                      "ci_n:500|resample:item|seed:3")
    with pytest.raises(InducevalError, match="confidence"):
        Marks(0)
    with pytest.raises(InducevalError, match="alpha"):
        Marks(10, alpha=1.5)
