"""The ``induceval`` command line: thin functions over the public API."""
