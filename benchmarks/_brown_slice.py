"""Load a token slice of the Brown corpus (the project reader when present, else a tiny parser)."""

from __future__ import annotations

from induceval.data import shared_data_dir

SHARED = shared_data_dir()


def brown_slice(n_tokens: int = 200_000):
    from induceval.corpus.model import CorpusBuilder

    root = SHARED / "brown" / "brown-tagged"
    try:
        from induceval.corpus.readers import read_corpus

        corpus = read_corpus(root, format="brown")
    except Exception:  # the reader may not exist yet: parse word/tag lines here
        b = CorpusBuilder(name=str(root))
        for f in sorted(root.iterdir()):
            if f.name in ("README", "CONTENTS", "cats.txt") or f.name.startswith("."):
                continue
            for line in f.read_text(encoding="utf-8", errors="replace").splitlines():
                toks = line.split()
                if not toks:
                    continue
                forms, tags = zip(*(t.rsplit("/", 1) if "/" in t else (t, "") for t in toks))
                b.add_sentence({"form": list(forms), "xpos": list(tags)})
        corpus = b.build()
    # whole sentences up to n_tokens
    import numpy as np

    n = int(np.searchsorted(corpus.offsets, n_tokens, side="right")) - 1
    return corpus.select(np.arange(max(n, 1)))
