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

import os
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus, ReadReport, days_to_age
from induceval.corpus.transforms.punct import head_columns
from induceval.errors import MismatchError

__all__ = ["describe", "summarise", "describe_summary", "summarise_files", "CorpusSummary",
           "format_age", "reading_errors", "every_tag_sizes", "scale_sizes",
           "majority_gold_by_type", "majority_labels", "TAG_COLUMN_EXCLUDE"]

#: Categorical token columns that are not tag columns.
TAG_COLUMN_EXCLUDE = frozenset({"form", "lemma", "feats", "misc", "deps", "phead", "pdeprel"})


def format_age(days: int, convention: str = "days") -> str:
    """CHILDES-style ``Y;M.D`` for an age in days (inverse of
    :func:`~induceval.corpus.model.age_in_days` under ``convention``).

    Parameters
    ----------
    days
        An age in days.
    convention
        ``"days"`` (default) or ``"chang2006"``.

    Returns
    -------
    str
        ``Y;M.D``.

    Example
    -------
    >>> format_age(737), format_age(608), format_age(613, "chang2006")
    ('2;0.7', '1;8.0', '1;8.0')
    """
    years, months, d = days_to_age(days, convention=convention)
    return f"{years};{months}.{d}"


def _sorted_counts(counts: Counter) -> dict[str, int]:
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def _sentence_counter(corpus: Corpus, column: str) -> Counter:
    col = corpus.sentences[column]
    if col.vocab is None:
        return Counter()
    vals = col.values
    counts = np.bincount(vals[vals >= 0], minlength=len(col.vocab))
    out = Counter({col.vocab[i]: int(n) for i, n in enumerate(counts) if n})
    missing = int(np.count_nonzero(vals < 0))
    if missing:
        out["(missing)"] = missing
    return out


def _head_counts(corpus: Corpus, name: str) -> tuple[Counter, set | None]:
    """Additive counts of one head column, and its relation labels (``None``: no relation
    column)."""
    heads = corpus.tokens[name].values
    has = heads >= 0
    sid = corpus.sentence_ids()
    roots = np.bincount(sid[heads == 0], minlength=corpus.n_sentences)
    annotated = np.bincount(sid[has], minlength=corpus.n_sentences) > 0
    out = Counter({
        "tokens_with_head": int(np.count_nonzero(has)),
        "tokens_without_head": int(np.count_nonzero(~has)),
        "sentences_annotated": int(np.count_nonzero(annotated)),
        "sentences_without_root": int(np.count_nonzero(annotated & (roots == 0))),
        "sentences_with_several_roots": int(np.count_nonzero(roots > 1)),
        "self_loops": 0, "heads_out_of_range": 0, "sentences_with_cycles": 0})
    if out["tokens_with_head"]:
        from induceval.corpus.trees import sentence_diagnostics

        out_of_range = has & (heads > np.repeat(corpus.lengths, corpus.lengths))
        out["self_loops"] = int(np.count_nonzero(heads == corpus.positions() + 1))
        out["heads_out_of_range"] = int(np.count_nonzero(out_of_range))
        clean = np.where(out_of_range, -1, heads).astype(np.int64)
        out["sentences_with_cycles"] = int(
            sentence_diagnostics(clean, corpus.offsets)["cycle"].sum())
    rel = "deprel" + name[4:]
    labels = None
    if rel in corpus.tokens and corpus.tokens[rel].vocab is not None:
        labels = set(corpus.inventory(rel))
    return out, labels


#: the counts of a head column, in the order :func:`describe` gives them
_HEAD_KEYS = ("tokens_with_head", "tokens_without_head", "sentences_annotated",
              "sentences_without_root", "sentences_with_several_roots", "self_loops",
              "heads_out_of_range", "sentences_with_cycles")


@dataclass
class CorpusSummary:
    """The additive statistics behind :func:`describe`: a corpus read in parts (files on
    workers, :func:`summarise_files`) sums to the summary of the whole.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b1 = CorpusBuilder(); b1.add_sentence({"form": ["a", "b"]})
    >>> b2 = CorpusBuilder(); b2.add_sentence({"form": ["b"]})
    >>> s = summarise(b1.build()) + summarise(b2.build())
    >>> describe_summary(s)["types"], describe_summary(s)["max_length"]
    (2, 2)
    """

    name: str = ""
    sentences: int = 0
    tokens: int = 0
    forms: set = field(default_factory=set)
    empty: int = 0
    length_sum: int = 0
    max_length: int = 0
    token_columns: set = field(default_factory=set)
    sentence_columns: set = field(default_factory=set)
    #: tag column -> (inventory, tokens without a tag)
    tags: dict = field(default_factory=dict)
    #: head column -> (counts, relation labels or None)
    heads: dict = field(default_factory=dict)
    #: speaker/role/document/language -> sentences per value (absent: no such column)
    meta: dict = field(default_factory=dict)
    ages: set = field(default_factory=set)
    report: ReadReport = field(default_factory=ReadReport)

    def __add__(self, other: CorpusSummary) -> CorpusSummary:
        # a column one side lacks is missing on its tokens (sentences), as concat fills it
        def pair_sum(a: dict, b: dict, combine, absent) -> dict:
            return {k: combine(a[k] if k in a else absent(self), b[k] if k in b else absent(other))
                    for k in dict.fromkeys([*a, *b])}

        return CorpusSummary(
            self.name or other.name, self.sentences + other.sentences,
            self.tokens + other.tokens, self.forms | other.forms, self.empty + other.empty,
            self.length_sum + other.length_sum, max(self.max_length, other.max_length),
            self.token_columns | other.token_columns,
            self.sentence_columns | other.sentence_columns,
            pair_sum(self.tags, other.tags, lambda x, y: (_plus(x[0], y[0]), x[1] + y[1]),
                     lambda side: (Counter(), side.tokens)),
            pair_sum(self.heads, other.heads, lambda x, y: (
                _plus(x[0], y[0]), None if x[1] is None and y[1] is None else
                (x[1] or set()) | (y[1] or set())),
                lambda side: (Counter(tokens_without_head=side.tokens), None)),
            pair_sum(self.meta, other.meta, _plus,
                     lambda side: Counter({"(missing)": side.sentences} if side.sentences
                                          else {})),
            self.ages | other.ages, self.report.merge(other.report))


def _plus(a: Counter, b: Counter) -> Counter:
    """``a + b`` keeping zero counts (``Counter.__add__`` drops them: ``self_loops: 0``)."""
    out = Counter(a)
    out.update(b)
    return out


def summarise_files(paths, *, format: str = "auto", on_error: str = "fail",  # noqa: A002
                    jobs: int = 1) -> CorpusSummary:
    """The summary of the corpus of ``paths``, read one file at a time (in ``jobs``
    processes) and summed in file order: the memory of a file, not of the collection,
    and the same :func:`describe_summary` as reading the files together.

    Parameters
    ----------
    paths
        Corpus files and folders.
    format, on_error
        As in :func:`~induceval.corpus.readers.read_corpus`.
    jobs
        Processes reading the files.

    Returns
    -------
    CorpusSummary
        The summary of the whole corpus.

    Example
    -------
    >>> import os, tempfile
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.txt", "the dog\\n"), ("b.txt", "a dog barks\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> from induceval.corpus.readers import read_corpus
    >>> describe_summary(summarise_files(d)) == describe(read_corpus(d))
    True
    """
    import operator
    from functools import partial
    from pathlib import Path

    from induceval import parallel
    from induceval.corpus.readers import corpus_files
    from induceval.corpus.readers._common import corpus_name
    from induceval.corpus.readers._documents import distinct_stem_runs, relative_names

    plan = corpus_files(paths, format)
    files = plan.files
    names = {str(f): name for f, name in relative_names(files).items()}
    size = {f: parallel.path_size(f) for f in files}
    # consecutive files of one format read together (the readers' caches work across
    # them), never two that share a name in one group (each document is then named by
    # its path)
    groups = []
    for fmt, same in plan.runs():
        for run in distinct_stem_runs(same) if names else [same]:
            for a, b in parallel.file_groups([size[f] for f in run]):
                groups.append((fmt, [str(f) for f in run[a:b]]))
    fn = partial(_group_summary, on_error=on_error, names=names)
    total = parallel.map_reduce(fn, groups, operator.add, jobs=jobs,
                                executor="local" if jobs > 1 else None, name="info",
                                costs=[sum(size[Path(f)] for f in g) for _, g in groups])
    report = total.report   # what read_corpus adds around its readers
    if names:
        report.count("documents named by their path (files share a name)", len(files))
    plan.annotate(report)
    single = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    total.name = str(single[0]) if len(single) == 1 and Path(single[0]).is_dir() \
        else (str(files[0]) if len(files) == 1 else corpus_name(files))
    return total


def _group_summary(group: tuple[str, list[str]], *, on_error: str,
                   names: dict) -> CorpusSummary:
    from pathlib import Path

    from induceval.corpus.readers import read_corpus
    from induceval.corpus.readers._documents import renamed

    format, paths = group   # noqa: A001
    corpus = read_corpus(paths if len(paths) > 1 else paths[0], format=format,
                         on_error=on_error)
    if names:   # the group's stems are distinct: its read named nothing by path
        corpus = renamed(corpus, {Path(p).stem: names[p] for p in paths})
    return summarise(corpus)


def summarise(corpus: Corpus) -> CorpusSummary:
    """The :class:`CorpusSummary` of one corpus.

    Parameters
    ----------
    corpus
        The corpus.

    Returns
    -------
    CorpusSummary
        Its sizes, vocabulary, columns, tag inventories, head counts and ages:
        additive over parts.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> s = summarise(generate_demo_corpus(n_sentences=20, seed=1))
    >>> s.sentences, s.tokens, len(s.forms)
    (20, 83, 45)
    """
    lengths = corpus.lengths
    tags = {}
    for name, col in corpus.tokens.items():
        if col.vocab is None or name in TAG_COLUMN_EXCLUDE or name.startswith("deprel"):
            continue
        tags[name] = (Counter(corpus.inventory(name)), int(np.count_nonzero(col.values < 0)))
    ages: set = set()
    if "age_days" in corpus.sentences:
        vals = corpus.sentences["age_days"].values
        ages = set(np.unique(vals[vals >= 0]).tolist())
    forms = set(corpus.vocab.items) if corpus.n_tokens else set()
    if forms:   # the types the tokens use (a vocabulary may hold unused entries)
        forms = {corpus.vocab[i] for i in np.unique(corpus.forms[corpus.forms >= 0]).tolist()}
    return CorpusSummary(
        corpus.name, corpus.n_sentences, corpus.n_tokens, forms,
        int(np.count_nonzero(lengths == 0)), int(lengths.sum()),
        int(lengths.max()) if corpus.n_sentences else 0, set(corpus.tokens),
        {k for k in corpus.sentences if not k.startswith("_")}, tags,
        {h: _head_counts(corpus, h) for h in head_columns(corpus)},
        {f"{key}s": _sentence_counter(corpus, key)
         for key in ("speaker", "role", "document", "language") if key in corpus.sentences},
        ages, corpus.report)


def describe_summary(s: CorpusSummary) -> dict:
    """:func:`describe`'s dict from a :class:`CorpusSummary` (of one corpus or of parts).

    Parameters
    ----------
    s
        A :class:`CorpusSummary`.

    Returns
    -------
    dict
        The description :func:`describe` returns.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> d = describe_summary(summarise(generate_demo_corpus(n_sentences=20, seed=1)))
    >>> d["sentences"], d["types"], d["max_length"]
    (20, 45, 6)
    """
    ages = None
    if s.ages:
        lo, hi = min(s.ages), max(s.ages)
        ages = {"min": lo, "max": hi, "min_ymd": format_age(lo), "max_ymd": format_age(hi),
                "sessions": len(s.ages)}
    heads = {}
    for h, (counts, labels) in s.heads.items():
        heads[h] = {k: counts.get(k, 0) for k in _HEAD_KEYS}
        if labels is not None:
            heads[h]["relations"] = len(labels)
    report = s.report.to_dict()
    return {
        "name": s.name,
        "files": report["files"],
        "sentences": s.sentences,
        "tokens": s.tokens,
        "types": len(s.forms),
        "empty_sentences": s.empty,
        "mean_length": round(s.length_sum / s.sentences, 3) if s.sentences else 0.0,
        "max_length": s.max_length,
        "token_columns": sorted(s.token_columns),
        "sentence_columns": sorted(s.sentence_columns),
        "tag_columns": {name: {"size": len(inv), "missing": missing,
                               "inventory": _sorted_counts(inv)}
                        for name, (inv, missing) in s.tags.items()},
        "dependencies": heads,
        **{k: _sorted_counts(s.meta.get(k, Counter()))
           for k in ("speakers", "roles", "documents", "languages")},
        "age_days": ages,
        "report": {"counts": report["counts"], "skipped": report["skipped"],
                   "examples": report["examples"]},
    }


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
    The same dict as :func:`describe_summary` of :func:`summarise`.

    Parameters
    ----------
    corpus
        The corpus to describe.

    Returns
    -------
    dict
        The keys above, JSON-serialisable.

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
    return describe_summary(summarise(corpus))


#: Report counts (CHAT) and skip reasons that are errors in the input, as
#: opposed to notable items (utterances without words, clitics, ...).
_NOT_ERRORS = ("utterances without words",)


def reading_errors(report: dict) -> dict[str, dict]:
    """The errors a read under ``--on-error skip`` counted: kind -> count and first file:line.

    ``report`` is ``describe(corpus)["report"]``.  Kinds: the CHAT tier errors
    (:data:`induceval.corpus.readers.chat.TIER_ERRORS`) and structural errors
    counted, and every skip reason except utterances without words; each as
    ``{"count": n, "first": "file:line" or ""}``.

    Parameters
    ----------
    report
        The ``report`` of :func:`describe`.

    Returns
    -------
    dict of str to dict
        Kind -> ``{"count", "first"}``.

    Example
    -------
    >>> reading_errors({"counts": {"unaligned_gra": 1, "tokens": 9},
    ...                 "skipped": {"utterances without words": 3},
    ...                 "examples": {"unaligned_gra": "eve06.cha:391"}})
    {'unaligned_gra': {'count': 1, 'first': 'eve06.cha:391'}}
    """
    from induceval.corpus.readers._chat_file import FILE_FAULTS
    from induceval.corpus.readers.chat import TIER_ERRORS

    kinds = set(TIER_ERRORS) | set(FILE_FAULTS)
    found = [(k, n) for k, n in report["counts"].items() if k in kinds]
    found += [(k, n) for k, n in report["skipped"].items() if k not in _NOT_ERRORS]
    return {k: {"count": int(n), "first": report["examples"].get(k, "")} for k, n in found if n}


def every_tag_sizes(ids: np.ndarray, gold: np.ndarray, n_types: int) -> np.ndarray:
    """Sizes in types of the gold categories, a type counted under every tag it has.

    Parameters
    ----------
    ids
        Word id of every token.
    gold
        Gold tag code of every token (``< 0``: none).
    n_types
        The number of word types.

    Returns
    -------
    numpy.ndarray
        The number of types of each gold category, by gold code.

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

    Parameters
    ----------
    sizes
        Category sizes.
    total
        The sum wanted.

    Returns
    -------
    numpy.ndarray
        The scaled sizes, summing to ``total``.

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


def majority_gold_by_type(forms, gold) -> np.ndarray:
    """The most frequent gold class of each form code (ties: lowest class; -1 if none).

    Parameters
    ----------
    forms
        Form code of each token.
    gold
        Gold class of each token (``-1``: none).

    Returns
    -------
    numpy.ndarray
        One class per form code up to the largest code present.

    Example
    -------
    >>> majority_gold_by_type([0, 0, 0, 1], [2, 1, 2, -1]).tolist()
    [2, -1]
    """
    f = np.asarray(forms, dtype=np.int64)
    g = np.asarray(gold, dtype=np.int64)
    if len(f) != len(g):
        raise MismatchError(f"forms has {len(f)} tokens but gold has {len(g)}")
    n_f = int(f.max()) + 1 if len(f) else 0
    out = np.full(n_f, -1, dtype=np.int64)
    ok = g >= 0
    if not ok.any():
        return out
    tf, tg = majority_labels(f[ok], g[ok], int(g.max()) + 1)
    out[tf] = tg
    return out


def majority_labels(keys: np.ndarray, labels: np.ndarray, n_labels: int
                    ) -> tuple[np.ndarray, np.ndarray]:
    """Each distinct key (ascending) with its most frequent label (ties: the lowest).

    Parameters
    ----------
    keys, labels
        Non-negative integers, one pair per observation.
    n_labels
        One more than the largest label.

    Returns
    -------
    tuple of (numpy.ndarray, numpy.ndarray)
        The distinct keys and their majority labels.

    Example
    -------
    >>> k, lab = majority_labels(np.array([3, 3, 1, 3]), np.array([1, 0, 2, 1]), 3)
    >>> k.tolist(), lab.tolist()
    ([1, 3], [2, 1])
    """
    u, cnt = np.unique(keys * n_labels + labels, return_counts=True)
    key, lab = u // n_labels, u % n_labels
    # sort by key, then count descending, then label ascending; the first per key wins
    order = np.lexsort((lab, -cnt, key))
    key, lab = key[order], lab[order]
    first = np.ones(len(key), dtype=bool)
    first[1:] = key[1:] != key[:-1]
    return key[first], lab[first]
