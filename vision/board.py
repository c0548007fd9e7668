"""A straightened board (the picture's grid seen square on, its cell edges found) and the geometry
of straightening it. Split from :mod:`vision.grid` so that the ways of finding a board
(:mod:`vision.grid` for lines, :mod:`vision.dots` for dot lattices) share it without a cycle."""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from solvers.genre import Lattice

SIDE = 900  # pixels on the straightened board's longer side, at least


@dataclass(frozen=True)
class Board:
    """A straightened board: ``paper`` is 0 (ink) .. 1 (paper); ``xs``/``ys`` are its cell edges."""

    paper: np.ndarray
    xs: np.ndarray
    ys: np.ndarray
    dots: bool  # drawn as a lattice of dots, without lines between the cells
    clarity: float  # how clearly the lines stand out (lower: less sure of the count)
    support: float = 1.0  # how surely each inner edge is a line (0..1; low: the count may be wrong)
    zoom: float = 1.0  # straightened pixels per pixel of the picture (above 1: detail was interpolated)
    transform: np.ndarray | None = None  # picture -> ``paper`` coordinates (3x3 perspective)
    bare: bool = False  # no lines and no dots: the cells placed from the clues alone (islands)
    bend: tuple[np.ndarray, np.ndarray] | None = None  # a curled page's lines straightened (cv2.remap maps)

    @property
    def lattice(self) -> Lattice:
        return Lattice.NONE if self.bare else Lattice.DOTS if self.dots else Lattice.LINES

    def straighten(self, image: np.ndarray) -> np.ndarray:
        """Another view of the same picture (e.g. its tones before flattening) straightened as ``paper``."""
        h, w = self.paper.shape[:2]
        flat = image if self.transform is None else cv2.warpPerspective(
            image, self.transform, (w, h), flags=cv2.INTER_AREA, borderValue=1.0)
        if self.bend is not None:
            flat = cv2.remap(flat, *self.bend, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=1.0)
        return flat

    @property
    def rows(self) -> int:
        return len(self.ys) - 1

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def pitch(self) -> float:
        """A cell's smaller side, in pixels (the median over the board's columns and rows)."""
        return min(float(np.median(np.diff(self.xs))), float(np.median(np.diff(self.ys))))


def corners_ordered(pts: np.ndarray) -> np.ndarray:
    """Corners in the order top-left, top-right, bottom-right, bottom-left."""
    s = pts.sum(axis=1)
    d = np.diff(pts, axis=1).ravel()
    return np.array([pts[np.argmin(s)], pts[np.argmin(d)], pts[np.argmax(s)], pts[np.argmax(d)]], np.float32)


def even_edges(board: Board) -> Board:
    """The board with its outer cells as wide as the others: an outline taken at the frame's outer
    side makes them wider by the frame's thickness (a split cell's diagonal then misses its corners)."""

    def even(edges: np.ndarray) -> np.ndarray:
        if len(edges) < 4:
            return edges
        pitch = float(np.median(np.diff(edges[1:-1])))
        out = edges.astype(float).copy()
        if out[1] - out[0] > 1.04 * pitch:
            out[0] = out[1] - pitch
        if out[-1] - out[-2] > 1.04 * pitch:
            out[-1] = out[-2] + pitch
        return out

    return replace(board, xs=even(board.xs), ys=even(board.ys))
