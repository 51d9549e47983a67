"""The normalisation of benchmarks/compare_outputs.py: what it blanks, and nothing else.

The script is run by hand (benchmarks/ is not collected); a normaliser that
blanked too much would hide a changed number, so it is pinned here.
"""

from __future__ import annotations

import doctest

import pytest

from tests.conftest import benchmark_script


@pytest.fixture(scope="module")
def co():
    yield from benchmark_script("compare_outputs")


def test_doctests(co):
    assert doctest.testmod(co).failed == 0


def test_version_fields(co):
    text = (b"m1|punct:upos|v:0.3.1\n"
            b'{"signature": "dmv|tags:upos|seed:1|v:0.4.0.dev1+g12ab", "version": "0.3.1"}')
    assert co.normalise(text) == (b"m1|punct:upos|v:VERSION\n"
                                  b'{"signature": "dmv|tags:upos|seed:1|v:VERSION", '
                                  b'"version": "VERSION"}')


def test_everything_else_is_kept(co):
    kept = [b"lv:0.3.1", b"v:abc", b'"seconds_total": 1.5', b'"version": "latest"',
            b"m1 0.6667 seconds 1.5", b"steps\nstep  seconds\nx  1.5\n"]
    for text in kept:
        assert co.normalise(text) == text


def test_timings(co):
    log = (b'{\n  "seconds": 0.47,\n  "seconds_per_sweep": 2.3e-05,\n'
           b'  "seconds_per_iteration": null\n}')
    assert co.normalise(log).count(b'"SECONDS"') == 3
    table = (b"demo steps\nstep       status  items  seconds\n"
             b"---------  ------  -----  -------\ndemo_tags  ok      2      5.6400 \n"
             b"demo_x     failed (ValueError)  0  0.0100\nseed 12345, 2000 sentences\n")
    out = co.normalise(table).decode().splitlines()
    assert out[2:5] == ["---------  ------  ----- SECONDS", "demo_tags  ok      2 SECONDS",
                        "demo_x     failed (ValueError)  0 SECONDS"]
    assert out[-1] == "seed 12345, 2000 sentences"


def test_command_table(co):
    names = [c.name for c in co.COMMANDS]
    assert len(names) == len(set(names))
    protocols = {s.args.split()[1] for c in co.COMMANDS for s in c.steps
                 if s.args.startswith("reproduce ") and "--help" not in s.args}
    assert protocols == {"frank2009", "reichart2010", "pascal2012-pos", "pascal2012-deps",
                         "pascal2012-joint", "chang2006", "chambers2010"}
