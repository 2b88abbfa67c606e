"""Fuzzing of every importer: generated inputs get a value or a typed error, never a crash
or a hang, and a refusal writes nothing.

``pytest tests/fuzz`` tries a few hundred inputs; ``python -m tests.fuzz.long_run
--inputs 100000`` is the long run (a table per importer; exit status 1 on any crash).
"""
