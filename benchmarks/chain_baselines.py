"""LB / RB chain baselines on the UD dev/test files and on Eve.

Usage::

    python benchmarks/chain_baselines.py [--data ../shared/data] [--format markdown]

LB = every word headed by its RIGHT neighbour (last word = root); RB = every
word headed by its LEFT neighbour (first word = root) — PASCAL 2012's names
(Gelling et al. 2012, §4; see :mod:`induceval.models.dependencies.chains` for why).
Punctuation removed with re-attachment (UD: gold UPOS ``PUNCT``; Eve: the
``unicode`` policy, since CHAT has no UPOS: ``.``, ``?``, ``!``, ``+...``,
``,``, ``‡``, ``„``), all lengths and length <= 10.  Eve is scored against
``%gra`` (``head``) and ``%xgrt`` (``head@xgrt``), each reported, plus the max.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from induceval.corpus import read_corpus  # noqa: E402
from induceval.data import shared_data_dir  # noqa: E402
from induceval.measures.dependencies import evaluate_dependencies  # noqa: E402
from induceval.models.dependencies.chains import left_branching, right_branching  # noqa: E402
from induceval.report.tables import Table  # noqa: E402


def score(corpus, name, punct, references, rows):
    for max_length in (None, 10):
        for system, chain in (("LB", left_branching), ("RB", right_branching)):
            r = evaluate_dependencies(corpus, chain(corpus.offsets), punct=punct,
                                      max_length=max_length, references=references,
                                      breakdowns=(), diagnostics=False)
            for ref in r.references:
                s = r.references[ref].scores
                rows.append({"data": name, "reference": ref, "length": max_length or "all",
                             "system": system, "directed": 100 * s["directed"],
                             "undirected": 100 * s["undirected"], "ned": 100 * s["ned"],
                             "tokens": s["tokens"]})
            if len(r.references) > 1:
                rows.append({"data": name, "reference": "max", "length": max_length or "all",
                             "system": system, "directed": 100 * r.scores["directed"],
                             "undirected": 100 * r.scores["undirected"],
                             "ned": 100 * r.scores["ned"], "tokens": None})


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(shared_data_dir()))
    ap.add_argument("--format", default="markdown")
    args = ap.parse_args()
    data = Path(args.data)
    rows: list[dict] = []
    t0 = time.perf_counter()
    for f in sorted((data / "ud").glob("UD_*/*-ud-*.conllu")):
        corpus = read_corpus(f)
        score(corpus, f.stem.replace("-ud", ""), "upos", ("head",), rows)
    eve = data / "childes" / "eve"
    if eve.exists():
        corpus = read_corpus(eve)
        score(corpus, "eve (all utterances)", "unicode", ("head", "head@xgrt"), rows)
        try:
            from induceval.corpus.transforms import select_child_directed
            score(select_child_directed(corpus), "eve (child-directed)", "unicode",
                  ("head", "head@xgrt"), rows)
        except (AttributeError, ImportError) as exc:
            print(f"(child-directed subset skipped: {exc})", file=sys.stderr)
    table = Table(["data", "reference", "length", "system", "directed", "undirected", "ned",
                   "tokens"], rows, digits=1,
                  title="Chain baselines (LB: head = right neighbour; RB: head = left "
                        "neighbour), punctuation removed")
    print(table.render(args.format))
    print(f"({time.perf_counter() - t0:.1f} s including reading)")


if __name__ == "__main__":
    main()
