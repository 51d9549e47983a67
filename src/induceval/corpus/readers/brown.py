"""Brown corpus reader: ``word/tag`` tokens, one sentence a line.

Each non-blank line is a sentence; tokens are split on whitespace and each
token on its **last** ``/`` (words may contain ``/``, e.g. ``1/2/cd``).
Columns: ``form``, ``xpos`` (the full Brown tag, e.g. ``nn-tl``, ``pps+bez``,
``fw-in``, ``dod*``) and ``cpos``: the tag without the title/headline/
citation suffixes ``-tl``, ``-hl``, ``-nc`` and the foreign-word prefix
``fw-`` (stripped repeatedly, case-insensitively; ``np-tl`` -> ``np``,
``fw-nn-tl`` -> ``nn``).  Contractions (``+``), possessives (``$``) and
negation (``*``) are kept: they change the category.  A token with no ``/``,
or an empty word or tag, is an error ("expected word/tag").

Directories: :func:`induceval.corpus.readers.read_corpus` with
``format="brown"`` reads the extension-less files (``ca01`` ...) and skips
``README``, ``CONTENTS`` and ``cats.txt``.

References
----------
Francis & Kučera (1979), Brown Corpus Manual (tag set and ``-tl``/``-hl``/
``-nc``/``fw-`` affixes).

Example
-------
>>> import tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "ca01")
>>> _ = open(p, "w").write("\\tThe/at Fulton/np-tl jury/nn ./.\\n\\n")
>>> c = read(p); c.sentence(0).strings("xpos"), c.sentence(0).strings("cpos")
(['at', 'np-tl', 'nn', '.'], ['at', 'np', 'nn', '.'])
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from functools import lru_cache

from induceval.corpus.model import Corpus, ReadReport
from induceval.corpus.readers._lines import BadToken, iter_line_sentences, read_line_format

__all__ = ["read", "iter_sentences", "coarse_tag"]

_SUFFIXES = ("-tl", "-hl", "-nc")
_PREFIX = "fw-"


@lru_cache(maxsize=4096)
def coarse_tag(tag: str) -> str:
    """The Brown tag without ``-tl``/``-hl``/``-nc`` suffixes and the ``fw-`` prefix.

    Example
    -------
    >>> coarse_tag("nn-tl-hl"), coarse_tag("fw-in"), coarse_tag("pps+bez"), coarse_tag("NP-TL")
    ('nn', 'in', 'pps+bez', 'NP')
    """
    out = tag
    changed = True
    while changed:
        changed = False
        low = out.lower()
        for suffix in _SUFFIXES:
            if low.endswith(suffix) and len(out) > len(suffix):
                out = out[: -len(suffix)]
                changed = True
                break
        low = out.lower()
        if low.startswith(_PREFIX) and len(out) > len(_PREFIX):
            out = out[len(_PREFIX):]
            changed = True
    return out


def _parse(words: list[str]) -> dict[str, list]:
    forms, tags = [], []
    for token in words:
        word, slash, tag = token.rpartition("/")
        if not slash or not word or not tag:
            raise BadToken(token, "expected word/tag (split on the last '/')")
        forms.append(word)
        tags.append(tag)
    return {"form": forms, "xpos": tags, "cpos": [coarse_tag(t) for t in tags]}


def read(files, *, on_error: str = "fail", language: str | None = "en",
         name: str | None = None) -> Corpus:
    """Read Brown-format files into one corpus: ``files``, ``on_error`` and ``name`` as in
    :mod:`induceval.corpus.readers` (a bad line is skipped under ``"bad word/tag"``);
    ``language`` fills the ``language`` sentence column.

    Parameters
    ----------
    files
        A file or a list of files.
    on_error
        ``"fail"`` or ``"skip"`` bad lines.
    language
        The ``language`` sentence column's value.
    name
        The corpus name (default: from the files).

    Returns
    -------
    Corpus
        Columns ``form``, ``xpos`` and ``cpos``.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("The/at dog/nn ran/vbd ./.\\n")
    >>> s = read(p).sentence(0)
    >>> s.strings("form"), s.strings("xpos")
    (['The', 'dog', 'ran', '.'], ['at', 'nn', 'vbd', '.'])
    """
    return read_line_format(files, _parse, ["form", "xpos", "cpos"], on_error=on_error,
                            language=language, name=name, reason="bad word/tag")


def iter_sentences(path: str | os.PathLike, *, on_error: str = "fail",
                   report: ReadReport | None = None, language: str | None = "en",
                   ) -> Iterator[tuple[dict[str, list], dict[str, object]]]:
    """Stream ``(tokens, meta)`` per line (arguments of ``CorpusBuilder.add_sentence``).

    Parameters
    ----------
    path
        The file.
    on_error
        ``"fail"`` or ``"skip"`` bad lines.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.
    language
        The ``language`` sentence column's value.

    Yields
    ------
    tuple of (dict, dict)
        The token columns and the sentence columns of each sentence.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> _ = open(p, "w").write("The/at dog/nn ran/vbd ./.\\n")
    >>> [t["form"] for t, meta in iter_sentences(p)]
    [['The', 'dog', 'ran', '.']]
    """
    return iter_line_sentences(path, _parse, on_error=on_error, report=report, language=language,
                               reason="bad word/tag")
