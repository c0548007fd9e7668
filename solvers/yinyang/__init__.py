"""Yin-Yang (しろまるくろまる): colour every cell; each colour one connected area, no 2x2 of one colour."""

from __future__ import annotations

from typing import ClassVar

from solvers.genre import HintStep, Symbols
from solvers.hinting import shuffled
from solvers.legacy import LegacyGenre
from solvers.puzzle import Puzzle
from solvers.solution import ColorSolution


class YinYang(LegacyGenre):
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
    }
    package = __name__

    def hints(self, puzzle: Puzzle, solution: ColorSolution) -> list[HintStep]:
        return _hints(puzzle, solution)


def _hints(puzzle: Puzzle, solution: ColorSolution) -> list[HintStep]:
    free = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.cells[r][c] == 0]
    return [HintStep("yinyang-hint-black" if solution.black(r, c) else "yinyang-hint-white", {"cell": (r, c)},
                     ((r, c),)) for r, c in shuffled(puzzle, free)]


GENRE = YinYang()
