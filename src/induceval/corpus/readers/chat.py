"""Reader for CHILDES CHAT files (``.cha``), old and new conventions.

One utterance (``*SPK:`` line) becomes one sentence of the corpus.

Token stream
------------
When the utterance has a ``%mor`` tier, the tokens are the ``%mor`` items, with
clitics split into separate tokens (``pro|it~aux|be&3S`` gives two tokens),
because that is how ``%gra`` indexes them; punctuation items (``.``, ``?``,
``+...``, ``cm|cm`` for a comma, ``beg|beg``/``end|end`` for ``‡``/``„``) are
tokens too.  Forms come from the cleaned main tier (see
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
Token columns: ``form``; ``lemma`` (the ``%mor`` stem without affixes,
``go&PERF`` -> ``go``; compounds ``n|+n|graham+n|cracker`` -> ``graham+cracker``);
``xpos`` (the full ``%mor`` POS, e.g. ``pro:sub``; punctuation items keep
their text, e.g. ``.`` or ``cm``); ``cpos`` (``xpos`` up to the first ``:``);
``head``/``deprel`` from ``%gra``; ``head@xgrt``/``deprel@xgrt`` from a
hand-corrected ``%xgrt`` tier (``%grt`` in older files; Eve).

Sentence columns: ``sent_id`` (``document:line``), ``speaker`` (``MOT``,
``CHI`` ...), ``role`` (from ``@ID``, else ``@Participants``: ``Target_Child``,
``Mother`` ...), ``age_days`` (the target child's age in that file, from its
``@ID`` line, ``years*365 + months*31 + days``; ``-1`` when the file has no
target child), ``document`` (``<corpus>/<file stem>`` with the corpus name
from the ``@ID`` line, lower-cased, e.g. ``manchester/becky01a``,
``brown/eve01``), ``language`` (the speaker's ``@ID`` language, else the first
of ``@Languages``), ``unintelligible`` (``"yes"`` when the main tier holds
``xxx``, ``yyy`` or ``www``, even retraced, else ``"no"``; those markers are
not tokens because ``%mor`` does not analyse them).

Misaligned tiers never drop an utterance: when the cleaned main tier and
``%mor`` disagree in length (or in where the punctuation falls), the
utterance keeps its main-tier words with tags and heads missing and is
counted in ``report.counts["unaligned_mor"]``; a ``%gra`` (``%xgrt``) tier
whose items do not number the tokens 1..n, or whose heads point outside the
utterance, leaves the heads missing and is counted in ``unaligned_gra``
(``unaligned_xgrt``).

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
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np

from induceval.corpus.model import Column, Corpus, ReadReport, Vocabulary, age_in_days, concat
from induceval.corpus.readers._chat_main import OMITTED, PUNCT, QUOTES, clean_main_tier
from induceval.errors import CorpusFormatError, check_choice, check_range

__all__ = ["read", "iter_utterances", "ChatUtterance", "parse_age", "split_clitic_form"]

_AGE = re.compile(r"\s*(\d+);(\d*)\.?(\d*)")
_AFFIX = re.compile(r"[-&=]")
#: ``%mor`` items that are punctuation, besides those without a ``|``
_MOR_PUNCT = frozenset({"cm|cm", "beg|beg", "end|end", "bq|bq", "eq|eq"})
_XGRT_TIERS = ("%xgrt", "%grt")


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


def parse_age(text: str) -> int | None:
    """Age in days from a CHAT age ``Y;M.D`` (missing parts count 0).

    Example
    -------
    >>> parse_age("2;0.07"), parse_age("1;6."), parse_age("39;"), parse_age("")
    (737, 551, 14235, None)
    """
    m = _AGE.match(text)
    if m is None:
        return None
    y, mo, d = m.groups()
    return age_in_days(int(y), int(mo or 0), int(d or 0))


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
    kind = 0
    if pos[:1] == "0" and len(pos) > 1:
        pos = pos[1:]
        kind = OMITTED
    if rest[:1] == "+":  # compound: +n|graham+n|cracker
        comps = [c.partition("|")[2] or c for c in rest[1:].split("+")]
        lemma = "+".join(_AFFIX.split(c, 1)[0] for c in comps)
    else:
        lemma = _AFFIX.split(rest, 1)[0]
    return pos, lemma or rest, kind


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
    __slots__ = ("roles", "langs", "id_langs", "age", "corpus", "begun")

    def __init__(self) -> None:
        self.roles: dict[str, str] = {}
        self.langs: list[str] = []
        self.id_langs: dict[str, str] = {}
        self.age: int | None = None
        self.corpus: str | None = None
        self.begun = False


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
            if role == "Target_Child" and st.age is None:
                st.age = parse_age(f[3])
    elif head == "@Languages":
        st.langs = [x for x in re.split(r"[,\s]+", value) if x]


def _logical_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, line) with tab-continuation lines joined."""
    if "\n\t" not in text:
        for i, ln in enumerate(text.split("\n"), 1):
            yield i, ln
        return
    lines = text.split("\n")
    n = len(lines)
    i = 0
    while i < n:
        ln = lines[i]
        j = i + 1
        if j < n and lines[j][:1] == "\t":
            buf = [ln]
            while j < n and lines[j][:1] == "\t":
                buf.append(lines[j][1:])
                j += 1
            ln = " ".join(buf)
        yield i + 1, ln
        i = j


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
                    omitted: str = "drop", on_error: str = "fail",
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
    on_error
        ``"fail"`` raises :class:`~induceval.errors.CorpusFormatError` on a
        structurally broken file (no ``@Begin`` before the first utterance,
        invalid UTF-8, a line that is neither header, utterance, dependent
        tier nor continuation); ``"skip"`` counts the problem and goes on.
    report
        A :class:`~induceval.corpus.model.ReadReport` to count into.

    Yields
    ------
    ChatUtterance
    """
    check_choice("omitted", omitted, ("drop", "keep"))
    check_choice("on_error", on_error, ("fail", "skip"))
    report = report if report is not None else ReadReport()
    cache = _new_cache()
    for hit, speaker, lineno, st, document in _iter_raw(Path(path), split_clitics, omitted,
                                                       on_error, report, cache):
        meta = _meta(st, document, speaker, lineno)
        meta["unintelligible"] = "yes" if hit[1] else "no"
        yield ChatUtterance({k: list(v) for k, v in hit[0].items()}, meta, lineno)


def _new_cache() -> dict:
    return {"main": {}, "mor": {}, "utt": {}}


def _meta(st: _FileState, document: str | None, speaker: str, lineno: int) -> dict:
    return {
        "sent_id": f"{document}:{lineno}",
        "speaker": speaker,
        "role": st.roles.get(speaker),
        "age_days": st.age,
        "document": document,
        "language": st.id_langs.get(speaker) or (st.langs[0] if st.langs else None),
    }


def _iter_raw(path: Path, split_clitics: bool, omitted: str, on_error: str,
              report: ReadReport, cache: dict) -> Iterator[tuple]:
    """Yield ``(hit, speaker, line, file_state, document)`` per utterance, where
    ``hit = [tokens, n_unintelligible, count_deltas, slot]`` may be shared
    between identical utterances (read-only; ``slot`` is free for the caller)."""
    text = _decode(path, on_error, report)
    st = _FileState()
    document = None
    pending: tuple[int, str, str] | None = None
    tiers: dict[str, str] = {}
    counts = report.counts
    for lineno, line in _logical_lines(text):
        c = line[:1]
        if c == "%":
            if pending is None:
                if on_error == "fail":
                    raise CorpusFormatError("dependent tier before any utterance",
                                            path=str(path), line=lineno, text=line)
                counts["orphan_tiers"] += 1
                continue
            name, _, value = line.partition(":")
            tiers[name] = value
            continue
        if pending is not None:
            yield (_utterance(pending[2], tiers, split_clitics, omitted, counts, cache),
                   pending[1], pending[0], st, document)
            pending = None
            tiers = {}
        if c == "*":
            if not st.begun:
                if on_error == "fail":
                    raise CorpusFormatError("utterance before @Begin", path=str(path),
                                            line=lineno, text=line)
                counts["missing_begin"] += 1
                st.begun = True
            if document is None:
                document = f"{st.corpus or path.parent.name}/{path.stem}"
            colon = line.find(":")
            if colon < 0:
                if on_error == "fail":
                    raise CorpusFormatError("utterance line without ':'", path=str(path),
                                            line=lineno, text=line)
                report.skip("malformed_utterance_line", f"{path}:{lineno}")
                continue
            pending = (lineno, line[1:colon].strip(), line[colon + 1:])
        elif c == "@":
            _header(line, st)
        elif line.strip():
            if on_error == "fail":
                raise CorpusFormatError(
                    "expected a header (@), an utterance (*), a dependent tier (%) "
                    "or a tab-indented continuation", path=str(path), line=lineno, text=line)
            counts["bad_lines"] += 1
    if pending is not None:
        yield (_utterance(pending[2], tiers, split_clitics, omitted, counts, cache),
               pending[1], pending[0], st, document)
    if not st.begun:
        if on_error == "fail":
            raise CorpusFormatError("no @Begin line: not a CHAT file", path=str(path), line=1,
                                    text=text[:80])
        counts["missing_begin"] += 1


def _utterance(main: str, tiers: dict, split_clitics: bool, omitted: str, counts,
               cache: dict) -> list:
    key = (main, tiers.get("%mor"), tiers.get("%gra"), tiers.get("%xgrt"), tiers.get("%grt"))
    ucache = cache["utt"]
    hit = ucache.get(key)
    if hit is None:
        deltas: Counter = Counter()
        toks, n_unk = _tokens(main, tiers, split_clitics, omitted, deltas, cache)
        hit = [toks, n_unk, tuple(deltas.items()), None]
        if len(ucache) < 300_000:
            ucache[key] = hit
    for k, v in hit[2]:
        counts[k] += v
    return hit


def _tokens(main: str, tiers: dict, split_clitics: bool, omitted: str, counts, cache
            ) -> tuple[dict, int]:
    """The token columns of one utterance and its number of unintelligible markers."""
    main_cache = cache["main"]
    hit = main_cache.get(main)
    if hit is None:
        hit = clean_main_tier(main)
        if len(main_cache) < 200_000:
            main_cache[main] = hit
    items, n_unk, _ = hit
    n = len(items)
    mor_text = tiers.get("%mor")
    forms: list
    tokens: dict
    if mor_text is None:
        forms = [f for k, f in items if k != OMITTED] if omitted == "drop" else \
            [("0" + f if k == OMITTED else f) for k, f in items]
        if omitted == "drop" and len(forms) != n:
            counts["omitted_words"] += n - len(forms)
        return {"form": forms}, n_unk
    mor_items = mor_text.split()
    groups = []
    mor_cache = cache["mor"]
    for it in mor_items:
        g = mor_cache.get(it)
        if g is None:
            g = mor_cache[it] = _parse_mor_item(it)
        groups.append(g)
    if len(groups) != n and any(f in QUOTES for _, f in items):
        items = [it for it in items if it[1] not in QUOTES]  # older %mor: no bq|bq/eq|eq
        n = len(items)
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
                kinds.append(kind if kind == OMITTED else p[2])
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
                kinds.append(OMITTED if kind == OMITTED else p[2])
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
        parsed = _parse_gra(tier_text, n_tok)
        if parsed is None and suffix and ("beg" in xpos or "end" in xpos):
            parsed = _parse_gra_without(tier_text, xpos, ("beg", "end"))
            if parsed is not None:
                counts["xgrt_without_markers"] += 1
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


def _read_files(files: Sequence[Path], on_error: str, split_clitics: bool, omitted: str,
                name: str) -> Corpus:
    report = ReadReport()
    vocabs: dict[str, dict] = {}
    acc: dict[str, list] = {"form": []}
    sent: dict[str, list] = {k: [] for k in _SENT_COLS}
    lengths: list[int] = []
    cache = _new_cache()
    n_tok = 0
    for path in files:
        report.files.append(str(path))
        meta_cache: dict[str, tuple] = {}
        try:
            for hit, speaker, lineno, st, document in _iter_raw(
                    path, split_clitics, omitted, on_error, report, cache):
                enc = hit[3]
                if enc is None:
                    enc = {}
                    for k, v in hit[0].items():
                        if k[:4] == "head":
                            enc[k] = v
                        else:
                            d = vocabs.get(k)
                            if d is None:
                                d = vocabs[k] = {None: -1}
                            get = d.get
                            ids = [get(x) for x in v]
                            if None in ids:
                                for j, i in enumerate(ids):
                                    if i is None:
                                        x = v[j]
                                        i = ids[j] = d.get(x)
                                        if i is None:
                                            i = ids[j] = d[x] = len(d) - 1
                            enc[k] = ids
                    hit[3] = enc
                n = len(enc["form"])
                for k, v in enc.items():
                    col = acc.get(k)
                    if col is None:
                        col = acc[k] = [-1] * n_tok
                    col.extend(v)
                if len(enc) != len(acc):
                    for k, col in acc.items():
                        if k not in enc:
                            col.extend([-1] * n)
                m = meta_cache.get(speaker)
                if m is None:
                    mt = _meta(st, document, speaker, 0)
                    m = meta_cache[speaker] = (speaker, mt["role"], st.age, document,
                                               mt["language"])
                sent["sent_id"].append(f"{document}:{lineno}")
                sent["speaker"].append(m[0])
                sent["role"].append(m[1])
                sent["age_days"].append(m[2])
                sent["document"].append(m[3])
                sent["language"].append(m[4])
                sent["unintelligible"].append("yes" if hit[1] else "no")
                lengths.append(n)
                n_tok += n
        except CorpusFormatError as exc:
            if on_error == "fail":
                raise
            report.skip("broken_file", str(exc))
    report.count("utterances", len(lengths))
    report.count("tokens", n_tok)
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    tokens: dict[str, Column] = {}
    for k in _TOKEN_COLS:
        vals = acc.pop(k, None)
        if vals is None:
            if k == "form":
                tokens[k] = Column(np.zeros(0, dtype=np.int32), Vocabulary())
            continue
        arr = np.asarray(vals, dtype=np.int32)
        if k[:4] == "head":
            if k != "head" and not (arr >= 0).any():
                continue
            tokens[k] = Column(arr)
        else:
            items = list(vocabs.get(k, {None: -1}))[1:]
            tokens[k] = Column(arr, Vocabulary(items))
    if "deprel@xgrt" in tokens and "head@xgrt" not in tokens:
        del tokens["deprel@xgrt"]
    if "xpos" in tokens:
        xv = tokens["xpos"].vocab
        assert xv is not None
        cv = Vocabulary()
        table = np.append(cv.encode([x.split(":")[0] for x in xv.items]), -1).astype(np.int32)
        tokens["cpos"] = Column(table[tokens["xpos"].values], cv)
    sentences: dict[str, Column] = {}
    for k in _SENT_COLS:
        vals = sent[k]
        if k == "age_days":
            sentences[k] = Column(np.asarray([-1 if v is None else v for v in vals],
                                             dtype=np.int32))
        else:
            vocab = Vocabulary()
            sentences[k] = Column(vocab.encode(vals), vocab)
    return Corpus(offsets=offsets, tokens=tokens, sentences=sentences, report=report, name=name)


def read(files: str | os.PathLike | Sequence[str | os.PathLike], *, on_error: str = "fail",
         split_clitics: bool = True, omitted: str = "drop", jobs: int = 1,
         name: str = "") -> Corpus:
    """Read CHAT files into a :class:`~induceval.corpus.model.Corpus`.

    Parameters
    ----------
    files
        ``.cha`` files, or directories (searched recursively for ``.cha``).
    on_error
        ``"fail"`` or ``"skip"`` (see :func:`iter_utterances`; in ``"skip"``
        mode a broken file is counted in ``report.skipped["broken_file"]``).
    split_clitics
        Split ``%mor`` clitics into separate tokens (default ``True``).
    omitted
        ``"drop"`` (default) or ``"keep"`` omitted words ``0word``.
    jobs
        Number of processes (files are split into ``jobs`` chunks).
    name
        Corpus label (default: the first path).

    Returns
    -------
    Corpus
        Columns as described in the module docstring; ``report.counts`` has
        ``utterances``, ``tokens``, ``unaligned_mor``, ``unaligned_gra``,
        ``aligned_gra``, ``unaligned_xgrt``, ``aligned_xgrt``,
        ``omitted_words``, ``clitic_form_from_mor``.
    """
    check_choice("on_error", on_error, ("fail", "skip"))
    check_choice("omitted", omitted, ("drop", "keep"))
    check_range("jobs", jobs, 1)
    if isinstance(files, (str, os.PathLike)):
        files = [files]
    paths: list[Path] = []
    for f in map(Path, files):
        if f.is_dir():
            paths.extend(sorted(p for p in f.rglob("*.cha") if p.is_file()))
        else:
            paths.append(f)
    name = name or (str(files[0]) if files else "")
    if jobs > 1 and len(paths) > 1:
        from concurrent.futures import ProcessPoolExecutor

        k = min(jobs, len(paths))
        size = -(-len(paths) // k)
        chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
        with ProcessPoolExecutor(max_workers=k) as ex:
            parts = list(ex.map(_read_files, chunks, [on_error] * len(chunks),
                                [split_clitics] * len(chunks), [omitted] * len(chunks),
                                [name] * len(chunks)))
        return concat(parts, name=name)
    return _read_files(paths, on_error, split_clitics, omitted, name)
