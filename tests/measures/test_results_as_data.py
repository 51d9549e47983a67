"""Results as data and as display: ``to_dict``, ``to_pandas``, a short ``repr`` and
``_repr_html_`` for every result, evaluation of several systems, breakdown and table."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from induceval.corpus.demo import generate_demo_corpus
from induceval.corpus.writers import write_corpus
from induceval.errors import InducevalError
from induceval.measures.categories import evaluate_tag_systems, evaluate_tags
from induceval.measures.dependencies import evaluate_dependencies, evaluate_dependency_systems
from induceval.measures.dependencies.stats import Breakdown
from induceval.measures.result import Result
from induceval.measures.wopa import WopaStats, wopa_result
from induceval.report.tables import Table


@pytest.fixture(scope="module")
def demo():
    return generate_demo_corpus(n_sentences=60, seed=1)


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _wopa():
    st = WopaStats(np.array([1.0, 0.0]), np.array([True, True]), np.array([0, 1]),
                   np.array([2, 2]), {"utterances": 2, "no_words": 0, "one_word": 0,
                                      "scored": 2, "tied_steps": 0})
    return wopa_result(st, "Lexstat")


def test_tag_evaluation_to_dict_carries_the_system_name(demo, tmp_path):
    path = tmp_path / "brown.conllu"
    write_corpus(demo, path, "conllu")
    d = evaluate_tags(demo, str(path), pred_column="xpos").to_dict()
    assert d["system"] == "brown"
    assert d["scores"]["m1"] == pytest.approx(evaluate_tags(demo, demo, pred_column="xpos")
                                              .scores["m1"])
    assert d["counts"]["n_tokens"] == demo.n_tokens and "signature" in d


def test_every_result_repr_is_short_without_arrays(demo):
    r = evaluate_tags(demo, demo, pred_column="xpos", level="both", items="sentence")
    deps = evaluate_dependencies(demo, demo, breakdowns=("pos",))
    for result in (r, deps, _wopa()):
        text = repr(result)
        assert "array(" not in text and "\n" not in text and len(text) < 600, text
        assert "signature=" in text
    assert repr(r).startswith("TagEvaluation(system='demo', m1=")
    assert "more scores" in repr(r)   # 19 measures: the first 12, then a count


def test_every_result_class_keeps_the_one_short_repr():
    # a @dataclass subclass writes its own field-dump repr unless told repr=False
    import induceval.experiments.wopa  # noqa: F401 - the result classes, registered
    import induceval.measures.categories.substitutable  # noqa: F401
    import induceval.measures.pseudowords.scores  # noqa: F401

    classes = list(_subclasses(Result))
    assert len(classes) >= 5
    assert [c.__name__ for c in classes if c.__repr__ is not Result.__repr__] == []


def test_wopa_row_and_frame_keep_the_learner():
    r = _wopa()
    assert r.row()["system"] == "Lexstat" and r.name == "Lexstat"
    assert r.to_dict()["learner"] == "Lexstat"
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame([r.row(), r.row()])
    assert list(frame["system"]) == ["Lexstat", "Lexstat"]
    assert r.to_pandas()["learner"].tolist() == ["Lexstat"]


def test_evaluation_iterates_as_name_and_result_by_file_stems(demo, tmp_path):
    paths = []
    for stem in ("DMV", "LB"):
        paths.append(str(tmp_path / f"{stem}.conllu"))
        write_corpus(demo, paths[-1], "conllu")
    ev = evaluate_dependency_systems([demo], paths)
    assert [name for name, _ in ev] == ["DMV", "LB"]
    assert ev["DMV"] is ev.results[0] and ev["LB"].name == "LB" and ev[1] is ev.results[1]
    assert dict(ev) == {"DMV": ev.results[0], "LB": ev.results[1]} and len(ev) == 2
    with pytest.raises(KeyError, match="the systems: DMV, LB"):
        ev["CCL"]
    tags = evaluate_tag_systems(demo, paths, pred_column="xpos")
    assert tags.names == ("DMV", "LB") and tags["LB"].to_dict()["system"] == "LB"


def test_evaluation_takes_names(demo):
    ev = evaluate_tag_systems(demo, [demo, demo], pred_column="xpos", names=["a", "b"])
    assert [n for n, _ in ev] == ["a", "b"] and ev["b"].row()["system"] == "b"
    with pytest.raises(InducevalError, match="names= has 1 names for 2 systems"):
        evaluate_tag_systems(demo, [demo, demo], names=["a"])
    assert [s["system"] for s in ev.to_dict()["systems"]] == ["a", "b"]
    text = repr(ev)
    assert text.startswith("Evaluation of 2 systems") and "array(" not in text
    assert len(text.splitlines()) == 4   # a line per system and the one signature


def test_breakdown_names_its_count_columns():
    b = Breakdown("pos", ["NOUN", "VERB"], np.array([[4, 2, 3, 4], [2, 1, 1, 2]]))
    assert Breakdown.COLUMNS == ("tokens", "directed", "undirected", "ned")
    assert b.to_dict()["counts"]["VERB"] == {"tokens": 2, "directed": 1, "undirected": 1,
                                             "ned": 2}
    text = repr(b)
    assert "array(" not in text and "tokens=4" in text and "undirected=0.75" in text


def test_to_pandas_without_pandas_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)   # import pandas raises ImportError
    for obj in (Result({"m1": 0.5}, "m1|v:0"), Table(["a"], [{"a": 1}]),
                Breakdown("pos", ["NOUN"], np.array([[1, 1, 1, 1]]))):
        with pytest.raises(InducevalError) as err:
            obj.to_pandas()
        assert "pip install 'induceval[pandas]'" in str(err.value)
        assert "\n" not in str(err.value)


def test_to_pandas_frames(demo):
    pytest.importorskip("pandas")
    ev = evaluate_dependency_systems([demo], [demo, demo], names=["DMV", "LB"],
                                     breakdowns=("pos",))
    frame = ev.to_pandas()
    assert frame["system"].tolist() == ["DMV", "LB"]
    assert {"directed", "undirected", "ned", "root", "signature"} <= set(frame.columns)
    assert ev["DMV"].to_pandas().shape[0] == 1
    by_pos = ev["DMV"].breakdown("pos").to_pandas()
    assert list(by_pos.columns) == ["pos", "tokens", "directed", "undirected", "ned"]
    t = Table(["system", "m1"], [{"system": "a", "m1": 0.5, "hidden": 1}], title="T",
              notes=["signature: m1|v:0"])
    tf = t.to_pandas()
    assert list(tf.columns) == ["system", "m1"] and tf.attrs["signatures"] == ["m1|v:0"]
    assert t.to_dict()["rows"] == [{"system": "a", "m1": 0.5, "hidden": 1}]


def test_html_of_results_is_a_small_escaped_table(demo):
    r = Result({"m1": 0.5}, "tags|<x>|v:0", name="<script>")
    html = r._repr_html_()
    assert html.startswith("<table>") and "&lt;script&gt;" in html and "<script>" not in html
    ev = evaluate_tag_systems(demo, [demo], pred_column="xpos", names=["a&b"])
    assert "a&amp;b" in ev._repr_html_() and "array" not in ev._repr_html_()
    assert "&lt;i&gt;" in Table(["x"], [{"x": "<i>"}])._repr_html_()
    assert len(Breakdown("pos", ["N"], np.array([[1, 1, 1, 1]]))._repr_html_()) < 500
