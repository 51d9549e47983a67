"""Readers for every corpus format, behind one registry.

:func:`read_corpus` picks the reader by ``format`` (or by the file ending
when ``format="auto"``) and reads one file, a list of files, or a directory.
Each reader module exposes ``read(files, *, on_error="fail", name=None, **options)
-> Corpus`` (``files``: a path or a list of paths; ``on_error="fail"`` raises
:class:`~induceval.errors.CorpusFormatError` naming file, line and text,
``"skip"`` skips the bad sentence and counts it in ``report.skipped``;
``name``: the corpus name, by default the path or the common folder) and, for
streaming use, ``iter_sentences(path, ...)``, yielding ``(tokens, meta)`` per
sentence: the arguments of :meth:`~induceval.corpus.model.CorpusBuilder.add_sentence`.

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from induceval.corpus.formats import EXTENSIONS, READERS
from induceval.corpus.model import Corpus, concat
from induceval.corpus.readers._common import corpus_name
from induceval.corpus.readers._documents import distinct_stem_runs, relative_names, renamed
from induceval.errors import (
    CorpusFormatError,
    InducevalError,
    ParameterError,
    check_choice,
    check_range,
    shorten,
)

__all__ = ["READERS", "EXTENSIONS", "SCORING_COLUMNS", "read_corpus", "read_parts", "read_name",
           "read_corpora", "detect_format", "format_evidence", "expand_paths", "corpus_files",
           "plan_files", "FilePlan",
           "is_binary"]


def is_binary(path: str | os.PathLike) -> bool:
    """True when a file looks binary: a NUL byte, or not UTF-8, in its first 8 KiB.

    Parameters
    ----------
    path
        The file.

    Returns
    -------
    bool
        Whether it looks binary.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); p = os.path.join(d, "x.pkl")
    >>> _ = open(p, "wb").write(b"\\x80\\x04\\x95\\x00\\x00")
    >>> is_binary(p)
    True
    """
    try:
        with open(path, "rb") as fh:
            head = fh.read(8192)
    except OSError:
        return False
    if b"\x00" in head:
        return True
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        # a multi-byte character cut at the end of the block is still text
        return exc.start < len(head) - 3
    return False


#: what a folder holds besides its corpus (skipped by name, and listed)
_SKIP_NAMES = frozenset({"README", "CONTENTS", "LICENSE", "LICENSE.txt", "README.md",
                         "cats.txt"})

#: the two ten-column formats, read as one another where the user names one
_TEN_COLUMNS = frozenset({"conllu", "conllx"})


@dataclass
class FilePlan:
    """What :func:`read_corpus` reads from its paths, and what it leaves out, by name.

    Each file given by name is read.  In a folder (recursively, sorted, hidden
    files and folders aside) every file is read by its own format: its ending
    (:data:`EXTENSIONS`), checked against its content for ``.txt`` and
    ``.conll``, else its content; ten-column files told by their content are
    CoNLL-U or CoNLL-X together, CoNLL-U when one of them shows CoNLL-U
    content.  A folder's documentation (README, LICENSE...), binary files
    and files whose ending and content name no format are skipped and listed
    in :attr:`skipped`; a folder in which no file has a format is read as
    plain text, but for files of annotation no reader knows (``word/tag``
    tokens in PTB ``.pos`` chunks, bracketed trees), skipped and listed.
    With a format named, the files of that format are read (ten-column
    files as either, files of no format too as ``plain``) and the others
    skipped and listed: no file is left out unnamed.

    Attributes
    ----------
    files, formats
        The files read, in order, and the format of each.
    evidence
        Per file read by its content: what showed the format.
    skipped
        Per file not read: why.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> for name, text in (("a.conllu", "1\\tHi\\t_\\tINTJ\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n"),
    ...                    ("b.cha", "@Begin\\n@End\\n"), ("notes.json", "{}\\n")):
    ...     _ = open(os.path.join(d, name), "w").write(text)
    >>> plan = plan_files(d)
    >>> [f.name for f in plan.files], plan.formats, [(f.name, why) for f, why in plan.skipped]
    (['a.conllu', 'b.cha'], ['conllu', 'chat'], [('notes.json', 'no corpus format by its \
ending or content')])
    """

    files: list[Path] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    evidence: dict = field(default_factory=dict)
    skipped: list = field(default_factory=list)

    def runs(self) -> list[tuple[str, list[Path]]]:
        """Consecutive files of one format: ``(format, files)`` in order."""
        out: list[tuple[str, list[Path]]] = []
        for f, fmt in zip(self.files, self.formats):
            if out and out[-1][0] == fmt:
                out[-1][1].append(f)
            else:
                out.append((fmt, [f]))
        return out

    def annotate(self, report) -> None:
        """Count in ``report`` the files read by their content and every file skipped."""
        by_content: dict[str, list[Path]] = {}
        for f, fmt in zip(self.files, self.formats):
            if f in self.evidence and fmt != "plain":
                by_content.setdefault(fmt, []).append(f)
        for fmt, files in by_content.items():
            key = f"files read as {fmt} by their content"
            report.count(key, len(files))
            report.examples.setdefault(key, f"{files[0]}: {self.evidence[files[0]]}")
        for f, why in self.skipped:
            key = "binary files skipped" if why == "binary" else "files skipped"
            report.count(key)
            report.examples.setdefault(key, str(f))
            report.skipped_files[str(f)] = why


def _own_format(f: Path) -> tuple[str | None, str]:
    """A folder file's format by its ending and content, and what showed it (``None``: no
    format; ``""``: the ending alone)."""
    by_ending = EXTENSIONS.get(f.suffix.lower())
    if by_ending not in (None, "plain", "conllx") or f.suffix.lower() == ".conllx":
        return by_ending, ""
    try:
        found, why = _by_content(f)
    except InducevalError:
        return None, ""
    if by_ending == "conllx":
        return (found, why) if found == "conllu" else ("conllx", "")
    if found == "plain":
        if by_ending == "plain":
            _check_prose(f)   # a .txt file that is no prose is named, not read as words
            return "plain", ""
        return None, ""
    return found, why


def plan_files(paths, fmt: str = "auto", *, claimed=None) -> FilePlan:
    """The :class:`FilePlan` of ``paths`` (a file, a folder, or a list of them) and ``fmt``.

    ``claimed(path) -> bool`` tells the folder files a caller reads itself (a
    prediction in a layout of :mod:`induceval.measures.layouts`): kept, with
    the format ``"auto"``.

    Parameters
    ----------
    paths
        A file, a folder, or a list of them.
    fmt
        A format name, or ``"auto"``.
    claimed
        Optional ``path -> bool``: folder files the caller reads itself.

    Returns
    -------
    FilePlan
        The files read with their formats, and the files skipped (possibly
        none to read).

    Raises
    ------
    InducevalError
        A path that does not exist, or a ``.txt`` file that is no prose.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> line = "\\t".join(["1", "hi", "_", "INTJ", "_", "_", "0", "root", "_", "_"])
    >>> _ = open(os.path.join(d, "a.conllu"), "w").write(line + "\\n\\n")
    >>> _ = open(os.path.join(d, "README"), "w").write("About\\n")
    >>> plan = plan_files(d)
    >>> [f.name for f in plan.files], plan.formats
    (['a.conllu'], ['conllu'])
    """
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    plan = FilePlan()
    for p in map(Path, paths):
        if not p.is_dir():
            if not p.exists():
                raise InducevalError(f"{p}: no such file or directory")
            own, why = format_evidence(p) if fmt == "auto" else (fmt, "")
            plan.files.append(p)
            plan.formats.append(own)
            if why:
                plan.evidence[p] = why
            continue
        found = []
        for f in sorted(p.rglob("*")):
            if not f.is_file() or any(part.startswith(".") for part in f.relative_to(p).parts):
                continue
            if f.name in _SKIP_NAMES:
                plan.skipped.append((f, "documentation, not corpus text"))
            elif is_binary(f):
                plan.skipped.append((f, "binary"))
            elif claimed is not None and claimed(f):
                found.append((f, "auto", ""))
            else:
                found.append((f, *_own_format(f)))
        if fmt == "auto" and found and all(own is None for _, own, _ in found) and \
                claimed is None:
            # prose, not annotation in a format no reader knows (PTB .pos chunks, .prd
            # trees without tags): those read as words would be brackets and "word/TAG"
            notes = {f: _annotation_seen(f) for f, _, _ in found}
            plan.skipped += [(f, why) for f, why in notes.items() if why]
            found = [(f, "plain", "no file of the folder has a corpus format")
                     for f, _, _ in found if not notes[f]]
        # a folder's ten-column files told by their content (not by a .conllu or .conllx
        # ending) are of one dialect: CoNLL-U when one of them shows it
        told = [(f, own) for f, own, _ in found
                if own in _TEN_COLUMNS and f.suffix.lower() not in (".conllu", ".conllx")]
        shown = next((f for f, own in told if own == "conllu"), None)
        for f, own, why in found:
            if shown is not None and (f, own) in told and own == "conllx":
                own, why = "conllu", f"10 columns, CoNLL-U as the folder's {shown.name}"
            if fmt != "auto":
                if own == fmt or {own, fmt} <= _TEN_COLUMNS or (own is None and fmt == "plain"):
                    plan.files.append(f)
                    plan.formats.append(fmt)
                else:
                    plan.skipped.append((f, f"a {own or 'file of no corpus format'}, not "
                                            f"{fmt} (--input-format auto reads each file "
                                            "by its own format)"))
            elif own is None:
                plan.skipped.append((f, "no corpus format by its ending or content"))
            else:
                plan.files.append(f)
                plan.formats.append(own)
                if why:
                    plan.evidence[f] = why
    return plan


def expand_paths(paths: str | os.PathLike | Sequence[str | os.PathLike],
                 fmt: str = "auto") -> list[Path]:
    """The files :func:`read_corpus` reads from ``paths`` (see :class:`FilePlan`).

    Parameters
    ----------
    paths
        A file, a folder, or a list of them.
    fmt
        A format name, or ``"auto"``.

    Returns
    -------
    list of pathlib.Path
        The files read, in order.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); _ = open(os.path.join(d, "a.txt"), "w").write("hi\\n")
    >>> [f.name for f in expand_paths(d)]
    ['a.txt']
    """
    return plan_files(paths, fmt).files


def corpus_files(paths: str | os.PathLike | Sequence[str | os.PathLike],
                 fmt: str = "auto") -> FilePlan:
    """The :class:`FilePlan` of ``paths``, raising
    :class:`~induceval.errors.InducevalError` (naming ``paths`` and the files
    skipped) when there is no file to read.

    Parameters
    ----------
    paths
        A file, a folder, or a list of them.
    fmt
        A format name, or ``"auto"``.

    Returns
    -------
    FilePlan
        The files read with their formats, and the files skipped.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); _ = open(os.path.join(d, "a.txt"), "w").write("hi\\n")
    >>> plan = corpus_files(d)
    >>> [f.name for f in plan.files], plan.skipped
    (['a.txt'], [])
    """
    plan = plan_files(paths, fmt)
    if not plan.files:
        shown = ", ".join(f"{f.name} ({why})" for f, why in plan.skipped[:5])
        raise InducevalError(f"no corpus files found in {paths!r}"
                             + (f"; skipped {len(plan.skipped)}: {shown}" if shown else ""))
    return plan


def _sniff(path: Path) -> str:
    try:
        return detect_format(path, by_ending=False)
    except InducevalError:
        return "plain"


def detect_format(path: str | os.PathLike, *, by_ending: bool = True) -> str:
    """Guess the format of a file from its ending, else from its first lines.

    A ``.txt`` ending (``plain``) is checked against the content: a
    ``.conll.txt`` file of CoNLL lines is read as CoNLL.  Ten tab-separated
    columns (``.conll`` files included) are CoNLL-U rather than CoNLL-X when
    the content says so (:func:`format_evidence`).

    Parameters
    ----------
    path
        The file.
    by_ending
        Let the file's ending decide (else the content only).

    Returns
    -------
    str
        A format name of :data:`READERS`.

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.conll.txt")
    >>> _ = open(p, "w").write("1\\tHi\\t_\\tINTJ\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n")
    >>> detect_format(p)
    'conllu'
    """
    return format_evidence(path, by_ending=by_ending)[0]


def format_evidence(path: str | os.PathLike, *, by_ending: bool = True) -> tuple[str, str]:
    """The format of a file and what showed it: ``(format, evidence)``.

    ``evidence`` is ``""`` when the ending decided; otherwise it names what
    in the first 50 lines (64 KB at most) did.  Ten columns are CoNLL-U when there are comment
    lines, ids of multiword tokens or empty nodes (``1-2``, ``8.1``),
    ``head:relation`` pairs in column 9 (DEPS), ``key=value`` in column 10
    (MISC) or only the 17 UD tags in column 4 (UPOS); else CoNLL-X
    (CoNLL-U files without comment lines, such as Hebrew CHILDES's
    ``.conll.txt``, were read as CoNLL-X, and their UPOS column as CPOS).

    Parameters
    ----------
    path
        The file.
    by_ending
        Let the file's ending decide (else the content only).

    Returns
    -------
    tuple of (str, str)
        The format and what showed it (``""``: the ending).

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.conll.txt")
    >>> _ = open(p, "w").write("1\\tHi\\t_\\tINTJ\\t_\\t_\\t0\\troot\\t_\\t_\\n\\n")
    >>> format_evidence(p)
    ('conllu', '10 columns, UD tags in column 4')
    """
    p = Path(path)
    fmt = EXTENSIONS.get(p.suffix.lower()) if by_ending else None
    if fmt is not None and fmt not in ("plain", "conllx") or p.suffix.lower() == ".conllx":
        return fmt, ""
    found = _by_content(p)
    if fmt == "conllx":   # a .conll file: CoNLL-X unless its columns say CoNLL-U
        return found if found[0] == "conllu" else ("conllx", "")
    if fmt == "plain" and found[0] == "plain":
        _check_prose(p)
    if found[0] == "plain" and fmt is None and by_ending:
        raise InducevalError(f"{p}:{_seen(p)}; plain text is read from "
                             "'.txt' files or with --input-format plain (format='plain')")
    return found


def _check_prose(path: str | os.PathLike) -> None:
    """Raise :class:`~induceval.errors.CorpusFormatError` when a file taken for plain text by
    its ending holds what prose does not (in its first 50 lines, 64 KB at most): a NUL
    byte (binary data), a ``%PDF-`` header, ``|||`` on most lines (``tokens ||| labels``)
    or the same number of tab-separated columns on every line (a tabular format).

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog ||| B-ARG0 O\\nit ran ||| O O\\n")
    >>> try:
    ...     _check_prose(p)
    ... except CorpusFormatError as err:
    ...     print(err.line, err.reason.split(":")[0])
    1 'tokens ||| labels' lines (2 of 2 lines hold '|||')
    """
    p = Path(path)
    with open(p, encoding="utf-8-sig", errors="replace") as fh:
        lines = [(i, h) for i, h in enumerate(fh.read(_HEAD_CHARS).split("\n")[:50], 1)
                 if h.strip()]
    if not lines:
        return
    (first, text), bars = lines[0], [i for i, h in lines if "|||" in h]
    columns = {len(h.strip().split("\t")) for _, h in lines}
    nul = next((i for i, h in lines if "\x00" in h), None)
    if nul is not None:
        found = nul, "a NUL byte (binary data)"
    elif text.startswith("%PDF-"):
        found = first, "a PDF file ('%PDF-' header)"
    elif len(bars) > len(lines) / 2:
        found = bars[0], (f"'tokens ||| labels' lines ({len(bars)} of {len(lines)} lines "
                          "hold '|||')")
    elif len(columns) == 1 and max(columns) > 1:
        found = first, f"{max(columns)} tab-separated columns on every line (a tabular format)"
    else:
        return
    raise CorpusFormatError(f"{found[1]}: not plain text; --input-format (format=...) "
                            "decides: give the file's format, or plain to read every line as "
                            "words anyway", path=str(p), line=found[0],
                            text=dict(lines)[found[0]].strip())


def _annotation_seen(p: Path) -> str:
    """Why a file of no known format, in a folder of such files, is annotated text rather
    than prose (in its first 50 lines, 64 KB at most), or ``""``: most tokens ``word/tag``
    once ``[``/``]`` chunk brackets and ``=====`` rules are left aside (PTB ``.pos``), or
    most lines opening with ``(`` (bracketed trees, as PTB ``.prd``).

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "wsj_0001.pos")
    >>> _ = open(p, "w").write("[ Pierre/NNP Vinken/NNP ]\\n,/, \\n[ 61/CD years/NNS ]\\n")
    >>> _annotation_seen(Path(p)).split(";")[0]
    'word/tag tokens (tagged text)'
    """
    with open(p, encoding="utf-8-sig", errors="replace") as fh:
        lines = [h for h in fh.read(_HEAD_CHARS).split("\n")[:50] if h.strip()]
    tokens = [t for h in lines for t in h.split() if t not in ("[", "]") and set(t) != {"="}]
    if tokens and _mostly_tagged(tokens):
        what = "word/tag tokens (tagged text)"
    elif sum(h.lstrip().startswith("(") for h in lines) > len(lines) / 2:
        what = "lines of bracketed trees"
    else:
        return ""
    return f"{what}; not read as words: give --input-format (plain reads them as words)"


def _seen(p: Path) -> str:
    """``N: unknown format: what line N looks like`` (the first line with text), for the
    error of a file of no known format."""
    first, lineno = "", 1
    try:
        with open(p, encoding="utf-8-sig", errors="replace") as fh:
            text = fh.read(_HEAD_CHARS)
    except OSError:
        text = ""
    for lineno, line in enumerate(text.splitlines(), 1):   # noqa: B007 - used after
        if line.strip():
            first = line.strip()
            break
    where = f"{lineno}: unknown format: "
    if first.startswith("<?xml") or first.startswith("<"):
        return where + f"XML ({first[:60]!r}: TalkBank XML is not read; its CHAT .cha files are)"
    if "|||" in first:
        return where + f"'tokens ||| labels' lines ({first[:60]!r})"
    return where + (f"first line {shorten(first)!r}" if first else "no text")


#: The most characters of a file read to tell its format (its first 50 lines, up to this):
#: a 50 MB line is not split into millions of words to guess a format.
_HEAD_CHARS = 1 << 16


def _by_content(p: Path) -> tuple[str, str]:
    try:
        with open(p, encoding="utf-8-sig", errors="replace") as fh:
            text = fh.read(_HEAD_CHARS)
    except OSError as exc:
        raise InducevalError(f"{p}: cannot read: {exc}") from None
    head = text.splitlines(keepends=True)[:50]
    if len(text) == _HEAD_CHARS and len(head) > 1 and not head[-1].endswith("\n"):
        head.pop()   # (cut by the limit)
    lines = [h.rstrip("\n") for h in head if h.strip() and not h.startswith("#")]
    # a CHAT transcript has @Begin; CHILDES's 0metadata.cdc starts with @UTF8 but is not one
    if any(h.startswith("@Begin") for h in head):
        return "chat", "an @Begin line"
    if lines:
        ncols = {len(h.split("\t")) for h in lines}
        if ncols == {10}:
            return _conll_dialect(head, [h.split("\t") for h in lines])
        if ncols == {9}:
            return "pascal", "9 tab-separated columns"
        if ncols <= {3, 4}:
            return "malt", f"{max(ncols)} tab-separated columns"
        if _mostly_tagged([tok for h in lines for tok in h.split()]):
            return "brown", "word/tag tokens"
    return "plain", "no columns, tags or CHAT headers"


def _mostly_tagged(tokens: list[str]) -> bool:
    """Whether most tokens are ``word/tag`` and at most one in ten (or one) is not (a Brown
    file): an untagged token is then a fault the Brown reader names, not a sign of plain
    text.

    Example
    -------
    >>> _mostly_tagged("The/at jury/nn said".split()), _mostly_tagged("a/b c d e".split())
    (True, False)
    >>> _mostly_tagged("The/at jury/nn said/vbd Friday/nr an/at investigation/nn of/in "
    ...                "Atlanta's/np$ recent/jj primary election/nn".split())
    True
    """
    if not tokens:
        return False
    tagged = sum(1 for t in tokens if (p := t.rpartition("/"))[0] and p[2])
    return tagged > len(tokens) / 2 and len(tokens) - tagged <= max(1, len(tokens) // 10)


def _conll_dialect(head: list[str], rows: list[list[str]]) -> tuple[str, str]:
    from induceval.corpus.transforms.punct import UD_UPOS

    tags = {r[3] for r in rows} - {"_"}
    for found, why in (
            (any(h.startswith("# ") for h in head), "comment lines"),
            (any(not r[0].isdigit() for r in rows), "multiword or empty-node ids"),
            (any(_is_deps(r[8]) for r in rows), "head:relation pairs in column 9"),
            (any("=" in r[9] for r in rows), "key=value in column 10"),
            (any(_is_ud_feats(r[5]) for r in rows), "UD Feature=Value pairs in column 6"),
            # UD v1 (2014-2016) had CONJ where v2 has CCONJ
            (tags and tags <= UD_UPOS | {"CONJ"}, "UD tags in column 4")):
        if found:
            return "conllu", f"10 columns, {why}"
    return "conllx", "10 columns, no CoNLL-U column content"


def _is_ud_feats(field: str) -> bool:
    """UD features (``Number=Sing|Person=3``): capitalised names, ``=``; CoNLL-X FEATS are
    ``_`` or bare values (``sg|masc``).

    Example
    -------
    >>> _is_ud_feats("Number=Sing|Person=3"), _is_ud_feats("sg|masc"), _is_ud_feats("_")
    (True, False, False)
    """
    pairs = [p.split("=", 1) for p in field.split("|")]
    return all(len(kv) == 2 and kv[0][:1].isupper() and kv[1] for kv in pairs)


def _is_deps(field: str) -> bool:
    """A CoNLL-U DEPS value (``2:nsubj|4:conj``), not a CoNLL-X PHEAD (a number or ``_``)."""
    return ":" in field and all(p.split(":", 1)[0].replace(".", "").isdigit()
                                for p in field.split("|"))


#: The token columns scoring needs (``eval tags``/``eval deps`` read only these).
SCORING_COLUMNS = ("form", "upos", "xpos", "cpos", "head", "deprel")

#: formats whose reader can skip token columns (``columns=``)
_COLUMN_FORMATS = frozenset({"conllu", "conllx", "pascal", "malt"})

#: formats whose reader limits the size of one record (``max_record_bytes=``); the others
#: read records of any size
_RECORD_LIMIT_FORMATS = frozenset({"ptb", "chat"})


def read_corpus(paths: str | os.PathLike | Sequence[str | os.PathLike], format: str = "auto",
                *, on_error: str = "fail", columns: Sequence[str] | None = None,
                needs: Sequence[str] | None = None, max_record_bytes: int | None = None,
                words: str = "mor", **options) -> Corpus:
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
    columns
        A hint: the token columns needed (``form`` is always read).  The
        tabular readers (CoNLL-U, CoNLL-X, PASCAL, Malt) then skip the others
        and keep no ``_lines`` (faster, smaller; not for writing back); the
        other readers read everything.
    needs
        The token columns the caller uses (default: ``columns``; ``None``:
        all).  The CHAT reader counts, and does not raise, a fault in a tier
        that gives none of them (a ``%gra`` fault does not stop a command
        that uses the words and tags).
    words
        CHAT's words: ``"mor"`` (default), the tokens of ``%mor`` (contractions
        split, ``[: target]`` words), aligned with the tags and relations for
        their evaluation; ``"spoken"``, the words as said (``wanna``), for
        word-level uses (WOPA), form only.  The other formats have one reading.
    max_record_bytes
        The largest record (a PTB tree, a CHAT utterance with its tiers) read
        (default: the reader's, 16 MiB, e.g.
        :data:`induceval.corpus.readers.ptb.MAX_RECORD_BYTES`);
        a larger one is an error naming this limit.  Formats without a limit
        ignore it.
    **options
        Reader-specific options (see each reader's ``read``).

    Returns
    -------
    Corpus
        Every sentence read, in file order; what was skipped or left out is
        counted in ``corpus.report``.

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
    if format != "auto" and format not in READERS:
        raise ParameterError(f"format must be one of auto, {', '.join(READERS)}; got {format!r}")
    if max_record_bytes is not None:
        check_range("max_record_bytes", max_record_bytes, 1)
    check_choice("words", words, ("mor", "spoken"))
    plan = corpus_files(paths, format)
    files = plan.files
    from induceval._gc import paused_gc

    names = relative_names(files)
    parts = []
    with paused_gc():  # millions of small live objects: collections would free nothing
        for fmt, run in plan.runs():
            module = importlib.import_module(f"induceval.corpus.readers.{READERS[fmt]}")
            opts = dict(options)
            if columns is not None and fmt in _COLUMN_FORMATS:
                opts["columns"] = columns
            if fmt == "chat" and (needs or columns) is not None:
                opts["needs"] = needs if needs is not None else columns
            if fmt == "chat" and words != "mor":
                opts["words"] = words
            if max_record_bytes is not None and fmt in _RECORD_LIMIT_FORMATS:
                opts["max_record_bytes"] = max_record_bytes
            # files named alike in several folders: one document each, by its path
            for same in distinct_stem_runs(run) if names else [run]:
                part = module.read(same, on_error=on_error, **opts)
                parts.append(renamed(part, {f.stem: names[f] for f in same}) if names else part)
    corpus = parts[0] if len(parts) == 1 else concat(parts, name=corpus_name(files))
    if names:
        corpus.report.count("documents named by their path (files share a name)", len(files))
    plan.annotate(corpus.report)   # said, as a guess from the content can be wrong
    if _folder(paths) is not None:
        from dataclasses import replace

        corpus = replace(corpus, name=_folder(paths))   # a folder corpus is named by its folder
    return corpus


def _folder(paths) -> str | None:
    """The folder when ``paths`` is one folder, else ``None``."""
    single = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    return str(single[0]) if len(single) == 1 and Path(single[0]).is_dir() else None


def read_name(paths, files: list[Path]) -> str:
    """The name of the corpus :func:`read_corpus` reads from ``paths`` (expanded to ``files``):
    a folder given alone names it (else the file, or the files' common folder).

    Parameters
    ----------
    paths
        The paths given to :func:`read_corpus`.
    files
        The files they expand to.

    Returns
    -------
    str
        The corpus name.

    Example
    -------
    >>> read_name("corpora/eve", [Path("corpora/eve/a.cha"), Path("corpora/eve/sub/b.cha")])
    'corpora/eve'
    """
    folder = _folder(paths)
    return folder if folder is not None else corpus_name(files)


def read_parts(paths: str | os.PathLike | Sequence[str | os.PathLike], format: str = "auto",
               *, on_error: str = "fail", **options) -> Iterator[Corpus]:
    """The corpus of :func:`read_corpus` as consecutive parts of whole sentences.

    Plain text (its files named apart) is read a part at a time
    (:func:`induceval.corpus.readers.plain.read_parts`), so that counting or
    tagging the parts in turn holds one part's tokens; other formats come as
    one part, :func:`read_corpus` itself.  The parts' vocabularies, joined in
    part order, are the corpus's; a consumer that needs no more than counts
    and each token's word (Brown and exchange clustering, their tags) sees
    the corpus.  Arguments and errors as in :func:`read_corpus`.

    Parameters
    ----------
    paths
        A file, a folder, or a list of them.
    format
        One of :data:`READERS`, or ``"auto"``.
    on_error
        ``"fail"`` or ``"skip"`` malformed sentences, as in :func:`read_corpus`.
    **options
        The other options of :func:`read_corpus`.

    Yields
    ------
    Corpus
        Consecutive parts of whole sentences of the corpus.

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> [part.n_tokens for part in read_parts(p)]
    [4]
    """
    if format in ("auto", "plain"):
        plan = plan_files(paths, format)
        files = plan.files
        if files and set(plan.formats) == {"plain"} and not plan.skipped \
                and not relative_names(files):
            from induceval.corpus.readers.plain import read_parts as plain_parts

            yield from plain_parts(files, on_error=on_error, name=read_name(paths, files),
                                   **options)
            return
    yield read_corpus(paths, format, on_error=on_error, **options)


#: :func:`read_corpora` reads in parallel from this many bytes of input on (below, a
#: second process costs more than it saves)
PARALLEL_BYTES = 16 << 20


def _read_request(request: tuple) -> Corpus:
    paths, options = request
    return read_corpus(paths, **options)


def _input_bytes(paths) -> int:
    single = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    total = 0
    for p in map(Path, single):
        try:
            total += p.stat().st_size if p.is_file() else PARALLEL_BYTES
        except OSError:
            pass
    return total


def read_corpora(requests: Sequence[tuple], *, jobs: int | None = None) -> list[Corpus]:
    """Read several corpora at once, in two processes when worthwhile.

    ``requests`` holds ``(paths, options)`` pairs, ``options`` being keyword
    arguments of :func:`read_corpus`.  They are read by
    :func:`induceval.parallel.map` on ``jobs`` local processes (default 2 on
    a machine with two cores or more, when the inputs total at least
    :data:`PARALLEL_BYTES` and this process, not a worker, can fork; else 1),
    the largest first.
    The corpora are those of :func:`read_corpus`, in request order, whatever
    ``jobs``; a read that fails raises its error, the first in request order.

    Parameters
    ----------
    requests
        ``(paths, options)`` pairs, ``options`` keyword arguments of :func:`read_corpus`.
    jobs
        Local processes to read with (default: chosen as above).

    Returns
    -------
    list of Corpus
        The corpora, in request order.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); p = os.path.join(d, "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> [c.n_tokens for c in read_corpora([(p, {}), (p, {"format": "plain"})])]
    [4, 4]
    """
    import multiprocessing as mp

    from induceval import parallel

    requests = [(paths, dict(options)) for paths, options in requests]
    sizes = [_input_bytes(paths) for paths, _ in requests]
    if jobs is None:
        jobs = 2 if (len(requests) > 1 and (os.cpu_count() or 1) > 1
                     and mp.parent_process() is None and "fork" in mp.get_all_start_methods()
                     and sum(sizes) >= PARALLEL_BYTES) else 1
    spec = parallel.ExecutorSpec(engine="local", jobs=max(1, min(jobs, len(requests))))
    return parallel.map(_read_request, requests, executor=spec, costs=sizes, name="read")
