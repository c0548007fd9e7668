"""Masyu (ましゅ): one loop through every pearl; white pearls straight, black pearls turn.

The genre's entry: identity, messages and every part (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solvers.genre import Genre, HintStep, Symbols
from solvers.hinting import line_hints
from solvers.puzzle import Puzzle
from solvers.solution import LoopSolution

if TYPE_CHECKING:
    from solvers.drawing import Drawing
    from solvers.generation import GeneratedPuzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation


class Masyu(Genre[LoopSolution]):
    name = "masyu"
    title = "Masyu"
    aliases = ("mashu", "pearl", "ましゅ", "マシュ", "真珠")
    url_pids = ("mashu", "masyu", "pearl")
    symbols = Symbols.CIRCLES
    solution_type = LoopSolution
    example = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "masyu-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "masyu-answer-help": "draw the loop with ─ │ ┌ ┐ └ ┘ and · for an empty cell",
        "masyu-hint": "{cell} is {symbol}: the line goes {dirs}.",
        # the engine's gate
        "masyu-bad-cell": "Row {row}, column {col} holds {value}; Masyu cells are empty, white or black pearls.",
        # the checker (line-off-board and line-mismatch are the catalogue's generic line codes)
        "masyu-format": "A Masyu solution must be {{'loop': [rows of connection masks]}}.",
        "masyu-dead-end": "The loop stops at {cell}.",
        "masyu-branch": "The loop branches or crosses at {cell}.",
        "masyu-white-unvisited": "The loop does not pass the white pearl at {cell}.",
        "masyu-black-unvisited": "The loop does not pass the black pearl at {cell}.",
        "masyu-white-straight": "The loop must go straight through the white pearl at {cell}.",
        "masyu-white-turn": "The loop must turn in a cell next to the white pearl at {cell}, "
                            "but goes straight on both sides.",
        "masyu-black-turn": "The loop must turn on the black pearl at {cell}.",
        "masyu-black-straight": "After the black pearl at {cell} the loop must go straight through {next_cell}.",
        "masyu-no-loop": "No loop is drawn.",
        "masyu-single-loop": "The drawing has {count} separate pieces; Masyu needs exactly one loop.",
    }

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        from solvers.puzzlink import decode_puzzle

        return decode_puzzle(url, self.name, max_rows=max_rows, max_cols=max_cols)

    def encode_url(self, puzzle: Puzzle) -> str:
        from solvers.puzzlink import encode_puzzle

        return encode_puzzle(puzzle)

    def validate(self, puzzle: Puzzle) -> None:
        from solvers.masyu.check import validate

        validate(puzzle)

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        from solvers.masyu import model

        return model.solve(puzzle, options)

    def check(self, puzzle: Puzzle, solution: LoopSolution) -> list[Violation]:
        from solvers.masyu.check import check

        return check(puzzle, solution)

    def draw(self, d: Drawing, puzzle: Puzzle, solution: LoopSolution | None) -> None:
        from solvers.masyu.draw import draw

        draw(d, puzzle, solution)

    def parse_answer(self, puzzle: Puzzle, text: str) -> LoopSolution:
        from solvers.masyu.answer import parse_answer

        return parse_answer(puzzle, text)

    def hints(self, puzzle: Puzzle, solution: LoopSolution) -> list[HintStep]:
        return line_hints(puzzle, solution.masks, "masyu-hint")

    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        from solvers.masyu.generate import generate

        return generate(rows, cols, difficulty, seed, options)

    def preload(self) -> None:
        import solvers.masyu.check
        import solvers.masyu.model  # noqa: F401


GENRE = Masyu()
