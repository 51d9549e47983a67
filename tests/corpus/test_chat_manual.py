"""The CHAT reader reads CHAT as the CHAT manual defines it: the transcript ends at ``@End``,
``%gra`` needs its ``%mor``, speakers are declared, ``Y;M.`` ages have no days, in-word
marks are no part of a word, and the words said are kept apart from ``%mor``'s split."""

from pathlib import Path

import pytest

from induceval.corpus.model import ReadReport, age_in_days
from induceval.corpus.readers._chat_file import (
    AFTER_END,
    AGE_WITHOUT_DAYS,
    LINES_AFTER_END,
    UNDECLARED_SPEAKER,
)
from induceval.corpus.readers.chat import SPOKEN_WORDS, iter_utterances, read
from induceval.errors import CorpusFormatError, ParameterError

HEAD = ("@UTF8\n@Begin\n@Languages:\teng\n"
        "@Participants:\tCHI Ann Target_Child , MOT Mother\n"
        "@ID:\teng|toy|CHI|{age}|female|||Target_Child|||\n"
        "@ID:\teng|toy|MOT|||||Mother|||\n")  # 6 lines: the first utterance is on line 7


def _cha(tmp_path: Path, body: str, age: str = "2;0.07") -> Path:
    p = tmp_path / "t.cha"
    p.write_text(HEAD.format(age=age) + body, encoding="utf-8")
    return p


def test_nothing_after_end_is_read(tmp_path):
    p = _cha(tmp_path, "*MOT:\tyes .\n@End\n\n*MOT:\tafter the end .\n@Comment:\tlate\n")
    with pytest.raises(CorpusFormatError, match=r"t\.cha:10: text after @End") as exc:
        read([p])
    assert exc.value.text == "*MOT:\tafter the end ."
    c = read([p], on_error="skip")
    assert c.n_sentences == 1 and c.sentence(0).strings("form") == ["yes", "."]
    assert c.report.skipped[AFTER_END] == 1 and c.report.examples[AFTER_END] == f"{p}:10"
    assert c.report.counts[LINES_AFTER_END] == 1
    assert [u.line for u in iter_utterances(p, on_error="skip")] == [7]


def test_gra_without_its_mor_is_a_tier_error(tmp_path):
    p = _cha(tmp_path, "*MOT:\tgo home .\n%gra:\t1|0|ROOT 2|1|OBJ 3|1|PUNCT\n@End\n")
    with pytest.raises(CorpusFormatError, match=r"t\.cha:7: a %gra tier without the %mor") as exc:
        read([p])
    assert exc.value.text.startswith("%gra:")
    c = read([p], on_error="skip")
    assert c.sentence(0).strings("form") == ["go", "home", "."]
    assert c.report.counts["gra_without_mor"] == 1
    assert c.report.examples["gra_without_mor"] == f"{p}:7"
    assert read([p], needs=["form", "xpos"]).report.counts["gra_without_mor"] == 1


@pytest.mark.parametrize("line, code", [("*DAD:\tno .", "'DAD' is not declared"),
                                        ("*chi:\tno .", "'chi' is not upper-case")])
def test_speakers_are_declared_upper_case_codes(tmp_path, line, code):
    p = _cha(tmp_path, f"*MOT:\tyes .\n{line}\n*CHI:\tmine .\n@End\n")
    with pytest.raises(CorpusFormatError, match=rf"t\.cha:8: speaker (code )?{code}") as exc:
        read([p])
    assert "CHI, MOT" in str(exc.value) and exc.value.text == line
    c = read([p], on_error="skip")
    assert c.sentences["speaker"].strings() == ["MOT", "CHI"]
    assert c.report.skipped[UNDECLARED_SPEAKER] == 1
    assert c.report.examples[UNDECLARED_SPEAKER] == f"{p}:8"


def test_age_without_days_is_named_not_a_day_zero(tmp_path):
    c = read([_cha(tmp_path, "*CHI:\tmore .\n@End\n", age="1;02.")])
    assert c.sentences["age_days"].values.tolist() == [age_in_days(1, 2)]
    assert c.report.counts[AGE_WITHOUT_DAYS] == 1
    assert c.report.examples[AGE_WITHOUT_DAYS].endswith("t.cha: '1;02.'")
    dated = read([_cha(tmp_path, "*CHI:\tmore .\n@End\n", age="1;02.15")])
    assert dated.sentences["age_days"].values.tolist() == [age_in_days(1, 2, 15)]
    assert AGE_WITHOUT_DAYS not in dated.report.counts


def test_in_word_marks_are_no_part_of_words(tmp_path):
    # Howe ian1.cha line 2197: "sheep;" is n|sheep in %mor; ↫b-b↫ are repeated segments
    p = _cha(tmp_path, "*MOT:\tthat's not a sheep; ↫b-b↫bear ˈno .\n"
                       "%mor:\tpro:dem|that~v:cop|be&3S neg|not det|a n|sheep n|bear co|no .\n"
                       "*CHI:\t↫ch-ch↫xxx ⌈there⌉ .\n@End\n")
    c = read([p])
    assert c.sentence(0).strings("form") == ["that", "'s", "not", "a", "sheep", "bear", "no",
                                             "."]
    assert c.sentence(0).strings("xpos")[4:6] == ["n", "n"]
    assert c.sentence(1).strings("form") == ["there", "."]
    assert c.sentences["unintelligible"].strings() == ["no", "yes"]


def test_spoken_words_keep_what_the_speaker_said(tmp_path):
    p = _cha(tmp_path, "*MOT:\twanna go ?\n%mor:\tv|want~inf|to v|go ?\n"
                       "*MOT:\tgimme it .\n%mor:\tv|give~pro|me pro|it .\n"
                       "*CHI:\the goed [: went] 0is home .\n"
                       "%mor:\tpro|he v|go&PAST 0aux|is n|home .\n"
                       "@End\n")
    mor = read([p])
    assert mor.sentence(0).strings("form") == ["wanna", "to", "go", "?"]
    assert SPOKEN_WORDS not in mor.report.counts
    spoken = read([p], words="spoken")
    assert [spoken.sentence(i).strings("form") for i in range(3)] == [
        ["wanna", "go", "?"], ["gimme", "it", "."], ["he", "goed", "home", "."]]
    assert list(spoken.tokens) == ["form"]
    assert spoken.report.counts[SPOKEN_WORDS] == 3
    r = ReadReport()
    utts = list(iter_utterances(p, words="spoken", report=r))
    assert [u.tokens["form"] for u in utts][1] == ["gimme", "it", "."]
    assert r.counts[SPOKEN_WORDS] == 3
    with pytest.raises(ParameterError, match="words must be one of mor, spoken"):
        read([p], words="said")
