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
from pathlib import Path

from induceval.corpus.model import Corpus, concat
from induceval.corpus.readers._common import corpus_name
from induceval.corpus.readers._documents import distinct_stem_runs, relative_names, renamed
from induceval.errors import (
    CorpusFormatError,
    InducevalError,
    ParameterError,
    check_range,
    shorten,
)

__all__ = ["READERS", "EXTENSIONS", "SCORING_COLUMNS", "read_corpus", "read_parts", "read_name",
           "read_corpora", "detect_format", "format_evidence", "expand_paths", "corpus_files",
           "is_binary"]

#: format name -> module under ``induceval.corpus.readers``
READERS: dict[str, str] = {
    f: f for f in ("conllu", "conllx", "pascal", "malt", "brown", "plain", "chat", "ptb")}

#: file ending -> format name
EXTENSIONS: dict[str, str] = {
    ".conllu": "conllu", ".conll": "conllx", ".conllx": "conllx", ".pascal": "pascal",
    ".dp": "malt", ".malt": "malt", ".txt": "plain", ".cha": "chat", ".mrg": "ptb"}

_SKIP_NAMES = {"README", "CONTENTS", "LICENSE", "LICENSE.txt", "README.md", "cats.txt"}


def is_binary(path: str | os.PathLike) -> bool:
    """True when a file looks binary: a NUL byte, or not UTF-8, in its first 8 KiB.

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


def _expand(paths, fmt: str = "auto") -> tuple[list[Path], list[Path]]:
    """The files to read and the binary files skipped (see :func:`expand_paths`)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: list[Path] = []
    binary: list[Path] = []
    for p in map(Path, paths):
        if not p.is_dir():
            if not p.exists():
                raise InducevalError(f"{p}: no such file or directory")
            out.append(p)
            continue
        candidates = []
        for f in sorted(p.rglob("*")):
            if not f.is_file() or f.name.startswith(".") or f.name in _SKIP_NAMES:
                continue
            if is_binary(f):
                binary.append(f)
                continue
            candidates.append(f)
        by_ext = {f: EXTENSIONS.get(f.suffix.lower()) for f in candidates}
        if fmt != "auto":
            chosen = [f for f in candidates
                      if by_ext[f] == fmt or (by_ext[f] in (None, "plain") and
                                              _sniff(f) == fmt)]
            if fmt == "plain":
                chosen = [f for f in candidates if by_ext[f] == "plain"] or chosen
            out.extend(chosen)
            continue
        # by content where the ending says nothing (no ending, .txt, .conll.txt ...)
        fmts = {f: (e if e not in (None, "plain") else _sniff(f)) for f, e in by_ext.items()}
        known = [v for v in fmts.values() if v != "plain"]
        if known:
            main = max(set(known), key=lambda v: (known.count(v), v))
            out.extend(f for f in candidates if fmts[f] == main)
        else:
            out.extend(candidates)
    return out, binary


def expand_paths(paths: str | os.PathLike | Sequence[str | os.PathLike],
                 fmt: str = "auto") -> list[Path]:
    """Expand directories (recursively, sorted) into the files a format reads.

    A folder is read by content as well as by file ending: files whose ending
    names no format (none, ``.txt``, ``.conll.txt`` ...) are recognised by
    their first lines; with ``fmt="auto"`` the folder's most common format is
    read.  Binary files (a NUL byte or invalid UTF-8 in the first 8 KiB) are
    skipped; :func:`read_corpus` counts them in ``report.counts["binary files
    skipped"]``.
    """
    return _expand(paths, fmt)[0]


def corpus_files(paths: str | os.PathLike | Sequence[str | os.PathLike],
                 fmt: str = "auto") -> tuple[list[Path], list[Path]]:
    """The files :func:`read_corpus` reads from ``paths``, and the binary files it skips.

    As :func:`expand_paths`, but raises
    :class:`~induceval.errors.InducevalError` (naming ``paths`` and the binary
    files skipped) when there is no file to read.

    Example
    -------
    >>> import tempfile, os
    >>> d = tempfile.mkdtemp(); _ = open(os.path.join(d, "a.txt"), "w").write("hi\\n")
    >>> files, binary = corpus_files(d)
    >>> [f.name for f in files], binary
    (['a.txt'], [])
    """
    files, binary = _expand(paths, fmt)
    if not files:
        raise InducevalError(f"no corpus files found in {paths!r}"
                             + (f" ({len(binary)} binary files skipped)" if binary else ""))
    return files, binary


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
            (tags and tags <= UD_UPOS, "UD tags in column 4")):
        if found:
            return "conllu", f"10 columns, {why}"
    return "conllx", "10 columns, no CoNLL-U column content"


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
_RECORD_LIMIT_FORMATS = frozenset({"ptb"})


def read_corpus(paths: str | os.PathLike | Sequence[str | os.PathLike], format: str = "auto",
                *, on_error: str = "fail", columns: Sequence[str] | None = None,
                needs: Sequence[str] | None = None, max_record_bytes: int | None = None,
                **options) -> Corpus:
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
    max_record_bytes
        The largest record (a PTB tree) read, in bytes (default: the
        reader's, e.g. :data:`induceval.corpus.readers.ptb.MAX_RECORD_BYTES`);
        a larger one is an error naming this limit.  Formats without a limit
        ignore it.
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
    if format != "auto" and format not in READERS:
        raise ParameterError(f"format must be one of auto, {', '.join(READERS)}; got {format!r}")
    files, binary = corpus_files(paths, format)
    fmt, evidence = format_evidence(files[0]) if format == "auto" else (format, "")
    if format == "auto" and fmt == "plain":   # each file: a folder's others too
        for f in files[1:]:
            _check_prose(f)
    module = importlib.import_module(f"induceval.corpus.readers.{READERS[fmt]}")
    if columns is not None and fmt in _COLUMN_FORMATS:
        options["columns"] = columns
    if fmt == "chat" and (needs or columns) is not None:
        options["needs"] = needs if needs is not None else columns
    if max_record_bytes is not None:
        check_range("max_record_bytes", max_record_bytes, 1)
        if fmt in _RECORD_LIMIT_FORMATS:
            options["max_record_bytes"] = max_record_bytes
    from induceval._gc import paused_gc

    names = relative_names(files)
    with paused_gc():  # millions of small live objects: collections would free nothing
        if names:   # files named alike in several folders: one document each, by its path
            corpus = concat([renamed(module.read(run, on_error=on_error, **options),
                                     {f.stem: names[f] for f in run})
                             for run in distinct_stem_runs(files)], name=corpus_name(files))
            corpus.report.count("documents named by their path (files share a name)",
                                len(files))
        else:
            corpus = module.read(files, on_error=on_error, **options)
    if evidence and fmt != "plain":   # said, as a guess from the content can be wrong
        corpus.report.count(f"files read as {fmt} by their content", len(files))
        corpus.report.examples.setdefault(f"files read as {fmt} by their content",
                                          f"{files[0]}: {evidence}")
    if binary:
        corpus.report.count("binary files skipped", len(binary))
        corpus.report.examples.setdefault("binary files skipped", str(binary[0]))
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

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("the dog barks\\nhi\\n")
    >>> [part.n_tokens for part in read_parts(p)]
    [4]
    """
    if format in ("auto", "plain"):
        files, binary = _expand(paths, format)
        fmt = format_evidence(files[0])[0] if files and format == "auto" else format
        if format == "auto" and fmt == "plain":
            for f in files[1:]:
                _check_prose(f)
        if fmt == "plain" and files and not binary and not relative_names(files):
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
