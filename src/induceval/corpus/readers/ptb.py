"""Penn Treebank reader: bracketed constituency trees (``.mrg`` files).

Every top-level tree (usually wrapped in an unlabelled outer bracket:
``( (S (NP-SBJ (NNP Pierre) ...) (. .)) )``) is one sentence; its leaves
``(TAG word)`` give the token columns ``form`` and ``xpos``.  Phrase labels
(``NP-SBJ``) are not kept.

Conventions
-----------
- **Empty elements** (leaves tagged ``-NONE-``: traces ``*T*-1``, null
  complementisers ``0``, ``*U*`` ...) are left out and counted in
  ``report.counts["empty_elements"]``; a tree of empty elements only is no
  sentence (``report.counts["trees_without_words"]``).
- **PTB escapes are kept**: ``-LRB-``, ``-RRB-``, ``-LCB-``, ``-RCB-`` (tags
  and words), the quotes `` and '' (word and tag), and, in some releases,
  ``\\/`` and ``\\*``, so forms match the PTB-derived dependency files
  (Malt/CoNLL) token for token.
- Sentence columns: ``document`` (the file stem, e.g. ``wsj_0001``),
  ``sent_id`` (``"<stem>:<n>"``, ``n`` the 1-based position of the tree in
  its file, skipped trees included, so ids are stable) and ``language``
  (``"en"`` unless given).
- Whitespace (line breaks included) is free inside a tree; a UTF-8
  byte-order mark and Windows line ends are accepted.
- **One tree per wrapper**: the unlabelled outer bracket wraps one
  sentence's tree, so ``( (S ...) (S ...) )`` is an error ("several trees
  in one wrapper", at the second tree) rather than one sentence made of both
  or a guess that they are two; a labelled root (``(ROOT (S ...) (S ...))``)
  is one tree.

Errors
------
A :class:`~induceval.errors.CorpusFormatError` names the file, a line and
the offending text, for: unbalanced parentheses (a tree not closed at the
end of the file or before the next tree, at the tree's start line, or a
``)`` outside any tree); a "bad leaf" (a word without a tag: ``(word)``,
``(NP Pierre Vinken)``, ``(S (NP x) word)``, or an empty bracket ``()``);
"text outside a tree"; "bad UTF-8" (the line holding the bytes); "not a text
line" (a NUL byte); "tree over the size limit" (over ``max_record_bytes``, by default
:data:`MAX_RECORD_BYTES`; the message names the limit and the keyword that raises it).  With
``on_error="skip"`` the bad tree (or stray text) is counted in
``report.skipped[reason]`` (the first location as an example) and reading
resumes at the next top-level tree.

Resynchronisation
-----------------
Top-level trees in Penn Treebank files start at the beginning of a line
(``( (S`` or ``((S``), inner brackets are indented.  With
``new_tree_at_line_start=True`` (the default) a ``(`` at the start of a line
opens a new top-level tree, and a tree still open is reported as not closed
(instead of swallowing the following trees).  Set it to False for files with
inner brackets at the start of a line: only the brackets count then.

References
----------
Marcus, Santorini & Marcinkiewicz (1993), Building a large annotated corpus
of English: the Penn Treebank.  Computational Linguistics 19(2).
Bies et al. (1995), Bracketing Guidelines for Treebank II Style.

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "wsj_0001.mrg")
>>> _ = open(p, "w").write("( (S (NP-SBJ (PRP It)) (VP (VBZ is) (NP (-NONE- *T*-1)))"
...                        " (. .)) )\\n")
>>> c = read(p)
>>> c.sentence(0).strings("form"), c.sentence(0).strings("xpos")
(['It', 'is', '.'], ['PRP', 'VBZ', '.'])
>>> c.sentence(0).meta("sent_id"), c.report.counts["empty_elements"]
('wsj_0001:1', 1)
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._common import NUL_FAULT, _Bad, read_bytes, read_streamed
from induceval.errors import CorpusFormatError, check_choice, check_range, shorten

__all__ = ["read", "iter_sentences", "EMPTY_TAG"]

#: The default largest tree read (bytes from its first bracket; ``max_record_bytes``):
#: Penn Treebank trees take a few KB, a leaf costs the reader some hundred bytes of Python
#: objects, and a tree never closed (``new_tree_at_line_start=False``) would hold the rest
#: of the file.
MAX_RECORD_BYTES = 16 << 20

#: The tag of empty elements (traces), kept out of the token stream.
EMPTY_TAG = "-NONE-"

_TOKEN_RE = re.compile(r"[()]|[^\s()]+")
#: Bytes that are no text: not UTF-8 (surrogate escapes), or NUL
_BAD_BYTE_RE = re.compile("[\udc80-\udcff\x00]")


class _Text:
    """A decoded file with line lookup (positions are increasing, so counting is cheap)."""

    def __init__(self, text: str, path: Path) -> None:
        self.text, self.path = text, str(path)
        self._pos, self._line = 0, 1  # the last position looked up, and its line

    def line_of(self, pos: int) -> int:
        if pos < self._pos:  # rare: look back from the start
            return self.text.count("\n", 0, pos) + 1
        self._line += self.text.count("\n", self._pos, pos)
        self._pos = pos
        return self._line

    def line_text(self, pos: int) -> str:
        start = self.text.rfind("\n", 0, pos) + 1
        end = self.text.find("\n", pos)
        line = self.text[start:] if end < 0 else self.text[start:end]
        return line.strip().encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")

    def bad_bytes(self, tok: str, pos: int) -> _Bad:
        """The error of a token holding bytes that are no text (:data:`_BAD_BYTE_RE`)."""
        if "\x00" in tok:
            return self.error("not a text line", NUL_FAULT, pos)
        return self.error("bad UTF-8", "invalid UTF-8 byte sequence", pos)

    def error(self, reason: str, message: str, pos: int) -> _Bad:
        return _Bad(reason, CorpusFormatError(message, path=self.path, line=self.line_of(pos),
                                              text=self.line_text(pos)))


def _decode(data: bytes) -> str:
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    return data.decode("utf-8", "surrogateescape")


class _Trees:
    """The top-level trees of a decoded file, read token by token."""

    def __init__(self, src: _Text, line_start: bool, limit: int = MAX_RECORD_BYTES) -> None:
        self.src = src
        self.line_start, self.limit = line_start, limit
        self.check_bytes = _BAD_BYTE_RE.search(src.text) is not None
        self.tokens = _TOKEN_RE.finditer(src.text)
        self.pending: re.Match | None = None  # a token pushed back for the next tree
        self.stack: list[list] = []  # open brackets: [label, word, has a bracketed child, pos]

    def next_token(self) -> re.Match | None:
        m, self.pending = (self.pending or next(self.tokens, None)), None
        return m

    def at_line_start(self, pos: int) -> bool:
        return self.line_start and (pos == 0 or self.src.text[pos - 1] == "\n")

    def tree(self, m: re.Match) -> tuple[list[str], list[str], int]:
        """The forms, tags and number of empty elements of the tree opened by ``m``;
        raise :class:`_Bad` on a malformed one (``stack`` then holds its open brackets)."""
        src, start, tokens, text = self.src, m.start(), self.tokens, self.src.text
        check_bytes = self.check_bytes
        forms: list[str] = []
        tags: list[str] = []
        n_empty = 0
        self.stack = stack = [[None, None, False, start]]
        while stack:
            m = next(tokens, None)
            if m is None:
                raise src.error("unbalanced parentheses", "unbalanced parentheses: the tree "
                                "starting here is not closed at the end of the file", start)
            tok, pos, top = m.group(), m.start(), stack[-1]
            if tok == "(":
                if pos - start > self.limit:   # (characters: at least as many bytes)
                    raise self.too_long(start)
                if self.line_start and (pos == 0 or text[pos - 1] == "\n"):
                    self.pending = m
                    raise src.error("unbalanced parentheses", "unbalanced parentheses: the "
                                    "tree starting here is not closed before the next tree at "
                                    f"line {src.line_of(pos)}", start)
                stack.append([None, None, False, pos])
                if len(stack) == 2 and top[0] is None and top[2]:
                    raise src.error("several trees in one wrapper", "a second tree in one "
                                    "unlabelled wrapper '( ... )': the Penn Treebank wraps "
                                    "each sentence's tree alone", pos)
                if top[1] is not None:
                    raise src.error("bad leaf", f"a word without a tag: {shorten(top[1])!r} in "
                                    f"({shorten(top[0])} {shorten(top[1])} ...) is followed by "
                                    "a bracket", pos)
                top[2] = True
            elif tok == ")":
                stack.pop()
                label, word = top[0], top[1]
                if word is not None:
                    if label == EMPTY_TAG:
                        n_empty += 1
                    else:
                        forms.append(word)
                        tags.append(label)
                elif not top[2]:
                    raise src.error("bad leaf", "an empty bracket '()'" if label is None else
                                    f"a word without a tag: ({shorten(label)})", top[3])
            else:
                if check_bytes and _BAD_BYTE_RE.search(tok):
                    raise src.bad_bytes(tok, pos)
                if top[0] is None and not top[2]:
                    top[0] = tok
                elif top[1] is None and not top[2]:
                    top[1] = tok
                else:
                    raise src.error("bad leaf", f"a word without a tag: {shorten(tok)!r} (expected "
                                    f"'(TAG word)')", pos)
        if 4 * (m.end() - start) > self.limit and len(  # (a character takes up to 4 bytes)
                text[start:m.end()].encode("utf-8", "surrogateescape")) > self.limit:
            raise self.too_long(start)
        return forms, tags, n_empty

    def too_long(self, start: int) -> _Bad:
        return self.src.error(
            "tree over the size limit", f"a tree of over {self.limit:,} bytes, the limit "
            f"max_record_bytes={self.limit}: raise it to read larger trees (read_corpus(..., "
            "max_record_bytes=N))", start)

    def resync(self) -> None:
        """Skip past an error: to the next tree's ``(`` (pushed back), or past the rest of
        the tree (up to its closing bracket, or a ``(`` at the start of a line when
        ``line_start``); after stray text (no open bracket), up to the next ``(``."""
        depth = len(self.stack)
        for m in self.tokens:
            tok = m.group()
            if tok == "(":
                if depth == 0 or self.at_line_start(m.start()):
                    self.pending = m
                    return
                depth += 1
            elif tok == ")" and depth > 0:
                depth -= 1
                if depth == 0:
                    return


def _iter_trees(src: _Text, report: ReadReport, on_error: str, line_start: bool,
                limit: int = MAX_RECORD_BYTES) -> Iterator[tuple[int, list[str], list[str]]]:
    """Yield ``(tree number, forms, tags)`` per well-formed top-level tree."""
    trees = _Trees(src, line_start, limit)
    n_tree = 0
    while (m := trees.next_token()) is not None:
        tok, pos = m.group(), m.start()
        trees.stack = []
        try:
            if tok == ")":
                raise src.error("unbalanced parentheses",
                                "unbalanced parentheses: ')' outside any tree", pos)
            if tok != "(":
                if trees.check_bytes and _BAD_BYTE_RE.search(tok):
                    raise src.bad_bytes(tok, pos)
                raise src.error("text outside a tree", "text outside a tree (expected '(')", pos)
            n_tree += 1
            forms, tags, n_empty = trees.tree(m)
        except _Bad as bad:
            if on_error == "fail":
                raise bad.error from None
            report.skip(bad.reason, str(bad.error))
            if trees.pending is None:
                trees.resync()
            continue
        if n_empty:
            report.count("empty_elements", n_empty)
        if forms:
            yield n_tree, forms, tags
        else:
            report.count("trees_without_words")


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = "en",
                   new_tree_at_line_start: bool = True,
                   max_record_bytes: int = MAX_RECORD_BYTES,
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per tree; the file is read and decoded at once, trees
    parsed and yielded one at a time.

    Parameters
    ----------
    path
        The file.
    on_error
        ``"fail"`` or ``"skip"`` malformed trees.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.
    language
        The ``language`` sentence column's value.
    new_tree_at_line_start, max_record_bytes
        As in :func:`read`.

    Yields
    ------
    tuple of (dict, dict)
        The token columns and the sentence columns of each sentence.

    Example
    -------
    >>> import tempfile, os
    >>> p = os.path.join(tempfile.mkdtemp(), "a.mrg")
    >>> _ = open(p, "w").write("((S (NN Hi) (. .)))\\n((NP (NN x)))\\n")
    >>> [(t["form"], m["sent_id"]) for t, m in iter_sentences(p)]
    [(['Hi', '.'], 'a:1'), (['x'], 'a:2')]
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    check_range("max_record_bytes", max_record_bytes, 1)
    path = Path(path)
    report = report if report is not None else ReadReport()
    src = _Text(_decode(read_bytes(path)), path)
    stem = path.stem
    for n, forms, tags in _iter_trees(src, report, on_error, new_tree_at_line_start,
                                      max_record_bytes):
        yield ({"form": forms, "xpos": tags},
               {"sent_id": f"{stem}:{n}", "document": stem, "language": language})


def read(files, *, on_error: str = "fail", language: str | None = "en",
         name: str | None = None, new_tree_at_line_start: bool = True,
         max_record_bytes: int = MAX_RECORD_BYTES) -> Corpus:
    """Read Penn Treebank bracketed files into one corpus.

    Parameters
    ----------
    files, on_error, name, language
        As in :mod:`induceval.corpus.readers` (the skip reasons: see Errors
        above); ``language`` fills the ``language`` sentence column.
    new_tree_at_line_start
        A ``(`` at the start of a line opens a new top-level tree (see
        Resynchronisation above); False to rely on the brackets alone.
    max_record_bytes
        The largest tree read, in bytes (default :data:`MAX_RECORD_BYTES`); a
        larger one is an error naming this limit.

    Returns
    -------
    Corpus
        Columns ``form`` and ``xpos`` (the preterminals).

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "a.mrg")
    >>> _ = open(p, "w").write("((S (NN Hi) (. .)))\\n")
    >>> s = read(p).sentence(0)
    >>> s.strings("form"), s.strings("xpos")
    (['Hi', '.'], ['NN', '.'])
    """
    check_range("max_record_bytes", max_record_bytes, 1)
    return read_streamed(files, lambda p, report: iter_sentences(
        p, on_error=on_error, report=report, language=language,
        new_tree_at_line_start=new_tree_at_line_start, max_record_bytes=max_record_bytes),
        ["form", "xpos"], on_error=on_error, language=language, name=name)
