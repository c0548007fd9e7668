"""Filled cells: a black or grey block (with or without a white number in it) and a split sum cell
(a diagonal from corner to corner, a number in either half: down sum below, across sum above).

A block is told by its tone before flattening (:func:`tones`): flattening divides each pixel by
the local paper, which turns a grey cell into paper. Its corners decide, so a disk in a cell
(a black circle) is no block.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from solvers.genre import ClueKind
from vision.cells import INK, SURE, CellGuess, glyph_masks, number, without_edge_lines, without_side_lines
from vision.light import paper_light

BLOCK = frozenset({ClueKind.BLOCK})
SUM = frozenset({ClueKind.SUM})
FILLED = 0.86  # a corner of a block is darker than this (tone)
BLACK = 0.45  # a block darker than this is black (its characters are white)
STEP = 0.85  # across a block's line the tone steps up by at least this factor (shade: gradually)
DIAGONAL = 0.9  # share of the corner-to-corner line that is ink in a split cell (a line: all of it)


def tones(grey: np.ndarray) -> np.ndarray:
    """Grey as 0..1 of the paper's light (:func:`vision.light.paper_light`): a filled cell keeps
    its tone, a shadow does not."""
    out: np.ndarray = np.clip(grey.astype(np.float32) / np.maximum(paper_light(grey), 1.0), 0.0, 1.0)
    return out


def read_block(tone: np.ndarray, paper: np.ndarray, x0: float, x1: float, y0: float, y1: float,
               ink_level: float = INK) -> CellGuess | None:
    """The filled or split cell between x0..x1 and y0..y1, or None when the cell is neither."""
    box = _box(x0, x1, y0, y1, 0.0)
    t = tone[box]
    dark = 1.0 - paper[box]
    ink = dark > ink_level
    if t.size == 0:
        return None
    h, w = t.shape
    levels = _corner_levels(t)
    filled = len(levels) == 4 and max(levels) < FILLED
    level = max(levels, default=1.0)  # (the lightest corner: a diagonal darkens two of them)
    # (the lines' removal only takes ink away: a crop whose raw ink misses the diagonal's probes
    # holds no diagonal after it either, and most cells are not split: no removal for them)
    split = None if (filled and level < BLACK) or not _may_split(ink) else \
        _split_part(without_edge_lines(ink.astype(np.uint8)).astype(bool))
    if not filled and split is None:
        return None
    if filled and level < BLACK:
        return _white_number(t, level)
    if split is not None:  # (small sums drawn thin come out grey: their ink is what is clearly darker)
        guess = _split((dark > min(ink_level, 0.55 * float(dark.max())))[split])
        return guess if guess.confidence >= SURE else _on_ground(dark[split], ink_level, guess)
    inside = _inner(ink, 0.1)
    glyphs = glyph_masks(inside, min_height=0.22 * h)
    if glyphs:
        return CellGuess(number(glyphs, 0.9).token, 0.3, kinds=BLOCK)  # a number on grey: no genre draws one
    return CellGuess("#", 0.95, kinds=BLOCK)


def _on_ground(dark: np.ndarray, ink_level: float, guess: CellGuess) -> CellGuess:
    """A split cell read in doubt read again with its ink level taken above its own ground (a
    grey cell's): small bold sums on grey close their holes at the usual level (an 8 taken for a
    0); the more confident reading wins."""
    ground = float(np.median(dark))
    level = ground + min(ink_level * (1.0 - ground), 0.55 * (float(dark.max()) - ground))
    again = _split(dark > level)
    return again if again.confidence > guess.confidence else guess


def _corner_levels(t: np.ndarray) -> list[float]:
    """The tone near each corner of a cell's crop: a circle as big as the cell leaves them paper
    (past the lines' fringe; the lighter part of each, past a line's ink)."""
    h, w = t.shape
    corners = [t[int(h * a):int(h * b), int(w * c):int(w * d)]
               for a, b in ((0.08, 0.17), (0.83, 0.92)) for c, d in ((0.08, 0.17), (0.83, 0.92))]
    return [_upper_quartile(c) for c in corners if c.size]


def _upper_quartile(values: np.ndarray) -> float:
    """``np.percentile(values, 75)`` (linear), without its overhead (four times a cell, every cell)."""
    v = np.sort(values, axis=None)
    at = 0.75 * (len(v) - 1)
    lo = int(at)
    a, b, t = v[lo], v[min(lo + 1, len(v) - 1)], at - lo
    return float(b - (b - a) * (1.0 - t) if t >= 0.5 else a + (b - a) * t)  # (numpy's own rounding)


def unconfined(tone: np.ndarray, boxes: list[list[tuple[float, float, float, float]]],
               found: list[list[CellGuess | None]]) -> frozenset[tuple[int, int]]:
    """The filled cells whose darkness does not stop at the grid lines: shade (a shadow's far
    side, a dark corner of a photo), not a block. Blocks side by side are judged together (a
    run of split sum cells makes one area, a lighter one among them too): the tone must step up
    across most of the lines between the area's filled cells and the cells around it, where shade
    grows lighter gradually or crosses a cell."""
    rows, cols = len(boxes), len(boxes[0])
    blocks = {(r, c) for r in range(rows) for c in range(cols) if found[r][c] is not None}
    dark = {(r, c) for r, c in blocks if max(_corner_levels(tone[_box(*boxes[r][c], 0.0)]), default=1.0) < FILLED}
    out: set[tuple[int, int]] = set()
    seen: set[tuple[int, int]] = set()
    for start in dark:
        if start in seen:
            continue
        area, todo = [], [start]
        seen.add(start)
        while todo:
            r, c = todo.pop()
            area.append((r, c))
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n in blocks and n not in seen:
                    seen.add(n)
                    todo.append(n)
        area = [cell for cell in area if cell in dark]
        sides = steps = 0
        for r, c in area:
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                n = (r + dr, c + dc)
                if not (0 <= n[0] < rows and 0 <= n[1] < cols) or n in blocks:
                    continue
                sides += 1
                inside, outside = _strip(tone, boxes[r][c], dr, dc), _strip(tone, boxes[n[0]][n[1]], -dr, -dc)
                steps += inside < STEP * outside
        if steps < 0.5 * sides:
            out.update(area)
    return frozenset(out)


def _strip(tone: np.ndarray, box: tuple[float, float, float, float], dr: int, dc: int) -> float:
    """The tone along the middle half of one side of a cell (``dr``, ``dc``: which), just inside
    its line: the lighter part of it (past a thick line's fringe, a character's strokes)."""
    x0, x1, y0, y1 = box
    w, h = x1 - x0, y1 - y0
    if dr:
        ya, yb = (y0 + 0.08 * h, y0 + 0.2 * h) if dr < 0 else (y1 - 0.2 * h, y1 - 0.08 * h)
        xa, xb = x0 + 0.25 * w, x1 - 0.25 * w
    else:
        xa, xb = (x0 + 0.08 * w, x0 + 0.2 * w) if dc < 0 else (x1 - 0.2 * w, x1 - 0.08 * w)
        ya, yb = y0 + 0.25 * h, y1 - 0.25 * h
    ys, xs = int(round(ya)), int(round(xa))
    part = tone[ys:max(int(round(yb)), ys + 1), xs:max(int(round(xb)), xs + 1)]
    return float(np.percentile(part, 75)) if part.size else 1.0


def _box(x0: float, x1: float, y0: float, y1: float, margin: float) -> tuple[slice, slice]:
    mx, my = (x1 - x0) * margin, (y1 - y0) * margin
    return (slice(int(round(y0 + my)), int(round(y1 - my))), slice(int(round(x0 + mx)), int(round(x1 - mx))))


def _inner(mask: np.ndarray, margin: float) -> np.ndarray:
    """``mask`` (as uint8) with a frame of ``margin`` of the cell cleared (grid lines, the block's rim)."""
    h, w = mask.shape
    out = np.zeros((h, w), np.uint8)
    my, mx = int(h * margin), int(w * margin)
    out[my:h - my, mx:w - mx] = mask[my:h - my, mx:w - mx]
    return out


def _white_number(t: np.ndarray, level: float) -> CellGuess:
    """A black block: '#', or the number written white in it."""
    h, w = t.shape
    light = _inner((t > level + 0.35).astype(np.uint8), 0.12)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(light, connectivity=8)
    my, mx = int(h * 0.12), int(w * 0.12)
    for i in range(1, n):  # paper along the rim (a neighbour's edge) is no character
        x, y, bw, bh, _ = stats[i]
        along = (bw >= 0.6 * w and bh <= 0.25 * h) or (bh >= 0.6 * h and bw <= 0.25 * w)
        if (x <= mx or y <= my or x + bw >= w - mx or y + bh >= h - my) and along:
            light[labels == i] = 0
    glyphs = glyph_masks(light, min_height=0.22 * h)
    if not glyphs:
        return CellGuess("#", 0.95, kinds=BLOCK)
    return replace(number(glyphs, 1.0), kinds=BLOCK)  # (its learned probability kept: doubts.weak_numbers)


def _parts(h: int, w: int) -> tuple[tuple[slice, slice], ...]:
    """Where in an h x w crop a split cell's diagonal may run: all of it, or the square at either
    end (a crop the picture's edge cut short)."""
    m = min(h, w)
    whole = (slice(0, h), slice(0, w))
    return (whole,) if h == w else (whole, (slice(0, m), slice(0, m)), (slice(h - m, h), slice(w - m, w)))


def _split_part(ink: np.ndarray) -> tuple[slice, slice] | None:
    """Where in the crop a split cell's diagonal runs corner to corner (see :func:`_parts`); None: no diagonal."""
    for part in _parts(*ink.shape):
        if _diagonal(ink[part]):
            return part
    return None


def _may_split(ink: np.ndarray) -> bool:
    """Whether ``ink`` holds ink at the three probes :func:`_diagonal` looks at first, in some
    part :func:`_split_part` tries: without, no part of it or of less ink is a split cell."""
    return any(_probed(ink[part]) for part in _parts(*ink.shape))


def _probed(ink: np.ndarray) -> bool:
    """Whether each of :func:`_diagonal`'s three first probes finds ink (a crop under 8 pixels: no)."""
    h, w = ink.shape
    if min(h, w) < 8:
        return False
    reach = max(1, int(0.03 * min(h, w)))
    for s in (0.3, 0.5, 0.7):  # (most cells: no ink on the diagonal at all)
        y, x = int(s * (h - 1)), int(s * (w - 1))
        if not ink[max(0, y - reach):y + reach + 1, max(0, x - reach):x + reach + 1].any():
            return False
    return True


def _diagonal(ink: np.ndarray) -> bool:
    """Whether a line runs from the top-left corner to the bottom-right one."""
    if not _probed(ink):
        return False
    h, w = ink.shape
    reach = max(1, int(0.03 * min(h, w)))
    steps = np.linspace(0.15, 0.85, 40)
    off = max(reach + 2, int(0.12 * min(h, w)))
    hits = clear = 0
    for s in steps:
        y, x = int(s * (h - 1)), int(s * (w - 1))
        hits += bool(ink[max(0, y - reach):y + reach + 1, max(0, x - reach):x + reach + 1].any())
        clear += not ink[min(h - 1, y + off), x] or not ink[y, min(w - 1, x + off)]  # a thin line, not a fill
    return hits >= DIAGONAL * len(steps) and clear >= 0.7 * len(steps) and not _anti_diagonal(ink, reach)


def _anti_diagonal(ink: np.ndarray, reach: int) -> bool:
    """A line along the other diagonal too: a cross (or a filled block), not a split cell (all
    along it, as the diagonal itself: the sums of a small split cell lie across most of it)."""
    h, w = ink.shape
    hits = sum(bool(ink[max(0, int(s * (h - 1)) - reach):int(s * (h - 1)) + reach + 1,
                        max(0, int((1 - s) * (w - 1)) - reach):int((1 - s) * (w - 1)) + reach + 1].any())
               for s in np.linspace(0.2, 0.8, 20))
    return hits >= DIAGONAL * 20


def _split(ink: np.ndarray) -> CellGuess:
    """A split sum cell: token ``down\\across`` (either may be missing; neither: '#'). The diagonal
    line is taken out; each character goes to the half its middle lies in."""
    h, w = ink.shape
    ys, xs = np.mgrid[0:h, 0:w]
    distance = (xs * (h - 1) - ys * (w - 1)) / np.hypot(h - 1, w - 1)  # > 0: above the diagonal (across)
    body = without_side_lines(ink, 0.7)
    rim = max(1, round(0.02 * min(h, w)))  # (the fringe of a side's line, broken up, joins a character)
    body[:rim] = body[-rim:] = False
    body[:, :rim] = body[:, -rim:] = False
    on = body & (np.abs(distance) < 0.1 * min(h, w))
    if on.any():  # where the line runs and how thick it is (it need not meet the corners exactly)
        distance = distance - float(np.median(distance[on]))
        band = 0.5 * float(on.sum()) / np.hypot(h, w) + 1.5
    else:
        band = 2.0
    step = int(np.ceil(band + 2 * max(1.0, 0.01 * min(h, w))))
    near = body & (np.abs(distance) <= band)
    # a pixel of the band stays where ink runs on across it on both sides (a character over the
    # line; one standing on it only has ink on its own side)
    below, above = np.zeros_like(body), np.zeros_like(body)
    below[:-step, step:] = body[step:, :-step]  # the pixel below-left of it
    above[step:, :-step] = body[:-step, step:]  # above-right
    body = body & ~(near & ~(below & above))
    n, labels, stats, _ = cv2.connectedComponentsWithStats(body.astype(np.uint8), connectivity=8)
    halves = np.zeros((2, h, w), np.uint8)
    for i in range(1, n):  # each piece to its half; what is left of the diagonal itself goes
        part = labels == i
        if float(np.abs(distance[part]).max()) >= 0.08 * min(h, w):
            halves[int(float(distance[part].mean()) > 0)][part] = 1
    sums, confidence, alternatives, learned = [], 1.0, [], 1.0
    for half in halves:
        glyphs = glyph_masks(half, min_height=0.16 * h)
        if not glyphs:
            sums.append("")
            continue
        guess = number(glyphs, 1.0)
        sums.append(guess.token)
        confidence = min(confidence, guess.confidence)
        # (the weaker half's: each half is a number as doubts.weak_numbers judges one; the product of
        # both named an exact sure 13\3 of a vc-sets dev screenshot, 0.933 x 0.964 = 0.8995 < WEAK)
        learned = min(learned, guess.learned)
        alternatives += list(guess.alternatives)
    if not any(sums):
        return CellGuess("#", 0.95, kinds=SUM | BLOCK)
    return CellGuess(f"{sums[0]}\\{sums[1]}", confidence, tuple(alternatives[:3]), kinds=SUM, learned=learned)
