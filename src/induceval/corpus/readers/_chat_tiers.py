"""The dependent tiers of a CHAT utterance aligned with its main tier.

Private helper of :mod:`induceval.corpus.readers.chat`: :func:`_analyse`
gives the token columns of one utterance body (the main tier cleaned by
:mod:`induceval.corpus.readers._chat_main`, the ``%mor`` items with their
clitics, the ``%gra``/``%xgrt`` heads) and the report counts it adds.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from itertools import accumulate

from induceval.corpus.readers._chat_main import (
    OMITTED,
    PUNCT,
    PUNCT_WORDS,
    QUOTES,
    WORD,
    clean_main_tier,
    plain_words,
)

_AFFIX = re.compile(r"[-&=]")
#: ``%mor`` items that are punctuation, besides those without a ``|``
_MOR_PUNCT = frozenset({"cm|cm", "beg|beg", "end|end", "bq|bq", "eq|eq"})
_XGRT_TIERS = ("%xgrt", "%grt")
#: The name of a dependent tier, between ``%`` and ``:`` (CHAT writes them in lower case)
_TIER_NAME = re.compile(r"[a-z][a-z0-9]*")
#: The names seen that are tier names (a few: a set look-up per tier, not a match)
_GOOD_NAMES: set[str] = set()


def _good_name(name: str) -> bool:
    """Whether ``name`` is a dependent tier's name (and remember it when it is)."""
    if _TIER_NAME.fullmatch(name) is None:
        return False
    _GOOD_NAMES.add(name)
    return True

#: Dependent tiers whose duplicates or missing tab are errors
_CHECKED_TIERS = frozenset({"%mor", "%gra"})
_MARKER_POS = {"‡": "beg", "„": "end"}


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
        return _MARKER_POS[rest], _MARKER_POS[rest], PUNCT
    kind = 0
    if pos[:1] == "0" and len(pos) > 1:
        pos, kind = pos[1:], OMITTED
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
    first, *post = item.split("~")
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
    except KeyError:   # a head beyond the table (an utterance over 2,000 words), or no number
        if not all(h.isascii() and h.isdigit() for h in parts[1::3]):
            return None
        heads = [int(h) for h in parts[1::3]]
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
    heads, rels = iter(parsed[0]), iter(parsed[1])
    return ([full_index[next(heads)] if k else -1 for k in keep],
            [next(rels) if k else None for k in keep])


def _parse_gra_with_gaps(text: str, token_item: list[int], unk_pos: list[int]
                         ) -> tuple | None:
    """Parse a dependency tier that gives each ``xxx``/``www`` a token of its own
    (Eve's ``%xgrt``); those tokens are removed and their dependents re-attached."""
    k = len(unk_pos)
    parsed = _parse_gra(text, len(token_item) + k)
    if parsed is None:
        return None
    real: list[bool] = []
    pi, ups = 0, sorted(unk_pos)
    for item in token_item:
        while pi < k and ups[pi] <= item:
            real.append(False)
            pi += 1
        real.append(True)
    real.extend([False] * (k - pi))
    return _drop_tokens(real, parsed[0]), [r for r, kp in zip(parsed[1], real) if kp]


def _drop_tokens(keep: list[bool], heads: list[int] | None) -> list[int] | None:
    """Heads after removing tokens; dependents of a removed token move to its head."""
    if heads is None:
        return None
    n = len(heads)
    new_index = [0, *accumulate(map(int, keep))]  # 1-based position after removal (of kept tokens)
    out = []
    for i in range(n):
        if not keep[i]:
            continue
        h, steps = heads[i], 0
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
                g = self.mor[it] = _parse_mor_item(it)
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


def _analyse(body: str, split_clitics: bool, omitted: str, mor_cache: _Caches,
             words: str = "mor") -> tuple[dict, int, tuple]:
    """Tokens of one utterance body, its number of unintelligible markers and the
    report counts it adds; ``words="spoken"``: the forms of the words said, no tiers."""
    deltas: defaultdict = defaultdict(int)
    main, *parts = body.split("\n%")
    tiers = {}
    for t in parts:
        name, colon, value = t.partition(":")
        if not colon or (name not in _GOOD_NAMES and not _good_name(name)):
            deltas["bad_tier_name"] += 1   # '%MOR:', '%mor' without its colon
            continue
        name = "%" + name
        if name in tiers:
            if name in _CHECKED_TIERS:
                deltas["duplicate_" + name[1:]] += 1
            continue  # the first one counts
        if value[:1] != "\t" and name in _CHECKED_TIERS:
            deltas[name[1:] + "_without_tab"] += 1
        tiers[name] = value
    if "%gra" in tiers and "%mor" not in tiers:
        deltas["gra_without_mor"] += 1  # its items number %mor's: nothing to attach
    if words == "spoken":
        items = plain_words(main)
        if items is None:
            found, n_unk, _, _ = clean_main_tier(main, said=True)
            return {"form": _spoken_forms(found, omitted)}, n_unk, tuple(deltas.items())
        return {"form": items}, 0, tuple(deltas.items())
    toks, n_unk = _tokens(main, tiers, split_clitics, omitted, deltas, mor_cache)
    return toks, n_unk, tuple(deltas.items())


def _tokens(main: str, tiers: dict, split_clitics: bool, omitted: str, counts,
            mor_cache: _Caches) -> tuple[dict, int]:
    """The token columns of one utterance and its number of unintelligible markers."""
    mor_text = tiers.get("%mor")
    words = None
    if mor_text is not None and "%gra" in tiers and "%xgrt" not in tiers \
            and "%grt" not in tiers:
        words = plain_words(main)
        if words is not None:
            tokens = _plain_tokens(words, mor_text, tiers["%gra"], counts, mor_cache)
            if tokens is not None:
                return tokens, 0
    if words is not None:  # plain main tier (clitics or a misalignment): already split
        items = [(PUNCT if w in PUNCT_WORDS else WORD, w) for w in words]
        n_unk, unk_pos = 0, []
    else:
        items, n_unk, _, unk_pos = clean_main_tier(main)
    if mor_text is None:
        counts["utterances_without_mor"] += 1   # kept, untagged
        forms = _spoken_forms(items, omitted)
        if len(forms) != len(items):
            counts["omitted_words"] += len(items) - len(forms)
        return {"form": forms}, n_unk
    mor_items = mor_text.split()
    mor_cache.fill(mor_items)
    groups = list(map(mor_cache.mor.__getitem__, mor_items))
    if len(groups) != len(items) and any(f in QUOTES for _, f in items):
        items = [it for it in items if it[1] not in QUOTES]  # older %mor: no bq|bq/eq|eq
        unk_pos = []
    aligned = _align(items, groups, counts)
    if aligned is None:
        counts["unaligned_mor"] += 1
        return {"form": _spoken_forms(items, omitted)}, n_unk
    tokens, kinds, group_of = aligned
    refs = _dependency_tiers(tiers, tokens["xpos"], group_of, unk_pos, counts, mor_cache)
    if OMITTED in kinds:
        counts["omitted_words"] += kinds.count(OMITTED)
        if omitted == "drop":
            keep = [k != OMITTED for k in kinds]
            tokens = {k: [v for v, kp in zip(vals, keep) if kp] for k, vals in tokens.items()}
            group_of = [g for g, kp in zip(group_of, keep) if kp]
            refs = [(s, _drop_tokens(keep, h), None if r is None else
                     [x for x, kp in zip(r, keep) if kp]) for s, h, r in refs]
    if not split_clitics and len(group_of) != len(set(group_of)):
        tokens, refs = _merge_clitics(tokens, group_of, items, refs, counts)
    n_final = len(tokens["form"])
    for suffix, heads, rels in refs:
        tokens["head" + suffix] = heads if heads is not None else [-1] * n_final
        tokens["deprel" + suffix] = rels if rels is not None else [None] * n_final
    return tokens, n_unk


def _plain_tokens(words: list[str], mor_text: str, gra_text: str, counts,
                  mor_cache: _Caches) -> dict | None:
    """The tokens of plain words, each one plain ``%mor`` item, with ``%gra`` (the bulk
    of the utterances), else ``None``."""
    mor_items = mor_text.split()
    if len(mor_items) != len(words):
        return None
    simple_get = mor_cache.simple.get
    simple = [simple_get(it, 0) for it in mor_items]
    if 0 in simple:
        mor_cache.fill(mor_items)
        simple = [simple_get(it) for it in mor_items]
    if None in simple or [w in PUNCT_WORDS for w in words] != [p[2] for p in simple]:
        return None
    parsed = mor_cache.parse_gra(gra_text, len(words))
    if parsed is None:
        return None
    counts["aligned_gra"] += 1
    return {"form": words, "lemma": [p[1] for p in simple], "xpos": [p[0] for p in simple],
            "head": parsed[0], "deprel": parsed[1]}


def _spoken_forms(items: list[tuple[int, str]], omitted: str) -> list[str]:
    """The forms of the main tier's words, omitted words left out or written ``0word``."""
    if omitted == "drop":
        return [f for k, f in items if k != OMITTED]
    return [("0" + f if k == OMITTED else f) for k, f in items]


def _align(items: list[tuple[int, str]], groups: list[tuple], counts
           ) -> tuple[dict, list[int], list[int]] | None:
    """``form``/``lemma``/``xpos`` of the tokens (clitic groups split into their parts),
    each token's kind and word, when the main tier and ``%mor`` align, else ``None``;
    kinds and words are left empty when every word is one plain ``%mor`` item."""
    if len(groups) != len(items):
        return None
    if all(len(g) == 1 and g[0][2] != OMITTED for g in groups) \
            and all(k != OMITTED and (k == PUNCT) == (g[0][2] == PUNCT)
                    for (k, _), g in zip(items, groups)):
        return {"form": [f for _, f in items], "lemma": [g[0][1] for g in groups],
                "xpos": [g[0][0] for g in groups]}, [], []
    forms: list[str] = []
    xpos: list[str] = []
    lemma: list[str] = []
    kinds: list[int] = []
    group_of: list[int] = []
    for gi, ((kind, form), g) in enumerate(zip(items, groups)):
        if (kind == PUNCT) != (g[0][2] == PUNCT and len(g) == 1):
            return None
        post = [p[0] for p in g if p[3] == 1] if len(g) > 1 else None
        split = split_clitic_form(form, post) if post else None
        k_post = 0
        for p in g:
            if len(g) == 1:
                forms.append(("0" + form) if kind == OMITTED else form)
            elif p[3] == 0:
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
                counts["spoken_words_marked_omitted"] += 1  # adam19:30 0part|going
            kinds.append(OMITTED if kind == OMITTED else (PUNCT if p[2] == PUNCT else WORD))
            group_of.append(gi)
    return {"form": forms, "lemma": lemma, "xpos": xpos}, kinds, group_of


def _dependency_tiers(tiers: dict, xpos: list[str], group_of: list[int], unk_pos: list[int],
                      counts, mor_cache: _Caches) -> list[tuple]:
    """``(column suffix, heads, rels)`` of the ``%gra`` and ``%xgrt`` (``%grt``) tiers
    (``None`` lists for a tier that does not align with the tokens)."""
    refs = []
    if "%gra" in tiers:
        refs.append(("", tiers["%gra"], "unaligned_gra"))
    for name in _XGRT_TIERS:
        if name in tiers:
            refs.append(("@xgrt", tiers[name], "unaligned_xgrt"))
            break
    out = []
    for suffix, tier_text, what in refs:
        parsed = mor_cache.parse_gra(tier_text, len(xpos))
        if parsed is None and ("beg" in xpos or "end" in xpos):
            parsed = _parse_gra_without(tier_text, xpos, ("beg", "end"))
            if parsed is not None:
                counts[what[10:] + "_without_markers"] += 1
        if parsed is None and unk_pos:
            parsed = _parse_gra_with_gaps(tier_text, group_of or list(range(len(xpos))),
                                          unk_pos)
            if parsed is not None:
                counts[what[10:] + "_with_unintelligible"] += 1
        if parsed is None:
            counts[what] += 1
            out.append((suffix, None, None))
        else:
            counts["aligned" + what[9:]] += 1
            out.append((suffix, parsed[0], parsed[1]))
    return out


def _merge_clitics(tokens: dict, group_of: list[int], items: list[tuple[int, str]],
                   refs: list[tuple], counts) -> tuple[dict, list[tuple]]:
    """The clitic parts merged back into words: the written form, ``xpos`` and ``lemma``
    joined with ``~``, the attachment of the part whose head lies outside the word."""
    order = list(dict.fromkeys(group_of))
    pos_of = {g: j for j, g in enumerate(order)}
    local = [pos_of[g] for g in group_of]
    m = len(order)
    merged: dict[str, list] = {"form": [items[gi][1] for gi in order]}
    for col in ("xpos", "lemma"):
        parts: list[list[str]] = [[] for _ in range(m)]
        for t, g in enumerate(local):
            parts[g].append(tokens[col][t])
        merged[col] = ["~".join(v) for v in parts]
    counts["clitic_groups_merged"] += len(group_of) - m
    return merged, [(s, None, None) if h is None else (s, *_merge_groups(local, h, r, m))
                    for s, h, r in refs]
