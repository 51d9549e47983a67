"""Readers for every corpus format, behind one registry.

:func:`read_corpus` picks the reader by ``format`` (or by the file ending
when ``format="auto"``) and reads one file, a list of files, or a directory.
Each reader module exposes ``read(paths, *, on_error="fail", **options) -> Corpus``
and, for streaming use, ``iter_sentences(path, ...)``.

Formats (name: module, file endings)
------------------------------------
- ``conllu``: CoNLL-U (``.conllu``)
- ``conllx``: CoNLL-X, 10 columns (``.conll``, ``.conllx``)
- ``pascal``: PASCAL 2012 9-column format with UPOS in column 6 (``.pascal``)
- ``malt``: 3/4-column ``word tag head [rel]`` (``.dp``, ``.malt``)
- ``brown``: ``word/tag`` tokens, one sentence a line (Brown corpus files)
- ``plain``: whitespace-tokenised text, one sentence a line (``.txt``)
- ``chat``: CHILDES CHAT (``.cha``)
- ``ptb``: Penn Treebank bracketed trees, leaves as ``form``/``xpos`` (``.mrg``)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, ParameterError

__all__ = ["READERS", "EXTENSIONS", "read_corpus", "detect_format", "expand_paths"]

#: format name -> module under ``induceval.corpus.readers``
READERS: dict[str, str] = {
    "conllu": "conllu",
    "conllx": "conllx",
    "pascal": "pascal",
    "malt": "malt",
    "brown": "brown",
    "plain": "plain",
    "chat": "chat",
    "ptb": "ptb",
}

#: file ending -> format name
EXTENSIONS: dict[str, str] = {
    ".conllu": "conllu",
    ".conll": "conllx",
    ".conllx": "conllx",
    ".pascal": "pascal",
    ".dp": "malt",
    ".malt": "malt",
    ".txt": "plain",
    ".cha": "chat",
    ".mrg": "ptb",
}

_SKIP_NAMES = {"README", "CONTENTS", "LICENSE", "LICENSE.txt", "README.md", "cats.txt"}


def expand_paths(paths: str | os.PathLike | Sequence[str | os.PathLike],
                 fmt: str = "auto") -> list[Path]:
    """Expand directories (recursively, sorted) into the files a format reads."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = len(out)
            for f in sorted(p.rglob("*")):
                if not f.is_file() or f.name.startswith(".") or f.name in _SKIP_NAMES:
                    continue
                ext_fmt = EXTENSIONS.get(f.suffix.lower())
                if fmt == "auto":
                    if ext_fmt is not None and ext_fmt != "plain":
                        out.append(f)
                elif ext_fmt == fmt or (fmt == "brown" and f.suffix == ""):
                    out.append(f)
            if fmt == "auto" and len(out) == found:
                # no known ending (e.g. the Brown corpus's ca01 ...): extension-less files
                out.extend(f for f in sorted(p.rglob("*")) if f.is_file() and f.suffix == ""
                           and not f.name.startswith(".") and f.name not in _SKIP_NAMES)
        elif p.exists():
            out.append(p)
        else:
            raise InducevalError(f"{p}: no such file or directory")
    return out


def detect_format(path: str | os.PathLike) -> str:
    """Guess the format of a file from its ending, else from its first lines."""
    p = Path(path)
    fmt = EXTENSIONS.get(p.suffix.lower())
    if fmt is not None:
        return fmt
    try:
        with open(p, encoding="utf-8", errors="replace") as fh:
            head = [line for _, line in zip(range(50), fh)]
    except OSError as exc:
        raise InducevalError(f"{p}: cannot read: {exc}") from None
    lines = [h.rstrip("\n") for h in head if h.strip() and not h.startswith("#")]
    if any(h.startswith("@Begin") or h.startswith("@UTF8") for h in head):
        return "chat"
    if lines:
        ncols = {len(h.split("\t")) for h in lines}
        if ncols == {10}:
            return "conllu" if any(h.startswith("# ") for h in head) else "conllx"
        if ncols == {9}:
            return "pascal"
        if ncols <= {3, 4}:
            return "malt"
        if all("/" in tok for h in lines[:5] for tok in h.split()):
            return "brown"
    return "plain"


def read_corpus(paths: str | os.PathLike | Sequence[str | os.PathLike], format: str = "auto",
                *, on_error: str = "fail", **options) -> Corpus:
    """Read one or more files (or directories) into a :class:`Corpus`.

    Parameters
    ----------
    paths
        A file, a directory, or a list of them.
    format
        One of :data:`READERS`, or ``"auto"`` to detect from the first file.
    on_error
        ``"fail"`` raises :class:`~induceval.errors.CorpusFormatError` on the
        first malformed sentence; ``"skip"`` skips it and counts it in
        ``corpus.report.skipped``.
    **options
        Reader-specific options (see each reader's ``read``).

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); p = os.path.join(d, "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> read_corpus(p).n_tokens
    4
    """
    if on_error not in ("fail", "skip"):
        raise ParameterError(f"on_error must be 'fail' or 'skip'; got {on_error!r}")
    files = expand_paths(paths, format)
    if not files:
        raise InducevalError(f"no corpus files found in {paths!r}")
    fmt = detect_format(files[0]) if format == "auto" else format
    if fmt not in READERS:
        raise ParameterError(f"format must be one of auto, {', '.join(READERS)}; got {fmt!r}")
    module = importlib.import_module(f"induceval.corpus.readers.{READERS[fmt]}")
    return module.read(files, on_error=on_error, **options)
