"""Tests of induceval.corpus.stats.describe (hand-counted tiny corpora)."""

from __future__ import annotations

from induceval.corpus.model import CorpusBuilder, age_in_days
from induceval.corpus.stats import describe, format_age
from induceval.report.layouts import describe_table


def test_describe_counts_by_hand():
    b = CorpusBuilder(name="tiny")
    b.add_sentence({"form": ["a", "b"], "upos": ["X", "Y"], "head": [0, 0]},
                   {"speaker": "MOT", "age_days": age_in_days(2, 1, 3)})
    b.add_sentence({"form": ["a"], "upos": [None], "head": [-1]},
                   {"speaker": "CHI", "age_days": age_in_days(1, 8)})
    b.add_sentence({"form": []}, {"speaker": "MOT"})
    b.report.skip("bad line", "f.conllu:3")
    d = describe(b.build())
    assert (d["sentences"], d["tokens"], d["types"], d["empty_sentences"]) == (3, 3, 2, 1)
    assert d["tag_columns"]["upos"] == {"size": 2, "missing": 1, "inventory": {"X": 1, "Y": 1}}
    dep = d["dependencies"]["head"]
    assert dep["sentences_with_several_roots"] == 1 and dep["tokens_without_head"] == 1
    assert dep["sentences_annotated"] == 1
    assert d["speakers"] == {"MOT": 2, "CHI": 1}
    assert d["age_days"]["min_ymd"] == "1;8.0" and d["age_days"]["max_ymd"] == "2;1.3"
    assert d["report"]["skipped"] == {"bad line": 1}
    rows = {r["statistic"]: r["value"] for r in describe_table(d).rows}
    assert rows["skipped: bad line"] == "1 (e.g. f.conllu:3)"
    assert "1 with several roots" in rows["dependencies head"]


def test_format_age_inverts_age_in_days():
    # floor(365.25 y + 30.4375 m) + d is one-to-one for days up to 29
    assert all(format_age(age_in_days(y, m, dd)) == f"{y};{m}.{dd}"
               for y in range(4) for m in range(12) for dd in range(30))
    # y*365 + m*31 + d is one-to-one while m*31 + d < 365 (i.e. up to 11;24)
    assert all(format_age(age_in_days(y, m, dd, convention="chang2006"), "chang2006")
               == f"{y};{m}.{dd}"
               for y in range(4) for m in range(12) for dd in range(31) if m * 31 + dd < 365)
