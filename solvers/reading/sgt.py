"""Simon Tatham's Puzzles game IDs: Pearl ``5x5:BcBiBaBaWaBd`` (circles) and Rect ``5x5:e2_2_2a4`` (numbers).

The part after ``WxH:`` lists the cells row by row: ``B``/``W`` a black/white pearl, a number a
Rect clue (``_`` separates two adjacent numbers), and a lower-case letter a run of 1 (``a``) to
26 (``z``) empty cells. Random-seed IDs (``5x5de#123``) need sgt's generator and are not read.
"""

from __future__ import annotations

import re

from solvers.errors import ParseError

GAME_ID_RE = re.compile(r"(\d{1,4})x(\d{1,4}):([A-Za-z0-9_]+)")
RANDOM_SEED_RE = re.compile(r"\d{1,4}x\d{1,4}[A-Za-z0-9]*#\S+")  # sgt's "Random Seed" form: parameters, '#', seed


def find_game_id(lines: list[str]) -> re.Match[str] | None:
    """The game ID when one of (at most three) lines is nothing but an sgt game ID.

    A random-seed ID alone is refused by name: read as a board it only drew a puzzling "mixes
    symbols" message about its first character.
    """
    if len(lines) > 3:
        return None
    for line in lines:
        m = GAME_ID_RE.fullmatch(line.strip())
        if m:
            return m
    if any(RANDOM_SEED_RE.fullmatch(line.strip()) for line in lines):
        raise ParseError("game-id-random-seed")
    return None


GAME_NAMES = {"circles": "Pearl", "numbers": "Rect"}  # Tatham's game of each kind (genres list it as an alias)


def decode_game_id(m: re.Match[str]) -> tuple[str, list[list[int]]]:
    """("circles" or "numbers", rows of cell values) for a matched game ID; ParseError if malformed."""
    cols, rows, body = int(m.group(1)), int(m.group(2)), m.group(3)
    kind = "numbers" if any(ch.isdigit() for ch in body) else "circles"
    cells: list[int] = []
    limit = rows * cols
    i = 0
    while i < len(body) and len(cells) <= limit:
        ch = body[i]
        if "a" <= ch <= "z":
            cells += [0] * (ord(ch) - ord("a") + 1)
            i += 1
        elif kind == "circles" and ch in "BW":
            cells.append(2 if ch == "B" else 1)
            i += 1
        elif kind == "numbers" and ch.isdigit():
            j = i
            while j < len(body) and body[j].isdigit() and j - i < 6:
                j += 1
            cells.append(int(body[i:j]))
            i = j
        elif kind == "numbers" and ch == "_":
            i += 1
        else:
            raise ParseError("game-id-bad-char", char=ch, position=i + 1)
    if len(cells) != limit:
        raise ParseError("game-id-bad-count", got=len(cells) if len(cells) <= limit else f"> {limit}",
                         size=f"{cols}x{rows}", cells_count=limit)
    return kind, [cells[r * cols : (r + 1) * cols] for r in range(rows)]
