"""Yin-Yang (しろまるくろまる): colour every cell; each colour one connected area, no 2x2 of one colour.

The genre's entry: identity, messages and every part (``check``, ``model``, ``generate``,
``answer``, ``draw``), imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from solvers.errors import InvalidPuzzle, PuzzleError
from solvers.genre import Genre, HintStep, Symbols
from solvers.hinting import shuffled
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution

if TYPE_CHECKING:
    from solvers.drawing import Drawing
    from solvers.generation import GeneratedPuzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation


class YinYang(Genre[ColorSolution]):
    name = "yinyang"
    title = "Yin-Yang"
    aliases = ("yin-yang", "yin yang", "shiromarukuromaru", "しろまるくろまる", "白丸黒丸")
    url_pids = ("yinyang",)
    symbols = Symbols.CIRCLES
    solution_type = ColorSolution
    example = "yinyang\n. . . . .\n. . B . .\n. . . . .\n. . W B .\n. W . B B"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "yinyang-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "yinyang-answer-help": "W or B for every cell",
        "yinyang-hint-black": "{cell} is black ●.",
        "yinyang-hint-white": "{cell} is white ○.",
        # the engine's gate
        "yinyang-bad-cell": "Row {row}, column {col} holds '{value}': Yin-Yang cells are empty, W or B.",
        "yinyang-white-2x2-given": "The given circles at rows {top}-{bottom}, columns {left}-{right} form a 2x2 "
                                   "block of white, which the rules forbid.",
        "yinyang-black-2x2-given": "The given circles at rows {top}-{bottom}, columns {left}-{right} form a 2x2 "
                                   "block of black, which the rules forbid.",
        # the checker
        "yinyang-format": 'A Yin-Yang answer is {{"colors": [one string of W/B per row]}}.',
        "yinyang-row-count": "The answer has {got} rows, the board has {rows}.",
        "yinyang-row-length": "Row {row} of the answer has {got} cells, the board has {cols} columns.",
        "yinyang-not-colour": "Row {row}, column {col} of the answer is '{token}': every cell must be W or B.",
        "yinyang-white-given": "Row {row}, column {col} has a given white circle but is coloured otherwise.",
        "yinyang-black-given": "Row {row}, column {col} has a given black circle but is coloured otherwise.",
        "yinyang-white-2x2": "Rows {top}-{bottom}, columns {left}-{right} form a 2x2 block of white.",
        "yinyang-black-2x2": "Rows {top}-{bottom}, columns {left}-{right} form a 2x2 block of black.",
        "yinyang-white-split": "The white cells are split into {count} separate areas (one of them contains {cell}).",
        "yinyang-black-split": "The black cells are split into {count} separate areas (one of them contains {cell}).",
        # answers typed in chat
        "yinyang-no-colour": "Row {row}, column {col} has no colour: write W or B for every cell.",
        "yinyang-not-a-colour": "'{token}' at {cell} is not a colour: write W (white, ○) or B (black, ●).",
        # the generator
        "yinyang-colouring-failed": "Could not build a {rows}x{cols} Yin-Yang colouring in time.",
    }

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        from solvers.puzzlink import decode_puzzle

        return decode_puzzle(url, self.name, max_rows=max_rows, max_cols=max_cols)

    def encode_url(self, puzzle: Puzzle) -> str:
        from solvers.puzzlink import encode_puzzle

        return encode_puzzle(puzzle)

    def validate(self, puzzle: Puzzle) -> None:
        from solvers.yinyang.check import validate

        validate(puzzle)

    def form_problem(self, puzzle: Puzzle) -> PuzzleError | None:
        """A given 2x2 block of one colour: these circles cannot be a Yin-Yang board."""
        from solvers.yinyang.check import two_by_two_givens

        try:
            two_by_two_givens(puzzle)
        except InvalidPuzzle as e:
            return e
        return None

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        from solvers.yinyang import model

        return model.solve(puzzle, options)

    def check(self, puzzle: Puzzle, solution: ColorSolution) -> list[Violation]:
        from solvers.yinyang.check import check

        return check(puzzle, solution)

    def draw(self, d: Drawing, puzzle: Puzzle, solution: ColorSolution | None) -> None:
        from solvers.yinyang.draw import draw

        draw(d, puzzle, solution)

    def parse_answer(self, puzzle: Puzzle, text: str) -> ColorSolution:
        from solvers.yinyang.answer import parse_answer

        return parse_answer(puzzle, text)

    def hints(self, puzzle: Puzzle, solution: ColorSolution) -> list[HintStep]:
        free = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.cells[r][c] == 0]
        return [HintStep("yinyang-hint-black" if solution.black(r, c) else "yinyang-hint-white", {"cell": (r, c)},
                         ((r, c),)) for r, c in shuffled(puzzle, free)]

    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        from solvers.yinyang.generate import generate

        return generate(rows, cols, difficulty, seed, options)

    def preload(self) -> None:
        import solvers.yinyang.check
        import solvers.yinyang.model  # noqa: F401


GENRE = YinYang()
