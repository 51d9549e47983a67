"""Cleaning of a CHAT main tier into the words that ``%mor`` analyses.

Private helper of :mod:`induceval.corpus.readers.chat`.

:func:`clean_main_tier` turns the text of a ``*SPK:`` line into a list of
``(kind, form)`` items, in the order of the ``%mor`` tier:

- ``WORD``: a spoken word, CHAT markup removed from its form;
- ``OMITTED``: an omitted word written ``0word`` (``%mor`` analyses it as
  ``0pos|stem`` in the older files);
- ``PUNCT``: a terminator (``.``, ``?``, ``!``, ``+...``, ``+/.`` ...), a comma,
  the tag marker ``„``, the vocative marker ``‡`` or a quotation mark ``“`` ``”``
  (``%mor`` has them as items ``.``, ``cm|cm``, ``end|end``, ``beg|beg``,
  ``bq|bq``, ``eq|eq``; older files leave the quotation marks out of ``%mor``,
  and the reader then retries without them).

Everything else is left out, as MOR leaves it out: fillers and fragments
(``&um``, ``&=laughs``), pauses (``(.)``; a pause glued to the marker that
follows it, ``(.)‡`` or ``(.)„`` as in eve01 line 3275, is split from it, and a
pause is transparent to a scoped annotation: in ``no (.) [/] no .``, eve06
line 1391, the ``[/]`` retraces ``no``), retraced material (``word [/]``,
``<a b> [//]``, ``[///]``, ``[/?]``, ``[/-]``), linkers (``+<``, ``++``, ``+^``,
``+"``, ``+,``), a bare ``0`` (action without speech), unintelligible markers
(``xxx``, ``yyy``, ``www``, counted in the returned flags) and every bracketed
annotation (``[= ...]``, ``[+ IMP]``, ``[* ...]``, ``[?]``, ``[<]``, ``[x 3]``...).
A replacement ``word [: target]`` (or ``<a b> [: target]``) yields the target
words, since those are what ``%mor`` analyses; ``[:: target]`` keeps the
original.

Word forms: ``@`` markers (``doggie@c``) are cut, ``(`` ``)`` (omitted
sounds: ``(be)cause`` -> ``because``), ``:`` (lengthening), ``^`` (pauses
within a word), the repeated segments of a stuttered word (``↫b-b↫boy`` ->
``boy``), the separator ``;`` (``sheep;``) and the marks the manual puts in
or between words (:data:`_MARKS`: overlap points, arrows, stress and CA
symbols) are removed; ``+`` (compounds) and ``_`` (multi-word units) are kept.
"""

from __future__ import annotations

import re

WORD, OMITTED, PUNCT, SKIP, UNINTELLIGIBLE, REPLACED, UNINT_RETRACED = range(7)

TERMINATORS = frozenset({
    ".", "?", "!", "+...", "+..?", "+!?", "+/.", "+/?", "+//.", "+//?", '+"/.', '+".',
    "+.", "+=.", "+?", "+!"
})
PUNCT_WORDS = TERMINATORS | {",", "„", "‡", "“", "”"}
QUOTES = frozenset({"“", "”"})
UNINTELLIGIBLE_WORDS = frozenset({"xxx", "yyy", "www", "xx", "yy"})

#: The marks within or between words that are no part of a word (CHAT manual, the chapters
#: on words and on CA transcription): group delimiters, pitch, intonation and stress marks,
#: overlap points, voice-quality delimiters, segment repetition ``↫``, underline controls,
#: and the separator ``;`` (``%mor`` has no item for it: ``sheep;`` is ``n|sheep``)
_MARKS = "‹›〔〕↑↓≠∾⁑⤇∙Ἡ↻⤆⇗↗→↘⇘↖↙←∞≋≈≡⌈⌉⌊⌋°∆∇▔▁☺♋⁇∬Ϋ∮§⁎◉↫ˈˌ\x01\x02;"
# characters whose presence sends a main tier to the slow path
_SPECIAL = re.compile(f"[\\[\\]<>&()@+:^0\"“”\x15‡„{_MARKS}]")
_GLUED_COMMA = re.compile(r"\S,|,\S")
_TOKEN = re.compile(r"\+<|\[[^\[\]]*\]|[<>]|[^\s\[\]<>]+")
_TIME = re.compile("\x15[^\x15]*\x15")
_WORD_JUNK = re.compile(f"[():^\"{_MARKS}]")
#: The repeated segments of a stuttered word, ``↫b-b↫boy``: not the word
_SEGMENT_REPETITION = re.compile("↫[^↫]*↫")
_PAUSE = re.compile(r"\(\d*(?::\d*)?\.*\d*\)\Z")
_RETRACE = frozenset({"[/]", "[//]", "[///]", "[/?]", "[/-]"})
_END_PUNCT = re.compile(r"(.*?\w)([.?!,]+)\Z")
_GLUED_MARKER = re.compile(r"([‡„])")


def _clean_word(t: str) -> tuple[int, str]:
    """Classify one non-bracket token of the main tier."""
    if t in PUNCT_WORDS:
        return PUNCT, t
    c = t[0]
    if c == "&" or c == "+":
        return SKIP, t  # filler, fragment; linker (+<, ++, +^, +", +,) or unknown +code
    if c == "(" and _PAUSE.match(t):
        return SKIP, t
    kind = WORD
    if c == "0":
        if len(t) == 1:
            return SKIP, t
        kind, t = OMITTED, t[1:]
    at = t.find("@")
    if at >= 0:
        t = t[:at]
    if "↫" in t:
        t = _SEGMENT_REPETITION.sub("", t)
    t = _WORD_JUNK.sub("", t)
    if not t:
        return SKIP, t
    if t in UNINTELLIGIBLE_WORDS:
        return UNINTELLIGIBLE, t
    return kind, t


def plain_words(text: str) -> list[str] | None:
    """The words of a main tier without any CHAT markup (each word or
    punctuation item as written), else ``None``: the fast path of
    :func:`clean_main_tier`.

    Example
    -------
    >>> plain_words("do you want it ?"), plain_words("it's &um gone .")
    (['do', 'you', 'want', 'it', '?'], None)
    """
    words = text.split()
    if (_SPECIAL.search(text) is None and UNINTELLIGIBLE_WORDS.isdisjoint(words)
            and ("," not in text or _GLUED_COMMA.search(text) is None)
            and not (words and len(words[-1]) > 1 and words[-1][-1] in ".?!")):
        return words
    return None


def clean_main_tier(text: str, said: bool = False
                    ) -> tuple[list[tuple[int, str]], int, int, list[int]]:
    """Clean a main tier.

    Parameters
    ----------
    text
        The main tier after ``*SPK:``.
    said
        Keep the words said where a replacement ``word [: target]`` gives their target
        (``False``: the target, as ``%mor`` analyses it).

    Returns
    -------
    items
        ``(kind, form)`` pairs of kinds ``WORD``, ``OMITTED``, ``PUNCT``.
    n_unintelligible
        Number of ``xxx``/``yyy``/``www`` markers in the line (retraced or not).
    n_skipped
        Number of word-like items left out (fillers, pauses, retraced words...).
    unintelligible_positions
        For each ``xxx``/``yyy``/``www`` not retraced, the index in ``items``
        it precedes (some dependency tiers give it a token).

    Example
    -------
    >>> items, unk, skipped, pos = clean_main_tier("<I want> [//] &um you want (.) xxx it's ?")
    >>> [f for _, f in items], unk, skipped, pos
    (['you', 'want', "it's", '?'], 1, 4, [2])
    """
    words = plain_words(text)
    if words is not None:
        return [(PUNCT if w in PUNCT_WORDS else WORD, w) for w in words], 0, 0, []
    if "\x15" in text:
        text = _TIME.sub(" ", text)
    if "“" in text or "”" in text:
        text = text.replace("“", " “ ").replace("”", " ” ")
    if "‡" in text or "„" in text:  # (.)‡ in eve01:3275: the marker is a token of its own
        text = _GLUED_MARKER.sub(r" \1 ", text)
    toks = _TOKEN.findall(text)
    out: list[list] = []  # [kind, form]
    stack: list[int] = []
    scope_start = scope_end = -1
    for t in toks:
        c = t[0]
        if c == "<" and t == "<":
            stack.append(len(out))
            continue
        if c == ">" and t == ">":
            scope_start = stack.pop() if stack else max(len(out) - 1, 0)
            scope_end = len(out)
            continue
        if c == "[":
            if scope_start < 0 or said and t[:3] == "[: ":
                continue
            if t in _RETRACE or t.startswith("[: "):
                for i in range(scope_start, scope_end):
                    unint = out[i][0] in (UNINTELLIGIBLE, UNINT_RETRACED)
                    out[i][0] = UNINT_RETRACED if unint else SKIP
            if t.startswith("[: "):
                repl = t[3:-1].split()
                if repl and scope_end > scope_start:
                    out[scope_start] = [REPLACED, repl]
            continue
        kind, form = _clean_word(t)
        if kind == SKIP and c == "(":
            out.append([SKIP, form])  # a pause: not the scope of a following [/] (eve06:1391)
            continue
        if kind == WORD and form[-1] in ".?!," and len(form) > 1:
            m = _END_PUNCT.match(form)
            if m is not None:  # terminator glued to the word ("selle?")
                out.append([WORD, m.group(1)])
                scope_start, scope_end = len(out) - 1, len(out)
                out.append([PUNCT, m.group(2)[-1]])
                continue
        scope_start, scope_end = len(out), len(out) + 1
        out.append([kind, form])
    return _items(out)


def _items(out: list[list]) -> tuple[list[tuple[int, str]], int, int, list[int]]:
    """The returns of :func:`clean_main_tier` from its ``[kind, form]`` pairs."""
    items: list[tuple[int, str]] = []
    unk = skipped = 0
    unk_pos: list[int] = []
    for kind, form in out:
        if kind <= PUNCT:
            items.append((kind, form))
        elif kind == REPLACED:
            for w in form:
                k2, f2 = _clean_word(w)
                if k2 <= PUNCT:
                    items.append((k2, f2))
                elif k2 == UNINTELLIGIBLE:
                    unk += 1
        elif kind == UNINTELLIGIBLE:
            unk += 1
            unk_pos.append(len(items))
        elif kind == UNINT_RETRACED:
            unk += 1
        else:
            skipped += 1
    return items, unk, skipped, unk_pos
