"""How few shaded cells can wall in an island: a bound for the shape enumeration.

Every cell beside a finished island is shaded, and the shaded cells are one connected sea. If
the island spans rows ``r0..r1``, the sea holds a cell in row ``r0 - 1`` (unless ``r0`` is the top
row: the cell above the island's topmost cell), one in row ``r1 + 1`` likewise, and, when the
island cannot span the whole width, one in every row between (beside the row's leftmost or
rightmost island cell, or in a gap). Columns alike. A connected set spanning ``h`` rows and ``w``
columns has at least ``h + w - 1`` cells. So an island of ``n`` cells whose bounding box must
contain a partial shape's box needs a sea at least the least such bound over the boxes of area
``>= n`` around it: islands away from the edges need long walls, a big island with a small sea
must sit in a corner (the sea's known cells widen the span too).
"""

from __future__ import annotations

from dataclasses import dataclass, field

Box = tuple[int, int, int, int]  # top row, bottom row, left column, right column
FAR = 1 << 30


def _spans(lo: int, hi: int, length: int, grow: int, inside: bool, known: tuple[int, int] | None) -> dict[int, int]:
    """Along one axis: for each extent of the island (``lo..hi`` grown by at most ``grow`` cells),
    the least extent of the sea. ``inside``: the sea has a cell at every line the island spans."""
    best: dict[int, int] = {}
    for a in range(max(0, lo - grow), lo + 1):
        for b in range(hi, min(length - 1, hi + grow - (lo - a)) + 1):
            marks = [] if known is None else list(known)
            if a > 0:
                marks.append(a - 1)
            if b < length - 1:
                marks.append(b + 1)
            if inside:
                marks += [a, b]
            ext = max(marks) - min(marks) + 1 if marks else 0
            h = b - a + 1
            if ext < best.get(h, FAR):
                best[h] = ext
    return best


@dataclass
class Wall:
    """The sea's size and known extent on a ``rows`` x ``cols`` board; :meth:`least` per island box."""

    rows: int
    cols: int
    sea: int  # shaded cells in the answer
    known_rows: tuple[int, int] | None = None  # the rows and columns of the known shaded cells
    known_cols: tuple[int, int] | None = None
    _cache: dict[tuple[Box, int, int, int, Box | None], int] = field(default_factory=dict)

    def least(self, box: Box, size: int, grow: int, lost: int = 0, sea_box: Box | None = None) -> int:
        """The fewest shaded cells with which an island of ``size`` cells, ``grow`` of them still to
        add to a shape with bounding box ``box``, is walled in. ``lost``: cells of ``box`` the
        island cannot take (its box must hold ``size + lost`` cells); ``sea_box``: cells known to
        be shaded span at least these rows and columns."""
        key = (box, size, grow, lost, sea_box)
        got = self._cache.get(key)
        if got is None:
            r0, r1, c0, c1 = box
            known_rows, known_cols = self.known_rows, self.known_cols
            if sea_box is not None:
                known_rows = _union(known_rows, sea_box[0], sea_box[1])
                known_cols = _union(known_cols, sea_box[2], sea_box[3])
            rows = _spans(r0, r1, self.rows, grow, size < self.cols, known_rows)
            cols = _spans(c0, c1, self.cols, grow, size < self.rows, known_cols)
            # cheapest column extent for each least width
            suffix: list[tuple[int, int]] = []  # (width, least sea extent over widths >= it)
            low = FAR
            for w, ext in sorted(cols.items(), reverse=True):
                low = min(low, ext)
                suffix.append((w, low))
            got = FAR
            for h, ext in rows.items():
                need = -(-(size + lost) // h)
                fit = [e for w, e in suffix if w >= need]
                if fit:
                    got = min(got, ext + fit[-1] - 1)
            got = max(got, 0)
            self._cache[key] = got
        return got

    def allows(self, box: Box, size: int, grow: int, shaded: list[int]) -> bool:
        """Whether the sea can wall in the island grown from ``box``, with the cells ``shaded``
        (left out of the shape beside it) shaded."""
        lost = 0
        sea_box: Box | None = None
        if shaded:
            rc = [divmod(i, self.cols) for i in shaded]
            rs = [r for r, _ in rc]
            cs = [c for _, c in rc]
            sea_box = (min(rs), max(rs), min(cs), max(cs))
            lost = sum(box[0] <= r <= box[1] and box[2] <= c <= box[3] for r, c in rc)
        return self.least(box, size, grow, lost, sea_box) <= self.sea

    def bites(self) -> bool:
        """Whether the bound can ever exceed the sea (a connected set spans at most all rows and columns)."""
        return self.sea < self.rows + self.cols - 1


def _union(span: tuple[int, int] | None, lo: int, hi: int) -> tuple[int, int]:
    return (lo, hi) if span is None else (min(span[0], lo), max(span[1], hi))
