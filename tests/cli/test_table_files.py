"""Several tables with ``--format csv``: one table per file, each with its signature.

``-o out.csv`` writes the main table to ``out.csv`` and each other table
(``--by KEY`` breakdowns, the ``--paired`` test) to ``out.by-KEY.csv`` /
``out.paired.csv``; on stdout several CSV tables are an error before any work
(``eval deps``/``eval tags``).  JSON holds them all in one document, each
with its ``key``.
"""

from __future__ import annotations

import argparse
import csv
import json

from induceval.cli.common import emit_tables
from induceval.cli.main import main
from induceval.report.tables import Table
from tests.conftest import FIXTURES, one_table

GOLD = str(FIXTURES / "deps" / "gold.conllu")
SYSTEM = str(FIXTURES / "deps" / "system.conllu")
CAT = FIXTURES / "categories"


def _read(path):
    lines = path.read_text().splitlines()
    sigs = [x for x in lines if x.startswith("# signature: ")]
    rows = list(csv.reader([x for x in lines if not x.startswith("#")]))
    return rows, sigs


def test_eval_deps_by_writes_one_csv_per_breakdown(tmp_path):
    out = tmp_path / "res.csv"
    assert main(["eval", "deps", "--gold", GOLD, "--pred", SYSTEM, "--pred", GOLD,
                 "--name", "sys", "--name", "gold", "--by", "relation", "--by", "edge-length",
                 "--format", "csv", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "res.by-edge-length.csv", "res.by-relation.csv", "res.csv"]
    rows, sigs = _read(out)
    assert rows[0][:4] == ["system", "directed", "undirected", "ned"]
    assert [r[0] for r in rows[1:]] == ["sys", "gold"]
    assert float(rows[1][1]) == 5 / 11                    # hand-worked (test_eval_deps.py)
    assert len(sigs) == 1 and sigs[0].startswith("# signature: deps|")
    for key in ("relation", "edge-length"):
        rows, by_sigs = _read(tmp_path / f"res.by-{key}.csv")
        assert rows[0][0] == "system" and [r[0] for r in rows[1:]] == ["sys", "gold"]
        assert all(float(x) == 1.0 for x in rows[2][1:])   # gold against itself
        assert len(by_sigs) == 1 and f"|by:{key}|measure:directed|" in by_sigs[0]


def test_eval_deps_several_csv_tables_on_stdout_is_an_error(capsys, tmp_path):
    assert main(["eval", "deps", "--gold", GOLD, "--pred", SYSTEM, "--by", "relation",
                 "--format", "csv"]) == 2
    err = capsys.readouterr().err
    assert "one table per file" in err and "-o FILE.csv" in err
    # one table is fine on stdout, and other formats hold several tables
    assert main(["eval", "deps", "--gold", GOLD, "--pred", SYSTEM, "--format", "csv"]) == 0
    assert capsys.readouterr().out.startswith("system,directed")
    assert main(["eval", "deps", "--gold", GOLD, "--pred", SYSTEM, "--by", "relation",
                 "--format", "json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert [t["key"] for t in d["tables"]] == ["accuracy", "by-relation"]
    assert all(t["signature"].startswith("deps|") for t in d["tables"])


def test_eval_tags_paired_csv_file(tmp_path):
    out = tmp_path / "tags.csv"
    assert main(["eval", "tags", "--gold", str(CAT / "gold.conllu"), "--pred",
                 str(CAT / "perfect.conllu"), "--pred", str(CAT / "mixed.conllu"),
                 "--paired", "ar", "--paired-n", "20", "--format", "csv", "-o", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tags.csv", "tags.paired.csv"]
    rows, sigs = _read(tmp_path / "tags.paired.csv")
    assert rows[0][:2] == ["system", "measure"] and rows[1][0] == "mixed"
    assert len(sigs) == 1 and "|paired:ar|" in sigs[0]
    assert _read(out)[1] == sigs


def test_emit_tables_stdout_csv_prints_the_first_and_names_the_others(capsys):
    tables = [Table(["a"], [{"a": 1}], title="main", notes=["signature: x|v:1"]),
              Table(["b"], [{"b": 2}], title="Second table")]
    assert emit_tables(tables, argparse.Namespace(format="csv", output="-")) == []
    out, err = capsys.readouterr()
    assert out == "a\n1\n# signature: x|v:1\n"
    assert "1 more (second-table)" in err


def test_pseudo_score_csv_carries_a_signature_of_its_options(tmp_path, capsys):
    from tests.measures.test_pseudowords import _write_conllu, synthetic_corpus

    corpus = tmp_path / "syn.conllu"
    _write_conllu(synthetic_corpus(25, 8), corpus)
    ts = tmp_path / "t.tsv"
    assert main(["pseudo", "build", str(corpus), "-o", str(ts)]) == 0
    sigs = []
    for ties in ("random", "expected"):
        capsys.readouterr()
        assert main(["pseudo", "score", str(corpus), "--test-set", str(ts), "--iterations", "5",
                     "--models", "baseline", "--ties", ties, "--format", "csv"]) == 0
        sigs.append(_read_text(capsys.readouterr().out))
    assert sigs[0].startswith("pseudo-score|method:neighbor|") and "|ties:random|" in sigs[0]
    assert sigs[0] != sigs[1]


def _read_text(text):
    return next(x for x in text.splitlines() if x.startswith("# signature: "))[13:]


def test_eval_substitutable_takes_induce_tags_output(tmp_path):
    """The PASCAL file of induce tags scores as its word<TAB>cluster list does."""
    gold, pascal, tsv = (str(tmp_path / n) for n in ("g.conllu", "b.pascal", "b.tsv"))
    assert main(["convert", "--demo", "-o", gold]) == 0
    for out in (pascal, tsv):
        assert main(["induce", "tags", gold, "--model", "brown", "--k", "6", "-o", out,
                     "-q"]) == 0
    rows = {}
    for pred in (pascal, tsv):
        out = tmp_path / "s.json"
        assert main(["eval", "substitutable", "--train", gold, "--test", gold, "--pred", pred,
                     "--format", "json", "-o", str(out)]) == 0
        rows[pred] = one_table(json.loads(out.read_text()))["rows"][0]
    assert rows[pascal]["sr"] == rows[tsv]["sr"] and rows[pascal]["sp"] == rows[tsv]["sp"]
    assert rows[pascal]["frames"] > 0


def test_outputs_get_the_users_umask(tmp_path):
    """Files were written 0600 (mkstemp's mode): unreadable to colleagues in a shared
    folder.  Under umask 022 a table and a converted corpus are 0644, as open() makes them."""
    import stat

    from induceval import atomic
    from induceval.cli.main import main

    old = atomic._UMASK
    atomic._UMASK = 0o022
    try:
        out, conv = tmp_path / "t.csv", tmp_path / "d.conllu"
        assert main(["info", "--demo", "-o", str(out)]) == 0
        assert main(["convert", "--demo", "-o", str(conv)]) == 0
        for p in (out, conv):
            assert stat.S_IMODE(p.stat().st_mode) == 0o644, p
    finally:
        atomic._UMASK = old


def test_p_values_below_the_last_digit_are_not_shown_as_zero():
    """A p-value of 1e-5 printed 0.000 (read: impossible); it is "< 0.001" at 3 digits, and
    the number itself in CSV and JSON."""
    from induceval.report.tables import Table

    t = Table(["system", "delta", "p_value"], [{"system": "a", "delta": 0.0, "p_value": 1e-5},
                                               {"system": "b", "delta": 0.1, "p_value": 0.25}],
              digits=3)
    text = t.render("table")
    assert "< 0.001" in text and "0.250" in text and "0.000" in text   # delta 0.0 stays
    assert "1e-05" in t.render("csv") and t.to_json()["rows"][0]["p_value"] == 1e-5


def test_a_small_score_shows_its_significant_digits():
    """Substitutable precision of a few 1e-5 printed 0.0000 for every system."""
    from induceval.report.tables import Table

    t = Table(["system", "sp"], [{"system": "a", "sp": 3.21e-05}, {"system": "b", "sp": 0.0},
                                 {"system": "c", "sp": 0.25}], higher_is_better={"sp": True})
    cells = [line[1] for line in t._cells(mark=False)]
    assert cells == ["3.21e-05", "0.0000", "0.2500"]


def test_every_best_mark_has_its_legend():
    """The text formats mark the best value of a column with '*' and now say so."""
    from induceval.report.tables import BEST_LEGEND, Table

    t = Table(["system", "m1"], [{"system": "a", "m1": 0.5}, {"system": "b", "m1": 0.25}],
              higher_is_better={"m1": True})
    for fmt in ("table", "markdown"):
        text = t.render(fmt)
        assert "0.5000*" in text and BEST_LEGEND in text
    assert BEST_LEGEND not in Table(["system", "m1"], t.rows).render("table")   # no mark
    assert BEST_LEGEND not in t.render("csv")
