"""Star Battle deductions as human solvers make them, on bitboards (Python ints, one bit a cell).

A board is *lines* that each hold an exact number of stars (rows, columns, regions, and with two
or more stars a line the pairs of neighbouring rows and columns), plus "no two stars touch"
(a star bans its eight neighbours). Propagation, to a fixed point:

- counting: a full line bans its other cells; a line with only as many open cells as it needs
  takes them all;
- 2x2 blocks: no 2x2 block holds two stars, so the fewest blocks covering a line's open cells
  bound its stars; a line short of that bound is a dead end, a line that needs exactly that many
  has a star in every block, and a block with one open cell is a star;
- trials: when a line needs a star in every block, an open cell whose star would ban a whole
  block of it (the cell sees every open cell of the block) is banned;
- confinement (the pigeonhole argument): regions lying wholly inside a band of rows (columns)
  hold stars the band needs, so when they need all of them the band's other cells are banned;
  when the regions reaching into a band need no more than the band, their cells outside it are
  banned.

The rules come in :class:`Level` s (a human solver's repertoire, easiest first): the grade of a
board is the lowest level whose rules settle it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from solvers.starbattle.board import Regions, cells_by_region


class Level(IntEnum):
    """Which rules propagation uses; each level adds to the one before."""

    COUNTING = 0  # full lines, lines with no room to spare, touching
    BLOCKS = 1  # 2x2 block covers and trials, each row, column and region on its own
    BANDS = 2  # pairs of rows and columns, and confinement across bands


ROW, COLUMN, AREA, ROW_PAIR = range(4)  # how a line's 2x2 block cover is counted
TRIAL_SLACK = 0  # lines whose cover exceeds their need by at most this are tried block by block
BAND_MIN_CHANGE = 3  # a search step that moves fewer cells than this skips the bands (see propagate)


@dataclass(frozen=True)
class Band:
    """A band of rows or columns the pigeonhole argument found a dead end on (see dead_end)."""

    axis: int  # 0: rows, 1: columns
    lo: int
    hi: int
    need: int  # the stars the band still takes
    got: int  # crowded: the stars the regions wholly inside still need (above ``need``); else the
    # stars the regions reaching into the band still have to place (below ``need``)
    crowded: bool


@dataclass(frozen=True)
class Grid:
    """The masks every board of one size shares (cell ``i`` is bit ``i``, row by row)."""

    rows: int
    cols: int
    rows_mask: list[int]
    cols_mask: list[int]
    closed: list[int]  # each cell with its eight neighbours
    nb: list[int]  # the eight neighbours alone
    block_right: list[int]  # the 2x2 block a cell is the top left of (top right at the last column)
    block_left: list[int]  # the 2x2 block a cell is the top right of (top left at the first column)
    row_bands: list[list[int]]  # [lo][hi]: rows lo..hi
    col_bands: list[list[int]]


@lru_cache(maxsize=32)
def grid_of(n: int, w: int) -> Grid:
    """The shared masks of an n x w board."""
    row_bits = (1 << w) - 1
    rows = [row_bits << (r * w) for r in range(n)]
    cols = [sum(1 << (r * w + c) for r in range(n)) for c in range(w)]
    full = (1 << (n * w)) - 1
    not_first, not_last = full & ~cols[0], full & ~cols[-1]
    closed, right, left = [], [], []
    for i in range(n * w):
        b = 1 << i
        across = b | (b << 1 & not_first) | (b >> 1 & not_last)
        closed.append((across | across << w | across >> w) & full)
        tl = b if i % w < w - 1 else b >> 1
        right.append((tl | tl << 1 | tl << w | tl << (w + 1)) & full)
        tl = b >> 1 if i % w else b
        left.append((tl | tl << 1 | tl << w | tl << (w + 1)) & full)
    nb = [m & ~(1 << i) for i, m in enumerate(closed)]
    return Grid(n, w, rows, cols, closed, nb, right, left, _bands(rows), _bands(cols))


def _bands(masks: list[int]) -> list[list[int]]:
    out = []
    for lo in range(len(masks)):
        band, row = 0, [0] * len(masks)
        for hi in range(lo, len(masks)):
            band |= masks[hi]
            row[hi] = band
        out.append(row)
    return out


class Deductions:
    """The lines and neighbourhoods of one board, and propagation over them."""

    def __init__(self, regions: Regions, stars: int, level: Level = Level.BANDS) -> None:
        n = self.n = len(regions)
        w = self.cols = len(regions[0])
        grid = grid_of(n, w)
        self.k = stars
        self.level = level
        self.full = (1 << (n * w)) - 1
        self.row_bits = (1 << w) - 1
        self.rows_mask, self.cols_mask = grid.rows_mask, grid.cols_mask
        self.closed, self.nb = grid.closed, grid.nb
        self.block_right, self.block_left = grid.block_right, grid.block_left
        self.row_bands, self.col_bands = grid.row_bands, grid.col_bands
        groups = list(cells_by_region(regions).values())
        self.region_mask = [sum(1 << (r * w + c) for r, c in cells) for cells in groups]
        self.row_spans = [sorted({r for r, _ in cells}) for cells in groups]
        self.col_spans = [sorted({c for _, c in cells}) for cells in groups]
        lines = [(m, ROW, r) for r, m in enumerate(self.rows_mask)]
        lines += [(m, COLUMN, c) for c, m in enumerate(self.cols_mask)]
        lines += [(m, AREA, 0) for m in self.region_mask]
        self.base = len(lines)  # rows, columns, regions: the lines the search branches on
        self.target = [stars] * len(lines)
        if stars > 1 and level >= Level.BANDS:
            lines += [(self.rows_mask[r] | self.rows_mask[r + 1], ROW_PAIR, r) for r in range(n - 1)]
            lines += [(self.cols_mask[c] | self.cols_mask[c + 1], AREA, 0) for c in range(w - 1)]
            self.target += [2 * stars] * (len(lines) - self.base)
        self.lines = [m for m, _, _ in lines]
        self.stuck: int | None = None  # the line the lines' rules last found a dead end on (see dead_end)
        self.band: Band | None = None  # the band the pigeonhole argument last found a dead end on
        self.kind = [kind for _, kind, _ in lines]
        self.aux = [aux for _, _, aux in lines]

    # -- 2x2 block covers

    def cover(self, avail: int, kind: int, aux: int) -> list[int]:
        """Open cells of the line by 2x2 block: no block holds two stars, so their number bounds
        the stars ``avail`` can hold. Rows, columns and pairs of rows are covered greedily from
        one end, which takes the fewest blocks; regions greedily from their first cell."""
        out = []
        if kind in (ROW, COLUMN):
            step = 1 if kind == ROW else self.cols
            while avail:
                low = avail & -avail
                blk = avail & (low | (low << step))
                out.append(blk)
                avail ^= blk
        elif kind == ROW_PAIR:
            w, bits = self.cols, self.row_bits
            top = aux * w
            occ = ((avail >> top) | (avail >> (top + w))) & bits
            while occ:
                low = occ & -occ
                pair = (low | (low << 1)) & bits
                out.append(((pair << top) | (pair << (top + w))) & avail)
                occ &= ~pair
        else:
            right, left = self.block_right, self.block_left
            while avail:
                low = avail & -avail
                i = low.bit_length() - 1
                a, b = avail & right[i], avail & left[i]
                blk = a if a.bit_count() >= b.bit_count() else b
                out.append(blk)
                avail ^= blk
        return out

    # -- propagation

    def place(self, stars: int, banned: int, new: int) -> tuple[int, int] | None:
        """Stars on the open cells ``new`` (their neighbours banned), or None when two touch."""
        around = 0
        rest = new
        nb = self.nb
        while rest:
            low = rest & -rest
            around |= nb[low.bit_length() - 1]
            rest ^= low
        if around & (stars | new):
            return None
        return stars | new, banned | around

    def propagate(self, stars: int, banned: int, delta: int = -1) -> tuple[int, int] | None:
        """The fixed point of the rules from (stars, banned), or None at a dead end.

        ``delta``: the cells that changed since the last fixed point; only lines through them are
        looked at again until the lines settle, then the bands (confinement) over all. A step
        whose lines settle having moved fewer than :data:`BAND_MIN_CHANGE` cells skips the bands
        (they cost as much as the lines and seldom find anything then: a third less search time
        on the published 15x15 boards); from the bare board (``delta`` -1) they always run.
        """
        first, before = True, stars | banned
        while True:
            state = self._lines(stars, banned, delta)
            if state is None:
                return None
            stars, banned = state
            if self.level < Level.BANDS:
                return state
            if first and delta != -1 and ((stars | banned) & ~before).bit_count() < BAND_MIN_CHANGE:
                return state  # a small step seldom moves a band's counts: the next one will look
            first = False
            state = self._confine(stars, banned)
            if state is None:
                return None
            if state == (stars, banned):
                return state
            delta = (state[0] | state[1]) & ~(stars | banned)
            stars, banned = state

    def _lines(self, stars: int, banned: int, delta: int) -> tuple[int, int] | None:
        lines, targets, kinds, aux = self.lines, self.target, self.kind, self.aux
        strong, closed = self.level >= Level.BLOCKS, self.closed
        while delta:
            before = stars | banned
            for li, m in enumerate(lines):
                if not m & delta:
                    continue
                k = targets[li]
                have = (stars & m).bit_count()
                if have > k:
                    self.stuck = li
                    return None
                need = k - have
                avail = m & ~(stars | banned)
                if not need:
                    banned |= avail
                    continue
                a = avail.bit_count()
                if a < need:
                    self.stuck = li
                    return None
                if a == need:
                    state = self.place(stars, banned, avail)
                    if state is None:
                        self.stuck = li
                        return None
                    stars, banned = state
                    continue
                kind = kinds[li]
                if not strong or a > (2 if kind < AREA else 4) * (need + TRIAL_SLACK):
                    continue  # every block holds at most two (four) of the open cells: room to spare
                blocks = self.cover(avail, kind, aux[li])
                slack = len(blocks) - need
                if slack < 0:
                    self.stuck = li
                    return None
                if slack == 0:
                    singles = sum(b for b in blocks if b & (b - 1) == 0)
                    if singles:
                        state = self.place(stars, banned, singles)
                        if state is None:
                            self.stuck = li
                            return None
                        stars, banned = state
                        continue
                if slack > TRIAL_SLACK:
                    continue
                # a star that empties more blocks than the slack allows is banned
                once = twice = 0
                for blk in blocks:
                    common = -1
                    rest = blk
                    while rest:
                        low = rest & -rest
                        common &= closed[low.bit_length() - 1]
                        rest ^= low
                    common &= ~blk
                    twice |= once & common
                    once |= common
                killed = (once if slack == 0 else twice) & ~(stars | banned)
                if killed:
                    banned |= killed
            delta = (stars | banned) & ~before
        return stars, banned

    def _confine(self, stars: int, banned: int) -> tuple[int, int] | None:
        """The pigeonhole argument over every band of rows and of columns (see the module doc).

        Per region still short of stars: which rows (columns) its open cells meet, as a bitset;
        then for each first row ``lo`` the needs of the regions inside and reaching into the band
        are summed as the band grows, and cell masks are only built where a count is tight."""
        open_ = self.full & ~(stars | banned)
        k = self.k
        cells, needs, short = [], [], []
        for g, m in enumerate(self.region_mask):
            need = k - (stars & m).bit_count()
            if need:
                cells.append(m & open_)
                needs.append(need)
                short.append(g)
        counts = [got.bit_count() for got in cells]
        for axis, (masks, spans, bands) in enumerate(((self.rows_mask, self.row_spans, self.row_bands),
                                                      (self.cols_mask, self.col_spans, self.col_bands))):
            n = len(masks)
            line_need = [k - (stars & m).bit_count() for m in masks]
            line_open = [(open_ & m).bit_count() for m in masks]
            occs = []
            for g, got in zip(short, cells, strict=True):
                occ = 0
                for j in spans[g]:
                    if got & masks[j]:
                        occ |= 1 << j
                occs.append(occ)
            for lo in range(n):
                add_in, add_touch = [0] * n, [0] * n
                in_open, touch_open = [0] * n, [0] * n
                before = (1 << lo) - 1
                for occ, need, count in zip(occs, needs, counts, strict=True):
                    after = occ >> lo
                    if after:
                        first = (after & -after).bit_length() - 1 + lo
                        add_touch[first] += need
                        touch_open[first] += count
                        if not occ & before:
                            last = occ.bit_length() - 1
                            add_in[last] += need
                            in_open[last] += count
                band_need = inside = touch = band_open = inside_open = touched_open = 0
                for hi in range(lo, n if lo else n - 1):
                    band_need += line_need[hi]
                    inside += add_in[hi]
                    touch += add_touch[hi]
                    band_open += line_open[hi]
                    inside_open += in_open[hi]
                    touched_open += touch_open[hi]
                    if inside > band_need or touch < band_need:
                        crowded = inside > band_need
                        self.band = Band(axis, lo, hi, band_need, inside if crowded else touch, crowded)
                        return None
                    if not band_need:
                        continue
                    span = ((1 << (hi + 1)) - 1) & ~before
                    if inside == band_need and inside_open < band_open:
                        band = bands[lo][hi]
                        for got, occ in zip(cells, occs, strict=True):
                            if occ and not occ & ~span:
                                band &= ~got
                        banned |= band & open_
                    if touch == band_need and touched_open > band_open:
                        band = bands[lo][hi]
                        for got, occ in zip(cells, occs, strict=True):
                            if occ & span:
                                banned |= got & ~band
        return stars, banned


def dead_end(board: Deductions) -> tuple[int | None, Band | None]:
    """Where the deductions from the bare board run out, the "where" of a board with no answer:
    the line (an index into ``board.lines``: a row, column or region, or with two or more stars a
    pair of neighbouring rows or columns) left unable to hold its stars, or the band of rows or
    columns whose regions, by the places left them, need more stars than it takes or have fewer
    than it needs. (None, None) when there is no dead end."""
    board.stuck, board.band = None, None
    if board.propagate(0, 0) is not None:
        return None, None
    return board.stuck, board.band
