"""Chang, Lieven & Tomasello 2006: the numbers the paper's text states, as printed.

The paper gives its results as figures (Fig. 1: self-prediction, Fig. 2:
adult-to-child, Fig. 3: accuracy by age) and states in its text, pp. 157-158,
the WOPA improvements from one learner to the next in self-prediction, Lexstat's
self-prediction accuracy, and the t and p values of its paired t-tests (the 14
corpora as the population, t(13)) and of its slope comparisons (t(2344)).
Nothing is read off the figures: a mean the text does not state (every learner's
but Lexstat's in self-prediction, every one in adult-to-child) is not here.

The learners are named as :data:`induceval.experiments.findings.chang2006.ORDER`
names them (the paper's "Frequent-frame" is Freqframe); a pair is ``(lower,
higher)`` in that order, as the run's ``ttests`` and ``slope_tests`` tables give
it.  The improvements are printed as "28%" and so on, WOPA percentage points as
the run's ``mean_diff``.
"""

from __future__ import annotations

#: where the self-prediction numbers are
WHERE_SELF = "Chang et al. 2006, p. 157"
#: where the adult-to-child t-tests and the slope comparisons are
WHERE_CHILD = "Chang et al. 2006, p. 158"

#: Lexstat's self-prediction WOPA (%): "the highest accuracy (71%) over all the
#: category-based learners" (p. 157)
LEXSTAT_SELF = 71.0

#: self-prediction (p. 157): (lower, higher, improvement in % as printed, t(13), p as printed)
SELF_TESTS = (
    ("Chance", "Prevword", 28.0, 11.37, "< 0.0001"),
    ("Prevword", "Freqframe", 10.0, 7.38, "< 0.0001"),
    ("Freqframe", "Token/Type", 8.0, 12.19, "< 0.0001"),    # printed "t(13) = 12,19"
    ("Token/Type", "Type/Token", 5.0, 8.0, "< 0.0001"),
    ("Type/Token", "Lexstat", 7.0, 12.24, "< 0.0001"),
)

#: adult-to-child (p. 158): (lower, higher, t(13), p); the text states no improvement
#: and no t-test of Prevword against Chance
CHILD_TESTS = (
    ("Prevword", "Freqframe", 1.31, 0.21),
    ("Freqframe", "Token/Type", 3.65, 0.003),
    ("Token/Type", "Type/Token", 1.72, 0.11),
    ("Type/Token", "Lexstat", 3.03, 0.01),
)

#: slope comparisons of accuracy by age (p. 158): (lower, higher, t(2344), p); the paper
#: prints t without a sign, and says which slope is the more positive only for Type/Token
#: against Token/Type
SLOPE_TESTS = (
    ("Prevword", "Freqframe", 0.03, 0.97),                   # printed "p = .97"
    ("Freqframe", "Token/Type", 0.80, 0.43),
    ("Token/Type", "Type/Token", 2.0, 0.045),
    ("Type/Token", "Lexstat", 0.82, 0.41),
)

#: the degrees of freedom the paper prints: t(13) over its 14 corpora, t(2344) for slopes
DF_TESTS, DF_SLOPES = 13, 2344

#: the paper's data (pp. 154-155)
DATA = ("14 corpora: 12 CHILDES corpora of typologically diverse languages (Cantonese, "
        "Croatian, English, Estonian, French, German, Hebrew, Hungarian, Japanese, Sesotho, "
        "Tamil, Welsh) and two dense English and German corpora of the Max Planck Institute "
        "for Evolutionary Anthropology")
