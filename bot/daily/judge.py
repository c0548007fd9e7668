"""Judging a player's typed answer and giving hints (pure functions, no database, no chat)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from solvers.answer_grid import MASK_CHAR, where, where_ja
from solvers.errors import PuzzleError
from solvers.puzzle import Puzzle
from solvers.registry import get_genre

DIRS_EN = {1: "up", 2: "right", 4: "down", 8: "left"}
DIRS_JA = {1: "上", 2: "右", 4: "下", 8: "左"}


@dataclass(frozen=True)
class Judgement:
    """``right``, ``wrong`` (a rule is broken: which and where) or ``unreadable`` (the text is not an answer)."""

    verdict: str
    message: str = ""
    message_ja: str = ""
    cells: tuple[tuple[int, int], ...] = ()

    def text(self, lang: str) -> str:
        return self.message_ja if lang == "ja" and self.message_ja else self.message


def judge_answer(puzzle: Puzzle, text: str) -> Judgement:
    """Read ``text`` as an answer to ``puzzle`` and check it against the genre's rules.

    Right iff the genre's independent checker finds no broken rule: the daily puzzles are proven
    unique, so a rule-valid answer is the solution. The message names the first broken rule and
    where, never the solution itself.
    """
    genre = get_genre(puzzle.genre)
    try:
        solution = genre.parse_answer(puzzle, text)
    except PuzzleError as e:
        return Judgement("unreadable", e.message, e.message_ja, e.cells)
    broken = genre.check(puzzle, solution)
    if not broken:
        return Judgement("right")
    v = broken[0]
    return Judgement("wrong", v.message, v.message_ja or v.message, tuple(v.cells))


@dataclass(frozen=True)
class Hint:
    number: int  # 1-based
    total: int  # how many hints the puzzle has
    en: str
    ja: str
    cells: tuple[tuple[int, int], ...]

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


def _order(puzzle: Puzzle, items: list[Any]) -> list[Any]:
    """The same hint order for everyone: shuffled by the puzzle itself."""
    random.Random(puzzle.key()).shuffle(items)
    return items


def hints(puzzle: Puzzle, solution: dict[str, Any]) -> list[Hint]:
    """Every hint the puzzle has, in the order they are revealed (one cell or one rectangle each)."""
    out: list[tuple[str, str, tuple[tuple[int, int], ...]]] = []
    if puzzle.genre in ("masyu", "numberlink"):
        key = "loop" if puzzle.genre == "masyu" else "links"
        masks = [[int(t) for t in row.split()] for row in solution[key]]
        for r, c in _order(puzzle, [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if masks[r][c]]):
            m = masks[r][c]
            en = " and ".join(DIRS_EN[b] for b in (1, 2, 4, 8) if m & b)
            ja = "と".join(DIRS_JA[b] for b in (1, 2, 4, 8) if m & b)
            what = "line" if puzzle.genre == "masyu" else "path"
            out.append((f"{where(r, c).capitalize()} is {MASK_CHAR[m]}: the {what} goes {en}.",
                        f"{where_ja(r, c)} は {MASK_CHAR[m]}（{ja}へ線）です。", ((r, c),)))
    elif puzzle.genre == "yinyang":
        colors = solution["colors"]
        free = [(r, c) for r in range(puzzle.rows) for c in range(puzzle.cols) if puzzle.cells[r][c] == 0]
        for r, c in _order(puzzle, free):
            black = colors[r][c] == "B"
            out.append((f"{where(r, c).capitalize()} is {'black ●' if black else 'white ○'}.",
                        f"{where_ja(r, c)} は{'黒 ●' if black else '白 ○'}です。", ((r, c),)))
    elif puzzle.genre == "shikaku":
        for top, left, h, w in _order(puzzle, [list(x) for x in solution["rects"]]):
            clue = next(((r, c) for r in range(top, top + h) for c in range(left, left + w)
                         if puzzle.cells[r][c] != 0), (top, left))
            rows_en = f"row {top + 1}" if h == 1 else f"rows {top + 1}-{top + h}"
            cols_en = f"column {left + 1}" if w == 1 else f"columns {left + 1}-{left + w}"
            rows_ja = f"{top + 1} 行" if h == 1 else f"{top + 1}〜{top + h} 行"
            cols_ja = f"{left + 1} 列" if w == 1 else f"{left + 1}〜{left + w} 列"
            n = puzzle.cells[clue[0]][clue[1]]
            out.append((f"The {n} at {where(*clue)} is the {h}×{w} rectangle covering {rows_en}, {cols_en}.",
                        f"{where_ja(*clue)} の {n} は {rows_ja}・{cols_ja} の {h}×{w} の長方形です。",
                        tuple((r, c) for r in range(top, top + h) for c in range(left, left + w))))
    total = len(out)
    return [Hint(i + 1, total, en, ja, cells) for i, (en, ja, cells) in enumerate(out)]
