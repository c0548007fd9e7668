"""Reading a player's answer typed in chat as a grid of symbols (shared by the genres' answer.py).

A typed answer is one text line per board row. A row is read either as whitespace-separated
tokens (``1 ─ ─ 1``, ``6 10 12``) or, when it has no separators, one character per cell
(``┌──┐``, ``WBBW``). Code fences, blank lines, a leading ``/command`` word and emoji variation
selectors are ignored. Every error is a :class:`ParseError` naming the row/column (1-based).
"""

from __future__ import annotations

from typing import Any

from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.solution import ShadeSolution

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
STEPS = ((UP, -1, 0), (RIGHT, 0, 1), (DOWN, 1, 0), (LEFT, 0, -1))
OPPOSITE = {UP: DOWN, DOWN: UP, LEFT: RIGHT, RIGHT: LEFT}
DIRECTION_WORDS = {UP: "up", RIGHT: "right", DOWN: "down", LEFT: "left"}
FROM_WORDS = {UP: "from above", RIGHT: "from the right", DOWN: "from below", LEFT: "from the left"}

_IGNORED_CHARS = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200c\u200d\u2060"), None)

# Box-drawing characters (light, heavy, double, rounded) and ASCII straights -> connection masks.
LINE_CHARS: dict[str, int] = {}
for _chars, _mask in (
    ("─━═-", RIGHT | LEFT),
    ("│┃║|", UP | DOWN),
    ("┌┏╔╭", RIGHT | DOWN),
    ("┐┓╗╮", DOWN | LEFT),
    ("└┗╚╰", UP | RIGHT),
    ("┘┛╝╯", UP | LEFT),
    ("╴╸", LEFT),
    ("╵╹", UP),
    ("╶╺", RIGHT),
    ("╷╻", DOWN),
):
    for _ch in _chars:
        LINE_CHARS[_ch] = _mask
MASK_CHAR = {RIGHT | LEFT: "─", UP | DOWN: "│", RIGHT | DOWN: "┌", DOWN | LEFT: "┐", UP | RIGHT: "└",
             UP | LEFT: "┘", LEFT: "╴", UP: "╵", RIGHT: "╶", DOWN: "╷", 0: "·"}
EMPTY_TOKENS = frozenset({".", "·", "・", "_", "0", "x", "X", "×", "　", "＿"})


def where(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def where_ja(r: int, c: int) -> str:
    return f"{r + 1} 行 {c + 1} 列"


def answer_lines(text: str) -> list[str]:
    """The answer's non-blank lines, without code fences or a leading /command word."""
    if not isinstance(text, str):
        raise ParseError("answer-not-text")
    text = text.translate(_IGNORED_CHARS).replace("\r\n", "\n").replace("\r", "\n")
    lines: list[str] = []
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("```"):
            s = s[3:].strip()
            if s.endswith("```"):
                s = s[:-3].strip()
            if not s or s.isalpha():  # ``` or ```text
                continue
        elif s.endswith("```"):
            s = s[:-3].strip()
        if not lines and s.startswith("/"):  # "/answer ..." typed as part of the text
            s = s.split(maxsplit=1)[1] if len(s.split(maxsplit=1)) == 2 else ""
        if s:
            lines.append(s)
    if not lines:
        raise ParseError("answer-empty")
    return lines


def answer_cells(puzzle: Puzzle[Any], text: str) -> list[list[str]]:
    """Split the answer into ``puzzle.rows`` rows of ``puzzle.cols`` cell tokens."""
    lines = answer_lines(text)
    if len(lines) != puzzle.rows:
        raise ParseError("answer-row-count", got=len(lines), rows=puzzle.rows)
    grid = []
    for r, line in enumerate(lines):
        tokens = line.split()
        if len(tokens) != puzzle.cols:
            joined = "".join(tokens)
            if len(joined) == puzzle.cols:
                tokens = list(joined)
            else:
                n = len(tokens) if len(tokens) > 1 else len(joined)
                raise ParseError("answer-row-length", cells=((r, min(n, puzzle.cols) - 1),), row=r + 1, got=n,
                                 cols=puzzle.cols)
        grid.append(tokens)
    return grid


def shading_answer(puzzle: Puzzle[Any], text: str, code: str, shaded: frozenset[str], unshaded: frozenset[str],
                   *, digits_unshaded: bool = False) -> ShadeSolution:
    """A typed shading answer (``#``/``.`` and the genre's other symbols for each); ``digits_unshaded``:
    a clue's number left in its cell means "not shaded". A token of neither kind raises ParseError
    ``code`` naming the cell."""
    rows = []
    for r, row in enumerate(answer_cells(puzzle, text)):
        marks = []
        for c, tok in enumerate(row):
            if tok in shaded:
                marks.append("#")
            elif tok in unshaded or (digits_unshaded and tok.isdigit()):
                marks.append(".")
            else:
                raise ParseError(code, cells=((r, c),), cell=(r, c), token=tok)
        rows.append("".join(marks))
    return ShadeSolution(tuple(rows))


def _mask_token(tok: str) -> int | None:
    if tok.isdigit() and tok.isascii():
        return int(tok)
    return None


def line_masks(puzzle: Puzzle[Any], text: str, *, endpoints: bool) -> list[list[int]]:
    """Read a loop/path answer (box drawing or mask numbers) as a grid of connection masks.

    Any other symbol (a number, a letter, ``o``, ``*``...) marks a cell whose lines are taken from
    its neighbours' lines pointing into it; that is how a player writes a path's end number or a
    circle. With ``endpoints`` (path genres), two adjacent marked clue cells with the same number
    and no other line are joined to each other.
    """
    cells = answer_cells(puzzle, text)
    if all(_mask_token(t) is not None for row in cells for t in row) and any(len(row) > 0 for row in cells):
        masks = [[int(t) for t in row] for row in cells]
    else:
        masks = []
        markers: list[tuple[int, int]] = []
        for r, row in enumerate(cells):
            out = []
            for c, tok in enumerate(row):
                if tok in EMPTY_TOKENS:
                    out.append(0)
                elif len(tok) == 1 and tok in LINE_CHARS:
                    out.append(LINE_CHARS[tok])
                elif any(ch in LINE_CHARS and ch not in "-|" for ch in tok):
                    raise ParseError("answer-line-symbol", cells=((r, c),), cell=(r, c), token=tok)
                else:
                    out.append(0)
                    markers.append((r, c))
            masks.append(out)
        _infer_markers(puzzle, masks, markers, endpoints)
    _check_consistent(puzzle, masks)
    return masks


def _infer_markers(puzzle: Puzzle[Any], masks: list[list[int]], markers: list[tuple[int, int]],
                   endpoints: bool) -> None:
    marked = set(markers)
    for r, c in markers:
        m = 0
        for bit, dr, dc in STEPS:
            rr, cc = r + dr, c + dc
            if 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols and (rr, cc) not in marked \
                    and masks[rr][cc] & OPPOSITE[bit]:
                m |= bit
        masks[r][c] = m
    if endpoints:
        for r, c in markers:
            v = puzzle.cells[r][c]
            if masks[r][c] or v <= 0:
                continue
            for bit, dr, dc in STEPS:
                rr, cc = r + dr, c + dc
                if (rr, cc) in marked and 0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols \
                        and puzzle.cells[rr][cc] == v and masks[rr][cc] in (0, OPPOSITE[bit]):
                    masks[r][c], masks[rr][cc] = bit, OPPOSITE[bit]
                    break


def _check_consistent(puzzle: Puzzle[Any], masks: list[list[int]]) -> None:
    """Every line must leave one cell and enter its neighbour; none may leave the board."""
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            m = masks[r][c]
            if not 0 <= m <= 15:
                raise ParseError("answer-bad-mask", cells=((r, c),), cell=(r, c), mask=m)
            for bit, dr, dc in STEPS:
                if not m & bit:
                    continue
                rr, cc = r + dr, c + dc
                if not (0 <= rr < puzzle.rows and 0 <= cc < puzzle.cols):
                    raise ParseError("answer-off-board", cells=((r, c),), cell=(r, c), dir=DIRECTION_WORDS[bit])
                if not masks[rr][cc] & OPPOSITE[bit]:
                    raise ParseError("answer-not-joined", cells=((r, c), (rr, cc)), cell=(r, c),
                                     dir=DIRECTION_WORDS[bit], other_cell=(rr, cc), back=FROM_WORDS[OPPOSITE[bit]])


def masks_to_rows(masks: list[list[int]]) -> list[str]:
    """FORMATS.md mask rows: integers separated by single spaces."""
    return [" ".join(str(m) for m in row) for row in masks]


def draw_lines(masks_rows: list[str]) -> str:
    """A FORMATS.md mask grid as box-drawing text (the notation players type)."""
    out = []
    for row in masks_rows:
        out.append("".join(MASK_CHAR.get(int(t), "?") for t in row.split()))
    return "\n".join(out)
