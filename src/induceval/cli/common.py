"""Options shared by every CLI subcommand, defined once, and writing results.

Every command builds its parser from these ``add_*`` helpers, so that an
option (``-o/--output``, ``--out``, ``--input-format``, ``--format``,
``--no-progress``, ``--punct``, ``--on-error``, ...) has one name and one
meaning everywhere (``tests/cli/test_consistency.py`` walks the parser tree
and checks it).  Several tables in CSV go to one file each
(:func:`emit_tables`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from induceval.atomic import write_atomic, writes_through
from induceval.corpus.formats import READERS
from induceval.errors import MAX_ITERATIONS, ParameterError
from induceval.options import (  # noqa: F401 - the option types, re-exported for the commands
    ALPHA,
    ITERATIONS,
    JOBS,
    MAX_JOBS,
    POSITIVE,
    RESAMPLES,
    SEED,
    SHARE,
    SIZE,
    OptionType,
    bounded_int,
    comma_list,
    finite_float,
)
from induceval.report.tables import FORMATS, Table, signed, table_keys, tables_json

__all__ = ["CommandParser", "OptionType", "bounded_int", "finite_float", "comma_list",
           "add_option_check", "GivenAction", "was_given", "SEED", "JOBS", "MAX_JOBS",
           "ITERATIONS", "RESAMPLES", "SIZE", "POSITIVE", "SHARE", "add_seed_option",
           "jobs_capped", "cores", "requires", "scheduler_address", "category_column", "ALPHA",
           "add_alpha_option", "FORMATS", "PUNCT_DEFAULT", "INPUT_FORMAT_HELP", "CONFIDENCE_N",
           "add_confidence_option", "add_confidence_options",
           "add_format_option", "add_gold_pred_format_options", "add_input_format_option",
           "add_data_option", "add_executor_options", "add_out_dir_option", "add_output_option",
           "add_progress_option", "add_punct_option", "check_output_path",
           "check_outputs_not_inputs", "clean_help", "emit", "emit_tables",
           "check_tables_output", "table_paths", "executor_from_args",
           "progress_enabled", "read_options", "skipped_notes", "system_names",
           "add_measure_options", "chosen_measures", "select_measures", "emit_scores"]

#: the one default of ``--punct`` in every command
PUNCT_DEFAULT = "auto"

#: help of every input-format option: every format of the reader registry
INPUT_FORMAT_HELP = "auto (default: from the file ending and content), " + ", ".join(READERS)

_PUNCT_HELP = ("punctuation: auto (default: detected from the corpus: UPOS PUNCT when the "
               "corpus has UPOS, else the PTB punctuation tags, else the CHILDES ones, else "
               "forms made of punctuation characters), upos, ptb, childes, tags:T1,T2, "
               "unicode or keep")


# -- options shared by the commands (their types: induceval.options) -----------------------------

def category_column(text: str) -> str:
    """``--gold-column`` / ``--pred-column`` of ``eval tags``: a column of labels; a head
    column (``head``, ``head@NAME``: token positions) or ``id`` is refused.

    Example
    -------
    >>> category_column("xpos")
    'xpos'
    >>> category_column("head")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'head' holds head positions, not categories: name a tag or \
cluster column (upos, xpos, cpos, form, ...)
    """
    name = text.strip()
    if not name:
        raise argparse.ArgumentTypeError("give a column name (upos, xpos, cpos, form, ...)")
    if name in ("head", "id") or name.startswith("head@"):
        what = "token ids" if name == "id" else "head positions"
        raise argparse.ArgumentTypeError(f"{name!r} holds {what}, not categories: name a tag or "
                                         "cluster column (upos, xpos, cpos, form, ...)")
    return name


def add_seed_option(parser: argparse.ArgumentParser, *, default: int | None = None,
                    help: str | None = None) -> None:
    """``--seed N`` (``0`` to ``2^32-1``) with its default."""
    shown = "the package seed" if default is None else str(default)
    parser.add_argument("--seed", type=SEED, default=default,
                        help=help or f"random seed (default: {shown})")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):   # pragma: no cover - not Linux
        return os.cpu_count() or 1


def jobs_capped(args: argparse.Namespace) -> None:
    """``--jobs`` above the usable cores, for workers started on this machine (no
    ``--scheduler`` nor ``--cluster``): capped at the cores, with a note on stderr (the
    results do not depend on ``--jobs``).  Sets ``args.jobs``."""
    jobs = getattr(args, "jobs", None)
    if not isinstance(jobs, int) or getattr(args, "scheduler", None) \
            or getattr(args, "cluster", None):
        return
    n = cores()
    if jobs > n:
        print(f"induceval: note: --jobs {jobs} is more than the {n} cores here: running "
              f"{n} workers (the results do not depend on --jobs)", file=sys.stderr)
        args.jobs = n


# -- checks of options against each other, run when the command line is parsed -----------------

class GivenAction(argparse.Action):
    """``store``, remembering that the option was given (see :func:`was_given`)."""

    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, values)
        given = set(getattr(namespace, "_given_options", ()))
        namespace._given_options = given | {self.dest}


def was_given(args: argparse.Namespace, dest: str) -> bool:
    """Whether an option declared with :class:`GivenAction` was on the command line."""
    return dest in getattr(args, "_given_options", ())


def add_option_check(parser: argparse.ArgumentParser, check) -> None:
    """Run ``check(args)`` once ``parser`` has parsed its options (a :class:`CommandParser`):
    a string it returns is the error (exit 2, one line)."""
    parser.__dict__.setdefault("_option_checks", []).append(check)


def requires(parser: argparse.ArgumentParser, option: str, needs: str, active) -> None:
    """``option`` (declared with :class:`GivenAction`) refused unless ``active(args)``:
    "OPTION needs NEEDS" (the option that makes it count)."""
    dest = option.lstrip("-").replace("-", "_")

    def check(args):
        if was_given(args, dest) and not active(args):
            return f"{option} has no effect here: it needs {needs}"
        return None

    add_option_check(parser, check)


class CommandParser(argparse.ArgumentParser):
    """The parser of ``induceval`` and its commands: an error is one line on stderr
    (``induceval: error: ...``, naming the command's ``--help``), and the checks of options
    against each other (:func:`add_option_check`) run once the command's options are parsed."""

    def error(self, message: str):
        """Exit 2 with ``message`` in one line (no usage: ``--help`` is named)."""
        self.exit(2, f"induceval: error: {message} (see: {self.prog} --help)\n")

    def parse_known_args(self, args=None, namespace=None):
        """Parse, then run this parser's option checks (an error is :meth:`error`)."""
        ns, extras = super().parse_known_args(args, namespace)
        for check in self.__dict__.get("_option_checks", ()):
            problem = check(ns)
            if problem:
                self.error(problem)
        if hasattr(ns, "_given_options"):   # the options of this parser are checked
            del ns._given_options
        return ns, extras


def clean_help(text: str | None) -> str | None:
    """Help text for a terminal: no Sphinx roles or literals.

    Example
    -------
    >>> clean_help("See :func:`induceval.corpus.stats.describe` and ``--punct``.")
    'See describe and --punct.'
    """
    if text is None:
        return None
    text = re.sub(r":(?:func|class|mod|data|meth|attr|ref):`~?([^`]*)`",
                  lambda m: m.group(1).split(".")[-1] if "." in m.group(1) and
                  not m.group(1).startswith("induceval.corpus.readers") else m.group(1), text)
    return text.replace("``", "")


def add_output_option(parser: argparse.ArgumentParser, *, required: bool = False,
                      help: str | None = None) -> None:
    """``-o/--output FILE``: the one file a command writes (default: stdout)."""
    parser.add_argument("-o", "--output", default=None if required else "-",
                        required=required, metavar="FILE",
                        help=help or "write the result to this file (default: stdout)")


def add_out_dir_option(parser: argparse.ArgumentParser, *, default: str | None = None,
                       help: str | None = None) -> None:
    """``--out DIR``: the folder of a protocol's cells, tables and figures."""
    shown = f" (default: {default})" if default else ""
    parser.add_argument("--out", default=default, metavar="DIR",
                        help=(help or "folder for stored cells (resume), tables and figures; "
                              "created with its parents, used by one run at a time")
                        + shown)


def add_data_option(parser: argparse.ArgumentParser) -> None:
    """``--data DIR``: the shared data folder of a protocol's default corpora."""
    parser.add_argument("--data", default=None, metavar="DIR",
                        help="folder of the default corpora (default: $INDUCEVAL_SHARED_DATA, "
                             "else shared/data beside the clone induceval is installed from, "
                             "else shared/data in the working folder or one of its parents)")


#: the resamples of a bare ``--confidence``
CONFIDENCE_N = 1000


def add_confidence_option(parser: argparse.ArgumentParser, *, default: int = 0,
                          what: str = "every measure") -> None:
    """``--confidence [N]``: bootstrap intervals of N resamples, in every command.

    One meaning everywhere: N resamples (at most :data:`~induceval.errors.MAX_ITERATIONS`),
    ``0`` none, a bare ``--confidence`` :data:`CONFIDENCE_N`.  ``default`` is 0 for the
    ``eval`` commands (intervals cost time) and :data:`CONFIDENCE_N` for ``reproduce``
    (the report needs them).
    """
    parser.add_argument("--confidence", nargs="?", type=RESAMPLES, const=CONFIDENCE_N,
                        default=default, metavar="N",
                        help=f"percentile bootstrap interval of {what} from N resamples "
                             f"(0: none; a bare --confidence: {CONFIDENCE_N}; default "
                             f"{default or 'none'}; at most {MAX_ITERATIONS})")


#: the ``--alpha`` of every command
ALPHA_DEFAULT = 0.05


def add_alpha_option(parser: argparse.ArgumentParser, *, paired: bool) -> None:
    """``--alpha`` in (0, 1), refused when nothing uses it: it needs ``--confidence`` N > 0
    (or ``--paired``, when the command has it)."""
    parser.add_argument("--alpha", type=ALPHA, default=ALPHA_DEFAULT, action=GivenAction,
                        help="interval level 1-alpha" + (" and significance level of --paired"
                                                         if paired else
                                                         " and significance level")
                             + f" (default: {ALPHA_DEFAULT})")
    requires(parser, "--alpha", "--confidence N > 0" + (" or --paired" if paired else ""),
             lambda a: bool(a.confidence) or bool(getattr(a, "paired", None)))


def add_confidence_options(parser: argparse.ArgumentParser, *, unit: str = "sentences",
                           default: int = CONFIDENCE_N) -> None:
    """``--confidence [N]`` and ``--alpha`` of a ``reproduce`` command."""
    add_confidence_option(parser, default=default,
                          what=f"each score and the paired tests against the best system "
                               f"(resampling {unit})")
    add_alpha_option(parser, paired=False)


def add_input_format_option(parser: argparse.ArgumentParser, *, help: str | None = None) -> None:
    """``--input-format FMT`` (dest ``input_format``)."""
    parser.add_argument("--input-format", dest="input_format", default="auto", metavar="FMT",
                        help=help or "input format: " + INPUT_FORMAT_HELP)


def add_gold_pred_format_options(parser: argparse.ArgumentParser, *, pred_extra: str = "") -> None:
    """``--gold-format`` and ``--pred-format``, where the two inputs can differ."""
    parser.add_argument("--gold-format", default="auto", metavar="FMT",
                        help="gold file format: " + INPUT_FORMAT_HELP)
    parser.add_argument("--pred-format", default="auto", metavar="FMT",
                        help="predicted file format: " + INPUT_FORMAT_HELP + pred_extra)


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """``--no-progress``: no progress display (bars on a terminal, else a line a minute)."""
    parser.add_argument("--no-progress", action="store_true",
                        help="no progress on stderr (bars on a terminal; when stderr is a "
                             "file or a pipe, a line a minute on long jobs)")


def add_punct_option(parser: argparse.ArgumentParser, *, what: str = "") -> None:
    """``--punct POLICY`` with the shared default :data:`PUNCT_DEFAULT`."""
    parser.add_argument("--punct", default=PUNCT_DEFAULT, metavar="POLICY",
                        help=(what + "; " if what else "") + _PUNCT_HELP)


def add_format_option(parser: argparse.ArgumentParser, default: str = "table", *,
                      output: bool = True, progress: bool = True, percent: bool = True) -> None:
    """``--format``, ``--percent``, ``-o/--output`` and ``--no-progress`` of a table command."""
    parser.add_argument("--format", choices=FORMATS, default=default,
                        help=f"output format (default: {default}); latex is a booktabs table; "
                             "csv holds one table per file: when several tables are made, "
                             "-o out.csv writes the first to out.csv and each other one to "
                             "out.KEY.csv (e.g. out.by-relation.csv), each with a "
                             "'# signature:' line; json holds them all in one document")
    if percent:
        parser.add_argument("--percent", action="store_true",
                            help="show scores between 0 and 1 as percentages")
    if output:
        add_output_option(parser)
    if progress:
        add_progress_option(parser)


def add_executor_options(parser: argparse.ArgumentParser) -> None:
    """``--jobs``, ``--engine``, ``--scheduler``, ``--cluster``, ``--cluster-opt``.

    One meaning in every command: where the command's cells (or count shards)
    run; see :mod:`induceval.parallel`.  The result does not depend on them.
    """
    from induceval.parallel import CLUSTERS, ENGINES, SCHEDULER_ENV

    g = parser.add_argument_group("parallel execution (Dask: pip install 'induceval[dask]')")
    g.add_argument("--jobs", type=JOBS, default=1, metavar="N",
                   help="parallel workers: N > 1 starts an embedded Dask LocalCluster of N "
                        "worker processes (a local process pool without Dask); default 1; "
                        f"at most {MAX_JOBS}, and on this machine (no --scheduler or "
                        "--cluster) at most its cores: a larger N is capped, with a note")
    g.add_argument("--engine", choices=ENGINES, default="auto",
                   help="local (this process / a process pool) or dask; auto: dask with "
                        "--scheduler/--cluster or --jobs > 1 when Dask is installed")
    g.add_argument("--scheduler", default=os.environ.get(SCHEDULER_ENV) or None, metavar="ADDRESS",
                   type=scheduler_address,
                   help=f"address of a running Dask scheduler (default: ${SCHEDULER_ENV})")
    g.add_argument("--cluster", choices=CLUSTERS, default=None,
                   help="start a dask-jobqueue cluster (slurm) scaled to --jobs "
                        "(or to the number of cells)")
    g.add_argument("--cluster-opt", action="append", default=[], metavar="KEY=VALUE",
                   help="option of the --cluster, e.g. queue=short, memory=8GB, cores=1, "
                        "walltime=04:00:00, account=lab (repeatable)")


_ADDRESS = re.compile(r"(?:(?P<scheme>[a-z][a-z0-9+.-]*)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|"
                      r"[A-Za-z0-9_.-]+)(?::(?P<port>[0-9]{1,5}))?")


def scheduler_address(text: str) -> str:
    """``--scheduler``: a Dask scheduler address, ``[SCHEME://]HOST:PORT`` (the port may go
    with a scheme: ``tcp://host`` is port 8786).

    Example
    -------
    >>> scheduler_address("tcp://10.0.0.5:8786"), scheduler_address("localhost:8786")
    ('tcp://10.0.0.5:8786', 'localhost:8786')
    >>> scheduler_address("not an address")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: expected a Dask scheduler address [SCHEME://]HOST:PORT \
(e.g. tcp://10.0.0.5:8786), got 'not an address'
    """
    m = _ADDRESS.fullmatch(text.strip())
    if not m or not (m["port"] or m["scheme"]) or (m["port"] and int(m["port"]) > 65535):
        raise argparse.ArgumentTypeError(
            "expected a Dask scheduler address [SCHEME://]HOST:PORT (e.g. tcp://10.0.0.5:8786), "
            f"got {text!r}")
    return text.strip()


def executor_from_args(args: argparse.Namespace):
    """The :class:`~induceval.parallel.ExecutorSpec` of parsed executor options, or ``None``.

    Example
    -------
    >>> p = argparse.ArgumentParser(); add_executor_options(p)
    >>> spec = executor_from_args(p.parse_args(["--jobs", "1", "--engine", "local"]))
    >>> spec.jobs, spec.resolved_engine()
    (1, 'local')
    """
    if not hasattr(args, "engine") or not hasattr(args, "cluster_opt"):
        return None
    jobs_capped(args)
    from induceval.parallel import ExecutorSpec, parse_cluster_options

    return ExecutorSpec(engine=args.engine, jobs=args.jobs, scheduler=args.scheduler,
                        cluster=args.cluster,
                        cluster_options=parse_cluster_options(args.cluster_opt))


def progress_enabled(args: argparse.Namespace) -> bool:
    """Progress: on unless ``--no-progress`` (bars on a terminal, else a line a minute)."""
    return not getattr(args, "no_progress", False)


def check_output_path(path: str | os.PathLike | None, *, option: str = "-o") -> None:
    """Fail at once (before any work) when ``path`` cannot be written as a file.

    Example
    -------
    >>> check_output_path("-")
    >>> check_output_path("/nonexistent-dir/x.txt")
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: -o /nonexistent-dir/x.txt: folder /nonexistent-dir does \
not exist
    """
    if path in (None, "-"):
        return
    if writes_through(path):   # a device, a FIFO, /dev/stdout: written through, not replaced
        if not os.access(path, os.W_OK):
            raise ParameterError(f"{option} {path}: not writable")
        return
    p = Path(path)
    if p.is_dir():
        raise ParameterError(f"{option} {path}: is a folder; give a file name")
    parent = p.parent if str(p.parent) else Path(".")
    if not parent.is_dir():
        raise ParameterError(f"{option} {path}: folder {parent} does not exist")
    if not os.access(parent, os.W_OK):
        raise ParameterError(f"{option} {path}: folder {parent} is not writable")


#: the options naming what a command writes (their ``dest``; ``--plot KIND PATH``: the last)
OUTPUT_OPTIONS = {"output": "-o", "out": "--out", "clusters": "--clusters", "log": "--log",
                  "plot": "--plot"}


def _option_name(dest: str) -> str:
    """How the user wrote an argument: ``--gold`` for ``gold``, ``input`` for a positional."""
    return "input" if dest in ("paths", "corpus", "corpora") else "--" + dest.replace("_", "-")


def _named_paths(args: argparse.Namespace, outputs: bool) -> list[tuple[str, str]]:
    """``(option, path)`` of the outputs, or of every other argument naming an existing path
    (the inputs: corpora, gold and predicted files, test sets, data folders)."""
    found = []
    for dest, value in vars(args).items():
        if (dest in OUTPUT_OPTIONS) != outputs or value is None or callable(value):
            continue
        values = value if isinstance(value, (list, tuple)) else [value]
        if outputs:
            values = values[-1:]   # --plot KIND PATH
        for v in values:
            if isinstance(v, (str, os.PathLike)) and v != "-" and (outputs or os.path.exists(v)):
                found.append((OUTPUT_OPTIONS.get(dest) or _option_name(dest), os.fspath(v)))
    return found


def check_outputs_not_inputs(args: argparse.Namespace) -> None:
    """Refuse, before any work, an output that is one of the inputs (the same file, through a
    link or another name of the same inode) or a file inside an input folder.

    Example
    -------
    >>> import tempfile, pathlib
    >>> src = pathlib.Path(tempfile.mkdtemp()) / "b.cha"; _ = src.write_text("@Begin\\n")
    >>> try:
    ...     check_outputs_not_inputs(argparse.Namespace(paths=[str(src)], output=str(src)))
    ... except ParameterError as exc:
    ...     print(str(exc).replace(str(src), "b.cha"))
    -o b.cha is also an input (input b.cha): give another output file; nothing was read or written
    """
    outputs = [(o, p) for o, p in _named_paths(args, True)
               if os.path.isfile(p) and not writes_through(p)]
    if not outputs:
        return
    inputs = _named_paths(args, False)
    for option, out in outputs:
        real = os.path.realpath(out)
        for what, src in inputs:
            same = (os.path.commonpath([real, os.path.realpath(src)]) == os.path.realpath(src)
                    if os.path.isdir(src) else os.path.samefile(out, src))
            if same:
                where = "inside the input folder" if os.path.isdir(src) else "also an input"
                raise ParameterError(f"{option} {out} is {where} ({what} {src}): give another "
                                     "output file; nothing was read or written")


def emit(text_or_table: str | Table, args: argparse.Namespace) -> None:
    """Write a table in ``args.format`` (or a string) to ``args.output``."""
    if isinstance(text_or_table, Table):
        table = text_or_table
        if getattr(args, "percent", False):
            table = table.as_percent()
        fmt = getattr(args, "format", "table")
        text = tables_json([table]) if fmt == "json" else table.render(fmt)
    else:
        text = text_or_table
    if getattr(args, "output", "-") in ("-", None):
        sys.stdout.write(text)
    else:
        write_atomic(args.output, text)


def table_paths(output: str, keys: list[str]) -> list[str]:
    """The CSV file of each table: ``output`` for the first, ``STEM.KEY.SUFFIX`` for the others.

    Example
    -------
    >>> table_paths("res/out.csv", ["main", "by-relation", "paired"])
    ['res/out.csv', 'res/out.by-relation.csv', 'res/out.paired.csv']
    """
    p = Path(output)
    suffix = p.suffix or ".csv"
    stem = p.with_suffix("") if p.suffix else p
    return [str(output)] + [f"{stem}.{k}{suffix}" for k in keys[1:]]


def check_tables_output(args: argparse.Namespace, several: bool, *, why: str = "") -> None:
    """Before any work: several tables in CSV need ``-o FILE`` (one file per table).

    Example
    -------
    >>> check_tables_output(argparse.Namespace(format="csv", output="-"), False)
    >>> check_tables_output(argparse.Namespace(format="csv", output="-"), True, why="--by")
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: --format csv writes one table per file and --by makes \
several tables: give -o FILE.csv (the main table goes to FILE.csv, each other one to \
FILE.KEY.csv, e.g. FILE.by-relation.csv)
    """
    output = getattr(args, "output", "-")
    if several and getattr(args, "format", "table") == "csv" \
            and output not in ("-", None) and writes_through(output):
        raise ParameterError(
            f"--format csv writes one table per file and {why or 'this run'} makes several "
            f"tables: -o {output} is no file to name the others after (FILE.KEY.csv); give "
            "-o FILE.csv")
    if several and getattr(args, "format", "table") == "csv" \
            and output in ("-", None):
        raise ParameterError(
            f"--format csv writes one table per file and {why or 'this run'} makes several "
            "tables: give -o FILE.csv (the main table goes to FILE.csv, each other one to "
            "FILE.KEY.csv, e.g. FILE.by-relation.csv)")


def emit_tables(tables: list[Table], args: argparse.Namespace,
                keys: list[str] | None = None) -> list[str]:
    """Write several tables in ``args.format``; return the files written.

    JSON: one document ``{"tables": [...]}``, each table with its ``key``, for one
    table as for several (:func:`~induceval.report.tables.tables_json`).
    CSV: one table per file (see :func:`table_paths`); on stdout only the
    first table is printed and the others are named on stderr (commands that
    make several tables check this before the work, :func:`check_tables_output`).
    Other formats: the tables one after the other.  A table without a
    signature gets the first signed table's (:func:`~induceval.report.tables.signed`).

    Example
    -------
    >>> import tempfile, pathlib
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> main = Table(["s", "m"], [{"s": "a", "m": 1}], notes=["signature: m|v:1"])
    >>> by = Table(["s", "NOUN"], [{"s": "a", "NOUN": 0.5}])
    >>> [pathlib.Path(p).name for p in emit_tables(
    ...     [main, by], argparse.Namespace(format="csv", output=str(out)), ["main", "by-pos"])]
    ['r.csv', 'r.by-pos.csv']
    >>> print(pathlib.Path(out.parent / "r.by-pos.csv").read_text(), end="")
    s,NOUN
    a,0.5
    # signature: m|v:1
    """
    if getattr(args, "percent", False):
        tables = [t.as_percent() for t in tables]
    tables = signed(tables)
    fmt = getattr(args, "format", "table")
    output = getattr(args, "output", "-")
    if fmt == "json":
        text = tables_json(tables, keys)
    elif len(tables) == 1:
        text = tables[0].render(fmt)
    elif fmt == "csv":
        names = table_keys(tables, keys)
        if output in ("-", None):
            print(f"induceval: --format csv prints one table ({names[0]}); "
                  f"{len(tables) - 1} more ({', '.join(names[1:])}) need -o FILE.csv "
                  "(one file per table)", file=sys.stderr)
            text = tables[0].render(fmt)
        else:
            paths = table_paths(output, names)
            for path in paths:
                check_output_path(path)
            for path, t in zip(paths, tables):
                write_atomic(path, t.render(fmt))
            return paths
    else:
        text = "\n".join(t.render(fmt) for t in tables)
    emit(text, args)
    return [] if output in ("-", None) else [str(output)]


def system_names(preds: list[str], names: list[str] | None) -> list[str]:
    """One name per ``--pred``: the ``--name`` values (repeated, or comma-separated), else
    the file stems (else the paths, when two stems are alike).

    Example
    -------
    >>> system_names(["out/brown.conllu", "out/dmv.conllu"], None)
    ['brown', 'dmv']
    >>> system_names(["a.conllu", "b.conllu", "c.conllu"], ["x,y", "z"])
    ['x', 'y', 'z']
    """
    if names:
        names = [n.strip() for value in names for n in value.split(",") if n.strip()]
        if len(names) != len(preds):
            raise ParameterError(f"--name gives {len(names)} names for {len(preds)} --pred "
                                 "(repeat --name, or separate the names by commas)")
        return names
    stems = [Path(p).stem for p in preds]
    return stems if len(set(stems)) == len(stems) else list(preds)


#: the help of ``--name`` in every command that takes several systems
NAME_HELP = ("system names, one per --pred: repeat --name, or separate them by commas "
             "(--name a,b); default: file stems")


def add_measure_options(parser: argparse.ArgumentParser, family: str) -> None:
    """``--measures M1,M2`` (the measure columns, in this order) and ``--score-only`` (the
    numbers alone: one line per system, the measures separated by spaces).

    Example
    -------
    >>> p = argparse.ArgumentParser(); add_measure_options(p, "tags")
    >>> vars(p.parse_args(["--measures", "m1,vi", "--score-only"]))
    {'measures': 'm1,vi', 'score_only': True}
    """
    g = parser.add_argument_group("measures shown")
    g.add_argument("--measures", default=None, metavar="M1,M2",
                   help=f"the measures shown, in this order, comma-separated (default: all; "
                        f"an unknown name is refused with the list of the {family} measures)")
    g.add_argument("--score-only", action="store_true",
                   help="print the scores alone, as sacrebleu -b: one line per system (in "
                        "--pred order), its --measures values (default: every measure of the "
                        "table) separated by spaces; no table, notes or signature")


def chosen_measures(args: argparse.Namespace, family: str) -> list[str] | None:
    """The ``--measures`` names (``None`` when not given), refused in one line when one is
    not a measure of the family (:func:`induceval.measures.family`).

    Example
    -------
    >>> chosen_measures(argparse.Namespace(measures="m1, vi"), "tags")
    ['m1', 'vi']
    >>> chosen_measures(argparse.Namespace(measures="m1,bleu"), "deps")
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: --measures: unknown measure m1, bleu for deps; its \
measures: directed, undirected, ned, root
    """
    text = getattr(args, "measures", None)
    if text is None:
        return None
    from induceval.measures import family as measure_family

    names = [m.strip() for m in text.split(",") if m.strip()]
    known = [m.name for m in measure_family(family).measures]
    bad = [m for m in names if m not in known]
    if bad or not names:
        raise ParameterError(f"--measures: unknown measure {', '.join(bad) or repr(text)} for "
                             f"{family}; its measures: {', '.join(known)}")
    return list(dict.fromkeys(names))


def _measure_of(column: str, known) -> str | None:
    """The measure a column shows (``vi``, ``vi ±``, ``vi_low``, ``directed[head@x]``)."""
    for suffix in (" ±", "_low", "_high"):
        if column.endswith(suffix) and column[:-len(suffix)] in known:
            return column[:-len(suffix)]
    base = column.split("[", 1)[0]
    return base if base in known else None


def select_measures(table: Table, measures: list[str] | None, family: str) -> Table:
    """``table`` with the measure columns of ``measures`` only, in that order (with their
    intervals); its other columns (system, counts) kept in place.  A table of one row
    per measure (a paired test's) keeps the rows of ``measures``.

    Example
    -------
    >>> t = Table(["system", "directed", "ned", "tokens"],
    ...           [{"system": "a", "directed": 0.5, "ned": 0.7, "tokens": 9}])
    >>> select_measures(t, ["ned"], "deps").columns
    ['system', 'ned', 'tokens']
    """
    if measures is None:
        return table
    from dataclasses import replace as copy

    from induceval.measures import family as measure_family

    known = {m.name for m in measure_family(family).measures}
    if "measure" in table.columns:
        return copy(table, rows=[r for r in table.rows if r.get("measure") in measures])
    shown = [c for c in table.columns if _measure_of(c, known) is None]
    first = next((i for i, c in enumerate(table.columns) if _measure_of(c, known)), len(shown))
    at = sum(1 for c in table.columns[:first] if _measure_of(c, known) is None)
    block = [c for m in measures for c in table.columns if _measure_of(c, known) == m]
    rows = [{k: v for k, v in r.items() if _measure_of(k, known) in (None, *measures)}
            for r in table.rows]
    return copy(table, columns=shown[:at] + block + shown[at:], rows=rows,
                higher_is_better={k: v for k, v in table.higher_is_better.items()
                                  if _measure_of(k, known) in (None, *measures)})


def check_score_only(args: argparse.Namespace, *others: str) -> None:
    """Before any work: ``--score-only`` prints the scores alone, so it is refused with the
    options that make more than those (``--confidence``, ``--paired``, ``others``).

    Example
    -------
    >>> check_score_only(argparse.Namespace(score_only=True, confidence=0, paired=None))
    >>> check_score_only(argparse.Namespace(score_only=True, confidence=100, paired=None))
    Traceback (most recent call last):
    ...
    induceval.errors.ParameterError: --score-only prints the scores alone: drop --confidence
    """
    if not getattr(args, "score_only", False):
        return
    given = [o for o in ("--confidence", "--paired", *others)
             if getattr(args, o.lstrip("-").replace("-", "_"), None)]
    if given:
        raise ParameterError(f"--score-only prints the scores alone: drop {', '.join(given)}")


def emit_scores(table: Table, measures: list[str] | None, family: str,
                args: argparse.Namespace) -> None:
    """``--score-only``: one line per row of ``table``, the values of ``measures`` (default:
    every measure column of the table) separated by spaces, as the table shows them.

    Example
    -------
    >>> t = Table(["system", "m1", "vi"], [{"system": "a", "m1": 0.5, "vi": 1.25},
    ...                                    {"system": "b", "m1": 0.75, "vi": 1.0}])
    >>> emit_scores(t, ["vi", "m1"], "tags", argparse.Namespace(output="-"))
    1.2500 0.5000
    1.0000 0.7500
    """
    from induceval.measures import family as measure_family

    if getattr(args, "percent", False):
        table = table.as_percent()
    known = {m.name for m in measure_family(family).measures}
    names = measures or [c for c in table.columns if c in known]
    emit("".join(" ".join(table._cell(m, row.get(m)) for m in names) + "\n"
                 for row in table.rows), args)


def skipped_notes(evaluation, golds: list[str], preds: list[str], on_error: str) -> list[str]:
    """The notes on what the readers skipped: the malformed sentences (under ``--on-error
    skip``) by ``gold PATH: reason`` / ``pred PATH: reason``, and apart, never called
    malformed, the utterances without words a CHAT reader leaves out."""
    from induceval.corpus.readers.chat import NO_WORDS

    malformed, empty = {}, {}
    for kind, paths, reports in (("gold", golds, evaluation.gold_reports),
                                 ("pred", preds, evaluation.pred_reports)):
        for path, report in zip(paths, reports):
            for k, v in report.skipped.items():
                if v and k == NO_WORDS:
                    empty[f"{kind} {path}"] = v
                elif v:
                    malformed[f"{kind} {path}: {k}"] = v
    notes = [f"files not read in {kind} {path}: " + "; ".join(
                 f"{os.path.relpath(f, path)} ({why})" for f, why in report.skipped_files.items())
             for kind, paths, reports in (("gold", golds, evaluation.gold_reports),
                                          ("pred", preds, evaluation.pred_reports))
             for path, report in zip(paths, reports) if report.skipped_files]
    # a format told by the content decides the columns: said, as a guess can be wrong
    notes += [f"{kind} {path}: {key}: {n} (first: {report.examples.get(key, '')})"
              for kind, paths, reports in (("gold", golds, evaluation.gold_reports),
                                           ("pred", preds, evaluation.pred_reports))
              for path, report in zip(paths, reports)
              for key, n in sorted(report.counts.items()) if key.startswith("files read as ")]
    if on_error == "skip":
        notes.append(f"skipped malformed sentences: {sum(malformed.values())}" + (
            " (" + "; ".join(f"{k}: {v}" for k, v in sorted(malformed.items())) + ")"
            if malformed else ""))
    if empty:
        notes.append("left out, utterances without words: " + "; ".join(
            f"{k}: {v}" for k, v in sorted(empty.items())))
    return notes


def unused_tier_faults(read) -> list[str]:
    """A note on the tier faults a read (a corpus, or its report as a dict) counted in tiers
    the command does not use (it did not ask ``--on-error skip``: the words were read, the
    faulty tier was not needed)."""
    from induceval.corpus.readers.chat import TIER_ERRORS
    from induceval.corpus.stats import reading_errors

    report = read if isinstance(read, dict) else read.report.to_dict()
    errors = {k: e for k, e in reading_errors(report).items()
              if k in TIER_ERRORS}
    if not errors:
        return []
    return ["faults in tiers this command does not use (words kept): " + "; ".join(
        f"{k} {e['count']}" + (f" (first at {e['first']})" if e["first"] else "")
        for k, e in errors.items())]


def read_options(args: argparse.Namespace, gold_columns, pred_columns):
    """How ``--gold``/``--pred`` files are read (formats, ``--on-error``, columns)."""
    from induceval.measures.shards import ReadOptions

    return ReadOptions(gold_format=args.gold_format,
                       pred_formats=(args.pred_format,) * len(args.pred),
                       on_error=args.on_error, gold_columns=gold_columns, pred_columns=pred_columns)
