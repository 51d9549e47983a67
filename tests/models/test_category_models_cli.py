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


def _brown_demo(tmp_path, *extra):
    from tests.conftest import FIXTURES as F

    src = F / "category-models" / "tiny.conllu"
    clusters = tmp_path / "clusters.txt"
    assert main(["induce", "tags", "--model", "brown", "--k", "3", str(src), "-o",
                 str(tmp_path / "pred.pascal"), "--clusters", str(clusters), "-q",
                 *extra]) == 0
    return src, clusters


def test_brown_clusters_file_is_wclusters_paths_layout(tmp_path):
    # what tools that read Brown clusters read: bits<TAB>word<TAB>count, one line a word, the
    # bit strings those of the K clusters' leaves in one binary tree (none a prefix of
    # another), the counts the words' counts in the corpus
    from collections import Counter

    src, clusters = _brown_demo(tmp_path)
    rows = [line.split("\t") for line in clusters.read_text(encoding="utf-8").splitlines()]
    assert all(len(r) == 3 for r in rows)
    words = [r[1] for r in rows]
    assert len(words) == len(set(words))
    forms = Counter(line.split("\t")[1] for line in src.read_text().splitlines()
                    if line and not line.startswith("#"))
    assert {w: int(c) for _, w, c in rows} == dict(forms)
    leaves = {r[0] for r in rows}
    assert len(leaves) == 3 and all(set(b) <= {"0", "1"} and b for b in leaves)
    assert not any(a != b and b.startswith(a) for a in leaves for b in leaves)
    # every inner node of the tree of prefixes has two children
    inner = {b[:i] for b in leaves for i in range(len(b))}
    assert all({p + "0", p + "1"} <= inner | leaves for p in inner)


def test_brown_clusters_history_layout_keeps_the_merge_paths(tmp_path):
    _, clusters = _brown_demo(tmp_path, "--clusters-layout", "history")
    rows = [line.split("\t") for line in clusters.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 7 and all(len(r) == 3 and set(r[2]) <= {"0", "1"} for r in rows)
    assert {r[1] for r in rows} == {"0", "1", "2"}


def test_brown_clusters_file_is_read_back_as_the_clusters(tmp_path):
    # the readers of a clusters file (eval tags / substitutable --pred FILE) take the paths
    # layout: the bit string is the cluster, the same partition as the tagged corpus
    from induceval.measures.categories.io import is_type_list, read_type_clusters

    src, clusters = _brown_demo(tmp_path)
    assert is_type_list(clusters)
    sets = read_type_clusters(clusters)
    tags = {r[1]: r[5] for r in _pascal_rows(tmp_path / "pred.pascal")}
    by_bits = {w: next(iter(c)) for w, c in sets.items()}
    assert len(by_bits) == len(tags)
    pairs = {(by_bits[w], tags[w]) for w in tags}
    assert len(pairs) == len(set(by_bits.values())) == len(set(tags.values()))
    assert main(["eval", "tags", "--gold", str(src), "--pred", str(clusters),
                 "-o", str(tmp_path / "tags.json"), "--format", "json"]) == 0
    assert main(["eval", "substitutable", "--train", str(src), "--test", str(src),
                 "--pred", str(clusters), "-o", str(tmp_path / "sub.json"),
                 "--format", "json"]) == 0
