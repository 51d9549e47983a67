"""Long CHAT utterances: a valid ``%gra`` of an utterance over 2,000 words is read (its
heads above 1,999 are numbers like the others, not a tier reported as not numbering the
``%mor`` tokens)."""

from __future__ import annotations

from induceval.corpus.readers import read_corpus

HEADER = ("@UTF8\n@Begin\n@Languages:\teng\n@Participants:\tCHI Target_Child, MOT Mother\n"
          "@ID:\teng|x|CHI|2;0.0||||Target_Child|||\n@ID:\teng|x|MOT|||||Mother|||\n")


def long_transcript(n: int) -> str:
    """One ``n``-word utterance, each word headed by the one after it (the last by the root),
    with a valid ``%mor`` and ``%gra``, then a short one."""
    words = " ".join(f"w{i % 50}" for i in range(n))
    mor = " ".join(f"n|w{i % 50}" for i in range(n))
    gra = " ".join(f"{i}|{i + 1 if i < n else 0}|{'MOD' if i < n else 'ROOT'}"
                   for i in range(1, n + 1))
    return (HEADER + f"*MOT:\t{words} .\n%mor:\t{mor} .\n%gra:\t{gra} {n + 1}|{n}|PUNCT\n"
            "*MOT:\tw1 w2 .\n%mor:\tn|w1 n|w2 .\n%gra:\t1|2|MOD 2|0|ROOT 3|2|PUNCT\n@End\n")


def test_a_3000_word_utterance_keeps_its_gra(tmp_path):
    path = tmp_path / "long.cha"
    path.write_text(long_transcript(3000))
    corpus = read_corpus(path, on_error="fail")
    assert corpus.report.counts.get("aligned_gra") == 2
    assert "unaligned_gra" not in corpus.report.counts
    heads = corpus.tokens["head"].values[:3001].tolist()
    assert heads == [*range(2, 3001), 0, 3000]
