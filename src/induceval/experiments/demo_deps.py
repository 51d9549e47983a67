"""Demo step: the two chain baselines (PASCAL 2012's LB and RB) scored on the demo corpus.

LB and RB as in :mod:`induceval.models.dependencies.chains`, scored the PASCAL
way (punctuation removed with re-attachment) on all lengths and on length
<= 10, plus the directed accuracy by relation group (Gelling et al. 2012, Table 6).

References
----------
Gelling, Cohn, Blunsom & Graça (2012), The PASCAL Challenge on Grammar
Induction, §2.3, §4, Tables 3, 6 and 8.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> tables = run(generate_demo_corpus(300), seed=0)
>>> [t.rows[0]["system"] for t in tables[:2]]
['LB', 'LB']
"""

from __future__ import annotations

from induceval.corpus.model import Corpus
from induceval.measures.dependencies import evaluate_dependencies
from induceval.models.dependencies.chains import left_branching, right_branching
from induceval.report.dependencies import breakdown_table, systems_table

__all__ = ["run"]


def run(corpus: Corpus, seed: int) -> list:
    """Score LB and RB chains on ``corpus`` (``seed`` is unused: nothing is random).

    Parameters
    ----------
    corpus
        The demo corpus.
    seed
        The seed of the step (unused: nothing is random).

    Returns
    -------
    list
        The step's report items (tables, or text).

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> items = run(generate_demo_corpus(n_sentences=20, seed=1), 1)
    >>> items[0].title
    'Chain baselines on the demo corpus (all lengths)'
    """
    systems = {"LB": left_branching(corpus.offsets), "RB": right_branching(corpus.offsets)}
    tables, results = [], {}
    for max_length in (None, 10):
        results = {name: evaluate_dependencies(corpus, heads, max_length=max_length,
                                               breakdowns=("relation",) if max_length is None
                                               else ())
                   for name, heads in systems.items()}
        title = "Chain baselines on the demo corpus" + \
            (" (length <= 10)" if max_length else " (all lengths)")
        tables.append(systems_table(results, title=title))
        if max_length is None:
            by_rel = breakdown_table(results, "relation", title="Directed accuracy by relation "
                                           "(Gelling et al. 2012 Table 6 groups)")
    tables.append(by_rel)
    return tables
