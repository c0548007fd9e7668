"""Slitherlink (スリザーリンク): one loop along the grid lines; each number counts its sides on it.

Cell values: a clue ``n`` (0-3) is stored as ``n + 1`` and 0 means no clue, because a 0 clue is
a real given (``token_of``/``value_of`` translate: token ``0`` is value 1). The solution is a
:class:`~solvers.slitherlink.lattice.DotLoop` (a LoopSolution over the (rows+1) x (cols+1) grid
points, FORMATS.md) compared cell by cell.
Parts: ``notation`` (tokens, puzz.link ``slither``), ``model`` (CP-SAT), ``check`` (checker),
``answer`` (typed answers, hints), ``generate``; the picture is drawn here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from solvers.drawing import INK, LINE, Drawing
from solvers.errors import PuzzleError
from solvers.genre import Genre, HintStep, Lattice, Symbols
from solvers.puzzle import Puzzle
from solvers.slitherlink import answer, notation
from solvers.slitherlink import check as checker
from solvers.slitherlink.lattice import DotLoop

if TYPE_CHECKING:
    from solvers.generation import GeneratedPuzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation


class Slitherlink(Genre[DotLoop]):
    name = "slitherlink"
    title = "Slitherlink"
    aliases = ("slither", "slither link", "loop the loop", "スリザーリンク")
    url_pids = ("slither",)
    symbols = Symbols.DIGITS
    lattice = Lattice.DOTS  # puzz.link and print draw only the grid points
    solution_type = DotLoop
    example = "slitherlink\n. . 1 3 2\n. 3 . 3 .\n. 1 . . .\n. 2 1 . .\n. 1 . 3 1"
    daily_sizes: ClassVar[dict[str, tuple[int, int]]] = {"easy": (6, 6), "medium": (8, 8), "hard": (10, 10)}
    answer_help = "slitherlink-answer-help"
    messages: ClassVar[dict[str, str]] = {
        "slitherlink-answer-help": "draw the loop on the dots, one line per row of dots, "
                                   "with ─ │ ┌ ┐ └ ┘ and · for a dot the loop skips",
        "slitherlink-hint": "The dot at {dot_cell} (counting dots from the top left) is {symbol}: "
                            "the loop goes {dirs}.",
        "slitherlink-bad-clue": "{cell} holds {value}: Slitherlink cells hold '.' or a number 0-3.",
        "slitherlink-url-four": "The puzz.link data puts a 4 at {cell}; Slitherlink numbers are 0-3.",
        "slitherlink-url-char": "The puzz.link data has an unexpected character '{char}' at position {position}.",
        "slitherlink-url-genre": "This puzz.link URL ('{pid}') is not a Slitherlink puzzle.",
        "slitherlink-size": "The loop must be given on the {rows} x {cols} grid of dots.",
        "slitherlink-off-board": "The loop leaves the grid of dots at the dot at {dot_cell}.",
        "slitherlink-mismatch": "The line at the dot at {dot_cell} is not continued by the dot at {other_cell}.",
        "slitherlink-dead-end": "The loop ends at the dot at {dot_cell}.",
        "slitherlink-branch": "The loop branches at the dot at {dot_cell}.",
        "slitherlink-no-loop": "No loop is drawn.",
        "slitherlink-loops": "The lines form {count} separate loops, not one.",
        "slitherlink-clue": "The {clue} at {cell} has {got} sides on the loop.",
    }

    def token_of(self, value: int) -> str:
        return notation.token_of(value)

    def value_of(self, token: str) -> int | None:
        return notation.value_of(token)

    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        return notation.decode_url(url, max_rows=max_rows, max_cols=max_cols)

    def encode_url(self, puzzle: Puzzle) -> str:
        return notation.encode_url(puzzle)

    def validate(self, puzzle: Puzzle) -> None:
        checker.validate(puzzle)

    def form_problem(self, puzzle: Puzzle) -> PuzzleError | None:
        try:
            checker.validate(puzzle)
        except PuzzleError as e:
            return e
        return None

    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        from solvers.slitherlink.model import solve

        return solve(puzzle, options)

    def check(self, puzzle: Puzzle, solution: DotLoop) -> list[Violation]:
        return checker.check(puzzle, solution)

    def solution_from_json(self, value: Any, puzzle: Puzzle) -> DotLoop:
        return DotLoop.from_json(value, puzzle.rows + 1, puzzle.cols + 1)

    def draw(self, d: Drawing, puzzle: Puzzle, solution: DotLoop | None) -> None:
        """puzz.link style: dots at the grid points, the numbers, the loop along the cell sides."""
        d.backgrounds()
        if solution is not None:
            d.point_links(solution.masks, LINE)
        d.dots(INK)
        for r, c, v in puzzle.clues():
            d.text(r, c, str(v - 1), INK)

    def parse_answer(self, puzzle: Puzzle, text: str) -> DotLoop:
        return answer.parse_answer(puzzle, text)

    def hints(self, puzzle: Puzzle, solution: DotLoop) -> list[HintStep]:
        return answer.hints(puzzle, solution)

    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        from solvers.slitherlink.generate import generate

        return generate(rows, cols, difficulty, seed)

    def preload(self) -> None:
        from solvers.slitherlink import generate, model  # noqa: F401


GENRE = Slitherlink()
