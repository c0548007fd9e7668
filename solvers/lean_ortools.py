"""OR-Tools' CP-SAT module without pandas: ~0.3 s cpu off every process that builds a model.

``ortools.sat.python.cp_model`` imports pandas at the top only for its ``*_series`` helpers (and
the type aliases they are declared with); this project never calls them, and pandas is 0.32 of
the 0.40 s cpu the import takes, a third of a whole ``puzzlebot generate`` call. :func:`install`
(run by ``solvers/__init__``) hooks that one import: while cp_model's own code runs, ``pandas``
names a stand-in whose ``Index`` and ``Series`` are empty classes; afterwards the name is free
again, so code that imports pandas later gets the real one. A cp_model that wants more of pandas
at import than that (another OR-Tools version) is imported the ordinary way instead.
"""

from __future__ import annotations

import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.abc import Loader

TARGET = "ortools.sat.python.cp_model"


class _Unused:
    """In cp_model's ``pd.Index`` / ``pd.Series`` place: nothing is ever an instance of it."""


class _Loader:
    """cp_model's own loader, run with the stand-in in place (importlib.abc left out: 20 ms)."""

    def __init__(self, real: Loader) -> None:
        self.real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        if "pandas" in sys.modules:  # already paid for: nothing to save
            self.real.exec_module(module)
            return
        stand_in = types.ModuleType("pandas", "in cp_model's place of pandas (solvers.lean_ortools)")
        stand_in.Index = stand_in.Series = _Unused  # type: ignore[attr-defined]
        sys.modules["pandas"] = stand_in
        try:
            self.real.exec_module(module)
        except Exception:  # this OR-Tools wants more of pandas: the ordinary import
            del sys.modules["pandas"]
            self.real.exec_module(module)
        finally:
            if sys.modules.get("pandas") is stand_in:
                del sys.modules["pandas"]


class _Finder:
    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name != TARGET:
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is None or spec.loader is None:
            return None
        spec.loader = _Loader(spec.loader)  # type: ignore[assignment]
        return spec


def install() -> None:
    """Hook the cp_model import (once; a no-op when cp_model is already imported)."""
    if TARGET in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())
