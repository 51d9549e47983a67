"""Figures: chang2006 Figure 3 keeps its fitted lines in [0, 100] and its x axis on the bulk."""

from __future__ import annotations

import numpy as np

from induceval.report.tables import Table


def test_chang2006_figure3_lines_and_outliers(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from induceval.experiments.chang2006 import _figures

    rng = np.random.default_rng(1)
    labels = ["Lexstat", "Chance"]
    per = {t: {lab: {"a": 40.0, "b": 50.0} for lab in labels} for t in ("self", "child")}
    days = {lab: [{"age_days": float(d), "wopa": float(rng.uniform(0, 60))}
                  for d in list(range(600, 1100, 5)) + [4000]] for lab in labels}
    slopes = Table(["learner", "intercept", "slope_per_year"],
                   [{"learner": "Lexstat", "intercept": 10.0, "slope_per_year": 20.0},
                    {"learner": "Chance", "intercept": 5.0, "slope_per_year": -30.0}])
    captured = {}
    real_savefig = plt.Figure.savefig

    def spy(fig, path, *a, **k):
        captured[str(path)] = fig
        return real_savefig(fig, path, *a, **k)

    plt.Figure.savefig = spy
    try:
        paths = _figures(per, days, labels, slopes, tmp_path)
    finally:
        plt.Figure.savefig = real_savefig
    assert [p for p in paths if "figure3" in p]
    # figures are saved through a temporary file beside the path, whose name holds the path's
    fig3 = [fig for p, fig in captured.items() if "figure3" in p][0]
    ax = fig3.axes[0]
    assert ax.get_xlim()[1] < 4000            # the outlying recording does not stretch x
    for line in ax.get_lines():
        assert np.min(line.get_ydata()) >= 0  # no fitted line below 0 %


def test_plot_path_checked_before_any_work(tmp_path, capsys):
    """An unknown ending or an unwritable folder for --plot fails at once, in one line (it
    cost the computed table and printed a 32-line traceback)."""
    from induceval.cli.main import main

    gold = tmp_path / "g.conllu"
    assert main(["convert", "--demo", "-o", str(gold)]) == 0
    capsys.readouterr()
    base = ["eval", "deps", "--gold", str(gold), "--pred", str(gold), "--plot",
            "accuracy-by-edge-length"]
    for path, said in ((tmp_path / "fig.txt", "the ending must be one of"),
                       (tmp_path / "no" / "fig.png", "does not exist")):
        assert main([*base, str(path)]) == 2
        captured = capsys.readouterr()
        assert said in captured.err and captured.out == ""
        assert "Traceback" not in captured.err


def test_plot_titled_with_corpus_and_signature(tmp_path, monkeypatch, capsys):
    """--plot figures had no title: a figure apart from its table said nothing of its data."""
    from induceval.cli.main import main
    from induceval.report import dependencies

    seen = {}

    def capture(results, path, **kw):
        seen.update(kw, path=path)
        return path

    monkeypatch.setattr(dependencies, "plot_accuracy_by_edge_length", capture)
    gold = tmp_path / "g.conllu"
    assert main(["convert", "--demo", "-o", str(gold)]) == 0
    fig = tmp_path / "fig.png"
    assert main(["eval", "deps", "--gold", str(gold), "--pred", str(gold), "--plot",
                 "accuracy-by-edge-length", str(fig)]) == 0
    assert seen["path"] == str(fig)
    assert seen["title"].startswith(f"{gold}: deps|punct:upos|")
