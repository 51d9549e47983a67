"""Descriptive statistics of a corpus (what ``induceval info`` shows).

:func:`describe` returns plain data (a dict, JSON-serialisable);
:func:`induceval.report.layouts.describe_table` lays it out as a table.

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

__all__ = ["describe", "format_age", "reading_errors", "every_tag_sizes", "scale_sizes",
           "TAG_COLUMN_EXCLUDE"]

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
    else:
        from induceval.corpus.trees import sentence_diagnostics

        out_of_range = has & (heads > np.repeat(corpus.lengths, corpus.lengths))
        out["self_loops"] = int(np.count_nonzero(heads == corpus.positions() + 1))
        out["heads_out_of_range"] = int(np.count_nonzero(out_of_range))
        clean = np.where(out_of_range, -1, heads).astype(np.int64)
        out["sentences_with_cycles"] = int(
            sentence_diagnostics(clean, corpus.offsets)["cycle"].sum())
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
        tag_columns[name] = {"size": len(inv), "missing": int(np.count_nonzero(col.values < 0)),
                             "inventory": dict(sorted(inv.items(), key=lambda kv: (-kv[1], kv[0])))}
    ages = None
    if "age_days" in corpus.sentences:
        vals = corpus.sentences["age_days"].values
        vals = vals[vals >= 0]
        if vals.size:
            lo, hi = int(vals.min()), int(vals.max())
            ages = {"min": lo, "max": hi, "min_ymd": format_age(lo), "max_ymd": format_age(hi),
                    "sessions": int(np.unique(vals).size)}
    meta = {f"{key}s": (_sentence_counts(corpus, key) if key in corpus.sentences else {})
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
        **meta,  # speakers, roles, documents, languages
        "age_days": ages,
        "report": {"counts": report["counts"], "skipped": report["skipped"],
                   "examples": report["examples"]},
    }


#: Report counts (CHAT) and skip reasons that are errors in the input, as
#: opposed to notable items (utterances without words, clitics, ...).
_NOT_ERRORS = ("utterances without words",)


def reading_errors(report: dict) -> dict[str, dict]:
    """The errors a read under ``--on-error skip`` counted: kind -> count and first file:line.

    ``report`` is ``describe(corpus)["report"]``.  Kinds: the CHAT tier errors
    (:data:`induceval.corpus.readers.chat.TIER_ERRORS`) and structural errors
    counted, and every skip reason except utterances without words; each as
    ``{"count": n, "first": "file:line" or ""}``.

    Example
    -------
    >>> reading_errors({"counts": {"unaligned_gra": 1, "tokens": 9},
    ...                 "skipped": {"utterances without words": 3},
    ...                 "examples": {"unaligned_gra": "eve06.cha:391"}})
    {'unaligned_gra': {'count': 1, 'first': 'eve06.cha:391'}}
    """
    from induceval.corpus.readers.chat import TIER_ERRORS

    kinds = set(TIER_ERRORS) | {"missing_begin", "bad_utf8_files", "bad_lines", "orphan_tiers"}
    found = [(k, n) for k, n in report["counts"].items() if k in kinds]
    found += [(k, n) for k, n in report["skipped"].items() if k not in _NOT_ERRORS]
    return {k: {"count": int(n), "first": report["examples"].get(k, "")} for k, n in found if n}


def every_tag_sizes(ids: np.ndarray, gold: np.ndarray, n_types: int) -> np.ndarray:
    """Sizes in types of the gold categories, a type counted under every tag it has.

    Example
    -------
    >>> every_tag_sizes(np.array([0, 0, 1, 2]), np.array([0, 1, 1, 1]), 3).tolist()
    [1, 3]
    """
    ok = (ids >= 0) & (gold >= 0)
    if not ok.any():
        return np.zeros(0, dtype=np.int64)
    G = int(gold[ok].max()) + 1
    pairs = np.unique(ids[ok] * G + gold[ok])
    sizes = np.bincount(pairs % G, minlength=G)
    return sizes[sizes > 0]


def scale_sizes(sizes: np.ndarray, total: int) -> np.ndarray:
    """Scale ``sizes`` to sum to ``total`` (largest remainders, each at least 1).

    Example
    -------
    Hand-worked: sizes 3 and 1 (4 type-tag pairs) over 3 types: shares 2.25
    and 0.75, floors 2 and 0 raised to 1 -> 2 + 1 = 3.  Types left over go
    to the largest ``share - size so far`` (ties: the first).

    >>> scale_sizes(np.array([3, 1]), 3).tolist()
    [2, 1]
    """
    sizes = np.asarray(sizes, dtype=np.int64)
    if sizes.sum() <= total or len(sizes) == 0:
        return sizes
    if total < len(sizes):
        from induceval.errors import InducevalError

        raise InducevalError(f"cannot make {len(sizes)} non-empty clusters from {total} types")
    share = sizes * (total / sizes.sum())
    out = np.maximum(np.floor(share).astype(np.int64), 1)
    rest = total - int(out.sum())
    if rest > 0:
        order = np.lexsort((np.arange(len(sizes)), -(share - out)))
        out[order[:rest]] += 1
    while out.sum() > total:  # the minimum of 1 overshot: take from the largest
        out[int(np.argmax(out))] -= 1
    return out
