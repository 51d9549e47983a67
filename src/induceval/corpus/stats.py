"""Descriptive statistics of a corpus (what ``induceval info`` shows).

:func:`describe` returns plain data (a dict, JSON-serialisable);
:func:`describe_table` lays it out as a two-column
:class:`~induceval.report.tables.Table`.

Example
-------
>>> from induceval.corpus.demo import generate_demo_corpus
>>> d = describe(generate_demo_corpus(100))
>>> d["sentences"], sorted(d["speakers"])
(100, ['CHI', 'FAT', 'MOT'])
"""

from __future__ import annotations

import numpy as np

from induceval.corpus.model import Corpus, days_to_age
from induceval.corpus.transforms.punct import head_columns
from induceval.report.tables import Table

__all__ = ["describe", "describe_table", "format_age", "reading_errors", "TAG_COLUMN_EXCLUDE"]

#: Categorical token columns that are not tag columns.
TAG_COLUMN_EXCLUDE = frozenset({"form", "lemma", "feats", "misc", "deps", "phead", "pdeprel"})


def format_age(days: int, convention: str = "days") -> str:
    """CHILDES-style ``Y;M.D`` for an age in days (inverse of
    :func:`~induceval.corpus.model.age_in_days` under ``convention``).

    Example
    -------
    >>> format_age(737), format_age(608), format_age(613, "chang2006")
    ('2;0.7', '1;8.0', '1;8.0')
    """
    years, months, d = days_to_age(days, convention=convention)
    return f"{years};{months}.{d}"


def _sentence_counts(corpus: Corpus, column: str) -> dict[str, int]:
    col = corpus.sentences[column]
    if col.vocab is None:
        return {}
    vals = col.values
    counts = np.bincount(vals[vals >= 0], minlength=len(col.vocab))
    out = {col.vocab[i]: int(n) for i, n in enumerate(counts) if n}
    missing = int(np.count_nonzero(vals < 0))
    if missing:
        out["(missing)"] = missing
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def _head_stats(corpus: Corpus, name: str) -> dict:
    heads = corpus.tokens[name].values
    has = heads >= 0
    sid = corpus.sentence_ids()
    roots = np.bincount(sid[heads == 0], minlength=corpus.n_sentences)
    annotated = np.bincount(sid[has], minlength=corpus.n_sentences) > 0
    rel = "deprel" + name[4:]
    out = {
        "tokens_with_head": int(np.count_nonzero(has)),
        "tokens_without_head": int(np.count_nonzero(~has)),
        "sentences_annotated": int(np.count_nonzero(annotated)),
        "sentences_without_root": int(np.count_nonzero(annotated & (roots == 0))),
        "sentences_with_several_roots": int(np.count_nonzero(roots > 1)),
    }
    if not out["tokens_with_head"]:  # no tree at all (e.g. a tagged-only CoNLL-U file)
        out.update(self_loops=0, heads_out_of_range=0, sentences_with_cycles=0)
        if rel in corpus.tokens and corpus.tokens[rel].vocab is not None:
            out["relations"] = len(corpus.inventory(rel))
        return out
    from induceval.measures.dependencies.structure import sentence_diagnostics

    n = corpus.n_tokens
    pos = np.arange(n) - np.repeat(corpus.offsets[:-1], corpus.lengths) + 1
    lengths_of_tok = np.repeat(corpus.lengths, corpus.lengths)
    out_of_range = has & (heads > lengths_of_tok)
    out["self_loops"] = int(np.count_nonzero(heads == pos))
    out["heads_out_of_range"] = int(np.count_nonzero(out_of_range))
    clean = np.where(out_of_range, -1, heads).astype(np.int64)
    out["sentences_with_cycles"] = int(sentence_diagnostics(clean, corpus.offsets)["cycle"].sum())
    if rel in corpus.tokens and corpus.tokens[rel].vocab is not None:
        out["relations"] = len(corpus.inventory(rel))
    return out


def describe(corpus: Corpus) -> dict:
    """Statistics of a corpus as a JSON-serialisable dict.

    Keys: ``name``, ``files``, ``sentences``, ``tokens``, ``types`` (distinct
    forms), ``empty_sentences``, ``mean_length``, ``max_length``,
    ``tag_columns`` (column -> ``{"size", "missing", "inventory"}``, the
    inventory as tag -> token count, most frequent first), ``dependencies``
    (head column -> counts of annotated tokens/sentences, of sentences
    without a root, with several roots or with cycles, of self-loops and of
    heads out of range), ``speakers``, ``roles``, ``documents``,
    ``languages`` (utterance counts), ``age_days`` (``min``/``max`` and
    ``Y;M.D`` forms, or ``None``) and ``report`` (the reader's and the
    transforms' counts and skipped sentences, with reasons and examples).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["hi", "hi"], "upos": ["INTJ", None],
    ...                                      "head": [0, 1]})
    >>> d = describe(b.build())
    >>> d["tokens"], d["types"], d["tag_columns"]["upos"]["missing"]
    (2, 1, 1)
    >>> d["dependencies"]["head"]["tokens_with_head"]
    2
    """
    lengths = corpus.lengths
    tag_columns = {}
    for name, col in corpus.tokens.items():
        if col.vocab is None or name in TAG_COLUMN_EXCLUDE or name.startswith("deprel"):
            continue
        inv = corpus.inventory(name)
        tag_columns[name] = {
            "size": len(inv),
            "missing": int(np.count_nonzero(col.values < 0)),
            "inventory": dict(sorted(inv.items(), key=lambda kv: (-kv[1], kv[0]))),
        }
    ages = None
    if "age_days" in corpus.sentences:
        vals = corpus.sentences["age_days"].values
        vals = vals[vals >= 0]
        if vals.size:
            lo, hi = int(vals.min()), int(vals.max())
            ages = {"min": lo, "max": hi, "min_ymd": format_age(lo), "max_ymd": format_age(hi),
                    "sessions": int(np.unique(vals).size)}
    meta = {key: (_sentence_counts(corpus, key) if key in corpus.sentences else {})
            for key in ("speaker", "role", "document", "language")}
    report = corpus.report.to_dict()
    return {
        "name": corpus.name,
        "files": report["files"],
        "sentences": corpus.n_sentences,
        "tokens": corpus.n_tokens,
        "types": corpus.n_types("form") if corpus.n_tokens else 0,
        "empty_sentences": int(np.count_nonzero(lengths == 0)),
        "mean_length": round(float(lengths.mean()), 3) if corpus.n_sentences else 0.0,
        "max_length": int(lengths.max()) if corpus.n_sentences else 0,
        "token_columns": sorted(corpus.tokens),
        "sentence_columns": sorted(k for k in corpus.sentences if not k.startswith("_")),
        "tag_columns": tag_columns,
        "dependencies": {h: _head_stats(corpus, h) for h in head_columns(corpus)},
        "speakers": meta["speaker"],
        "roles": meta["role"],
        "documents": meta["document"],
        "languages": meta["language"],
        "age_days": ages,
        "report": {"counts": report["counts"], "skipped": report["skipped"],
                   "examples": report["examples"]},
    }


def _short(counts: dict[str, int], limit: int = 8) -> str:
    items = list(counts.items())
    text = ", ".join(f"{k} {v}" for k, v in items[:limit])
    if len(items) > limit:
        text += f", ... ({len(items)} in all)"
    return text or "-"


def describe_table(stats: dict, *, inventory_limit: int = 15) -> Table:
    """Lay out :func:`describe`'s dict as a ``statistic``/``value`` table.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> t = describe_table(describe(generate_demo_corpus(50)))
    >>> t.rows[0]
    {'statistic': 'sentences', 'value': 50}
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
        if info["tokens_without_head"]:
            text += f"; {info['tokens_without_head']} tokens without"
        if info["sentences_without_root"]:
            text += f"; {info['sentences_without_root']} sentences without a root"
        if info["sentences_with_several_roots"]:
            text += f"; {info['sentences_with_several_roots']} with several roots"
        if info.get("sentences_with_cycles"):
            text += f"; {info['sentences_with_cycles']} sentences with cycles"
        if info.get("self_loops"):
            text += f"; {info['self_loops']} self-loops"
        if info.get("heads_out_of_range"):
            text += f"; {info['heads_out_of_range']} heads out of range"
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
    for reason, n in rep["counts"].items():
        example = rep["examples"].get(reason)
        add(f"counted: {reason}", f"{n} (e.g. {example})" if example else n)
    for reason, n in rep["skipped"].items():
        example = rep["examples"].get(reason)
        add(f"skipped: {reason}", f"{n} (e.g. {example})" if example else n)
    return Table(["statistic", "value"], rows, title=f"corpus {stats['name'] or '<unnamed>'}")


#: Report counts (CHAT) and skip reasons that are errors in the input, as
#: opposed to notable items (utterances without words, clitics, ...).
_NOT_ERRORS = ("utterances without words",)


def reading_errors(report: dict) -> dict[str, dict]:
    """The errors a read under ``--on-error skip`` counted: kind -> count and first file:line.

    Parameters
    ----------
    report
        ``describe(corpus)["report"]``: ``counts``, ``skipped`` and ``examples``.

    Returns
    -------
    dict
        Kind -> ``{"count": n, "first": "file:line" or ""}``: the CHAT tier
        errors (:data:`induceval.corpus.readers.chat.TIER_ERRORS`) and
        structural errors counted, and every skip reason except utterances
        without words.

    Example
    -------
    >>> reading_errors({"counts": {"unaligned_gra": 1, "tokens": 9},
    ...                 "skipped": {"utterances without words": 3},
    ...                 "examples": {"unaligned_gra": "eve06.cha:391"}})
    {'unaligned_gra': {'count': 1, 'first': 'eve06.cha:391'}}
    """
    from induceval.corpus.readers.chat import TIER_ERRORS

    kinds = set(TIER_ERRORS) | {"missing_begin", "bad_utf8_files", "bad_lines", "orphan_tiers"}
    out = {}
    for k, n in report["counts"].items():
        if k in kinds and n:
            out[k] = {"count": int(n), "first": report["examples"].get(k, "")}
    for k, n in report["skipped"].items():
        if k not in _NOT_ERRORS and n:
            out[k] = {"count": int(n), "first": report["examples"].get(k, "")}
    return out
