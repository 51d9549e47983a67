"""induceval: evaluation of unsupervised induction of linguistic structure.

Syntactic categories (POS induction), dependency grammars, word order and
selectional preferences, with gold-standard and gold-free measures, reference
baselines and the papers' experimental protocols.
"""

from induceval._version import __version__
from induceval.errors import CorpusFormatError, InducevalError, MismatchError, ParameterError

__all__ = [
    "__version__",
    "InducevalError",
    "CorpusFormatError",
    "MismatchError",
    "ParameterError",
]
