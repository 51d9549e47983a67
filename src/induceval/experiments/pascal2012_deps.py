"""PASCAL 2012 dependency track: baselines and DMV on every treebank given.

``induceval reproduce pascal2012-deps [TREEBANK...] [--out DIR] [--jobs N]``

Without TREEBANK arguments, the treebanks under the shared data folder are
used (the UD treebanks, the PTB dependency
sample and Eve).

For each treebank: LB, RB, uniformly random projective trees, H (the
harmonic initialiser's Viterbi trees) and DMV trained on the coarse, fine
and universal tags (DMVc, DMVp, DMVu), scored by directed, undirected and
NED accuracy after punctuation removal with re-attachment (Gelling et al.
§2.3), for all lengths (their Table 3) and for sentences of length <= 10
(Table 8); plus directed accuracy by relation group (Table 6) and by gold
edge length (Figure 1, one PNG per treebank).  The paper's numbers go beside
the Table 3 and 8 tables, for the treebanks that stand for its test sets
(UD_Danish-DDT for danish ...).

The paper's tables are written as ``<key>_paper``, which ``induceval report``
sets beside ours.

Treebanks (a folder or files; the tag sets are those of every PASCAL protocol):

* a folder of ``*.conllu`` (UD): all files read together (dev+test here);
  punctuation = UPOS ``PUNCT``; coarse = UD's 17 UPOS tags, fine = ``xpos``
  (when the treebank has it), universal = the 12 tags of Petrov et al.
  (2011) -- PASCAL's "UPOS" -- mapped from UD UPOS (AUX -> VERB, CCONJ and
  SCONJ -> CONJ, PROPN -> NOUN, PART -> PRT, INTJ and SYM -> X, PUNCT -> .).
* a folder of ``*.dp`` (the PTB dependency sample): punctuation by PTB tag,
  the tags Petrov et al.'s universal map sends to ``.`` (PASCAL's punctuation,
  the tags ``, . : `` '' -LRB- -RRB- $ #`` and ``! ? ( )``);
  fine = PTB tag, coarse = its first two letters (NN, VB, JJ ...),
  universal = Petrov et al.'s map.
* a folder of ``*.cha`` (Eve): child-directed utterances only; the gold is
  the hand-corrected ``%xgrt`` tier where present (sentences without a
  complete ``%xgrt`` analysis are left out, and counted); punctuation =
  Unicode punctuation forms; coarse = ``cpos``, fine = ``xpos`` (%mor),
  universal = the 12 collapsed categories of Frank et al. (2009).

Choices (the challenge report does not state them): every treebank is used
whole for training and scoring (unsupervised; the challenge trained on
train+dev+test and scored on test); DMV is trained on sentences of length
<= 10 (``--max-train-length``) and parses all; H uses the fine tags.

References
----------
Gelling, D., Cohn, T., Blunsom, P. and Graça, J. (2012). The PASCAL Challenge
on Grammar Induction. NAACL-HLT WILS.  Tables 3, 6, 8 and Figure 1.
Klein, D. and Manning, C. D. (2004). Corpus-based induction of syntactic
structure. ACL.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from induceval.data import corpus_dir
from induceval.errors import InducevalError
from induceval.experiments._category_common import add_legend, finish_figure
from induceval.experiments._cost import run_protocol_cells
from induceval.experiments._pascal2012_deps_protocol import OPTIONS, PROTOCOL, SYSTEMS
from induceval.experiments._pascal2012_paper import (
    DEPENDENCY_PAPER,
    DEPENDENCY_TABLES,
    NOT_OURS,
    TESTSETS,
    WITHHELD,
    paper_testset,
)
from induceval.experiments._pascal2012_tagsets import pascal_tagsets
from induceval.experiments._uncertainty import Marks, interval_columns
from induceval.random import DEFAULT_SEED
from induceval.report.tables import Table, table_keys, write_tables
from induceval.signature import make_signature

__all__ = ["SYSTEMS", "PAPER_SYSTEMS", "Treebank", "load_treebank", "run_cell", "pascal2012_deps",
           "improvement_table", "edge_length_table", "accuracy_tables", "tables_from_cells",
           "treebank_cells", "as_treebank", "paper_twins",
           "PROTOCOL", "OPTIONS", "PTB_PUNCT", "default_treebank_paths", "cell_items"]

#: PTB punctuation tags: every PTB tag that Petrov et al.'s (2011) universal map
#: sends to ``.``, the tag PASCAL 2012 removes (Gelling et al. 2012, §2.3) -- so ``$`` and ``#``
#: too, which Klein & Manning's WSJ10 list (``. , : `` '' -LRB- -RRB-``) keeps.
PTB_PUNCT = ("tags:! # $ '' ( ) , -LRB- -RRB- . : ? ``")

#: the columns of Gelling et al. 2012, Tables 3 and 8 (the paper prints no column for the
#: random trees, which its §6.4 calls Ra)
PAPER_SYSTEMS = ["DMVc", "DMVp", "DMVu", "H", "LB", "RB", "random"]

#: the scores of :func:`accuracy_tables`' tables, in their order: all lengths then length
#: <= 10, each directed, undirected and NED
LENGTHS, MEASURES = ("all", "len10"), ("directed", "undirected", "ned")


@dataclass
class Treebank:
    """A gold treebank ready for the protocol."""

    name: str
    corpus: object
    tags: dict  # kind c/p/u -> column name (:func:`pascal_tagsets`)
    punct: str
    notes: list = field(default_factory=list)

    @property
    def n_sentences(self) -> int:
        """The sentences of the treebank."""
        return self.corpus.n_sentences

    def head(self, n: int) -> Treebank:
        """The treebank of the first ``n`` sentences (what the protocol's estimate probes)."""
        return replace(self, corpus=self.corpus.select(range(min(n, self.n_sentences))))


def _files(path: Path, pattern: str) -> list[Path]:
    return sorted(path.glob(pattern)) if path.is_dir() else [path]


@functools.lru_cache(maxsize=4)
def load_treebank(path: str) -> Treebank:
    """Read a treebank folder (UD ``*.conllu``, PTB ``*.dp``, CHAT ``*.cha``) for the protocol."""
    from induceval.corpus.model import Column, concat
    from induceval.corpus.readers import read_corpus
    from induceval.corpus.stats import reading_errors
    from induceval.corpus.transforms.childes import select_child_directed

    p = Path(path)
    if not p.exists():
        raise InducevalError(f"treebank {path} does not exist")
    name = p.name if p.is_dir() else p.stem
    if (p.is_dir() and any(p.glob("*.conllu"))) or p.suffix == ".conllu":
        c = concat([read_corpus(f, format="conllu") for f in _files(p, "*.conllu")], name=name)
        return Treebank(name, *pascal_tagsets(c), punct="upos")
    if (p.is_dir() and any(p.glob("*.dp"))) or p.suffix == ".dp":
        files = _files(p, "*.dp")
        c = read_corpus(files if len(files) > 1 else files[0], format="malt")
        return Treebank(name, *pascal_tagsets(c, childes=False), punct=PTB_PUNCT)
    if (p.is_dir() and any(p.glob("*.cha"))) or p.suffix == ".cha":
        files = _files(p, "*.cha")
        # transcript errors (eve06's %gra at line 391 cannot be aligned) are counted
        # with file:line in the notes, not fatal: the protocol scores %xgrt trees
        c = read_corpus(files if len(files) > 1 else files[0], format="chat", on_error="skip")
        notes = []
        errors = reading_errors(c.report.to_dict())
        if errors:
            notes.append(f"{name}: transcript errors counted, not fatal: " + "; ".join(
                f"{k} {e['count']}" + (f" (first at {Path(e['first']).name})" if e["first"]
                                       else "") for k, e in errors.items()))
        c = select_child_directed(c)
        if "head@xgrt" in c.tokens:
            hx = c.tokens["head@xgrt"].values
            sid = c.sentence_ids()
            bad = np.bincount(sid[hx < 0], minlength=c.n_sentences) > 0
            n_bad = int(bad.sum())
            c = c.select(np.flatnonzero(~bad))
            c = c.with_tokens(head=Column(c.tokens["head@xgrt"].values.copy()))
            if "deprel@xgrt" in c.tokens:
                c = c.with_tokens(deprel=c.tokens["deprel@xgrt"])
            notes.append(f"{name}: gold = %xgrt; {n_bad} child-directed utterances without a "
                         "complete %xgrt analysis left out")
        c, tags = pascal_tagsets(c, childes=True)
        if tags.get("u") == "collapsed":
            notes.append(f"{name}: universal = the 12 collapsed CHILDES categories "
                         "(Frank, Goldwater & Keller 2009 Table 1)")
        return Treebank(name, c, tags, notes=notes, punct="unicode")
    raise InducevalError(f"{path}: no *.conllu, *.dp or *.cha files found")


def as_treebank(path: str | Treebank) -> Treebank:
    """The treebank at ``path`` (:func:`load_treebank`), or ``path`` when it is one.

    Parameters
    ----------
    path
        A treebank, or its path.

    Returns
    -------
    Treebank
        The treebank.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(10), {"u": "upos"}, punct="upos")
    >>> as_treebank(tb) is tb, tb.head(3).n_sentences, tb.n_sentences
    (True, 3, 10)
    """
    return path if isinstance(path, Treebank) else load_treebank(str(path))


def _read_inputs(cell):
    """The cell with its treebank read (the estimate probes prefixes of it)."""
    return replace(cell, args=(load_treebank(cell.args[0]), *cell.args[1:]))


def _evaluate(tb: Treebank, pred) -> dict:
    from induceval.measures.dependencies import evaluate_dependencies

    out = {}
    for key, ml in (("all", None), ("len10", 10)):
        r = evaluate_dependencies(tb.corpus, pred, punct=tb.punct, max_length=ml,
                                  breakdowns=("relation", "edge-length-exact"), diagnostics=False)
        out[key] = {m: r.scores[m] for m in ("directed", "undirected", "ned", "root", "tokens",
                                             "sentences")}
        # per-sentence edge counts (first reference): intervals and paired tests in the tables
        out[key]["stats"] = r.reference().stats.rows.tolist()
        have = r.reference().breakdowns
        for by in ("relation", "edge-length-exact"):
            b = have.get(by)  # no relation breakdown without gold labels (PTB .dp)
            out[key][by] = {row[by]: row["directed"] for row in b.rows()} if b else {}
    out["signature_eval"] = r.signature
    return out


def run_cell(path: str | Treebank, system: str, *, max_train_length: int | None = 10,
             iterations: int = 100, tolerance: float = 1e-5, seed: int = DEFAULT_SEED,
             tag_column: str | None = None) -> dict:
    """One protocol cell: ``system`` on the treebank at ``path`` (or read), scored (JSON-ready
    dict).

    Parameters
    ----------
    path
        The treebank, or its path.
    system
        A system of :data:`SYSTEMS` (or a DMV over ``tag_column``).
    max_train_length
        The longest training sentence (``None``: all).
    iterations, tolerance
        EM's iterations and stopping tolerance.
    seed
        The seed of the random trees.
    tag_column
        The tag column of the DMV and harmonic systems (default: by the system).

    Returns
    -------
    dict
        The scores (``all``, ``len10``), signature and notes, JSON-ready.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> sorted(run_cell(tb, "RB"))[:3]
    ['all', 'iterations', 'len10']
    """
    from induceval.models.dependencies import induce_dependencies

    tb = as_treebank(path)
    model, kind = SYSTEMS[system] if system in SYSTEMS else ("dmv", None)
    col = tag_column or (next((tb.tags[k] for k in kind if k in tb.tags), None)
                         if kind else None)
    if kind and col is None:
        return {"missing": f"{tb.name} has no {kind!r} tag column"}
    opts: dict = {}
    if model in ("dmv", "harmonic"):
        opts["max_train_length"] = max_train_length
    if model == "dmv":
        opts.update(iterations=iterations, tolerance=tolerance)
    res = induce_dependencies(tb.corpus, model, tags=col or "upos", seed=seed, punct=tb.punct,
                              **opts)
    out = _evaluate(tb, res.corpus)
    out.update(signature=res.signature, iterations=len(res.log_likelihood),
               skipped=res.skipped, tags=col, notes=tb.notes)
    return out


def _pct(x) -> float | None:
    return None if x is None or (isinstance(x, float) and math.isnan(x)) else 100.0 * x


def improvement_table(results: dict, treebanks: list[str], key: str = "len10") -> Table:
    """DMV next to its own harmonic initialiser, per treebank and tag set (Gelling et al.
    2012, §6.2).

    Parameters
    ----------
    results
        The cells by ``"<treebank>|<system>"``.
    treebanks
        The treebanks' names, in row order.
    key
        The scores compared: ``len10`` or ``all``.

    Returns
    -------
    Table
        ``H<k>``, ``DMV<k>`` and ``gain<k>`` per tag set, a row per treebank.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> results = {f"demo|{s}": run_cell(tb, s, iterations=5) for s in ("Hu", "DMVu")}
    >>> improvement_table(results, ["demo"]).columns[:4]
    ['treebank', 'Hc', 'DMVc', 'gainc']
    """
    rows = []
    for tb in treebanks:
        row: dict = {"treebank": tb}
        for k in "cpu":
            h = results.get(f"{tb}|H{k}", {}).get(key, {}).get("directed")
            d = results.get(f"{tb}|DMV{k}", {}).get(key, {}).get("directed")
            row.update({f"H{k}": _pct(h), f"DMV{k}": _pct(d),
                        f"gain{k}": None if h is None or d is None else _pct(d - h)})
        rows.append(row)
    cols = ["treebank"] + [f"{p}{k}" for k in "cpu" for p in ("H", "DMV", "gain")]
    label = "length <= 10" if key == "len10" else "all lengths"
    return Table(cols, rows, digits=1,
                 title=f"DMV vs its harmonic initialiser, directed accuracy (%), {label}",
                 notes=["gain = DMV - H on the same tag set; Gelling et al. 2012 §6.2: "
                        "'In all cases DMV "
                        "improved over its initialisation condition'"])


def cell_items(cell: dict | None, key: str):
    """Per-sentence edge counts of a cell's ``key`` scores (``all``/``len10``) as ItemStats.

    ``None`` when the cell has none (a missing tag set, a cell stored without them).

    Parameters
    ----------
    cell
        A cell's result, or ``None``.
    key
        ``"all"`` or ``"len10"``.

    Returns
    -------
    ItemStats or None
        The per-sentence edge counts.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> round(cell_items(run_cell(tb, "RB"), "all").scores()["directed"], 4)
    0.1643
    """
    from induceval.measures.dependencies import dependency_items

    rows = (cell or {}).get(key, {}).get("stats")
    if not rows:
        return None
    return dependency_items(np.asarray(rows, dtype=np.float64).reshape(len(rows), -1))


def accuracy_tables(results: dict, treebanks: list[str], systems: list[str],
                    notes: list[str] | None = None, *, confidence: int = 1000,
                    alpha: float = 0.05, seed: int = DEFAULT_SEED, prefix: str = "",
                    paper: tuple[str, str] = ("Table 3", "Table 8"), title: str = "",
                    with_k: bool = False) -> list[Table]:
    """Directed, undirected and NED accuracy (%), rows treebanks and columns systems, for all
    lengths and for length <= 10 (the shape of Gelling et al. 2012, Tables 3 and 8).

    ``results`` are the cells by ``f"{prefix}{treebank}|{system}"``; ``notes`` go
    to the first table; ``with_k`` adds each system's ``k`` after it (``K`` + the
    system's last letter).  With ``confidence`` (the number of bootstrap
    resamples; 0 = none) every score gets a ``<system> ±`` column (half-width of
    the percentile bootstrap interval over sentences, level ``1 - alpha``), and
    each row names its best system and the systems whose difference from it is
    not significant (paired bootstrap, two-sided, level ``alpha``).

    Parameters
    ----------
    results
        The cells by ``"<treebank>|<system>"``.
    treebanks
        The treebanks' names, in row order.
    systems
        The systems, in column order.
    notes
        Notes of the first table.
    confidence, alpha, seed
        The bootstrap (see above).
    prefix
        The cells' key prefix.
    paper
        The paper's tables, in the titles.
    title
        A title prefix.
    with_k
        Add each system's K.

    Returns
    -------
    list of Table
        Directed, undirected and NED, all lengths and length <= 10.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> results = {f"demo|{s}": run_cell(tb, s) for s in ("LB", "RB")}
    >>> tables = accuracy_tables(results, ["demo"], ["LB", "RB"], confidence=0)
    >>> len(tables), [row["treebank"] for row in tables[0].rows]
    (6, ['demo', 'averages'])
    """
    marks = Marks(confidence, alpha, seed) if confidence else None
    items = {(tb, s, key): cell_items(results.get(f"{prefix}{tb}|{s}"), key)
             for tb in treebanks for s in systems for key in ("all", "len10")} if marks else {}
    tables = []
    for key, label, table in zip(LENGTHS, (
            f"all sentence lengths (Gelling et al. 2012 {paper[0]})",
            f"sentences of length <= 10 (Gelling et al. 2012 {paper[1]})"), paper):
        for m in MEASURES:
            rows = []
            for tb in treebanks:
                row: dict = {"treebank": tb}
                for s in systems:
                    r = results.get(f"{prefix}{tb}|{s}", {})
                    row[s] = _pct(r.get(key, {}).get(m))
                    if with_k:
                        row[f"K{s[-1]}"] = r.get("k")
                if marks:
                    marks.mark(row, {s: items[(tb, s, key)] for s in systems}, m)
                rows.append(row)
            avg: dict = {"treebank": "averages"}
            for s in systems:
                vals = [r[s] for r in rows if r[s] is not None]
                avg[s] = float(np.mean(vals)) if vals else None
            rows.append(avg)
            cols = ["treebank"] + systems + ([f"K{s[-1]}" for s in systems] if with_k else [])
            # the first table carries every note; the others the signatures of the run
            tnotes = list(notes or []) if not tables else [
                n for n in notes or [] if n.startswith("signature:")]
            if marks and any(f"{s} ±" in r for r in rows for s in systems):
                cols = interval_columns(cols, systems)
                tnotes.extend(marks.notes("sentences"))
                tnotes.append("intervals and tests: scored against the first reference")
            withheld = WITHHELD.get((_paper_key(table), m))
            if withheld:
                tnotes.append(f"not beside Gelling et al. 2012 {table}'s {m} block: {withheld}")
            tables.append(Table(cols, rows, title=f"{title}{m} accuracy (%), {label}", digits=1,
                                notes=tnotes))
    return tables


def _paper_key(table: str) -> str:
    """``"Table 3"`` -> ``"table3"``, the key of the paper's numbers."""
    return "table" + table.split()[-1]


def paper_twins(tables: Sequence[Table], keys: Sequence[str],
                paper: tuple[str, str] = ("Table 3", "Table 8"),
                title: str = "") -> dict[str, Table]:
    """The paper's numbers beside :func:`accuracy_tables`' tables: ``<key>_paper`` -> the
    paper's block of the same measure and lengths, a row per run treebank it has.

    A run's treebank is the paper's test set it stands for (UD_Danish-DDT is danish;
    ``TREEBANKS`` of the paper's numbers); the paper's ``averages`` row is given only
    when the run's treebanks are the paper's ten test sets, one each.  A table with no
    such treebank, or whose block the paper printed wrongly (``WITHHELD``: Table 3's
    directed block), has no twin.  The notes say which rows and columns of the paper's
    have none of ours, and the reverse.
    :func:`~induceval.experiments.findings.comparisons` pairs the rows by treebank.

    Parameters
    ----------
    tables
        The tables of :func:`accuracy_tables`, in its order.
    keys
        The keys they are written under.
    paper
        The paper's tables of all lengths and of length <= 10 (``("Table 4", "Table 9")``
        for the joint task).
    title
        The title prefix of the tables (``"joint task: "``).

    Returns
    -------
    dict of str to Table
        The twins by key.

    Example
    -------
    >>> ours = Table(["treebank", "LB"], [{"treebank": "UD_Swedish-Talbanken", "LB": 30.0}])
    >>> twins = paper_twins([ours] * 6, [f"t{i}" for i in range(6)])
    >>> sorted(twins)[:2], twins["t1_paper"].rows[0]["LB"]
    (['t1_paper', 't2_paper'], 53.0)
    """
    twins = {}
    task = title.rstrip(": ")
    blocks = [(t, m, what) for t, what in zip(paper, ("all sentence lengths",
                                                      "sentences of length <= 10"))
              for m in MEASURES]
    for ours, key, (table, m, what) in zip(tables, keys, blocks):
        pkey = _paper_key(table)
        if (pkey, m) in WITHHELD:
            continue
        where, caption, columns, _ = DEPENDENCY_TABLES[pkey]
        block = DEPENDENCY_PAPER[(pkey, m)]
        names = [str(r.get("treebank")) for r in ours.rows if r.get("treebank") != "averages"]
        found = {name: paper_testset(name) for name in names}
        rows = [{"treebank": name, **{c: v for c, v in zip(columns, block[ts]) if v is not None}}
                for name, ts in found.items() if ts]
        if not rows:
            continue
        ts_of_rows = [ts for ts in found.values() if ts]
        whole = sorted(ts_of_rows) == sorted(TESTSETS)
        if whole:
            rows.append({"treebank": "averages", **{c: v for c, v in zip(columns,
                                                                         block["averages"])
                                                    if v is not None}})
        cols = [c for c in columns if any(c in r for r in rows)]
        n = table.split()[-1]
        notes = [f"signature: paper|pascal2012|table:{n}", f"{where}: {caption}",
                 "the paper's numbers are of the PASCAL 2012 test sets; ours of the run's "
                 "treebanks"]
        renamed = [f"{name} = {ts}" for name, ts in found.items() if ts and ts != name]
        if renamed:
            notes.append("rows named by the run's treebanks: " + ", ".join(renamed))
        missing = [ts for ts in TESTSETS if ts not in ts_of_rows]
        if not whole:
            notes.append("paper rows with no run row: " + ", ".join(
                [*missing, "averages (over the paper's ten test sets)"]))
        alone = [name for name, ts in found.items() if not ts]
        if alone:
            notes.append("run rows with no paper row: " + ", ".join(alone))
        theirs = [c for c in cols if c in NOT_OURS]
        if theirs:
            notes.append(f"columns {', '.join(theirs)}: the organisers' benchmark and the "
                         "participants' systems, not in our runs")
        if unmatched := [c for c in ours.columns if c in PAPER_SYSTEMS and c not in cols]:
            notes.append(f"our columns with no paper column: {', '.join(unmatched)}")
        twins[f"{key}_paper"] = Table(
            ["treebank", *cols], rows, digits=1,
            title=f"Gelling et al. 2012 {table}{f' ({task})' if task else ''}: {m} accuracy "
                  f"(%), {what} (the paper's numbers)", notes=notes)
    return twins


def tables_from_cells(results: dict, treebanks: list[str], systems: list[str],
                      notes: list[str] | None = None, *, confidence: int = 1000,
                      alpha: float = 0.05, seed: int = DEFAULT_SEED) -> list[Table]:
    """Build Table 3/8-shaped tables (:func:`accuracy_tables`) and Table 6 (directed accuracy
    by relation, one table per treebank).

    Parameters
    ----------
    results
        The cells by ``"<treebank>|<system>"``.
    treebanks
        The treebanks' names, in row order.
    systems
        The systems.
    notes
        Notes of the first table.
    confidence, alpha, seed
        The bootstrap, as in :func:`accuracy_tables`.

    Returns
    -------
    list of Table
        The accuracy tables and Table 6 per treebank.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> results = {f"demo|{s}": run_cell(tb, s) for s in ("LB", "RB")}
    >>> len(tables_from_cells(results, ["demo"], ["LB", "RB"], confidence=0))
    7
    """
    tables = accuracy_tables(results, treebanks, systems, notes, confidence=confidence,
                             alpha=alpha, seed=seed)
    for tb in treebanks:
        cells = {s: results.get(f"{tb}|{s}", {}) for s in systems}
        groups = list(dict.fromkeys(g for r in cells.values()
                                    for g in r.get("all", {}).get("relation", {})))
        if not groups:
            continue
        rows = [{"system": s, **{g: _pct(r["all"]["relation"].get(g)) for g in groups}}
                for s, r in cells.items() if "all" in r]
        tables.append(Table(["system"] + groups, rows, digits=1,
                            higher_is_better={g: True for g in groups},
                            title=f"{tb}: directed accuracy (%) by relation "
                                  "(Gelling et al. 2012 Table 6)"))
    return tables


def edge_length_table(results: dict, treebanks: list[str], systems: list[str],
                      max_edge: int = 9) -> Table:
    """Gelling et al. 2012, Figure 1 as numbers: directed accuracy (%) by gold edge length,
    a row per treebank and system, all sentence lengths.

    Parameters
    ----------
    results
        The cells by ``"<treebank>|<system>"``.
    treebanks
        The treebanks' names, in row order.
    systems
        The systems.
    max_edge
        The longest edge length.

    Returns
    -------
    Table
        A row per treebank and system.

    Example
    -------
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> tb = Treebank("demo", generate_demo_corpus(40, seed=1), {"u": "upos"}, punct="upos")
    >>> results = {f"demo|{s}": run_cell(tb, s) for s in ("LB", "RB")}
    >>> edge_length_table(results, ["demo"], ["RB"], max_edge=2).columns
    ['treebank', 'system', '1', '2']
    """
    rows = []
    for tb in treebanks:
        for s in systems:
            e = results.get(f"{tb}|{s}", {}).get("all", {}).get("edge-length-exact")
            if e:
                rows.append({"treebank": tb, "system": s,
                             **{str(k): _pct(e.get(str(k))) for k in range(1, max_edge + 1)}})
    return Table(["treebank", "system", *map(str, range(1, max_edge + 1))], rows, digits=1,
                 title="directed accuracy (%) by gold edge length (Gelling et al. 2012 Figure 1)",
                 notes=["columns: the gold edge length in words; '-': no edge of that length"])


def edge_length_figure(results: dict, tb: str, systems: list[str], path: Path,
                       max_edge: int = 9) -> Path | None:
    """Gelling et al. 2012, Figure 1 for one treebank: directed accuracy by gold edge length
    (PNG)."""
    try:
        import matplotlib
    except ImportError:
        return None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5, 4))
    for i, s in enumerate(systems):
        r = results.get(f"{tb}|{s}", {})
        if "all" not in r:
            continue
        e = r["all"]["edge-length-exact"]
        xs = [k for k in range(1, max_edge + 1) if str(k) in e]
        ax.plot(xs, [100 * e[str(k)] for k in xs], marker="os^vDx+*"[i % 8], label=s)
    ax.set_xlabel("edge length")
    ax.set_ylabel("directed accuracy (%)")
    ax.set_title(f"{tb} (Gelling et al. 2012 Figure 1)")
    add_legend(ax, fontsize=7)
    path.parent.mkdir(parents=True, exist_ok=True)
    finish_figure(fig, path, dpi=100)
    return path


def treebank_cells(fn, treebanks: list[str], systems, options: dict, out_dir, *, jobs: int,
                   show_progress: bool, desc: str, prefix: str = ""):
    """Run ``fn(path, system, **options)`` for every treebank and system as resumable cells
    keyed ``f"{prefix}{name}|{system}"``; return the treebank names by path and the cells.

    Parameters
    ----------
    fn
        The cell function, ``fn(path, system, **options)``.
    treebanks
        The treebanks' paths.
    systems
        The systems.
    options
        The cells' options.
    out_dir
        Where finished cells go (``None``: none).
    jobs
        Processes running the cells.
    show_progress
        Show a bar over the cells.
    desc
        The bar's label.
    prefix
        The cells' key prefix.

    Returns
    -------
    tuple of (dict, dict)
        Treebank name by path, and the cells' results by key.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> path = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(40, seed=1), path)
    >>> names, cells = treebank_cells(run_cell, [path], ["RB"], {}, None, jobs=1,
    ...                               show_progress=False, desc="cells")
    >>> list(names.values()), list(cells)
    (['demo'], ['demo|RB'])
    """
    from induceval.parallel import Cell

    names = {str(t): Path(t).name if Path(t).is_dir() else Path(t).stem for t in treebanks}
    cells = [Cell(f"{prefix}{names[str(t)]}|{s}", fn, (str(t), s), dict(options))
             for t in treebanks for s in systems]
    return names, run_protocol_cells(cells, out_dir, jobs=jobs, show_progress=show_progress,
                                     desc=desc,
                                     shorten="--max-train-length N, --iterations N, --systems S",
                                     probe_inputs=_read_inputs)


def pascal2012_deps(treebanks: list[str], out_dir: str | None = None, *, jobs: int = 1,
                    systems: list[str] | None = None, max_train_length: int | None = 10,
                    iterations: int = 100, tolerance: float = 1e-5, seed: int = DEFAULT_SEED,
                    show_progress: bool = False, figures: bool = True,
                    confidence: int = 1000, alpha: float = 0.05) -> list[Table]:
    """Run the dependency protocol; return its tables (figures written to ``out_dir``).

    ``confidence`` bootstrap resamples (0 = none) give each score its
    interval and mark the differences from the best system that are not
    significant at ``alpha`` (see :func:`tables_from_cells`).

    Cells (treebank x system) are stored under ``out_dir/cells`` and reused
    on a rerun (resume); ``jobs`` runs them in parallel processes.

    Parameters
    ----------
    treebanks
        The treebanks' paths.
    out_dir
        Where tables, figures and finished cells go, with the paper's numbers beside
        the Table 3 and 8 tables (:func:`paper_twins`; ``None``: nothing written).
    jobs
        Processes running the cells.
    systems
        The systems (default: every one).
    max_train_length
        The longest training sentence (``None``: all).
    iterations, tolerance
        EM's iterations and stopping tolerance.
    seed
        The seed of the random trees and the bootstrap.
    show_progress
        Show a bar over the cells.
    figures
        Draw the figures.
    confidence, alpha
        See above.

    Returns
    -------
    list of Table
        The accuracy tables, Table 6 by treebank and the edge-length table.

    Example
    -------
    >>> import os, tempfile
    >>> from induceval.corpus.demo import generate_demo_corpus
    >>> from induceval.corpus.writers import write_conllu
    >>> path = os.path.join(tempfile.mkdtemp(), "demo.conllu")
    >>> _ = write_conllu(generate_demo_corpus(40, seed=1), path)
    >>> tables = pascal2012_deps([path], systems=["LB", "RB"], confidence=0, figures=False)
    >>> tables[0].columns
    ['treebank', 'LB', 'RB']
    """
    systems = list(systems or SYSTEMS)
    for s in systems:
        if s not in SYSTEMS:
            raise InducevalError(f"unknown system {s!r}; choose from {', '.join(SYSTEMS)}")
    names, results = treebank_cells(
        run_cell, treebanks, systems, {"max_train_length": max_train_length,
                                       "iterations": iterations, "tolerance": tolerance,
                                       "seed": seed},
        out_dir, jobs=jobs, show_progress=show_progress, desc="pascal2012-deps")
    # the run's own signature first: the tables' numbers depend on these options, not only on
    # the resampling that the intervals add
    run_sig = make_signature("pascal2012-deps", {"train_length": max_train_length,
                                                 "iterations": iterations,
                                                 "tolerance": tolerance}, seed=seed)
    notes = [f"signature: {run_sig}",
             f"DMV: EM from the harmonic initialiser, trained on length <= {max_train_length}, "
             f"at most {iterations} iterations, tolerance {tolerance:g}; random seed {seed}",
             "'-': the treebank has no such tag column"]
    for r in results.values():
        for n in r.get("notes", []):
            if n not in notes:
                notes.append(n)
    sig = next((r["signature"] for k, r in results.items() if k.endswith("|DMVu")
                and "signature" in r), None)
    if sig:
        notes.append(f"DMVu signature: {sig}")
    shown = [s for s in systems if s in PAPER_SYSTEMS] or systems
    tables = tables_from_cells(results, list(names.values()), shown, notes,
                               confidence=confidence, alpha=alpha, seed=seed)
    if any(s.startswith("H") and len(s) == 2 for s in systems):
        for key in ("len10", "all"):
            tables.append(improvement_table(results, list(names.values()), key))
    tables.append(edge_length_table(results, list(names.values()), shown))
    if figures and out_dir is not None:
        for tb in names.values():
            png = edge_length_figure(results, tb, shown, Path(out_dir) / f"figure1_{tb}.png")
            if png:   # named in the folder: the tables hold no path of the run
                tables[0].notes.append(f"Figure 1 ({tb}): {Path(png).name}")
    if out_dir is not None:   # as every protocol: the tables beside their cells, and the
        keys = table_keys(tables)   # paper's numbers beside those it has
        write_tables({**dict(zip(keys, tables)),
                      **paper_twins(tables[:len(LENGTHS) * len(MEASURES)], keys)}, out_dir)
    return tables


def default_treebank_paths(root=None) -> list[str]:
    """The treebanks of the shared data folder present: UD folders, the PTB sample, Eve.

    Parameters
    ----------
    root
        The shared data folder (default: :func:`~induceval.data.shared_data_dir`).

    Returns
    -------
    list of str
        The treebanks' paths.

    Example
    -------
    >>> import tempfile
    >>> default_treebank_paths(tempfile.mkdtemp())
    []
    """
    out = sorted(str(p) for p in corpus_dir("ud", root).glob("UD_*") if p.is_dir())
    for extra in (corpus_dir("wsj-dependencies", root), corpus_dir("eve", root)):
        if extra.is_dir():
            out.append(str(extra))
    return out


def treebanks_or_default(treebanks: Sequence[str], data) -> list[str]:
    """``treebanks``, or the default treebanks under the shared data folder ``data``."""
    if treebanks:
        return list(treebanks)
    found = default_treebank_paths(data)
    if not found:
        raise InducevalError(f"no treebanks under {data}; give TREEBANK paths or --data DIR")
    return found


def _from_options(o, data, show_progress: bool) -> tuple[list[Table], list[str]]:
    """The protocol from the ``reproduce pascal2012-deps`` options."""
    return pascal2012_deps(treebanks_or_default(o.treebanks, data), o.out, jobs=o.jobs,
                           systems=o.systems.split(",") if o.systems else None,
                           max_train_length=o.max_train_length or None,
                           iterations=o.iterations, tolerance=o.tolerance, seed=o.seed,
                           show_progress=show_progress, confidence=o.confidence, alpha=o.alpha), []
