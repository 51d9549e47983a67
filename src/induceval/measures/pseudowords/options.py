"""What the pseudo-word options mean, for the help of every command that has them: text
that costs no import (the command line's help loads no numpy)."""

__all__ = ["CONFOUNDER_METHODS", "RANDOM_RANGE_HELP"]

#: how confounders are chosen (:func:`~induceval.measures.pseudowords.confounders`)
CONFOUNDER_METHODS = ("random", "buckets", "neighbor")

RANDOM_RANGE_HELP = ("noun frequency range of random confounders: paper (default) = "
                     "Chambers & Jurafsky's [30, 400000] as they meant it on any corpus, the "
                     "100 most frequent nouns left out and a floor of 30; scaled = both "
                     "bounds scaled to the training corpus (induceval 0.2-0.4); or LOW,HIGH")
