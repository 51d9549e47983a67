"""CHAT reader: hand-made fixtures for every convention, fuzzing, a few real files."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from induceval.corpus.readers import read_corpus
from induceval.corpus.readers.chat import (
    iter_sentences,
    iter_utterances,
    parse_age,
    read,
    split_clitic_form,
)
from induceval.errors import CorpusFormatError
from tests.conftest import FIXTURES, shared_path

CHAT = FIXTURES / "chat"


@pytest.fixture(scope="module")
def conv():
    return read([CHAT / "conventions.cha"], on_error="skip", empty="keep")


# Expected tokens of each utterance of conventions.cha, worked out by hand from
# the CHAT manual's rules (see the reader's docstring).
EXPECTED_FORMS = [
    ["do", "you", "want", "to", "mash", "some", "potatos", "?"],
    ["more", "cookie", "."],  # [+ IMP] postcode dropped
    ["it", "'s", "all", "gone", "has", "it", "?"],  # &um, <all gone> [/] and (.) dropped
    ["you", "more", "cookies", "?"],  # omitted 0v dropped
    ["how_about", "another", "graham+cracker", "?"],  # [= biscuit] dropped
    ["let", "'s", "get", "."],  # xxx not in %mor
    ["I", "ca", "n't", "see", "the", "doggie", "+..."],  # I don't [//] retraced, @c cut
    ["yes", "‡", "the", "sugar", ",", "Ann", "."],
    ["you", "have", "another", "cookie", "right", "on", "the", "table", "."],  # continuation
    ["going", "to", "eat", "it", "."],  # gonna [: going to]
    ["this", "one", "has", "too", "many", "words", "."],  # %mor too short: unaligned
    ["look", "at", "that", "."],  # %gra points past the utterance
    [],  # 0 [=! laughs] . (no words: kept as an empty sentence with empty="keep")
    ["I", "want", "a", "dish", "."],  # xxx has a token in %xgrt only
]


def test_forms(conv):
    assert conv.n_sentences == len(EXPECTED_FORMS)
    for i, forms in enumerate(EXPECTED_FORMS):
        assert conv.sentence(i).strings("form") == forms, i


def test_tags_lemmas(conv):
    s = conv.sentence(2)
    assert s.strings("xpos") == ["pro", "aux", "adv:int", "part", "v", "pro", "?"]
    assert s.strings("cpos") == ["pro", "aux", "adv", "part", "v", "pro", "?"]
    assert s.strings("lemma") == ["it", "be", "all", "go", "have", "it", "?"]
    assert conv.sentence(4).strings("lemma")[2] == "graham+cracker"
    assert conv.sentence(6).strings("lemma")[5] == "dog"
    assert conv.sentence(7).strings("xpos") == ["co", "beg", "det", "n", "cm", "n:prop", "."]
    # unaligned %mor: words kept, tags missing
    assert conv.sentence(10).strings("xpos") == [None] * 7


def test_heads(conv):
    assert conv.sentence(0).strings("head") == [3, 3, 0, 5, 3, 7, 5, 3]
    assert conv.sentence(2).strings("head") == [4, 4, 4, 0, 4, 5, 4]
    assert conv.sentence(2).strings("deprel")[:2] == ["SUBJ", "AUX"]
    # 0v was the root: its dependents move to its head (0), "more" -> "cookies" renumbered
    assert conv.sentence(3).strings("head") == [0, 3, 0, 0]
    assert conv.sentence(8).strings("head") == [2, 0, 4, 2, 6, 2, 8, 6, 2]
    assert conv.sentence(11).strings("head") == [-1] * 4
    assert conv.sentence(11).strings("xpos") == ["v", "prep", "pro:dem", "."]


def test_xgrt(conv):
    assert conv.sentence(1).strings("head@xgrt") == [2, 0, 2]
    assert conv.sentence(1).strings("deprel@xgrt")[1] == "INCROOT"
    # %xgrt without the ‡ token: realigned, ‡ gets no head
    assert conv.sentence(7).strings("head@xgrt") == [4, -1, 4, 0, 4, 4, 4]
    assert conv.sentence(0).strings("head@xgrt") == [-1] * 8
    # %xgrt gives xxx a token (3): removed, "dish" (its dependent) re-attached to "want"
    assert conv.sentence(13).strings("head@xgrt") == [2, 0, 4, 2, 2]
    assert conv.sentence(13).strings("head") == [2, 0, 4, 2, 2]


def test_meta(conv):
    s = conv.sentence(0)
    assert (s.meta("speaker"), s.meta("role"), s.meta("age_days")) == ("MOT", "Mother", 737)
    assert s.meta("document") == "toy/conventions"
    assert s.meta("sent_id") == "toy/conventions:8"
    assert s.meta("language") == "eng"
    assert conv.sentence(1).meta("role") == "Target_Child"
    assert conv.sentence(6).meta("role") == "Father"  # from @Participants only
    assert [s.meta("unintelligible") for s in conv].count("yes") == 2
    assert conv.sentence(5).meta("unintelligible") == "yes"
    # vocabularies follow first appearance (deterministic across runs)
    assert conv.sentences["speaker"].vocab.items == ["MOT", "CHI", "FAT"]
    assert conv.tokens["form"].vocab.items[:3] == ["do", "you", "want"]


def test_counts(conv):
    c = conv.report.counts
    assert c["unaligned_mor"] == 1
    assert c["unaligned_gra"] == 1
    assert c["aligned_xgrt"] == 3 and c["xgrt_without_markers"] == 1
    assert c["xgrt_with_unintelligible"] == 1
    assert c["unaligned_xgrt"] == 0
    assert c["omitted_words"] == 1
    assert c["utterances"] == 14


def test_keep_omitted():
    c = read([CHAT / "conventions.cha"], omitted="keep", on_error="skip")
    s = c.sentence(3)
    assert s.strings("form") == ["you", "0v", "more", "cookies", "?"]
    assert s.strings("head") == [2, 0, 4, 2, 2]


def test_split_clitics_false():
    c = read([CHAT / "conventions.cha"], split_clitics=False, on_error="skip")
    s = c.sentence(2)
    assert s.strings("form") == ["it's", "all", "gone", "has", "it", "?"]
    assert s.strings("xpos")[0] == "pro~aux"
    # it's = it(->gone) + 's(->gone): the word attaches to "gone" (word 3)
    assert s.strings("head") == [3, 3, 0, 3, 4, 3]
    assert c.sentence(6).strings("form")[1] == "can't"


def test_iter_utterances_streams():
    utts = list(iter_utterances(CHAT / "conventions.cha", on_error="skip", empty="keep"))
    assert len(utts) == 14
    assert utts[5].tokens["form"] == ["let", "'s", "get", "."]
    assert utts[5].meta["unintelligible"] == "yes" and utts[5].line == 24
    utts[0].tokens["form"].append("x")  # lists are the caller's own
    again = iter_utterances(CHAT / "conventions.cha", on_error="skip", empty="keep")
    assert next(again).tokens["form"][-1] == "?"


def test_no_mor():
    c = read_corpus(CHAT / "nomor.cha")
    assert "xpos" not in c.tokens and "head" not in c.tokens
    assert c.sentence(0).strings("form") == ["teeme", "me", "midagi", "siin", "peal", "või",
                                             "saame", "selle", "?"]
    assert c.sentence(1).strings("form") == ["no", "need", "ju", "."]
    assert c.sentence(1).meta("unintelligible") == "yes"
    assert c.sentence(0).meta("age_days") is None  # no target child
    assert c.sentence(0).meta("role") == "Father"
    assert c.sentence(0).meta("language") == "est"
    assert c.sentence(0).meta("document") == "korgesaar/nomor"


def test_broken_files():
    with pytest.raises(CorpusFormatError, match=r"nobegin.cha:4: utterance before @Begin"):
        read([CHAT / "nobegin.cha"])
    with pytest.raises(CorpusFormatError, match=r"badutf8.cha:4: invalid UTF-8") as exc:
        read([CHAT / "badutf8.cha"])
    assert exc.value.line == 4
    c = read([CHAT / "nobegin.cha", CHAT / "badutf8.cha", CHAT / "conventions.cha"],
             on_error="skip")
    assert c.report.counts["missing_begin"] == 1
    assert c.report.counts["bad_utf8_files"] == 1
    assert c.n_sentences == 1 + 1 + 13  # conventions.cha: 14 utterances, one without words
    assert c.report.skipped["utterances without words"] == 1


def test_line_errors(tmp_path):
    p = tmp_path / "x.cha"
    p.write_text("@Begin\nhello there\n")
    with pytest.raises(CorpusFormatError, match="x.cha:2"):
        read([p])
    p.write_text("@Begin\n%mor:\tn|dog\n")
    with pytest.raises(CorpusFormatError, match="dependent tier before any utterance"):
        read([p])
    assert read([p], on_error="skip").report.counts["orphan_tiers"] == 1


def test_helpers():
    # ages: floor(365.25 y + 30.4375 m) + d; the paper's y*365 + m*31 + d on request
    assert parse_age("2;0.07") == 737 and parse_age("1;6.") == 547
    assert parse_age("1;6.", "chang2006") == 551
    assert split_clitic_form("won't", ["neg"]) == ["wo", "n't"]
    assert split_clitic_form("shouldn't've", ["neg", "aux"]) == ["should", "n't", "'ve"]


def test_jobs_equal_single():
    files = [CHAT / "conventions.cha", CHAT / "nomor.cha"]
    a, b = read(files, on_error="skip"), read(files, jobs=2, on_error="skip")
    assert a.n_tokens == b.n_tokens
    assert a.label_strings("form").tolist() == b.label_strings("form").tolist()
    assert a.label_strings("xpos").tolist() == b.label_strings("xpos").tolist()


_CHATTY = st.text(alphabet=st.sampled_from(list("ab xy0&@+<>[]/=:.?!,()|~$*%\t\n\"“‡„'-")),
                  max_size=200)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(main=_CHATTY, mor=_CHATTY, gra=_CHATTY)
def test_fuzz_tiers(main, mor, gra):
    text = f"@Begin\n@Participants:\tMOT Mother\n*MOT:\t{main}\n%mor:\t{mor}\n%gra:\t{gra}\n@End\n"
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f.cha"
        p.write_text(text, encoding="utf-8")
        try:
            c = read([p], on_error="skip")
        except CorpusFormatError:
            return
        for col in ("head", "head@xgrt"):
            if col in c.tokens:
                assert (c.tokens[col].values <= c.lengths.max(initial=0)).all()


def _owed_on_any_bytes(p: Path) -> None:
    """What the reader owes on any file: a corpus whose report names the file and whose
    tokens all sit in its sentences, or a CorpusFormatError naming the file; under
    on_error="skip" always a corpus, and a fault that "fail" raised is counted there with
    an example naming the file, never accepted without a word."""
    try:
        c, err = read([p]), None
    except CorpusFormatError as exc:
        c, err = None, exc
    if err is None:
        assert c.report.files == [str(p)]
        assert c.n_tokens == len(c.forms) == int(c.lengths.sum())
    else:
        assert err.path == str(p) and str(err).startswith(f"{p}:"), str(err)
    s = read([p], on_error="skip")
    assert s.report.files == [str(p)]
    assert s.n_tokens == len(s.forms) == int(s.lengths.sum())
    if err is not None:
        assert any(v.startswith(str(p)) for v in s.report.examples.values()), (str(err),
                                                                                s.report)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300) | st.text(st.characters(blacklist_categories=("Cs",)),
                                         max_size=300).map(str.encode))
def test_fuzz_bytes(data):
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f.cha"
        for text in (b"@Begin\n" + data, data):
            p.write_bytes(text)
            _owed_on_any_bytes(p)


# ---- real data (skipped when ../shared/data is absent) -------------------------

def test_real_manchester_file():
    p = shared_path("childes", "eng-uk", "Manchester", "becky", "becky01a.cha")
    c = read([p])
    assert c.report.counts["unaligned_mor"] == 0
    assert c.report.counts["unaligned_gra"] == 0
    s = c.sentence(0)
    assert s.strings("form")[:3] == ["do", "you", "want"]
    assert s.meta("age_days") == 737  # @ID CHI 2;0.07
    assert s.meta("document") == "manchester/becky01a"
    # every aligned utterance: tokens = %mor items with clitics split; heads in range
    heads = c.tokens["head"].values
    assert heads.max() <= c.lengths.max()


def test_real_eve_xgrt():
    p = shared_path("childes", "eve", "eve01.cha")
    c = read([p], on_error="skip")
    counts = c.report.counts
    assert "head@xgrt" in c.tokens and "deprel@xgrt" in c.tokens
    assert counts["aligned_gra"] > 0.95 * counts["utterances"]
    assert counts["aligned_xgrt"] > 0.85 * counts["utterances"]
    assert c.sentence(0).meta("age_days") == 365 + 182  # 1;6.: floor(365.25 + 6 * 30.4375)


def test_real_eve06_grt():
    p = shared_path("childes", "eve", "eve06.cha")
    # eve06 line 391: a %gra tier numbered 1..5 then 1..8 again is a fault named at its line
    with pytest.raises(CorpusFormatError, match=r"eve06.cha:391: the %gra tier"):
        read([p])
    c = read([p], on_error="skip")
    assert c.report.examples["unaligned_gra"].endswith("eve06.cha:391")
    assert c.report.examples["unaligned_mor"].endswith("eve06.cha:499")
    assert c.report.counts["aligned_xgrt"] > 0.75 * c.report.counts["utterances"]


def test_real_estonian():
    p = shared_path("childes", "estonian", "adf_adm01.cha")
    c = read([p])
    assert "xpos" not in c.tokens
    assert c.n_sentences > 100
    assert c.sentence(0).strings("form")[-1] == "?"


def test_mor_prefix_and_markers(tmp_path):
    p = tmp_path / "p.cha"
    p.write_text("@UTF8\n@Begin\n@Participants:\tMOT Mother\n*MOT:\tyes (.) ‡ undo it .\n"
                 "%mor:\tco|yes voc|‡ un#v|do pro|it .\n"
                 "%gra:\t1|2|COM 2|0|ROOT 3|2|OBJ 4|2|PUNCT\n@End\n")
    (u,) = iter_sentences(p)
    # prefix moves to the lemma; eve06-style voc|‡ is the vocative marker;
    # %gra without a token for ‡ is realigned over the other tokens
    assert u.tokens["xpos"] == ["co", "beg", "v", "pro", "."]
    assert u.tokens["lemma"][2] == "un#do"
    assert u.tokens["head"] == [3, -1, 0, 3, 3]


def test_two_target_children_each_their_own_age(tmp_path):
    """Twins (two Target_Child @IDs, 2;0.0 and 3;0.0 by hand = 730 and 1095 days under the
    'days' convention, as parse_age gives): each child's utterances carry its own age, the
    mother's the first child's (every utterance had the first child's age)."""
    p = tmp_path / "twins.cha"
    p.write_text("@UTF8\n@Begin\n@Languages:\teng\n"
                 "@Participants:\tCHI Ann Target_Child , BRO Bob Target_Child , MOT Mother\n"
                 "@ID:\teng|toy|CHI|2;0.0|female|||Target_Child|||\n"
                 "@ID:\teng|toy|BRO|3;0.0|male|||Target_Child|||\n"
                 "@ID:\teng|toy|MOT|||||Mother|||\n"
                 "*CHI:\tmore .\n*BRO:\tmine .\n*MOT:\tyes .\n@End\n")
    ages = (parse_age("2;0.0"), parse_age("3;0.0"))
    assert ages == (730, 1095)
    for c in (read_corpus(p), read_corpus(p, jobs=1)):
        got = [c.sentence(i).meta("age_days") for i in range(3)]
        assert got == [ages[0], ages[1], ages[0]]
        assert [c.sentence(i).meta("role") for i in range(3)] == ["Target_Child"] * 2 + ["Mother"]
    assert [u.meta["age_days"] for u in iter_utterances(p)] == [ages[0], ages[1], ages[0]]


def test_utterance_without_mor_is_counted_and_its_terminator_is_punctuation(tmp_path):
    """An utterance without %mor in a tagged transcript is kept untagged and counted; its
    final "." is punctuation under the detected CHILDES policy (it was a word for WOPA)."""
    from induceval.corpus.transforms import punctuation_mask, resolve_punct_policy
    from induceval.corpus.utterances import utterances_from_corpus

    p = tmp_path / "t.cha"
    p.write_text("@UTF8\n@Begin\n@Participants:\tCHI Ann Target_Child , MOT Mother\n"
                 "*MOT:\tyou want more ?\n%mor:\tpro|you v|want qn|more ?\n"
                 "*MOT:\tlook .\n"
                 "*CHI:\tmore cookie .\n%mor:\tqn|more n|cookie .\n@End\n")
    c = read_corpus(p)
    assert c.report.counts["utterances_without_mor"] == 1
    punct = resolve_punct_policy(c)
    assert punct == "childes"
    assert punctuation_mask(c, punct).tolist() == [False] * 3 + [True, False, True] \
        + [False, False, True]
    u, _ = utterances_from_corpus(c, punct=punct)
    assert u.as_lists()[1] == [".", "look"]


@pytest.mark.parametrize("ending", [".cha", ".txt", ".conllu"])
def test_files_named_alike_in_two_folders_are_two_documents(tmp_path, ending):
    """Gleason keeps one folder per setting with files named after the child: read as one
    corpus, andy.cha of Dinner/ and of Father/ were one document with repeated ids."""
    text = {".cha": "@UTF8\n@Begin\n@Participants:\tCHI Andy Target_Child , MOT Mother\n"
                    "@ID:\teng|gleason|CHI|3;0.0|male|||Target_Child|||\n"
                    "*MOT:\thi there .\n*CHI:\tbye .\n@End\n",
            ".txt": "hi there .\nbye .\n",
            ".conllu": "".join(f"1\t{w}\t_\tINTJ\t_\t_\t0\troot\t_\t_\n\n" for w in ("hi", "bye"))}
    for folder in ("Dinner", "Father"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / f"andy{ending}").write_text(text[ending])
    c = read_corpus(tmp_path)
    docs = [c.sentence(i).meta("document") for i in range(c.n_sentences)]
    prefix = "gleason/" if ending == ".cha" else ""
    assert docs == [f"{prefix}Dinner/andy"] * 2 + [f"{prefix}Father/andy"] * 2
    ids = [c.sentence(i).meta("sent_id") for i in range(c.n_sentences)]
    assert ids == [None] * 4 or len(set(ids)) == 4
    assert c.report.counts["documents named by their path (files share a name)"] == 2
    assert read_corpus(tmp_path / "Dinner").sentence(0).meta("document") == f"{prefix}andy"


def test_a_tier_fault_stops_only_reads_that_need_the_tier():
    """conventions.cha has an unaligned %mor (line 43) and an unaligned %gra (line 46)."""
    cha = CHAT / "conventions.cha"
    for needs in (None, ["form", "head"], ["form", "xpos"]):
        with pytest.raises(CorpusFormatError, match="conventions.cha:43"):
            read_corpus(cha, needs=needs)
    words = read_corpus(cha, needs=["form"])
    assert words.report.counts["unaligned_mor"] == 1
    assert words.report.examples["unaligned_gra"].endswith("conventions.cha:46")
    skipped = read_corpus(cha, on_error="skip")
    assert words.tokens["form"].strings() == skipped.tokens["form"].strings()
    assert list(iter_utterances(cha, needs=["form"]))


def test_an_implausible_target_child_age_is_flagged(tmp_path):
    """'28;0.' (a typo for 2;8 in a real header) is kept but counted with its file."""
    from induceval.corpus.readers._chat_file import IMPLAUSIBLE_AGE

    p = tmp_path / "old.cha"
    p.write_text("@UTF8\n@Begin\n@Participants:\tCHI Ann Target_Child , MOT Mother\n"
                 "@ID:\teng|toy|CHI|28;0.|female|||Target_Child|||\n*CHI:\tmore .\n@End\n")
    c = read_corpus(p)
    assert c.sentence(0).meta("age_days") == parse_age("28;0.")
    assert c.report.counts[IMPLAUSIBLE_AGE] == 1
    assert c.report.examples[IMPLAUSIBLE_AGE].startswith(str(p))
    usual = read_corpus(CHAT / "conventions.cha", on_error="skip")
    assert IMPLAUSIBLE_AGE not in usual.report.counts
