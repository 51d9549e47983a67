"""Prediction layouts read against the gold's tokens: ``labels``, ``heads``, ``wordtag``.

What induction code writes without a corpus writer, read as a prediction of
the gold's tokens (the gold gives the sentences; nothing is realigned):

- ``labels`` (``eval tags``): one sentence a line, one label per gold token,
  whitespace-separated (``UNCLUSTERED`` or ``_``: a token left unclustered);
- ``heads`` (``eval deps``): one sentence a line, one head index per gold
  token (1-based within the sentence), ``0`` for the root;
- ``wordtag`` (``eval tags``): one ``word<TAB>label`` token a line, a blank
  line between sentences; the words are checked against the gold's forms.

Under ``--pred-format auto`` a file is taken for one of them by its content
(:func:`detect_layout`): a ``.labels``/``.heads`` file, or a file whose
ending names no corpus format (``.txt``, none, ...) and whose first 200
lines hold only integers, is the command's line layout (``labels`` for
``eval tags``, ``heads`` for ``eval deps``); a file of ``word<TAB>label``
lines with blank lines between runs of them (or a line seen twice) is
``wordtag`` (a type list has neither).  What a detected file could also be is refused, naming
``--pred-format``: numbers that are the gold's words (a plain-text copy of
a corpus of numbers), or, in ``eval tags``, lines that are each a tree (one
``0``, every index within the sentence: heads).  Every count that differs
from the gold's names the file and line.

Example
-------
>>> import os, tempfile
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder(); b.add_sentence({"form": ["dogs", "bark"]})
>>> b.add_sentence({"form": ["cats", "sleep", "."]})
>>> p = os.path.join(tempfile.mkdtemp(), "pred.txt")
>>> _ = open(p, "w").write("2 0\\n0 1 1\\n")
>>> detect_layout((p,), "deps")
'heads'
>>> read_layout((p,), "heads").values(b.build()).tolist()
[2, 0, 0, 1, 1]
>>> read_layout((p,), "labels").values(b.build()).tolist()
['2', '0', '0', '1', '1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from induceval.corpus.model import Column, Corpus, Vocabulary
from induceval.errors import CorpusFormatError, InducevalError, MismatchError, ParameterError

__all__ = ["LAYOUTS", "Layout", "detect_layout", "read_layout"]

#: layout name -> the command that reads it (``tags`` or ``deps``)
LAYOUTS = {"labels": "tags", "wordtag": "tags", "heads": "deps"}

_NUMBERS = re.compile(r"[0-9]+(?:\s+[0-9]+)*")
_SNIFFED = 200


@dataclass(frozen=True)
class Layout:
    """A prediction in one of :data:`LAYOUTS`, as read (see the module docstring).

    Attributes
    ----------
    format
        ``labels``, ``heads`` or ``wordtag``.
    rows
        Per sentence: its values (strings), in file order.
    where
        Per sentence: ``(file, line of its first value)``.
    words
        ``wordtag``: per sentence its words, else ``None``.
    detected
        Taken for this layout by :func:`detect_layout` (errors then name ``--pred-format``).
    paths
        The files read.
    """

    format: str
    rows: tuple
    where: tuple
    words: tuple | None = None
    detected: bool = False
    paths: tuple = ()

    def _fail(self, cls, message: str, i: int | None = None, *, text: str | None = None):
        if self.detected and "--pred-format" not in message:
            message += (f" (read as {self.format}, detected from the content; name the "
                        "format with --pred-format)")
        path, line = self.where[i] if i is not None else (", ".join(self.paths), None)
        if cls is ParameterError:
            return cls(f"{path}: {message}")
        return cls(message, path=path, line=line, text=text)

    def values(self, gold: Corpus, form_column: str = "form") -> np.ndarray:
        """The prediction's value of every gold token: labels (strings) or heads (integers).

        Raises
        ------
        MismatchError
            Fewer or more lines (sentences) than the gold's, a line whose count is not
            its gold sentence's length, a ``wordtag`` word that is not the gold's
            (each naming file and line).
        CorpusFormatError
            A head that is not an integer or lies outside its sentence.
        ParameterError
            A detected layout that could be something else (see the module docstring).
        """
        lengths = gold.lengths
        n, what = len(self.rows), ("tokens" if self.format == "wordtag" else self.format)
        unit = "sentences" if self.format == "wordtag" else "lines"
        if n != len(lengths):
            raise self._fail(MismatchError, (
                f"{n} {unit} for the gold's {len(lengths)} sentences: " + (
                    f"sentence {n + 1} ({int(lengths[n])} gold tokens) and those after it "
                    "have none" if n < len(lengths) else
                    f"{unit[:-1]} {len(lengths) + 1} and those after it have no gold "
                    "sentence")), len(lengths) if n > len(lengths) else None)
        counts = np.fromiter(map(len, self.rows), dtype=np.int64, count=n)
        bad = np.flatnonzero(counts != lengths)
        if len(bad):
            i = int(bad[0])
            raise self._fail(MismatchError, (
                f"sentence {i + 1} of the gold has {int(lengths[i])} tokens; this "
                f"{'sentence' if self.format == 'wordtag' else 'line'} has {int(counts[i])} "
                f"{what} (gold words: "
                f"{' '.join(map(str, gold.sentence(i).strings(form_column)[:8]))!r})"), i)
        flat = np.array([v for row in self.rows for v in row], dtype=object)
        forms = gold.label_strings(form_column)
        if self.words is not None:
            words = np.array([w for row in self.words for w in row], dtype=object)
            diff = np.flatnonzero(words != forms)
            if len(diff):
                t = int(diff[0])
                i = int(np.searchsorted(gold.offsets, t, side="right") - 1)
                j = t - int(gold.offsets[i])
                path, line = self.where[i]
                raise MismatchError(f"gold and prediction differ at sentence {i + 1}, token "
                                    f"{j + 1}: gold {forms[t]!r}, prediction {words[t]!r}",
                                    path=path, line=line + j)
        elif self.detected and len(flat) and bool(np.all(flat == forms)):
            raise self._fail(ParameterError, "its lines are the gold's words: a plain-text "
                             "copy of the corpus, or labels? name the format with "
                             "--pred-format (labels, plain)")
        if self.format != "heads":
            if self.detected and self.format == "labels" and _trees(self.rows):
                raise self._fail(ParameterError, "every line holds one 0 and indices within "
                                 "its sentence: heads, which eval deps reads? name "
                                 "--pred-format labels to score them as clusters")
            return flat
        for i, row in enumerate(self.rows):
            for j, v in enumerate(row):
                if not (v.isascii() and v.isdigit()) or int(v) > len(row):
                    raise self._fail(CorpusFormatError, (
                        f"token {j + 1}: head {v!r} is not " + (
                            f"within the sentence of {len(row)} tokens (0: the root)"
                            if v.isascii() and v.isdigit() else
                            "an index (1-based within the sentence, 0: the root)")), i,
                        text=" ".join(row))
        return flat.astype(np.int32)

    def corpus(self, gold: Corpus, form_column: str = "form") -> Corpus:
        """The gold's tokens with the labels in a column named after the layout.

        ``UNCLUSTERED`` stays a label (read as unclustered, as in every prediction);
        ``_`` is missing (unclustered too).
        """
        labels = self.values(gold, form_column)
        items, codes = np.unique(labels.astype(str), return_inverse=True)
        if "_" in items:
            u = int(np.searchsorted(items, "_"))
            codes = np.where(codes == u, -1, codes - (codes > u))
            items = np.delete(items, u)
        return gold.with_tokens(**{self.format: Column(codes.astype(np.int64),
                                                       Vocabulary(items.tolist()))})


def _trees(rows) -> bool:
    """Every non-empty row is a head sequence: one ``0``, the others within the row."""
    seen = False
    for row in rows:
        if not row:
            continue
        if row.count("0") != 1 or not all(v.isascii() and v.isdigit() and int(v) <= len(row)
                                          and int(v) != j for j, v in enumerate(row, 1)):
            return False
        seen = True
    return seen


def read_layout(paths, fmt: str, *, detected: bool = False) -> Layout:
    """Read the files of a prediction in layout ``fmt`` (one after the other).

    Parameters
    ----------
    paths
        The prediction's files.
    fmt
        ``"labels"``, ``"heads"`` or ``"wordtag"``.
    detected
        Whether :func:`detect_layout` chose ``fmt`` (errors then name ``--pred-format``).

    Returns
    -------
    Layout
        Per sentence its values and where they were read.

    Raises
    ------
    CorpusFormatError
        A ``wordtag`` line without exactly two tab-separated fields (file, line, text).

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "pred.labels")
    >>> _ = open(p, "w").write("3 1\\n2 2 UNCLUSTERED\\n")
    >>> read_layout((p,), "labels").rows
    (('3', '1'), ('2', '2', 'UNCLUSTERED'))
    """
    rows, where, words = [], [], ([] if fmt == "wordtag" else None)
    for path in map(str, paths):
        try:
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise InducevalError(f"{path}: cannot read the prediction: {exc}") from None
        while lines and not lines[-1].strip():
            lines.pop()
        if words is None:
            rows += [tuple(line.split()) for line in lines]
            where += [(path, n) for n in range(1, len(lines) + 1)]
            continue
        start = None
        for n, line in enumerate(lines + [""], 1):
            if not line.strip():
                start = None
                continue
            fields = line.split("\t")
            if len(fields) != 2 or not fields[0]:
                raise CorpusFormatError("expected 'word<TAB>label' (a blank line between "
                                        "sentences)", path=path, line=n, text=line)
            if start is None:
                start = n
                rows.append([])
                words.append([])
                where.append((path, n))
            words[-1].append(fields[0])
            rows[-1].append(fields[1].strip())
    return Layout(fmt, tuple(rows), tuple(where), None if words is None else tuple(words),
                  detected, tuple(map(str, paths)))


def detect_layout(paths, command: str) -> str | None:
    """The layout of a prediction's files under ``--pred-format auto``, or ``None``.

    ``command``: ``"tags"`` or ``"deps"`` (which line layout integers are); see
    the module docstring for the rule.  Only the first file's first 200 lines are read.

    Parameters
    ----------
    paths
        The prediction's files.
    command
        ``"tags"`` or ``"deps"``.

    Returns
    -------
    str or None
        ``"labels"``, ``"heads"`` or ``"wordtag"``; ``None`` when the files are
        in none of them.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "pred.labels")
    >>> _ = open(p, "w").write("3 1\\n2 2 UNCLUSTERED\\n")
    >>> detect_layout((p,), "tags"), detect_layout((p,), "deps")
    ('labels', 'heads')
    """
    from induceval.corpus.readers import EXTENSIONS

    path = Path(paths[0])
    suffix = path.suffix.lower()
    if not path.is_file() or (suffix in EXTENSIONS and suffix != ".txt"):
        return None
    line_layout = "labels" if command == "tags" else "heads"
    if suffix in (".labels", ".heads"):
        return line_layout
    lines = []
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                lines.append(line.rstrip("\r\n"))
                if len(lines) >= _SNIFFED:
                    break
    except OSError:
        return None
    full = [line for line in lines if line.strip()]
    if not full:
        return None
    if all(_NUMBERS.fullmatch(line.strip()) for line in full):
        return line_layout
    # blank lines between word<TAB>label lines (sentences), or a line repeated (a token
    # seen twice): a type list has neither
    first, last = lines.index(full[0]), len(lines) - lines[::-1].index(full[-1])
    if command == "tags" and all(len(line.split("\t")) == 2 for line in full) and (
            any(not line.strip() for line in lines[first:last]) or len(set(full)) < len(full)):
        return "wordtag"
    return None
