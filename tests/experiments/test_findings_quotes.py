"""Every finding the report shows quotes its paper verbatim, at the paper's own place.

The papers' texts (../shared/papers, extracted from PDFs) interleave two columns
line by line and break words with hyphens; a quote is looked for in each page
read column by column, with whitespace, hyphens and quote marks normalised.  A
place is checked against the text: a page ("p. 158") must hold the quote, a
section ("§6.4") must be the last numbered heading before it, a heading
("Results: Model Performance", Frank et al. 2009 has no numbered sections) must
come before it.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from induceval.experiments.findings import FINDINGS, NOT_CHECKED

PAPERS = Path(__file__).resolve().parents[2] / ".." / "shared" / "papers"
FILES = {"Frank et al. 2009": "000_175f6801a94f2948.txt",
         "Chambers & Jurafsky 2010": "001_98dba8b19f7cce3d.txt",
         "Chang et al. 2006": "002_1eaff482ee7429d5.txt",
         "Gelling et al. 2012": "003_33b268f85e475ffa.txt",
         "Reichart et al. 2010": "004_b0d6cfc315bfadaa.txt"}

pytestmark = pytest.mark.skipif(not PAPERS.is_dir(), reason=f"no papers' texts at {PAPERS}")


_SPACE = r"[\s\-‐‑–­]*"


def _norm(text: str) -> str:
    """NFKC (ligatures) and one quote mark (the texts write ’ as ’, ' or ?)."""
    return re.sub("[’‘'“”\"?]", "'", unicodedata.normalize("NFKC", text))


def _pattern(quote: str) -> re.Pattern:
    """The quote with any whitespace or hyphen allowed between its characters (a PDF line
    break may split a word at a hyphen, join two words or drop a space); "..." leaves
    words out."""
    pieces = [re.sub(r"[\s\-‐‑–­]", "", _norm(p))
              for p in re.split(r"\s*(?:\.\.\.|…)\s*", quote) if p.strip()]
    return re.compile(".*?".join(_SPACE.join(map(re.escape, p)) for p in pieces), re.S)


def _pages(text: str) -> list[tuple[str, str]]:
    """(page number or "", the page read left column then right column)."""
    pages, lines = [], []
    for line in text.split("\n"):
        m = re.fullmatch(r"\s*(\d{2,4})\s*", line)
        if m:
            pages.append((m.group(1), lines))
            lines = []
        else:
            lines.append(line)
    pages.append(("", lines))
    out = []
    for number, page in pages:
        segs = [[(m.start(), m.group()) for m in re.finditer(r"\S+(?: {1,2}\S+)*", ln)]
                for ln in page]
        width = max((len(ln) for ln in page), default=0)
        starts = [s for row in segs for s, _ in row if s > 0.3 * width]
        # the right column starts where most segments right of the margin start
        cut = max(set(starts), key=starts.count) - 8 if starts else 10 ** 6
        left = " ".join(t for row in segs for s, t in row if s < cut)
        right = " ".join(t for row in segs for s, t in row if s >= cut)
        out.append((number, _norm(left + " " + right)))
    return out


def _located(paper: str, quote: str) -> tuple[str, int, str] | None:
    """The page, offset and reading-order text of the paper where ``quote`` starts; a
    quote may run from the end of one page into the next."""
    pages = _pages((PAPERS / FILES[paper]).read_text(encoding="utf-8"))
    pat = _pattern(quote)
    flat = "".join(p for _, p in pages)
    offset = 0
    for i, (number, page) in enumerate(pages):
        m = pat.search(page)
        if m is not None:
            return number, offset + m.start(), flat
        if i + 1 < len(pages):
            at = _across(quote, page, pages[i + 1][1])
            if at is not None:
                return number, offset + at, flat
        offset += len(page)
    return None


def _across(quote: str, page: str, following: str) -> int | None:
    """Where ``quote`` starts in ``page`` when its head ends the page and its tail is in
    the next (after the figures or tables that open it), or None."""
    def key(x: str) -> str:
        return re.sub(r"[\s\-‐‑–­]", "", x)

    q, end, nxt = key(_norm(quote)), key(page[-3 * len(quote):]), key(following)
    for k in range(len(q) - 8, 8, -1):
        if end.endswith(q[:k]) and q[k:] in nxt:
            head = re.search(_SPACE.join(map(re.escape, q[:k])) + r"[\s\-‐‑–­]*$", page)
            return head.start() if head else None
    return None


def _section_span(text: str, number: str) -> tuple[int, int] | None:
    """Where section ``number`` ("6.4", "7") starts and the next of its level starts."""
    def heading(n: str, after: int = 0) -> int | None:
        m = re.compile(rf"(?<![\w,(/])(?<!\d\.){re.escape(n)}\.?\s*[A-Z][A-Za-z]").search(
            text, after)
        return m.start() if m else None

    start = heading(number)
    if start is None:
        return None
    parts = number.split(".")
    # the next sibling when there is one (a footnote mark before a capital, "metrics.3
    # For", looks like a top-level heading), else the next top-level section
    nxt = [f"{parts[0]}.{int(parts[1]) + 1}"] if len(parts) == 2 else []
    nxt.append(str(int(parts[0]) + 1))
    for n in nxt:
        end = heading(n, start + 1)
        if end is not None:
            return start, end
    return start, len(text)


def _every_finding():
    for protocol, findings in FINDINGS.items():
        for f in findings:
            yield protocol, f.key, f.where, f.claim
        for n in NOT_CHECKED.get(protocol, []):
            yield protocol, "not checked", n.where, n.claim


CASES = sorted({(k, w, c) for _, k, w, c in _every_finding()})


@pytest.mark.parametrize(("key", "where", "claim"), CASES, ids=[f"{k}:{c[:30]}" for k, _, c in
                                                                   CASES])
def test_every_quote_is_the_papers_sentence_at_its_place(key, where, claim):
    paper = next(p for p in FILES if where.startswith(p))
    found = _located(paper, claim)
    assert found is not None, f"{key}: not verbatim in {paper}: {claim!r}"
    page, at, text = found
    place = where[len(paper):].strip(", ")
    m = re.match(r"pp?\. (\d+)", place)
    if m:
        assert page == m.group(1), f"{key}: on p. {page}, cited as {place}"
    m = re.match(r"§(\d+(?:\.\d+)?)", place)
    if m:
        span = _section_span(text, m.group(1))
        assert span is not None, f"{key}: no heading {m.group(1)} in {paper}"
        assert span[0] <= at < span[1], f"{key}: not in §{m.group(1)} ({span}, at {at})"
    m = re.match(r"Results: ([A-Z][\w ]+?)(?: \(|$)", place)
    if m:
        head = text.rfind(m.group(1), 0, at + 1)
        assert head >= 0 and text.rfind("Results", 0, head) >= 0, \
            f"{key}: no heading {m.group(1)!r} before the quote"
    if place.startswith(("Table", "Figure")) and "caption" in place:
        assert text.rfind(place.split(" (")[0], 0, at + 1) >= 0


def test_findings_checked_and_listed():
    checked = sum(len(f) for f in FINDINGS.values())
    listed = sum(len(n) for n in NOT_CHECKED.values())
    assert checked >= 45 and listed >= 1
