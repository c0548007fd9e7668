"""Reading every cell of a straightened board: each cell read at two ink levels (a reading that
changes with the level is asked about), then the board's doubts merged with a second look at it
(without its lines, darkened). Split from :mod:`vision.reading`, which chooses between the boards
a picture may hold and says what is unsure."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.arrows import read_arrow
from vision.board import Board
from vision.cells import HAIRLINE_INK, INK, SURE, CellGuess, CellInk, cell_dark, glyph_masks, ink_of, read_cell, unedged
from vision.glyphs import prime
from vision.kindnet import judged
from vision.rings import find_ring

FAINT_INK = 0.28  # the second reading's ink level (see read_twice)
FAINT_SHARE = 0.02  # an empty cell with this share of its middle faint ink is asked about (see faint_rings)
RING_SURE = 0.9  # the confidence of a ring found by its profile, all the way round and clearly
LINE_DARK, MAX_DARKEN = 0.6, 4.0  # a faint grid's lines made this dark, its ink at most this many times darker
# a cell's ink is grey when the darkest 1% of its middle is lighter than this: small digits printed
# grey and photographed on a page peak at 0.42-0.57 darkness (vpage10: 15 misread cells of the dev
# pages' 20x20 and 5x5 boards), so the usual ink level (INK 0.4) cuts their strokes thin or apart
# (a 3 read 1, a 33 read 31, a 10 read 0), where the fainter level reads them whole; a screenshot's
# or a sharp photo's digits are near 1.0
GREY_PEAK = 0.7
# ... and the fainter level's number is shown only when read this much more confidently (or as
# confidently with a digit more): grey digits blurred to blobs read both ways near 0.3-0.5 (a blurred
# 16 read 16 at 0.31 and 14 at 0.5, a 33 read 33 at 0.5 and 383 at 0.63), the whole ones 0.3-0.6 higher
CLEARER = 0.2


def kept_doubts(first: list[list[CellGuess]], again: list[list[CellGuess]]) -> list[list[CellGuess]]:
    """``again`` (the board read without its lines) still asking about what ``first`` was unsure
    of, unless it is empty there (the lines' remains taken for ink), and about the cells ``first``
    was sure of and it reads otherwise: a reading's doubts are lifted by the lines' removal only."""
    out = [row[:] for row in again]
    for r, row in enumerate(first):
        for c, g in enumerate(row):
            a = again[r][c]
            if (g.confidence < SURE and a.token != ".") or (g.confidence >= SURE and a.token != g.token):
                others = tuple(t for t in dict.fromkeys((g.token, *a.alternatives, *g.alternatives)) if t != a.token)
                out[r][c] = CellGuess(a.token, min(a.confidence, SURE - 0.1), others[:3], a.kinds)
    return out


def steady(guesses: list[list[CellGuess]], again: list[list[CellGuess]]) -> list[list[CellGuess]]:
    """``guesses`` with each cell read otherwise in ``again`` named unsure, the other reading offered."""
    out = [row[:] for row in guesses]
    for r, row in enumerate(guesses):
        for c, g in enumerate(row):
            other = again[r][c]
            if other.token != g.token:
                others = tuple(dict.fromkeys((other.token, *g.alternatives)))[:3]
                out[r][c] = CellGuess(g.token, min(g.confidence, SURE - 0.1), others, g.kinds)
    return out


def darkened(board: Board, onto: Board) -> Board:
    """``onto`` (the board, or the same without its lines) with its ink made darker until the
    board's grid lines are as dark as :data:`LINE_DARK` (no lighter than before): a hairline grid
    and rings drawn with the same pen, photographed small and blurred, are a light grey the cell
    reader's ink levels do not see; the paper's own grain is taken off first so it stays paper."""
    dark = 1.0 - board.paper
    base = float(np.percentile(dark, 50))
    win = max(1, round(float(np.median(np.diff(board.xs))) / 20))
    y0, y1 = round(board.ys[0]), round(board.ys[-1])
    x0, x1 = round(board.xs[0]), round(board.xs[-1])
    lines = [float(np.median(dark[y0:y1, max(0, round(x) - win):round(x) + win + 1].max(axis=1)))
             for x in board.xs[1:-1]]
    lines += [float(np.median(dark[max(0, round(y) - win):round(y) + win + 1, x0:x1].max(axis=0)))
              for y in board.ys[1:-1]]
    line = float(np.percentile(lines, 75)) - base if lines else 0.0
    if line <= 0.0 or line >= LINE_DARK:
        return onto
    k = min(MAX_DARKEN, LINE_DARK / line)
    return replace(onto, paper=np.clip(1.0 - (1.0 - onto.paper - base) * k, 0.0, 1.0).astype(board.paper.dtype))


def faint_rings(dark: Board, guesses: list[list[CellGuess]]) -> list[list[CellGuess]]:
    """Cells read empty read again from the board with its ink darkened (:func:`darkened`): a
    hairline ring blurred to a light grey on a photographed page is a ring there, or is found by
    its circular profile (:func:`vision.rings.find_ring`); one still unread but whose middle holds
    faint ink is asked about rather than solved as empty. (Only
    empty cells: darkening thickens the strokes of characters.)"""
    out = [row[:] for row in guesses]
    for r, row in enumerate(guesses):
        for c, g in enumerate(row):
            if g.token != ".":
                continue
            x0, x1, y0, y1 = (float(dark.xs[c]), float(dark.xs[c + 1]), float(dark.ys[r]), float(dark.ys[r + 1]))
            again = read_cell(dark.paper, x0, x1, y0, y1)
            if again.token != "W":  # (a ring still broken into arcs: whole when fainter ink counts)
                fainter = read_cell(dark.paper, x0, x1, y0, y1, ink_level=FAINT_INK)
                again = fainter if fainter.token == "W" and fainter.confidence >= 0.9 else again
            if again.token == "W" and again.confidence >= SURE:
                out[r][c] = again
                continue
            ring = find_ring(1.0 - dark.paper[round(y0):round(y1), round(x0):round(x1)])
            if ring is not None:  # (a grey donut no ink level cuts from the paper: found by its profile)
                out[r][c] = CellGuess("W", RING_SURE if ring.sure else SURE - 0.1, (".",))
                continue
            mx, my = 0.2 * (x1 - x0), 0.2 * (y1 - y0)
            middle = dark.paper[round(y0 + my):round(y1 - my), round(x0 + mx):round(x1 - mx)]
            if middle.size and float((1.0 - middle > HAIRLINE_INK).mean()) >= FAINT_SHARE:
                others = tuple(t for t in dict.fromkeys((again.token, "W", *g.alternatives)) if t != g.token)[:3]
                out[r][c] = CellGuess(g.token, min(g.confidence, SURE - 0.1), others, g.kinds)
    return out


def cell_boxes(board: Board) -> list[list[tuple[float, float, float, float]]]:
    """Each cell's x0, x1, y0, y1."""
    xs, ys = board.xs, board.ys
    return [[(float(xs[c]), float(xs[c + 1]), float(ys[r]), float(ys[r + 1])) for c in range(board.cols)]
            for r in range(board.rows)]


def read_all(board: Board, blocks: list[list[CellGuess | None]]) -> tuple[
        list[list[CellGuess]], dict[tuple[int, int], np.ndarray], dict[tuple[int, int], CellInk]]:
    """Every cell that is no block read twice (see :func:`read_twice`); the characters of all
    cells are read first in one go (one matrix product, not one per cell); the kind judge's
    probabilities for each cell it judged (``kindnet.judged``); and the ink at
    :data:`HAIRLINE_INK` of the cells that looked at it (``vision.doubts.empty_marks`` looks at
    the same crops at that level again)."""
    boxes = cell_boxes(board)
    darks = [[cell_dark(board.paper, *box) for box in row] for row in boxes]  # (one crop, both levels)
    first = [[None if dark is None else ink_of(dark, INK) for dark in row] for row in darks]
    second = [[None if found is None else _ink_again(found, FAINT_INK) for found in row] for row in first]
    prime([g for level in (first, second) for r, row in enumerate(level) for c, found in enumerate(row)
           if found is not None and (level is first or found is not first[r][c])
           for g in glyph_masks(found.ink, min_height=0.22 * found.ink.shape[0])])
    hair: dict[tuple[int, int], CellInk] = {}
    read: list[list[CellGuess]] = []
    for r, row in enumerate(boxes):
        read.append([])
        for c, box in enumerate(row):
            guess = blocks[r][c]
            if guess is None:
                guess, faintest = read_twice(board, box, first[r][c], second[r][c])
                if faintest is not None:
                    hair[r, c] = faintest
            read[r].append(guess)
    return (*judged(read, blocks, first), hair)


def _ink_again(found: CellInk, ink_level: float) -> CellInk:
    """A cell's ink at a fainter ``ink_level`` than ``found``'s: ``found`` itself when no pixel
    lies between the two levels (a crisp screenshot's cells, a third to a half of them: the same
    ink read the same, its lines not removed again), else :func:`ink_of` of its crop."""
    raw = (found.dark > ink_level).astype(np.uint8)
    return found if np.array_equal(raw, found.raw) else CellInk(found.dark, raw, unedged(raw))


def _read_one(board: Board, box: tuple[float, float, float, float], ink_level: float,
              inked: CellInk | None) -> CellGuess:
    """An arrow clue, else circles, numbers or nothing."""
    guess = read_arrow(inked.raw) if inked is not None else None
    if guess is None:
        guess = read_cell(board.paper, *box, ink_level=ink_level, inked=inked)
    return guess


def read_twice(board: Board, box: tuple[float, float, float, float],
               first_ink: CellInk | None, second_ink: CellInk | None) -> tuple[CellGuess, CellInk | None]:
    """A cell read at the usual ink level and again counting fainter ink as ink: a reading that
    changes with the level is fragile (blur, faint print), so it is asked about. (The same ink at
    both levels, the same object: read once.) With it, the cell's ink at :data:`HAIRLINE_INK` when
    it was looked at (handed on to ``vision.doubts.empty_marks``), else None."""
    first = _read_one(board, box, INK, first_ink)
    faintest = None
    second = first if second_ink is not None and second_ink is first_ink else \
        _read_one(board, box, FAINT_INK, second_ink)
    if first.token == ".":
        # a hairline ring (a print's white pearl, scaled down) is ink only when faint ink counts:
        # the ring test (round, closed all the way round) is strict enough to trust it there
        ring = second
        faint = second_ink is not None and float((second_ink.dark > HAIRLINE_INK).mean()) >= 0.004
        if second_ink is not None and second.token != "W" and faint:
            faintest = _ink_again(second_ink, HAIRLINE_INK)  # (the same crop as read_cell would cut)
            ring = read_cell(board.paper, *box, inked=faintest)
        if ring.token == "W" and ring.confidence >= 0.9:
            return ring, faintest
    if first.confidence < SURE and first.token not in ("W", "B") and second.token == "W" and second.confidence >= 0.9:
        return second, faintest  # a hairline ring broken into arcs at the usual level, read as a poor character
    if first.token == second.token:
        return first, faintest
    if _grey_digits(first, second, first_ink):
        first, second = second, first  # (asked about all the same: the cell's reading changes with the level)
    others = tuple(dict.fromkeys((second.token, *first.alternatives)))
    return CellGuess(first.token, min(first.confidence, SURE - 0.1), others[:3], first.kinds), faintest


def _grey_digits(first: CellGuess, second: CellGuess, inked: CellInk | None) -> bool:
    """Whether a cell's number read at the fainter level (``second``) should be shown rather than
    the one read at the usual level (``first``): both are numbers, the fainter one read with clearly
    more confidence (:data:`CLEARER`; as much, when it holds a digit more: one the usual level lost),
    and the cell's ink is grey (:data:`GREY_PEAK`), as small digits printed grey on a photographed
    page are: the usual level keeps only their strokes' cores. The cell stays asked either way."""
    if inked is None or not (first.token.isdigit() and second.token.isdigit()):
        return False
    lost = len(second.token) > len(first.token) and first.token in second.token  # (a 10's 1 cut away)
    if second.confidence < first.confidence + (0.0 if lost else CLEARER):
        return False
    h, w = inked.dark.shape
    middle = inked.dark[round(0.15 * h):round(0.85 * h), round(0.15 * w):round(0.85 * w)]
    return middle.size > 0 and float(np.percentile(middle, 99)) < GREY_PEAK


def grey_clues(board: Board, blocks: list[list[CellGuess | None]],
               guesses: list[list[CellGuess]]) -> list[list[CellGuess]]:
    """A board read without a single clue read again with its ink darkened as a faint grid's is
    (:func:`darkened`): small grey digits printed on a page and photographed small stand 0.11-0.24
    over their cell's paper (a 6x6 page of /tmp/vphoto31/pages train, 150 dpi, bench/README.md "vprint32"; its
    empty cells' specks 0.08 at most), below every ink level, so the board read as no clues at all
    and was refused. Every clue found so is asked about (read from marks that faint, none is sure);
    ``guesses`` as they were when none is found."""
    dark = darkened(board, board)
    if dark is board:
        return guesses
    again = read_all(dark, blocks)[0]
    if all(g.token == "." for row in again for g in row):
        return guesses
    return [[g if g.token == "." else replace(g, confidence=min(g.confidence, SURE - 0.1)) for g in row]
            for row in again]
