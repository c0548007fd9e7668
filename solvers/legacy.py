"""TRANSITIONAL: a Genre entry over the old part modules (check, model, notation, generate, draw, answer).

Converts between the typed solutions of :mod:`solvers.solution` and the old dict solutions. A genre
folder that implements :class:`~solvers.genre.Genre` directly no longer needs it; it goes when the
last genre is converted.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from solvers.genre import Genre, HintStep
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, SolveResult, Violation


class LegacyGenre(Genre[Any]):
    package: str = ""

    def part(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def _typed(self, sol: Any, puzzle: Puzzle) -> Any:
        if sol is None or not isinstance(sol, dict):
            return sol
        return self.solution_from_json(sol, puzzle)

    @staticmethod
    def _raw(sol: Any) -> Any:
        return sol.to_json() if hasattr(sol, "to_json") else sol

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        return self.part("notation").decode_url(url, max_rows=max_rows, max_cols=max_cols)  # type: ignore[no-any-return]

    def encode_url(self, puzzle: Puzzle) -> str:
        return self.part("notation").encode_url(puzzle)  # type: ignore[no-any-return]

    def validate(self, puzzle: Puzzle) -> None:
        self.part("check").validate(puzzle)

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        res: SolveResult = self.part("model").solve(puzzle, options)
        res.solution = self._typed(res.solution, puzzle)
        res.second_solution = self._typed(res.second_solution, puzzle)
        return res

    def check(self, puzzle: Puzzle, solution: Any) -> list[Violation]:
        return self.part("check").check(puzzle, self._raw(solution))  # type: ignore[no-any-return]

    def draw(self, d: Any, puzzle: Puzzle, solution: Any) -> None:
        self.part("draw").draw(d, puzzle, solution)  # draw.py takes the typed solution

    def parse_answer(self, puzzle: Puzzle, text: str) -> Any:
        return self._typed(self.part("answer").parse_answer(puzzle, text), puzzle)

    def hints(self, puzzle: Puzzle, solution: Any) -> list[HintStep]:
        return self.part("answer").hints(puzzle, solution)  # type: ignore[no-any-return]

    def generate(self, rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> Any:
        gp = self.part("generate").generate(rows, cols, difficulty, seed, options)
        return gp

    def preload(self) -> None:
        for part in ("check", "model"):
            self.part(part)
