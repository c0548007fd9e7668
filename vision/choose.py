"""Choosing between the readings of a picture (the whole picture's, each place's): which one to
trust (:func:`chosen`), whether another size rivals it, a board refused for its doubts shown when
nothing else fits (:func:`fitting`, :func:`asked_instead`), and the cells two looks at one board
read otherwise (:func:`disputed`). Split from :mod:`vision.reading`, which reads them, to keep that
module under ~500 lines (it had grown to 517)."""

from __future__ import annotations

from dataclasses import replace

from vision.errors import Unreadable
from vision.results import CellRead, Reading, Unclear

PLAIN_CELL = 14.0  # a board refused for its doubts is shown with them when its lines are plain and its cells
# this many pixels of the picture or more (asked); also the size under which a board's cells are small
# (Reading.small: every empty cell asked on a reading asked about anyway; white rings and digits of 7-13 px
# cells lost unflagged, bench/README.md "Photos of puzz.link screenshots")


def fits(r: Reading) -> bool:
    """Whether some genre draws the clues of reading ``r``."""
    return bool(r.genres) and r.problem is None


def none_fits(tries: list[tuple[Reading, float] | Unreadable]) -> bool:
    """Whether something was read, and no reading fits a genre."""
    read = [t[0] for t in tries if isinstance(t, tuple)]
    return bool(read) and not any(fits(r) for r in read)


def fitting(tries: list[tuple[Reading, float] | Unreadable]) -> list[tuple[Reading, float]]:
    """The readings among ``tries``; when none lists a genre, a plain board refused for its doubts
    (:func:`asked_instead`) instead, if there is one: a grid of no puzzle read at another size
    than the places found is no better a guess than the board shown with its doubts and size asked.
    Not when a reading lists a genre that its clues fail (a ``problem``: a right-size board with a
    digit in doubt whose areas do not sum): that board, its doubt asked, is a better guess than
    one refused for its many doubts (reviewer B29)."""
    read = [t for t in tries if isinstance(t, tuple)]
    if read and not any(r.genres for r, _ in read) and (asked := asked_instead(tries)) is not None:
        return [(asked, 0.0)]
    return read


def asked_instead(tries: list[tuple[Reading, float] | Unreadable]) -> Reading | None:
    """Of a picture every reading of which was refused, the likeliest board refused only for its
    many doubtful cells whose lines were plain and cells :data:`PLAIN_CELL` pixels or more: a
    board a person reads clearly is shown with its doubts and its size asked about, not refused
    (a reading whose clues no genre draws stays refused: noise, a page of text; one of a faint
    grid deepened comes with every empty cell asked about, see :func:`_faint_suspects`)."""
    plain = [t.reading for t in tries if isinstance(t, Unclear) and t.cell >= PLAIN_CELL and t.reading.genres]
    if not plain:
        return None
    return replace(max(plain, key=goodness), size_unsure=True)


def chosen(read: list[Reading], counted: set[tuple[int, int]]) -> Reading:
    """The reading to trust most (:func:`goodness`), a reading at another size than the
    well-supported places looked at ranking as one whose size is in doubt; as good otherwise, one
    at a size they showed, then the last read. (A page's 6x6, read within its outline with its size
    asked, lost such a tie to its crop read 7x5 with as many doubts: bench/README.md, "Shaded grain".)"""
    return max(enumerate(read), key=lambda it: (goodness(_against(it[1], counted)),
                                                (it[1].rows, it[1].cols) in counted, it[0]))[1]


def _against(r: Reading, counted: set[tuple[int, int]]) -> Reading:
    """``r`` with its size in doubt when places were counted and none showed its size."""
    return replace(r, size_unsure=True) if counted and (r.rows, r.cols) not in counted else r


def size_rivalled(best: Reading, read: list[Reading], counted: set[tuple[int, int]]) -> bool:
    """Whether another place (or the whole picture) was read as a board of another size with its
    count sure (its cells may not be), or none of the places looked at showed ``best``'s size by its
    lines: which one is the board, or its count, is in doubt. (A photographed print's 8x8, its count
    sure but a cell in doubt, lost to a crop read as 8x7 with fewer doubts: a column short, and
    only the whole board read as sure named it.)"""
    if counted and (best.rows, best.cols) not in counted:
        return True
    return any(not r.size_unsure and r.genres and r.problem is None and (r.rows, r.cols) != (best.rows, best.cols)
               for r in read)


def goodness(r: Reading) -> tuple[bool, bool, bool, int]:
    """How much a reading is to be trusted: a genre fits, the size is sure, fewer unsure cells."""
    return bool(r.genres) and r.problem is None, not r.size_unsure, r.sure, -len(r.unsure)


def disputed(best: Reading, read: list[Reading], confidence: float) -> Reading:
    """``best`` with the cells that another reading of the same size, with some genre fitting it,
    gave otherwise suspected at ``confidence`` (the scaled-down copy and a crop at full resolution,
    two looks at the same board: where they differ, one is wrong, and the sure one may be)."""
    named = {(u.row, u.col) for u in (*best.unsure, *best.suspects)}
    other: dict[tuple[int, int], str] = {}
    for r in read:
        if r is best or (r.rows, r.cols) != (best.rows, best.cols) or not r.genres:
            continue
        for i, row in enumerate(r.tokens):
            for j, t in enumerate(row):
                if t != best.tokens[i][j] and (i, j) not in named:
                    other.setdefault((i, j), t)
    if not other:
        return best
    added = tuple(CellRead(i, j, best.tokens[i][j], (t,), confidence) for (i, j), t in other.items())
    return replace(best, suspects=tuple(sorted((*best.suspects, *added), key=lambda u: (u.row, u.col))))
