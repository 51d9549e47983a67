"""Chambers & Jurafsky 2010, Figures 4-6: the paper's numbers, as printed.

Figures 4-6 of the paper are tables of numbers, and the paper's text holds
every one of their cells (no value is read off a plot).  Each cell is kept as
printed, a percent with its significance mark: ``*`` p < 0.01 and ``†``
p < 0.05 against the column's Baseline (Figures 4-5) or against the number to
its left (Figure 6), by the approximate randomization test (§7); ``-`` where
the paper prints no number.

The rows are the paper's models under their printed names (Figure 4 prints
"Backoff Goog", Figure 5 "Backoff Google"); :data:`MODELS` maps them to ours
(:data:`induceval.models.selpref.MODEL_ORDER`).  The Google model counts verb
and noun co-occurrences in the Google n-grams (§5.2); our ``cooccurrence``
model counts them in the run's training text.  Which Erk similarity the paper's
Backoff Erk backs off to is not said; ours backs off to Erk-Jaccard.

:data:`PROSE` lists where the text restates a cell; the cells agree with it,
and the text's "falls 27% from 93.9 to 68.1" (§7) is 25.8 points (27% of 93.9),
where its other drops are absolute (Baseline "a 12% absolute drop", 91.5 to
79.5).
"""

from __future__ import annotations

#: the paper's rows -> our models
MODELS = {"Baseline": "baseline", "Erk-Jaccard": "erk-jaccard", "Erk-Cosine": "erk-cosine",
          "Google": "cooccurrence", "Backoff Erk": "backoff-erk",
          "Backoff Goog": "backoff-cooccurrence", "Backoff Google": "backoff-cooccurrence"}

#: Chambers & Jurafsky 2010, Figure 4 ("Varying the Confounder Frequency"): Train x2,
#: accuracy (%) with random, buckets and neighbor confounders
FIGURE4 = {
    "Baseline": ("91.5", "89.1", "79.5"),
    "Erk-Jaccard": ("93.9*", "82.7*", "68.1*"),
    "Erk-Cosine": ("91.2", "81.8*", "65.3*"),
    "Google": ("74.3*", "70.4*", "59.4*"),
    "Backoff Erk": ("96.6*", "91.8*", "80.8*"),
    "Backoff Goog": ("92.7†", "89.7", "79.8"),
}
FIGURE4_COLUMNS = ("random", "buckets", "neighbor")

#: Chambers & Jurafsky 2010, Figure 5 ("Varying the Training Size"): accuracy (%) with
#: bucket, then neighbor, confounders at Train x1, x2, x10 (Google printed at x10 only)
FIGURE5 = {
    "Baseline": ("87.5", "89.1", "91.7", "78.4", "79.5", "81.2"),
    "Erk-Jaccard": ("86.5*", "82.7*", "83.1*", "66.8*", "68.1*", "65.5*"),
    "Erk-Cosine": ("82.1*", "81.8*", "81.1*", "66.1*", "65.3*", "65.7*"),
    "Google": ("-", "-", "70.4*", "-", "-", "59.4*"),
    "Backoff Erk": ("92.6*", "91.8*", "92.6*", "79.4*", "80.8*", "81.7*"),
    "Backoff Google": ("88.6", "89.7", "91.9†", "78.7", "79.8", "81.2"),
}
FIGURE5_COLUMNS = tuple(f"{m} {s}" for m in ("buckets", "neighbor") for s in ("x1", "x2", "x10"))

#: Chambers & Jurafsky 2010, Figure 6 ("Baseline Details"): the Baseline on bucket
#: confounders at Train (x1), Train x2 and Train x10
FIGURE6 = {
    "Precision": ("96.1", "95.5*", "95.0†"),
    "Accuracy": ("78.2", "82.0*", "88.1*"),
    "Accuracy +50%": ("87.5", "89.1*", "91.7*"),
}
FIGURE6_COLUMNS = ("x1", "x2", "x10")

#: each figure: where, its caption's first sentence, its cells, its columns, what a mark
#: is against
FIGURES = {
    "figure4": ("Chambers & Jurafsky 2010, Figure 4",
                "Trained on two years of NYT data (Train x2)", FIGURE4, FIGURE4_COLUMNS,
                "the column's Baseline"),
    "figure5": ("Chambers & Jurafsky 2010, Figure 5", "Accuracy of varying NYT training sizes",
                FIGURE5, FIGURE5_COLUMNS, "the column's Baseline"),
    "figure6": ("Chambers & Jurafsky 2010, Figure 6",
                "Results from the buckets confounder test set", FIGURE6, FIGURE6_COLUMNS,
                "the number to their left"),
}

#: where the text restates a cell: (place, the text's words, figure, row, column, cell)
PROSE = (
    ("§7", "The conditional probability Baseline falls from 91.5 to 79.5", "figure4",
     "Baseline", "random", "91.5"),
    ("§7", "The conditional probability Baseline falls from 91.5 to 79.5", "figure4",
     "Baseline", "neighbor", "79.5"),
    ("§7", "The Erk smoothing model falls 27% from 93.9 to 68.1", "figure4", "Erk-Jaccard",
     "random", "93.9*"),
    ("§7", "The Erk smoothing model falls 27% from 93.9 to 68.1", "figure4", "Erk-Jaccard",
     "neighbor", "68.1*"),
    ("§7", "its 74.3% performance with random confounders", "figure4", "Google", "random",
     "74.3*"),
    ("§7", "The Baseline achieves the highest accuracies (91.7% and 81.2%) with Train x10",
     "figure5", "Baseline", "buckets x10", "91.7"),
    ("§7", "The Baseline achieves the highest accuracies (91.7% and 81.2%) with Train x10",
     "figure5", "Baseline", "neighbor x10", "81.2"),
    ("§8", "our baseline (at 79.5%) still provides room for improvement", "figure4",
     "Baseline", "neighbor", "79.5"),
    ("§8", "Our reported 93.9% for Erk-Jaccard", "figure4", "Erk-Jaccard", "random", "93.9*"),
)

#: the paper's data (§3.1, §6)
DATA = ("the NYT section of Gigaword parsed into dependencies (Train x1: year 2001, about "
        "110M tokens; x2: 2001-2002, about 225M; x10: all of it, about 1.2B), 6767 test "
        "pairs from 41 documents")
