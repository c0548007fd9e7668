"""The LITS tetrominoes and every placement of one inside a region.

A placement is four cells of one region forming an L, I, T or S (the 2x2 square is never one).
The fixed orientations come from rotating and mirroring one base drawing of each shape.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Cell = tuple[int, int]
SHAPES = "LITS"
OUTSIDE = 0  # region label of a cell in no region (region labels are positive)
_BASE = {
    "L": ((0, 0), (1, 0), (2, 0), (2, 1)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "T": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "S": ((0, 1), (0, 2), (1, 0), (1, 1)),
}


def _normal(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return tuple(sorted((r - top, c - left) for r, c in cells))


def orientations(shape: str) -> list[tuple[Cell, ...]]:
    """The distinct fixed orientations of a shape, each normalised to its top-left corner."""
    out: list[tuple[Cell, ...]] = []
    cells = list(_BASE[shape])
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]  # a quarter turn
        for form in (cells, [(r, -c) for r, c in cells]):  # and its mirror image
            norm = _normal(form)
            if norm not in out:
                out.append(norm)
    return out


ORIENTATIONS: tuple[tuple[int, tuple[Cell, ...]], ...] = tuple(
    (k, form) for k, shape in enumerate(SHAPES) for form in orientations(shape))


@dataclass(frozen=True)
class Placement:
    """One tetromino in one region: its region index, cells (flat indices, sorted) and shape index."""

    region: int
    cells: tuple[int, ...]
    shape: int


def placements(regions: Sequence[Sequence[int]]) -> tuple[list[int], list[list[int]], list[Placement]]:
    """(region index per flat cell, cells per region, every placement), regions indexed 0.. in reading order.

    A cell labelled OUTSIDE belongs to no region (index -1) and is never shaded: the generator's
    half-built boards, whose unshaded cells join rooms one at a time.
    """
    rows, cols = len(regions), len(regions[0])
    index: dict[int, int] = {}
    owner: list[int] = []
    members: list[list[int]] = []
    for r in range(rows):
        for c in range(cols):
            if regions[r][c] == OUTSIDE:
                owner.append(-1)
                continue
            k = index.setdefault(regions[r][c], len(index))
            if k == len(members):
                members.append([])
            owner.append(k)
            members[k].append(r * cols + c)
    out: list[Placement] = []
    # each orientation as (shape, height, width, row of its first cell, column of it, flat offsets)
    forms = [(shape, max(r for r, _ in form) + 1, max(c for _, c in form) + 1, form[0][0], form[0][1],
              tuple(r * cols + c for r, c in form)) for shape, form in ORIENTATIONS]
    for k, cells in enumerate(members):
        for anchor in cells:  # the placement's first cell in reading order: each placement once
            ar, ac = divmod(anchor, cols)
            for shape, h, w, dr, dc, offsets in forms:
                top, left = ar - dr, ac - dc
                if top < 0 or left < 0 or top + h > rows or left + w > cols:
                    continue
                base = top * cols + left
                spots = tuple(base + o for o in offsets)
                if all(owner[i] == k for i in spots):
                    out.append(Placement(k, spots, shape))
    return owner, members, out
