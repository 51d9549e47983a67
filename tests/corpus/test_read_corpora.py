"""read_corpora: the corpora of read_corpus whatever the number of processes; the first error."""

from __future__ import annotations

import pytest

from induceval.corpus.readers import read_corpora, read_corpus
from induceval.errors import CorpusFormatError

GOOD = ("# sent_id = a\n1\tthe\tthe\tDET\tDT\t_\t2\tdet\t_\t_\n"
        "2\tdog\tdog\tNOUN\tNN\t_\t0\troot\t_\t_\n\n")
BAD = "1\tthe\tthe\tDET\tDT\t_\t9\tdet\t_\t_\n\n"


def _same(a, b) -> bool:
    return (a.offsets.tolist() == b.offsets.tolist() and set(a.tokens) == set(b.tokens)
            and all(a.label_strings(k).tolist() == b.label_strings(k).tolist()
                    for k in a.tokens)
            and {k: c.strings() if c.vocab is not None else c.values.tolist()
                 for k, c in a.sentences.items()}
            == {k: c.strings() if c.vocab is not None else c.values.tolist()
                for k, c in b.sentences.items()})


@pytest.mark.parametrize("jobs", [1, 2])
def test_same_corpora_as_read_corpus(tmp_path, jobs):
    g, p = tmp_path / "g.conllu", tmp_path / "p.conllu"
    g.write_text(GOOD * 3, encoding="utf-8")
    p.write_text(GOOD, encoding="utf-8")
    requests = [(g, {"columns": ("form", "upos", "head")}), (p, {"columns": ("form", "head")}),
                (p, {})]
    got = read_corpora(requests, jobs=jobs)
    for (paths, options), corpus in zip(requests, got):
        assert _same(corpus, read_corpus(paths, **options))


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_first_error_in_request_order_is_raised(tmp_path, jobs):
    g, p = tmp_path / "g.conllu", tmp_path / "p.conllu"
    g.write_text(GOOD, encoding="utf-8")
    p.write_text(BAD, encoding="utf-8")
    q = tmp_path / "q.conllu"
    q.write_text(BAD.replace("\t9\t", "\tx\t"), encoding="utf-8")
    with pytest.raises(CorpusFormatError, match=r"p\.conllu:1: head 9 out of range"):
        read_corpora([(g, {}), (p, {}), (q, {})], jobs=jobs)
    skipped = read_corpora([(g, {}), (p, {"on_error": "skip"})], jobs=jobs)[1]
    assert skipped.n_tokens == 0 and sum(skipped.report.skipped.values()) == 1
