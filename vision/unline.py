"""A board's grid lines taken out and its clues' ink stretched dark (a crop of a photographed page
read again: its hairline grid smeared by blur wider than the cell reader's margins, its clues a
light grey)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.board import Board

# the clues once the lines are out: their darkest made this dark, at most so many times darker,
# when they are darker than the paper's noise at all
CLUE_DARK, MAX_STRETCH, NOISE_DARK = 0.8, 2.5, 0.2
GRAIN_SPREAD, MAX_GRAIN = 4.0, 0.25  # the paper's grain: its median and this many times its spread, at most
LINE_SPAN = 5  # cells along a grid line over which its darkness is taken
LINE_SLANT = 0.04  # a line's darkness taken also this share of a cell to either side


def unlined(board: Board) -> Board:
    """The board without its grid lines: on a page photographed small and blurred (a crop read
    enlarged), the lines are smeared wider than the cell reader's margins. A line is the median
    darkness along it over :data:`LINE_SPAN` cells about each cell (clues fill part of a cell
    only; a board with a clue in most cells has them taken for lines, so this is a second
    reading), so it is taken out whatever its width."""
    dark = 1.0 - board.paper
    x0, x1 = round(board.xs[0]), round(board.xs[-1])
    y0, y1 = round(board.ys[0]), round(board.ys[-1])
    base = float(np.median(dark[y0:y1, x0:x1]))
    pitch = float(np.median(np.diff(board.xs)))
    reach = max(1, round(pitch * LINE_SLANT)) * 2 + 1
    lines = np.zeros_like(dark)
    for edges, axis in ((board.ys, 0), (board.xs, 1)):
        cut = [round(e) for e in edges]
        cut[0], cut[-1] = 0, dark.shape[axis]  # (the margins outside take the outer cells' lines)
        found = np.zeros_like(dark)
        for i in range(len(cut) - 1):
            lo, hi = max(0, i - LINE_SPAN // 2), min(len(cut) - 1, i + LINE_SPAN // 2 + 1)
            if axis == 0:  # (lines down the board, measured over the rows about this one)
                found[cut[i]:cut[i + 1]] = np.median(dark[max(cut[lo], y0):min(cut[hi], y1)], axis=0)[None, :]
            else:
                found[:, cut[i]:cut[i + 1]] = np.median(dark[:, max(cut[lo], x0):min(cut[hi], x1)], axis=1)[:, None]
        # (widened across itself a little: a line left slightly slanted in its span)
        lines = np.maximum(lines, cv2.dilate(found, np.ones((1, reach) if axis == 0 else (reach, 1), np.uint8)))
    out = np.clip(dark - np.maximum(lines - base, 0.0), 0.0, 1.0)
    return replace(board, paper=(1.0 - out).astype(board.paper.dtype))


def stretched(board: Board, power: float = 1.0) -> Board:
    """The board's darkest ink (its clues, the lines taken out) brought to :data:`CLUE_DARK`
    (``power``: only so much of the way, as a power of the factor), the paper's grain taken off."""
    dark = 1.0 - board.paper
    inner = dark[round(board.ys[0]):round(board.ys[-1]), round(board.xs[0]):round(board.xs[-1])]
    if not inner.size:
        return board
    # (the paper's grain taken off first: its median and a few times its spread, which would be ink)
    mid = float(np.median(inner))
    grain = min(MAX_GRAIN, mid + GRAIN_SPREAD * 1.4826 * float(np.median(np.abs(inner - mid))))
    dark = np.clip((dark - grain) / (1.0 - grain), 0.0, 1.0)
    top = (float(np.percentile(inner, 99.8)) - grain) / (1.0 - grain)
    if top <= NOISE_DARK:
        return board
    k = min(MAX_STRETCH, max(1.0, CLUE_DARK / top)) ** power
    return replace(board, paper=(1.0 - np.clip(dark * k, 0.0, 1.0)).astype(board.paper.dtype))
