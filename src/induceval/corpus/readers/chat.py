"""Reader for CHILDES CHAT files (``.cha``), old and new conventions.

One utterance (``*SPK:`` line) becomes one sentence of the corpus.

Token stream
------------
When the utterance has a ``%mor`` tier, the tokens are the ``%mor`` items, with
clitics split into separate tokens (``pro|it~aux|be&3S`` gives two tokens),
because that is how ``%gra`` indexes them; punctuation items (``.``, ``?``,
``+...``, ``cm|cm`` for a comma, ``beg|beg``/``end|end`` for ``‡``/``„``,
``bq|bq``/``eq|eq`` for quotation marks ``“``/``”``) are tokens too.  Forms
come from the cleaned main tier (see
:mod:`induceval.corpus.readers._chat_main` for what is removed: fillers
``&um``, pauses, retracings ``[/]`` ``[//]``, annotations ``[= ...]``,
``[+ IMP]`` ..., replacements ``[: target]`` give the target).  A word that
``%mor`` splits into clitics gets its form split by this rule (applied from
the right, one clitic at a time): a ``neg`` clitic takes a final ``n't``
(``don't`` -> ``do`` ``n't``, ``can't`` -> ``ca`` ``n't``), any other clitic
takes the text from the last apostrophe (``it's`` -> ``it`` ``'s``, ``let's``
-> ``let`` ``'s``); when the word has no such apostrophe (``wanna``), the host
keeps the whole written form and the clitic takes its ``%mor`` stem as form
(counted in ``report.counts["clitic_form_from_mor"]``).

When ``%mor`` is absent (e.g. the Estonian corpora) the cleaned main tier
gives the tokens, with no tags.

Columns
-------
Token columns: ``form``; ``lemma`` (the ``%mor`` stem without suffixes,
``go&PERF`` -> ``go``; compounds ``n|+n|graham+n|cracker`` -> ``graham+cracker``;
prefixes kept, ``un#v|do`` -> ``un#do``);
``xpos`` (the full ``%mor`` POS with subcategories, e.g. ``pro:sub``, without
prefixes, ``un#v`` -> ``v``, and without the omission mark ``0``; punctuation
items keep their text, e.g. ``.`` or ``cm``); ``cpos`` (``xpos`` up to the first ``:``);
``head``/``deprel`` from ``%gra``; ``head@xgrt``/``deprel@xgrt`` from a
hand-corrected ``%xgrt`` tier (``%grt`` in older files; Eve).

Sentence columns: ``sent_id`` (``document:line``), ``speaker`` (``MOT``,
``CHI`` ...), ``role`` (from ``@ID``, else ``@Participants``: ``Mother`` ...;
the target child's role is always ``Target_Child``), ``age_days`` (the target
child's age in that file; ``-1`` when unknown), ``document``
(``<corpus>/<file stem>`` with the corpus name from the ``@ID`` line,
lower-cased, e.g. ``manchester/becky01a``, ``brown/eve01``), ``language``
(the utterance's precode ``[- eng]`` when present, else the speaker's ``@ID``
language, else the first of ``@Languages``), ``unintelligible`` (``"yes"``
when the main tier holds ``xxx``, ``yyy`` or ``www``, even retraced, else
``"no"``; those markers are not tokens because ``%mor`` does not analyse them).

The target child is the ``@ID`` participant with role ``Target_Child``, else
the only one with role ``Child`` (older transcripts: Belfast's ``RAC``,
Wooten's ``LYN``, Estonian Korgesaar's ``CHI``), or among several the one
coded ``CHI``, else none (counted per file in ``report.counts["target child
by role 'Child' (files)"]`` when found that way).  Its age is its ``@ID``
age, else its ``@Age of`` header, else the calendar difference between its
``@Birth of`` header and ``@Date``.  Ages in days follow
:func:`~induceval.corpus.model.age_in_days`: by default ``floor(365.25 y +
30.4375 m) + d``, monotonic in the age (3;11.29 -> 1459 < 4;0.05 -> 1466);
``ages="chang2006"`` gives Chang et al.'s ``y*365 + m*31 + d``.  Utterances of
a file without the target child's age are counted in
``report.counts["utterances without age"]`` (and the files in ``"files
without the target child's age"``, the first in ``report.examples``).

Utterances without words (``0 .``, ``&hmm ?``, ``xxx .``) are dropped and
counted in ``report.skipped["utterances without words"]`` (``empty="drop"``,
default) or kept as sentences with no tokens (``empty="keep"``).  Spoken words
that ``%mor`` marks as omitted (``I going [?] come`` with ``0part|going``,
adam19 line 30) are kept, counted in ``spoken_words_marked_omitted``.

Misaligned tiers never drop an utterance silently.  A ``%mor`` or ``%gra``
tier that cannot be aligned, lacks its tab or appears twice in one utterance
(:data:`TIER_ERRORS`) raises :class:`~induceval.errors.CorpusFormatError`
with the file and line of its utterance under ``on_error="fail"`` (the
default); under ``on_error="skip"`` it is counted with its first file:line in
``report.examples``.  When the cleaned main tier and
``%mor`` disagree in length (or in where the punctuation falls), the
utterance keeps its main-tier words with tags and heads missing and is
counted in ``report.counts["unaligned_mor"]``; a ``%gra`` (``%xgrt``) tier
whose items do not number the tokens 1..n, or whose heads point outside the
utterance, leaves the heads missing and is counted in ``unaligned_gra``
(``unaligned_xgrt``); aligned tiers are counted in ``aligned_gra``
(``aligned_xgrt``).  A dependency tier that leaves out the ``‡``/``„``
marker tokens (Eve's ``%xgrt``, eve06's ``%gra``) is realigned over the other
tokens, the markers getting no head (counted in ``xgrt_without_markers`` /
``gra_without_markers``); one that gives each ``xxx``/``www`` a token of its
own (also Eve's ``%xgrt``) is realigned by removing those tokens and
re-attaching their dependents to their head (``xgrt_with_unintelligible``).

Structural problems (no ``@Begin``, invalid UTF-8, a line that is neither
header, utterance, dependent tier nor tab continuation, a dependent tier
before any utterance) raise :class:`~induceval.errors.CorpusFormatError`
with file, line and text (``on_error="fail"``) or are counted
(``on_error="skip"``: ``missing_begin``, ``bad_utf8_files``, ``bad_lines``,
``orphan_tiers``).

Speed: each distinct utterance body (main tier with its dependent tiers; about
45% of the Manchester utterances are distinct) is analysed once and encoded,
file by file, into int32 arrays; the columns are gathered with numpy;
``%mor`` items are parsed once.  Files are read by a process pool over
contiguous chunks (``jobs``, :func:`induceval.parallel.map`), merged in file order.

Omitted words (``0is``, analysed in ``%mor`` as ``0aux|is``) were not spoken:
by default (``omitted="drop"``) they are removed after alignment and their
dependents re-attached to the omitted word's head (counted in
``report.counts["omitted_words"]``); ``omitted="keep"`` keeps them with the
form ``0is`` and the POS without the ``0``.

References
----------
MacWhinney, B. (2000). *The CHILDES Project: Tools for Analyzing Talk*, 3rd ed.,
part 1 (the CHAT manual), chapters on words, scoped symbols and ``%mor``.

Example
-------
>>> import tempfile, os
>>> d = tempfile.mkdtemp(); p = os.path.join(d, "s01.cha")
>>> _ = open(p, "w").write(
...     "@UTF8\\n@Begin\\n@Languages:\\teng\\n"
...     "@Participants:\\tCHI Ann Target_Child , MOT Mother\\n"
...     "@ID:\\teng|toy|CHI|2;0.07|female|||Target_Child|||\\n"
...     "@ID:\\teng|toy|MOT|||||Mother|||\\n"
...     "*MOT:\\tit's &um a dog .\\n"
...     "%mor:\\tpro|it~aux|be&3S det|a n|dog .\\n"
...     "%gra:\\t1|2|SUBJ 2|0|ROOT 3|4|DET 4|2|PRED 5|2|PUNCT\\n@End\\n")
>>> c = read([p])
>>> s = c.sentence(0)
>>> s.strings("form"), s.strings("xpos"), s.strings("head")
(['it', "'s", 'a', 'dog', '.'], ['pro', 'aux', 'det', 'n', '.'], [2, 0, 4, 2, 2])
>>> s.meta("role"), s.meta("age_days"), s.meta("document")
('Mother', 737, 'toy/s01')
>>> c.report.counts["utterances"], c.report.skipped
(1, Counter())
"""

from __future__ import annotations

import calendar
import os
import re
from array import array
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import NamedTuple

import numpy as np

from induceval import parallel
from induceval.corpus.model import (
    AGE_CONVENTIONS,
    Column,
    Corpus,
    ReadReport,
    Vocabulary,
    age_in_days,
    concat,
)
from induceval.corpus.readers._chat_main import (
    OMITTED,
    PUNCT,
    PUNCT_WORDS,
    QUOTES,
    WORD,
    clean_main_tier,
    plain_words,
)
from induceval.errors import CorpusFormatError, check_choice, check_range

__all__ = ["read", "iter_utterances", "iter_sentences", "ChatUtterance", "parse_age",
           "split_clitic_form"]

_AGE = re.compile(r"\s*(\d+);(\d*)\.?(\d*)")
_AFFIX = re.compile(r"[-&=]")
#: ``%mor`` items that are punctuation, besides those without a ``|``
_MOR_PUNCT = frozenset({"cm|cm", "beg|beg", "end|end", "bq|bq", "eq|eq"})
_XGRT_TIERS = ("%xgrt", "%grt")
#: Dependent tiers whose duplicates or missing tab are errors (issue 16)
_CHECKED_TIERS = frozenset({"%mor", "%gra"})
_MARKER_POS = {"‡": "beg", "„": "end"}


class ChatUtterance(NamedTuple):
    """One utterance as :func:`iter_utterances` yields it.

    ``tokens`` maps column names (``form``, ``lemma``, ``xpos``, ``head``,
    ``deprel``, ``head@xgrt``, ``deprel@xgrt``) to equal-length lists (heads
    are ints, ``-1`` missing; strings may be ``None``); ``meta`` maps
    sentence column names to values; ``line`` is the 1-based line of the
    ``*SPK:`` line.
    """

    tokens: dict
    meta: dict
    line: int


def parse_age(text: str, convention: str = "days") -> int | None:
    """Age in days from a CHAT age ``Y;M.D`` (missing parts count 0), by
    :func:`~induceval.corpus.model.age_in_days` under ``convention``.

    Example
    -------
    >>> parse_age("2;0.07"), parse_age("1;6."), parse_age("39;"), parse_age("")
    (737, 547, 14244, None)
    >>> parse_age("3;11.29"), parse_age("4;0.05"), parse_age("1;6.", "chang2006")
    (1459, 1466, 551)
    """
    m = _AGE.match(text)
    if m is None:
        return None
    y, mo, d = m.groups()
    return age_in_days(int(y), int(mo or 0), int(d or 0), convention=convention)


def split_clitic_form(form: str, clitic_pos: Sequence[str]) -> list[str] | None:
    """Split a written word into host + post-clitics, one per ``clitic_pos``.

    Applied from the right: a clitic with POS ``neg`` takes a final ``n't``,
    any other clitic the text from the last apostrophe.  ``None`` when the
    word cannot be split that way.

    Example
    -------
    >>> split_clitic_form("don't", ["neg"]), split_clitic_form("it's", ["aux"])
    (['do', "n't"], ['it', "'s"])
    >>> split_clitic_form("wanna", ["inf"]) is None
    True
    """
    parts: list[str] = []
    rest = form
    for pos in reversed(clitic_pos):
        if pos == "neg" and rest[-3:].lower() == "n't" and len(rest) > 3:
            cut = len(rest) - 3
        else:
            cut = rest.rfind("'")
            if cut <= 0:
                return None
        parts.append(rest[cut:])
        rest = rest[:cut]
    parts.append(rest)
    parts.reverse()
    return parts


def _parse_mor_part(part: str) -> tuple[str, str, int]:
    """``pos|stem-AFF`` -> (xpos, lemma, kind) with kind 0 word, 1 omitted, 2 punct."""
    if "|" not in part or part in _MOR_PUNCT:
        pos = part.partition("|")[0]
        return pos, pos, PUNCT
    pos, _, rest = part.partition("|")
    if rest in _MARKER_POS:  # eve06: voc|‡, end|„
        pos = _MARKER_POS[rest]
        return pos, pos, PUNCT
    kind = 0
    if pos[:1] == "0" and len(pos) > 1:
        pos = pos[1:]
        kind = OMITTED
    prefix = ""
    if "#" in pos:  # prefixes come before the POS: un#v|do
        prefix, _, pos = pos.rpartition("#")
        prefix += "#"
    if rest[:1] == "+":  # compound: +n|graham+n|cracker
        comps = [c.partition("|")[2] or c for c in rest[1:].split("+")]
        lemma = "+".join(_AFFIX.split(c, 1)[0] for c in comps)
    else:
        lemma = _AFFIX.split(rest, 1)[0]
    return pos, prefix + (lemma or rest), kind


def _parse_mor_item(item: str) -> tuple:
    """One ``%mor`` item -> tuple of parts; each part (xpos, lemma, kind, role).

    role is 0 for the host, 1 for a post-clitic (``~``), -1 for a pre-clitic (``$``).
    """
    if "~" in item:
        pieces = item.split("~")
        first, post = pieces[0], pieces[1:]
    else:
        first, post = item, []
    parts = []
    if "$" in first:
        pre = first.split("$")
        first = pre.pop()
        parts.extend((*_parse_mor_part(p), -1) for p in pre if p)
    parts.append((*_parse_mor_part(first), 0))
    parts.extend((*_parse_mor_part(p), 1) for p in post if p)
    return tuple(parts)


_IDX_CACHE: dict[int, list[str]] = {}
_INT = {str(i): i for i in range(2000)}


def _parse_gra(text: str, n: int) -> tuple[list[int], list[str]] | None:
    """``1|2|SUBJ 2|0|ROOT`` -> (heads, rels), or None unless it numbers 1..n."""
    parts = text.replace("|", " ").split()
    if len(parts) != 3 * n:
        return None
    idx = _IDX_CACHE.get(n)
    if idx is None:
        idx = _IDX_CACHE[n] = [str(i) for i in range(1, n + 1)]
    if parts[0::3] != idx:
        return None
    try:
        heads = [_INT[h] for h in parts[1::3]]
    except KeyError:
        return None
    if n and max(heads) > n:
        return None
    return heads, parts[2::3]


def _parse_gra_without(text: str, xpos: list, markers: tuple) -> tuple | None:
    """Parse a dependency tier that leaves out the ``‡``/``„`` marker tokens
    (Eve's ``%xgrt``); the markers get no head (-1)."""
    keep = [x not in markers for x in xpos]
    parsed = _parse_gra(text, sum(keep))
    if parsed is None:
        return None
    full_index = [0] + [i + 1 for i, k in enumerate(keep) if k]
    heads: list[int] = []
    rels: list = []
    it = iter(zip(*parsed))
    for k in keep:
        if k:
            h, r = next(it)
            heads.append(full_index[h])
            rels.append(r)
        else:
            heads.append(-1)
            rels.append(None)
    return heads, rels


def _parse_gra_with_gaps(text: str, token_item: list[int], unk_pos: list[int]
                         ) -> tuple | None:
    """Parse a dependency tier that gives each ``xxx``/``www`` a token of its own
    (Eve's ``%xgrt``); those tokens are removed and their dependents re-attached."""
    n_tok = len(token_item)
    k = len(unk_pos)
    parsed = _parse_gra(text, n_tok + k)
    if parsed is None:
        return None
    real: list[bool] = []
    pi = 0
    ups = sorted(unk_pos)
    for item in token_item:
        while pi < k and ups[pi] <= item:
            real.append(False)
            pi += 1
        real.append(True)
    real.extend([False] * (k - pi))
    heads = _drop_tokens(real, parsed[0])
    return heads, [r for r, kp in zip(parsed[1], real) if kp]


def _drop_tokens(keep: list[bool], heads: list[int] | None) -> list[int] | None:
    """Heads after removing tokens; dependents of a removed token move to its head."""
    if heads is None:
        return None
    n = len(heads)
    new_index = [0] * (n + 1)
    j = 0
    for i in range(n):
        if keep[i]:
            j += 1
            new_index[i + 1] = j
    out = []
    for i in range(n):
        if not keep[i]:
            continue
        h = heads[i]
        steps = 0
        while h > 0 and not keep[h - 1] and steps <= n:
            h = heads[h - 1]
            steps += 1
        out.append(-1 if h < 0 or steps > n else new_index[h] if h > 0 else 0)
    return out


def _merge_groups(group_of: list[int], heads: list[int], rels: list, n_groups: int):
    """Collapse clitic tokens into words: a word takes the attachment of its part
    whose head lies outside the word (the root part first)."""
    new_heads = [-1] * n_groups
    new_rels: list = [None] * n_groups
    chosen = [False] * n_groups
    for t, g in enumerate(group_of):
        h = heads[t]
        if h < 0:
            continue
        if h == 0:
            new_heads[g], new_rels[g], chosen[g] = 0, rels[t], True
        elif group_of[h - 1] != g and not chosen[g]:
            new_heads[g], new_rels[g] = group_of[h - 1] + 1, rels[t]
            chosen[g] = new_heads[g] == 0
    return new_heads, new_rels


class _FileState:
    __slots__ = ("roles", "langs", "id_langs", "age", "corpus", "begun", "ids", "age_of",
                 "birth_of", "date", "target", "target_role")

    def __init__(self) -> None:
        self.roles: dict[str, str] = {}
        self.langs: list[str] = []
        self.id_langs: dict[str, str] = {}
        self.age: int | None = None
        self.corpus: str | None = None
        self.begun = False
        self.ids: list[tuple[str, str, str]] = []  # (code, role, age text) of each @ID
        self.age_of: dict[str, str] = {}  # @Age of CODE:
        self.birth_of: dict[str, str] = {}  # @Birth of CODE:
        self.date: str | None = None
        self.target: str | None = None  # speaker code of the target child
        self.target_role: str | None = None  # its role as the transcript writes it


def _header(line: str, st: _FileState) -> None:
    head, _, value = line.partition(":")
    value = value.strip()
    if head == "@Begin":
        st.begun = True
    elif head == "@Participants":
        for entry in value.split(","):
            words = entry.split()
            if len(words) >= 2:
                st.roles.setdefault(words[0], words[-1])
    elif head == "@ID":
        f = value.split("|")
        if len(f) >= 8 and f[2]:
            code = f[2].strip()
            role = f[7].strip()
            if role:
                st.roles[code] = role
            if f[0].strip():
                st.id_langs[code] = f[0].strip().split(",")[0].split()[0]
            if st.corpus is None and f[1].strip():
                st.corpus = f[1].strip().lower()
            st.ids.append((code, role, f[3].strip()))
    elif head == "@Languages":
        st.langs = [x for x in re.split(r"[,\s]+", value) if x]
    elif head == "@Date":
        st.date = st.date or value
    elif head[:8] == "@Age of ":
        st.age_of.setdefault(head[8:].strip(), value)
    elif head[:10] == "@Birth of ":
        st.birth_of.setdefault(head[10:].strip(), value)


_MONTHS = {m: i for i, m in enumerate(("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG",
                                       "SEP", "OCT", "NOV", "DEC"), 1)}
_DATE = re.compile(r"\s*(\d{1,2})-([A-Za-z]{3})-(\d{4})")


def _parse_date(text: str | None) -> tuple[int, int, int] | None:
    m = _DATE.match(text or "")
    if m is None or m.group(2).upper() not in _MONTHS:
        return None
    return int(m.group(3)), _MONTHS[m.group(2).upper()], int(m.group(1))


def _age_from_dates(birth: str | None, date: str | None) -> tuple[int, int, int] | None:
    """``(years, months, days)`` from ``@Birth of`` to ``@Date`` (calendar difference, as
    CLAN computes ages: days borrowed from the month before the recording's)."""
    b, d = _parse_date(birth), _parse_date(date)
    if b is None or d is None or d < b:
        return None
    years, months, days = d[0] - b[0], d[1] - b[1], d[2] - b[2]
    if days < 0:
        months -= 1
        pm, py = (d[1] - 2) % 12 + 1, d[0] - (d[1] == 1)
        days += calendar.monthrange(py, pm)[1]
    if months < 0:
        years -= 1
        months += 12
    return years, months, days


def _resolve_target(st: _FileState, convention: str) -> None:
    """Find the target child and its age once the headers are read.

    The target child is the ``@ID`` participant with role ``Target_Child``;
    else the only one with role ``Child``, or among several the one coded
    ``CHI``; else (no ``@ID``) the same rules over ``@Participants``.  Its age
    is its ``@ID`` age, else its ``@Age of`` header, else the difference
    between its ``@Birth of`` header and ``@Date``.
    """
    ids = st.ids or [(code, role, "") for code, role in st.roles.items()]
    target = next((c for c, r, _ in ids if r == "Target_Child"), None)
    if target is None:
        children = [c for c, r, _ in ids if r == "Child"]
        if len(children) == 1:
            target = children[0]
        elif "CHI" in children:
            target = "CHI"
    st.target = target
    if target is None:
        return
    st.target_role = st.roles.get(target)
    age_text = next((a for c, _, a in ids if c == target and a), None) or st.age_of.get(target)
    if age_text:
        st.age = parse_age(age_text, convention)
    if st.age is None:
        ymd = _age_from_dates(st.birth_of.get(target), st.date)
        if ymd is not None:
            st.age = age_in_days(*ymd, convention=convention)


def _decode(path: Path, on_error: str, report: ReadReport) -> str:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CorpusFormatError(f"cannot read: {exc}", path=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        start = data.rfind(b"\n", 0, exc.start) + 1
        end = data.find(b"\n", exc.start)
        snippet = data[start : end if end >= 0 else len(data)].decode("utf-8", "replace")
        if on_error == "fail":
            raise CorpusFormatError("invalid UTF-8", path=str(path), line=line,
                                    text=snippet) from None
        report.count("bad_utf8_files")
        report.examples.setdefault("bad_utf8", f"{path}:{line}")
        text = data.decode("utf-8", "replace")
    if text[:1] == "\ufeff":
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def iter_utterances(path: str | os.PathLike, *, split_clitics: bool = True,
                    omitted: str = "drop", empty: str = "drop", ages: str = "days",
                    on_error: str = "fail",
                    report: ReadReport | None = None) -> Iterator[ChatUtterance]:
    """Stream the utterances of one CHAT file.

    Parameters
    ----------
    path
        The ``.cha`` file.
    split_clitics
        Split ``%mor`` clitics (``~``, ``$``) into separate tokens (the
        default, as ``%gra`` counts them); with ``False`` a clitic group is one
        token (form as written, ``xpos``/``lemma`` joined with ``~``, the
        attachment of the part whose head lies outside the word).
    omitted
        ``"drop"`` (default) or ``"keep"`` omitted words (``0is``).
    empty
        ``"drop"`` (default) or ``"keep"`` (with no tokens) utterances without
        words (see :func:`read`).
    ages
        ``"days"`` (default) or ``"chang2006"`` (see :func:`read`).
    on_error
        ``"fail"`` raises :class:`~induceval.errors.CorpusFormatError` on a
        structurally broken file (no ``@Begin`` before the first utterance,
        invalid UTF-8, a line that is neither header, utterance, dependent
        tier nor continuation) and on a ``%mor``/``%gra`` tier that cannot be
        aligned, lacks its tab or appears twice; ``"skip"`` counts the problem
        and goes on.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.

    Yields
    ------
    ChatUtterance
    """
    check_choice("omitted", omitted, ("drop", "keep"))
    check_choice("empty", empty, ("drop", "keep"))
    check_choice("ages", ages, AGE_CONVENTIONS)
    check_choice("on_error", on_error, ("fail", "skip"))
    report = report if report is not None else ReadReport()
    mor_cache = _Caches()
    p = Path(path)
    st, units = _file_units(p, on_error, report, ages)
    document = _document(st, p)
    for speaker, body, lineno in units:
        toks, n_unk, deltas = _analyse(body, split_clitics, omitted, mor_cache)
        if deltas:
            _check_errors(deltas, on_error, report, p, lineno, body)
        for k, v in deltas:
            report.counts[k] += v
        report.counts["utterances"] += 1
        if not _has_words(toks["form"]):
            if empty == "drop":
                report.skip(NO_WORDS, f"{p}:{lineno}")
                continue
            report.count(NO_WORDS + " (kept as empty sentences)")
            toks = {k: [] for k in toks}
        meta = _meta(st, document, speaker, lineno, _utterance_language(body))
        meta["unintelligible"] = "yes" if n_unk else "no"
        if st.age is None:
            report.count("utterances without age")
        yield ChatUtterance({k: list(v) for k, v in toks.items()}, meta, lineno)


#: The streaming entry point under the name the reader registry documents.
iter_sentences = iter_utterances


def _document(st: _FileState, path: Path) -> str:
    return f"{st.corpus or path.parent.name}/{path.stem}"


_LANG_PRECODE = re.compile(r"\s*\[- ([^\]\s]+)\s*\]")


def _utterance_language(body: str) -> str | None:
    """The language of an utterance precode ``[- eng]`` at the start of its main tier."""
    if "[- " not in body:
        return None
    m = _LANG_PRECODE.match(body)
    return None if m is None else m.group(1)


def _role(st: _FileState, speaker: str) -> str | None:
    if speaker == st.target and st.target is not None:
        return "Target_Child"
    return st.roles.get(speaker)


def _meta(st: _FileState, document: str | None, speaker: str, lineno: int,
          language: str | None = None) -> dict:
    return {
        "sent_id": f"{document}:{lineno}",
        "speaker": speaker,
        "role": _role(st, speaker),
        "age_days": st.age,
        "document": document,
        "language": language or st.id_langs.get(speaker) or (st.langs[0] if st.langs else None),
    }


def _fail_or_count(on_error: str, report: ReadReport, what: str, message: str, path: Path,
                   line: int, text: str) -> None:
    if on_error == "fail":
        raise CorpusFormatError(message, path=str(path), line=line, text=text)
    report.count(what)


def _other_lines(lines: list[str], first_line: int, st: _FileState, path: Path, on_error: str,
                 report: ReadReport) -> None:
    """Header / stray lines outside utterances (continuations already joined)."""
    for off, line in lines:
        c = line[:1]
        if c == "@":
            _header(line, st)
        elif c == "%":
            _fail_or_count(on_error, report, "orphan_tiers",
                           "dependent tier before any utterance", path, first_line + off, line)
        elif c == "*":
            _fail_or_count(on_error, report, "missing_begin", "utterance before @Begin",
                           path, first_line + off, line)
        elif line.strip():
            _fail_or_count(on_error, report, "bad_lines",
                           "expected a header (@), an utterance (*), a dependent tier (%) "
                           "or a tab-indented continuation", path, first_line + off, line)


def _join(raw_lines: list[str]) -> list[tuple[int, str]]:
    """(offset, line) with tab-continuation lines joined to the line before."""
    out: list[tuple[int, str]] = []
    for i, ln in enumerate(raw_lines):
        if ln[:1] == "\t" and out:
            out[-1] = (out[-1][0], out[-1][1] + " " + ln[1:])
        else:
            out.append((i, ln))
    return out


def _file_units(path: Path, on_error: str, report: ReadReport, convention: str = "days"
                ) -> tuple[_FileState, list[tuple[str, str, int]]]:
    """Split a file into utterances: ``(speaker, body, line)`` where ``body`` is
    the text after ``*SPK:`` with its dependent tiers (``\\n%tier:...``),
    continuation lines joined.  Headers update the returned file state."""
    text = _decode(path, on_error, report)
    st = _FileState()
    units: list[tuple[str, str, int]] = []
    if text[:1] == "*":
        text = "\n" + text
        lineno = 0
    else:
        lineno = 1
    blocks = text.split("\n*")
    head = blocks[0]
    _other_lines(_join(head.split("\n")), lineno, st, path, on_error, report)
    lineno += head.count("\n") + 1
    append = units.append
    for b in blocks[1:]:
        start = lineno
        n_nl = b.count("\n")
        lineno += n_nl + 1
        if not st.begun:
            _fail_or_count(on_error, report, "missing_begin", "utterance before @Begin", path,
                           start, "*" + b.split("\n", 1)[0])
            st.begun = True
        if "\n\t" in b:
            joined = b.replace("\n\t", " ")
            if joined.count("\n") != joined.count("\n%"):
                parts = _join(b.split("\n"))
                k = 1
                while k < len(parts) and parts[k][1][:1] == "%":
                    k += 1
                joined = "\n".join(x for _, x in parts[:k])
                _other_lines(parts[k:], start, st, path, on_error, report)
            b = joined
        elif n_nl != b.count("\n%"):
            raw = b.split("\n")
            k = 1
            while k < len(raw) and raw[k][:1] == "%":
                k += 1
            _other_lines(list(enumerate(raw))[k:], start, st, path, on_error, report)
            b = "\n".join(raw[:k])
        colon = b.find(":")
        if colon < 0 or "\n" in b[:colon]:
            if on_error == "fail":
                raise CorpusFormatError("utterance line without ':'", path=str(path),
                                        line=start, text="*" + b.split("\n", 1)[0])
            report.skip("malformed_utterance_line", f"{path}:{start}")
            continue
        append((b[:colon].strip(), b[colon + 1:], start))
    if not st.begun:
        _fail_or_count(on_error, report, "missing_begin", "no @Begin line: not a CHAT file",
                       path, 1, text[:80])
    _resolve_target(st, convention)
    return st, units


class _Caches:
    """Per-read caches: ``%mor`` item -> parsed parts (``mor``) and -> its
    ``(xpos, lemma, is_punct)`` when it is one plain word or punctuation
    (``simple``, else ``None``); ``%gra`` text -> ``(n, (heads, rels))`` (``gra``;
    the lists are shared and never modified)."""

    __slots__ = ("mor", "simple", "gra")

    def __init__(self) -> None:
        self.mor: dict = {}
        self.simple: dict = {}
        self.gra: dict = {}

    def fill(self, items: list[str]) -> None:
        for it in items:
            if it not in self.mor:
                g = _parse_mor_item(it)
                self.mor[it] = g
                self.simple[it] = ((g[0][0], g[0][1], g[0][2] == PUNCT)
                                   if len(g) == 1 and g[0][2] != OMITTED else None)

    def parse_gra(self, text: str, n: int) -> tuple | None:
        hit = self.gra.get(text)
        if hit is not None and hit[0] == n:
            return hit[1]
        parsed = _parse_gra(text, n)
        if parsed is not None:
            self.gra[text] = (n, parsed)
        return parsed


def _analyse(body: str, split_clitics: bool, omitted: str, mor_cache: _Caches
             ) -> tuple[dict, int, tuple]:
    """Tokens of one utterance body, its number of unintelligible markers and the
    report counts it adds."""
    deltas: defaultdict = defaultdict(int)
    if "\n%" in body:
        parts = body.split("\n%")
        main = parts[0]
        tiers = {}
        for t in parts[1:]:
            name, _, value = t.partition(":")
            name = "%" + name
            if name in tiers:
                if name in _CHECKED_TIERS:
                    deltas["duplicate_" + name[1:]] += 1
                continue  # the first one counts
            if value[:1] != "\t" and name in _CHECKED_TIERS:
                deltas[name[1:] + "_without_tab"] += 1
            tiers[name] = value
    else:
        main = body
        tiers = {}
    toks, n_unk = _tokens(main, tiers, split_clitics, omitted, deltas, mor_cache)
    return toks, n_unk, tuple(deltas.items())


def _tokens(main: str, tiers: dict, split_clitics: bool, omitted: str, counts,
            mor_cache: _Caches) -> tuple[dict, int]:
    """The token columns of one utterance and its number of unintelligible markers."""
    mor_text = tiers.get("%mor")
    words = None
    if (mor_text is not None and "%xgrt" not in tiers
            and "%grt" not in tiers):  # fast path: plain words, %mor and %gra
        gra_text = tiers.get("%gra")
        words = plain_words(main) if gra_text is not None else None
        if words is not None:
            mor_items = mor_text.split()
            if len(mor_items) == len(words):
                simple_get = mor_cache.simple.get
                simple = [simple_get(it, 0) for it in mor_items]
                if 0 in simple:
                    mor_cache.fill(mor_items)
                    simple = [simple_get(it) for it in mor_items]
                if (None not in simple
                        and [w in PUNCT_WORDS for w in words] == [p[2] for p in simple]):
                    parsed = mor_cache.parse_gra(gra_text, len(words))
                    if parsed is not None:
                        counts["aligned_gra"] += 1
                        return {"form": words, "lemma": [p[1] for p in simple],
                                "xpos": [p[0] for p in simple], "head": parsed[0],
                                "deprel": parsed[1]}, 0
    if words is not None:  # plain main tier (clitics or a misalignment): already split
        items = [(PUNCT if w in PUNCT_WORDS else WORD, w) for w in words]
        n_unk, unk_pos = 0, []
    else:
        items, n_unk, _, unk_pos = clean_main_tier(main)
    n = len(items)
    forms: list
    tokens: dict
    if mor_text is None:
        forms = [f for k, f in items if k != OMITTED] if omitted == "drop" else \
            [("0" + f if k == OMITTED else f) for k, f in items]
        if omitted == "drop" and len(forms) != n:
            counts["omitted_words"] += n - len(forms)
        return {"form": forms}, n_unk
    mor_items = mor_text.split()
    mor_cache.fill(mor_items)
    groups = list(map(mor_cache.mor.__getitem__, mor_items))
    if len(groups) != n and any(f in QUOTES for _, f in items):
        items = [it for it in items if it[1] not in QUOTES]  # older %mor: no bq|bq/eq|eq
        n = len(items)
        unk_pos = []
    aligned = len(groups) == n
    simple = aligned
    if aligned:
        for g in groups:
            if len(g) != 1 or g[0][2] == OMITTED:
                simple = False
                break
        if simple:
            wk = [k for k, _ in items]
            if OMITTED in wk or [k == PUNCT for k in wk] != [g[0][2] == PUNCT for g in groups]:
                simple = False
    if simple:
        forms = [f for _, f in items]
        xpos = [g[0][0] for g in groups]
        lemma = [g[0][1] for g in groups]
        kinds: list[int] = []
        group_of: list[int] = []
    elif aligned:
        forms, xpos, lemma, kinds = [], [], [], []
        group_of = []
        for gi in range(n):
            kind, form = items[gi]
            g = groups[gi]
            if (kind == PUNCT) != (g[0][2] == PUNCT and len(g) == 1):
                aligned = False
                break
            if len(g) == 1:
                p = g[0]
                forms.append(("0" + form) if kind == OMITTED else form)
                xpos.append(p[0])
                lemma.append(p[1])
                if p[2] == OMITTED and kind != OMITTED:
                    counts["spoken_words_marked_omitted"] += 1  # adam19:30 0part|going
                kinds.append(kind if kind == OMITTED else (PUNCT if p[2] == PUNCT else WORD))
                group_of.append(gi)
                continue
            post = [p[0] for p in g if p[3] == 1]
            split = split_clitic_form(form, post) if post else None
            k_post = 0
            for p in g:
                if p[3] == 0:
                    forms.append(split[0] if split is not None else form)
                elif p[3] == 1 and split is not None:
                    k_post += 1
                    forms.append(split[k_post])
                else:
                    forms.append(p[1])
                    counts["clitic_form_from_mor"] += 1
                xpos.append(p[0])
                lemma.append(p[1])
                if p[2] == OMITTED and kind != OMITTED:
                    counts["spoken_words_marked_omitted"] += 1
                kinds.append(OMITTED if kind == OMITTED else (PUNCT if p[2] == PUNCT else WORD))
                group_of.append(gi)
    if not aligned:
        counts["unaligned_mor"] += 1
        forms = [f for k, f in items if k != OMITTED] if omitted == "drop" else \
            [("0" + f if k == OMITTED else f) for k, f in items]
        return {"form": forms}, n_unk
    n_tok = len(forms)
    tokens = {"form": forms, "lemma": lemma, "xpos": xpos}
    refs = []
    gra_text = tiers.get("%gra")
    if gra_text is not None:
        refs.append(("", gra_text, "unaligned_gra"))
    for name in _XGRT_TIERS:
        if name in tiers:
            refs.append(("@xgrt", tiers[name], "unaligned_xgrt"))
            break
    parsed_refs = []
    for suffix, tier_text, what in refs:
        parsed = mor_cache.parse_gra(tier_text, n_tok)
        if parsed is None and ("beg" in xpos or "end" in xpos):
            parsed = _parse_gra_without(tier_text, xpos, ("beg", "end"))
            if parsed is not None:
                counts[what[10:] + "_without_markers"] += 1
        if parsed is None and unk_pos:
            parsed = _parse_gra_with_gaps(tier_text, group_of or list(range(n_tok)), unk_pos)
            if parsed is not None:
                counts[what[10:] + "_with_unintelligible"] += 1
        if parsed is None:
            counts[what] += 1
            parsed_refs.append((suffix, None, None))
        else:
            counts["aligned" + what[9:]] += 1
            parsed_refs.append((suffix, parsed[0], parsed[1]))
    if omitted == "drop" and OMITTED in kinds:
        keep = [k != OMITTED for k in kinds]
        counts["omitted_words"] += keep.count(False)
        tokens = {k: [v for v, kp in zip(vals, keep) if kp] for k, vals in tokens.items()}
        group_of = [g for g, kp in zip(group_of, keep) if kp]
        parsed_refs = [(s, _drop_tokens(keep, h), None if r is None else
                        [x for x, kp in zip(r, keep) if kp]) for s, h, r in parsed_refs]
    elif omitted == "keep" and OMITTED in kinds:
        counts["omitted_words"] += kinds.count(OMITTED)
    if not split_clitics and not simple and len(group_of) != len(set(group_of)):
        # merge clitic parts back into words
        order: list[int] = []
        pos_of: dict[int, int] = {}
        for g in group_of:
            if g not in pos_of:
                pos_of[g] = len(order)
                order.append(g)
        local = [pos_of[g] for g in group_of]
        m = len(order)
        merged: dict[str, list] = {}
        forms_in = tokens["form"]
        merged["form"] = [None] * m
        for col in ("xpos", "lemma"):
            merged[col] = [[] for _ in range(m)]
        for t, g in enumerate(local):
            for col in ("xpos", "lemma"):
                merged[col][g].append(tokens[col][t])
        written = {gi: items[gi][1] for gi in order}
        for j, gi in enumerate(order):
            merged["form"][j] = written[gi]
        for col in ("xpos", "lemma"):
            merged[col] = ["~".join(v) for v in merged[col]]
        counts["clitic_groups_merged"] += len(group_of) - m
        del forms_in
        tokens = merged
        parsed_refs = [(s, None, None) if h is None else (s, *_merge_groups(local, h, r, m))
                       for s, h, r in parsed_refs]
    n_final = len(tokens["form"])
    for suffix, heads, rels in parsed_refs:
        tokens["head" + suffix] = heads if heads is not None else [-1] * n_final
        tokens["deprel" + suffix] = rels if rels is not None else [None] * n_final
    return tokens, n_unk


_TOKEN_COLS = ("form", "lemma", "xpos", "head", "deprel", "head@xgrt", "deprel@xgrt")
_SENT_COLS = ("sent_id", "speaker", "role", "age_days", "document", "language",
              "unintelligible")


#: Report counts that are errors in the transcript (issue 16): raised under
#: ``on_error="fail"``, counted with their first file:line under ``"skip"``.
TIER_ERRORS = {
    "unaligned_mor": "the %mor tier cannot be aligned with the main tier",
    "unaligned_gra": "the %gra tier does not number the %mor tokens 1..n with heads inside "
                     "the utterance",
    "duplicate_mor": "a second %mor tier in one utterance",
    "duplicate_gra": "a second %gra tier in one utterance",
    "mor_without_tab": "no tab after '%mor:'",
    "gra_without_tab": "no tab after '%gra:'",
}
#: Report key of the utterances without words (issue 11).
NO_WORDS = "utterances without words"


def _check_errors(deltas: tuple, on_error: str, report: ReadReport, path: Path, line: int,
                  body: str) -> None:
    for k, _ in deltas:
        message = TIER_ERRORS.get(k)
        if message is None:
            continue
        if on_error == "fail":
            tier = "%" + k.split("_")[-1] if k.startswith("unaligned") else ""
            text = next((x for x in body.split("\n") if tier and x.startswith(tier + ":")),
                        body.split("\n", 1)[0])
            raise CorpusFormatError(f"{message} (in the utterance that starts on this line; "
                                    "on_error='skip' keeps its words and counts it)",
                                    path=str(path), line=line, text=text.strip()[:200])
        report.examples.setdefault(k, f"{path}:{line}")


def _has_words(forms: list) -> bool:
    for f in forms:
        if f not in PUNCT_WORDS:
            return True
    return False


class _VocabDict(dict):
    """value -> id in first-appearance order; ``None`` -> -1 (missing)."""

    def __init__(self) -> None:
        super().__init__({None: -1})

    def __missing__(self, key: str) -> int:
        i = self[key] = len(self) - 1
        return i


class _Encoder:
    """Distinct utterances encoded into compact int32 arrays, column by column.

    Utterances are analysed one by one and buffered as strings for one file;
    :meth:`flush` encodes the buffer through the vocabularies (first
    appearance order) into ``array('i')`` columns, so no per-token Python
    object outlives the file being read.
    """

    def __init__(self) -> None:
        self.vocabs: dict[str, dict] = {}
        self.flat: dict[str, array] = {}
        self.n_flat = 0
        self.buf: dict[str, list] = {}
        self.n_buf = 0

    def add(self, toks: dict) -> None:
        n = len(toks["form"])
        buf = self.buf
        for k, v in toks.items():
            col = buf.get(k)
            if col is None:
                col = buf[k] = [-1 if k[:4] == "head" else None] * self.n_buf
            col.extend(v)
        self.n_buf += n
        if len(toks) != len(buf):
            for k, col in buf.items():
                if len(col) < self.n_buf:
                    col.extend([-1 if k[:4] == "head" else None] * (self.n_buf - len(col)))

    def flush(self) -> None:
        if not self.n_buf:
            self.buf = {}
            return
        for k, vals in self.buf.items():
            out = self.flat.get(k)
            if out is None:
                out = self.flat[k] = array("i", [-1]) * self.n_flat
            if k[:4] == "head":
                out.extend(vals)
                continue
            d = self.vocabs.get(k)
            if d is None:
                d = self.vocabs[k] = _VocabDict()
            ids = list(map(d.__getitem__, vals))
            out.extend(ids)
        self.n_flat += self.n_buf
        for out in self.flat.values():
            if len(out) < self.n_flat:
                out.extend(array("i", [-1]) * (self.n_flat - len(out)))
        self.buf = {}
        self.n_buf = 0


def _read_files(files: Sequence[Path], on_error: str, split_clitics: bool, omitted: str,
                name: str, empty: str = "drop", ages: str = "days") -> Corpus:
    """Read files into a corpus.

    Each distinct utterance body (main tier + dependent tiers) is analysed
    once; its encoded columns are stored once and gathered with numpy.
    """
    report = ReadReport()
    mor_cache = _Caches()
    uid_of: dict[str, int] = {}
    enc = _Encoder()
    u_len = array("i")
    u_unk = bytearray()
    u_empty = bytearray()
    u_deltas: list[tuple] = []
    seq = array("i")  # distinct-utterance id of each utterance
    seq_meta = array("i")
    lines = array("i")
    dropped = array("i")  # distinct-utterance ids of the utterances dropped (no words)
    meta_rows: list[tuple] = []
    keep_empty = empty == "keep"
    n_utt = n_empty = n_undated = 0
    for path in files:
        report.files.append(str(path))
        try:
            st, units = _file_units(path, on_error, report, ages)
        except CorpusFormatError as exc:
            if on_error == "fail":
                raise
            report.skip("broken_file", str(exc))
            continue
        document = _document(st, path)
        n_utt += len(units)
        speakers = [u[0] for u in units]
        bodies = [u[1] for u in units]
        ulines = [u[2] for u in units]
        uids = list(map(uid_of.get, bodies))
        if None in uids:
            for j, uid in enumerate(uids):
                if uid is not None:
                    continue
                body = bodies[j]
                uid = uid_of.get(body)
                if uid is None:
                    uid = uid_of[body] = len(u_len)
                    toks, n_unk, deltas = _analyse(body, split_clitics, omitted, mor_cache)
                    if deltas:
                        _check_errors(deltas, on_error, report, path, ulines[j], body)
                    words = _has_words(toks["form"])
                    if not words and keep_empty:
                        toks = {k: [] for k in toks}
                    enc.add(toks)
                    u_len.append(len(toks["form"]))
                    u_unk.append(bool(n_unk))
                    u_empty.append(not words)
                    u_deltas.append(deltas)
                uids[j] = uid
        flags = bytes(map(u_empty.__getitem__, uids))
        if 1 in flags:
            first = flags.index(1)
            n_empty += flags.count(1)
            report.examples.setdefault(NO_WORDS, f"{path}:{ulines[first]}")
            if not keep_empty:
                dropped.extend([u for u, f in zip(uids, flags) if f])
                keep = [not f for f in flags]
                speakers = [x for x, k in zip(speakers, keep) if k]
                bodies = [x for x, k in zip(bodies, keep) if k]
                ulines = [x for x, k in zip(ulines, keep) if k]
                uids = [x for x, k in zip(uids, keep) if k]
        keys: list = speakers
        if any("[- " in b for b in bodies):
            keys = [(sp, lang) if (lang := _utterance_language(b)) is not None else sp
                    for sp, b in zip(speakers, bodies)]
        meta_of: dict = {}
        for key in dict.fromkeys(keys):  # first-appearance order
            sp, lang = key if isinstance(key, tuple) else (key, None)
            mt = _meta(st, document, sp, 0, lang)
            meta_of[key] = len(meta_rows)
            meta_rows.append((sp, mt["role"], st.age, document, mt["language"]))
        seq.extend(uids)
        seq_meta.extend(list(map(meta_of.__getitem__, keys)))
        lines.extend(ulines)
        n_file = len(uids)
        enc.flush()
        if st.age is None and n_file:
            n_undated += n_file
            report.examples.setdefault("utterances without age", f"{path}")
            report.count("files without the target child's age")
        if st.target is not None and st.target_role != "Target_Child":
            report.count(f"target child by role {st.target_role or '(none)'!r} (files)")
    # -- gather -------------------------------------------------------------
    seq_a = np.frombuffer(seq, dtype=np.int32).astype(np.int64)
    ulen = np.frombuffer(u_len, dtype=np.int32).astype(np.int64)
    ustart = np.zeros(len(ulen) + 1, dtype=np.int64)
    np.cumsum(ulen, out=ustart[1:])
    lengths = ulen[seq_a] if len(seq_a) else np.zeros(0, dtype=np.int64)
    offsets = np.zeros(len(seq_a) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    n_tok = int(offsets[-1])
    idx = (np.repeat(ustart[:-1][seq_a] - offsets[:-1], lengths)
           + np.arange(n_tok, dtype=np.int64)) if n_tok else np.zeros(0, dtype=np.int64)
    # report counts: each distinct utterance's counts times its occurrences
    all_uids = np.concatenate((seq_a, np.frombuffer(dropped, dtype=np.int32)))
    occurrences = np.bincount(all_uids, minlength=len(ulen)).tolist() if len(ulen) else []
    by_deltas: defaultdict = defaultdict(int)
    for deltas, occ in zip(u_deltas, occurrences):
        if deltas and occ:
            by_deltas[deltas] += occ
    for deltas, occ in by_deltas.items():
        for k, v in deltas:
            report.counts[k] += v * occ
    report.count("utterances", n_utt)
    if n_empty:
        if keep_empty:
            report.count(NO_WORDS + " (kept as empty sentences)", n_empty)
        else:
            report.skip(NO_WORDS, report.examples.get(NO_WORDS, ""), n_empty)
    if n_undated:
        report.count("utterances without age", n_undated)
    report.count("tokens", n_tok)
    tokens: dict[str, Column] = {}
    for k in _TOKEN_COLS:
        vals = enc.flat.pop(k, None)
        if vals is None:
            if k == "form":
                tokens[k] = Column(np.zeros(0, dtype=np.int32), Vocabulary())
            continue
        arr = np.frombuffer(vals, dtype=np.int32)[idx]
        if k[:4] == "head":
            if k != "head" and not (arr >= 0).any():
                continue
            tokens[k] = Column(arr)
        else:
            tokens[k] = Column(arr, Vocabulary.from_unique(
                list(enc.vocabs.get(k, {None: -1}))[1:]))
    if "deprel@xgrt" in tokens and "head@xgrt" not in tokens:
        del tokens["deprel@xgrt"]
    if "xpos" in tokens:
        xv = tokens["xpos"].vocab
        assert xv is not None
        cv = Vocabulary()
        table = np.append(cv.encode([x.split(":")[0] for x in xv.items]), -1).astype(np.int32)
        tokens["cpos"] = Column(table[tokens["xpos"].values], cv)
    sentences: dict[str, Column] = {}
    meta_idx = np.frombuffer(seq_meta, dtype=np.int32)
    for j, k in enumerate(("speaker", "role", "age_days", "document", "language")):
        if k == "age_days":
            table = np.asarray([-1 if r[2] is None else r[2] for r in meta_rows] + [-1],
                               dtype=np.int32)
            sentences[k] = Column(table[meta_idx] if len(meta_idx) else table[:0])
        else:
            vocab = Vocabulary()
            table = np.append(vocab.encode([r[j] for r in meta_rows]), -1).astype(np.int32)
            sentences[k] = Column(table[meta_idx] if len(meta_idx) else table[:0], vocab)
    docs = [r[3] for r in meta_rows]
    sid_vocab = Vocabulary()
    sentences["sent_id"] = Column(sid_vocab.encode(
        [f"{docs[m]}:{ln}" for m, ln in zip(seq_meta, lines)]), sid_vocab)
    unk_vocab = Vocabulary(["no", "yes"])
    unk = np.frombuffer(bytes(u_unk), dtype=np.uint8).astype(np.int32)
    sentences["unintelligible"] = Column(unk[seq_a] if len(seq_a) else unk[:0], unk_vocab)
    sentences = {k: sentences[k] for k in _SENT_COLS}
    return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=report, name=name)


def read(files: str | os.PathLike | Sequence[str | os.PathLike], *, on_error: str = "fail",
         split_clitics: bool = True, omitted: str = "drop", empty: str = "drop",
         ages: str = "days", jobs: int | None = None, name: str = "") -> Corpus:
    """Read CHAT files into a :class:`~induceval.corpus.model.Corpus`.

    Parameters
    ----------
    files
        ``.cha`` files, or directories (searched recursively for ``.cha``).
    on_error
        ``"fail"`` (default) raises :class:`~induceval.errors.CorpusFormatError`
        on a structurally broken file or a ``%mor``/``%gra`` tier that cannot
        be aligned, lacks its tab or appears twice (see :data:`TIER_ERRORS`);
        ``"skip"`` counts it (with its first file:line in ``report.examples``),
        keeps the utterance's words without the tier's annotation, and counts a
        broken file in ``report.skipped["broken_file"]``.
    split_clitics
        Split ``%mor`` clitics into separate tokens (default ``True``).
    omitted
        ``"drop"`` (default) or ``"keep"`` omitted words ``0word``.
    empty
        Utterances with no words (``0 .``, ``&hmm ?``, ``xxx .``: nothing but
        punctuation once fillers, pauses, unintelligible markers and omitted
        words are left out): ``"drop"`` (default) leaves them out, counted in
        ``report.skipped["utterances without words"]``; ``"keep"`` keeps them
        as sentences with no tokens (their sentence columns set), counted in
        ``report.counts``.
    ages
        Convention of ``age_days`` (see :func:`~induceval.corpus.model.age_in_days`):
        ``"days"`` (default, monotonic in the age) or ``"chang2006"``
        (``years*365 + months*31 + days``, for reproducing Chang et al. 2006).
    jobs
        Number of processes (default: the machine's cores, at most 4; one for
        fewer than 8 files or when called from a worker process).  Files are
        read in contiguous chunks and the chunks merged in file order, so the
        corpus is the same for every ``jobs``.
    name
        Corpus label (default: the first path).

    Returns
    -------
    Corpus
        Columns as described in the module docstring; ``report.counts`` has
        ``utterances`` (every utterance line read), ``tokens``,
        ``unaligned_mor``, ``unaligned_gra``, ``aligned_gra``,
        ``unaligned_xgrt``, ``aligned_xgrt``, ``omitted_words``,
        ``clitic_form_from_mor``, ``spoken_words_marked_omitted``,
        ``utterances without age`` and ``files without the target child's age``.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    check_choice("omitted", omitted, ("drop", "keep"))
    check_choice("empty", empty, ("drop", "keep"))
    check_choice("ages", ages, AGE_CONVENTIONS)
    if jobs is not None:
        check_range("jobs", jobs, 1)
    files = [files] if isinstance(files, (str, os.PathLike)) else list(files)
    paths: list[Path] = []
    for f in map(Path, files):
        if f.is_dir():
            paths.extend(sorted(p for p in f.rglob("*.cha") if p.is_file()))
        else:
            paths.append(f)
    name = name or (str(files[0]) if files else "")
    if jobs is None:
        import multiprocessing as mp

        in_main = mp.parent_process() is None  # a worker (cells, Dask) reads alone
        jobs = 1 if len(paths) < 8 or not in_main else max(1, min(4, os.cpu_count() or 1))
    read_chunk = partial(_read_files, on_error=on_error, split_clitics=split_clitics,
                         omitted=omitted, name=name, empty=empty, ages=ages)
    if jobs > 1 and len(paths) > 1:
        chunks = _chunks(paths, min(jobs, len(paths)))
        spec = parallel.ExecutorSpec(engine="local", jobs=len(chunks))
        return concat(parallel.map(read_chunk, chunks, executor=spec, name="read-chat"),
                      name=name)
    return read_chunk(paths)


def _chunks(paths: list[Path], k: int) -> list[list[Path]]:
    """``k`` contiguous chunks of about equal bytes."""
    sizes = []
    for p in paths:
        try:
            sizes.append(p.stat().st_size)
        except OSError:
            sizes.append(0)
    total = sum(sizes) or 1
    out: list[list[Path]] = [[] for _ in range(k)]
    acc = 0
    for p, size in zip(paths, sizes):
        i = min(k - 1, int(k * (acc + size / 2) / total))
        out[i].append(p)
        acc += size
    return [c for c in out if c]
