"""``wopa --max-words 0`` (no cap) and long utterances: 0 means no cap, and utterances
whose pairwise statistics cannot fit in memory are refused in one line before any work
(a 40,000-word one, not a MemoryError)."""

from __future__ import annotations

from induceval.cli.main import main
from tests.corpus.test_chat_long_utterance import long_transcript


def _transcript(tmp_path, n: int):
    path = tmp_path / "long.cha"
    path.write_text(long_transcript(n).replace("*MOT:\tw1 w2 .", "*MOT:\tw2 w1 w3 .")
                    .replace("%mor:\tn|w1 n|w2 .", "%mor:\tn|w2 n|w1 n|w3 .")
                    .replace("%gra:\t1|2|MOD 2|0|ROOT 3|2|PUNCT",
                             "%gra:\t1|2|MOD 2|0|ROOT 3|2|MOD 4|2|PUNCT"))
    return path


def test_zero_means_no_cap(tmp_path, capsys):
    path = _transcript(tmp_path, 150)
    args = ["wopa", str(path), "--learners", "chance", "--format", "csv", "--no-progress"]
    assert main(args) == 0
    default = capsys.readouterr().out.splitlines()[1].split(",")
    assert main([*args, "--max-words", "0"]) == 0
    no_cap = capsys.readouterr().out.splitlines()[1].split(",")
    header = "corpus,learner,wopa,correct,scored,one_word,no_words,unintelligible,too_long"
    too_long = header.split(",").index("too_long")
    assert (default[too_long], no_cap[too_long]) == ("1", "0")


def test_utterances_too_long_for_memory_are_refused_in_one_line(tmp_path, capsys, monkeypatch):
    # 3,000 words: 28 x 3000^2 bytes of statistics, over the 10 MB this machine is said to have
    import induceval._memory

    monkeypatch.setattr(induceval._memory, "available_memory", lambda: 10_000_000)
    path = _transcript(tmp_path, 3000)
    assert main(["wopa", str(path), "--learners", "chance", "--max-words", "0",
                 "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert "the longest utterance has 3000 words" in err[0]
    assert "give --max-words N (max_words) below 3000" in err[0]
