"""Document ids that stay unique when files read together share a name.

Readers name a file's document after its stem (CHAT: ``<corpus>/<stem>``) and
derive sentence ids from it.  A collection with one folder per child and
files named alike (Gleason: ``Dinner/andy.cha``, ``Father/andy.cha`` ...)
would merge those files into one document, so ``--unit document``
resampling and the pseudo-word document split would use merged units and
written sentence ids would repeat.  When the stems of the files read in one
call collide, every file's document is named by its path relative to the
files' common folder instead (``gleason/Dinner/andy``).

Example
-------
>>> from pathlib import Path
>>> relative_names([Path("g/Dinner/andy.cha"), Path("g/Father/andy.cha")])
{PosixPath('g/Dinner/andy.cha'): 'Dinner/andy', PosixPath('g/Father/andy.cha'): 'Father/andy'}
>>> relative_names([Path("eve/eve01.cha"), Path("eve/eve02.cha")])
{}
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np

from induceval.corpus.columns import Column, Vocabulary
from induceval.corpus.model import Corpus

__all__ = ["relative_names", "renamed", "distinct_stem_runs"]


def relative_names(files: list[Path]) -> dict[Path, str]:
    """Each file's path relative to the files' common folder, without its ending, when two
    files share a stem; ``{}`` when the stems are distinct (they name the documents)."""
    stems = [f.stem for f in files]
    if len(set(stems)) == len(stems):
        return {}
    common = os.path.commonpath([str(f.parent) for f in files]) if files else ""
    return {f: Path(os.path.relpath(f.with_suffix(""), common or ".")).as_posix()
            for f in files}


def renamed(corpus: Corpus, names: dict[str, str]) -> Corpus:
    """The corpus of files with distinct stems, its stem-named documents (``stem`` or
    ``.../stem``) named ``names[stem]`` instead, and the sentence ids that start with such
    a document likewise.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["hi"]}, {"document": "g/andy", "sent_id": "g/andy:3"})
    >>> c = renamed(b.build(), {"andy": "Dinner/andy"})
    >>> c.sentence(0).meta("document"), c.sentence(0).meta("sent_id")
    ('g/Dinner/andy', 'g/Dinner/andy:3')
    """
    def new(doc: str | None) -> str | None:
        if doc is None:
            return doc
        if doc in names:
            return names[doc]
        head, slash, stem = doc.rpartition("/")
        return f"{head}/{names[stem]}" if slash and stem in names else doc

    columns = {}
    docs = corpus.sentences.get("document")
    if docs is not None and docs.vocab is not None:
        old = list(docs.vocab.items)
        columns["document"] = _recoded(docs, [new(d) for d in old])
        moved = {d + ":": new(d) + ":" for d in old if new(d) != d}
        ids = corpus.sentences.get("sent_id")
        if moved and ids is not None and ids.vocab is not None:
            columns["sent_id"] = _recoded(ids, [_moved(s, moved) for s in ids.vocab.items])
    return corpus.with_sentences(**columns) if columns else corpus


def distinct_stem_runs(files: list[Path]) -> list[list[Path]]:
    """Consecutive files cut where a stem would repeat: each run is read as one corpus and
    renamed at once (a folder per corpus of a collection is one run).

    Example
    -------
    >>> [[p.as_posix() for p in r] for r in distinct_stem_runs(
    ...     [Path("a/x.cha"), Path("a/y.cha"), Path("b/x.cha")])]
    [['a/x.cha', 'a/y.cha'], ['b/x.cha']]
    """
    runs: list[list[Path]] = []
    seen: set = set()
    for f in files:
        if not runs or f.stem in seen:
            runs.append([])
            seen = set()
        runs[-1].append(f)
        seen.add(f.stem)
    return runs


def _moved(sent_id: str, moved: dict[str, str]) -> str:
    head = sent_id[: sent_id.rfind(":") + 1]
    return moved[head] + sent_id[len(head):] if head in moved else sent_id


def _recoded(col: Column, strings: list[str | None]) -> Column:
    vocab = Vocabulary()
    table = np.append(vocab.encode(strings), -1).astype(col.values.dtype)
    return Column(table[col.values], vocab)
