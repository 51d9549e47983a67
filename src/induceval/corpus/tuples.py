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
counted in ``skipped`` and left out.  :func:`word_frequencies` and
:func:`cooccurrence_counts` (the "web" baseline, §5.2) count the same words.

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
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np

from induceval.corpus.model import Corpus
from induceval.errors import InducevalError, ParameterError, check_range

__all__ = ["RELATIONS", "ARGUMENTS", "RelationScheme", "SCHEMES", "TupleInstances", "TupleCounts",
           "detect_scheme", "scheme_of_relations", "check_columns", "token_words", "tuple_codes",
           "extract_tuples", "count_tuples", "word_counts", "word_frequencies", "window_counts",
           "cooccurrence_counts"]

#: the three relations of Chambers & Jurafsky (2010)
RELATIONS = ("subj", "obj", "prep")

_PTB_VERBS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})
_PTB_NOUNS = frozenset({"NN", "NNS", "NNP", "NNPS"})


@dataclass(frozen=True)
class RelationScheme:
    """How one annotation scheme's relations map to subj/obj/prep.

    Attributes
    ----------
    tag_column, verb_tags, noun_tags
        The token column whose tags identify verbs and nouns, and their tags.
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

    Parameters
    ----------
    corpus
        The corpus.

    Returns
    -------
    str
        A name in :data:`SCHEMES`.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder(); b.add_sentence({"form": ["a"], "head": [0], "deprel": ["SUBJ"]})
    >>> detect_scheme(b.build())
    'childes'
    """
    labels = corpus.inventory("deprel") if "deprel" in corpus.tokens else ()
    return scheme_of_relations(corpus.name, corpus.tokens, labels)


def scheme_of_relations(name: str, columns: Iterable[str], labels: Iterable[str]) -> str:
    """:func:`detect_scheme` of a corpus named ``name`` with these token ``columns`` and
    ``deprel`` ``labels`` (e.g. the union of a corpus's shards).

    Parameters
    ----------
    name
        The corpus's name (in errors).
    columns
        Its token columns.
    labels
        Its ``deprel`` labels.

    Returns
    -------
    str
        A name in :data:`SCHEMES`.

    Example
    -------
    >>> scheme_of_relations("c", ["form", "deprel"], ["nsubj", "det"])
    'ud'
    """
    if "deprel" not in columns:
        raise InducevalError(
            f"corpus {name or '<unnamed>'} has no dependency relations (deprel); "
            f"it has: {', '.join(sorted(columns))}")
    labels = set(labels)
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
    return np.array([i for i in map(column.vocab.id, tags) if i >= 0], dtype=np.int32)


def check_columns(scheme: RelationScheme, name: str, columns: Iterable[str]) -> None:
    """Refuse a corpus (named ``name``, with token ``columns``) lacking what ``scheme`` reads.

    Parameters
    ----------
    scheme
        The relation scheme.
    name
        The corpus's name.
    columns
        Its token columns.

    Example
    -------
    >>> check_columns(SCHEMES["ud"], "c", ["form", "upos"])
    Traceback (most recent call last):
    ...
    induceval.errors.InducevalError: scheme 'ud' needs token column 'head'; corpus c has: form, upos
    """
    for need in ("head", "deprel", scheme.tag_column):
        if need not in columns:
            raise InducevalError(
                f"scheme {scheme.name!r} needs token column {need!r}; corpus "
                f"{name or '<unnamed>'} has: {', '.join(sorted(columns))}")


#: bits of :func:`token_words`' kinds: a verb, a noun, an argument (see ``arguments``)
VERB, NOUN, ARGUMENT = 1, 2, 4


def token_words(corpus: Corpus, scheme: RelationScheme, arguments: str = "nouns", *,
                use_lemma: bool = True, lowercase: bool = True,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each token's word and kind: what frequencies and co-occurrence windows count.

    Parameters
    ----------
    corpus
        The corpus.
    scheme
        The :class:`RelationScheme`.
    arguments
        ``"nouns"``, ``"nominals"`` or ``"any"`` (see :func:`extract_tuples`).
    use_lemma, lowercase
        Use the ``lemma`` column when present (else forms); lower-case words.

    Returns
    -------
    (strings, words, kinds)
        The words (lemmas where the corpus has them, else forms; lower-cased
        by default) in string order; each token's word code into them
        (``int32``; ``-1``: no word, ``_``, ``-`` or empty); each token's kind
        (``uint8``), the bits :data:`VERB` and :data:`NOUN` by its tag and
        :data:`ARGUMENT` by ``arguments`` (nouns; ``"nominals"``: and
        pronouns; ``"any"``: every token that is not a verb).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["Eat", "the", "cake"], "upos": ["VERB", "DET", "NOUN"]})
    >>> strings, words, kinds = token_words(b.build(), SCHEMES["ud"])
    >>> strings[words].tolist(), kinds.tolist()
    (['eat', 'the', 'cake'], [1, 0, 6])
    """
    if arguments not in ARGUMENTS:
        raise ParameterError(f"arguments must be one of {', '.join(ARGUMENTS)}; got {arguments!r}")
    if scheme.tag_column not in corpus.tokens:
        raise InducevalError(f"scheme {scheme.name!r} needs token column {scheme.tag_column!r}")
    name = "lemma" if use_lemma and "lemma" in corpus.tokens else "form"
    table = np.array([None if w in ("_", "", "-") else (w.lower() if lowercase else w)
                      for w in corpus.tokens[name].vocab.items], dtype=object)
    present = np.array([w is not None for w in table.tolist()], dtype=bool)
    strings, inverse = np.unique(table[present].astype(str), return_inverse=True)
    code = np.full(len(table) + 1, -1, dtype=np.int32)
    code[1:][present] = inverse.ravel()
    words = code[corpus.tokens[name].values + 1]
    tags = corpus.tokens[scheme.tag_column]
    is_verb = np.isin(tags.values, _code_set(tags, scheme.verb_tags))
    is_noun = np.isin(tags.values, _code_set(tags, scheme.noun_tags))
    if arguments == "any":
        is_arg = ~is_verb
    elif arguments == "nominals":
        is_arg = np.isin(tags.values, _code_set(tags, scheme.noun_tags | scheme.pronoun_tags))
    else:
        is_arg = is_noun
    kinds = (is_verb * VERB | is_noun * NOUN | is_arg * ARGUMENT).astype(np.uint8)
    return strings.astype(object), words, kinds


def _argument_positions(corpus: Corpus, sch: RelationScheme, kinds: np.ndarray, arguments: str,
                        ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Token positions of every argument and of its verb, and the relation, in corpus order."""
    heads = corpus.tokens["head"].values.astype(np.int64)
    sid = corpus.sentence_ids()
    ok = (heads > 0) & (heads <= corpus.lengths[sid])
    gh = np.where(ok, corpus.offsets[:-1][sid] + heads - 1, -1)
    tags = corpus.tokens[sch.tag_column]
    is_verb = kinds & VERB > 0
    # any dependent in the relation, verbs included
    is_noun = np.ones(len(tags.values), dtype=bool) if arguments == "any" else kinds & ARGUMENT > 0
    rel_col = corpus.tokens["deprel"]
    rel_names = rel_col.vocab.items
    rel_kind = np.full(len(rel_names) + 1, "", dtype=object)
    groups = ((sch.oblique, "obl"), (sch.prep_object, "pobj"), (sch.case_relations, "case"))
    for i, full in enumerate(rel_names):
        label = full.split(":")[0] if sch.match_base else full
        if full in sch.excluded:
            continue
        if full in sch.direct or label in sch.direct:
            rel_kind[i] = sch.direct.get(full) or sch.direct[label]
        else:
            rel_kind[i] = next((v for names, v in groups if full in names or label in names), "")
    kind = rel_kind[rel_col.values]
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
        prep_head = gh[prep_idx]  # -1 where the preposition has no head in the sentence
        good = prep_head >= 0
        good[good] = is_verb[prep_head[good]]
        if sch.prep_tags:
            good &= np.isin(tags.values[prep_idx], _code_set(tags, sch.prep_tags))
        sel = np.flatnonzero(pob)[good]
        rel_out[sel] = "prep"
        verb_pos[sel] = prep_head[good]
    idx = np.flatnonzero(verb_pos >= 0)
    return idx, verb_pos[idx], rel_out[idx]


def tuple_codes(corpus: Corpus, scheme: RelationScheme, arguments: str = "nouns", *,
                use_lemma: bool = True, lowercase: bool = True,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, Counter]:
    """:func:`token_words` and every tuple occurrence as codes (see :func:`extract_tuples`).

    Parameters
    ----------
    corpus
        The corpus.
    scheme
        The :class:`RelationScheme`.
    arguments
        ``"nouns"``, ``"nominals"`` or ``"any"`` (see :func:`extract_tuples`).
    use_lemma, lowercase
        Use the ``lemma`` column when present (else forms); lower-case words.

    Returns
    -------
    (strings, words, kinds, rows, skipped)
        As :func:`token_words`, with the relations ``subj``, ``obj`` and
        ``prep`` added to ``strings`` when missing; ``rows``: one row
        ``(sentence, verb, relation, noun)`` per occurrence, in corpus order,
        codes into ``strings`` (``int64``); ``skipped``: the candidates left
        out, by reason.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["eat", "cake"], "upos": ["VERB", "NOUN"], "head": [0, 1],
    ...                 "deprel": ["root", "obj"]})
    >>> strings, _, _, rows, _ = tuple_codes(b.build(), SCHEMES["ud"])
    >>> rows[:, 0].tolist(), strings[rows[0, 1:]].tolist()
    ([0], ['eat', 'obj', 'cake'])
    """
    strings, words, kinds = token_words(corpus, scheme, arguments, use_lemma=use_lemma,
                                        lowercase=lowercase)
    nouns, verbs, relations = _argument_positions(corpus, scheme, kinds, arguments)
    index = {w: i for i, w in enumerate(strings.tolist())}
    extra = [r for r in RELATIONS if r not in index]
    strings = np.concatenate([strings, np.array(extra, dtype=object)])
    index.update((r, len(index)) for r in extra)
    v, n = words[verbs], words[nouns]
    keep = (v >= 0) & (n >= 0)
    skipped: Counter = Counter()
    if not keep.all():
        skipped["verb or noun without lemma"] = int((~keep).sum())
    rel = np.fromiter((index[r] for r in relations[keep].tolist()), np.int64, int(keep.sum()))
    rows = np.column_stack([corpus.sentence_ids()[nouns[keep]], v[keep], rel, n[keep]])
    return strings, words, kinds, rows.astype(np.int64).reshape(-1, 4), skipped


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
    use_lemma, lowercase
        Use the ``lemma`` column when present (else forms); lower-case words.
    arguments
        ``"nouns"`` (the paper's: the argument is a noun), ``"nominals"``
        (nouns and pronouns; child-directed speech has mostly pronoun
        subjects and objects) or ``"any"`` (any dependent in the relation).

    Returns
    -------
    TupleInstances
        In corpus order; ``document`` from the sentence column ``document``
        (the corpus name when absent).

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["eat", "cake"], "upos": ["VERB", "NOUN"], "head": [0, 1],
    ...                 "deprel": ["root", "obj"]})
    >>> t = extract_tuples(b.build())
    >>> t.verb.tolist(), t.relation.tolist(), t.noun.tolist()
    (['eat'], ['obj'], ['cake'])
    """
    sch = _scheme(scheme, corpus)
    if arguments not in ARGUMENTS:
        raise ParameterError(f"arguments must be one of {', '.join(ARGUMENTS)}; got {arguments!r}")
    check_columns(sch, corpus.name, corpus.tokens)
    strings, _, _, rows, skipped = tuple_codes(corpus, sch, arguments, use_lemma=use_lemma,
                                               lowercase=lowercase)
    if "document" in corpus.sentences:
        docs = corpus.sentences["document"]
        doc_names = np.append(docs.vocab.to_array(), "")[docs.values].astype(object)
    else:
        doc_names = np.full(corpus.n_sentences, corpus.name or "corpus", dtype=object)
    return TupleInstances(verb=strings[rows[:, 1]], relation=strings[rows[:, 2]],
                          noun=strings[rows[:, 3]], document=doc_names[rows[:, 0]],
                          skipped=skipped)


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
        Where shards are counted (:func:`induceval.parallel.map_reduce`):
        ``None``: in this process, one at a time, unless a Dask engine is set
        by :func:`induceval.parallel.use_executor`.  On Dask workers (give
        paths: each worker reads its own shard) the tables are summed in shard
        order: the result, down to the order of equal counts in
        ``most_common()``, is that of one process.
    reader
        Path -> Corpus (picklable: a module-level function or a partial).

    Returns
    -------
    TupleCounts
        Tuple -> occurrences, and the candidates skipped by reason.

    Example
    -------
    >>> count_tuples([]).total
    0
    """
    import operator
    from functools import partial

    from induceval.parallel import current_executor, map_reduce, path_size

    fn = partial(_count_shard, scheme=scheme, reader=reader, input_format=input_format,
                 on_error=on_error, options=options)
    spec = current_executor()
    if executor is None and jobs == 1 and (spec is None or spec.resolved_engine() != "dask"):
        return sum((fn(shard) for shard in corpora), TupleCounts())  # one shard at a time
    items = list(corpora)
    if not items:
        return TupleCounts()
    return TupleCounts() + map_reduce(fn, items, operator.add, executor=executor, jobs=jobs,
                                      name="count-tuples", costs=[path_size(it) for it in items])


def _sentence_mask(corpus: Corpus, documents: Iterable[str] | None) -> np.ndarray:
    """The sentences of ``documents`` (all of them when ``None`` or without documents)."""
    if documents is None or "document" not in corpus.sentences:
        return np.ones(corpus.n_sentences, dtype=bool)
    docs = corpus.sentences["document"]
    return np.isin(docs.values, np.array([docs.vocab.id(d) for d in documents], dtype=np.int32))


def word_counts(strings: np.ndarray, words: np.ndarray, mask: np.ndarray) -> Counter:
    """Token count of each word over the tokens of ``mask`` (words and codes of
    :func:`token_words`); words in string-table order.

    Parameters
    ----------
    strings
        The word strings.
    words
        Each token's code into ``strings`` (``-1``: none).
    mask
        The tokens counted.

    Returns
    -------
    collections.Counter
        Word -> tokens.

    Example
    -------
    >>> word_counts(np.array(["a", "b"], dtype=object), np.array([1, -1, 1, 0]),
    ...             np.array([True, True, True, False]))
    Counter({'b': 2})
    """
    counts = np.bincount(words[mask & (words >= 0)], minlength=len(strings))
    nz = np.flatnonzero(counts)
    return Counter(dict(zip(strings[nz].tolist(), counts[nz].tolist())))


def word_frequencies(corpus: Corpus, scheme: str | RelationScheme = "auto", *,
                     documents: Iterable[str] | None = None, use_lemma: bool = True,
                     lowercase: bool = True, arguments: str = "nouns") -> tuple[Counter, Counter]:
    """Token frequencies of verbs and of nouns (by the scheme's tags).

    Chambers & Jurafsky 2010 determine noun frequency "by counting all tokens
    with noun POS tags" (§6.2), and verb frequency over verb lemmas without
    relations (§3.1).

    Parameters
    ----------
    corpus
        The corpus.
    scheme
        ``"auto"``, a name in :data:`SCHEMES`, or a :class:`RelationScheme`.
    documents
        The documents counted (default: all).
    use_lemma, lowercase
        Use the ``lemma`` column when present (else forms); lower-case words.
    arguments
        ``"nouns"``, ``"nominals"`` or ``"any"`` (see :func:`extract_tuples`).

    Returns
    -------
    (verbs, nouns)
        Two Counters of word -> token count, restricted to ``documents``
        when given.  With ``arguments="nominals"`` pronouns count as nouns;
        with ``"any"``, every token that is not a verb does.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["eat", "the", "cake"], "upos": ["VERB", "DET", "NOUN"]})
    >>> word_frequencies(b.build(), "ud")
    (Counter({'eat': 1}), Counter({'cake': 1}))
    """
    sch = _scheme(scheme, corpus)
    strings, words, kinds = token_words(corpus, sch, arguments, use_lemma=use_lemma,
                                        lowercase=lowercase)
    keep = np.repeat(_sentence_mask(corpus, documents), corpus.lengths)
    return (word_counts(strings, words, keep & (kinds & VERB > 0)),
            word_counts(strings, words, keep & (kinds & ARGUMENT > 0)))


# -- verb-noun co-occurrence windows (the "web" baseline of Chambers & Jurafsky 2010, §5.2) --

def window_counts(strings: np.ndarray, words: np.ndarray, kinds: np.ndarray,
                  offsets: np.ndarray, keep: np.ndarray, window: int = 5,
                  block: int = 1 << 20) -> Counter:
    """Verb-noun co-occurrences within ``window`` words in the sentences of ``keep``.

    ``strings``, ``words`` and ``kinds`` are those of :func:`token_words`.
    A verb is a word with a verb token in the kept sentences, a noun one with
    a noun token there; every pair of positions less than ``window`` apart
    in a sentence counts once, in either order and in both roles when a word
    is both (a pair inside a 2-gram is not counted again for the longer
    n-grams holding it: Chambers & Jurafsky 2010, §5.2, "avoided
    over-counting co-occurrences in lower order n-grams").  Counted by one
    compiled pass, ``block`` tokens at a time: memory is that of the
    distinct pairs, not of the tokens.  Pairs are in (verb, noun) string order.

    Parameters
    ----------
    strings, words, kinds
        As from :func:`token_words`.
    offsets
        Sentence offsets (``n_sentences + 1`` values).
    keep
        The sentences counted.
    window
        Positions less than this apart co-occur.
    block
        Tokens counted at a time.

    Returns
    -------
    collections.Counter
        (verb, noun) -> co-occurrences.

    Example
    -------
    >>> strings = np.array(["cake", "eat"], dtype=object)
    >>> window_counts(strings, np.array([1, -1, 0]), np.array([VERB, 0, NOUN]),
    ...               np.array([0, 3]), np.array([True]))
    Counter({('eat', 'cake'): 1})
    """
    from induceval.corpus._windows import window_keys

    check_range("window", window, 2, 5)
    V = max(len(strings), 1)
    offsets = np.asarray(offsets, dtype=np.int64)
    tokens = np.repeat(keep, np.diff(offsets)) & (words >= 0)
    is_v, is_n = np.zeros(V, dtype=bool), np.zeros(V, dtype=bool)
    is_v[words[tokens & (kinds & VERB > 0)]] = True
    is_n[words[tokens & (kinds & NOUN > 0)]] = True
    cuts = np.unique(np.concatenate(([0, len(offsets) - 1], np.searchsorted(
        offsets, np.arange(0, offsets[-1], block), side="right") - 1)))
    keys, counts = [np.zeros(0, np.int64)], [np.zeros(0, np.int64)]
    none = np.zeros(0, dtype=np.int64)
    for s0, s1 in zip(cuts[:-1].tolist(), cuts[1:].tolist()):
        n = window_keys(words, offsets, s0, s1, keep, is_v, is_n, window, V, none)
        if n:
            out = np.empty(n, dtype=np.int64)
            window_keys(words, offsets, s0, s1, keep, is_v, is_n, window, V, out)
            u, c = np.unique(out, return_counts=True)
            keys.append(u)
            counts.append(c)
    u, inv = np.unique(np.concatenate(keys), return_inverse=True)
    total = np.bincount(inv.ravel(), weights=np.concatenate(counts), minlength=len(u))
    pairs = sorted(zip(strings[u // V].tolist(), strings[u % V].tolist(),
                       total.astype(np.int64).tolist()))
    return Counter({(v, n): c for v, n, c in pairs})


def cooccurrence_counts(corpus: Corpus, scheme: str | RelationScheme = "auto", *,
                        window: int = 5, documents: Sequence[str] | None = None,
                        use_lemma: bool = True, lowercase: bool = True) -> Counter:
    """Verb-noun co-occurrences within ``window`` words of ``documents`` (all when ``None``):
    :func:`window_counts` of the corpus.

    Parameters
    ----------
    corpus
        The corpus.
    scheme
        ``"auto"``, a name in :data:`SCHEMES`, or a :class:`RelationScheme`.
    window
        Positions less than this apart co-occur.
    documents
        The documents counted (default: all).
    use_lemma, lowercase
        Use the ``lemma`` column when present (else forms); lower-case words.

    Returns
    -------
    collections.Counter
        (verb, noun) -> co-occurrences.

    Example
    -------
    >>> from induceval.corpus.model import CorpusBuilder
    >>> b = CorpusBuilder()
    >>> b.add_sentence({"form": ["eat", "the", "cake"], "upos": ["VERB", "DET", "NOUN"]})
    >>> cooccurrence_counts(b.build(), "ud")
    Counter({('eat', 'cake'): 1})
    """
    strings, words, kinds = token_words(corpus, _scheme(scheme, corpus), use_lemma=use_lemma,
                                        lowercase=lowercase)
    return window_counts(strings, words, kinds, corpus.offsets,
                         _sentence_mask(corpus, documents), window)
