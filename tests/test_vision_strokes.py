"""A photographed page whose hairline grid is as faint as the paper's grain (issue 23, branch
vpage5): no ink level, plain or hairline, holds its lines, so no outline of ink is the board;
averaged along straight strokes the lines stand out of the grain and the place is found."""

from __future__ import annotations

import cv2
import numpy as np

from vision.grid import flatten
from vision.locate import _crossings, _judged, _quads, spots
from vision.strokes import deepened, faint_count

SIDE, N, CELL = 1000, 12, 20  # the page's side, the board's cells a side and pixels a cell


def grainy_page(seed: int, depth: float = 24.0, grain: float = 3.0,
                angle: float = 9.0) -> tuple[np.ndarray, np.ndarray]:
    """A grey page (paper 200) with an NxN hairline grid ``depth`` grey levels darker, a few dark
    discs, turned by ``angle``, blurred, with a blotchy grain of ``grain`` levels over it; and the
    board's outline."""
    rng = np.random.default_rng(seed)
    im = np.full((SIDE, SIDE), 200.0, np.float32)
    at = (SIDE - N * CELL) // 2
    end = at + N * CELL
    for k in range(N + 1):
        p = at + k * CELL
        im[at:end + 1, p] -= depth
        im[p, at:end + 1] -= depth
    for r, c in (divmod(int(i), N) for i in rng.choice(N * N, size=12, replace=False)):
        cv2.circle(im, (at + c * CELL + CELL // 2, at + r * CELL + CELL // 2), CELL // 4, 40.0, -1)
    turn = cv2.getRotationMatrix2D((SIDE / 2, SIDE / 2), angle, 1.0)
    turned = cv2.warpAffine(im, turn, (SIDE, SIDE), flags=cv2.INTER_LINEAR, borderValue=200.0)
    shot = cv2.GaussianBlur(turned, (0, 0), 0.8)
    blotches = cv2.GaussianBlur(rng.normal(0, 1, shot.shape).astype(np.float32), (0, 0), 1.2)
    shot += grain * blotches / float(blotches.std())
    corners = np.array([[at, at], [end, at], [end, end], [at, end]], np.float64)
    corners = np.hstack([corners, np.ones((4, 1))]) @ turn.T
    return np.clip(shot, 0, 255).astype(np.uint8), corners.astype(np.float32)


def _plain_spots(grey: np.ndarray) -> list[object]:
    """The places the plain ink levels and line crossings find (before the stroke ink is tried)."""
    paper = flatten(grey)
    return [s for s in (_judged(paper, q, 1.0, grey.shape) for q in _quads(paper) + _crossings(grey)) if s]


def test_a_grid_as_faint_as_the_grain_is_found_by_its_strokes() -> None:
    grey, corners = grainy_page(0)
    assert not _plain_spots(grey)  # (no ink level holds it: the case this is for)
    found = spots(grey, 3)
    assert found and (found[0].rows, found[0].cols) == (N, N) and found[0].faint > 0
    x0, y0 = corners.min(axis=0)
    x1, y1 = corners.max(axis=0)
    bx0, by0, bx1, by1 = found[0].box
    assert bx0 <= x0 and by0 <= y0 and bx1 >= x1 and by1 >= y1  # the whole board inside
    got = np.array(found[0].corners)
    assert np.abs(got - corners).max() < CELL / 4  # its outline on the outer lines


def test_a_faint_grid_is_counted_through_its_clues_and_a_loose_outline() -> None:
    grey, corners = grainy_page(3, angle=-5.0)
    paper = flatten(grey)
    loose = corners + (corners - corners.mean(axis=0)) * 0.06 + np.float32([4, -3])  # (a hull, wider and off)
    got = faint_count(paper, loose.astype(np.float32))
    assert got is not None and (got.rows, got.cols) == (N, N)
    assert np.abs(got.quad - corners).max() < CELL / 4


def test_plain_paper_and_its_grain_hold_no_faint_grid() -> None:
    rng = np.random.default_rng(5)
    paper = np.full((SIDE, SIDE), 200.0, np.float32)
    blotches = cv2.GaussianBlur(rng.normal(0, 1, paper.shape).astype(np.float32), (0, 0), 1.2)
    grey = np.clip(paper + 6.0 * blotches / float(blotches.std()), 0, 255).astype(np.uint8)
    assert spots(grey, 3) == []


def test_deepened_darkens_faint_lines_and_keeps_the_paper() -> None:
    page = np.full((200, 200), 230, np.uint8)
    page[:, 100] = 222  # (a hairline 0.035 darker than the paper)
    deep = deepened(page, 0.005)
    assert int(deep[50, 20]) >= 250  # the paper white
    assert 255 - int(deep[50, 100]) >= 2.5 * (255 - 222 * 255 / 230)  # the line some times deeper


def test_a_deepened_faint_grid_refused_as_unclear_still_suspects_its_empty_cells() -> None:
    """A faint grid's reading refused as unclear may still be shown (``_asked_instead``): it keeps
    every empty cell in doubt, as an accepted one does (its white rings are as faint as its lines)."""
    from vision.choose import asked_instead
    from vision.reading import _faint_suspects
    from vision.results import CellRead, Reading, Unclear

    tokens = (("1", ".", "."), (".", "W", "."), (".", ".", "2"))
    reading = Reading(rows=3, cols=3, tokens=tokens, genres=("shikaku",),
                      unsure=(CellRead(1, 1, "W", (".",), 0.5),), seconds=0.0)
    empties = {(r, c) for r in range(3) for c in range(3) if tokens[r][c] == "."}
    for got in (Unclear(reading, 30.0), (reading, 0.5)):
        out = _faint_suspects(got)
        held = out.reading if isinstance(out, Unclear) else out[0]
        assert {(u.row, u.col) for u in held.suspects} == empties
    asked = asked_instead([_faint_suspects(Unclear(reading, 30.0))])
    assert asked is not None and {(u.row, u.col) for u in asked.suspects} == empties
