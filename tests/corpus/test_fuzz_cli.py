"""The readers' fuzz test: mutated corpus files through the CLI's main function.

Every format (CoNLL-U, CoNLL-X, CHAT, PTB, the 3-column dependency sample,
Brown, plain text) is mutated (cut inside the last line, NUL bytes, huge integers,
bad ranges, CR-only line ends, ...) by the seeded generator
of ``benchmarks/fuzz_readers.py`` (which runs many more cases through the real
command for the closing table), and ``info``, ``info --format json``,
``convert``, ``eval tags`` and ``eval deps`` run on each mutated file.  Every run
ends with exit 0 (a fault counted with its file:line under ``--on-error
skip``) or with one error line naming file and line; never a traceback, never
an input file changed.
"""

from __future__ import annotations

import pytest

from tests.conftest import benchmark_script, shared_path

BAD = ("traceback", "silent acceptance", "unclear error", "input changed")


@pytest.fixture(scope="module")
def fuzz():
    yield from benchmark_script("fuzz_readers")


def _bad_runs(fuzz, cases) -> list[str]:
    bad = []
    for fmt, name, mutation, text in cases:
        for label, kind, why in fuzz.run_case(fmt, mutation, text, fuzz.run_in_process):
            if kind in BAD:
                bad.append(f"{kind}: {name} / {mutation.name} / {label}: {why}")
    return bad


def test_every_mutation_of_the_builtin_samples(fuzz, tmp_path):
    pairs = [(f, m) for f in fuzz.BUILTIN for m in fuzz.MUTATIONS if f in m.formats]
    cases = fuzz.cases(len(pairs), seed=25, data=tmp_path, real=False)
    assert {(f, m.name) for f, _, m, _ in cases} == {(f, m.name) for f, m in pairs}
    assert _bad_runs(fuzz, cases) == []


def test_mutations_of_real_file_slices(fuzz):
    data = shared_path()
    cases = fuzz.cases(80, seed=26, data=data, real=True)
    if not cases:
        pytest.skip(f"no corpus files found under {data}")
    assert _bad_runs(fuzz, cases) == []


def test_the_classifier_tells_outcomes_apart(fuzz):
    out = fuzz.Outcome
    assert fuzz.classify(out(2, "induceval: error: /a.conllu:3: bad\n", False), "/a.conllu",
                         True, False)[0] == "clean error"
    assert fuzz.classify(out(2, "induceval: error: bad\n", False), "/a.conllu", True,
                         False)[0] == "unclear error"
    assert fuzz.classify(out(0, "", False), "/a.conllu", True, False)[0] == \
        "silent acceptance"
    assert fuzz.classify(out(0, "", False, "x (e.g. /a.conllu:4)"), "/a.conllu", True,
                         True)[0] == "counted"
    assert fuzz.classify(out(1, "Traceback ...\nOverflowError: x", True), "/a", True,
                         False)[0] == "traceback"
