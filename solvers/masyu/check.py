"""Masyu rules in plain Python: is the board well-formed, and does a drawn loop obey every rule?

Rules (Nikoli): draw one closed loop through cell centres, orthogonally, never crossing or
branching, through every pearl (other cells optional). On a white pearl the loop goes straight
and turns in at least one of the two cells before/after it. On a black pearl the loop turns
and goes straight through both cells after it.

Written independently of :mod:`solvers.masyu.model`; it only shares the mask reading of
:mod:`solvers.gridgraph`.
"""

from __future__ import annotations

from typing import Any

from solvers.errors import InvalidPuzzle
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, mask_problems, parse_masks
from solvers.puzzle import BLACK, EMPTY, WHITE, Puzzle, check_rectangular
from solvers.verdict import Violation

HORIZONTAL = LEFT | RIGHT  # 10: straight left-right
VERTICAL = UP | DOWN  # 5: straight up-down
CORNERS = frozenset({UP | RIGHT, RIGHT | DOWN, DOWN | LEFT, LEFT | UP})
STEP = {UP: (-1, 0), RIGHT: (0, 1), DOWN: (1, 0), LEFT: (0, -1)}
MAX_VIOLATIONS = 50


def validate(puzzle: Puzzle) -> None:
    """Raise InvalidPuzzle unless the board is a rectangle of '.', 'W' and 'B'.

    A board without pearls is valid (its verdict is decided by the solver: on a 2x2 board the
    only loop is the square, larger boards have many loops, a 1xN board has none); pearls that
    make the puzzle impossible are a 'none' verdict, not an invalid board.
    """
    check_rectangular(puzzle)
    for r, row in enumerate(puzzle.cells):
        for c, v in enumerate(row):
            if v not in (EMPTY, WHITE, BLACK):
                raise InvalidPuzzle(
                    f"Row {r + 1}, column {c + 1} holds {v!r}; Masyu cells are empty, white or black pearls.",
                    f"{r + 1} 行 {c + 1} 列の値 {v!r} は使えません。ましゅのマスは空白・白丸・黒丸です。",
                    cells=((r, c),),
                )


def _at(r: int, c: int) -> tuple[str, str]:
    return f"row {r + 1}, column {c + 1}", f"{r + 1} 行 {c + 1} 列"


def check(puzzle: Puzzle, solution: Any) -> list[Violation]:
    """Every broken rule of ``solution`` ({"loop": [mask rows]}) on ``puzzle``; [] when correct."""
    rows, cols = puzzle.rows, puzzle.cols
    if not isinstance(solution, dict) or "loop" not in solution:
        return [Violation("format", "A Masyu solution must be {'loop': [rows of connection masks]}.",
                          message_ja="ましゅの解答は {'loop': [接続マスクの行]} の形にしてください。")]
    masks, problems = parse_masks(solution["loop"], rows, cols, "loop")
    if masks is not None:
        problems = mask_problems(masks)
    if problems or masks is None:
        return [Violation(p.rule, p.message, p.cells, p.message_ja) for p in problems[:MAX_VIOLATIONS]]

    out: list[Violation] = []

    def mask(r: int, c: int) -> int:
        return masks[r][c] if 0 <= r < rows and 0 <= c < cols else 0

    for r in range(rows):
        for c in range(cols):
            n = bin(masks[r][c]).count("1")
            at, at_ja = _at(r, c)
            if n == 1:
                out.append(Violation("dead-end", f"The loop stops at {at}.", ((r, c),),
                                     f"{at_ja} で線が途切れています。"))
            elif n > 2:
                out.append(Violation("branch", f"The loop branches or crosses at {at}.", ((r, c),),
                                     f"{at_ja} で線が分岐または交差しています。"))

    for r, c, v in puzzle.clues():
        m = masks[r][c]
        at, at_ja = _at(r, c)
        kind, kind_ja = ("white", "白丸") if v == WHITE else ("black", "黒丸")
        if m == 0:
            out.append(Violation("pearl-unvisited", f"The loop does not pass the {kind} pearl at {at}.",
                                 ((r, c),), f"{at_ja} の{kind_ja}を線が通っていません。"))
            continue
        if bin(m).count("1") != 2:
            continue  # already reported as a dead end / branch
        if v == WHITE:
            if m not in (HORIZONTAL, VERTICAL):
                out.append(Violation("white-straight", f"The loop must go straight through the white pearl at {at}.",
                                     ((r, c),), f"{at_ja} の白丸では線がまっすぐ通らなければなりません。"))
                continue
            a, b = (LEFT, RIGHT) if m == HORIZONTAL else (UP, DOWN)
            (ar, ac), (br, bc) = (r + STEP[a][0], c + STEP[a][1]), (r + STEP[b][0], c + STEP[b][1])
            if mask(ar, ac) == m and mask(br, bc) == m:
                out.append(Violation(
                    "white-turn",
                    f"The loop must turn in a cell next to the white pearl at {at}, but goes straight on both sides.",
                    ((r, c), (ar, ac), (br, bc)),
                    f"{at_ja} の白丸の前後どちらかのマスで線が曲がらなければなりません。"))
        else:
            if m not in CORNERS:
                out.append(Violation("black-turn", f"The loop must turn on the black pearl at {at}.", ((r, c),),
                                     f"{at_ja} の黒丸では線が直角に曲がらなければなりません。"))
                continue
            for bit in (UP, RIGHT, DOWN, LEFT):
                if not m & bit:
                    continue
                nr, nc = r + STEP[bit][0], c + STEP[bit][1]
                straight = VERTICAL if bit in (UP, DOWN) else HORIZONTAL
                if mask(nr, nc) != straight:
                    nat, nat_ja = _at(nr, nc)
                    out.append(Violation(
                        "black-straight",
                        f"After the black pearl at {at} the loop must go straight through {nat}.",
                        ((r, c), (nr, nc)),
                        f"{at_ja} の黒丸の隣 ({nat_ja}) では線が曲がらずに直進しなければなりません。"))

    comps = _components(masks)
    if not comps:
        out.append(Violation("no-loop", "No loop is drawn.", (), "ループが描かれていません。"))
    elif len(comps) > 1:
        firsts = tuple(comp[0] for comp in comps)
        out.append(Violation(
            "single-loop", f"The drawing has {len(comps)} separate pieces; Masyu needs exactly one loop.",
            firsts, f"線が {len(comps)} 個に分かれています。ループは 1 つでなければなりません。"))
    return out[:MAX_VIOLATIONS]


def _components(masks: list[list[int]]) -> list[list[tuple[int, int]]]:
    """Connected pieces of the drawing (cells with a non-zero mask, joined by their connections)."""
    rows, cols = len(masks), len(masks[0])
    seen = [[False] * cols for _ in range(rows)]
    comps = []
    for r0 in range(rows):
        for c0 in range(cols):
            if masks[r0][c0] == 0 or seen[r0][c0]:
                continue
            seen[r0][c0] = True
            stack, comp = [(r0, c0)], []
            while stack:
                r, c = stack.pop()
                comp.append((r, c))
                for bit, (dr, dc) in STEP.items():
                    nr, nc = r + dr, c + dc
                    if masks[r][c] & bit and 0 <= nr < rows and 0 <= nc < cols and not seen[nr][nc]:
                        seen[nr][nc] = True
                        stack.append((nr, nc))
            comps.append(comp)
    return comps
