"""Reader for CHILDES CHAT files (``.cha``), old and new conventions.

One utterance (``*SPK:`` line) becomes one sentence of the corpus.

Token stream
------------
With a ``%mor`` tier, the tokens are its items, clitics split
(``pro|it~aux|be&3S`` gives two tokens), as ``%gra`` indexes them;
punctuation items (``.``, ``?``, ``+...``, ``cm|cm`` for a comma,
``beg|beg``/``end|end`` for ``‡``/``„``, ``bq|bq``/``eq|eq`` for ``“``/``”``)
are tokens too.  Forms come from the main tier cleaned by
:mod:`induceval.corpus.readers._chat_main` (fillers ``&um``, pauses,
retracings ``[/]`` ``[//]``, annotations ``[= ...]``, ``[+ IMP]`` ... removed;
``[: target]`` gives the target).  A word that ``%mor`` splits into clitics is
split by :func:`split_clitic_form` (``can't`` -> ``ca`` ``n't``, ``it's`` ->
``it`` ``'s``); where it cannot (``wanna``) the host keeps the written form and
the clitic takes its ``%mor`` stem (``report.counts["clitic_form_from_mor"]``).
Without ``%mor`` (e.g. the Estonian corpora) the cleaned main tier gives the
tokens, with no tags.  ``words="spoken"`` gives the words said instead, one token a
main-tier word (``wanna``), for word-level uses (see :func:`read`).

Columns
-------
Token columns: ``form``; ``lemma`` (the ``%mor`` stem without suffixes,
``go&PERF`` -> ``go``; compounds ``n|+n|graham+n|cracker`` -> ``graham+cracker``;
prefixes kept, ``un#v|do`` -> ``un#do``); ``xpos`` (the full ``%mor`` POS with
subcategories, e.g. ``pro:sub``, without prefixes, ``un#v`` -> ``v``, or the
omission mark ``0``; punctuation items keep their text, e.g. ``.`` or ``cm``);
``cpos`` (``xpos`` up to the first ``:``); ``head``/``deprel`` from ``%gra``;
``head@xgrt``/``deprel@xgrt`` from a hand-corrected ``%xgrt`` tier (``%grt``
in older files; Eve).

Sentence columns: ``sent_id`` (``document:line``), ``speaker`` (``MOT``,
``CHI`` ...), ``role`` (from ``@ID``, else ``@Participants``: ``Mother`` ...;
the target child's is always ``Target_Child``), ``age_days`` (the target
child's age in that file, by :func:`~induceval.corpus.model.age_in_days`
under ``ages``; ``-1`` when unknown), ``document`` (``<corpus>/<file stem>``,
the corpus lower-cased from the ``@ID`` line, e.g. ``brown/eve01``),
``language`` (the utterance's precode ``[- eng]``, else the speaker's ``@ID``
language, else the first of ``@Languages``), ``unintelligible`` (``"yes"``
when the main tier holds ``xxx``, ``yyy`` or ``www``, even retraced, else
``"no"``; ``%mor`` does not analyse those markers, so they are no tokens).

The target child is the ``@ID`` participant with role ``Target_Child``, else
the only one with role ``Child`` (older transcripts: Belfast's ``RAC``,
Wooten's ``LYN``, Estonian Korgesaar's ``CHI``), or among several the one
coded ``CHI`` (counted per file in ``report.counts["target child by role
'Child' (files)"]``).  Its age is its ``@ID`` age, else its ``@Age of``
header, else the calendar difference between its ``@Birth of`` header and
``@Date``.  Utterances of a file without it are counted in ``"utterances
without age"`` (the files in ``"files without the target child's age"``, the
first in ``report.examples``).  With several ``Target_Child`` participants
(twins, siblings), each child's utterances carry its own age and everyone
else's the first child's (counted in ``"files with several target children
(each child's age its own)"``).

Utterances without words (``0 .``, ``&hmm ?``, ``xxx .``) are dropped or kept
empty (``empty``).  Spoken words that ``%mor`` marks as omitted (``I going
[?] come`` with ``0part|going``, adam19 line 30) are kept, counted in
``spoken_words_marked_omitted``.  Omitted words (``0is``, ``%mor`` ``0aux|is``)
were not spoken: by default (``omitted="drop"``) they are removed after
alignment and their dependents re-attached to their head (counted in
``omitted_words``); ``omitted="keep"`` keeps them, form ``0is``, POS without
the ``0``.

Faults of the file itself are counted with their file:line under
``on_error="skip"`` (and raise under ``"fail"``): no ``@End`` (a transcript
cut short), anything after ``@End`` (not read: utterances in
``report.skipped``), an utterance whose speaker ``@Participants`` does not
declare or whose code is not upper case (``*chi:``; left out, in
``report.skipped``), an ``@ID``/``@Age of`` age that is no age (``2;13.26``,
``two``; the utterances then have no age; ``Y;``, ``Y;M.`` and ranges ``A - B``
are ages), an utterance over the size limit ``max_record_bytes`` (left out), a
NUL byte (the whole file).  Line ends may be CR alone (classic Mac OS CLAN).
The manual writes ``Y;M.`` (``Y;``) when the days (months) are unknown: the
target child's ``age_days`` is then the first day of that month (year), a lower
bound, and the file is counted in ``report.counts[AGE_WITHOUT_DAYS]`` with its
age text in ``report.examples``.

Misaligned tiers never drop an utterance silently.  A ``%mor`` or ``%gra``
tier that cannot be aligned, lacks its tab or appears twice, a ``%gra`` tier without
``%mor``, or a dependent tier whose
name is not lower case or lacks its colon (``%MOR:``, ``%mor``)
(:data:`TIER_ERRORS`) raises :class:`~induceval.errors.CorpusFormatError`
(file and line of its utterance) under ``on_error="fail"``, and is counted
with its first file:line in ``report.examples`` under ``"skip"``.  When the
cleaned main tier and ``%mor`` disagree in length (or in where the
punctuation falls), the utterance keeps its main-tier words, tags and heads
missing (``unaligned_mor``); a ``%gra`` (``%xgrt``) tier whose items do not
number the tokens 1..n, or whose heads point outside the utterance, leaves
the heads missing (``unaligned_gra``, ``unaligned_xgrt``; aligned ones count
in ``aligned_gra``, ``aligned_xgrt``).  A dependency tier that leaves out the
``‡``/``„`` markers (Eve's ``%xgrt``, eve06's ``%gra``) is realigned over the
other tokens, the markers getting no head (``xgrt_without_markers``,
``gra_without_markers``); one that gives each ``xxx``/``www`` a token (also
Eve's ``%xgrt``) is realigned by removing those tokens and re-attaching their
dependents to their head (``xgrt_with_unintelligible``).

Structural problems (no ``@Begin``, invalid UTF-8, a line that is neither
header, utterance, dependent tier nor tab continuation, a dependent tier
before any utterance) raise the error with file, line and text, or are
counted (``missing_begin``, ``bad_utf8_files``, ``bad_lines``,
``orphan_tiers``).  Each distinct utterance body is analysed once.

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

import os
from array import array
from collections import defaultdict
from collections.abc import Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import NamedTuple

import numpy as np

from induceval import parallel
from induceval.corpus.model import AGE_CONVENTIONS, Column, Corpus, ReadReport, Vocabulary, concat
from induceval.corpus.readers._chat_file import (
    AGE_WITHOUT_DAYS,
    MAX_UTTERANCE_CHARS,
    _document,
    _file_units,
    _FileState,
    _meta,
    _utterance_language,
    parse_age,
)
from induceval.corpus.readers._chat_main import PUNCT_WORDS
from induceval.corpus.readers._chat_tiers import _analyse, _Caches, split_clitic_form
from induceval.errors import CorpusFormatError, check_choice, check_range

__all__ = ["read", "iter_utterances", "iter_sentences", "ChatUtterance", "parse_age",
           "split_clitic_form", "SPOKEN_WORDS", "AGE_WITHOUT_DAYS"]


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


def iter_utterances(path: str | os.PathLike, *, split_clitics: bool = True,
                    omitted: str = "drop", empty: str = "drop", ages: str = "days",
                    on_error: str = "fail", needs: Sequence[str] | None = None,
                    report: ReadReport | None = None, words: str = "mor"
                    ) -> Iterator[ChatUtterance]:
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
    omitted, empty, ages, on_error, needs, words
        As in :func:`read`.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.

    Yields
    ------
    ChatUtterance
        Each utterance's token columns, sentence columns and line number.

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "eve.cha")
    >>> lines = ["@UTF8", "@Begin", "@Participants:\\tMOT Mother, CHI Eve Target_Child",
    ...          "*MOT:\\tthe dog runs .", "%mor:\\tdet|the n|dog v|run-3S .", "@End"]
    >>> _ = open(p, "w").write("\\n".join(lines) + "\\n")
    >>> u = next(iter_utterances(p))
    >>> u.tokens["lemma"], u.meta["speaker"], u.line
    (['the', 'dog', 'run', '.'], 'MOT', 4)
    """
    _check_options(on_error, omitted, empty, ages, words)
    report = report if report is not None else ReadReport()
    unused = unused_tier_faults(needs)
    mor_cache = _Caches()
    p = Path(path)
    st, units = _file_units(p, on_error, report, ages)
    document = _document(st, p)
    for speaker, body, lineno in units:
        toks, n_unk, deltas = _analyse(body, split_clitics, omitted, mor_cache, words)
        _check_errors(deltas, on_error, report, p, lineno, body, unused)
        for k, v in deltas:
            report.counts[k] += v
        report.counts["utterances"] += 1
        if words == "spoken":
            report.count(SPOKEN_WORDS)
        if PUNCT_WORDS.issuperset(toks["form"]):  # no words
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


def _check_options(on_error: str, omitted: str, empty: str, ages: str, words: str) -> None:
    check_choice("on_error", on_error, ("fail", "skip"))
    check_choice("words", words, ("mor", "spoken"))
    check_choice("omitted", omitted, ("drop", "keep"))
    check_choice("empty", empty, ("drop", "keep"))
    check_choice("ages", ages, AGE_CONVENTIONS)


_TOKEN_COLS = ("form", "lemma", "xpos", "head", "deprel", "head@xgrt", "deprel@xgrt")
_SENT_COLS = ("sent_id", "speaker", "role", "age_days", "document", "language",
              "unintelligible")


#: Report counts that are errors in the transcript: raised under
#: ``on_error="fail"``, counted with their first file:line under ``"skip"``.
TIER_ERRORS = {
    "unaligned_mor": "the %mor tier cannot be aligned with the main tier",
    "unaligned_gra": "the %gra tier does not number the %mor tokens 1..n with heads inside "
                     "the utterance",
    "duplicate_mor": "a second %mor tier in one utterance",
    "duplicate_gra": "a second %gra tier in one utterance",
    "mor_without_tab": "no tab after '%mor:'",
    "gra_without_tab": "no tab after '%gra:'",
    "bad_tier_name": "a dependent tier whose name is not '%', lower-case letters and ':' "
                     "(e.g. '%MOR:', or '%mor' without its colon): its tier is not read",
    "gra_without_mor": "a %gra tier without the %mor tier whose items it numbers: its heads "
                       "are not read",
}
#: Report key of the utterances without words.
NO_WORDS = "utterances without words"
#: Report key of the utterances read as the words said (``words="spoken"``): a corpus read
#: so names the choice in its report.
SPOKEN_WORDS = "utterances read as the words said (words='spoken')"


#: The token columns each tier gives (%gra's and %xgrt's items number %mor's tokens).
TIER_COLUMNS = {"mor": frozenset({"lemma", "xpos", "cpos", "head", "deprel", "head@xgrt",
                                  "deprel@xgrt"}),
                "gra": frozenset({"head", "deprel"})}


def unused_tier_faults(needs: Sequence[str] | None) -> frozenset:
    """The :data:`TIER_ERRORS` of tiers that give none of the columns ``needs`` (``None``:
    all): a read that needs only those columns counts such a fault instead of failing.

    Example
    -------
    >>> sorted(unused_tier_faults(["form", "xpos"]))
    ['duplicate_gra', 'gra_without_mor', 'gra_without_tab', 'unaligned_gra']
    """
    if needs is None:
        return frozenset()
    needed = set(needs)
    return frozenset(k for k in TIER_ERRORS if ("mor" in k or "gra" in k)
                     and not needed & TIER_COLUMNS["gra" if "gra" in k else "mor"])


def _check_errors(deltas: tuple, on_error: str, report: ReadReport, path: Path, line: int,
                  body: str, unused: frozenset = frozenset()) -> None:
    for k, _ in deltas:
        message = TIER_ERRORS.get(k)
        if message is None:
            continue
        if on_error == "fail" and k not in unused:
            tier = {"unaligned_mor": "%mor", "unaligned_gra": "%gra",
                    "gra_without_mor": "%gra"}.get(k)
            text = next((x for x in body.split("\n") if tier and x.startswith(tier + ":")),
                        body.split("\n", 1)[0])
            raise CorpusFormatError(f"{message} (in the utterance that starts on this line; "
                                    "on_error='skip' keeps its words and counts it)",
                                    path=str(path), line=line, text=text.strip())
        report.examples.setdefault(k, f"{path}:{line}")


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
            out.extend(map(self.vocabs.setdefault(k, _VocabDict()).__getitem__, vals))
        self.n_flat += self.n_buf
        for out in self.flat.values():
            if len(out) < self.n_flat:
                out.extend(array("i", [-1]) * (self.n_flat - len(out)))
        self.buf, self.n_buf = {}, 0


def _read_files(files: Sequence[Path], on_error: str, split_clitics: bool, omitted: str,
                name: str, empty: str = "drop", ages: str = "days",
                unused: frozenset = frozenset(), words: str = "mor",
                max_record_bytes: int = MAX_UTTERANCE_CHARS) -> Corpus:
    """Read files into a corpus (see :class:`_Reading`)."""
    report = ReadReport()
    reading = _Reading(on_error, split_clitics, omitted, empty == "keep", report, unused, words)
    for path in files:
        report.files.append(str(path))
        try:
            st, units = _file_units(path, on_error, report, ages, max_record_bytes)
        except CorpusFormatError as exc:
            if on_error == "fail":
                raise
            report.skip("broken_file", str(exc))
            continue
        reading.add_file(path, st, units)
    return reading.corpus(name)


class _Reading:
    """A corpus read file by file.

    Each distinct utterance body (main tier + dependent tiers) is analysed
    once and its columns are encoded once (:class:`_Encoder`); an utterance
    is the id of its body and the id of its sentence metadata row (speaker,
    role, age, document, language); the columns are gathered with numpy.
    """

    def __init__(self, on_error: str, split_clitics: bool, omitted: str, keep_empty: bool,
                 report: ReadReport, unused: frozenset = frozenset(), words: str = "mor"
                 ) -> None:
        self.on_error, self.split_clitics, self.omitted = on_error, split_clitics, omitted
        self.keep_empty, self.report, self.unused, self.words = keep_empty, report, unused, words
        self.mor_cache = _Caches()
        self.uid_of: dict[str, int] = {}
        self.enc = _Encoder()
        self.u_len = array("i")
        self.u_unk, self.u_empty = bytearray(), bytearray()  # per distinct utterance
        self.u_deltas: list[tuple] = []
        self.seq = array("i")  # distinct-utterance id of each utterance
        self.seq_meta, self.lines = array("i"), array("i")  # its metadata row, its line
        self.dropped = array("i")  # distinct-utterance ids of the utterances dropped (no words)
        self.meta_rows: list[tuple] = []
        self.n_utt = self.n_empty = self.n_undated = 0

    def add_file(self, path: Path, st: _FileState, units: list[tuple[str, str, int]]) -> None:
        """Add the utterances of one file."""
        report = self.report
        self.n_utt += len(units)
        speakers, bodies, ulines = (list(col) for col in zip(*units)) if units else ([], [], [])
        uids = self._uids(bodies, ulines, path)
        flags = bytes(map(self.u_empty.__getitem__, uids))
        if 1 in flags:
            self.n_empty += flags.count(1)
            report.examples.setdefault(NO_WORDS, f"{path}:{ulines[flags.index(1)]}")
            if not self.keep_empty:
                self.dropped.extend([u for u, f in zip(uids, flags) if f])
                speakers, bodies, ulines, uids = ([x for x, f in zip(col, flags) if not f]
                                                  for col in (speakers, bodies, ulines, uids))
        self.seq_meta.extend(self._meta_ids(st, _document(st, path), speakers, bodies))
        self.seq.extend(uids)
        self.lines.extend(ulines)
        self.enc.flush()
        if st.age is None and uids:
            self.n_undated += len(uids)
            report.examples.setdefault("utterances without age", f"{path}")
            report.count("files without the target child's age")
        if st.target is not None and st.target_role != "Target_Child":
            report.count(f"target child by role {st.target_role or '(none)'!r} (files)")
        if st.child_ages:
            report.count("files with several target children (each child's age its own)")

    def _uids(self, bodies: list[str], ulines: list[int], path: Path) -> list[int]:
        """The distinct-utterance id of each body; new bodies are analysed and encoded."""
        uids = list(map(self.uid_of.get, bodies))
        if None not in uids:
            return uids
        for j, uid in enumerate(uids):
            if uid is not None:
                continue
            body = bodies[j]
            uid = self.uid_of.get(body)
            if uid is None:
                uid = self.uid_of[body] = len(self.u_len)
                toks, n_unk, deltas = _analyse(body, self.split_clitics, self.omitted,
                                               self.mor_cache, self.words)
                _check_errors(deltas, self.on_error, self.report, path, ulines[j], body,
                              self.unused)
                words = not PUNCT_WORDS.issuperset(toks["form"])
                if not words and self.keep_empty:
                    toks = {k: [] for k in toks}
                self.enc.add(toks)
                self.u_len.append(len(toks["form"]))
                self.u_unk.append(bool(n_unk))
                self.u_empty.append(not words)
                self.u_deltas.append(deltas)
            uids[j] = uid
        return uids

    def _meta_ids(self, st: _FileState, document: str, speakers: list[str],
                  bodies: list[str]) -> list[int]:
        """The metadata row of each utterance (rows are added by speaker and language)."""
        keys: list = speakers
        if any("[- " in b for b in bodies):
            keys = [(sp, lang) if (lang := _utterance_language(b)) is not None else sp
                    for sp, b in zip(speakers, bodies)]
        meta_of: dict = {}
        for key in dict.fromkeys(keys):  # first-appearance order
            sp, lang = key if isinstance(key, tuple) else (key, None)
            mt = _meta(st, document, sp, 0, lang)
            meta_of[key] = len(self.meta_rows)
            self.meta_rows.append((sp, mt["role"], mt["age_days"], document, mt["language"]))
        return list(map(meta_of.__getitem__, keys))

    def corpus(self, name: str) -> Corpus:
        """The corpus of the files added."""
        seq = np.frombuffer(self.seq, dtype=np.int32).astype(np.int64)
        ulen = np.frombuffer(self.u_len, dtype=np.int32).astype(np.int64)
        ustart = np.zeros(len(ulen) + 1, dtype=np.int64)
        np.cumsum(ulen, out=ustart[1:])
        lengths = ulen[seq] if len(seq) else np.zeros(0, dtype=np.int64)
        offsets = np.zeros(len(seq) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        n_tok = int(offsets[-1])
        idx = (np.repeat(ustart[:-1][seq] - offsets[:-1], lengths)
               + np.arange(n_tok, dtype=np.int64)) if n_tok else np.zeros(0, dtype=np.int64)
        self._count(seq, len(ulen), n_tok)
        return Corpus(offsets=offsets, tokens=self._token_columns(idx),
                      sentences=self._sentence_columns(seq), report=self.report, name=name)

    def _count(self, seq: np.ndarray, n_distinct: int, n_tok: int) -> None:
        """Each distinct utterance's report counts times its occurrences, and the totals."""
        report = self.report
        all_uids = np.concatenate((seq, np.frombuffer(self.dropped, dtype=np.int32)))
        occurrences = np.bincount(all_uids, minlength=n_distinct).tolist() if n_distinct else []
        by_deltas: defaultdict = defaultdict(int)
        for deltas, occ in zip(self.u_deltas, occurrences):
            if deltas and occ:
                by_deltas[deltas] += occ
        for deltas, occ in by_deltas.items():
            for k, v in deltas:
                report.counts[k] += v * occ
        report.count("utterances", self.n_utt)
        if self.words == "spoken" and self.n_utt:
            report.count(SPOKEN_WORDS, self.n_utt)
        if self.n_empty:
            if self.keep_empty:
                report.count(NO_WORDS + " (kept as empty sentences)", self.n_empty)
            else:
                report.skip(NO_WORDS, report.examples.get(NO_WORDS, ""), self.n_empty)
        if self.n_undated:
            report.count("utterances without age", self.n_undated)
        report.count("tokens", n_tok)

    def _token_columns(self, idx: np.ndarray) -> dict[str, Column]:
        """The token columns (the encoded columns gathered by ``idx``), and ``cpos``."""
        enc = self.enc
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
        return tokens

    def _sentence_columns(self, seq: np.ndarray) -> dict[str, Column]:
        """The sentence columns, from the metadata rows and the distinct utterances."""
        rows = self.meta_rows
        meta_idx = np.frombuffer(self.seq_meta, dtype=np.int32)
        sentences: dict[str, Column] = {}
        for j, k in enumerate(("speaker", "role", "age_days", "document", "language")):
            vocab = None if k == "age_days" else Vocabulary()
            values = [-1 if r[2] is None else r[2] for r in rows] if vocab is None else \
                vocab.encode([r[j] for r in rows])
            table = np.append(np.asarray(values, dtype=np.int32), -1).astype(np.int32)
            sentences[k] = Column(table[meta_idx] if len(meta_idx) else table[:0], vocab)
        docs = [r[3] for r in rows]
        sid_vocab = Vocabulary()
        sentences["sent_id"] = Column(sid_vocab.encode(
            [f"{docs[m]}:{ln}" for m, ln in zip(self.seq_meta, self.lines)]), sid_vocab)
        unk = np.frombuffer(bytes(self.u_unk), dtype=np.uint8).astype(np.int32)
        sentences["unintelligible"] = Column(unk[seq] if len(seq) else unk[:0],
                                             Vocabulary(["no", "yes"]))
        return {k: sentences[k] for k in _SENT_COLS}


def read(files: str | os.PathLike | Sequence[str | os.PathLike], *, on_error: str = "fail",
         split_clitics: bool = True, omitted: str = "drop", empty: str = "drop",
         ages: str = "days", jobs: int | None = None, name: str = "",
         needs: Sequence[str] | None = None, words: str = "mor",
         max_record_bytes: int = MAX_UTTERANCE_CHARS) -> Corpus:
    """Read CHAT files into a :class:`~induceval.corpus.model.Corpus`.

    Parameters
    ----------
    files
        ``.cha`` files, or directories (searched recursively for ``.cha``).
    on_error
        ``"fail"`` (default) raises :class:`~induceval.errors.CorpusFormatError`
        on a structurally broken file or a tier error (:data:`TIER_ERRORS`);
        ``"skip"`` counts a tier error (see the module docstring), keeping the
        utterance's words, and a broken file in ``report.skipped["broken_file"]``.
    split_clitics
        As in :func:`iter_utterances`.
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
    needs
        The token columns the caller uses (``None``: all).  A fault in a
        tier that gives none of them (``%gra`` for ``["form", "xpos"]``;
        ``%mor`` and ``%gra`` for ``["form"]``, see :data:`TIER_COLUMNS`) is
        counted with its file:line and never raised: the words are read as
        under ``on_error="skip"``.
    words
        ``"mor"`` (default): the tokens ``%mor`` analyses, for tag and dependency
        evaluation (clitics split, ``wanna`` -> ``wanna`` ``to``; a replacement ``word
        [: target]`` gives its target).  ``"spoken"``: the words the speaker said, for
        word-level uses (word order, n-grams, vocabularies): one token a main-tier word
        as written (``wanna``, ``gimme``, ``goed [: went]`` -> ``goed``), cleaned of
        markup as in ``"mor"``, only the ``form`` column; every utterance is counted in
        ``report.counts[SPOKEN_WORDS]``, which names the choice.
    max_record_bytes
        The longest utterance read, with its tiers, in characters (default
        :data:`~induceval.corpus.readers._chat_file.MAX_UTTERANCE_CHARS`): a
        longer one is an error naming this limit (left out and counted under
        ``on_error="skip"``).

    Returns
    -------
    Corpus
        Columns and report counts as described in the module docstring, and
        ``report.counts["utterances"]`` (every utterance line read), ``tokens``,
        ``utterances_without_mor`` (kept, untagged; their punctuation is told by
        its form).

    Example
    -------
    >>> import os, tempfile
    >>> p = os.path.join(tempfile.mkdtemp(), "eve.cha")
    >>> lines = ["@UTF8", "@Begin", "@Participants:\\tMOT Mother, CHI Eve Target_Child",
    ...          "*MOT:\\tthe dog runs .", "%mor:\\tdet|the n|dog v|run-3S .", "@End"]
    >>> _ = open(p, "w").write("\\n".join(lines) + "\\n")
    >>> c = read(p)
    >>> c.n_sentences, c.sentence(0).strings("form"), c.sentence(0).strings("xpos")
    (1, ['the', 'dog', 'runs', '.'], ['det', 'n', 'v', '.'])
    """
    _check_options(on_error, omitted, empty, ages, words)
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
                         omitted=omitted, name=name, empty=empty, ages=ages,
                         unused=unused_tier_faults(needs), words=words,
                         max_record_bytes=max_record_bytes)
    if jobs > 1 and len(paths) > 1:
        chunks = _chunks(paths, min(jobs, len(paths)))
        spec = parallel.ExecutorSpec(engine="local", jobs=len(chunks))
        return concat(parallel.map(read_chunk, chunks, executor=spec, name="read-chat"),
                      name=name)
    return read_chunk(paths)


def _chunks(paths: list[Path], k: int) -> list[list[Path]]:
    """``k`` contiguous chunks of about equal bytes."""
    sizes = [parallel.path_size(p) for p in paths]
    total = sum(sizes) or 1
    out: list[list[Path]] = [[] for _ in range(k)]
    acc = 0
    for p, size in zip(paths, sizes):
        i = min(k - 1, int(k * (acc + size / 2) / total))
        out[i].append(p)
        acc += size
    return [c for c in out if c]
