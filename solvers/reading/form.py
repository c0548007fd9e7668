"""The givens' form per genre (what reading itself checks), plus the genre's own ``validate``.

Reading checks what a board needs to be a puzzle at all: Numberlink numbers in pairs, Shikaku
numbers positive, no larger than the board, adding up to its area. The genre's ``check.validate``
(the engine's rules) runs afterwards when that module exists; its InvalidPuzzle becomes a ParseError.
"""

from __future__ import annotations

import logging
from collections import Counter

from solvers.errors import ParseError, PuzzleError
from solvers.puzzle import UNKNOWN, Puzzle

log = logging.getLogger(__name__)


def _where(cells: list[tuple[int, int]]) -> str:
    return ", ".join(f"row {r + 1} column {c + 1}" for r, c in cells[:4]) + (" …" if len(cells) > 4 else "")


def _where_ja(cells: list[tuple[int, int]]) -> str:
    return "、".join(f"{r + 1} 行 {c + 1} 列" for r, c in cells[:4]) + (" …" if len(cells) > 4 else "")


def numberlink_problem(cells: tuple[tuple[int, ...], ...]) -> ParseError | None:
    """Why these givens are not Numberlink pairs, or None when every number appears exactly twice."""
    where: dict[int, list[tuple[int, int]]] = {}
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v > 0:
                where.setdefault(v, []).append((r, c))
    if not where:
        return ParseError(
            "There are no numbers on the board; Numberlink needs pairs of equal numbers.",
            "盤面に数字がありません。ナンバーリンクには同じ数字のペアが必要です。",
        )
    for v, spots in where.items():
        if len(spots) != 2:
            times = "once" if len(spots) == 1 else f"{len(spots)} times"
            return ParseError(
                f"Number {v} appears {times} ({_where(spots)}); Numberlink needs each number exactly twice.",
                f"数字 {v} が {len(spots)} 回出てきます ({_where_ja(spots)})。"
                "ナンバーリンクでは各数字がちょうど 2 回必要です。",
                cells=tuple(spots),
            )
    return None


def shikaku_problem(cells: tuple[tuple[int, ...], ...]) -> ParseError | None:
    """Why these givens cannot be a Shikaku, or None."""
    rows, cols = len(cells), len(cells[0])
    area = rows * cols
    total = 0
    unknown = 0
    clues = 0
    for r, row in enumerate(cells):
        for c, v in enumerate(row):
            if v == UNKNOWN:
                unknown += 1
            elif v > 0:
                clues += 1
                total += v
                if v > area:
                    return ParseError(
                        f"The number {v} at row {r + 1}, column {c + 1} is larger than the board ({area} cells).",
                        f"{r + 1} 行 {c + 1} 列の数字 {v} は盤面のマス数 ({area}) より大きいです。",
                        cells=((r, c),),
                    )
    if clues + unknown == 0:
        return ParseError(
            "There are no numbers on the board; Shikaku needs one number per rectangle.",
            "盤面に数字がありません。四角に切れでは長方形ごとに数字が 1 つ必要です。",
        )
    if unknown == 0 and total != area:
        return ParseError(
            f"The numbers add up to {total}, but the board has {area} cells; "
            "in Shikaku they must add up to the board's area.",
            f"数字の合計は {total} ですが、盤面は {area} マスです。四角に切れでは合計が盤面のマス数と等しくなります。",
        )
    if unknown and total + unknown > area:
        return ParseError(
            f"The numbers add up to {total} (plus {unknown} '?'), more than the board's {area} cells.",
            f"数字の合計 {total} (と '?' {unknown} 個) が盤面のマス数 {area} を超えています。",
        )
    return None


def check_form(puzzle: Puzzle) -> None:
    """Raise ParseError when the givens cannot be the genre at all (its form_problem, then its validate)."""
    from solvers.registry import get_genre

    g = get_genre(puzzle.genre)
    problem = g.form_problem(puzzle)
    if problem is not None:
        raise ParseError(problem.code, cells=problem.cells, **problem.params)
    try:
        g.validate(puzzle)
    except ParseError:
        raise
    except PuzzleError as e:
        raise ParseError(e.code, cells=e.cells, **e.params) from e


def counts(cells: tuple[tuple[int, ...], ...]) -> Counter[int]:
    return Counter(v for row in cells for v in row if v > 0)
