"""Figures for notebooks: each function returns a ``matplotlib.figure.Figure``.

Reachable as ``induceval.plot`` (loaded on first use; ``import induceval`` does not
import matplotlib).  The figures are made without pyplot: no backend is chosen and
nothing is registered globally, so there is nothing to close; a notebook shows the
returned figure, ``fig.savefig(path)`` writes it.

- :func:`scores`: systems × measures as grouped bars, with bootstrap intervals as
  error bars;
- :func:`accuracy_by_edge_length`: directed accuracy by gold edge length
  (Gelling et al. 2012, Figure 1; what ``eval deps --plot`` draws).

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar Induction,
Figure 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from induceval.errors import ParameterError
from induceval.report._figure import new_figure
from induceval.report.dependencies import accuracy_by_edge_length_figure

__all__ = ["scores", "accuracy_by_edge_length"]


def _by_name(results) -> dict:
    """A mapping name -> result, or an ``Evaluation`` (pairs), as a dict."""
    out = dict(results)
    if not out:
        raise ParameterError("results: no system to plot")
    return out


def scores(results, measures: str | Sequence[str], *,
           intervals: Mapping[str, Mapping] | None = None):
    """Systems × measures as a grouped bar chart: a group per measure, a bar per system.

    Parameters
    ----------
    results : Mapping[str, result] or Evaluation
        The systems' results by name (anything with a ``scores`` mapping: tag,
        dependency, WOPA results), or what ``evaluate_tag_systems`` or
        ``evaluate_dependency_systems`` return.
    measures : str or sequence of str
        The measures to draw, keys of every result's ``scores`` (``"m1"``, ``"vm"``,
        ``"directed"``...).
    intervals : Mapping[str, Mapping[str, Interval]], optional
        By system name, ``resample(result).intervals`` (a ``Resampled`` itself is
        accepted too): each bar gets an error bar from ``low`` to ``high``.  Systems
        or measures missing from it get no error bar.

    Returns
    -------
    matplotlib.figure.Figure
        One axes; ``len(results) * len(measures)`` bars, a legend of the systems.

    Raises
    ------
    ParameterError
        No system, no measure, or a measure that some result does not have.

    Example
    -------
    >>> import induceval
    >>> from induceval import plot
    >>> demo = induceval.generate_demo_corpus(n_sentences=30, seed=1)
    >>> ev = induceval.evaluate_tag_systems(demo, [demo, demo], pred_column="xpos",
    ...                                     names=["a", "b"], items="sentence")
    >>> ivs = {name: induceval.resample(r, n=50).intervals for name, r in ev}
    >>> fig = plot.scores(ev, ["m1", "v"], intervals=ivs)
    >>> type(fig).__name__, len(fig.axes[0].patches)
    ('Figure', 4)
    """
    by_name = _by_name(results)
    measures = [measures] if isinstance(measures, str) else list(measures)
    if not measures:
        raise ParameterError("measures: give at least one measure")
    for name, r in by_name.items():
        missing = [m for m in measures if m not in r.scores]
        if missing:
            raise ParameterError(f"measures: {name!r} has no {', '.join(missing)} "
                                 f"(it has {', '.join(r.scores)})")
    intervals = intervals or {}
    fig = new_figure(figsize=(max(4.0, 1.2 * len(measures) + 2.0), 4))
    ax = fig.subplots()
    x = np.arange(len(measures))
    width = 0.8 / len(by_name)
    for i, (name, r) in enumerate(by_name.items()):
        heights = np.array([float(r.scores[m]) for m in measures])
        ivs = getattr(intervals.get(name), "intervals", intervals.get(name)) or {}
        yerr = None
        if any(m in ivs for m in measures):   # asymmetric, from the interval's bounds
            low = np.array([heights[j] - ivs[m].low if m in ivs else 0.0
                            for j, m in enumerate(measures)])
            high = np.array([ivs[m].high - heights[j] if m in ivs else 0.0
                             for j, m in enumerate(measures)])
            yerr = np.clip(np.vstack([low, high]), 0.0, None)
        ax.bar(x + (i - (len(by_name) - 1) / 2) * width, heights, width, label=name,
               yerr=yerr, capsize=3 if yerr is not None else 0)
    ax.set_xticks(x, measures)
    ax.set_ylabel("score")
    ax.legend()
    fig.tight_layout()
    return fig


def accuracy_by_edge_length(results, *, max_edge: int = 9, measure: str = "directed",
                            reference: str | None = None, title: str = ""):
    """Accuracy by gold edge length, a line per system (Gelling et al. 2012, Figure 1).

    The figure ``eval deps --plot accuracy-by-edge-length`` saves.

    Parameters
    ----------
    results : Mapping[str, DependencyResult] or Evaluation
        The systems' dependency results by name, or what
        ``evaluate_dependency_systems`` returns.
    max_edge : int
        Lengths 1..``max_edge`` (Gelling et al. 2012 omits 10 and more); lengths with
        no gold edge are left out of a line.
    measure : {"directed", "undirected", "ned"}
        The accuracy drawn, in %.
    reference : str, optional
        With several gold references, the one to break down (default: the first).
    title : str
        Drawn above the axes, wrapped.

    Returns
    -------
    matplotlib.figure.Figure
        One axes with a line per system and, when there are lines, their legend.

    Example
    -------
    >>> import induceval
    >>> from induceval import plot
    >>> from induceval.models.dependencies.chains import left_branching, right_branching
    >>> demo = induceval.generate_demo_corpus(n_sentences=30, seed=1)
    >>> ev = induceval.evaluate_dependency_systems(
    ...     [demo], [right_branching(demo.offsets), left_branching(demo.offsets)],
    ...     names=["RB", "LB"])
    >>> fig = plot.accuracy_by_edge_length(ev, max_edge=5)
    >>> type(fig).__name__, [line.get_label() for line in fig.axes[0].get_lines()]
    ('Figure', ['RB', 'LB'])
    """
    return accuracy_by_edge_length_figure(_by_name(results), max_edge=max_edge,
                                          measure=measure, reference=reference, title=title)
