"""The library's results (a corpus description, category scores) laid out as Tables.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> from induceval.corpus.stats import describe
>>> describe_table(describe(generate_demo_corpus(50))).rows[0]
{'statistic': 'sentences', 'value': 50}
"""

from __future__ import annotations

from collections.abc import Sequence

from induceval.report.tables import Table

__all__ = ["describe_table", "category_table"]


def _short(counts: dict[str, int], limit: int = 8) -> str:
    items = list(counts.items())
    text = ", ".join(f"{k} {v}" for k, v in items[:limit])
    if len(items) > limit:
        text += f", ... ({len(items)} in all)"
    return text or "-"


#: what describe() counts of a dependency tree's flaws, with the words that say it
_TREE_FLAWS = (("tokens_without_head", "tokens without"),
               ("sentences_without_root", "sentences without a root"),
               ("sentences_with_several_roots", "with several roots"),
               ("sentences_with_cycles", "sentences with cycles"), ("self_loops", "self-loops"),
               ("heads_out_of_range", "heads out of range"))


def describe_table(stats: dict, *, inventory_limit: int = 15) -> Table:
    """Lay out :func:`~induceval.corpus.stats.describe`'s dict as ``statistic``/``value`` rows.

    Parameters
    ----------
    stats
        The dict of :func:`~induceval.corpus.stats.describe`.
    inventory_limit
        The most tags shown of an inventory.

    Returns
    -------
    Table
        ``statistic``/``value`` rows.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.stats import describe
    >>> describe_table(describe(generate_demo_corpus(n_sentences=20, seed=1))).rows[:2]
    [{'statistic': 'sentences', 'value': 20}, {'statistic': 'tokens', 'value': 83}]
    """
    rows: list[dict] = []

    def add(stat: str, value: object) -> None:
        rows.append({"statistic": stat, "value": value})

    for key in ("sentences", "tokens", "types", "empty_sentences", "mean_length", "max_length"):
        add(key.replace("_", " "), stats[key])
    if stats["files"]:
        add("files", stats["files"])
    add("token columns", ", ".join(stats["token_columns"]))
    if stats["sentence_columns"]:
        add("sentence columns", ", ".join(stats["sentence_columns"]))
    for name, info in stats["tag_columns"].items():
        missing = f"; {info['missing']} missing" if info["missing"] else ""
        add(f"{name} tags ({info['size']}{missing})", _short(info["inventory"], inventory_limit))
    for name, info in stats["dependencies"].items():
        text = (f"{info['tokens_with_head']} tokens with a head in "
                f"{info['sentences_annotated']} sentences")
        text += "".join(f"; {info[key]} {what}" for key, what in _TREE_FLAWS if info.get(key))
        if "relations" in info:
            text += f"; {info['relations']} relations"
        add(f"dependencies {name}", text)
    for key in ("speakers", "roles", "languages"):
        if stats[key]:
            add(key, _short(stats[key]))
    if stats["documents"]:
        add("documents", len(stats["documents"]))
    ages = stats["age_days"]
    if ages:
        add("age range", f"{ages['min_ymd']} - {ages['max_ymd']} ({ages['min']}-{ages['max']} "
                         f"days, {ages['sessions']} distinct ages)")
    rep = stats["report"]
    for kind, label in (("counts", "counted"), ("skipped", "skipped")):
        for reason, n in rep[kind].items():
            example = rep["examples"].get(reason)
            add(f"{label}: {reason}", f"{n} (e.g. {example})" if example else n)
    return Table(["statistic", "value"], rows, title=f"corpus {stats['name'] or '<unnamed>'}")


def category_table(results: Sequence, names: Sequence[str], extra_notes: Sequence[str] = ()
                   ) -> Table:
    """One row per system (category results), columns the measures, best values marked.

    Parameters
    ----------
    results
        Category results, one per system (the same measures).
    names
        The systems' names.
    extra_notes
        More notes under the table.

    Returns
    -------
    Table
        One row per system.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.measures.categories import evaluate_tags
    >>> demo = generate_demo_corpus(n_sentences=20, seed=1)
    >>> t = category_table([evaluate_tags(demo, demo, pred_column="xpos")], ["xpos"])
    >>> t.columns[:3], t.rows[0]["system"]
    (['system', 'm1', '1to1'], 'xpos')
    """
    from induceval.measures.categories import MEASURES

    cols = [m for m in MEASURES if m in results[0].scores]
    rows = [r.row(n) for r, n in zip(results, names)]
    counts = results[0].counts
    notes = [f"signature: {s}" for s in dict.fromkeys(r.signature for r in results)]
    notes += list(extra_notes)
    notes.append("tokens: " + ", ".join(f"{k}={v}" for k, v in counts.items()))
    for r, n in zip(results, names):
        if r.counts.get("n_unclustered"):
            notes.append(f"{n}: {r.counts['n_unclustered']} scored tokens unclustered")
    return Table(["system"] + cols, rows,
                 higher_is_better={c: MEASURES[c].higher_is_better for c in cols},
                 title="category measures", notes=notes)
