"""The category protocols (frank2009, reichart2010, pascal2012-pos) on tiny inputs."""

from __future__ import annotations

import json

import numpy as np
import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.parallel.digest import content_digest
from tests.conftest import shared_path

# a toy child-directed corpus with %mor-style tags: (words, mor tags)
_UTTS = [
    ("you want the ball .", "pro v det n ."),
    ("you see the dog .", "pro v det n ."),
    ("we want a cup .", "pro v det n ."),
    ("look at the dog .", "v prep det n ."),
    ("put it on the table .", "v pro prep det n ."),
    ("the dog is big .", "det n cop adj ."),
    ("do you want it ?", "mod pro v pro ?"),
    ("that is a ball .", "pro:dem cop det n ."),
]


def _childes(n_repeat=6, child_every=3):
    b = CorpusBuilder()
    for r in range(n_repeat):
        for i, (w, t) in enumerate(_UTTS):
            spk, role = ("CHI", "Target_Child") if (i + r) % child_every == 0 else ("MOT", "Mother")
            b.add_sentence({"form": w.split(), "xpos": t.split()},
                           {"speaker": spk, "role": role, "unintelligible": "no"})
    return b.build()


def test_prepare_childes_drops_child_and_punctuation():
    from induceval.experiments.frank2009 import prepare_childes

    c = prepare_childes(_childes())
    speakers = {c.sentence(i).meta("speaker") for i in range(c.n_sentences)}
    assert speakers == {"MOT"}
    assert "." not in set(c.label_strings("form").tolist())
    assert set(c.inventory("collapsed")) <= {"N", "V", "DET", "PREP", "ADJ"}


def test_frank2009_tiny_end_to_end(tmp_path):
    from induceval.experiments.frank2009 import run_frank2009

    train, test = _childes(6), _childes(4, child_every=2)
    tables = run_frank2009(train, test, out_dir=tmp_path, ks=(3, 6), bhmm_iterations=5,
                           model_params={"ff": {"threshold": 0.01},
                                         "hc": {"n_targets": 20, "n_contexts": 10}},
                           confidence=50)
    t3 = tables["table3"]
    labels = [(r["Model"], r["K"]) for r in t3.rows]
    # random once per gold inventory (3 -> collapsed, 6 -> stripped), others at every K
    assert labels == [("Random", 3), ("Random", 6), ("BHMM", 3), ("BHMM", 6), ("HC", 3),
                      ("HC", 6), ("HC-single", 3), ("HC-single", 6), ("FF", 3), ("FF", 6)]
    for r in t3.rows:
        for m in ("PP", "PR", "MA", "SP", "SR"):
            assert 0.0 <= r[m] <= 1.0
    # bootstrap half-widths next to PP/PR/MA, best model per K and measure and
    # the models not significantly different from it
    assert t3.columns == ["Model", "K", "PP", "PP ±", "PR", "PR ±", "MA", "MA ±", "SP", "SR"]
    assert all(0 < r["MA ±"] < 0.5 for r in t3.rows)
    sig = tables["table3_significance"]
    assert [(r["K"], r["measure"]) for r in sig.rows] == [
        (k, m) for k in (3, 6) for m in ("PP", "PR", "MA")]
    for r in sig.rows:
        group = {x["Model"]: x[r["measure"]] for x in t3.rows if x["K"] == r["K"]}
        assert group[r["best"]] == max(group.values())
        assert r["best"] not in r["not sig. vs best"].split(",")
    assert any(n.startswith("signature: resampling|ci:bootstrap") and "ci_n:50" in n
               and "resample:utterance" in n for n in t3.notes)
    assert [(r["Model"], r["K"]) for r in tables["table4"].rows] == labels[4:]
    assert len(tables["table2"].rows) == 10
    assert {r["N"] for r in tables["table2"].rows} == {8}  # HC-single is not a paper row
    cov = {(r["Model"], r["K"]): r for r in tables["coverage"].rows}
    assert cov[("BHMM", 3)]["SP/SR labels"] == "tokens"
    assert cov[("HC", 3)]["SP/SR labels"] == "types"
    assert "HC-single" in tables["table3_paper"].notes[3]
    for name in ("table2", "table3", "table4", "table3_paper"):
        for ext in ("md", "csv", "json"):
            assert (tmp_path / f"{name}.{ext}").exists()
    for fig in ("figure1.png", "figure2.png"):
        assert (tmp_path / fig).read_bytes()[:4] == b"\x89PNG"
    # resume: the finished cells are read back, not recomputed
    cells = sorted(p.name for p in (tmp_path / "cells").glob("*.json"))
    assert len(cells) == 10
    stored = json.loads((tmp_path / "cells" / cells[0]).read_text())
    stored["result"]["merge"]["PP"] = 0.123456
    # stored so with its digest (a cell changed without it is computed again instead)
    stored["digest"] = content_digest(stored)
    (tmp_path / "cells" / cells[0]).write_text(json.dumps(stored))
    again = run_frank2009(train, test, out_dir=tmp_path, ks=(3, 6), bhmm_iterations=5,
                          model_params={"ff": {"threshold": 0.01},
                                        "hc": {"n_targets": 20, "n_contexts": 10}},
                          figures=False, confidence=0)
    assert 0.123456 in [r["PP"] for r in again["table3"].rows]


def test_frank2009_type_clusterings_summed_from_word_pairs(tmp_path):
    """HC and Random cells store each form's column (checked against their own
    per-utterance tables) and their intervals are summed from the shared (gold, word)
    table; FF's are its own.  Cells without those columns (stored before, or from other
    tokens) are read as before: the same tables either way."""
    from induceval.experiments.frank2009 import run_frank2009

    train, test = _childes(6), _childes(4, child_every=2)
    opts = dict(ks=(3, 6), models=("random", "hc", "ff"), figures=False, confidence=60,
                model_params={"ff": {"threshold": 0.01},
                              "hc": {"n_targets": 20, "n_contexts": 10}})
    tables = run_frank2009(train, test, out_dir=tmp_path, **opts)
    files = sorted((tmp_path / "cells").glob("*.json"))
    fields = {p.name.split("-")[0]: [("pairs" in json.loads(p.read_text())["result"][c])
                                     for c in ("merge", "split")] for p in files}
    assert fields == {"random": [True, True], "hc": [True, True], "ff": [False, False]}

    def rewritten(change):
        for p in files:
            stored = json.loads(p.read_text())
            for c in ("merge", "split"):
                change(stored["result"][c])
            p.write_text(json.dumps(stored))
        return run_frank2009(train, test, out_dir=tmp_path, **opts)

    def as_dicts(t):
        return {k: v.to_json() for k, v in t.items()}

    other = rewritten(lambda cell: cell.update(pairs="0" * 32) if "pairs" in cell else None)
    assert as_dicts(other) == as_dicts(tables)
    before = rewritten(lambda cell: [cell.pop(k, None) for k in ("pairs", "type_columns")])
    assert as_dicts(before) == as_dicts(tables)
    assert any(r["MA ±"] > 0 for r in tables["table3"].rows)


def test_type_cell_fields_only_for_tables_summed_from_the_pairs():
    """The stored columns need a clustering of types whose table is the word pairs summed
    (a form in two clusters, or a table of other clusters, get none); the per-sentence
    tables summed from the pairs are then the cell's own, entry for entry."""
    from induceval.experiments._uncertainty import (
        summed_cell_items,
        type_cell_fields,
        word_pairs,
    )
    from induceval.measures.categories.contingency import contingency

    gold, forms, items = [0, 1, 1, 0, 2, 2], [4, 1, 1, 4, 0, 3], [0, 0, 1, 1, 1, 2]
    pairs = word_pairs(gold, forms, items)
    types, tokens = [1, -1, -1, 1, 0, -1], [1, -1, -1, 0, 0, -1]
    for unclustered in ("merge", "split"):
        table = contingency(gold, types, items=items, unclustered=unclustered, forms=forms)
        fields = type_cell_fields(pairs, table, types, unclustered)
        assert fields["pairs"] == pairs.digest
        cell = {**fields, "table_shape": list(table.shape)}
        summed = summed_cell_items(cell, pairs, ["m1"]).rows.copy()
        summed.sum_duplicates()       # columns: the cells with a count
        filled = np.flatnonzero(np.asarray(table.item_counts.sum(axis=0)).ravel())
        assert (summed != table.item_counts[:, filled]).nnz == 0
        other = contingency(gold, [0, -1, -1, 0, 1, -1], items=items,
                            unclustered=unclustered, forms=forms)
        assert type_cell_fields(pairs, other, types, unclustered) == {}
    table = contingency(gold, tokens, items=items, forms=forms)
    assert type_cell_fields(pairs, table, tokens, "merge") == {}


def test_frank2009_table2_counts_the_shared_random_row_per_k():
    """Frank et al. 2009, Table 2 has N = 12 while Table 3 has 11 rows: Random 53 serves
    K = 80 too."""
    from induceval.experiments.frank2009 import _table2_rows

    order, rows = [], []
    for model, label, ks in (("random", "Random", (12, 53)), ("bhmm", "BHMM", (12, 53, 80)),
                             ("hc", "HC", (12, 53, 80)), ("hc_single", "HC-single", (12,)),
                             ("ff", "FF", (12, 53, 80))):
        for k in ks:
            order.append((f"{model}{k}", (model, k)))
            rows.append({"Model": label, "K": k, "PP": k / 100})
    paper = _table2_rows(rows, order, "paper")
    assert len(paper) == 12 and {"Model": "Random", "K": 80, "PP": 0.53} in paper
    assert len(_table2_rows(rows, order, "distinct")) == 11


def test_frank2009_hc_merge_vs_split():
    # HC leaves all but the 5 most frequent types unclustered: split differs from merge
    from induceval.experiments.frank2009 import frank_cell, prepare_childes

    c = prepare_childes(_childes())
    r = frank_cell("hc", 3, "collapsed", c, c, params={"n_targets": 5, "n_contexts": 5})
    assert r["types_clustered"] == 5
    assert r["merge"]["PR"] > r["split"]["PR"]
    assert sum(r["sizes_types"]) == 5


@pytest.mark.realdata
def test_frank2009_on_a_slice_of_manchester(tmp_path):
    from induceval.experiments.frank2009 import run_frank2009

    man = shared_path("childes", "eng-uk", "Manchester", "becky")
    bel = shared_path("childes", "eng-uk", "Belfast")
    train = sorted(man.glob("*.cha"))[:2]
    test = sorted(bel.rglob("*.cha"))[:1]
    tables = run_frank2009(train, test, ks=(12,), models=("hc", "ff", "random"),
                           figures=False)
    rows = {r["Model"]: r for r in tables["table3"].rows}
    assert set(rows) == {"HC", "FF", "Random"}
    assert rows["HC"]["PR"] > rows["FF"]["PR"]  # HC's big clusters: high pairwise recall


def _treebank(seed=0):
    rs = np.random.default_rng(seed)
    lex = {"DET": (["the", "a"], "DT"), "NOUN": (["dog", "cat", "ball"], "NN"),
           "VERB": (["sees", "likes"], "VBZ"), "ADJ": (["big", "red"], "JJ")}
    b = CorpusBuilder()
    for _ in range(60):
        tags = ["DET", "NOUN", "VERB", "DET", "ADJ", "NOUN"] if rs.random() < 0.5 else \
            ["DET", "ADJ", "NOUN", "VERB"]
        words = [lex[t][0][rs.integers(len(lex[t][0]))] for t in tags]
        b.add_sentence({"form": words, "upos": tags, "xpos": [lex[t][1] for t in tags]})
    return b.build()


def test_pascal2012_pos_tiny(tmp_path):
    from induceval.experiments.pascal2012_pos import run_pascal2012_pos

    tables = run_pascal2012_pos({"en-ptb": _treebank(0), "toy": _treebank(1)}, out_dir=tmp_path,
                                confidence=50)
    assert tables["k"].rows[0]["Ku"] == 4 and tables["k"].rows[0]["Kp"] == 4
    m1 = tables["table2_m1"]
    systems = ["Bc", "Bp", "Bu", "MKc", "MKp", "MKu"]
    assert m1.columns == ["testset"] + [c for s in systems for c in (s, f"{s} ±")] + [
        "best", "not sig. vs best"]
    assert [r["testset"] for r in m1.rows] == ["en-ptb", "toy", "averages"]
    for r in m1.rows:
        for c in systems:
            assert 0 <= r[c] <= 100
            assert r.get(f"{c} ±") is None or 0 <= r[f"{c} ±"] <= 50
        assert ("Bc ±" in r) == (r["testset"] != "averages")
    # the paper's numbers are given for the treebanks it had
    assert tables["table2_m1_paper"].rows[0]["Bc"] == pytest.approx(77.29)
    assert (tmp_path / "table7_vi.json").exists()
    # 003's 1-1 is the greedy mapping; the optimal one is reported beside it
    for tab in ("table2", "table7"):
        g, o = tables[f"{tab}_1to1"], tables[f"{tab}_1to1_optimal"]
        for rg, ro in zip(g.rows, o.rows):
            for c in systems:
                assert rg[c] <= ro[c] + 1e-9
    assert "table2_1to1_paper" in tables and "table2_1to1_optimal_paper" not in tables


def test_pascal2012_pos_one_to_one_is_greedy():
    """Hand-worked (as in ``token.one_to_one``'s doctest): clusters x, y; tags A, B.

    Counts x: A 5, B 3; y: A 4, B 1 (13 tokens).  Greedy takes the largest
    cell x-A (5), then y-B (1): 6/13.  Optimal takes x-B + y-A = 3 + 4 = 7/13.
    """
    from induceval.corpus.model import CorpusBuilder
    from induceval.experiments.pascal2012_pos import METRICS, pos_cell

    b = CorpusBuilder()
    tags = ["A"] * 5 + ["B"] * 3 + ["A"] * 4 + ["B"]
    forms = ["x"] * 8 + ["y"] * 5
    b.add_sentence({"form": forms, "upos": tags, "xpos": tags})
    c = b.build()
    assert ("1to1_greedy", "1to1", "1-1", True, 100.0) in METRICS
    # the "model": brown with K=2 on two word types puts x and y apart
    out = pos_cell(c, "brown", 2)
    assert out["upos"]["1to1_greedy"] == pytest.approx(6 / 13)
    assert out["upos"]["1to1"] == pytest.approx(7 / 13)


def test_reichart2010_tiny(tmp_path):
    from induceval.experiments.reichart2010 import run_reichart2010

    gold = _treebank(2)
    perfect = gold.tokens["upos"].values.astype(np.int64)
    noisy = perfect.copy()
    noisy[::3] = 0
    tables = run_reichart2010(gold, predictions={"perfect": perfect, "noisy": noisy},
                              models=["brown:4"], out_dir=tmp_path, punct="keep")
    rows = {r["system"]: r for r in tables["table1"].rows}
    assert rows["perfect"]["M-1"] == 1.0 and rows["perfect"]["MicroC 1-1"] == 1.0
    assert rows["perfect"]["NVI"] == 0.0
    assert rows["noisy"]["M-1"] < 1.0
    assert len(tables["table1"].columns) == 13
    assert len(tables["rank_correlation"].rows) == 37
    assert (tmp_path / "table1.md").exists()
    # --confidence (reichart2010 had none): an interval after each token measure, none for
    # a perfect tagging, some for the noisy one; the type-level measures get none
    ci = run_reichart2010(gold, predictions={"perfect": perfect, "noisy": noisy},
                          punct="keep", confidence=200)["table1"]
    assert ci.columns[:5] == ["system", "M-1", "M-1 ±", "1-1", "1-1 ±"]
    assert "MacroI M-1 ±" not in ci.columns
    rows = {r["system"]: r for r in ci.rows}
    assert rows["perfect"]["M-1 ±"] == 0.0 and rows["noisy"]["M-1 ±"] > 0
    assert any(sig.startswith("resampling|") for sig in ci.signatures())


def test_reichart2010_reuses_cells_across_confidence(tmp_path, monkeypatch):
    # the intervals of a rerun with --confidence N must reuse the cells of a run with
    # --confidence 0 (cells keyed and scored apart with and without per-sentence tables
    # would make the rerun score -- and run the models -- again)
    from induceval.experiments import reichart2010 as r

    gold = _treebank(2)
    pred = gold.tokens["upos"].values.astype(np.int64)
    pred[::3] = 0
    calls = []
    real = r.score_tagging
    monkeypatch.setattr(r, "score_tagging", lambda *a, **k: calls.append(1) or real(*a, **k))
    plain = r.run_reichart2010(gold, predictions={"p": pred}, out_dir=tmp_path, punct="keep")
    ci = r.run_reichart2010(gold, predictions={"p": pred}, out_dir=tmp_path, punct="keep",
                            confidence=50)
    again = r.run_reichart2010(gold, predictions={"p": pred}, out_dir=tmp_path, punct="keep")
    assert len(calls) == 1
    assert ci["table1"].rows[0]["M-1 ±"] > 0
    assert plain["table1"].rows == again["table1"].rows
    assert plain["table1"].notes == again["table1"].notes


def test_reichart2010_reads_prediction_files(tmp_path):
    from induceval.cli.main import main
    from induceval.experiments.reichart2010 import run_reichart2010
    from tests.conftest import FIXTURES

    tiny = FIXTURES / "category-models" / "tiny.conllu"
    pred = tmp_path / "ex.pascal"
    assert main(["induce", "tags", "--model", "exchange", "--k", "4", str(tiny),
                 "-o", str(pred)]) == 0
    tables = run_reichart2010(tiny, predictions={"exchange": str(pred)})
    assert tables["table1"].rows[0]["M-1"] == 1.0


def test_pascal2012_pos_treebank_format_is_any_reader_format():
    from induceval.corpus.readers import READERS
    from induceval.experiments.pascal2012_pos import _parse_treebank

    for fmt in READERS:
        assert _parse_treebank(f"wsj=a.x,b.x:{fmt}") == ("wsj", (["a.x", "b.x"], fmt))
    # no format after the last colon: the path keeps it, the format is detected
    assert _parse_treebank("d=C:/data/d.conllu") == ("d", (["C:/data/d.conllu"], "auto"))


def test_pascal2012_pos_tag_columns_and_cap():
    from induceval.experiments.pascal2012_pos import prepare_treebank, tag_counts

    tb = _treebank(3)
    # a fine column holding one value ("_" in UD files without XPOS) is no tag set
    from induceval.corpus.model import Column, Vocabulary

    no_xpos = tb.with_tokens(xpos=Column(np.zeros(tb.n_tokens, dtype=np.int32), Vocabulary(["_"])))
    assert prepare_treebank(no_xpos)[1]["p"] == "upos"
    c, cols = prepare_treebank(tb)
    assert cols == {"c": "upos", "p": "xpos", "u": "universal"}
    assert tag_counts(c, cols) == {"c": 4, "p": 4, "u": 4}
    assert tag_counts(c, cols, max_k=3) == {"c": 3, "p": 3, "u": 3}


def test_pascal2012_universal_condition_is_petrov_12_not_ud_upos():
    # the u condition is the challenge's universal set, Petrov et al.'s 12 (AUX -> VERB,
    # PROPN -> NOUN, CCONJ/SCONJ -> CONJ, PART -> PRT, PUNCT -> .), not UD's 17 UPOS tags
    # of the c condition: otherwise c and u would be one clustering
    from induceval.corpus.model import CorpusBuilder
    from induceval.experiments.pascal2012_pos import prepare_treebank, tag_counts

    b = CorpusBuilder()
    b.add_sentence({"form": "Kim will not go and see if dogs bark .".split(),
                    "upos": ["PROPN", "AUX", "PART", "VERB", "CCONJ", "VERB", "SCONJ", "NOUN",
                             "VERB", "PUNCT"]})
    c, cols = prepare_treebank(b.build())
    assert c.sentence(0).strings(cols["u"]) == ["NOUN", "VERB", "PRT", "VERB", "CONJ", "VERB",
                                                "CONJ", "NOUN", "VERB", "."]
    assert tag_counts(c, cols) == {"c": 8, "p": 8, "u": 5}
    # PTB tags: coarse = the first two letters (PASCAL's coarse), not the universal tags
    b = CorpusBuilder()
    b.add_sentence({"form": "dogs barked loudly .".split(), "xpos": ["NNS", "VBD", "RB", "."]})
    c, cols = prepare_treebank(b.build())
    assert [c.sentence(0).strings(cols[t]) for t in "cpu"] == [
        ["NN", "VB", "RB", "."], ["NNS", "VBD", "RB", "."], ["NOUN", "VERB", "ADV", "."]]


def test_reichart2010_defaults_to_fine_tags_without_punctuation():
    """Reichart et al. 2010, §5.1: the full WSJ tag set without punctuation, not UPOS.

    Hand-worked: gold xpos NN NNS VB . (upos NOUN NOUN VERB .); a tagging that
    puts NN and NNS together (cluster 0) and VB apart (1), punctuation in 2.
    Against the fine tags without punctuation (3 tokens: NN NNS VB) M-1 =
    2/3 (cluster 0 maps to one of NN/NNS); against UPOS it would be 1.
    """
    from induceval.corpus.model import CorpusBuilder
    from induceval.experiments.reichart2010 import run_reichart2010

    b = CorpusBuilder()
    b.add_sentence({"form": ["dog", "dogs", "run", "."],
                    "upos": ["NOUN", "NOUN", "VERB", "."], "xpos": ["NN", "NNS", "VB", "."]})
    gold = b.build()
    pred = np.array([0, 0, 1, 2])
    t = run_reichart2010(gold, predictions={"p": pred})["table1"]
    assert t.rows[0]["M-1"] == pytest.approx(2 / 3)
    assert "gold xpos (3 tags" in t.notes[0]
    t = run_reichart2010(gold, predictions={"p": pred}, gold_column="upos")["table1"]
    assert t.rows[0]["M-1"] == pytest.approx(1.0)
