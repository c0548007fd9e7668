"""Shikaku (四角に切れ): divide the board into rectangles, one number each, its area.

The genre's entry: identity and every part (``check``, ``model``, ``generate``, ``answer``,
``draw``), imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solvers.errors import PuzzleError
from solvers.genre import Genre, HintStep, Symbols
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import RectSolution

if TYPE_CHECKING:
    from solvers.drawing import Drawing
    from solvers.generation import GeneratedPuzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation

_RECT = "rows {top}-{bottom}, columns {left}-{right}"
_RECT2 = "rows {top2}-{bottom2}, columns {left2}-{right2}"


class Shikaku(Genre[RectSolution]):
    name = "shikaku"
    title = "Shikaku"
    aliases = ("rect", "rects", "sikaku", "shikaku ni kire", "四角に切れ", "シカク")
    url_pids = ("shikaku",)
    symbols = Symbols.NUMBERS
    solution_type = RectSolution
    example = "shikaku\n. . . . .\n2 2 2 . 4\n. 2 . . 4\n4 . 2 . .\n. . . . 3"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "shikaku-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "shikaku-answer-help": "one letter per cell, the same letter for all cells of one rectangle",
        "shikaku-hint": "The {number} at {cell} is the {height}×{width} rectangle covering {rows}, {columns}.",
        # the board's form (genre detection)
        "shikaku-form-too-big": "The number {number} at {cell} is larger than the board ({area} cells).",
        "shikaku-form-no-numbers": "There are no numbers on the board; Shikaku needs one number per rectangle.",
        "shikaku-form-total": "The numbers add up to {total}, but the board has {area} cells; "
                              "in Shikaku they must add up to the board's area.",
        "shikaku-form-total-unknown": "The numbers add up to {total} (plus {unknown} '?'), "
                                      "more than the board's {area} cells.",
        # the engine's gate
        "shikaku-bad-number": "{cell} holds {number}: Shikaku numbers are positive (or '?').",
        "shikaku-no-numbers": "The board has no numbers: every Shikaku rectangle needs one.",
        "shikaku-total": "The numbers add up to {total}, but the board has {rows}x{cols} = {area} cells; "
                         "in Shikaku they must be equal.",
        "shikaku-total-unknown": "The numbers add up to {total} and the {unknown} '?' need at least one cell each, "
                                 "but the board has only {area} cells.",
        "shikaku-no-room": "The {number} at {cell} fits no rectangle: every {number}-cell rectangle through it "
                           "leaves the board or covers another number.",
        # the model
        "shikaku-stuck-cell": "This puzzle has no solution: once the forced rectangles are placed, "
                              "no rectangle is left for {cell}.",
        "shikaku-stuck-number": "This puzzle has no solution: once the forced rectangles are placed, "
                                "no rectangle is left for the {number} at {cell}.",
        "shikaku-too-many-rectangles": "This board leaves too many possible rectangles to search (very large or "
                                       "'?' numbers); give more numbers or the values of some '?'.",
        # the checker
        "shikaku-rect-outside": "Rectangle {index} of the answer, {rect}, does not lie inside the "
                                "{rows}x{cols} board.",
        "shikaku-overlap": f"{{cell}} is inside two rectangles ({_RECT2} and {_RECT}).",
        "shikaku-one-number": f"The rectangle {_RECT} holds {{count}} numbers; each rectangle must hold exactly one.",
        "shikaku-area": f"The {{number}} at {{cell}} is in a rectangle of {{size}} cells ({_RECT}).",
        "shikaku-tiling": "{count} cell(s) are in no rectangle, e.g. {cell}.",
        # answers typed in chat
        "shikaku-answer-unlabelled": "{cell} has no region letter: give every cell the letter of its rectangle.",
        "shikaku-answer-not-rectangle": "The cells marked '{label}' do not form one rectangle: {cell} lies between "
                                        "them but is marked '{token}'. Use a different letter for each rectangle.",
        # the generator
        "shikaku-generation-failed": "Could not generate a unique {rows}x{cols} Shikaku in time; try another seed.",
    }

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        from solvers.puzzlink import decode_puzzle

        return decode_puzzle(url, self.name, max_rows=max_rows, max_cols=max_cols)

    def encode_url(self, puzzle: Puzzle) -> str:
        from solvers.puzzlink import encode_puzzle

        return encode_puzzle(puzzle)

    def validate(self, puzzle: Puzzle) -> None:
        from solvers.shikaku.check import validate

        validate(puzzle)

    def form_problem(self, puzzle: Puzzle) -> PuzzleError | None:
        from solvers.shikaku.check import form_problem

        return form_problem(puzzle)

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        from solvers.shikaku.model import solve

        return solve(puzzle, options)

    def check(self, puzzle: Puzzle, solution: RectSolution) -> list[Violation]:
        from solvers.shikaku.check import check

        return check(puzzle, solution)

    def draw(self, d: Drawing, puzzle: Puzzle, solution: RectSolution | None) -> None:
        from solvers.shikaku.draw import draw

        draw(d, puzzle, solution)

    def parse_answer(self, puzzle: Puzzle, text: str) -> RectSolution:
        from solvers.shikaku.answer import parse_answer

        return parse_answer(puzzle, text)

    def hints(self, puzzle: Puzzle, solution: RectSolution) -> list[HintStep]:
        """One rectangle per hint: its number, size and place."""
        out = []
        for top, left, h, w in shuffled(puzzle, list(solution.rects)):
            area = [(r, c) for r in range(top, top + h) for c in range(left, left + w)]
            clue = next(((r, c) for r, c in area if puzzle.cells[r][c] != 0), (top, left))
            out.append(HintStep("shikaku-hint", {
                "number": puzzle.cells[clue[0]][clue[1]], "cell": clue, "height": h, "width": w,
                "rows": (top + 1, top + h), "columns": (left + 1, left + w)}, tuple(area)))
        return out

    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        from solvers.shikaku.generate import generate

        return generate(rows, cols, difficulty, seed, options)

    def preload(self) -> None:
        import solvers.shikaku.check
        import solvers.shikaku.model  # noqa: F401


GENRE = Shikaku()
