"""The structure of a CHAT file: headers, utterances with their dependent tiers.

Private helper of :mod:`induceval.corpus.readers.chat`: :func:`_file_units`
decodes a file and splits it into utterances; the headers (``@ID``,
``@Participants``, ``@Languages``, ``@Date``, ``@Age of``, ``@Birth of``)
give the speakers' roles and languages and the target child's age
(:class:`_FileState`); :func:`_meta` gives an utterance's sentence columns.
"""

from __future__ import annotations

import calendar
import re
from pathlib import Path

from induceval.corpus.model import ReadReport, age_in_days
from induceval.corpus.readers._common import line_fault
from induceval.errors import CorpusFormatError, shorten

#: A CHAT age ``Y;M.D`` (``Y;``, ``Y;M`` and ``Y;M.`` too; ASCII digits, months 0-11,
#: days 0-31), alone or as the first of a range ``A - B`` (the second one checked alike)
_ONE_AGE = r"([0-9]{1,3});(?:(1[01]|0?[0-9])(?:\.(3[01]|[0-2]?[0-9])?)?)?"
_AGE = re.compile(rf"\s*{_ONE_AGE}(?:\s*-\s*{_ONE_AGE})?\s*\Z")


def parse_age(text: str, convention: str = "days") -> int | None:
    """Age in days from a CHAT age ``Y;M.D`` (from the first day of the month or year when
    the days or months are missing, ``Y;M.`` or ``Y;``; of a range ``A - B``,
    ``A``), by :func:`~induceval.corpus.model.age_in_days` under ``convention``; ``None``
    when ``text`` is no age (:func:`age_fault` says why).

    Example
    -------
    >>> parse_age("2;0.07"), parse_age("1;6."), parse_age("39;"), parse_age("")
    (737, 547, 14244, None)
    >>> parse_age("3;11.29"), parse_age("4;0.05"), parse_age("1;6.", "chang2006")
    (1459, 1466, 551)
    >>> parse_age("1;10.19 - 1;11.18"), parse_age("2;13.26"), parse_age("2;7.40")
    (688, None, None)
    """
    m = _AGE.match(text)
    if m is None:
        return None
    y, mo, d = m.groups()[:3]
    return age_in_days(int(y), int(mo or 0), int(d or 0), convention=convention)


def age_fault(text: str) -> str | None:
    """Why a non-empty age field is no CHAT age, else ``None``.

    Example
    -------
    >>> age_fault("2;4.09"), age_fault(""), age_fault("2;7.40")
    (None, None, "expected an age 'years;months.days' (months 0-11, days 0-31)")
    """
    if not text.strip() or _AGE.match(text):
        return None
    return "expected an age 'years;months.days' (months 0-11, days 0-31)"


#: a target child older than this (18 years, in days) is a typo in the transcript's header
MAX_CHILD_AGE_DAYS = 18 * 365
#: the report count of files whose target child's age is above :data:`MAX_CHILD_AGE_DAYS`
IMPLAUSIBLE_AGE = "files with an implausible target-child age (over 18 years; kept)"


class _FileState:
    __slots__ = ("roles", "langs", "id_langs", "age", "corpus", "begun", "ids", "age_of",
                 "birth_of", "date", "target", "target_role", "child_ages", "ended", "declared",
                 "age_without_days")

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
        self.child_ages: dict[str, int | None] = {}  # each target child's, when there are two
        self.ended = False  # an @End line was read
        self.declared: list[str] = []  # the speaker codes of @Participants
        self.age_without_days: str | None = None  # the target child's age 'Y;M.' or 'Y;'


def _header(line: str, st: _FileState) -> None:
    head, _, value = line.partition(":")
    value = value.strip()
    if head == "@Begin":
        st.begun = True
    elif head == "@End":
        st.ended = True
    elif head == "@Participants":
        for entry in value.split(","):
            words = entry.split()
            if words:
                st.declared.append(words[0])
            if len(words) >= 2:
                st.roles.setdefault(words[0], words[-1])
    elif head == "@ID":
        f = value.split("|")
        if len(f) >= 8 and f[2]:
            code, role = f[2].strip(), f[7].strip()
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
        years, months = years - 1, months + 12
    return years, months, days


def _resolve_target(st: _FileState, convention: str) -> None:
    """Find the target child and its age once the headers are read (the rules: see
    :mod:`induceval.corpus.readers.chat`; without ``@ID``, over ``@Participants``).  With
    several ``Target_Child`` participants, each one's age is in ``st.child_ages``."""
    ids = st.ids or [(code, role, "") for code, role in st.roles.items()]
    targets = [c for c, r, _ in ids if r == "Target_Child"]
    target = targets[0] if targets else None
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
    st.age = _age(st, ids, target, convention)
    if len(targets) > 1:
        st.child_ages = {c: _age(st, ids, c, convention) for c in targets}


def _age(st: _FileState, ids: list, child: str, convention: str) -> int | None:
    age_text = next((a for c, _, a in ids if c == child and a), None) or st.age_of.get(child)
    age = parse_age(age_text, convention) if age_text else None
    if age is not None and child == st.target and _AGE.match(age_text).group(3) is None:
        st.age_without_days = age_text.strip()  # the manual's 'Y;M.' or 'Y;': days unknown
    if age is None:
        ymd = _age_from_dates(st.birth_of.get(child), st.date)
        if ymd is not None:
            age = age_in_days(*ymd, convention=convention)
    return age


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
        report.examples.setdefault("bad_utf8_files", f"{path}:{line}")
        text = data.decode("utf-8", "replace")
    if text[:1] == "\ufeff":
        text = text[1:]
    if "\x00" in text:
        at = text.index("\x00")
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at)
        # (the whole file: its faults are counted per line, but a NUL says it is damaged)
        raise CorpusFormatError(line_fault("\x00"), path=str(path),
                                line=text.count("\n", 0, at) + 1,
                                text=text[start:end if end >= 0 else len(text)])
    # CHAT transcripts of classic Mac OS CLAN end lines with CR alone: line ends here
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _fail_or_count(on_error: str, report: ReadReport, what: str, message: str, path: Path,
                   line: int, text: str) -> None:
    if on_error == "fail":
        raise CorpusFormatError(message, path=str(path), line=line, text=text)
    report.count(what)
    report.examples.setdefault(what, f"{path}:{line}")


def _fail_or_skip(on_error: str, report: ReadReport, what: str, message: str, path: Path,
                  line: int, text: str) -> None:
    if on_error == "fail":
        raise CorpusFormatError(message, path=str(path), line=line, text=text)
    report.skip(what, f"{path}:{line}")


#: Report key of the transcripts without ``@End``.
MISSING_END = "transcripts without @End (cut short?)"

#: Report key of the header ages that are no ages (the utterances then have no age).
BAD_AGES = "ages that are no ages (left missing)"

#: Report key of the files whose target child's age gives no days (the CHAT manual's ``Y;M.``
#: and ``Y;``, written when the days or months are unknown): ``age_days`` is then the first
#: day of that month (year), a lower bound, not a recorded day 0.
AGE_WITHOUT_DAYS = ("files whose target child's age has no days (age_days from the first day "
                    "of its month or year)")

#: Report key of the utterances after ``@End``, the end of a transcript (not read).
AFTER_END = "utterances after @End (not read)"

#: Report key of the other lines after ``@End`` (headers, tiers; not read).
LINES_AFTER_END = "lines after @End other than utterances (not read)"

#: Report key of the utterances of a speaker that ``@Participants`` does not declare, or whose
#: code is not a CHAT speaker code (upper-case letters, digits, ``_``, ``-``, ``'``).
UNDECLARED_SPEAKER = "utterances of a speaker not declared in @Participants (not read)"

#: The longest utterance read by default, with its tiers (characters; ``max_record_bytes``
#: of :func:`~induceval.corpus.readers.read_corpus` raises it): CHILDES utterances hold a
#: few hundred words at most, and a word costs the reader some hundred bytes of Python
#: objects (a 50 MB utterance took 1.2 GB).
MAX_UTTERANCE_CHARS = 16 << 20

#: Report key of the utterances over the size limit, left out.
LONG_UTTERANCE = "utterances over the size limit max_record_bytes (left out)"

#: Report keys of the faults of a file's structure (besides its tiers' faults).
FILE_FAULTS = ("missing_begin", "bad_utf8_files", "bad_lines", "orphan_tiers", MISSING_END,
               BAD_AGES, LONG_UTTERANCE, AFTER_END, LINES_AFTER_END, UNDECLARED_SPEAKER)

_END = re.compile(r"^@End[ \t]*$", re.M)
_SPEAKER_CODE = re.compile(r"[A-Z0-9_'-]+\Z")


def _cut_at_end(text: str, path: Path, on_error: str, report: ReadReport) -> str:
    """``text`` up to its ``@End`` line: what follows is no part of the transcript (raised
    under ``on_error="fail"``, counted under ``"skip"``)."""
    m = _END.search(text)
    if m is None or not text[m.end():].strip():
        return text
    first = text.count("\n", 0, m.start()) + 2  # the line after @End
    after = [(i, ln) for i, ln in enumerate(text[m.end() + 1:].split("\n"), first)
             if ln.strip()]
    if on_error == "fail":
        raise CorpusFormatError("text after @End, the end of the transcript", path=str(path),
                                line=after[0][0], text=after[0][1])
    utts = [i for i, ln in after if ln[:1] == "*"]
    if utts:
        report.skip(AFTER_END, f"{path}:{utts[0]}", len(utts))
    if len(after) > len(utts):
        report.count(LINES_AFTER_END, len(after) - len(utts))
        report.examples.setdefault(LINES_AFTER_END, f"{path}:{after[0][0]}")
    return text[:m.end() + 1]


def _speaker_fault(code: str, declared: list[str]) -> str:
    """Why ``code`` (of an utterance) is no speaker of the transcript."""
    listed = ", ".join(declared) or "none"
    if _SPEAKER_CODE.match(code) is None:
        return (f"speaker code {code!r} is not upper-case letters, digits, '_', '-' or \"'\" "
                f"(declared in @Participants: {listed})")
    return f"speaker {code!r} is not declared in @Participants (declared: {listed})"


def _check_age(line: str, st: _FileState, path: Path, lineno: int, on_error: str,
               report: ReadReport) -> str:
    """``line`` (an ``@ID`` or ``@Age of`` header), its age blanked when it is no age (counted
    under ``BAD_AGES`` with its file:line, or raised)."""
    head, _, value = line.partition(":")
    if head == "@ID":
        f = value.split("|")
        if len(f) < 4 or age_fault(f[3]) is None:
            return line
        _fail_or_count(on_error, report, BAD_AGES,
                       age_fault(f[3]) + f", got {shorten(f[3].strip())!r}", path, lineno, line)
        f[3] = ""
        return head + ":" + "|".join(f)
    if age_fault(value) is None:
        return line
    _fail_or_count(on_error, report, BAD_AGES,
                   age_fault(value) + f", got {shorten(value.strip())!r}", path, lineno, line)
    return head + ":"


def _other_lines(lines: list[str], first_line: int, st: _FileState, path: Path, on_error: str,
                 report: ReadReport) -> None:
    """Header / stray lines outside utterances (continuations already joined)."""
    for off, line in lines:
        c = line[:1]
        if c == "@":
            if line[:4] == "@ID:" or line[:8] == "@Age of ":
                line = _check_age(line, st, path, first_line + off, on_error, report)
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


def _file_units(path: Path, on_error: str, report: ReadReport, convention: str = "days",
                max_record_bytes: int = MAX_UTTERANCE_CHARS
                ) -> tuple[_FileState, list[tuple[str, str, int]]]:
    """Split a file into utterances: ``(speaker, body, line)`` where ``body`` is
    the text after ``*SPK:`` with its dependent tiers (``\\n%tier:...``),
    continuation lines joined.  Headers update the returned file state."""
    text = _cut_at_end(_decode(path, on_error, report), path, on_error, report)
    st = _FileState()
    units: list[tuple[str, str, int]] = []
    if text[:1] == "*":
        text = "\n" + text
        lineno = 0
    else:
        lineno = 1
    last_line = lineno + text.rstrip("\n").count("\n")
    blocks = text.split("\n*")
    head = blocks[0]
    _other_lines(_join(head.split("\n")), lineno, st, path, on_error, report)
    lineno += head.count("\n") + 1
    append = units.append
    speakers: set[str] = set()  # the declared codes that are speaker codes
    for b in blocks[1:]:
        start = lineno
        n_nl = b.count("\n")
        lineno += n_nl + 1
        if len(b) > max_record_bytes:
            _fail_or_count(on_error, report, LONG_UTTERANCE, "an utterance (with its tiers) of "
                           f"{len(b):,} characters, over the limit max_record_bytes="
                           f"{max_record_bytes:,}: raise it to read longer utterances "
                           "(read_corpus(..., max_record_bytes=N))", path, start, "*" + b[:80])
            continue
        if not st.begun:
            _fail_or_count(on_error, report, "missing_begin", "utterance before @Begin", path,
                           start, "*" + b.split("\n", 1)[0])
            st.begun = True
        stray = None  # (offset, line) pairs when lines other than tiers follow the main tier
        if "\n\t" in b:
            joined = b.replace("\n\t", " ")
            if joined.count("\n") != joined.count("\n%"):
                stray = _join(b.split("\n"))
            b = joined
        elif n_nl != b.count("\n%"):
            stray = list(enumerate(b.split("\n")))
        if stray is not None:  # the utterance ends at the first line that is no tier
            k = next((i for i in range(1, len(stray)) if stray[i][1][:1] != "%"), len(stray))
            b = "\n".join(x for _, x in stray[:k])
            _other_lines(stray[k:], start, st, path, on_error, report)
        colon = b.find(":")
        if colon < 0 or "\n" in b[:colon]:
            if on_error == "fail":
                raise CorpusFormatError("utterance line without ':'", path=str(path),
                                        line=start, text="*" + b.split("\n", 1)[0])
            report.skip("malformed_utterance_line", f"{path}:{start}")
            continue
        code = b[:colon].strip()
        if code not in speakers:
            speakers = {c for c in st.declared if _SPEAKER_CODE.match(c)}  # as read so far
            if code not in speakers:
                _fail_or_skip(on_error, report, UNDECLARED_SPEAKER,
                              _speaker_fault(code, st.declared), path, start,
                              "*" + b.split("\n", 1)[0])
                continue
        append((code, b[colon + 1:], start))
    if not st.begun:
        _fail_or_count(on_error, report, "missing_begin", "no @Begin line: not a CHAT file",
                       path, 1, text[:80])
    elif not st.ended:   # a transcript cut short: its last utterance may be cut too
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        _fail_or_count(on_error, report, MISSING_END, "no @End line: the transcript is cut "
                       "short (or unfinished)", path, last_line, last)
    _resolve_target(st, convention)
    ages = [a for a in (st.age, *st.child_ages.values()) if a is not None]
    if st.age_without_days is not None:
        report.count(AGE_WITHOUT_DAYS)
        report.examples.setdefault(AGE_WITHOUT_DAYS, f"{path}: {st.age_without_days!r}")
    if ages and max(ages) > MAX_CHILD_AGE_DAYS:   # e.g. "28;0." for 2;8: kept, but flagged
        report.count(IMPLAUSIBLE_AGE)
        report.examples.setdefault(IMPLAUSIBLE_AGE, f"{path}: {max(ages)} days")
    return st, units


def _document(st: _FileState, path: Path) -> str:
    return f"{st.corpus or path.parent.name}/{path.stem}"


_LANG_PRECODE = re.compile(r"\s*\[- ([^\]\s]+)\s*\]")


def _utterance_language(body: str) -> str | None:
    """The language of an utterance precode ``[- eng]`` at the start of its main tier."""
    if "[- " not in body:
        return None
    m = _LANG_PRECODE.match(body)
    return None if m is None else m.group(1)


def _meta(st: _FileState, document: str | None, speaker: str, lineno: int,
          language: str | None = None) -> dict:
    target = speaker == st.target and st.target is not None
    return {"sent_id": f"{document}:{lineno}", "speaker": speaker,
            "role": "Target_Child" if target else st.roles.get(speaker),
            "age_days": st.child_ages.get(speaker, st.age), "document": document,
            "language": language or st.id_langs.get(speaker) or (st.langs[0] if st.langs else None)}
