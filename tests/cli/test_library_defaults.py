"""One default everywhere: each command's defaults are its library function's.

Each command is parsed with its required arguments only, and every option
that maps onto a parameter of the library function it calls is compared with
that parameter's default (``inspect.signature``).  An option whose value the
command translates (``--log-base 2``, ``--no-check-forms``) is compared
after the same translation as the command's.
"""

from __future__ import annotations

import inspect
import re

import pytest

from induceval.cli.main import build_parser
from induceval.random import DEFAULT_SEED


def _parsed(argv: list[str]):
    return build_parser(argv).parse_args(argv)


def _defaults(function) -> dict:
    return {n: p.default for n, p in inspect.signature(function).parameters.items()
            if p.default is not inspect.Parameter.empty}


def _differences(cli: dict, library: dict) -> dict:
    return {k: (v, library.get(k, "<no such parameter>")) for k, v in cli.items()
            if library.get(k, "<no such parameter>") != v}


def test_eval_tags_defaults_are_evaluate_tags_defaults():
    from induceval.measures.categories import evaluate_tags

    a = _parsed(["eval", "tags", "--gold", "x", "--pred", "y"])
    cli = {"gold_column": a.gold_column, "pred_column": a.pred_column, "punct": a.punct,
           "unclustered": a.unclustered, "log_base": 2 if a.log_base == "2" else a.log_base,
           "beta": a.beta, "level": a.level, "restarts": a.restarts,
           "seed": DEFAULT_SEED if a.seed is None else a.seed,
           "allow_identical": a.allow_identical}
    assert _differences(cli, _defaults(evaluate_tags)) == {}


def test_eval_deps_defaults_are_evaluate_dependencies_defaults():
    from induceval.measures.dependencies import evaluate_dependencies

    a = _parsed(["eval", "deps", "--gold", "x", "--pred", "y"])
    # --by chooses the breakdown *tables* printed, not what a result holds: the library
    # computes every breakdown (result.breakdown(by) in a notebook); no default to share
    cli = {"references": a.reference or "auto", "punct": a.punct, "max_length": a.max_length,
           "check_forms": not a.no_check_forms}
    assert _differences(cli, _defaults(evaluate_dependencies)) == {}


def test_eval_substitutable_defaults_are_evaluate_substitutable_defaults():
    from induceval.measures.categories.substitutable import (
        evaluate_substitutable,
        substitutable_scores,
    )

    a = _parsed(["eval", "substitutable", "--train", "x", "--test", "y", "--pred", "z"])
    cli = {"unclustered": a.unclustered, "min_frame_count": a.min_frame_count,
           "boundaries": not a.no_boundaries, "cluster_size": a.cluster_size}
    assert _differences(cli, _defaults(evaluate_substitutable)) == {}
    assert _differences(cli, _defaults(substitutable_scores)) == {}


def test_wopa_defaults_are_evaluate_wopa_corpus_defaults():
    from induceval.experiments.wopa import WOPA_TESTS, evaluate_wopa_corpus
    from induceval.models.wopa.learners import Prevword

    a = _parsed(["wopa", "x"])
    cli = {"test": a.test, "punct": a.punct, "initial": a.initial, "ties": a.ties,
           "seed": a.seed, "cooccurrence": a.cooccurrence, "chance": a.chance,
           "unintelligible": "keep" if a.keep_unintelligible else "drop",
           "max_words": a.max_words or None, "by_day": a.by_day, "words": a.words}
    # evaluate_wopa_corpus takes **options: their defaults are its family's
    assert _differences(cli, _defaults(WOPA_TESTS.options)) == {}
    learners = tuple(a.learners)   # parsed into a list of names
    assert _defaults(evaluate_wopa_corpus)["learners"] == learners
    assert _defaults(Prevword.__init__)["count"] == a.count


def test_induce_tags_defaults_are_induce_tags_and_the_models_defaults():
    from induceval.cli.induce_tags import _PARAMS
    from induceval.models.categories import induce_tags
    from induceval.models.categories._registry import CATEGORY_MODELS

    a = _parsed(["induce", "tags", "--model", "brown", "--k", "5", "x"])
    cli = {"seed": a.seed, "min_count_unk": a.min_count}
    assert _differences(cli, _defaults(induce_tags)) == {}
    # each model option's help states the model's default: that default is the model's
    stated = {}
    for option, (param, _, help_text) in _PARAMS.items():
        m = re.match(r"(\w+): .*\(default (?:[^0-9]*?)([0-9.]+)", help_text) or \
            re.match(r"(\w+): .*?([0-9.]+) \([^)]*default\)", help_text)
        if m:
            stated[option] = (m.group(1), param, float(m.group(2)))
    assert len(stated) >= 10
    wrong = {o: (v, _defaults(CATEGORY_MODELS[model])[param])
             for o, (model, param, v) in stated.items()
             if float(_defaults(CATEGORY_MODELS[model])[param]) != v}
    assert wrong == {}


@pytest.mark.parametrize("argv", [["eval", "tags", "--gold", "x", "--pred", "y"],
                                  ["eval", "deps", "--gold", "x", "--pred", "y"]])
def test_eval_read_defaults_are_the_library_read_options(argv):
    from induceval.measures.shards import ReadOptions

    a = _parsed(argv)
    read = ReadOptions()
    assert (a.on_error, a.gold_format, a.pred_format) == (read.on_error, read.gold_format,
                                                          "auto")
