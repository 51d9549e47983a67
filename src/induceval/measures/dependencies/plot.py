"""Gelling et al. 2012, Figure 1: directed accuracy by gold edge length, one line per system.

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, Figure 1 ("edges of length 10 or more were omitted").
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from induceval.errors import check_choice, check_range

__all__ = ["accuracy_by_edge_length", "plot_accuracy_by_edge_length"]


def accuracy_by_edge_length(result, max_edge: int = 9, measure: str = "directed",
                            reference: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(lengths 1..max_edge, accuracy in % or nan) from a result's ``edge-length-exact`` breakdown.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies, chain_heads
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> r = evaluate_dependencies(g, chain_heads(g, "left"), punct="keep")
    >>> x, y = accuracy_by_edge_length(r, 2); x.tolist(), y.tolist()
    ([1, 2], [50.0, nan])
    """
    check_range("max_edge", max_edge, 1)
    check_choice("measure", measure, ("directed", "undirected", "ned"))
    b = result.breakdown("edge-length-exact", reference)
    x = np.arange(1, max_edge + 1)
    y = np.array([100.0 * b.score(str(i), measure) for i in x])
    return x, y


def plot_accuracy_by_edge_length(results: Mapping[str, object], path: str, *,
                                 max_edge: int = 9, measure: str = "directed",
                                 reference: str | None = None, title: str = "") -> str:
    """Draw Gelling et al. 2012, Figure 1 for the given systems and save it to ``path``.

    Returns the path.

    Lengths 1..``max_edge`` (Gelling et al. 2012 omits 10 and more); points with no gold edge
    of that length are left out.
    """
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 4))
    markers = "os^vDx+*<>"
    for i, (name, res) in enumerate(results.items()):
        x, y = accuracy_by_edge_length(res, max_edge, measure, reference)
        ok = ~np.isnan(y)
        ax.plot(x[ok], y[ok], marker=markers[i % len(markers)], label=name)
    ax.set_xlabel("edge length")
    ax.set_ylabel(f"{measure} accuracy (%)")
    if title:
        ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path
