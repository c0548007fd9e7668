"""The one interface every genre implements.

A genre is a package ``solvers/<name>/`` whose ``__init__`` defines ``GENRE`` (a :class:`Genre`)
and whose parts are modules with fixed function names:

============  ==========================================================================
part          functions
============  ==========================================================================
check.py      ``validate(puzzle) -> None`` (raises InvalidPuzzle), ``check(puzzle, solution)
              -> list[Violation]`` — plain Python, no CP-SAT: the independent rule checker
model.py      ``solve(puzzle, options) -> SolveResult`` — the CP-SAT model and its verdict
notation.py   ``decode_url(url) -> Puzzle``, ``encode_url(puzzle) -> str`` — puzz.link codec
generate.py   ``generate(rows, cols, difficulty, seed, options) -> GeneratedPuzzle``
draw.py       ``draw(canvas, puzzle, solution)`` — the genre's picture on a rendering canvas
answer.py     ``parse_answer(puzzle, text) -> Solution`` — a player's answer typed in chat
============  ==========================================================================

Parts are imported on first use, so reading a board never pays for importing OR-Tools.
Adding a genre: one new package with these parts and one line in :mod:`solvers.registry`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle
    from solvers.verdict import Solution, SolveOptions, SolveResult, Violation


@dataclass(frozen=True)
class Genre:
    """A genre's identity and the entry points into its parts."""

    name: str  # canonical name, as in FORMATS.md records
    title: str  # English display name
    title_ja: str  # Japanese display name
    package: str  # the Python package holding the parts
    clue_kind: Literal["circles", "numbers"]  # W/B circles or positive numbers
    aliases: tuple[str, ...] = ()  # other names people write (lower case)
    url_pids: tuple[str, ...] = ()  # puzz.link puzzle ids; the first is the one we emit
    solution_key: str = ""  # the FORMATS.md solution field: loop, colors, links or rects
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def part(self, name: str) -> ModuleType:
        """Import and return one of the genre's part modules (``check``, ``model``...)."""
        return importlib.import_module(f"{self.package}.{name}")

    # -- engine (check.py, model.py)
    def validate(self, puzzle: Puzzle) -> None:
        self.part("check").validate(puzzle)

    def check(self, puzzle: Puzzle, solution: Solution) -> list[Violation]:
        return self.part("check").check(puzzle, solution)

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        return self.part("model").solve(puzzle, options)

    # -- puzz.link (notation.py)
    def decode_url(self, url: str) -> Puzzle:
        return self.part("notation").decode_url(url)

    def encode_url(self, puzzle: Puzzle) -> str:
        return self.part("notation").encode_url(puzzle)

    # -- generator (generate.py)
    def generate(self, rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None):
        return self.part("generate").generate(rows, cols, difficulty, seed, options)

    # -- pictures (draw.py)
    def draw(self, canvas: Any, puzzle: Puzzle, solution: Solution | None) -> None:
        self.part("draw").draw(canvas, puzzle, solution)

    # -- play in chat (answer.py)
    def parse_answer(self, puzzle: Puzzle, text: str) -> Solution:
        return self.part("answer").parse_answer(puzzle, text)
