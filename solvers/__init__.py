"""Puzzle genres: their models, rule checkers, notations and generators.

Each genre is one package (``solvers/<genre>/``) with the same parts, wired into the
registry in :mod:`solvers.registry`. :mod:`solvers.engine` turns a puzzle into a checked verdict.
"""

from solvers.lean_ortools import install as _lean_ortools

_lean_ortools()  # OR-Tools' CP-SAT without pandas (see solvers.lean_ortools)
