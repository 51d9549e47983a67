"""Same seed, same bytes: two runs of a protocol into two folders write the same files,
``run.json`` (when and where the run was) aside, and nothing of the run's machinery.

Before: every SVG differed (its date, its ids drawn from a salt per process); the
pascal2012-deps tables named the ``--out`` path of their figure; the lock file stayed in
``--out`` after the run; the page of ``--report`` named the folder and the run's time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from induceval.cli.main import main
from tests.conftest import FIXTURES

PROTOCOLS = {
    "chang2006": [str(FIXTURES / "wopa" / "toy.cha"), "--learners", "chance,lexstat",
                  "--report"],
    "pascal2012-deps": [str(FIXTURES / "dependency-models" / "toy.conllu"), "--systems",
                        "LB,RB", "--report"],
}


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("protocol", sorted(PROTOCOLS))
def test_two_runs_into_two_folders_write_the_same_bytes(protocol, tmp_path, monkeypatch,
                                                        capsys):
    argv = ["reproduce", protocol, *PROTOCOLS[protocol], "--no-progress"]
    first = tmp_path / "first"
    assert main([*argv, "--out", str(first)]) == 0
    # the second elsewhere, named relative to another working folder
    monkeypatch.chdir(tmp_path)
    (tmp_path / "else").mkdir()
    assert main([*argv, "--out", "else/second"]) == 0
    capsys.readouterr()
    a, b = _files(first), _files(tmp_path / "else" / "second")
    assert sorted(a) == sorted(b)
    assert any(n.endswith(".svg") for n in a) and any(n.endswith(".png") for n in a)
    assert "report.html" in a
    differ = [n for n in a if a[n] != b[n] and n != "run.json"]
    assert differ == []
    # nothing of the run's machinery: no lock, no temporary file
    assert not [n for n in a if Path(n).name.startswith(".")]
    for name, data in a.items():
        if name != "run.json":
            assert str(tmp_path).encode() not in data, name   # no path of the run
