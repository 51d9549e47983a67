"""``induceval induce tags``: golden test on a tiny hand-made CoNLL-U file."""

from __future__ import annotations

from induceval.cli.main import main
from tests.conftest import FIXTURES, one_table

TINY = FIXTURES / "category-models" / "tiny.conllu"


def _pascal_rows(path):
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rows.append(line.split("\t"))
    return rows


def test_induce_tags_brown_golden(tmp_path):
    # tiny.conllu: "the dog runs ." / "a cat runs ." / "the cat sleeps ." / "a dog sleeps ."
    # Brown with K=4 must put determiners, nouns, verbs and "." in four clusters,
    # numbered by their most frequent word: "." (4x) 0, then the (2x, first seen) ...
    out = tmp_path / "pred.pascal"
    clusters = tmp_path / "clusters.tsv"
    assert main(["induce", "tags", "--model", "brown", "--k", "4", str(TINY), "-o", str(out),
                 "--clusters", str(clusters)]) == 0
    rows = _pascal_rows(out)
    assert len(rows) == 16 and all(len(r) == 9 for r in rows)
    tag = {r[1]: r[5] for r in rows}
    assert tag["the"] == tag["a"] and tag["dog"] == tag["cat"] and tag["runs"] == tag["sleeps"]
    assert len({tag["the"], tag["dog"], tag["runs"], tag["."]}) == 4
    # the cluster goes into CPOS, POS and UPOS alike
    assert all(r[3] == r[4] == r[5] for r in rows)
    lines = clusters.read_text().splitlines()
    assert len(lines) == 7 and all(len(line.split("\t")) == 3 for line in lines)  # with paths


def test_induce_tags_output_is_scored_by_eval_tags(tmp_path):
    import induceval.cli.eval_tags  # noqa: F401  (the scorer must import: an error fails)

    out = tmp_path / "pred.pascal"
    assert main(["induce", "tags", "--model", "exchange", "--k", "4", str(TINY),
                 "-o", str(out)]) == 0
    score = tmp_path / "score.json"
    rc = main(["eval", "tags", "--gold", str(TINY), "--pred", str(out), "--format", "json",
               "-o", str(score)])
    assert rc == 0
    import json

    row = one_table(json.loads(score.read_text()))["rows"][0]
    # exchange finds the perfect clustering of this toy text
    assert row["m1"] == 1.0 and row["vi"] == 0.0


def test_induce_tags_requires_k(tmp_path, capsys):
    rc = main(["induce", "tags", "--model", "hc", str(TINY), "-o", str(tmp_path / "x")])
    assert rc == 2
    assert "--k is required" in capsys.readouterr().err


def test_induce_tags_unclustered_label(tmp_path):
    out = tmp_path / "pred.pascal"
    assert main(["induce", "tags", "--model", "brown", "--k", "2", "--min-occur", "4",
                 str(TINY), "-o", str(out)]) == 0
    tag = {r[1]: r[5] for r in _pascal_rows(out)}
    assert tag["dog"] == "UNCLUSTERED" and tag["."] != "UNCLUSTERED"
