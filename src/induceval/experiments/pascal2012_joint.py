"""PASCAL 2012 joint track: DMV trained on induced Brown clusters instead of gold tags.

``induceval reproduce pascal2012-joint [TREEBANK...] [--out DIR] [--jobs N]``

For each treebank and each gold tag set (coarse c, fine p, universal u),
the words (punctuation removed) are clustered by Brown clustering into ``K`` clusters,
``K`` being the number of distinct gold tags of that set, as Gelling et al. 2012 did
("the DMV model performs best when using the same number of word clusters as
there are POS tags"); the DMV is then trained on the cluster column and
scored by directed, undirected and NED accuracy for all lengths (Gelling et al. 2012,
Table 4) and for length <= 10 (Gelling et al. 2012, Table 9).  The paper's numbers
of both tables are written beside ours (``<key>_paper``, as by ``reproduce
pascal2012-deps``) for the treebanks that stand for its test sets.

Treebanks are read as by ``reproduce pascal2012-deps``.  ``K``
is capped by ``--max-k`` (default 200; Brown clustering is quadratic in
``K``), the cap being reported.  Choices as in the dependency protocol (DMV
trained on length <= 10, every treebank used whole).

References
----------
Gelling, D., Cohn, T., Blunsom, P. and Graça, J. (2012). The PASCAL Challenge
on Grammar Induction. NAACL-HLT WILS, §5.1 (Brown baselines), §6.3, Tables 4 and 9.
Brown, P. F. et al. (1992). Class-based n-gram models of natural language.
"""

from __future__ import annotations

import numpy as np

from induceval.errors import InducevalError
from induceval.experiments._pascal2012_joint_protocol import PROTOCOL
from induceval.experiments.pascal2012_deps import Treebank, as_treebank, treebanks_or_default
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, table_keys, write_tables
from induceval.signature import Signature, make_signature

__all__ = ["KINDS", "run_joint_cell", "pascal2012_joint", "PROTOCOL", "cluster_column"]

#: system name -> gold tag kind whose inventory size gives K
KINDS = {"DMVc": "c", "DMVp": "p", "DMVu": "u"}


def cluster_column(corpus, k: int, punct: str = "keep", column: str = "brown"):
    """Add a token column of Brown cluster ids (``B0``, ``B1`` ...) computed without punctuation.

    Returns ``(corpus, n_clusters)``; unclustered words are missing (``-1``).

    Parameters
    ----------
    corpus
        The corpus.
    k
        The number of clusters.
    punct
        The punctuation policy (punctuation is not clustered).
    column
        The name of the column added.

    Returns
    -------
    tuple of (Corpus, int)
        The corpus with the column, and the number of clusters.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> corpus, n = cluster_column(generate_demo_corpus(40, seed=1), 5)
    >>> n, corpus.sentence(0).strings("brown")[:2]
    (5, ['B0', 'B4'])
    """
    from induceval.corpus.model import Column, Vocabulary
    from induceval.corpus.transforms import punctuation_mask
    from induceval.models.categories import brown_clusters

    mask = punctuation_mask(corpus, punct) if punct != "keep" else np.zeros(corpus.n_tokens, bool)
    clusters = brown_clusters(corpus.keep_tokens(~mask), k)
    n = int(getattr(clusters, "n_clusters", len(set(clusters.values()))))
    vocab = Vocabulary([f"B{i}" for i in range(n)])
    forms = corpus.vocab.items
    table = np.array([clusters.get(f, -1) if clusters.get(f) is not None else -1
                      for f in forms] + [-1], dtype=np.int32)
    values = table[corpus.forms]
    values[mask] = -1
    return corpus.with_tokens(**{column: Column(values, vocab)}), n


def run_joint_cell(path: str | Treebank, system: str, *, max_k: int = 200,
                   max_train_length: int | None = 10, iterations: int = 100,
                   tolerance: float = 1e-5) -> dict:
    """One cell: DMV on Brown clusters with K = the size of tag set ``KINDS[system]``, on the
    treebank at ``path`` (or read).

    Parameters
    ----------
    path
        The treebank, or its path.
    system
        A system of :data:`KINDS`.
    max_k
        The largest K.
    max_train_length
        The longest training sentence (``None``: all).
    iterations, tolerance
        EM's iterations and stopping tolerance.

    Returns
    -------
    dict
        The scores, K and signature, JSON-ready.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> cell = run_joint_cell(tb, "DMVu", iterations=5)
    >>> cell["k_gold"], sorted(cell)[:3]
    (11, ['all', 'iterations', 'k'])
    """
    from induceval.corpus.transforms import punctuation_mask
    from induceval.experiments.pascal2012_deps import _evaluate
    from induceval.models.dependencies import induce_dependencies

    tb = as_treebank(path)
    col = tb.tags.get(KINDS[system])
    if col is None:
        return {"missing": f"{tb.name} has no {KINDS[system]!r} tag column"}
    mask = punctuation_mask(tb.corpus, tb.punct) if tb.punct != "keep" else None
    vals = tb.corpus.tokens[col].values
    vals = vals if mask is None else vals[~mask]
    k_gold = int(np.unique(vals[vals >= 0]).size)
    k = min(k_gold, max_k)
    corpus, n_clusters = cluster_column(tb.corpus, k, tb.punct)
    res = induce_dependencies(corpus, "dmv", tags="brown", punct=tb.punct,
                              max_train_length=max_train_length, iterations=iterations,
                              tolerance=tolerance)
    out = _evaluate(tb, res.corpus)
    out.update(signature=Signature.parse(res.signature).update(brown_k=k).format(),
               iterations=len(res.log_likelihood), k_gold=k_gold, k=k, n_clusters=n_clusters,
               skipped=res.skipped)
    return out


def pascal2012_joint(treebanks: list[str], out_dir: str | None = None, *, jobs: int = 1,
                     max_k: int = 200, max_train_length: int | None = 10,
                     iterations: int = 100, tolerance: float = 1e-5,
                     show_progress: bool = False, confidence: int = 1000,
                     alpha: float = 0.05, seed: int = DEFAULT_SEED) -> list[Table]:
    """Run the joint protocol; return Gelling et al. 2012, Table 4/9-shaped tables (rows treebanks).

    ``confidence`` bootstrap resamples of sentences (0 = none) give each
    score a ``<system> ±`` column and each row its best system and those not
    significantly different from it at ``alpha``, as in
    :func:`induceval.experiments.pascal2012_deps.accuracy_tables` (seed
    ``seed`` of the ``resampling.bootstrap`` stream).

    Parameters
    ----------
    treebanks
        The treebanks' paths.
    out_dir
        Where tables and finished cells go, with the paper's numbers beside them
        (:func:`~induceval.experiments.pascal2012_deps.paper_twins`; ``None``: nothing
        written).
    jobs
        Processes running the cells.
    max_k
        The largest K.
    max_train_length
        The longest training sentence (``None``: all).
    iterations, tolerance
        EM's iterations and stopping tolerance.
    show_progress
        Show a bar over the cells.
    confidence, alpha, seed
        See above.

    Returns
    -------
    list of Table
        The accuracy tables, rows treebanks.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> path = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(40, seed=1), path)
    >>> tables = pascal2012_joint([path], iterations=5, confidence=0)
    >>> [row["treebank"] for row in tables[0].rows]
    ['demo', 'averages']
    """
    from induceval.experiments.pascal2012_deps import (
        accuracy_tables,
        paper_twins,
        treebank_cells,
    )

    names, results = treebank_cells(
        run_joint_cell, treebanks, KINDS, {"max_k": max_k, "max_train_length": max_train_length,
                                           "iterations": iterations, "tolerance": tolerance},
        out_dir, jobs=jobs, show_progress=show_progress, desc="pascal2012-joint", prefix="joint|")
    run_sig = make_signature("pascal2012-joint", {"max_k": max_k, "train_length": max_train_length,
                                                  "iterations": iterations,
                                                  "tolerance": tolerance}, seed=seed)
    notes = [f"signature: {run_sig}",
             "DMV trained on Brown clusters of the words (punctuation removed), K = number "
             f"of gold coarse/fine/universal tags (capped at {max_k}); trained on length <= "
             f"{max_train_length}; '-': no such gold tag set"]
    tables = accuracy_tables(results, list(names.values()), list(KINDS), notes,
                             confidence=confidence, alpha=alpha, seed=seed, prefix="joint|",
                             paper=("Table 4", "Table 9"), title="joint task: ", with_k=True)
    if out_dir is not None:   # as every protocol: the tables beside their cells, and the
        keys = table_keys(tables)   # paper's numbers beside those it has
        write_tables({**dict(zip(keys, tables)),
                      **paper_twins(tables, keys, ("Table 4", "Table 9"), "joint task: ")},
                     out_dir)
    return tables


def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce pascal2012-joint`` options."""
    if o.max_k < 2:
        raise InducevalError(f"--max-k must be at least 2, got {o.max_k}")
    return pascal2012_joint(treebanks_or_default(o.treebanks, data), o.out, jobs=o.jobs,
                            max_k=o.max_k, max_train_length=o.max_train_length or None,
                            iterations=o.iterations, tolerance=o.tolerance,
                            show_progress=show_progress, confidence=o.confidence,
                            alpha=o.alpha, seed=o.seed), []
