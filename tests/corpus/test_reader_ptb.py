"""Tests of the Penn Treebank bracketed-tree reader (``induceval.corpus.readers.ptb``)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from induceval.cli.main import main
from induceval.corpus.model import Corpus
from induceval.corpus.readers import detect_format, ptb, read_corpus
from induceval.errors import CorpusFormatError
from tests.conftest import FIXTURES, shared_path

TINY = FIXTURES / "readers" / "tiny.mrg"

# Hand-read from tests/fixtures/readers/tiny.mrg: leaves in order, -NONE- left out.
TINY_FORMS = [
    ["Pierre", "Vinken", ",", "is", "-LRB-", "chairman", "-RRB-", "."],
    ["What", "did", "he", "say", "?"],
    ["``", "Go", "!", "''"],
]
TINY_TAGS = [
    ["NNP", "NNP", ",", "VBZ", "-LRB-", "NN", "-RRB-", "."],
    ["WP", "VBD", "PRP", "VB", "."],
    ["``", "VB", ".", "''"],
]


def _write(tmp_path: Path, text: str | bytes, name: str = "f.mrg") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def _strings(corpus: Corpus, col: str) -> list[list[str]]:
    return [corpus.sentence(i).strings(col) for i in range(corpus.n_sentences)]


# -- the hand-written fixture ----------------------------------------------------

def test_tiny_forms_and_tags():
    c = ptb.read(TINY)
    assert _strings(c, "form") == TINY_FORMS
    assert _strings(c, "xpos") == TINY_TAGS
    assert c.n_tokens == 17
    # two traces: *T*-1 in tree 2, * (PRO subject) in tree 3
    assert c.report.counts["empty_elements"] == 2
    assert not c.report.skipped


def test_tiny_sentence_columns():
    c = ptb.read(TINY)
    assert [c.sentence(i).meta("sent_id") for i in range(3)] == ["tiny:1", "tiny:2", "tiny:3"]
    assert {c.sentence(i).meta("document") for i in range(3)} == {"tiny"}
    assert c.sentence(0).meta("language") == "en"
    assert ptb.read(TINY, language="xx").sentence(0).meta("language") == "xx"


def test_registered_and_detected():
    assert detect_format(TINY) == "ptb"
    c = read_corpus(TINY.parent, format="ptb")
    assert _strings(c, "form") == TINY_FORMS


def test_iter_sentences_streams_before_a_later_error(tmp_path):
    p = _write(tmp_path, "((S (NN a) (. .)))\n((S (NN b)\n")
    it = ptb.iter_sentences(p)
    tokens, meta = next(it)  # the first tree comes out before the bad one is parsed
    assert tokens == {"form": ["a", "."], "xpos": ["NN", "."]}
    assert meta == {"sent_id": "f:1", "document": "f", "language": "en"}
    with pytest.raises(CorpusFormatError, match="not closed"):
        next(it)


def test_bom_crlf_and_one_line_trees(tmp_path):
    p = _write(tmp_path, b"\xef\xbb\xbf((S (NN a)\r\n  (VBZ is)))\r\n(NP (NN b))(X (NN c))")
    c = ptb.read(p)
    assert _strings(c, "form") == [["a", "is"], ["b"], ["c"]]


def test_tree_of_only_empty_elements_is_counted(tmp_path):
    p = _write(tmp_path, "((S (-NONE- *)))\n((S (NN a)))\n")
    c = ptb.read(p)
    assert _strings(c, "form") == [["a"]]
    assert c.sentence(0).meta("sent_id") == "f:2"  # numbering counts every tree
    assert c.report.counts["trees_without_words"] == 1
    assert c.report.counts["empty_elements"] == 1


# -- errors ---------------------------------------------------------------------------

# (text, line, reason, part of the message, text shown, forms kept by on_error="skip");
# lines counted by hand
B = "((X (NN b)))\n"  # a good tree after the bad one: reading must resume there
ERRORS = [
    ("((S (NN a)))\n((S (NN b))\n", 2, "unbalanced parentheses", "end of the file",
     "((S (NN b))", ["a"]),
    ("((S (NN a))\n" + B, 1, "unbalanced parentheses", "next tree at line 2",
     "((S (NN a))", ["b"]),
    ("((S (NN a)))\n)\n" + B, 2, "unbalanced parentheses", "outside any tree", ")", ["a", "b"]),
    ("((S\n  (NP Pierre Vinken)))\n" + B, 2, "bad leaf", "'Vinken'", "(NP Pierre Vinken)))",
     ["b"]),
    ("((S (NN a)\n (word)))\n" + B, 2, "bad leaf", "(word)", "(word)))", ["b"]),
    ("((S (NN a)\n ()))\n" + B, 2, "bad leaf", "empty bracket", "()))", ["b"]),
    ("((S (NP (NN a)) word))\n" + B, 1, "bad leaf", "'word'", "((S (NP (NN a)) word))", ["b"]),
    ("((S (NN a (NN b))))\n" + B, 1, "bad leaf", "'a'", "((S (NN a (NN b))))", ["b"]),
    ("((S (NN a)))\nhello there\n" + B, 2, "text outside a tree", "expected '('",
     "hello there", ["a", "b"]),
    (b"((S (NN a)))\n\n((S (NN \xff)))\n" + B.encode(), 3, "bad UTF-8", "UTF-8",
     "((S (NN \\xff)))", ["a", "b"]),
    ("( (S (NN a))\n  (S (NN z)) )\n" + B, 2, "several trees in one wrapper", "second tree",
     "(S (NN z)) )", ["b"]),
]
FIELDS = ("text", "line", "reason", "message", "shown", "kept")


@pytest.mark.parametrize(FIELDS, ERRORS)
def test_errors_fail(tmp_path, text, line, reason, message, shown, kept):
    p = _write(tmp_path, text)
    with pytest.raises(CorpusFormatError) as info:
        ptb.read(p)
    err = info.value
    assert (err.path, err.line, err.text) == (str(p), line, shown)
    assert message in err.reason


@pytest.mark.parametrize(FIELDS, ERRORS)
def test_errors_skip_resynchronise(tmp_path, text, line, reason, message, shown, kept):
    p = _write(tmp_path, text)
    c = ptb.read(p, on_error="skip")
    assert c.report.skipped == {reason: 1}
    assert c.report.examples[reason].startswith(f"{p}:{line}: ")
    assert _strings(c, "form") == [[w] for w in kept]


def test_two_trees_in_one_wrapper_are_refused_not_merged(tmp_path):
    p = _write(tmp_path, "( (S (NN a)) (S (NN b)) )\n((S (NN c)))\n")
    with pytest.raises(CorpusFormatError, match=r"f\.mrg:1: a second tree in one unlabelled "
                       r"wrapper"):
        ptb.read(p)
    c = ptb.read(p, on_error="skip")
    assert _strings(c, "form") == [["c"]]
    assert c.report.skipped == {"several trees in one wrapper": 1}
    # a labelled root is one tree, whatever it holds
    p = _write(tmp_path, "(ROOT (S (NN a)) (S (NN b)))\n")
    assert _strings(ptb.read(p), "form") == [["a", "b"]]


def test_skip_resynchronises_on_brackets_alone(tmp_path):
    p = _write(tmp_path, "((S (NP Pierre Vinken) (NN x)))((X (NN b))) stray ((Y (NN c)))")
    c = ptb.read(p, on_error="skip", new_tree_at_line_start=False)
    assert _strings(c, "form") == [["b"], ["c"]]
    assert c.report.skipped == {"bad leaf": 1, "text outside a tree": 1}


def test_skip_keeps_later_trees_after_unclosed_tree(tmp_path):
    p = _write(tmp_path, "((S (NN a)\n((S (NN b)))\n((S (NN c)))\n")
    c = ptb.read(p, on_error="skip")
    assert _strings(c, "form") == [["b"], ["c"]]
    assert [c.sentence(i).meta("sent_id") for i in range(2)] == ["f:2", "f:3"]


def test_new_tree_at_line_start_option(tmp_path):
    p = _write(tmp_path, "((S\n(NN a)\n(NN b)))\n")
    with pytest.raises(CorpusFormatError, match="not closed before the next tree"):
        ptb.read(p)
    c = ptb.read(p, new_tree_at_line_start=False)
    assert _strings(c, "form") == [["a", "b"]]


def test_bad_on_error_value():
    with pytest.raises(ValueError, match="on_error"):
        ptb.read(TINY, on_error="ignore")


# -- properties -------------------------------------------------------------------------

SETTINGS = settings(max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PIECES = st.sampled_from(["(", ")", "((", "))", " ", "\n", "NN", "-NONE-", "*T*-1", "word",
                          "(NN x)", "\r\n", "é", "\xff", "\ufeff", "-LRB-", "``"])


def _read_both(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "f.mrg"
        p.write_bytes(data)
        try:
            c = ptb.read(p)
        except CorpusFormatError as err:
            assert err.path == str(p) and err.line is not None
        else:
            assert isinstance(c, Corpus)
        c = ptb.read(p, on_error="skip")  # never raises
        assert c.n_tokens == len(c.forms) == int(c.lengths.sum())
        assert (c.lengths > 0).all()


@SETTINGS
@given(st.binary(max_size=200))
def test_fuzz_arbitrary_bytes(data):
    _read_both(data)


@SETTINGS
@given(st.lists(PIECES, max_size=50))
def test_fuzz_near_valid_text(pieces):
    _read_both(b"".join(b"\xff" if x == "\xff" else x.encode() for x in pieces))


_WORD = st.text(st.characters(whitelist_categories=("L", "N", "P", "S"),
                              blacklist_characters="()"), min_size=1, max_size=4)
_LEAF = st.tuples(st.sampled_from(["NN", "VB", ".", "-LRB-", "-NONE-"]), _WORD)
_TREE = st.recursive(_LEAF, lambda kids: st.tuples(st.sampled_from(["S", "NP", "VP"]),
                                                   st.lists(kids, min_size=1, max_size=3)),
                     max_leaves=12)


def _render(tree, ws) -> str:
    label, rest = tree
    if isinstance(rest, str):
        return f"({label} {rest})"
    return f"({label}{ws}" + ws.join(_render(k, ws) for k in rest) + ")"


def _leaves(tree) -> list[tuple[str, str]]:
    label, rest = tree
    if isinstance(rest, str):
        return [] if label == "-NONE-" else [(rest, label)]
    return [x for k in rest for x in _leaves(k)]


@settings(max_examples=40, deadline=None)
@given(st.lists(_TREE, min_size=1, max_size=4), st.sampled_from([" ", "\n  ", "\t"]))
def test_round_trip_generated_trees(trees, ws):
    """Trees written in PTB layout read back as their non-empty leaves, in order."""
    text = "".join(f"( {_render(t, ws)} )\n" for t in trees)
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "g.mrg"
        p.write_text(text, encoding="utf-8")
        c = ptb.read(p)
    expected = [lv for t in trees if (lv := _leaves(t))]
    got = [list(zip(f, x, strict=True)) for f, x in zip(_strings(c, "form"),
                                                         _strings(c, "xpos"), strict=True)]
    assert got == expected


# -- real data ---------------------------------------------------------------------------

def test_real_ptb_sample_matches_dependency_sample():
    combined = shared_path("ptb", "treebank-sample", "combined")
    deps = shared_path("ptb", "dependency-treebank-sample")
    c = read_corpus(combined)  # auto: the .mrg ending; README skipped
    assert len(c.report.files) == 199
    assert c.n_sentences == 3914  # data README: 3,914 sentences
    assert not c.report.skipped
    d = read_corpus(deps, format="malt")
    # the dependency sample is the same sentences with traces removed: 94,084 tokens,
    # and the same forms and tags token for token (measured when this test was written)
    assert c.n_tokens == d.n_tokens == 94084
    assert c.lengths.tolist() == d.lengths.tolist()
    assert list(c.label_strings("form")) == list(d.label_strings("form"))
    assert list(c.label_strings("xpos")) == list(d.label_strings("xpos"))
    assert len(c.inventory("xpos")) == 45  # the 45 PTB tags (36 POS + 9 punctuation)


def test_cli_info_on_ptb(tmp_path):
    out = tmp_path / "info.json"
    assert main(["info", str(TINY), "--format", "json", "-o", str(out)]) == 0
    d = json.loads(out.read_text())["corpora"][0]
    assert (d["sentences"], d["tokens"]) == (3, 17)
