"""Help text: plain words, and every example in --help and in the CLI docstrings runs.

Examples are the lines starting with ``induceval `` (a trailing backslash
continues a line) in the help of every subcommand and in the docstrings of
the ``induceval.cli`` modules.  Each block runs in order in an empty folder
of its own, so it must make the files it reads.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import shlex

import pytest

import induceval
import induceval.cli
from induceval.cli.main import build_parser, main
from induceval.experiments.protocols import MODULES, module_doc, protocols


def _leaves(parser, path=()):
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        yield " ".join(path), parser
        return
    for action in subs:
        for name, sub in action.choices.items():
            yield from _leaves(sub, path + (name,))


LEAVES = dict(_leaves(build_parser()))


def _examples(text: str) -> list[str]:
    text = re.sub(r"\\\n\s*", " ", text)
    # example blocks are indented (reST literal blocks, kept by the raw help formatter)
    return [line.strip() for line in text.splitlines()
            if line.startswith("    ") and line.strip().startswith("induceval ")]


def _example_blocks() -> dict[str, list[str]]:
    """Where each example block is written -> its commands, in order."""
    blocks = {}
    for mod in pkgutil.iter_modules(induceval.cli.__path__, "induceval.cli."):
        blocks[mod.name] = _examples(importlib.import_module(mod.name).__doc__ or "")
    for cmd, parser in LEAVES.items():
        blocks[f"induceval {cmd} --help"] = _examples(parser.format_help())
    return {where: block for where, block in blocks.items() if block}


@pytest.mark.parametrize("cmd", sorted(LEAVES))
def test_help_is_plain(cmd):
    text = LEAVES[cmd].format_help()
    assert not re.search(r":(func|class|mod|data|meth):`", text), cmd
    assert "``" not in text, cmd
    # a seed file number (not a decimal such as the default alpha 0.003)
    assert not re.search(r"(?<![\d.])\b00[0-4]\b", text), f"{cmd}: internal paper number in help"
    # the names of the code (default_treebank_paths, UD_TO_PETROV) mean nothing to a user
    internal = {w for w in re.findall(r"\b\w+_\w+\b", text) if w in _CODE_NAMES}
    assert not internal, f"{cmd}: names of the code in help: {sorted(internal)}"


def _code_names() -> set[str]:
    """Module-level names of induceval with an underscore inside (functions, constants)."""
    names = set()
    for mod in pkgutil.walk_packages(induceval.__path__, "induceval."):
        module = importlib.import_module(mod.name)
        names.update(n for n in vars(module) if "_" in n.strip("_"))
    return names


_CODE_NAMES = _code_names()


def test_examples_run(tmp_path, monkeypatch, capsys):
    """Each block of examples runs on its own from an empty folder: a block makes the files
    it reads (the induce deps example read a gold.conllu it never made)."""
    blocks = _example_blocks()
    assert sum(map(len, blocks.values())) >= 6
    for i, (where, block) in enumerate(blocks.items()):
        folder = tmp_path / str(i)
        folder.mkdir()
        monkeypatch.chdir(folder)
        for cmd in block:
            rc = main(shlex.split(cmd)[1:])
            assert rc == 0, (where, cmd, capsys.readouterr().err)


def test_public_api_listed_in_help():
    # every public name is described in the package docstring and resolves
    doc = induceval.__doc__
    for name in induceval._API:
        assert f"``{name}``" in doc, name
        assert getattr(induceval, name) is not None


#: ``reproduce --help`` and each protocol's (the records name the modules that run them)
_REPRODUCE = [["reproduce", "--help"]] + [["reproduce", p.name, "--help"] for p in protocols()]


@pytest.mark.parametrize("argv", [["--help"], [], ["info", "--help"], ["eval", "tags", "--help"],
                                  ["induce", "tags", "--help"], ["pseudo", "score", "--help"],
                                  ["wopa", "--help"], *_REPRODUCE])
def test_help_loads_no_numpy(argv):
    """The help is built from declarations: numpy (and every reader, measure and model)
    loads on use, so help and small commands start at once."""
    import subprocess
    import sys

    code = ("import sys\nfrom induceval.cli.main import main\n"
            f"try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
            "print('numpy' in sys.modules, 'induceval.corpus.model' in sys.modules, "
            "file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60)
    assert run.stderr.strip().splitlines()[-1] == "False False", run.stderr


def test_protocol_records_are_their_modules():
    """Each protocol's record is the one its module exports, its description is read from
    that module's docstring, and its ``run`` is the module's function."""
    for name, protocol in zip(MODULES, protocols(), strict=True):
        module = importlib.import_module(f"induceval.experiments.{name}")
        assert module.PROTOCOL is protocol
        assert module_doc(module.__name__) == module.__doc__
        assert module.__doc__.startswith(protocol.description), name
        where, _, function = protocol.run.target.partition(":")
        assert where == module.__name__ and callable(getattr(module, function))
