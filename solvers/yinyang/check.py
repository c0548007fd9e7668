"""Yin-Yang rules in plain Python: the givens' form and the independent answer checker.

The rules as the bot applies them (as pzprjs / puzz.link judge them):

* every cell is white (W) or black (B) and the given circles keep their colour;
* all white cells form one orthogonally connected area, and so do all black cells
  (a colour with no cell at all counts as connected; that only happens on 1-row or 1-column boards);
* no 2x2 block is all white or all black.

No CP-SAT here: this module is written independently of :mod:`solvers.yinyang.model`.
"""

from __future__ import annotations

from typing import Any

from solvers.errors import InvalidPuzzle
from solvers.puzzle import BLACK, EMPTY, WHITE, Puzzle, check_rectangular
from solvers.verdict import Violation

LETTER = {WHITE: "W", BLACK: "B"}
NAME = {"W": ("white", "白"), "B": ("black", "黒")}


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle of empty cells and W/B givens."""
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v not in (EMPTY, WHITE, BLACK):
                raise InvalidPuzzle(
                    f"Row {r + 1}, column {c + 1} holds '{v}': Yin-Yang cells are empty, W or B.",
                    f"{r + 1} 行 {c + 1} 列の '{v}' は使えません。しろまるくろまるのマスは空・W・B です。",
                    cells=((r, c),),
                )
    two_by_two_givens(puzzle)


def two_by_two_givens(puzzle: Puzzle) -> None:
    """A 2x2 block of four givens of one colour can never be part of a solution: say where it is."""
    for r in range(puzzle.rows - 1):
        for c in range(puzzle.cols - 1):
            block = {puzzle.cells[r + i][c + j] for i in (0, 1) for j in (0, 1)}
            if len(block) == 1 and EMPTY not in block:
                colour, colour_ja = NAME[LETTER[block.pop()]]
                raise InvalidPuzzle(
                    f"The given circles at rows {r + 1}-{r + 2}, columns {c + 1}-{c + 2} form a 2x2 block of "
                    f"{colour}, which the rules forbid.",
                    f"{r + 1}-{r + 2} 行 {c + 1}-{c + 2} 列の与えられた丸が{colour_ja}の 2x2 になっていて、"
                    "ルール違反です。",
                    cells=((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)),
                )


def check(puzzle: Puzzle, solution: Any) -> list[Violation]:
    """Every rule the colouring breaks (empty list: a correct answer). Never raises."""
    grid, broken = _read(puzzle, solution)
    if grid is None:
        return broken
    rows, cols = puzzle.rows, puzzle.cols
    for r in range(rows):
        for c in range(cols):
            given = puzzle.cells[r][c]
            if given != EMPTY and LETTER.get(given) != grid[r][c]:
                want, want_ja = NAME[LETTER[given]]
                broken.append(Violation(
                    "given", f"Row {r + 1}, column {c + 1} has a given {want} circle but is coloured otherwise.",
                    ((r, c),), f"{r + 1} 行 {c + 1} 列は{want_ja}丸が与えられていますが、違う色になっています。"))
    for r in range(rows - 1):
        for c in range(cols - 1):
            block = {grid[r][c], grid[r][c + 1], grid[r + 1][c], grid[r + 1][c + 1]}
            if len(block) == 1:
                colour, colour_ja = NAME[block.pop()]
                broken.append(Violation(
                    "2x2", f"Rows {r + 1}-{r + 2}, columns {c + 1}-{c + 2} form a 2x2 block of {colour}.",
                    ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)),
                    f"{r + 1}-{r + 2} 行 {c + 1}-{c + 2} 列が{colour_ja}の 2x2 になっています。"))
    for letter in "WB":
        areas = _areas(grid, letter)
        if len(areas) > 1:
            colour, colour_ja = NAME[letter]
            small = min(areas, key=len)
            r, c = min(small)
            broken.append(Violation(
                "connected",
                f"The {colour} cells are split into {len(areas)} separate areas (one of them contains row {r + 1}, "
                f"column {c + 1}).",
                tuple(sorted(small)),
                f"{colour_ja}のマスが {len(areas)} つに分かれています({r + 1} 行 {c + 1} 列を含む部分など)。"))
    return broken


def _read(puzzle: Puzzle, solution: Any) -> tuple[list[str] | None, list[Violation]]:
    """The colour rows of a {"colors": [...]} answer, or a violation saying what is malformed."""
    rows, cols = puzzle.rows, puzzle.cols

    def bad(msg: str, msg_ja: str, cells: tuple[tuple[int, int], ...] = ()) -> tuple[None, list[Violation]]:
        return None, [Violation("format", msg, cells, msg_ja)]

    if not isinstance(solution, dict) or not isinstance(solution.get("colors"), list):
        return bad('A Yin-Yang answer is {"colors": [one string of W/B per row]}.',
                   'しろまるくろまるの答えは {"colors": [各行の W/B 文字列]} の形です。')
    lines = solution["colors"]
    if len(lines) != rows:
        return bad(f"The answer has {len(lines)} rows, the board has {rows}.",
                   f"答えは {len(lines)} 行ですが、盤面は {rows} 行です。")
    for r, line in enumerate(lines):
        if not isinstance(line, str) or len(line) != cols:
            n = len(line) if isinstance(line, str) else 0
            return bad(f"Row {r + 1} of the answer has {n} cells, the board has {cols} columns.",
                       f"答えの {r + 1} 行目は {n} マスですが、盤面は {cols} 列です。", ((r, 0),))
        for c, ch in enumerate(line):
            if ch not in "WB":
                return bad(f"Row {r + 1}, column {c + 1} of the answer is '{ch}': every cell must be W or B.",
                           f"答えの {r + 1} 行 {c + 1} 列が '{ch}' です。すべてのマスを W か B にしてください。",
                           ((r, c),))
    return list(lines), []


def _areas(grid: list[str], letter: str) -> list[set[tuple[int, int]]]:
    """The orthogonally connected areas of one colour."""
    rows, cols = len(grid), len(grid[0])
    seen: set[tuple[int, int]] = set()
    areas = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != letter or (r, c) in seen:
                continue
            area = {(r, c)}
            stack = [(r, c)]
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= ny < rows and 0 <= nx < cols and (ny, nx) not in seen and grid[ny][nx] == letter:
                        seen.add((ny, nx))
                        area.add((ny, nx))
                        stack.append((ny, nx))
            areas.append(area)
    return areas
