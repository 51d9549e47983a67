"""The CHAT reader on real transcript lines: pause markers, retracings, omitted words,
utterances without words, ages, language precodes, malformed tiers and metadata, each
from a minimal hand-written ``.cha`` that reproduces the real line it cites (Eve files
under ``../shared/data/childes/eve``; Adam, Sarah, Bloom73, Aksu are not in
``shared/data``, so their cases are written from a description of the line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from induceval.corpus.model import age_in_days
from induceval.corpus.readers import read_corpus
from induceval.corpus.readers.chat import iter_utterances, read
from induceval.errors import CorpusFormatError
from induceval.experiments.wopa import adult_to_child, self_prediction
from induceval.measures.wopa import accuracy_by_day
from tests.conftest import shared_path

HEAD = ("@UTF8\n@Begin\n@Languages:\teng\n"
        "@Participants:\tCHI Eve Target_Child , MOT Mother\n"
        "@ID:\teng|brown|CHI|1;6.|female|||Target_Child|||\n"
        "@ID:\teng|brown|MOT|||||Mother|||\n")


def _cha(tmp_path: Path, body: str, name: str = "t.cha", head: str = HEAD) -> Path:
    p = tmp_path / name
    p.write_text(head + body + "@End\n", encoding="utf-8")
    return p


def test_pause_glued_to_marker(tmp_path):
    # eve01.cha line 3275 (also eve02:1299, eve04:4536, eve08:2622, eve17:9771):
    # "(.)‡" gave a token ".‡" and the utterance lost its %mor and %gra
    p = _cha(tmp_path, "*MOT:\twell (.)‡ we find it .\n"
                       "%mor:\tco|well beg|beg pro:sub|we v|find pro|it .\n"
                       "%gra:\t1|4|COM 2|1|BEGP 3|4|SUBJ 4|0|ROOT 5|4|OBJ 6|4|PUNCT\n"
                       "*CHI:\tMommy (.)„ you read .\n"
                       "%mor:\tn:prop|Mommy end|end pro|you v|read&ZERO .\n"
                       "%gra:\t1|4|VOC 2|1|ENDP 3|4|SUBJ 4|0|ROOT 5|4|PUNCT\n")
    c = read([p])
    assert c.sentence(0).strings("form") == ["well", "‡", "we", "find", "it", "."]
    assert c.sentence(0).strings("xpos") == ["co", "beg", "pro:sub", "v", "pro", "."]
    assert c.sentence(0).strings("head") == [4, 1, 4, 0, 4, 4]
    assert c.sentence(1).strings("form") == ["Mommy", "„", "you", "read", "."]
    assert c.report.counts["unaligned_mor"] == 0 and c.report.counts["aligned_gra"] == 2


def test_retrace_after_pause(tmp_path):
    # eve06.cha line 1391: "no (.) [/] no ." retraces the first "no"
    p = _cha(tmp_path, "*MOT:\tno (.) [/] no .\n%mor:\tco|no .\n%gra:\t1|0|INCROOT 2|1|PUNCT\n")
    c = read([p])
    assert c.sentence(0).strings("form") == ["no", "."]
    assert c.sentence(0).strings("head") == [0, 1]


def test_spoken_word_marked_omitted_in_mor(tmp_path):
    # adam19.cha line 30: "I going [?] come ." with %mor 0part|going: "going" was spoken
    p = _cha(tmp_path, "*CHI:\tI going [?] come .\n%mor:\tpro:sub|I 0part|going v|come .\n"
                       "%gra:\t1|3|SUBJ 2|3|AUX 3|0|ROOT 4|3|PUNCT\n")
    c = read([p])
    assert c.sentence(0).strings("form") == ["I", "going", "come", "."]
    assert c.sentence(0).strings("xpos") == ["pro:sub", "part", "v", "."]
    assert c.sentence(0).strings("head") == [3, 3, 0, 3]
    assert c.report.counts["spoken_words_marked_omitted"] == 1
    assert c.report.counts["omitted_words"] == 0


def test_utterances_without_words(tmp_path):
    # Adam/Sarah: "0 .", "&hmm ?", "xxx ." became one-token sentences holding the terminator
    body = ("*CHI:\t0 .\n%mor:\t.\n%gra:\t1|0|PUNCT\n"
            "*MOT:\t&hmm ?\n%mor:\t?\n%gra:\t1|0|PUNCT\n"
            "*CHI:\txxx .\n%mor:\t.\n%gra:\t1|0|PUNCT\n"
            "*MOT:\tyes .\n%mor:\tco|yes .\n%gra:\t1|0|ROOT 2|1|PUNCT\n")
    p = _cha(tmp_path, body)
    c = read([p])
    assert c.n_sentences == 1 and c.sentence(0).strings("form") == ["yes", "."]
    assert c.report.skipped["utterances without words"] == 3
    assert c.report.examples["utterances without words"].endswith("t.cha:7")
    assert c.report.counts["utterances"] == 4
    kept = read([p], empty="keep")
    assert kept.n_sentences == 4 and kept.lengths.tolist() == [0, 0, 0, 2]
    assert [s.meta("unintelligible") for s in kept] == ["no", "no", "yes", "no"]
    assert kept.report.counts["utterances without words (kept as empty sentences)"] == 3
    utts = list(iter_utterances(p, empty="keep"))
    assert [u.tokens["form"] for u in utts] == [[], [], [], ["yes", "."]]
    assert len(list(iter_utterances(p))) == 1
    # info reports them
    from induceval.corpus.stats import describe
    d = describe(c)
    assert d["report"]["skipped"]["utterances without words"] == 3
    assert describe(kept)["empty_sentences"] == 3


def test_ages_monotonic(tmp_path):
    # Sarah's sessions 086/087 (3;11.29 / 4;0.05) got the same day under y*365+m*31+d
    days = []
    for i, age in enumerate(("3;11.29", "4;0.05")):
        head = HEAD.replace("1;6.", age)
        days.append(read([_cha(tmp_path, "*MOT:\thi .\n", f"s{i}.cha", head)]).sentence(0)
                    .meta("age_days"))
    assert days == [1459, 1466]
    paper = [read([tmp_path / f"s{i}.cha"], ages="chang2006").sentence(0).meta("age_days")
             for i in range(2)]
    assert paper == [1465, 1465]  # the paper's approximation, kept as an option
    # monotonic over every age with days up to 30, strictly for days up to 29
    seq = [age_in_days(y, m, d) for y in range(6) for m in range(12) for d in range(31)]
    assert all(a <= b for a, b in zip(seq, seq[1:]))
    seq29 = [age_in_days(y, m, d) for y in range(6) for m in range(12) for d in range(30)]
    assert all(a < b for a, b in zip(seq29, seq29[1:]))


def test_age_of_target_child_whatever_its_role(tmp_path):
    # Bloom73 / Brent / Morisset: the child's @ID role is not Target_Child
    head = ("@Begin\n@Participants:\tALL Allison Child , MOT Mother\n"
            "@ID:\teng|bloom73|ALL|1;4.21|female|||Child|||\n"
            "@ID:\teng|bloom73|MOT|||||Mother|||\n")
    p = _cha(tmp_path, "*MOT:\tyou want the cookie .\n*ALL:\tcookie want .\n"
                       "*ALL:\twant cookie .\n", head=head)
    c = read([p])
    assert c.sentence(0).meta("age_days") == age_in_days(1, 4, 21)
    assert c.sentence(1).meta("role") == "Target_Child"
    assert c.report.counts["target child by role 'Child' (files)"] == 1
    # wopa --test adult-child no longer fails with "no target-child lines"
    (r,) = adult_to_child(c, ["lexstat"])
    assert r.n_scored == 2
    # Belfast rachel8.cha: no age in @ID, but @Birth of RAC and @Date
    head2 = ("@Begin\n@Participants:\tMOT Mother , RAC Child\n"
             "@ID:\teng|belfast|MOT|||||Mother|||\n@ID:\teng|belfast|RAC|||||Child|||\n"
             "@Birth of RAC:\t09-JUN-1993\n@Date:\t05-JUN-1996\n")
    c2 = read([_cha(tmp_path, "*MOT:\thi .\n", "r.cha", head2)])
    assert c2.sentence(0).meta("age_days") == age_in_days(2, 11, 27)


def test_missing_ages_counted_and_by_day_runs(tmp_path):
    # sarah113: 566 utterances without an age and nothing said so
    dated = _cha(tmp_path, "*MOT:\tit is here .\n*CHI:\there it is .\n", "a.cha")
    undated_head = HEAD.replace("|1;6.|", "||")
    undated = _cha(tmp_path, "*MOT:\there it is .\n*CHI:\tit is here .\n", "b.cha",
                   undated_head)
    c = read([dated, undated])
    assert c.report.counts["utterances without age"] == 2
    assert c.report.counts["files without the target child's age"] == 1
    assert c.report.examples["utterances without age"].endswith("b.cha")
    (r,) = adult_to_child(c, ["lexstat"], ties="pessimistic")
    days = accuracy_by_day(r, c)
    assert [d["age_days"] for d in days] == [age_in_days(1, 6)] and days[0]["scored"] == 1
    assert r.counts["undated"] == 1
    with pytest.raises(Exception, match="no age"):
        accuracy_by_day(r, c, undated="fail")


def test_language_precode(tmp_path):
    # Aksu (Turkish): 21 English utterances "[- eng] ..." were labelled tur
    head = ("@Begin\n@Languages:\ttur, eng\n@Participants:\tCHI Child , MOT Mother\n"
            "@ID:\ttur|aksu|CHI|2;0.|||||Target_Child|||\n@ID:\ttur|aksu|MOT|||||Mother|||\n")
    p = _cha(tmp_path, "*MOT:\t[- eng] look at that .\n*MOT:\tbak şuna .\n", head=head)
    c = read([p])
    assert [s.meta("language") for s in c] == ["eng", "tur"]
    assert c.sentence(0).strings("form") == ["look", "at", "that", "."]
    assert next(iter_utterances(p)).meta["language"] == "eng"


def test_wopa_unintelligible_counts_scored_speakers_only(tmp_path):
    # Adam: 1,235 counted where 168 adult utterances are flagged
    p = _cha(tmp_path, "*MOT:\tit is xxx here .\n*MOT:\there it is .\n*MOT:\tit is here .\n"
                       "*CHI:\txxx it is .\n*CHI:\tit xxx is .\n*CHI:\tit is .\n")
    c = read([p])
    (s,) = self_prediction(c, ["lexstat"])
    (a,) = adult_to_child(c, ["lexstat"])
    assert s.counts["unintelligible_dropped"] == 1  # the adults' line
    assert a.counts["unintelligible_dropped"] == 2  # the child's lines


@pytest.mark.parametrize("tiers, key, line", [
    # %mor one item short: cannot be aligned
    ("%mor:\tpro|it .\n", "unaligned_mor", 7),
    # %gra heads outside the utterance
    ("%mor:\tpro|it v|go .\n%gra:\t1|2|SUBJ 2|0|ROOT 3|9|PUNCT\n", "unaligned_gra", 7),
    # no tab after "%mor:"
    ("%mor: pro|it v|go .\n", "mor_without_tab", 7),
    ("%mor:\tpro|it v|go .\n%gra: 1|2|SUBJ 2|0|ROOT 3|2|PUNCT\n", "gra_without_tab", 7),
    # a tier twice
    ("%mor:\tpro|it v|go .\n%mor:\tpro|it v|go .\n", "duplicate_mor", 7),
    ("%mor:\tpro|it v|go .\n%gra:\t1|2|SUBJ 2|0|ROOT 3|2|PUNCT\n"
     "%gra:\t1|2|SUBJ 2|0|ROOT 3|2|PUNCT\n", "duplicate_gra", 7),
])
def test_tier_errors(tmp_path, tiers, key, line):
    # a malformed tier is counted with its file:line, a CorpusFormatError under on_error="fail"
    p = _cha(tmp_path, "*MOT:\tit goes .\n" + tiers)
    with pytest.raises(CorpusFormatError, match=rf"t.cha:{line}: "):
        read([p])
    with pytest.raises(CorpusFormatError):
        list(iter_utterances(p))
    c = read([p], on_error="skip")
    assert c.report.counts[key] == 1
    assert c.report.examples[key] == f"{p}:{line}"
    assert c.sentence(0).strings("form") == ["it", "goes", "."]


def test_tier_error_first_in_file_order_with_jobs(tmp_path):
    files = [_cha(tmp_path, "*MOT:\tit goes .\n%mor:\tpro|it v|go .\n", f"f{i:02d}.cha")
             for i in range(10)]
    _cha(tmp_path, "*MOT:\tit goes .\n%mor:\tpro|it .\n", "f07.cha")
    _cha(tmp_path, "*MOT:\tit goes .\n%mor:\tpro|it .\n", "f09.cha")
    with pytest.raises(CorpusFormatError, match="f07.cha:7"):
        read(files, jobs=2)
    a, b = read(files, on_error="skip"), read(files, on_error="skip", jobs=3)
    assert a.report.examples == b.report.examples
    assert a.report.counts == b.report.counts


def test_jobs_identical_on_real_slice():
    d = shared_path("childes", "eng-uk", "Manchester", "becky")
    files = sorted(d.glob("*.cha"))[:12]
    a, b = read(files, jobs=1), read(files, jobs=2)
    assert a.n_sentences == b.n_sentences and (a.offsets == b.offsets).all()
    for k in a.tokens:
        assert a.tokens[k].strings() == b.tokens[k].strings(), k
        if a.tokens[k].vocab is not None:
            assert a.tokens[k].vocab.items == b.tokens[k].vocab.items
    for k in a.sentences:
        assert a.sentences[k].strings() == b.sentences[k].strings(), k
    assert a.report.counts == b.report.counts


def test_real_eve_pause_markers_aligned():
    # the eve utterances with pause markers glued to a marker keep their %mor and %gra
    for name, line in (("eve01.cha", 3275), ("eve02.cha", 1299)):
        c = read([shared_path("childes", "eve", name)])
        sid = c.sentences["sent_id"].strings().index(f"brown/{name[:-4]}:{line}")
        s = c.sentence(sid)
        assert ".‡" not in s.strings("form") and None not in s.strings("xpos")
        assert -1 not in s.strings("head")


def test_read_corpus_passes_options(tmp_path):
    p = _cha(tmp_path, "*CHI:\t0 .\n*MOT:\thi .\n")
    assert read_corpus(p).n_sentences == 1
    assert read_corpus(p, empty="keep").n_sentences == 2


def test_real_metadata_round_trip_through_conllu(tmp_path):
    # metadata survive both ways: CHAT -> CoNLL-U -> the same sentence, token,
    # speaker, role, language and age counts
    from induceval.corpus.readers import conllu
    from induceval.corpus.stats import describe
    from induceval.corpus.writers import write_conllu

    d = shared_path("childes", "eng-uk", "Manchester", "becky")
    a = read(sorted(d.glob("*.cha"))[:3])
    write_conllu(a, tmp_path / "b.conllu")
    da, db = describe(a), describe(conllu.read(tmp_path / "b.conllu"))
    for k in ("sentences", "tokens", "speakers", "roles", "languages", "age_days"):
        assert da[k] == db[k], k


def test_folder_with_childes_metadata_file(tmp_path):
    # every CHILDES folder holds a 0metadata.cdc ("@UTF8", "Title:\t...") that is no
    # transcript: a folder read by content must not hand it to the CHAT reader
    (tmp_path / "0metadata.cdc").write_text("@UTF8\nTitle:\tEnglish Manchester Corpus\n"
                                             "Creator:\tLieven, Elena\t\n")
    _cha(tmp_path, "*MOT:\thi .\n", "a.cha")
    c = read_corpus(tmp_path)
    assert c.n_sentences == 1 and len(c.report.files) == 1


def test_chang2006_ages_option_and_undated_file(tmp_path):
    # the paper's formula is an option of the protocol; an undated file is counted
    from induceval.experiments.chang2006 import run_corpus

    head = HEAD.replace("1;6.", "3;11.29")
    dated = _cha(tmp_path, "*MOT:\tit is here .\n*MOT:\there it is .\n*CHI:\there it is .\n",
                 "a.cha", head)
    undated = _cha(tmp_path, "*MOT:\tit is here .\n*CHI:\tit is here .\n", "b.cha",
                   HEAD.replace("|1;6.|", "||"))
    for ages, day in (("days", 1459), ("chang2006", 1465)):
        out = run_corpus([str(dated), str(undated)], "toy", ["lexstat"], ages=ages,
                         ties="pessimistic")
        assert [d["age_days"] for d in out["days"]["Lexstat"]] == [day]
        assert out["undated"]["Lexstat"] == 1
