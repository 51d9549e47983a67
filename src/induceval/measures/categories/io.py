"""``word<TAB>cluster`` type lists: reading, writing, and detecting them.

A type list has one ``word<TAB>cluster`` pair a line (optionally followed by
``<TAB>path``, the bit string of a Brown cluster, which is ignored), or is
wcluster's ``paths`` file, ``bits<TAB>word<TAB>count`` (Brown clusters as
``induce tags --clusters`` writes them: the bit string is the cluster); a
polysemous word has one line per cluster; the cluster ``UNCLUSTERED`` (or an
empty cluster field) marks a word the model left unclustered.  Blank lines
and comment lines are ignored: a comment starts with ``#`` and holds no tab,
so a word beginning with ``#`` (EWT's ``#audiobooks``) is read as a word.

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "clusters.tsv")
>>> write_type_clusters(p, {"dog": {"3"}, "run": {"1", "3"}, "xyz": set()})
>>> {w: sorted(c) for w, c in read_type_clusters(p).items()}
{'dog': ['3'], 'run': ['1', '3'], 'xyz': []}
>>> is_type_list(p)
True
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import numpy as np

from induceval.corpus.model import Corpus
from induceval.corpus.writers import write_type_clusters
from induceval.errors import CorpusFormatError, InducevalError
from induceval.measures.categories.contingency import UNCLUSTERED_LABEL

__all__ = ["read_type_clusters", "write_type_clusters", "is_type_list", "tags_from_type_clusters"]


def _is_comment(line: str) -> bool:
    """A comment line: ``#`` first and no tab (``#audiobooks<TAB>3`` is a word's line)."""
    return line.startswith("#") and "\t" not in line


def _bits(field: str) -> bool:
    return bool(field) and set(field) <= {"0", "1"}


def _paths_row(fields: list[str]) -> bool:
    """A line of wcluster's ``paths`` layout: bit string, word, count."""
    return len(fields) == 3 and _bits(fields[0]) and bool(fields[1]) and fields[2].isdigit()


def read_type_clusters(path: str | os.PathLike) -> dict[str, set[str]]:
    """Read a ``word<TAB>cluster`` list, or wcluster's ``paths`` file (``bits<TAB>word<TAB>
    count``: every line so), into ``{word: set of clusters}``.

    Parameters
    ----------
    path
        The list's file.

    Returns
    -------
    dict of str to set of str
        Each word's clusters (empty for a word listed as unclustered).

    Raises
    ------
    CorpusFormatError
        On a line without exactly two tab-separated fields (file, line, text).

    Example
    -------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "clusters.txt")
    ...     with open(p, "w", encoding="utf-8") as fh:
    ...         _ = fh.write("dog\\t1\\ncat\\t1\\nthe\\t2\\n")
    ...     sorted(read_type_clusters(p).items())
    [('cat', {'1'}), ('dog', {'1'}), ('the', {'2'})]
    """
    rows: list[tuple[int, str, list[str]]] = []
    with open(path, encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.rstrip("\n").rstrip("\r")
            if not line.strip() or _is_comment(line):
                continue
            rows.append((lineno, line, line.split("\t")))
    # the layout is the file's: a word list whose words are all bit strings with 0/1 paths
    # and digit clusters is not one a model writes
    paths_layout = bool(rows) and all(_paths_row(parts) for _, _, parts in rows)
    out: dict[str, set[str]] = {}
    for lineno, line, parts in rows:
        if paths_layout:
            out.setdefault(parts[1], set()).add(parts[0])
            continue
        if len(parts) not in (2, 3) or not parts[0]:
            raise CorpusFormatError("expected 'word<TAB>cluster[<TAB>path]' or "
                                    "'bits<TAB>word<TAB>count'", path=str(path),
                                    line=lineno, text=line)
        word, cluster = parts[0], parts[1].strip()
        entry = out.setdefault(word, set())
        if cluster and cluster != UNCLUSTERED_LABEL:
            entry.add(cluster)
    return out


def is_type_list(path: str | os.PathLike, n_lines: int = 50) -> bool:
    """True when the first non-blank lines are ``word<TAB>cluster[<TAB>path]`` lines, or
    ``bits<TAB>word<TAB>count`` lines (wcluster's ``paths`` file).

    Two tab-separated fields, or three whose third is a Brown bit path (0s and 1s), or
    three whose first is a bit path and third a count.

    Parameters
    ----------
    path
        The file to look at.
    n_lines
        How many non-blank lines to check.

    Returns
    -------
    bool
        Whether the file reads as a type list.

    Example
    -------
    >>> import os, tempfile
    >>> with tempfile.TemporaryDirectory() as d:
    ...     p = os.path.join(d, "clusters.txt")
    ...     with open(p, "w", encoding="utf-8") as fh:
    ...         _ = fh.write("dog\\t1\\nthe\\t2\\n")
    ...     is_type_list(p)
    True
    """
    seen = 0
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                line = line.rstrip("\n")
                if not line.strip() or _is_comment(line):
                    continue
                fields = line.split("\t")
                if not (len(fields) == 2 or (len(fields) == 3 and _bits(fields[2]))
                        or _paths_row(fields)):
                    return False
                seen += 1
                if seen >= n_lines:
                    break
    except OSError as exc:
        raise InducevalError(f"{path}: cannot read: {exc}") from None
    return seen > 0


def tags_from_type_clusters(corpus: Corpus, clusters: Mapping[str, set[str]], *,
                            form_column: str = "form") -> tuple[np.ndarray, list[str], int]:
    """Tag every token with its word's single cluster.

    Returns ``(codes, labels, n_unclustered_tokens)``; words absent from the
    list or unclustered get ``-1``.

    Parameters
    ----------
    corpus
        The corpus whose tokens are tagged.
    clusters
        ``{word: set of clusters}``, as from :func:`read_type_clusters`.
    form_column
        The column holding the words.

    Returns
    -------
    tuple of (numpy.ndarray, list of str, int)
        The cluster code of every token (``-1``: unclustered), the sorted cluster
        labels, and the number of unclustered tokens.

    Raises
    ------
    InducevalError
        When a word of the corpus has several clusters (a polysemous type list
        can only be scored at the type level).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["the", "dog", "barks"]})
    >>> codes, labels, n_unc = tags_from_type_clusters(b.build(), {"the": {"D"}, "dog": {"N"}})
    >>> codes.tolist(), labels, n_unc
    ([0, 1, -1], ['D', 'N'], 1)
    """
    col = corpus.column(form_column)
    labels: list[str] = sorted({c for cs in clusters.values() for c in cs})
    index = {c: i for i, c in enumerate(labels)}
    table = np.full(len(col.vocab or ()) + 1, -1, dtype=np.int64)
    used = np.unique(col.values)
    for i in used.tolist():
        if i < 0:
            continue
        w = col.vocab[i]
        cs = clusters.get(w) or set()
        if len(cs) > 1:
            raise InducevalError(
                f"word {w!r} has {len(cs)} clusters in the type list; token-level scores need "
                "one cluster per word (use --level type)")
        if cs:
            table[i] = index[next(iter(cs))]
    codes = table[col.values]
    return codes, labels, int(np.sum(codes < 0))
