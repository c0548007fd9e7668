"""Numberlink rules in plain Python: is the board well-formed, and do the drawn paths obey every rule?

Rules: join the two cells of each number by a path of orthogonal steps through cell centres;
paths never cross, branch or share a cell; a numbered cell is the end of exactly one path.
Nikoli rule (default): cells may stay empty, and lines that join no numbers (stray loops) are
not allowed. Flow rule (``puzzle.fill``): every cell is on a path.

Written independently of :mod:`solvers.numberlink.model`; it only shares the mask reading of
:mod:`solvers.gridgraph`.
"""

from __future__ import annotations

from typing import Any

from solvers.errors import InvalidPuzzle
from solvers.gridgraph import mask_problems, parse_masks
from solvers.puzzle import UNKNOWN, Puzzle, check_rectangular
from solvers.verdict import Violation

STEP = {1: (-1, 0), 2: (0, 1), 4: (1, 0), 8: (0, -1)}  # FORMATS.md mask bits: up, right, down, left
BACK = {1: 4, 2: 8, 4: 1, 8: 2}
MAX_VIOLATIONS = 50


def _at(cell: tuple[int, int]) -> tuple[str, str]:
    return f"row {cell[0] + 1}, column {cell[1] + 1}", f"{cell[0] + 1} 行 {cell[1] + 1} 列"


def _places(cells: list[tuple[int, int]]) -> tuple[str, str]:
    return "; ".join(_at(x)[0] for x in cells), "、".join(_at(x)[1] for x in cells)


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle unless every number appears exactly twice and there is no '?' clue."""
    check_rectangular(puzzle)
    where: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v == UNKNOWN:
                raise InvalidPuzzle(
                    f"Row {r + 1}, column {c + 1} holds a '?' clue; Numberlink boards with unknown numbers "
                    "are not supported.",
                    f"{r + 1} 行 {c + 1} 列に '?' があります。数字が不明なナンバーリンクには対応していません。",
                    cells=((r, c),),
                )
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise InvalidPuzzle(
                    f"Row {r + 1}, column {c + 1} holds {v!r}; Numberlink cells are empty or a positive number.",
                    f"{r + 1} 行 {c + 1} 列の値 {v!r} は使えません。マスは空白か正の数です。",
                    cells=((r, c),),
                )
            if v > 0:
                where.setdefault(v, []).append((r, c))
    if not where:
        raise InvalidPuzzle("The board has no numbers; Numberlink needs pairs of numbers to join.",
                            "盤面に数字がありません。ナンバーリンクには結ぶ数字のペアが必要です。")
    for v, cells in where.items():
        if len(cells) == 2:
            continue
        at, at_ja = _places(cells)
        if len(cells) == 1:
            msg = f"Number {v} appears once ({at}); Numberlink needs each number exactly twice."
            msg_ja = f"数字 {v} が 1 回しかありません ({at_ja})。ナンバーリンクでは各数字がちょうど 2 回必要です。"
        else:
            msg = f"Number {v} appears {len(cells)} times ({at}); Numberlink needs each number exactly twice."
            msg_ja = (f"数字 {v} が {len(cells)} 回あります ({at_ja})。"
                      "ナンバーリンクでは各数字がちょうど 2 回必要です。")
        raise InvalidPuzzle(msg, msg_ja, cells=tuple(cells))


def check(puzzle: Puzzle, solution: Any) -> list[Violation]:
    """Every broken rule of ``solution`` ({"links": [mask rows]}) on ``puzzle``; [] when correct."""
    rows, cols = puzzle.rows, puzzle.cols
    if not isinstance(solution, dict) or "links" not in solution:
        return [Violation("format", "A Numberlink solution must be {'links': [rows of connection masks]}.",
                          message_ja="ナンバーリンクの解答は {'links': [接続マスクの行]} の形にしてください。")]
    masks, problems = parse_masks(solution["links"], rows, cols, "links")
    if masks is not None:
        problems = mask_problems(masks)
    if problems or masks is None:
        return [Violation(p.rule, p.message, p.cells, p.message_ja) for p in problems[:MAX_VIOLATIONS]]

    grid = puzzle.cells
    out: list[Violation] = []
    for r in range(rows):
        for c in range(cols):
            n = bin(masks[r][c]).count("1")
            at, at_ja = _at((r, c))
            if grid[r][c] > 0:
                if n != 1:
                    out.append(Violation(
                        "endpoint", f"The number {grid[r][c]} at {at} must be the end of exactly one line "
                        f"(it has {n} connections).", ((r, c),),
                        f"{at_ja} の数字 {grid[r][c]} からはちょうど 1 本の線が出なければなりません (今は {n} 本)。"))
            elif n == 1:
                out.append(Violation("dead-end", f"A line stops at {at}, which holds no number.", ((r, c),),
                                     f"{at_ja} (数字なし) で線が途切れています。"))
            elif n > 2:
                out.append(Violation("branch", f"Lines branch or cross at {at}.", ((r, c),),
                                     f"{at_ja} で線が分岐または交差しています。"))
            elif n == 0 and puzzle.fill:
                out.append(Violation("fill", f"The cell at {at} is empty; under the Flow rule every cell is used.",
                                     ((r, c),), f"{at_ja} が空いています。フロールールでは全マスを使います。"))
    if any(v.rule != "fill" for v in out):
        return out[:MAX_VIOLATIONS]

    visited = [[False] * cols for _ in range(rows)]
    for r, c, v in puzzle.clues():
        if visited[r][c]:
            continue
        path = _trace(masks, (r, c))
        for pr, pc in path:
            visited[pr][pc] = True
        er, ec = path[-1]
        if grid[er][ec] != v:
            at, at_ja = _at((r, c))
            eat, eat_ja = _at((er, ec))
            out.append(Violation(
                "wrong-pair", f"The line from the {v} at {at} ends at the {grid[er][ec]} at {eat}.",
                ((r, c), (er, ec)), f"{at_ja} の {v} からの線が {eat_ja} の {grid[er][ec]} につながっています。"))
    for r in range(rows):
        for c in range(cols):
            if masks[r][c] and not visited[r][c]:
                loop = _trace(masks, (r, c))
                for pr, pc in loop:
                    visited[pr][pc] = True
                at, at_ja = _at((r, c))
                out.append(Violation(
                    "stray-loop", f"A closed loop through {at} joins no numbers.", tuple(loop[:1]),
                    f"{at_ja} を通る線は数字を結ばない閉じたループです。"))
    return out[:MAX_VIOLATIONS]


def _trace(masks: list[list[int]], start: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells met walking from ``start`` along the line (masks are consistent, degrees <= 2)
    until a cell with no way on or back at ``start`` (a loop)."""
    path = [start]
    came = 0  # the bit of the way we came in by
    r, c = start
    while True:
        ways = [b for b in STEP if masks[r][c] & b and b != came]
        if not ways or (len(path) > 1 and (r, c) == start):
            break
        bit = ways[0]
        r, c = r + STEP[bit][0], c + STEP[bit][1]
        came = BACK[bit]
        if (r, c) == start:
            break
        path.append((r, c))
    return path
