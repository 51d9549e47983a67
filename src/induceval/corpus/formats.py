"""The corpus formats' names and file endings: a registry that costs no import.

The command line builds its help from it before any reader (or numpy) is loaded;
:mod:`induceval.corpus.readers` reads by it.

Example
-------
>>> READERS["conllu"], EXTENSIONS[".cha"]
('conllu', 'chat')
"""

__all__ = ["READERS", "EXTENSIONS"]

#: format name -> module under ``induceval.corpus.readers``
READERS: dict[str, str] = {
    f: f for f in ("conllu", "conllx", "pascal", "malt", "brown", "plain", "chat", "ptb")}

#: file ending -> format name
EXTENSIONS: dict[str, str] = {
    ".conllu": "conllu", ".conll": "conllx", ".conllx": "conllx", ".pascal": "pascal",
    ".dp": "malt", ".malt": "malt", ".txt": "plain", ".cha": "chat", ".mrg": "ptb"}
