"""Reichart, Abend & Rappoport 2010, Table 1: the paper's numbers, as printed.

Table 1, "Token level (left columns) and type level (right columns) results for
seven POS induction algorithms (rows)": M-1, 1-1, NVI, V, H(C|K), H(K|C), then
MacroI, MicroI and MicroC under the M-1 and the 1-1 mapping, on sections 2-21 of
the PTB-WSJ (950,028 tokens), punctuation excluded from scoring (§5.1).  The
values are as the paper prints them (``0.5``, ``1.22``: no trailing zeros
added); the columns are named as in :data:`induceval.experiments.reichart2010.TOKEN_COLUMNS`
and ``TYPE_COLUMNS``.

:data:`SYSTEMS` says what each row is (§5.1) and :data:`OURS` which of our
models stands for it in a run (``bhmm`` for GG07, ``exchange`` for Clark03); the
other five rows have no counterpart among our models.
"""

from __future__ import annotations

#: where the numbers are
WHERE = "Reichart et al. 2010, Table 1"
#: the table's title, as printed
TITLE = ("Token level (left columns) and type level (right columns) results for seven POS "
         "induction algorithms (rows)")

#: the columns, in the paper's order (token level, then type level)
COLUMNS = ("M-1", "1-1", "NVI", "V", "H(C|K)", "H(K|C)", "MacroI M-1", "MacroI 1-1",
           "MicroI M-1", "MicroI 1-1", "MicroC M-1", "MicroC 1-1")

#: Reichart et al. 2010, Table 1: system -> the values of :data:`COLUMNS`, as printed
TABLE1 = {
    "ARR10": (0.675, 0.588, 0.809, 0.608, 1.041, 1.22, 0.579, 0.444, 0.596, 0.455, 0.624, 0.403),
    "Clark03": (0.65, 0.484, 0.887, 0.586, 1.04, 1.441, 0.396, 0.301, 0.384, 0.288, 0.463, 0.347),
    "GG07": (0.5, 0.415, 0.989, 0.479, 1.523, 1.241, 0.497, 0.405, 0.461, 0.398, 0.563, 0.445),
    "GVG09(1)": (0.51, 0.444, 1.033, 0.477, 1.471, 1.409, 0.513, 0.354, 0.436, 0.352, 0.486,
                 0.33),
    "GVG09(2)": (0.591, 0.484, 0.998, 0.529, 1.221, 1.564, 0.637, 0.369, 0.52, 0.373, 0.548,
                 0.32),
    "GVG09(3)": (0.668, 0.368, 1.132, 0.534, 0.978, 2.18, 0.736, 0.280, 0.558, 0.276, 0.565,
                 0.199),
    "GJ08*": (0.605, 0.383, 1.09, 0.506, 1.231, 1.818, 0.467, 0.298, 0.446, 0.311, 0.561, 0.291),
}

#: what each row of Table 1 is (Reichart et al. 2010, §5.1): the tagger and its clusters
SYSTEMS = {
    "ARR10": "the prototype-based tagger of Abend et al. 2010, monosemous, 34 clusters",
    "Clark03": "Clark 2003's neyessenmorph model, an exchange clustering with a morphology "
               "model, monosemous, 34 clusters, the average of 10 runs",
    "GG07": "the Bayesian HMM of Goldwater & Griffiths 2007, 10K iterations with annealing, "
            "17 clusters",
    "GVG09(1)": "the iHMM of Van Gael et al. 2009, Dirichlet process prior, fixed parameters, "
                "47 clusters",
    "GVG09(2)": "the iHMM of Van Gael et al. 2009, Pitman-Yor prior, fixed parameters, "
                "91 clusters",
    "GVG09(3)": "the iHMM of Van Gael et al. 2009, Dirichlet process prior, parameters learnt, "
                "192 clusters",
    "GJ08*": "the output of Gao & Johnson 2008 sent by its authors, 45 clusters, run with "
             "weaker computing resources than in their paper",
}

#: Table 1's rows that one of our models stands for: paper row -> our model (the
#: registry name of :func:`induceval.models.categories.induce_tags`) and how they differ
OURS = {
    "GG07": ("bhmm", "the same model, at the run's K and iterations"),
    "Clark03": ("exchange", "exchange clustering without Clark's morphology model, one run at "
                            "the run's K"),
}

#: the paper's data (§5.1)
DATA = ("sections 2-21 of the PTB-WSJ (39,832 sentences, 950,028 tokens), scored against "
        "the 45 WSJ tags without punctuation (34)")
