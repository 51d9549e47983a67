"""A built-in, seeded demo corpus that mimics child-directed speech.

:func:`generate_demo_corpus` draws utterances from a small hand-written
grammar of English as spoken to (and by) a young child: declaratives,
yes/no and wh-questions, imperatives, copular sentences and short
fragments.  It needs no download and builds in milliseconds, so every part
of induceval can be demonstrated and smoke-tested on it.

Token columns: ``form``, ``lemma``, ``upos`` (UD tags), ``xpos``
(Penn-Treebank-like tags), ``cpos`` (CHILDES-like coarse categories: ``n``,
``v``, ``det``, ``pro``, ``adj``, ``prep``, ``adv``, ``aux``, ``mod``, ``cop``,
``co``, ``neg``, ``punct``), ``head`` (a tree per utterance) and ``deprel``
(UD-like relations).  Sentence columns: ``sent_id`` (``document-index``),
``speaker`` (``MOT``, ``FAT``, ``CHI``), ``role`` (``Mother``, ``Father``,
``Target_Child``), ``age_days``, ``document`` (one per recording session) and
``language`` (``eng``).

Utterances are split in order into the :data:`SESSIONS`, the child aged 1;8
to 3;0 (ages in days by :func:`~induceval.corpus.model.age_in_days`).  About
30% of utterances are the child's (``CHI``): one or two words at 1;8, up to
five at 3;0; adults' are longer and end with punctuation.  Ambiguous words
(``brush``, ``drink``, ``kiss``, ``walk``, ``play`` as noun or verb; ``that``
as determiner or pronoun; ``her`` as pronoun or possessive) make POS
induction non-trivial.  Same seed, same corpus, byte for byte (a
:class:`random.Random` seeded from :func:`induceval.random.rng`).

Example
-------
>>> c = generate_demo_corpus(200)
>>> c.n_sentences, sorted(c.inventory("upos"))[:3]
(200, ['ADJ', 'ADP', 'ADV'])
>>> a, b = generate_demo_corpus(50, seed=3), generate_demo_corpus(50, seed=3)
>>> a.label_strings("form").tolist() == b.label_strings("form").tolist()
True
"""

from __future__ import annotations

import random as _random
from itertools import accumulate

from induceval.corpus.model import Corpus, CorpusBuilder, age_in_days
from induceval.errors import check_range
from induceval.random import DEFAULT_SEED, rng

__all__ = ["SESSIONS", "SPEAKERS", "generate_demo_corpus"]

#: (document, child's age (years, months)) of the recording sessions
SESSIONS: tuple[tuple[str, tuple[int, int]], ...] = (
    ("demo01", (1, 8)), ("demo02", (1, 11)), ("demo03", (2, 2)),
    ("demo04", (2, 5)), ("demo05", (2, 8)), ("demo06", (3, 0)),
)

#: speaker code -> (role, share of utterances)
SPEAKERS: dict[str, tuple[str, float]] = {
    "MOT": ("Mother", 0.55), "FAT": ("Father", 0.15), "CHI": ("Target_Child", 0.30)}

# -- lexicon: (form, lemma, upos, xpos, cpos) ---------------------------------------------
Entry = tuple[str, str, str, str, str]


def _nouns(*words: str) -> list[tuple[Entry, Entry]]:
    """(singular, plural) entries; ``"mouse/mice"`` gives an irregular plural."""
    out = []
    for w in words:
        sg, _, pl = w.partition("/")
        pl = pl or (sg + "es" if sg.endswith(("sh", "ch", "x", "s")) else sg + "s")
        out.append(((sg, sg, "NOUN", "NN", "n"), (pl, sg, "NOUN", "NNS", "n")))
    return out


NOUNS = _nouns("ball", "dog", "doggie", "cat", "book", "cup", "juice", "cookie", "brush",
               "drink", "kiss", "walk", "tooth/teeth", "table", "chair", "box", "truck", "baby",
               "girl", "boy", "shoe", "apple", "spoon", "bed", "bath", "bird", "duck", "car",
               "hat", "block", "play")
MASS = {"juice", "milk", "play", "walk", "bath"}
PROPER = [(n, n, "PROPN", "NNP", "n") for n in ("Eve", "Adam", "Daddy", "Mommy", "Teddy")]


def _verb(lemma: str, third: str, ing: str, past: str) -> dict[str, Entry]:
    forms = {"VB": lemma, "VBP": lemma, "VBZ": third, "VBG": ing, "VBD": past}
    return {tag: (form, lemma, "VERB", tag, "v") for tag, form in forms.items()}


TRANSITIVE = [_verb(*v) for v in (
    ("want", "wants", "wanting", "wanted"), ("see", "sees", "seeing", "saw"),
    ("eat", "eats", "eating", "ate"), ("brush", "brushes", "brushing", "brushed"),
    ("drink", "drinks", "drinking", "drank"), ("kiss", "kisses", "kissing", "kissed"),
    ("throw", "throws", "throwing", "threw"), ("like", "likes", "liking", "liked"),
    ("find", "finds", "finding", "found"), ("read", "reads", "reading", "read"),
    ("wash", "washes", "washing", "washed"), ("hold", "holds", "holding", "held"),
)]
INTRANSITIVE = [_verb(*v) for v in (
    ("go", "goes", "going", "went"), ("sleep", "sleeps", "sleeping", "slept"),
    ("walk", "walks", "walking", "walked"), ("play", "plays", "playing", "played"),
    ("sit", "sits", "sitting", "sat"), ("jump", "jumps", "jumping", "jumped"),
    ("fall", "falls", "falling", "fell"),
)]
PUT = _verb("put", "puts", "putting", "put")

ADJECTIVES = [(a, a, "ADJ", "JJ", "adj") for a in
              ("big", "little", "red", "good", "hot", "nice", "dirty", "wet", "yummy")]
MORE = ("more", "more", "ADJ", "JJR", "adj")
ARTICLES = [("the", "the", "DET", "DT", "det"), ("a", "a", "DET", "DT", "det")]
DEMONSTRATIVE = [("that", "that", "DET", "DT", "det"), ("this", "this", "DET", "DT", "det")]
POSSESSIVE = [(p, p, "PRON", "PRP$", "det") for p in ("your", "my", "his", "her")]
SUBJECTS = {p: ((p, p, "PRON", "PRP", "pro"), agr) for p, agr in  # pronoun -> (entry, agreement)
            (("I", "1"), ("you", "2"), ("we", "pl"), ("he", "3s"), ("she", "3s"), ("it", "3s"))}
OBJECTS = [(p, p, "PRON", "PRP", "pro") for p in ("it", "me", "them", "him", "her")]
THAT_PRON = ("that", "that", "PRON", "DT", "pro")
PREPOSITIONS = [(p, p, "ADP", "IN", "prep") for p in ("on", "in", "under", "with")]
ADVERBS = [(a, a, "ADV", "RB", "adv") for a in ("now", "again", "here", "there", "too")]
INTERJECTIONS = [(w, w, "INTJ", "UH", "co") for w in
                 ("yes", "no", "okay", "oh", "uhoh", "wow", "hi", "bye")]
NOT = ("not", "not", "PART", "RB", "neg")
WHAT = ("what", "what", "PRON", "WP", "pro")
WHERE = ("where", "where", "ADV", "WRB", "adv")
WHO = ("who", "who", "PRON", "WP", "pro")
COP = {"1": ("am", "be", "AUX", "VBP", "cop"), "2": ("are", "be", "AUX", "VBP", "cop"),
       "pl": ("are", "be", "AUX", "VBP", "cop"), "3s": ("is", "be", "AUX", "VBZ", "cop")}
PROG = {k: (v[0], "be", "AUX", v[3], "aux") for k, v in COP.items()}
DO = {"1": ("do", "do", "AUX", "VBP", "aux"), "2": ("do", "do", "AUX", "VBP", "aux"),
      "pl": ("do", "do", "AUX", "VBP", "aux"), "3s": ("does", "do", "AUX", "VBZ", "aux")}
MODALS = [("can", "can", "AUX", "MD", "mod"), ("will", "will", "AUX", "MD", "mod")]
PERIOD = (".", ".", "PUNCT", ".", "punct")
QMARK = ("?", "?", "PUNCT", ".", "punct")
EXCL = ("!", "!", "PUNCT", ".", "punct")
COMMA = (",", ",", "PUNCT", ",", "punct")


class _Utt:
    """An utterance under construction: tokens in order, heads as token indices."""

    __slots__ = ("toks", "heads", "rels")

    def __init__(self) -> None:
        self.toks: list[Entry] = []
        self.heads: list[int] = []
        self.rels: list[str] = []

    def add(self, entry: Entry, head: int, rel: str) -> int:
        """Append a token; ``head`` is a token index (may refer forward), -1 = root."""
        self.toks.append(entry)
        self.heads.append(head)
        self.rels.append(rel)
        return len(self.toks) - 1

    def set(self, head: int, *indices: int | None) -> None:
        """Attach the tokens ``indices`` (``None``: no token) to ``head``."""
        for i in indices:
            if i is not None:
                self.heads[i] = head


class _Grammar:
    """Random choices over the lexicon (a ``random.Random`` for speed)."""

    def __init__(self, r: _random.Random) -> None:
        self.r = r

    def pick(self, seq):
        return seq[int(self.r.random() * len(seq))]

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    # -- phrases: each adds its tokens and returns the index of its head ----------------------
    def noun_phrase(self, u: _Utt, head_of_np: int, rel: str, *, child: bool = False,
                    allow_pron: bool = True, subject: bool = False) -> tuple[int, str]:
        """Add an NP attached to ``head_of_np``; return (index of its head, agreement)."""
        r = self.r.random()
        if allow_pron and r < 0.2:
            if subject:
                entry, agr = SUBJECTS[self.pick(("you", "it", "he", "she", "we"))]
            else:
                entry, agr = self.pick(OBJECTS), "3s"
            return u.add(entry, head_of_np, rel), agr
        if r < 0.28:
            return u.add(self.pick(PROPER), head_of_np, rel), "3s"
        sg, pl = self.pick(NOUNS)
        plural = sg[0] not in MASS and self.chance(0.2)
        if child and self.chance(0.5):
            det = None
        elif plural:
            det = self.pick((ARTICLES[0], POSSESSIVE[0], POSSESSIVE[1]))
        elif sg[0] in MASS:
            det = self.pick((ARTICLES[0], POSSESSIVE[0], MORE, None))
        else:
            det = self.pick(ARTICLES + DEMONSTRATIVE + POSSESSIVE)
        det_i = adj_i = None
        if det is not None:
            rel_det = "amod" if det[2] == "ADJ" else ("nmod:poss" if det[3] == "PRP$" else "det")
            det_i = u.add(det, -2, rel_det)
        if self.chance(0.18 if not child else 0.1):
            adj_i = u.add(self.pick(ADJECTIVES), -2, "amod")
        n = u.add(pl if plural else sg, head_of_np, rel)
        u.set(n, det_i, adj_i)
        return n, "pl" if plural else "3s"

    def pp(self, u: _Utt, attach: int, child: bool = False) -> None:
        case = u.add(self.pick(PREPOSITIONS), -2, "case")
        n, _ = self.noun_phrase(u, attach, "obl", child=child, allow_pron=False)
        u.set(n, case)

    def punct(self, u: _Utt, root: int, kind: str) -> None:
        u.add({"q": QMARK, "!": EXCL}.get(kind, PERIOD), root, "punct")

    # -- adult utterance types ------------------------------------------------------------------
    def declarative(self, u: _Utt) -> int:
        subj_entry, agr = SUBJECTS[self.pick(tuple(SUBJECTS))]
        s = u.add(subj_entry, -2, "nsubj")
        aspect = self.r.random()
        transitive = self.chance(0.65)
        verbs = self.pick(TRANSITIVE if transitive else INTRANSITIVE)
        aux = None
        if aspect < 0.35:
            aux = u.add(PROG[agr], -2, "aux")
            v = u.add(verbs["VBG"], -1, "root")
        elif aspect < 0.5:
            aux = u.add(self.pick(MODALS), -2, "aux")
            v = u.add(verbs["VB"], -1, "root")
        elif aspect < 0.7:
            v = u.add(verbs["VBD"], -1, "root")
        else:
            v = u.add(verbs["VBZ" if agr == "3s" else "VBP"], -1, "root")
        u.set(v, s, aux)
        if transitive:
            self.noun_phrase(u, v, "obj")
        if self.chance(0.3):
            self.pp(u, v)
        if self.chance(0.15):
            u.add(self.pick(ADVERBS), v, "advmod")
        return v

    def copular(self, u: _Utt) -> int:
        if self.chance(0.4):
            s, agr = u.add(THAT_PRON, -2, "nsubj"), "3s"
        else:
            s, agr = self.noun_phrase(u, -2, "nsubj", subject=True)
        cop = u.add(COP[agr], -2, "cop")
        neg = u.add(NOT, -2, "advmod") if self.chance(0.15) else None
        if self.chance(0.5):
            pred = u.add(self.pick(ADJECTIVES), -1, "root")
        else:
            det = u.add(ARTICLES[1] if agr != "pl" else ARTICLES[0], -2, "det")
            sg, pl = self.pick(NOUNS)
            pred = u.add(pl if agr == "pl" else sg, -1, "root")
            u.set(pred, det)
        u.set(pred, s, cop, neg)
        return pred

    def yes_no(self, u: _Utt) -> int:
        r = self.r.random()
        if r < 0.3:  # is that a dog?
            cop = u.add(COP["3s"], -2, "cop")
            s = u.add(THAT_PRON, -2, "nsubj")
            det = u.add(ARTICLES[1], -2, "det")
            n = u.add(self.pick(NOUNS)[0], -1, "root")
            u.set(n, cop, s, det)
            return n
        aux = u.add(DO["2"] if r < 0.7 else self.pick(MODALS), -2, "aux")
        s = u.add(SUBJECTS["you"][0], -2, "nsubj")
        v = u.add(self.pick(TRANSITIVE)["VB"], -1, "root")
        u.set(v, aux, s)
        self.noun_phrase(u, v, "obj")
        return v

    def wh_question(self, u: _Utt) -> int:
        r = self.r.random()
        if r < 0.4:  # what are you doing / what does the dog eat
            w = u.add(WHAT, -2, "obj")
            if self.chance(0.5):
                aux = u.add(PROG["2"], -2, "aux")
                s = u.add(SUBJECTS["you"][0], -2, "nsubj")
                v = u.add(self.pick(TRANSITIVE + [_verb("do", "does", "doing", "did")])["VBG"],
                          -1, "root")
            else:
                aux = u.add(DO["3s"], -2, "aux")
                s, _ = self.noun_phrase(u, -2, "nsubj", allow_pron=False)
                v = u.add(self.pick(TRANSITIVE)["VB"], -1, "root")
            u.set(v, w, aux, s)
            return v
        if r < 0.8:  # where is the ball
            w = u.add(WHERE, -1, "root")
            u.add(COP["3s"], w, "cop")
            self.noun_phrase(u, w, "nsubj", allow_pron=False)
            return w
        w = u.add(WHO, -2, "nsubj")  # who wants a cookie
        v = u.add(self.pick(TRANSITIVE)["VBZ"], -1, "root")
        u.set(v, w)
        self.noun_phrase(u, v, "obj", allow_pron=False)
        return v

    def imperative(self, u: _Utt) -> int:
        if self.chance(0.25):
            v = u.add(PUT["VB"], -1, "root")
            self.noun_phrase(u, v, "obj")
            self.pp(u, v)
            return v
        if self.chance(0.1):
            do = u.add(("do", "do", "AUX", "VB", "aux"), -2, "aux")
            neg = u.add(NOT, -2, "advmod")
            v = u.add(self.pick(TRANSITIVE)["VB"], -1, "root")
            u.set(v, do, neg)
            u.add(THAT_PRON, v, "obj")
            return v
        transitive = self.chance(0.75)
        v = u.add(self.pick(TRANSITIVE if transitive else INTRANSITIVE)["VB"], -1, "root")
        if transitive:
            self.noun_phrase(u, v, "obj")
        if self.chance(0.2):
            u.add(self.pick(ADVERBS), v, "advmod")
        return v

    def fragment(self, u: _Utt, child: bool = False) -> int:
        if self.r.random() < 0.35:
            return u.add(self.pick(INTERJECTIONS), -1, "root")
        return self.noun_phrase(u, -1, "root", child=child, allow_pron=False)[0]

    def adult(self, u: _Utt) -> None:
        r = self.r.random()
        if r < 0.08:  # vocative or interjection, comma, then a clause
            first = self.pick(INTERJECTIONS + PROPER[:2])
            intj = u.add(first, -2, "vocative" if first[2] == "PROPN" else "discourse")
            comma = u.add(COMMA, -2, "punct")
            root = self.imperative(u) if self.chance(0.5) else self.declarative(u)
            u.set(root, intj, comma)
            self.punct(u, root, "!")
            return
        if r < 0.3:
            self.punct(u, self.declarative(u), ".")
        elif r < 0.42:
            self.punct(u, self.copular(u), ".")
        elif r < 0.6:
            self.punct(u, self.yes_no(u), "q")
        elif r < 0.72:
            self.punct(u, self.wh_question(u), "q")
        elif r < 0.9:
            self.punct(u, self.imperative(u), self.pick((".", "!")))
        else:
            self.punct(u, self.fragment(u), self.pick((".", "q", "!")))

    # -- child utterances: short, mostly fragments and two-word combinations -----------------------
    def child(self, u: _Utt, max_len: int) -> None:
        r = self.r.random()
        if max_len <= 2 or r < 0.45:
            if self.chance(0.4):
                root = u.add(self.pick(TRANSITIVE)["VB"], -1, "root")  # "want cookie"
                if max_len > 1:
                    u.add(self.pick(NOUNS)[0], root, "obj")
            elif max_len > 1 and self.chance(0.3):
                m = u.add(MORE, -2, "amod")  # "more juice"
                root = u.add(self.pick(NOUNS)[0], -1, "root")
                u.set(root, m)
            else:
                root = self.fragment(u, child=True)
        elif r < 0.75:
            s = u.add(SUBJECTS["I"][0], -2, "nsubj")  # "I want the ball"
            root = u.add(self.pick(TRANSITIVE)["VBP"], -1, "root")
            u.set(root, s)
            self.noun_phrase(u, root, "obj", child=True, allow_pron=False)
        else:
            s = u.add(THAT_PRON, -2, "nsubj")  # "that my shoe" (copula often omitted)
            cop = u.add(COP["3s"], -2, "cop") if self.chance(0.5) else None
            root, _ = self.noun_phrase(u, -1, "root", child=True, allow_pron=False)
            u.set(root, s, cop)
        if len(u.toks) > max_len:  # keep the child's utterances short: truncate the tail
            self._truncate(u, max_len)
        if self.chance(0.7):
            self.punct(u, u.heads.index(-1), self.pick((".", ".", "q", "!")))

    @staticmethod
    def _truncate(u: _Utt, n: int) -> None:
        """Keep the first ``n`` tokens; re-root when the root was cut off."""
        root = u.heads.index(-1)
        del u.toks[n:], u.rels[n:], u.heads[n:]
        if root >= n:  # new root: the first token; its dependents keep their heads if possible
            root, u.heads[0], u.rels[0] = 0, -1, "root"
        for i, h in enumerate(u.heads):
            if h >= n:
                u.heads[i] = root
                u.rels[i] = "dep"


def _child_max_len(session: int) -> int:
    return (2, 2, 3, 3, 4, 5)[min(session, len(SESSIONS) - 1)]


def generate_demo_corpus(n_sentences: int = 2000, seed: int = DEFAULT_SEED) -> Corpus:
    """Generate the demo corpus: ``n_sentences`` utterances of child-directed speech.

    ``n_sentences`` (>= 1) are split in order over the six sessions; the
    corpus is named ``demo`` (see the module docstring for its columns).

    Parameters
    ----------
    n_sentences
        The number of utterances (>= 1).
    seed
        The seed: the same seed gives the same corpus.

    Returns
    -------
    Corpus
        Form, lemma, ``upos``, ``xpos``, ``cpos``, ``head`` and ``deprel``
        token columns; ``speaker``, ``role``, ``age_days``, ``document`` and
        ``language`` sentence columns.

    Example
    -------
    >>> c = generate_demo_corpus(60, seed=1)
    >>> sorted({c.sentence(i).meta("speaker") for i in range(60)})
    ['CHI', 'FAT', 'MOT']
    >>> int(c.sentences["age_days"].values.min())
    608
    """
    check_range("n_sentences", n_sentences, 1)
    r = _random.Random(int(rng(seed).integers(2**62)))
    g = _Grammar(r)
    builder = CorpusBuilder(name="demo")
    codes = list(SPEAKERS)
    cum = list(accumulate(share for _, share in SPEAKERS.values()))
    for i in range(n_sentences):
        session = i * len(SESSIONS) // n_sentences
        document, (years, months) = SESSIONS[session]
        x = r.random() * cum[-1]
        speaker = next(code for code, c in zip(codes, cum, strict=True) if x < c)
        u = _Utt()
        if speaker == "CHI":
            g.child(u, _child_max_len(session))
        else:
            g.adult(u)
        columns = dict(zip(("form", "lemma", "upos", "xpos", "cpos"), map(list, zip(*u.toks))))
        builder.add_sentence(
            {**columns, "head": [h + 1 for h in u.heads],  # -> 1-based heads, root (-1) -> 0
             "deprel": u.rels},
            {"sent_id": f"{document}-{i + 1}", "speaker": speaker,
             "role": SPEAKERS[speaker][0], "age_days": age_in_days(years, months),
             "document": document, "language": "eng"},
        )
    corpus = builder.build()
    corpus.report.count("demo utterances generated", n_sentences)
    return corpus
