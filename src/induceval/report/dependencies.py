"""Dependency results as tables and figures, in the shapes of the PASCAL 2012 report:
one row per system (Tables 3, 5, 8), accuracy by group (Table 6), directed
accuracy by gold edge length (Figure 1).

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, Tables 3, 5, 6, 8 and Figure 1 ("edges of length 10 or more were
omitted").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from induceval.atomic import save_figure
from induceval.corpus.model import Corpus
from induceval.errors import check_choice, check_range
from induceval.measures.dependencies.evaluate import DependencyResult
from induceval.report.tables import Table

__all__ = ["systems_table", "breakdown_table", "evaluate_systems", "accuracy_by_edge_length",
           "accuracy_by_edge_length_figure", "plot_accuracy_by_edge_length"]


def systems_table(results: Mapping[str, DependencyResult], *, title: str = "",
                  measures: Sequence[str] = ("directed", "undirected", "ned", "root"),
                  percent: bool = False) -> Table:
    """One row per system, the shape of Gelling et al. 2012, Table 3 (transposed: systems as rows).

    With several references, the main columns hold the maximum over
    references and ``directed[REF]`` columns give each reference (Gelling et al. 2012, Table 5).

    Parameters
    ----------
    results
        System name -> its dependency result.
    title
        The table's title.
    measures
        The measures shown.
    percent
        Show percentages.

    Returns
    -------
    Table
        One row per system.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> from induceval.models.dependencies.chains import left_branching, right_branching
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": list("abc"), "head": [2, 0, 2], "upos": ["D", "N", "V"]})
    >>> g = b.build()
    >>> results = {name: evaluate_dependencies(g, chain(g.offsets), punct="keep",
    ...                                        breakdowns=["pos"])
    ...            for name, chain in (("LB", left_branching), ("RB", right_branching))}
    >>> [(r["system"], round(r["undirected"], 3)) for r in systems_table(results).rows]
    [('LB', 0.667), ('RB', 0.667)]
    """
    k = 100.0 if percent else 1.0
    rows, extra = [], {}
    for name, r in results.items():
        refs = [f"directed[{ref}]" for ref in r.references] if len(r.references) > 1 else []
        extra.update(dict.fromkeys(refs))
        rows.append({"system": name, **{m: r.scores[m] * k for m in (*measures, *refs)},
                     "tokens": r.scores["tokens"], "sentences": r.scores["sentences"]})
    columns = ["system", *measures, *extra, "tokens", "sentences"]
    notes = []
    if results:
        first = next(iter(results.values()))
        notes.append(f"signature: {first.signature}")
        if extra:   # a maximum over references is not the score of any one of them
            notes.append(f"{', '.join(measures)}: the best over the references "
                         f"({', '.join(first.references)}; Gelling et al. 2012, Table 5), "
                         "each one's directed accuracy in directed[REF]")
        notes.append("preprocessing: " + ", ".join(f"{k}={v}" for k, v in
                                                   first.preprocessing.items()))
        for name, r in results.items():
            if r.structure:
                notes.append(f"{name} trees: " + ", ".join(f"{k}={v}" for k, v in
                                                         r.structure.items()))
    hib = {c: True for c in columns if c not in ("system", "tokens", "sentences")}
    if percent:   # a percent table says so (every other score is a proportion)
        title = f"{title} (%)" if title else "(%)"
    return Table(columns, rows, higher_is_better=hib, title=title, notes=notes,
                 digits=1 if percent else 4)


def breakdown_table(results: Mapping[str, DependencyResult], by: str, *,
                    measure: str = "directed", reference: str | None = None,
                    title: str = "") -> Table:
    """A breakdown as a table.

    One system: a row per group with tokens and all three measures.  Several
    systems: a row per system and a column per group holding ``measure``
    (the shape of Gelling et al. 2012, Table 6).

    Parameters
    ----------
    results
        System name -> its dependency result.
    by
        The breakdown (e.g. ``"pos"``), computed in the results.
    measure
        The measure of the columns (several systems).
    reference
        The reference scored (default: the first).
    title
        The table's title.

    Returns
    -------
    Table
        The breakdown by group (one system) or by system and group.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> from induceval.models.dependencies.chains import left_branching, right_branching
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": list("abc"), "head": [2, 0, 2], "upos": ["D", "N", "V"]})
    >>> g = b.build()
    >>> results = {name: evaluate_dependencies(g, chain(g.offsets), punct="keep",
    ...                                        breakdowns=["pos"])
    ...            for name, chain in (("LB", left_branching), ("RB", right_branching))}
    >>> breakdown_table(results, "pos").rows
    [{'system': 'LB', 'D': 1.0, 'N': 0.0, 'V': 0.0}, {'system': 'RB', 'D': 0.0, 'N': 0.0, 'V': 1.0}]
    """
    check_choice("measure", measure, ("directed", "undirected", "ned"))
    by_system = {name: r.breakdown(by, reference) for name, r in results.items()}
    notes = [f"signature: {next(iter(results.values())).signature}"]
    if len(by_system) == 1:
        name, b = next(iter(by_system.items()))
        return Table([by, "tokens", "directed", "undirected", "ned"], b.rows(),
                     title=title or f"{name}: accuracy by {by}", notes=notes)
    labels = list(dict.fromkeys(lab for b in by_system.values() for lab in b.labels))
    rows = [{"system": name, **{lab: b.score(lab, measure) for lab in labels}}
            for name, b in by_system.items()]
    return Table(["system"] + labels, rows, higher_is_better={lab: True for lab in labels},
                 title=title or f"{measure} accuracy by {by}", notes=notes)


def evaluate_systems(gold: Corpus | Sequence[Corpus], systems: Mapping[str, Corpus | np.ndarray],
                     **options) -> Table:
    """Score several systems against the same gold: Gelling et al. 2012, Table 3's rows.

    ``options`` are those of :func:`evaluate_dependencies`.

    Parameters
    ----------
    gold
        The gold corpus (or its analyses).
    systems
        System name -> predicted corpus or heads.
    **options
        Options of :func:`evaluate_dependencies`.

    Returns
    -------
    Table
        One row per system.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.models.dependencies.chains import left_branching, right_branching
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> t = evaluate_systems(g, {"LB": left_branching(g.offsets),
    ...                          "RB": right_branching(g.offsets)}, punct="keep")
    >>> [(r["system"], round(r["directed"], 3)) for r in t.rows]
    [('LB', 0.333), ('RB', 0.333)]
    """
    from induceval.measures.dependencies import evaluate_dependencies

    results = {name: evaluate_dependencies(gold, p, **options) for name, p in systems.items()}
    return systems_table(results)


def accuracy_by_edge_length(result, max_edge: int = 9, measure: str = "directed",
                            reference: str | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(lengths 1..max_edge, accuracy in % or nan) from a result's ``edge-length-exact`` breakdown.

    Parameters
    ----------
    result
        A dependency result with its ``edge-length-exact`` breakdown.
    max_edge
        The longest edge length.
    measure
        The measure.
    reference
        The reference scored (default: the first).

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        The lengths and the accuracies (``nan`` with no gold edge of that length).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> from induceval.models.dependencies.chains import right_branching
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> r = evaluate_dependencies(g, right_branching(g.offsets), punct="keep")
    >>> x, y = accuracy_by_edge_length(r, 2); x.tolist(), y.tolist()
    ([1, 2], [50.0, nan])
    """
    check_range("max_edge", max_edge, 1)
    check_choice("measure", measure, ("directed", "undirected", "ned"))
    b = result.breakdown("edge-length-exact", reference)
    x = np.arange(1, max_edge + 1)
    y = np.array([100.0 * b.score(str(i), measure) for i in x])
    return x, y


def accuracy_by_edge_length_figure(results, *, max_edge: int = 9, measure: str = "directed",
                                   reference: str | None = None, title: str = ""):
    """Gelling et al. 2012, Figure 1 for the given systems, as a matplotlib ``Figure``.

    ``results``: a mapping name -> result, or pairs (name, result) such as an
    ``Evaluation``.  Lengths 1..``max_edge`` (Gelling et al. 2012 omits 10 and more);
    points with no gold edge of that length are left out.  The figure is made without
    pyplot (no backend is chosen, no figure is left open); it is public as
    :func:`induceval.report.plot.accuracy_by_edge_length`.

    Parameters
    ----------
    results
        System name -> its dependency result, or (name, result) pairs.
    max_edge
        The longest edge length.
    measure
        The measure.
    reference
        The reference scored (default: the first).
    title
        The figure's title.

    Returns
    -------
    matplotlib.figure.Figure
        One line per system.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> from induceval.models.dependencies.chains import right_branching
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> r = evaluate_dependencies(g, right_branching(g.offsets), punct="keep")
    >>> type(accuracy_by_edge_length_figure({"RB": r}, max_edge=2)).__name__
    'Figure'
    """
    from induceval.report._figure import new_figure

    fig = new_figure(figsize=(5, 4))
    ax = fig.subplots()
    markers = "os^vDx+*<>"
    for i, (name, res) in enumerate(dict(results).items()):
        x, y = accuracy_by_edge_length(res, max_edge, measure, reference)
        ok = ~np.isnan(y)
        ax.plot(x[ok], y[ok], marker=markers[i % len(markers)], label=name)
    ax.set_xlabel("edge length")
    ax.set_ylabel(f"{measure} accuracy (%)")
    if title:   # long titles (a corpus and a signature) wrap instead of running off
        import textwrap

        ax.set_title("\n".join(textwrap.wrap(title, 60)), fontsize=8)
    if ax.get_legend_handles_labels()[0]:   # no empty legend
        ax.legend()
    fig.tight_layout()
    return fig


def plot_accuracy_by_edge_length(results: Mapping[str, object], path: str, *,
                                 max_edge: int = 9, measure: str = "directed",
                                 reference: str | None = None, title: str = "") -> str:
    """Draw :func:`accuracy_by_edge_length_figure` (Gelling et al. 2012, Figure 1) into
    ``path``; return it.

    Parameters
    ----------
    results
        System name -> its dependency result.
    path
        The figure's file.
    max_edge, measure, reference, title
        As in :func:`accuracy_by_edge_length_figure`.

    Returns
    -------
    str
        ``path``.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.model import CorpusBuilder
    >>> from induceval.measures.dependencies import evaluate_dependencies
    >>> from induceval.models.dependencies.chains import right_branching
    >>> b = CorpusBuilder(); b.add_sentence({"form": list("abc"), "head": [2, 0, 2]})
    >>> g = b.build()
    >>> r = evaluate_dependencies(g, right_branching(g.offsets), punct="keep")
    >>> path = os.path.join(tempfile.mkdtemp(), "f.png")
    >>> p = plot_accuracy_by_edge_length({"RB": r}, path, max_edge=2)
    >>> os.path.getsize(p) > 0
    True
    """
    fig = accuracy_by_edge_length_figure(results, max_edge=max_edge, measure=measure,
                                         reference=reference, title=title)
    save_figure(fig, path)
    return path
