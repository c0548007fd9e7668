"""Numberlink (ナンバーリンク): join equal numbers by non-crossing paths (Nikoli or Flow rule).

The genre's entry: identity, the rule variant ``fill``, and every part (``check``, ``model``,
``generate``, ``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solvers.errors import PuzzleError
from solvers.genre import Genre, HintStep, Symbols, Variant
from solvers.hinting import line_hints
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution

if TYPE_CHECKING:
    from solvers.drawing import Drawing
    from solvers.generation import GeneratedPuzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation


class Numberlink(Genre[LinkSolution]):
    name = "numberlink"
    title = "Numberlink"
    aliases = ("numlin", "arukone", "flow", "flowfree", "ナンバーリンク", "アルコネ")
    url_pids = ("numlin", "numberlink")
    symbols = Symbols.NUMBERS
    variants = (Variant("fill", ("fill", "flow", "flowfree", "flow free"), "numberlink-fill-help"),)
    solution_type = LinkSolution
    example = "numberlink\n1 . . . .\n2 . . 3 .\n. . . . .\n. 1 . . 2\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "numberlink-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "numberlink-answer-help": "draw the paths with ─ │ ┌ ┐ └ ┘, the number at each end, · for an empty cell",
        "numberlink-hint": "{cell} is {symbol}: the path goes {dirs}.",
        "numberlink-fill-help": "/numberlink fill: the Flow rule (every cell on a path)",
        # the board's form (genre detection)
        "numberlink-form-no-numbers": "There are no numbers on the board; Numberlink needs pairs of equal numbers.",
        "numberlink-form-once": "Number {number} appears once ({clue_cells}); "
                                "Numberlink needs each number exactly twice.",
        "numberlink-form-times": "Number {number} appears {times} times ({clue_cells}); "
                                 "Numberlink needs each number exactly twice.",
        # the engine's gate
        "numberlink-unknown-clue": "{cell} holds a '?' clue; Numberlink boards with unknown numbers "
                                   "are not supported.",
        "numberlink-bad-value": "{cell} holds {value}; Numberlink cells are empty or a positive number.",
        "numberlink-no-numbers": "The board has no numbers; Numberlink needs pairs of numbers to join.",
        "numberlink-once": "Number {number} appears once ({clue_cells}); Numberlink needs each number exactly twice.",
        "numberlink-times": "Number {number} appears {times} times ({clue_cells}); "
                            "Numberlink needs each number exactly twice.",
        # the checker
        "numberlink-off-board": "The line at {cell} leaves the board ({dir}).",
        "numberlink-mismatch": "The line at {cell} goes {dir} but {to_cell} does not connect back.",
        "numberlink-endpoint": "The number {number} at {cell} must be the end of exactly one line "
                               "(it has {count} connections).",
        "numberlink-dead-end": "A line stops at {cell}, which holds no number.",
        "numberlink-branch": "Lines branch or cross at {cell}.",
        "numberlink-fill": "The cell at {cell} is empty; under the Flow rule every cell is used.",
        "numberlink-wrong-pair": "The line from the {number} at {cell} ends at the {other} at {end_cell}.",
        "numberlink-stray-loop": "A closed loop through {cell} joins no numbers.",
        # the generator
        "numberlink-generation-failed": "Could not generate a unique {rows}x{cols} Numberlink in time; "
                                        "try another seed.",
    }

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        from solvers.puzzlink import decode_puzzle

        return decode_puzzle(url, self.name, max_rows=max_rows, max_cols=max_cols)

    def encode_url(self, puzzle: Puzzle) -> str:
        from solvers.puzzlink import encode_puzzle

        return encode_puzzle(puzzle)

    def validate(self, puzzle: Puzzle) -> None:
        from solvers.numberlink.check import validate

        validate(puzzle)

    def form_problem(self, puzzle: Puzzle) -> PuzzleError | None:
        from solvers.numberlink.check import form_problem

        return form_problem(puzzle)

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        from solvers.numberlink.model import solve

        return solve(puzzle, options)

    def check(self, puzzle: Puzzle, solution: LinkSolution) -> list[Violation]:
        from solvers.numberlink.check import check

        return check(puzzle, solution)

    def draw(self, d: Drawing, puzzle: Puzzle, solution: LinkSolution | None) -> None:
        from solvers.numberlink.draw import draw

        draw(d, puzzle, solution)

    def parse_answer(self, puzzle: Puzzle, text: str) -> LinkSolution:
        from solvers.numberlink.answer import parse_answer

        return parse_answer(puzzle, text)

    def hints(self, puzzle: Puzzle, solution: LinkSolution) -> list[HintStep]:
        return line_hints(puzzle, solution.masks, "numberlink-hint")

    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        from solvers.numberlink.generate import generate

        return generate(rows, cols, difficulty, seed, options)

    def preload(self) -> None:
        import solvers.numberlink.check
        import solvers.numberlink.model  # noqa: F401


GENRE = Numberlink()
