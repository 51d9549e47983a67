"""CHILDES transforms (child-directed speech, clitic splitting) and tag sets."""

from __future__ import annotations

import pytest

from induceval.corpus.model import CorpusBuilder
from induceval.corpus.readers.chat import read
from induceval.corpus.tagsets.childes import (
    COLLAPSED_CATEGORIES,
    PUNCT_POS,
    add_childes_tagsets,
    collapsed_tag,
    stripped_tag,
)
from induceval.corpus.transforms.childes import (
    select_child_directed,
    split_clitics,
    split_contraction,
)
from induceval.errors import ParameterError
from tests.conftest import FIXTURES, shared_path

CHAT = FIXTURES / "chat"


def test_select_child_directed_fixture():
    c = read([CHAT / "conventions.cha"], on_error="skip", empty="keep")
    d = select_child_directed(c)
    # 14 utterances: 1 CHI, 2 with xxx, 1 with no word ("0 [=! laughs] .")
    assert d.n_sentences == 10
    assert d.report.counts["utterances dropped: child"] == 1
    assert d.report.counts["utterances dropped: unintelligible"] == 2
    assert d.report.counts["utterances dropped: no words"] == 1
    assert "CHI" not in {s.meta("speaker") for s in d}
    keep_unk = select_child_directed(c, drop_unintelligible=False, drop_empty=False)
    assert keep_unk.n_sentences == 13


def test_select_by_token_when_no_column():
    b = CorpusBuilder()
    b.add_sentence({"form": ["get", "xxx", "."]}, {"speaker": "MOT"})
    b.add_sentence({"form": ["get", "it", "."]}, {"speaker": "MOT"})
    b.add_sentence({"form": ["it", "."]}, {"speaker": "CHI"})
    d = select_child_directed(b.build())
    assert [s.strings("form") for s in d] == [["get", "it", "."]]


def test_split_contraction_rule():
    # Penn Treebank tokenisation of contractions
    cases = {"don't": ["do", "n't"], "can't": ["ca", "n't"], "won't": ["wo", "n't"],
             "it's": ["it", "'s"], "we're": ["we", "'re"], "I'm": ["I", "'m"],
             "they'll": ["they", "'ll"], "you'd": ["you", "'d"], "I've": ["I", "'ve"],
             "shouldn't've": ["should", "n't", "'ve"], "o'clock": ["o'clock"],
             "'cause": ["'cause"], "dog": ["dog"], "n't": ["n't"]}
    for word, parts in cases.items():
        assert split_contraction(word) == parts, word


def test_split_clitics_roundtrip_with_reader():
    """Reading with split_clitics=False then splitting gives the reader's own split
    for words whose apostrophe marks the clitic."""
    merged = read([CHAT / "conventions.cha"], split_clitics=False, on_error="skip", empty="keep")
    split = read([CHAT / "conventions.cha"], on_error="skip", empty="keep")
    again = split_clitics(merged)
    for i in (0, 2, 5, 6, 8):
        assert again.sentence(i).strings("form") == split.sentence(i).strings("form"), i
        assert again.sentence(i).strings("xpos") == split.sentence(i).strings("xpos"), i
    # heads: the host keeps the word's attachment, the clitic attaches to its host
    assert again.sentence(2).strings("head") == [4, 1, 4, 0, 4, 5, 4]
    assert again.sentence(2).strings("deprel")[1] is None
    assert again.report.counts["clitics split"] == 3  # it's, let's, can't


def test_split_clitics_drop_heads():
    merged = read([CHAT / "conventions.cha"], split_clitics=False, on_error="skip", empty="keep")
    out = split_clitics(merged, heads="drop")
    assert "head" not in out.tokens and "deprel" not in out.tokens
    with pytest.raises(ParameterError):
        split_clitics(merged, heads="keep")


def test_split_clitics_no_change():
    b = CorpusBuilder()
    b.add_sentence({"form": ["a", "dog"]})
    c = b.build()
    assert split_clitics(c) is c


def test_tag_sets():
    # collapsed categories of Frank et al. (2009) Table 1, examples from the table
    examples = {"adj": "ADJ", "adv:tem": "ADV", "co": "OTH", "coord": "CONJ", "det": "DET",
                "det:num": "DET", "inf": "INF", "n": "N", "pro:sub": "N", "neg": "NEG",
                "part": "PART", "prep": "PREP", "qn": "QN", "v": "V", "mod": "V",
                "v:cop": "V", "aux": "V", "int": "OTH", "cm": "PUNCT", "?": "PUNCT"}
    for pos, cat in examples.items():
        assert collapsed_tag(pos) == cat, pos
    assert set(COLLAPSED_CATEGORIES) == {collapsed_tag(p) for p in examples} - {"PUNCT"}
    assert stripped_tag("v|want-3S") == "v" and stripped_tag("dis#adj:part") == "adj:part"
    assert stripped_tag("pro|it~aux|be&3S") == "pro"
    c = add_childes_tagsets(read([CHAT / "conventions.cha"], on_error="skip", empty="keep"))
    assert c.sentence(2).strings("collapsed") == ["N", "V", "ADV", "PART", "V", "N", "PUNCT"]
    assert c.sentence(10).strings("collapsed") == [None] * 7  # unaligned %mor


def test_real_manchester_cds_slice():
    p = shared_path("childes", "eng-uk", "Manchester", "becky")
    files = sorted(p.glob("becky0*.cha"))[:4]
    c = add_childes_tagsets(select_child_directed(read(files)))
    assert c.n_sentences > 1000
    assert "Target_Child" not in {c.sentences["role"].vocab[v] for v in
                                  set(c.sentences["role"].values.tolist())}
    stripped = {k for k in c.inventory("stripped") if k not in PUNCT_POS}
    assert 30 <= len(stripped) <= 53
    assert set(c.inventory("collapsed")) <= set(COLLAPSED_CATEGORIES) | {"PUNCT"}
