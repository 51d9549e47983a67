"""(verb, relation, noun) tuples from dependency-annotated corpora.

Chambers & Jurafsky (2010, §3.1) evaluate selectional preferences on pairs
``(v_d, n)``: a verb ``v`` whose grammatical dependency ``d`` in
{subject, object, prep} is filled by the noun ``n``; "all prepositions are
condensed into prep".  This module extracts such tuples from any corpus with
``head``/``deprel`` columns, under a documented, configurable
:class:`RelationScheme` per annotation scheme:

``ud`` (Universal Dependencies)
    ``nsubj`` -> subj, ``obj`` -> obj; ``obl``/``nmod`` attached to a verb
    and having a ``case`` dependent -> prep (the preposition is folded into
    ``prep``).  Subtypes count as their base relation, except
    ``nsubj:pass`` (a passive subject fills the object role), ``nmod:poss``,
    ``obl:tmod``/``obl:npmod``/``nmod:tmod``/``nmod:npmod`` (not
    prepositional).  Verbs: UPOS ``VERB``; nouns: ``NOUN`` and ``PROPN``.
``childes`` (CHILDES ``%gra``, MacWhinney's GRASP scheme)
    ``SUBJ`` -> subj, ``OBJ`` -> obj, and ``POBJ`` whose preposition is
    attached to a verb -> prep (verb = the preposition's head).  Verbs:
    ``%mor`` coarse tag ``v``; nouns: ``n``.
``conll`` (CoNLL-X / PASCAL files with PTB tags and CoNLL-2008 style labels)
    ``SBJ`` -> subj, ``OBJ`` -> obj, and ``PMOD`` under an ``IN``/``TO``
    preposition attached to a verb -> prep.  Verbs: ``VB*``; nouns ``NN*``.

Lemmas are used where the corpus has them (the paper stems words), else forms,
lower-cased by default.  Tuples whose verb or noun has no lemma (``_``) are
counted in ``skipped`` and left out.

Counting streams: :func:`count_tuples` maps over corpora (shards) and merges
count tables, so memory is bounded by the number of distinct tuples.

References
----------
Chambers, N. & Jurafsky, D. (2010). Improving the use of pseudo-words for
evaluating selectional preferences. ACL, §3.1 and §6.

Example
-------
>>> from induceval.corpus.model import CorpusBuilder
>>> b = CorpusBuilder()
>>> b.add_sentence({"form": ["dogs", "eat", "meat", "in", "bowls"],
...                 "lemma": ["dog", "eat", "meat", "in", "bowl"],
...                 "upos": ["NOUN", "VERB", "NOUN", "ADP", "NOUN"],
...                 "head": [2, 0, 2, 5, 2], "deprel": ["nsubj", "root", "obj", "case", "obl"]},
...                {"document": "d1"})
>>> t = extract_tuples(b.build(), "ud")
>>> list(zip(t.verb, t.relation, t.noun))
[('eat', 'subj', 'dog'), ('eat', 'obj', 'meat'), ('eat', 'prep', 'bowl')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, ParameterError

__all__ = [
    "RELATIONS",
    "ARGUMENTS",
    "RelationScheme",
    "SCHEMES",
    "TupleInstances",
    "TupleCounts",
    "detect_scheme",
    "extract_tuples",
    "count_tuples",
    "word_frequencies",
]

#: the three relations of Chambers & Jurafsky (2010)
RELATIONS = ("subj", "obj", "prep")

_PTB_VERBS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})
_PTB_NOUNS = frozenset({"NN", "NNS", "NNP", "NNPS"})


@dataclass(frozen=True)
class RelationScheme:
    """How one annotation scheme's relations map to subj/obj/prep.

    Attributes
    ----------
    name
        The scheme's name.
    tag_column
        The token column whose tags identify verbs and nouns.
    verb_tags, noun_tags
        Tags of verbs and of nouns in ``tag_column``.
    direct
        Relation of a noun attached to a verb -> ``subj``/``obj``/``prep``.
    oblique
        Relations of a noun attached to a verb that count as ``prep`` when
        the noun has a dependent in ``case_relations`` (UD ``obl``/``nmod``).
    case_relations
        Relations marking the preposition of an oblique (UD ``case``).
    prep_object
        Relations of a noun attached to a preposition whose own head is a
        verb; the tuple is (that verb, prep, noun) (CHILDES ``POBJ``).
    prep_tags
        Tags of prepositions for ``prep_object`` (empty: any tag).
    pronoun_tags
        Tags of pronouns, arguments under ``arguments="nominals"``.
    excluded
        Full relation labels never used, even when their base is mapped.
    match_base
        Match relation subtypes (``obl:arg``) by their base (``obl``).
    """

    name: str
    tag_column: str
    verb_tags: frozenset[str]
    noun_tags: frozenset[str]
    direct: Mapping[str, str]
    oblique: frozenset[str] = frozenset()
    case_relations: frozenset[str] = frozenset()
    prep_object: frozenset[str] = frozenset()
    prep_tags: frozenset[str] = frozenset()
    pronoun_tags: frozenset[str] = frozenset()
    excluded: frozenset[str] = frozenset()
    match_base: bool = False


#: the documented schemes (see the module docstring)
SCHEMES: dict[str, RelationScheme] = {
    "ud": RelationScheme(
        name="ud", tag_column="upos", verb_tags=frozenset({"VERB"}),
        noun_tags=frozenset({"NOUN", "PROPN"}), direct={"nsubj": "subj", "obj": "obj"},
        oblique=frozenset({"obl", "nmod"}), case_relations=frozenset({"case"}),
        pronoun_tags=frozenset({"PRON"}),
        excluded=frozenset({"nsubj:pass", "nsubj:outer", "nmod:poss", "obl:tmod", "obl:npmod",
                            "nmod:tmod", "nmod:npmod"}),
        match_base=True),
    "childes": RelationScheme(
        name="childes", tag_column="cpos", verb_tags=frozenset({"v"}),
        noun_tags=frozenset({"n"}), direct={"SUBJ": "subj", "OBJ": "obj"},
        prep_object=frozenset({"POBJ"}), prep_tags=frozenset({"prep"}),
        pronoun_tags=frozenset({"pro"})),
    "conll": RelationScheme(
        name="conll", tag_column="xpos", verb_tags=_PTB_VERBS, noun_tags=_PTB_NOUNS,
        direct={"SBJ": "subj", "OBJ": "obj"}, prep_object=frozenset({"PMOD"}),
        prep_tags=frozenset({"IN", "TO"}), pronoun_tags=frozenset({"PRP"})),
}

#: which dependents count as arguments (``extract_tuples(arguments=...)``)
ARGUMENTS = ("nouns", "nominals", "any")


def detect_scheme(corpus: Corpus) -> str:
    """Guess the relation scheme from the relations present.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a"], "head": [0], "deprel": ["SUBJ"]})
    >>> detect_scheme(b.build())
    'childes'
    """
    if "deprel" not in corpus.tokens:
        raise InducevalError(
            f"corpus {corpus.name or '<unnamed>'} has no dependency relations (deprel); "
            f"it has: {', '.join(sorted(corpus.tokens))}")
    labels = set(corpus.inventory("deprel"))
    if labels & {"nsubj", "obj", "obl"}:
        return "ud"
    if labels & {"SUBJ", "POBJ"}:
        return "childes"
    if labels & {"SBJ", "PMOD"}:
        return "conll"
    raise InducevalError(
        "cannot tell the relation scheme from the relations "
        f"{', '.join(sorted(labels)[:12])}...; pass scheme='ud'|'childes'|'conll'")


@dataclass(frozen=True)
class TupleInstances:
    """Every (verb, relation, noun) occurrence, with its document.

    Arrays are aligned numpy object arrays of strings; ``skipped`` counts
    the candidate tuples left out, by reason.
    """

    verb: np.ndarray
    relation: np.ndarray
    noun: np.ndarray
    document: np.ndarray
    skipped: Counter = field(default_factory=Counter)

    def __len__(self) -> int:
        return len(self.verb)

    def select(self, mask: np.ndarray) -> TupleInstances:
        """The instances where ``mask`` is true."""
        return TupleInstances(self.verb[mask], self.relation[mask], self.noun[mask],
                              self.document[mask], self.skipped)

    def in_documents(self, documents: Iterable[str]) -> TupleInstances:
        """The instances from the given documents."""
        docs = set(documents)
        return self.select(np.fromiter((d in docs for d in self.document), dtype=bool,
                                       count=len(self.document)))

    def counts(self) -> TupleCounts:
        """The additive count table of these instances."""
        return TupleCounts(Counter(zip(self.verb.tolist(), self.relation.tolist(),
                                       self.noun.tolist())), Counter(self.skipped))


@dataclass
class TupleCounts:
    """Additive counts of (verb, relation, noun) tuples; ``+`` merges shards.

    Example
    -------
    >>> a = TupleCounts(Counter({("eat", "obj", "cake"): 2}))
    >>> b = TupleCounts(Counter({("eat", "obj", "cake"): 1, ("see", "obj", "dog"): 1}))
    >>> (a + b).counts[("eat", "obj", "cake")], len(a + b)
    (3, 2)
    """

    counts: Counter = field(default_factory=Counter)
    skipped: Counter = field(default_factory=Counter)

    def __add__(self, other: TupleCounts) -> TupleCounts:
        return TupleCounts(self.counts + other.counts, self.skipped + other.skipped)

    def __len__(self) -> int:
        return len(self.counts)

    @property
    def total(self) -> int:
        """Number of tuple occurrences (the sum of the counts), not of distinct tuples.

        Example
        -------
        >>> TupleCounts(Counter({("eat", "obj", "cake"): 2, ("see", "obj", "dog"): 1})).total
        3
        """
        return sum(self.counts.values())


def _scheme(scheme: str | RelationScheme, corpus: Corpus) -> RelationScheme:
    if isinstance(scheme, RelationScheme):
        return scheme
    if scheme == "auto":
        scheme = detect_scheme(corpus)
    if scheme not in SCHEMES:
        raise ParameterError(f"scheme must be one of auto, {', '.join(SCHEMES)}; got {scheme!r}")
    return SCHEMES[scheme]


def _code_set(column, tags: Iterable[str]) -> np.ndarray:
    vocab = column.vocab
    ids = [vocab.id(t) for t in tags]
    return np.array([i for i in ids if i >= 0], dtype=np.int32)


def _word_table(corpus: Corpus, use_lemma: bool, lowercase: bool) -> tuple[np.ndarray, str]:
    """The word string of each code of the lemma (or form) column (``None``: no word)."""
    name = "lemma" if use_lemma and "lemma" in corpus.tokens else "form"
    table = corpus.tokens[name].vocab.to_array()
    missing = {"_", "", "-"}
    if lowercase:
        table = np.array([None if s in missing else s.lower() for s in table], dtype=object)
    else:
        table = np.array([None if s in missing else s for s in table], dtype=object)
    return table, name


def _word_strings(corpus: Corpus, use_lemma: bool, lowercase: bool) -> tuple[np.ndarray, str]:
    table, name = _word_table(corpus, use_lemma, lowercase)
    return np.append(table, None)[corpus.tokens[name].values], name


def extract_tuples(corpus: Corpus, scheme: str | RelationScheme = "auto", *,
                   use_lemma: bool = True, lowercase: bool = True,
                   arguments: str = "nouns") -> TupleInstances:
    """Extract every (verb, relation, noun) occurrence of a corpus.

    Parameters
    ----------
    corpus
        A corpus with ``head``, ``deprel`` and the scheme's tag column.
    scheme
        ``"auto"``, a name in :data:`SCHEMES`, or a :class:`RelationScheme`.
    use_lemma
        Use the ``lemma`` column when present (else forms).
    lowercase
        Lower-case verbs and nouns.
    arguments
        ``"nouns"`` (the paper's: the argument is a noun), ``"nominals"``
        (nouns and pronouns; child-directed speech has mostly pronoun
        subjects and objects) or ``"any"`` (any dependent in the relation).

    Returns
    -------
    TupleInstances
        In corpus order; ``document`` from the sentence column ``document``
        (the corpus name when absent).
    """
    sch = _scheme(scheme, corpus)
    if arguments not in ARGUMENTS:
        raise ParameterError(f"arguments must be one of {', '.join(ARGUMENTS)}; got {arguments!r}")
    for need in ("head", "deprel", sch.tag_column):
        if need not in corpus.tokens:
            raise InducevalError(
                f"scheme {sch.name!r} needs token column {need!r}; corpus "
                f"{corpus.name or '<unnamed>'} has: {', '.join(sorted(corpus.tokens))}")
    heads = corpus.tokens["head"].values.astype(np.int64)
    sid = corpus.sentence_ids()
    start = corpus.offsets[:-1][sid]
    lengths = corpus.lengths[sid]
    ok = (heads > 0) & (heads <= lengths)
    gh = np.where(ok, start + heads - 1, -1)
    tags = corpus.tokens[sch.tag_column]
    tagv = tags.values
    is_verb = np.isin(tagv, _code_set(tags, sch.verb_tags))
    if arguments == "any":
        is_noun = np.ones(len(tagv), dtype=bool)
    elif arguments == "nominals":
        is_noun = np.isin(tagv, _code_set(tags, sch.noun_tags | sch.pronoun_tags))
    else:
        is_noun = np.isin(tagv, _code_set(tags, sch.noun_tags))
    rel_col = corpus.tokens["deprel"]
    rel_names = rel_col.vocab.items

    def rel_map() -> np.ndarray:
        out = np.full(len(rel_names) + 1, "", dtype=object)
        for i, full in enumerate(rel_names):
            if full in sch.excluded:
                continue
            label = full.split(":")[0] if sch.match_base else full
            if full in sch.direct:
                out[i] = sch.direct[full]
            elif label in sch.direct:
                out[i] = sch.direct[label]
            elif full in sch.oblique or label in sch.oblique:
                out[i] = "obl"
            elif full in sch.prep_object or label in sch.prep_object:
                out[i] = "pobj"
            elif full in sch.case_relations or label in sch.case_relations:
                out[i] = "case"
        return out

    kind = rel_map()[rel_col.values]
    head_is_verb = np.zeros(len(heads), dtype=bool)
    head_is_verb[ok] = is_verb[gh[ok]]
    dep_ok = is_noun & ok
    rel_out = np.full(len(heads), "", dtype=object)
    verb_pos = np.full(len(heads), -1, dtype=np.int64)
    # direct subj/obj/prep
    direct = dep_ok & head_is_verb & np.isin(kind, list(RELATIONS))
    rel_out[direct] = kind[direct]
    verb_pos[direct] = gh[direct]
    # UD obliques with a case dependent
    if sch.oblique:
        has_case = np.zeros(len(heads), dtype=bool)
        case_tok = (kind == "case") & ok
        has_case[gh[case_tok]] = True
        obl = dep_ok & head_is_verb & (kind == "obl") & has_case
        rel_out[obl] = "prep"
        verb_pos[obl] = gh[obl]
    # prepositional objects through their preposition
    if sch.prep_object:
        pob = dep_ok & (kind == "pobj")
        prep_idx = gh[pob]
        prep_head = np.full(len(prep_idx), -1, dtype=np.int64)
        pok = ok[prep_idx]
        prep_head[pok] = gh[prep_idx[pok]]
        good = prep_head >= 0
        good[good] = is_verb[prep_head[good]]
        if sch.prep_tags:
            good &= np.isin(tagv[prep_idx], _code_set(tags, sch.prep_tags))
        sel = np.flatnonzero(pob)[good]
        rel_out[sel] = "prep"
        verb_pos[sel] = prep_head[good]
    idx = np.flatnonzero(verb_pos >= 0)
    words, _ = _word_strings(corpus, use_lemma, lowercase)
    verbs = words[verb_pos[idx]]
    nouns = words[idx]
    missing = (np.array([v is None for v in verbs], dtype=bool)
               | np.array([n is None for n in nouns], dtype=bool))
    skipped: Counter = Counter()
    if missing.any():
        skipped["verb or noun without lemma"] = int(missing.sum())
    keep = idx[~missing] if len(idx) else idx
    if "document" in corpus.sentences:
        docs = corpus.sentences["document"]
        doc_tok = np.append(docs.vocab.to_array(), "")[docs.values][sid]
    else:
        doc_tok = np.full(len(heads), corpus.name or "corpus", dtype=object)
    return TupleInstances(
        verb=np.asarray(verbs[~missing] if len(idx) else verbs, dtype=object),
        relation=np.asarray(rel_out[keep], dtype=object),
        noun=np.asarray(nouns[~missing] if len(idx) else nouns, dtype=object),
        document=np.asarray(doc_tok[keep], dtype=object),
        skipped=skipped,
    )


def _count_shard(item, scheme, reader, input_format, on_error, options) -> TupleCounts:
    from induceval._gc import paused_gc

    with paused_gc():  # reading and counting keep what they allocate: nothing to collect
        if isinstance(item, Corpus):
            corpus = item
        elif reader is not None:
            corpus = reader(item)
        else:
            from induceval.corpus.readers import read_corpus

            corpus = read_corpus(item, format=input_format, on_error=on_error)
        return extract_tuples(corpus, scheme, **options).counts()


def _add(a: TupleCounts, b: TupleCounts) -> TupleCounts:
    return a + b


def count_tuples(corpora: Iterable, scheme: str | RelationScheme = "auto", *,
                 executor=None, jobs: int = 1, input_format: str = "auto",
                 on_error: str = "fail", reader=None, **options) -> TupleCounts:
    """Count tuples over a stream of corpora (shards), merging count tables.

    Memory is bounded by the number of distinct tuples, not by the corpus:
    each shard is counted and merged, then dropped.

    Parameters
    ----------
    corpora
        Shards: :class:`Corpus` objects, or paths of files (or folders) read
        one at a time with ``reader`` (default :func:`read_corpus` with
        ``input_format`` and ``on_error``).
    scheme, options
        As in :func:`extract_tuples` (give the scheme explicitly when shards
        could differ in the relations they happen to contain).
    executor, jobs
        Where shards are counted (see :func:`induceval.parallel.map_reduce`):
        ``None`` counts them in this process, unless a Dask engine is set by
        :func:`induceval.parallel.use_executor`; a ``distributed.Client``,
        ``"dask"`` or an :class:`~induceval.parallel.ExecutorSpec` maps the
        shards over Dask workers (each reads and counts its own shard, so pass
        paths, not corpora) and sums the tables in shard order: the result,
        down to the order of equal counts in ``most_common()``, is that of
        one process.
    reader
        Path -> Corpus (picklable: a module-level function or a partial).

    Example
    -------
    >>> count_tuples([]).total
    0
    """
    from functools import partial

    from induceval.parallel import dask_client

    fn = partial(_count_shard, scheme=scheme, reader=reader, input_format=input_format,
                 on_error=on_error, options=options)
    if executor is None and jobs == 1:
        from induceval.parallel import current_executor

        spec = current_executor()
        if spec is None or spec.resolved_engine() != "dask":
            total = TupleCounts()
            for shard in corpora:
                total = total + fn(shard)
            return total
    items = list(corpora)
    if not items:
        return TupleCounts()
    from induceval.parallel import map_reduce, path_size

    with dask_client(executor, jobs=jobs, n_tasks=len(items)) as client:
        if client is None:
            total = TupleCounts()
            for shard in items:
                total = total + fn(shard)
            return total
        return TupleCounts() + map_reduce(fn, items, _add, executor=client,
                                          name="count-tuples",
                                          costs=[path_size(it) for it in items])


def word_frequencies(corpus: Corpus, scheme: str | RelationScheme = "auto", *,
                     documents: Iterable[str] | None = None, use_lemma: bool = True,
                     lowercase: bool = True, arguments: str = "nouns") -> tuple[Counter, Counter]:
    """Token frequencies of verbs and of nouns (by the scheme's tags).

    Chambers & Jurafsky determine noun frequency "by counting all tokens
    with noun POS tags" (§6.2), and verb frequency over verb lemmas without
    relations (§3.1).

    Returns
    -------
    (verbs, nouns)
        Two Counters of word -> token count, restricted to ``documents``
        when given.  With ``arguments="nominals"`` pronouns count as nouns;
        with ``"any"``, every token that is not a verb does.
    """
    sch = _scheme(scheme, corpus)
    if sch.tag_column not in corpus.tokens:
        raise InducevalError(f"scheme {sch.name!r} needs token column {sch.tag_column!r}")
    tags = corpus.tokens[sch.tag_column]
    keep = np.ones(corpus.n_tokens, dtype=bool)
    if documents is not None and "document" in corpus.sentences:
        docs = corpus.sentences["document"]
        wanted = np.array([docs.vocab.id(d) for d in documents], dtype=np.int32)
        keep = np.isin(docs.values, wanted)[corpus.sentence_ids()]
    words, _ = _word_strings(corpus, use_lemma, lowercase)
    out = []
    nouns = sch.noun_tags | (sch.pronoun_tags if arguments == "nominals" else frozenset())
    for i, tagset in enumerate((sch.verb_tags, nouns)):
        is_tag = np.isin(tags.values, _code_set(tags, tagset))
        if i == 1 and arguments == "any":
            is_tag = ~np.isin(tags.values, _code_set(tags, sch.verb_tags))
        mask = keep & is_tag
        out.append(Counter(w for w in words[mask].tolist() if w is not None))
    return out[0], out[1]
