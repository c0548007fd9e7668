"""Shikaku rules in plain Python: the givens' form and the independent answer checker.

The rules as the bot applies them: cut the whole board into rectangles (squares included) that
do not overlap; each rectangle holds exactly one number, equal to its area in cells. A ``?``
clue (UNKNOWN) is a number whose value is not shown: its rectangle may have any area.

No CP-SAT here: this module is written independently of :mod:`solvers.shikaku.model`.
"""

from __future__ import annotations

from typing import Any

from solvers.errors import InvalidPuzzle
from solvers.puzzle import EMPTY, UNKNOWN, Puzzle, check_rectangular
from solvers.verdict import Violation


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle when the numbers cannot tile the board: wrong total, a number with no room."""
    check_rectangular(puzzle)
    rows, cols = puzzle.rows, puzzle.cols
    area = rows * cols
    clues = puzzle.clues()
    for r, c, v in clues:
        if v != UNKNOWN and v < 1:
            raise InvalidPuzzle(
                f"Row {r + 1}, column {c + 1} holds {v}: Shikaku numbers are positive (or '?').",
                f"{r + 1} 行 {c + 1} 列の {v} は使えません。四角に切れの数字は正の数か '?' です。",
                cells=((r, c),),
            )
    if not clues:
        raise InvalidPuzzle("The board has no numbers: every Shikaku rectangle needs one.",
                            "盤面に数字がありません。四角に切れの長方形にはそれぞれ数字が一つ必要です。")
    known = sum(v for _, _, v in clues if v != UNKNOWN)
    unknown = sum(1 for _, _, v in clues if v == UNKNOWN)
    if unknown == 0 and known != area:
        raise InvalidPuzzle(
            f"The numbers add up to {known}, but the board has {rows}x{cols} = {area} cells; "
            "in Shikaku they must be equal.",
            f"数字の合計は {known} ですが、盤面は {rows}x{cols} = {area} マスです。四角に切れでは一致が必要です。",
        )
    if unknown and known + unknown > area:
        raise InvalidPuzzle(
            f"The numbers add up to {known} and the {unknown} '?' need at least one cell each, "
            f"but the board has only {area} cells.",
            f"数字の合計 {known} と '?' {unknown} 個(各 1 マス以上)が、盤面の {area} マスに収まりません。",
        )
    count = _clue_counter(puzzle)
    for r, c, v in clues:
        if v != UNKNOWN and not _has_room(r, c, v, rows, cols, count):
            raise InvalidPuzzle(
                f"The {v} at row {r + 1}, column {c + 1} fits no rectangle: every {v}-cell rectangle through it "
                "leaves the board or covers another number.",
                f"{r + 1} 行 {c + 1} 列の {v} を含む面積 {v} の長方形は、どれも盤面からはみ出すか他の数字を含みます。",
                cells=((r, c),),
            )


def _clue_counter(puzzle: Puzzle):
    """count(top, left, h, w): how many clues a rectangle holds (2-D prefix sums)."""
    rows, cols = puzzle.rows, puzzle.cols
    pre = [[0] * (cols + 1) for _ in range(rows + 1)]
    for r in range(rows):
        for c in range(cols):
            pre[r + 1][c + 1] = pre[r][c + 1] + pre[r + 1][c] - pre[r][c] + (puzzle.cells[r][c] != EMPTY)

    def count(top: int, left: int, h: int, w: int) -> int:
        return pre[top + h][left + w] - pre[top][left + w] - pre[top + h][left] + pre[top][left]

    return count


def _has_room(r: int, c: int, v: int, rows: int, cols: int, count) -> bool:
    for h in range(1, min(v, rows) + 1):
        if v % h or v // h > cols:
            continue
        w = v // h
        for top in range(max(0, r - h + 1), min(r, rows - h) + 1):
            for left in range(max(0, c - w + 1), min(c, cols - w) + 1):
                if count(top, left, h, w) == 1:
                    return True
    return False


def check(puzzle: Puzzle, solution: Any) -> list[Violation]:
    """Every rule the answer breaks (empty list: a correct answer). Never raises."""
    rects, broken = _read(puzzle, solution)
    if rects is None:
        return broken
    rows, cols = puzzle.rows, puzzle.cols
    owner: list[list[int]] = [[-1] * cols for _ in range(rows)]
    for k, (top, left, h, w) in enumerate(rects):
        clues = []
        for r in range(top, top + h):
            for c in range(left, left + w):
                if owner[r][c] >= 0:
                    o = rects[owner[r][c]]
                    broken.append(Violation(
                        "overlap", f"Row {r + 1}, column {c + 1} is inside two rectangles "
                        f"({_name(o)} and {_name((top, left, h, w))}).", ((r, c),),
                        f"{r + 1} 行 {c + 1} 列が二つの長方形に含まれています。"))
                    return broken
                owner[r][c] = k
                if puzzle.cells[r][c] != EMPTY:
                    clues.append((r, c, puzzle.cells[r][c]))
        corners = ((top, left), (top + h - 1, left + w - 1))
        if len(clues) != 1:
            broken.append(Violation(
                "one-number", f"The rectangle {_name((top, left, h, w))} holds {len(clues)} numbers; "
                "each rectangle must hold exactly one.", tuple((r, c) for r, c, _ in clues) or corners,
                f"長方形 {_name((top, left, h, w))} に数字が {len(clues)} 個あります。ちょうど一つにしてください。"))
        elif clues[0][2] != UNKNOWN and clues[0][2] != h * w:
            r, c, v = clues[0]
            broken.append(Violation(
                "area", f"The {v} at row {r + 1}, column {c + 1} is in a rectangle of {h * w} cells "
                f"({_name((top, left, h, w))}).", ((r, c),),
                f"{r + 1} 行 {c + 1} 列の {v} の長方形が {h * w} マスになっています。"))
    empty = [(r, c) for r in range(rows) for c in range(cols) if owner[r][c] < 0]
    if empty:
        r, c = empty[0]
        broken.append(Violation(
            "tiling", f"{len(empty)} cell(s) are in no rectangle, e.g. row {r + 1}, column {c + 1}.",
            tuple(empty), f"どの長方形にも入っていないマスが {len(empty)} 個あります({r + 1} 行 {c + 1} 列など)。"))
    return broken


def _name(rect: tuple[int, int, int, int] | list[int]) -> str:
    top, left, h, w = rect
    return f"rows {top + 1}-{top + h}, columns {left + 1}-{left + w}"


def _read(puzzle: Puzzle, solution: Any) -> tuple[list[tuple[int, int, int, int]] | None, list[Violation]]:
    """The rectangles of a {"rects": [[top, left, height, width], ...]} answer, or why it is malformed."""

    def bad(msg: str, msg_ja: str) -> tuple[None, list[Violation]]:
        return None, [Violation("format", msg, (), msg_ja)]

    if not isinstance(solution, dict) or not isinstance(solution.get("rects"), list):
        return bad('A Shikaku answer is {"rects": [[top, left, height, width], ...]} (0-based).',
                   '四角に切れの答えは {"rects": [[上, 左, 高さ, 幅], ...]}(0 始まり)の形です。')
    rects = []
    for n, rect in enumerate(solution["rects"], 1):
        if (not isinstance(rect, list | tuple) or len(rect) != 4
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in rect)):
            return bad(f"Rectangle {n} of the answer is not four whole numbers [top, left, height, width].",
                       f"答えの {n} 番目の長方形が [上, 左, 高さ, 幅] の四つの整数になっていません。")
        top, left, h, w = rect
        if h < 1 or w < 1 or top < 0 or left < 0 or top + h > puzzle.rows or left + w > puzzle.cols:
            return bad(f"Rectangle {n} of the answer, {list(rect)}, does not lie inside the "
                       f"{puzzle.rows}x{puzzle.cols} board.",
                       f"答えの {n} 番目の長方形 {list(rect)} が {puzzle.rows}x{puzzle.cols} の盤面に"
                       "収まっていません。")
        rects.append((top, left, h, w))
    return rects, []
