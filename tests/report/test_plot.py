"""induceval.plot: the figures as matplotlib Figures for notebooks, with no pyplot state."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("matplotlib")

import induceval  # noqa: E402
from induceval.corpus.demo import generate_demo_corpus  # noqa: E402
from induceval.errors import ParameterError  # noqa: E402
from induceval.models.dependencies.chains import left_branching, right_branching  # noqa: E402


@pytest.fixture(scope="module")
def demo():
    return generate_demo_corpus(n_sentences=30, seed=1)


@pytest.fixture(scope="module")
def deps(demo):
    return induceval.evaluate_dependency_systems(
        [demo], [right_branching(demo.offsets), left_branching(demo.offsets), demo],
        names=["RB", "LB", "gold"])


def test_plot_resolves_lazily():
    from induceval import plot

    assert induceval.plot is plot and plot.__name__ == "induceval.report.plot"
    assert "plot" in dir(induceval)
    code = "import sys, induceval; assert 'matplotlib' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_scores_bars_labels_and_error_bars(deps):
    from matplotlib.container import BarContainer
    from matplotlib.figure import Figure

    ivs = {name: induceval.resample(r, n=50, seed=1).intervals for name, r in deps}
    fig = induceval.plot.scores(deps, ["directed", "undirected"], intervals=ivs)
    assert isinstance(fig, Figure)
    ax = fig.axes[0]
    assert len(ax.patches) == 3 * 2
    assert [t.get_text() for t in ax.get_xticklabels()] == ["directed", "undirected"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["RB", "LB", "gold"]
    heights = [p.get_height() for p in ax.patches]
    assert heights[4:] == [1.0, 1.0]                      # the gold against itself
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert len(bars) == 3 and all(c.errorbar for c in bars)
    # RB's directed bar spans its interval
    (segments,) = bars[0].errorbar.lines[2]
    low, high = ivs["RB"]["directed"].low, ivs["RB"]["directed"].high
    assert segments.get_segments()[0][:, 1].tolist() == pytest.approx([low, high])


def test_scores_mapping_one_measure_no_intervals(deps):
    fig = induceval.plot.scores(dict(deps), "directed")
    ax = fig.axes[0]
    assert len(ax.patches) == 3 and all(c.errorbar is None for c in ax.containers)
    assert ax.containers[0].patches[0].get_height() == deps["RB"].scores["directed"]


def test_scores_rejects_unknown_measure_and_no_system(deps):
    with pytest.raises(ParameterError, match="has no m1"):
        induceval.plot.scores(deps, ["directed", "m1"])
    with pytest.raises(ParameterError, match="no system"):
        induceval.plot.scores({}, ["directed"])


def test_accuracy_by_edge_length_lines(deps):
    from matplotlib.figure import Figure

    for results in (deps, dict(deps)):
        fig = induceval.plot.accuracy_by_edge_length(results, max_edge=4, title="demo")
        assert isinstance(fig, Figure)
        ax = fig.axes[0]
        assert [line.get_label() for line in ax.get_lines()] == ["RB", "LB", "gold"]
        assert max(len(line.get_xdata()) for line in ax.get_lines()) <= 4
        assert ax.get_xlabel() == "edge length" and ax.get_title() == "demo"
        assert list(ax.get_lines()[2].get_ydata()) == [100.0] * len(ax.get_lines()[2].get_xdata())


def test_figures_leave_no_pyplot_state(deps):
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    induceval.plot.scores(deps, "directed")
    induceval.plot.accuracy_by_edge_length(deps)
    assert plt.get_fignums() == before
