"""Demo step: WOPA of the six learners on the demo corpus (Chang et al. 2006).

Self-prediction (learn from the adults, predict them) and adult-to-child
(learn from the adults, predict the child) for every learner, one table.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> [t.title for t in run(generate_demo_corpus(300), seed=1)]
['Word order prediction accuracy (WOPA) on the demo corpus']
"""

from __future__ import annotations

from induceval.corpus.model import Corpus
from induceval.report.tables import Table

__all__ = ["run"]


def run(corpus: Corpus, seed: int) -> list:
    """Both tests of the paper for all six learners on ``corpus``; one Table.

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
    >>> items = run(generate_demo_corpus(n_sentences=20, seed=1), 1)
    >>> items[0].title
    'Word order prediction accuracy (WOPA) on the demo corpus'
    """
    from induceval.experiments.wopa import adult_to_child, self_prediction
    from induceval.models.wopa import PAPER_ORDER

    self_res = self_prediction(corpus, PAPER_ORDER, seed=seed)
    child_res = adult_to_child(corpus, PAPER_ORDER, seed=seed)
    rows = [{"learner": s.learner, "self": s.accuracy, "adult_child": c.accuracy,
             "scored_self": s.n_scored, "scored_child": c.n_scored}
            for s, c in zip(self_res, child_res, strict=True)]
    notes = ["paper (14 CHILDES corpora): Chance < Prevword < Freqframe < Token/Type < "
             "Type/Token < Lexstat (~.71 self-prediction)", f"signature: {self_res[-1].signature}"]
    return [Table(["learner", "self", "adult_child", "scored_self", "scored_child"], rows,
                  higher_is_better={"self": True, "adult_child": True},
                  title="Word order prediction accuracy (WOPA) on the demo corpus",
                  notes=notes, digits=3)]
