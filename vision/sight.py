"""How much of a reading the board's own lines back (issue 23, flags): a lattice that stops short of
the outline it was found in (a row or column lost), and empty cells whose lines are not seen
(washed out by glare or blur: a clue there is lost with them). No genre named."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import cv2
import numpy as np

from vision.board import Board
from vision.cells import HAIRLINE_INK, INK, CellGuess, cell_dark, ink_of

# Paper left between the lattice's outer edge and its outline, in cells, from which the count is in
# doubt on a reading asked about anyway. Measured on /tmp/vflag4 (bench/imagesets/harsh.py, train and
# dev): readings of the right size leave 0.0-0.38 of a cell, but for a Tatham window whose menu bar
# was inside the outline (1.24, read sure: so a strip alone asks nothing); the readings a row or
# column short left 1.0-1.15 (a 6x9 photographed small, its first column's faint lines not counted,
# with a cell asked but its size sure; the others' size asked already).
STRIP = 0.6
# A cell's edges seen this much less dark than the board's usual cell: its lines washed out (glare,
# a far corner of a slanted photo blown to white), so an empty reading there is no evidence. Sure
# empties of the readings right everywhere of the harsh set, the vr-sets dev photos and prints and
# every second vl-sets dev scene (152 readings): 0.35 of their board's usual or more; the white
# rings lost in a washed-out corner of a 15x15: 0.14 and 0.29 (see bench/README.md, vflag4).
UNSEEN = 0.3
UNSEEN_ASKED = 0.5  # ... on a reading asked about anyway (the third white ring of that corner: 0.45)
UNSEEN_CELLS = 25  # fewer cells: no usual level to compare with
# A strip left out is a row or column of the board (see left_out) when the lattice's lines stand out
# across it at least this share as much as across the lattice's own outer cells (half: a row left
# out is drawn as the rest, a menu bar or title has no lines at all); judged away from the strip's
# sides by MARGIN of a cell (the frame, the lattice's outer line). Measured (bench/README.md,
# "vsize2"): it fired on the two harsh crops read a column short within an outline on an inner line,
# and on no reading chosen of vflag4 dev (45 photos) or vc-sets dev (109 screenshots).
RUN_ON = 0.5
# ... for this share of its lines, one by one (a title's words above a shaken board's faint lines
# passed on the median of lines against middles: an exact 10x10 asked (bench/README.md, "vsize2");
# 0.75 missed a 14x14 read 10x14 of the fresh harsh set, its row past the outline 0.69
# of lines, two clues on it)
RUN_ON_SHARE = 0.6
MARGIN = 0.15
BEYOND = 1.0  # cells of the picture beyond the outline looked at for lines running on (runs_beyond)
# A dot lattice's next row or column (_dot_run_on): its points stand out from the paper between them
# at least DOT_ON as much as the lattice's own outer dots, for DOT_SHARE of them. Measured
# (bench/README.md, "vflag5") on 89 dot lattices found in tuning photos (/tmp/vflag5/dots: pzprjs
# dotted boards photographed by photo.py, simulate_scene and harsh.py; the dotted photos and scenes
# of vr-sets, vl-sets, vphoto-sets, vflag4 train/dev): every right count 0.013 or less; a 7x7 read 7x6
# (its outer dots washed out) 1.05; drawn 10x10 lattices whose last column of dots is grey, read
# 10x9: 0.09 (grey 235 of 255), 0.20 (210), 0.29 (190).
DOT_ON, DOT_SHARE = 0.08, 0.6
# A dot looked for within this share of a cell of each point: a photo's dots sit a pixel or two off
# the lattice found. Measured (bench/README.md, "vflag5", review mends) on the outer dots of the 68
# exact readings of /tmp/vflag5/dots dev: the darkest pixel near each point 0.007 of a cell off at
# the median, 0.062 at the 99th percentile, 0.094 at most (1,170 dots).
DOT_REACH = 0.08
# A side whose own outer dots stand out less than this (darkness against the paper around them) is
# not judged (no level to compare the next points with). Same measurement: the sides of every dot
# lattice of those exact readings 0.416 or more (268 sides); a lattice found where a scene holds no
# dots (one scene of the set, read wrong and asked) -0.90 to -0.01.
DOT_FLOOR = 0.05


def short_of_outline(board: Board) -> bool:
    """Whether the lattice leaves more than :data:`STRIP` of a cell of the straightened outline
    outside it on a side: when the outline is the board's frame, a strip that wide is a row or
    column of the board left uncounted (its lines too faint or cut); it may also be a window's or
    a box's frame with text inside, so it is asked about only with other doubts (see
    ``reading._suspected``). Boards laid out from their clues or dots are not judged."""
    if board.bare or board.dots or board.transform is None:
        return False
    h, w = board.paper.shape[:2]
    xs, ys = np.asarray(board.xs, dtype=float), np.asarray(board.ys, dtype=float)
    pitch = board.pitch
    if pitch <= 0:
        return False
    return bool(max(xs[0], w - xs[-1], ys[0], h - ys[-1]) > STRIP * pitch)


def left_out(board: Board) -> bool:
    """Whether a strip of the outline the lattice leaves out (more than :data:`STRIP` of a cell) is
    a row or column of the board: the lattice's lines across it run on through it, standing out from
    the strip's middles :data:`RUN_ON` as much as in the lattice's own outer cells on that side. A
    window's menu bar or a box's title inside the outline has no lines running on, so unlike
    :func:`short_of_outline` this asks the count on its own."""
    # (line by line: most of them run on, not the median of a row of text's ink and gaps)
    return max(run_on(board)) >= RUN_ON_SHARE


def run_on(board: Board) -> tuple[float, float, float, float]:
    """On each side of the lattice (left, right, top, bottom), the share of its lines that run on
    across the strip of the outline it leaves out, standing out :data:`RUN_ON` as much as in its own
    outer cells there (0.0 for a strip under :data:`STRIP` of a cell, or none judged)."""
    out = [0.0, 0.0, 0.0, 0.0]
    if board.bare or board.dots or board.transform is None or len(board.xs) < 4 or len(board.ys) < 4:
        return (0.0, 0.0, 0.0, 0.0)
    dark = 1.0 - board.paper.astype(np.float32)
    h, w = dark.shape[:2]
    xs, ys = np.asarray(board.xs, dtype=float), np.asarray(board.ys, dtype=float)
    pitch = board.pitch
    if pitch <= 0:
        return (0.0, 0.0, 0.0, 0.0)
    m = MARGIN * pitch
    # (side: the strip's band across, the lattice's outer cells' band, the lines running across it)
    sides = ((0.0, xs[0], xs[0], xs[1], ys, 1), (xs[-1], float(w), xs[-2], xs[-1], ys, 1),
             (0.0, ys[0], ys[0], ys[1], xs, 0), (ys[-1], float(h), ys[-2], ys[-1], xs, 0))
    for k, (lo, hi, in_lo, in_hi, lines, axis) in enumerate(sides):
        if hi - lo <= STRIP * pitch:
            continue
        strip = _line_contrast(dark, lines, lo + m, hi - m, axis, pitch)
        inner = _line_contrast(dark, lines, in_lo + m, in_hi - m, axis, pitch)
        if strip is None or inner is None:
            continue
        level = float(np.median(inner))
        if level > 0.0:
            out[k] = float(np.mean(strip >= RUN_ON * level))
    return out[0], out[1], out[2], out[3]


def widened(board: Board, flat: np.ndarray) -> Board:
    """``board`` straightened again with :data:`BEYOND` of a cell more of the picture ``flat`` on
    every side, its lines moved with it (see :func:`runs_beyond`)."""
    pad = round(BEYOND * board.pitch)
    return replace(board, paper=_widened(board, flat, pad), xs=np.asarray(board.xs, dtype=float) + pad,
                   ys=np.asarray(board.ys, dtype=float) + pad)


def runs_beyond(board: Board, flat: np.ndarray) -> bool:
    """Whether the lattice's lines run on past the outline the board was straightened from, across
    a cell's width of the picture beyond it (:func:`left_out` on the picture ``flat``, 0 ink .. 1
    paper, straightened with the outline widened by :data:`BEYOND` of a cell): an outline found on
    an inner line (its frame faint, glared or cut by the lines' own count) leaves a row or column
    outside it. A page's margin, a clue outside the frame (on a cell's middle) or the picture's
    edge show no lines there. Not judged on a curled board (its lines were moved)."""
    if board.bare or board.dots or board.transform is None or board.bend is not None or board.pitch <= 0:
        return False
    return left_out(widened(board, flat))


def _widened(board: Board, flat: np.ndarray, pad: int) -> np.ndarray:
    """The picture ``flat`` straightened as the board was (``board.transform``), with ``pad`` pixels
    more on every side (paper, 1.0, where the picture ends): what lies just beyond the outline."""
    h, w = board.paper.shape[:2]
    assert board.transform is not None
    m = np.array([[1.0, 0.0, pad], [0.0, 1.0, pad], [0.0, 0.0, 1.0]]) @ board.transform
    wide: np.ndarray = cv2.warpPerspective(np.asarray(flat, np.float32), m, (w + 2 * pad, h + 2 * pad),
                                           flags=cv2.INTER_LINEAR, borderValue=1.0)
    return wide


def dots_beyond(board: Board, flat: np.ndarray) -> bool:
    """Whether a dot lattice's dots run on a row or column past the ones it was counted from: a
    lattice's outer dots faint (glare, a washed-out edge of a photo) drop out of the dots found, and
    the board is read a row or column short with nothing against it (:func:`runs_beyond` looks for
    lines; a dot lattice has none). Judged by :func:`_dot_run_on` (at least :data:`DOT_ON`)."""
    return _dot_run_on(board, flat) >= DOT_ON


def _dot_run_on(board: Board, flat: np.ndarray) -> float:
    """How much a next row or column of dots stands out past a dot lattice, against its own outer
    dots (the most on any side; 0 for boards of lines). The picture ``flat`` (0 ink .. 1 paper) is
    straightened with the lattice widened by two cells; on each side, the points where the next row
    or column of dots would lie are compared with the lattice's own outer dots there
    (:func:`_dot_contrast`). Of the points, :data:`DOT_SHARE` stand out at least this share as much.
    Beyond a board's true edge lie paper, a page's margin or its text, at random."""
    if not board.dots or board.transform is None or board.pitch <= 0 or len(board.xs) < 4 or len(board.ys) < 4:
        return 0.0
    pad = round(2 * BEYOND * board.pitch)
    dark = 1.0 - np.clip(_widened(board, flat, pad), 0.0, 1.0)
    xs, ys = np.asarray(board.xs, dtype=float) + pad, np.asarray(board.ys, dtype=float) + pad
    r = max(1, round(DOT_REACH * board.pitch))
    most = 0.0
    for outer, nxt, along, axis in ((xs[0], 2 * xs[0] - xs[1], ys, 0), (xs[-1], 2 * xs[-1] - xs[-2], ys, 0),
                                    (ys[0], 2 * ys[0] - ys[1], xs, 1), (ys[-1], 2 * ys[-1] - ys[-2], xs, 1)):
        level = float(np.median(_dot_contrast(dark, outer, along, axis, r, board.pitch)))
        if level > DOT_FLOOR:
            past = _dot_contrast(dark, nxt, along, axis, r, board.pitch) / level
            most = max(most, float(np.quantile(past, 1.0 - DOT_SHARE)))
    return most


def _dot_contrast(dark: np.ndarray, at: float, along: np.ndarray, axis: int, r: int, pitch: float) -> np.ndarray:
    """How much darker a dot at each of ``along``'s points on the row or column ``at`` is than the
    paper around it (``axis`` 0: a column at x = ``at``; 1: a row): the darkest pixel within ``r``
    of the point against the darkest of the four points half a cell away, two along the row or
    column (half-way to its neighbours) and two across it. A dot stands alone both ways; a line or
    frame through the points runs on along them, text beside the board runs on along its own line
    across them (letters on the dot rows: a 10x10 read exact, asked at 0.96, no longer; review of
    vflag5)."""
    h, w = dark.shape[:2]

    def peak(u: float, v: float) -> float:
        x, y = (u, v) if axis == 0 else (v, u)
        xi, yi = round(x), round(y)
        if not (0 <= xi < w and 0 <= yi < h):
            return 0.0
        return float(dark[max(0, yi - r):yi + r + 1, max(0, xi - r):xi + r + 1].max())

    points = np.array([peak(at, v) for v in along])
    mids = np.array([peak(at, v) for v in (along[:-1] + along[1:]) / 2])
    between = np.maximum(np.concatenate([mids[:1], mids]), np.concatenate([mids, mids[-1:]]))
    across = np.array([max(peak(at - pitch / 2, v), peak(at + pitch / 2, v)) for v in along])
    out: np.ndarray = points - np.maximum(between, across)
    return out


def _line_contrast(dark: np.ndarray, lines: np.ndarray, lo: float, hi: float, axis: int,
                   pitch: float) -> np.ndarray | None:
    """How much darker each of ``lines``' inner edges is, across the band ``lo``..``hi``, than the
    darker of the two cell middles beside it, within the band: ``axis`` 1 for a band of columns
    (lines run along rows), 0 for a band of rows."""
    a, b = max(0, round(lo)), min(dark.shape[axis], round(hi))
    if b - a < 2:
        return None
    band = dark[:, a:b] if axis == 1 else dark[a:b, :]
    profile = np.median(band, axis=axis)  # (along the lines' positions)
    win = max(1, round(pitch / 12))

    def peak(at: float) -> float:
        k = round(at)
        seg = profile[max(0, k - win):min(profile.size, k + win + 1)]
        return float(seg.max()) if seg.size else 0.0

    mids = np.array([peak(x) for x in (lines[:-1] + lines[1:]) / 2])
    out: np.ndarray = np.array([peak(x) for x in lines[1:-1]]) - np.maximum(mids[:-1], mids[1:])
    return out


def edges_seen(board: Board) -> np.ndarray:
    """Rows x columns: how dark each cell's four edges are, the mean of the four (each the darkest
    pixel across a band of a twelfth of a cell, its median along the middle 60% of the edge)."""
    dark = 1.0 - board.paper.astype(np.float32)
    h, w = dark.shape[:2]
    xs, ys = np.asarray(board.xs, dtype=float), np.asarray(board.ys, dtype=float)
    win = max(1, round(board.pitch / 12))

    def along(profile: np.ndarray, edges: np.ndarray, size: int) -> np.ndarray:
        out = np.zeros(len(edges) - 1)
        for k in range(len(edges) - 1):
            m = 0.2 * (edges[k + 1] - edges[k])
            seg = profile[max(0, round(edges[k] + m)):min(size, round(edges[k + 1] - m))]
            out[k] = _median(seg) if seg.size else 0.0
        return out

    across = np.array([along(dark[max(0, round(y) - win):min(h, round(y) + win + 1)].max(axis=0, initial=0.0),
                             xs, w) for y in ys])  # (rows + 1) x cols: the horizontal edges
    down = np.array([along(dark[:, max(0, round(x) - win):min(w, round(x) + win + 1)].max(axis=1, initial=0.0),
                           ys, h) for x in xs]).T  # rows x (cols + 1): the vertical edges
    seen: np.ndarray = (across[:-1] + across[1:] + down[:, :-1] + down[:, 1:]) / 4.0
    return seen


def _median(values: np.ndarray) -> float:
    """``np.median`` of a 1-d array, without its overhead (840 edges of a 20x20 board): the middle of
    the sorted values, or the mean of the middle two in the array's own type, as numpy takes it."""
    s = np.sort(values)
    n = s.size
    return float(s[n // 2]) if n % 2 else float((s[n // 2 - 1] + s[n // 2]) / 2)


def unseen_empties(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float,
                   asked: bool = False) -> frozenset[tuple[int, int]]:
    """The cells read empty with confidence ``sure`` or more whose edges are seen under
    :data:`UNSEEN` of the board's usual cell (:data:`UNSEEN_ASKED` on a reading ``asked`` about
    anyway): where the lines themselves are gone, a faint ring or digit is gone too, and the empty
    reading is no evidence. Only boards drawn with lines; ``board`` with its rooms' thick borders
    still drawn (erased, they would leave their cells unseen)."""
    if board.bare or board.dots or (len(board.xs) - 1) * (len(board.ys) - 1) < UNSEEN_CELLS:
        return frozenset()
    seen = edges_seen(board)
    usual = float(np.median(seen))
    if usual <= 0.0:
        return frozenset()
    level = UNSEEN_ASKED if asked else UNSEEN
    return frozenset((r, c) for r, row in enumerate(guesses) for c, g in enumerate(row)
                     if g.token == "." and g.confidence >= sure and seen[r, c] < level * usual)


# A number read with confidence whose ink's middle lies this share of the cell off the cell's middle,
# while its faint ink's middle lies this much nearer: part of the number lost (a 13 read as 1, its 3
# washed out by a colour cast). Measured on 1,562 numbers read with confidence (the harsh set of
# bench/imagesets/harsh.py, the vr-sets dev photos and prints, every second vl-sets dev scene): right
# ones 0.115 off at most (a print's 10); the 13 read as 1: 0.26 off, its faint ink 0.01.
OFF_MIDDLE = 0.18


def partial_numbers(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float) -> frozenset[tuple[int, int]]:
    """The cells read as a number with confidence ``sure`` or more whose ink sits off the cell's
    middle (across) by more than :data:`OFF_MIDDLE` of the cell, while the cell's faint ink (at
    :data:`vision.cells.HAIRLINE_INK`) sits nearer the middle by as much: clues are drawn in the
    cell's middle, so the faint rest is part of the number (a digit lost). A number drawn off the
    middle whole (in a corner) has its faint ink there too, and is not named; nor are a split
    cell's sums (not plain numbers: a screenshot's ``\\9`` beside its faint diagonal was)."""
    if board.bare:
        return frozenset()
    out = set()
    for r, row in enumerate(guesses):
        for c, g in enumerate(row):
            if not g.token.isdigit() or g.confidence < sure:
                continue  # (a plain number: a split cell's sums sit off the middle by design)
            box = (float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]), float(board.ys[r + 1]))
            dark = cell_dark(board.paper, *box)
            if dark is None:
                continue
            strong = _across((dark > INK).astype(np.uint8))  # (a first look: the grid's remnants are few)
            if strong is None or abs(strong) <= OFF_MIDDLE / 2:
                continue
            strong, faint = _across(ink_of(dark, INK).ink), _across(ink_of(dark, HAIRLINE_INK).ink)
            if strong is not None and faint is not None and abs(strong) > OFF_MIDDLE and \
                    abs(faint) < abs(strong) - OFF_MIDDLE:
                out.add((r, c))
    return frozenset(out)


def _across(ink: np.ndarray) -> float | None:
    """How far the ink's middle lies from the crop's middle, across, as a share of its width."""
    xs = np.nonzero(ink)[1]
    if xs.size == 0:
        return None
    w = ink.shape[1]
    return float((xs.mean() - (w - 1) / 2) / w)
