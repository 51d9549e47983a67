"""Demo step: pseudo-word evaluation of selectional preferences on the demo corpus."""

from __future__ import annotations

from induceval.corpus.model import Corpus
from induceval.report.tables import Table, signed

__all__ = ["run"]


def run(corpus: Corpus, seed: int) -> list[Table | str]:
    """Chambers & Jurafsky (2010)'s Figure 4 and unseen curve on the demo corpus.

    The demo corpus is small, so the randomization test runs 200 iterations.

    Parameters
    ----------
    corpus
        The demo corpus.
    seed
        The seed of the step.

    Returns
    -------
    list
        The step's report items (tables, or text).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> items = run(generate_demo_corpus(n_sentences=200, seed=1), 1)
    >>> items[0].title
    'Figure 4 (demo): accuracy +50% by confounder, training x2 (%)'
    """
    from induceval.experiments.chambers2010 import run_chambers2010

    tables = run_chambers2010({"demo": corpus}, None, seed=seed, iterations=200, plots=False)
    return signed([tables["demo_figure4"], tables["demo_unseen"]])
