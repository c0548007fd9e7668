"""From picture bytes to a :class:`Reading`: the grid, every cell's token, the genres it may be."""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace

import cv2
import numpy as np

from solvers.errors import ParseError
from solvers.genre import ClueKind, Lattice
from solvers.puzzle import Regions
from solvers.registry import get_genre
from vision.bend import unbend
from vision.blocks import read_block, unconfined
from vision.board import Board, even_edges
from vision.cellreads import cell_boxes, darkened, faint_rings, grey_clues, kept_doubts, read_all, steady
from vision.cells import RINGED, SURE, CellGuess
from vision.choose import PLAIN_CELL, asked_instead, chosen, disputed, fits, fitting, goodness, none_fits, size_rivalled
from vision.decode import decode_full, scaled_working
from vision.doubts import off_square, ragged
from vision.errors import Unreadable
from vision.grid import CLEAR, SUPPORTED, enlarged, find_board, flatten, straighten
from vision.islands import find_islands
from vision.kinds import candidates, odd_cells
from vision.locate import Spot, one_axis, outlined, part_of, same_place, spots
from vision.memo import one_reading
from vision.recount import part_dropped, part_read, recounted, size_asked, widened_place
from vision.results import UNCLEAR_WORDS, CellRead, Reading, Unclear, board_of
from vision.rooms import read_rooms
from vision.shade import lit, odd_side
from vision.sharpen import sharpened
from vision.sight import dots_beyond, left_out, runs_beyond, short_of_outline
from vision.small import SMALL_CELL, small_board, small_count, spot_cell
from vision.strokes import deepened
from vision.suspects import LOST, suspects
from vision.unline import stretched, unlined

UNCLEAR = 0.25  # a board with a larger share of unsure cells is refused (fewer: shown, its doubts named)
MIN_SIDE, MAX_SIDE = 5, 40
CROSSWORD_BLOCKS, CROSSWORD_SHARE = 10, 0.1  # this many plain black squares and nothing else: no puzzle
HALF_STRETCH = 0.5  # the second reading of a board without lines: its stretch, as a power (see steady)
CLOSE_SHARE = 0.25  # a board taking less of the picture than this is looked for again (see read_image)
CLOSE_LOOKS = 2  # places looked at again, the likeliest first
MORE_LOOKS = 2  # places looked at besides, when no reading fits a genre (see _more_places): bench/README.md
# "vpage8": the board's own outline was the first further place on /tmp/vpage2-pages own-...-04 300 dpi (behind
# two outlines of one place) and on the two other pictures mended there; no value but 2 was measured
WHOLE_SHARE = 0.8  # a place taking this share of the picture or more is the picture as a whole (read already)
WORK_CELL, MAX_BLOW = 24, 4.0  # a place's cells are read at least this many pixels wide, blown up at most so much
FINE_SCALE = 1.5  # a sure reading of cells under WORK_CELL read again from a crop if the picture is this much finer
FINE_BUDGET = 0.5  # ... unless this share of a given budget has passed: the budget stops only new places, and
# the bot's READ_LIMIT (10 s) is twice its READ_BUDGET (5 s); a sure reading is kept as it is then
DEFAULT_MAX_BYTES = 20_000_000
DEFAULT_MAX_PIXELS = 40_000_000


def read_image(data: bytes, *, genre: str | None = None, max_bytes: int = DEFAULT_MAX_BYTES,
               max_pixels: int = DEFAULT_MAX_PIXELS, budget: float | None = None) -> Reading:
    """Read the puzzle in a screenshot or photo; raises :class:`Unreadable` when there is none.
    ``budget``: seconds after which no further place is read again from a crop, the best reading so
    far kept, and past half of it a sure reading not checked again finer (a chat waits for its
    answer; without it every likely place is read)."""
    with one_reading():  # (what is remembered by content lasts this picture: vision.memo)
        return _read_image(data, genre=genre, max_bytes=max_bytes, max_pixels=max_pixels, budget=budget)


def _read_image(data: bytes, *, genre: str | None, max_bytes: int, max_pixels: int, budget: float | None) -> Reading:
    """:func:`read_image`, within one reading's memory."""
    start = time.perf_counter()
    forced = get_genre(genre).name if genre else None
    full = decode_full(data, max_bytes=max_bytes, max_pixels=max_pixels)
    grey, scale = scaled_working(full)
    first = _read_steady(grey, forced, scale=scale)
    sure = isinstance(first, tuple) and first[0].sure
    fine = _fine(first, scale, time.perf_counter() - start, budget)
    if isinstance(first, tuple) and sure and not fine and (first[1] >= CLOSE_SHARE or full.shape == grey.shape):
        return _suspected(replace(first[0], seconds=time.perf_counter() - start))
    if isinstance(first, tuple) and _whole(first, full, grey):
        return _suspected(replace(first[0], seconds=time.perf_counter() - start))
    # a board small in the picture, or read with doubts or not at all: look for boards all over the
    # picture by their lines and read each again from a crop of the picture at its own resolution
    tries, counted = [first], set[tuple[int, int]]()  # (counted: the counts of well-supported places looked at)
    until = None if budget is None else start + budget
    # (the picture as a whole read already, unless no grid was found in it: a board refused for its
    # doubts reads the same from a place the size of the picture, twice the time for nothing,
    # reviewer B29: 3.0 -> 7.1 s CPU on a low-resolution print of the harsh set, /tmp/vflag4 dev)
    whole_read = not (isinstance(first, Unreadable) and first.code == "no-grid")
    read_at: list[Spot] = []  # (places whose look gave a reading, not only refusals)
    for i, spot in enumerate(looked := spots(full, 1 if sure else CLOSE_LOOKS)):
        if until is not None and time.perf_counter() > until:
            break
        if any(part_of(spot, s) for s in looked[:i]):
            continue  # (part of a place read already: its readings are of part of the board)
        if any(same_place(spot, s) for s in read_at):
            continue  # (the same outline found twice, read already: bench/README.md "vphoto31")
        before = len(tries)
        got = _place_reads(full, spot, forced, tries, counted, whole_read, until)
        if any(isinstance(t, tuple) for t in tries[before:]):
            read_at.append(spot)
        if isinstance(got, tuple) and got[0].sure:
            break
    if looked and none_fits(tries) and (until is None or time.perf_counter() <= until):
        _more_places(full, looked, forced, tries, counted, whole_read, until)
    read = fitting(tries)
    if not read:
        assert isinstance(first, Unreadable)
        asked = asked_instead(tries)
        if asked is None:
            raise small_board(looked, first)  # (a board too small in the picture: the player told so)
        return _suspected(replace(asked, seconds=time.perf_counter() - start))
    readings = [r for r, _ in read]
    best = chosen(readings, counted)
    doubt = size_rivalled(best, readings, counted) or small_count(best.rows, best.cols, looked)
    if fine:
        best = disputed(best, readings, LOST)
    return _suspected(replace(best, seconds=time.perf_counter() - start, size_unsure=best.size_unsure or doubt))


def _more_places(full: np.ndarray, looked: list[Spot], forced: str | None,
                 tries: list[tuple[Reading, float] | Unreadable], counted: set[tuple[int, int]],
                 whole_read: bool, until: float | None = None) -> None:
    """Up to :data:`MORE_LOOKS` further places read into ``tries`` as the first ones are
    (:func:`_place_reads`), none the same as one ``looked`` at, when no reading so far fits a genre:
    the places' crops were refused and the whole picture was read as a grid of no puzzle (a sheet,
    its shadow and the clutter about it, read as a coarse lattice), while a third place, the board's
    own outline, was never looked at behind two outlines of the same place (bench/README.md,
    "vpage8"), nor any part of one looked at (:func:`vision.locate.part_of`). None begun past
    ``until``, nor after a place read as a board that fits a genre."""
    new = 0
    for spot in spots(full, len(looked) + MORE_LOOKS):
        if until is not None and time.perf_counter() > until:
            break
        if any(same_place(spot, s) or part_of(spot, s) for s in looked):
            continue
        before = len(tries)
        if _place_reads(full, spot, forced, tries, counted, whole_read, until) is None:
            continue
        looked.append(spot)
        new += 1
        if new == MORE_LOOKS or any(isinstance(t, tuple) and fits(t[0]) for t in tries[before:]):
            break  # (one fits a genre: the others would only be read to lose to it)


def _place_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[tuple[Reading, float] | Unreadable],
                 counted: set[tuple[int, int]], whole_read: bool,
                 until: float | None) -> tuple[Reading, float] | Unreadable | None:
    """A place looked at again, its readings added to ``tries`` (:func:`_spot_reads`); None when
    skipped as the picture as a whole (its box over :data:`WHOLE_SHARE` of it) read already
    (``whole_read``; refused, its place is read: bench/README.md "vscene3"). A faint grid's place
    is read as it is first, then, refused, with its darkness deepened, every empty cell of those
    readings suspected (:func:`_faint_suspects`), none begun past ``until``."""
    x0, y0, x1, y1 = spot.box
    if whole_read and (x1 - x0) * (y1 - y0) > WHOLE_SHARE * full.shape[0] * full.shape[1]:
        return None
    before = len(tries)
    got = _spot_reads(full, spot, forced, tries, counted)
    if spot.faint and not any(isinstance(t, tuple) for t in tries[before:]) and (
            until is None or time.perf_counter() <= until):
        got = _spot_reads(_faint_deepened(full, spot), spot, forced, tries, counted)
        tries[before:] = [_faint_suspects(t) for t in tries[before:]]
    return got


def _fine(first: tuple[Reading, float] | Unreadable, scale: float, passed: float = 0.0,
          budget: float | None = None) -> bool:
    """Whether a board read from the scaled-down working copy is to be read again from a crop of
    the picture at its own resolution though read sure and large in it: its cells under
    :data:`WORK_CELL` pixels there, and the picture sent :data:`FINE_SCALE` times finer or more (a
    whole page photographed at a phone's full resolution: its hairlines and thin rings thinned
    to nothing by the scaling). Never for a picture read as it is (every screenshot of 1400
    pixels or less, and larger ones whose cells are large: no time added), nor once ``passed``
    seconds are over :data:`FINE_BUDGET` of a ``budget`` given."""
    if budget is not None and passed > FINE_BUDGET * budget:
        return False
    if not isinstance(first, tuple) or scale < FINE_SCALE or first[0].cell <= 0.0:
        return False
    return first[0].cell / scale < WORK_CELL


def _spot_reads(full: np.ndarray, spot: Spot, forced: str | None, tries: list[tuple[Reading, float] | Unreadable],
                counted: set[tuple[int, int]]) -> tuple[Reading, float] | Unreadable:
    """A place's readings added to ``tries`` (its crop's, and within its outline when the crop's
    count is not the place's), its count to ``counted`` when well supported; the crop's reading, or
    the place's own when the crop's was dropped as part of it (a sure part stopped the search)."""
    x0, y0, x1, y1 = spot.box
    crop = full[y0:y1, x0:x1]
    blown = _blown_up(crop, spot)
    got = _read_steady(blown, forced, hairlines=True, scale=crop.shape[1] / blown.shape[1])
    if spot.support >= SUPPORTED:
        counted.add((spot.rows, spot.cols))
        if not (isinstance(got, tuple) and (got[0].rows, got[0].cols) == (spot.rows, spot.cols)):
            # (the crop's own search for the board failed or counted otherwise: the board read
            # within the outline the place was found by, at the picture's own resolution; not
            # when the crop read the place's count: a 17x17 read so with a digit in doubt won)
            inside = _inside(full, spot, forced)
            if part_read(got, inside):  # (the crop read part of the board the outline holds: not a rival)
                assert isinstance(got, tuple) and isinstance(inside, tuple)
                tries.append(kept := part_dropped(got, inside))
                return kept  # (not the part: the search stopped on it read sure, the board's own reading not)
            tries.append(inside)
    elif one_axis(spot):  # (its count rests on one axis's lines: read at it too, every reading's size asked)
        tries.append(size_asked(_inside(full, spot, forced)))
        got = size_asked(got)
    tries.append(_at_most(got, spot))
    return got


def _inside(full: np.ndarray, spot: Spot, forced: str | None) -> tuple[Reading, float] | Unreadable:
    """The board read within a place's outline at its count; first, when the lines about the
    outline show it more rows or columns (:func:`vision.recount.recounted`), within that outline at
    that count, its size asked (a count of part of the board, bench/README.md "vpage9")."""
    place = recounted(full, spot, WORK_CELL, MAX_BLOW)
    if place is not None:
        near, quad = outlined(full, place, WORK_CELL, MAX_BLOW)
        grown = _read_steady(near, forced, hairlines=True, outline=quad, count=(place.rows, place.cols))
        if isinstance(grown, tuple):
            return _at_most((replace(grown[0], size_unsure=True), grown[1]), place)
    near, quad = outlined(full, spot, WORK_CELL, MAX_BLOW)
    inside = _read_steady(near, forced, hairlines=True, outline=quad, count=(spot.rows, spot.cols))
    return _at_most(_past_place(inside, full, spot), spot)


def _past_place(got: tuple[Reading, float] | Unreadable, full: np.ndarray,
                spot: Spot) -> tuple[Reading, float] | Unreadable:
    """A board read within a place's outline with its count sure, its count asked when the
    lattice's lines run on past the outline in the picture around the place (its box widened by two
    cells: the place's own box may end at an outline found rows short, bench/README.md "vsize2")."""
    if not isinstance(got, tuple) or got[0].size_unsure:
        return got
    near, quad = outlined(full, widened_place(full, spot), WORK_CELL, MAX_BLOW)
    flat = flatten(near)
    board = straighten(flat, quad, every_level=True, count=(spot.rows, spot.cols))
    if board is None or (board.rows, board.cols) != (got[0].rows, got[0].cols) or not runs_beyond(board, flat):
        return got
    return replace(got[0], size_unsure=True), got[1]


def _faint_suspects(got: tuple[Reading, float] | Unreadable) -> tuple[Reading, float] | Unreadable:
    """A reading of a faint grid deepened, its empty cells suspected too: a clue drawn as faint as
    the lines (a hairline ring) is lost where they are only just found (on the tuning pages:
    every white ring of such a board read empty, bench/README.md "Photographed pages, fifth pass").
    A reading refused as unclear gets them too: it may still be shown with its doubts
    (:func:`asked_instead`)."""
    if isinstance(got, Unclear):
        return Unclear(_empties_suspected(got.reading), got.cell)
    return (_empties_suspected(got[0]), got[1]) if isinstance(got, tuple) else got


def _empties_suspected(r: Reading, every: bool = False) -> Reading:
    """``r`` with every empty cell (``every``: every cell) it is not already unsure of suspected."""
    named = {(u.row, u.col) for u in (*r.unsure, *r.suspects)}
    empty = tuple(CellRead(i, j, t, ("?",), LOST) for i, row in enumerate(r.tokens) for j, t in enumerate(row)
                  if (every or t == ".") and (i, j) not in named)
    return replace(r, suspects=tuple(sorted((*r.suspects, *empty), key=lambda u: (u.row, u.col))))


def _faint_deepened(full: np.ndarray, spot: Spot) -> np.ndarray:
    """``full`` with a faint grid's place deepened (:func:`vision.strokes.deepened`), else as it is."""
    if not spot.faint:
        return full
    x0, y0, x1, y1 = spot.box
    out = full.copy()
    out[y0:y1, x0:x1] = deepened(full[y0:y1, x0:x1], spot.faint)
    return out


def _whole(first: tuple[Reading, float], full: np.ndarray, grey: np.ndarray) -> bool:
    """Whether a reading in doubt is of a board that is the picture as a whole (its outline
    :data:`WHOLE_SHARE` of it or more, as a place looked at again is skipped), its count sure,
    read at the picture's own resolution: a crop shows the same pixels no finer and no other board
    fits beside it, so the places looked for again read the same doubts (a printed 20x20 board of
    small two-digit numbers: twice the time for nothing). Its doubts are asked about."""
    reading, share = first
    return share >= WHOLE_SHARE and not reading.size_unsure and bool(reading.genres) and full.shape == grey.shape


def _at_most(got: tuple[Reading, float] | Unreadable, spot: Spot) -> tuple[Reading, float] | Unreadable:
    """A crop's reading, its cells no larger than ``spot``'s in the picture (a crop is blown up to
    be read): if refused as unclear, as its box's cells; else, small (:attr:`Reading.small`) when
    its outline's cells (:func:`vision.small.spot_cell`; a turned outline's box is up to 1.4 times
    too wide) are under :data:`PLAIN_CELL`."""
    if isinstance(got, Unclear):
        return Unclear(got.reading, min(got.cell, spot.cell))
    if not isinstance(got, tuple):
        return got
    cell = float(min(got[0].cell, spot_cell(spot)) if got[0].cell > 0.0 else spot_cell(spot))  # (not numpy's)
    return replace(got[0], small=got[0].small or cell < PLAIN_CELL, cell=cell), got[1]


def _suspected(reading: Reading) -> Reading:
    """The chosen reading with its suspects asked about like its unsure cells, and a count one row
    or column off square (:func:`vision.doubts.off_square`) or short of its outline
    (:func:`vision.sight.short_of_outline`) asked about too when any cell is; a board of small
    cells asked about has every empty cell asked too (white rings and digits of 7-13-pixel cells
    lost unflagged: bench/README.md, "Photos of puzz.link screenshots"), and one of cells under
    :data:`vision.small.SMALL_CELL` pixels has them and its count asked even when read sure (as
    :func:`vision.small.small_count` asks a place's: a whole picture read sure at that size was not);
    such a board's clues are asked with its empty cells (a digit misread with confidence). A reading
    read sure and asked after (its size by a place's count, a rival's, one axis's lines; a genre
    taken) asks its picture's asked-only cells too (``Reading.if_asked``), as if asked when read."""
    unsure = tuple(sorted((*reading.unsure, *reading.suspects), key=lambda u: (u.row, u.col)))
    tiny = 0.0 < reading.cell < SMALL_CELL  # (a count and clues a pixel or two apart: asked even when sure)
    if reading.if_asked and (unsure or reading.size_unsure or tiny):  # (read sure, asked after: rev32b)
        named = {(u.row, u.col) for u in unsure}
        unsure = tuple(sorted((*unsure, *(u for u in reading.if_asked if (u.row, u.col) not in named)),
                              key=lambda u: (u.row, u.col)))
    if (reading.small or tiny) and (unsure or reading.size_unsure or tiny):
        # (its clues too: a digit of such cells misread with confidence, on boards asked about
        # cell by cell but for it, bench/README.md "vsize2")
        unsure = _empties_suspected(replace(reading, unsure=(), suspects=unsure), every=True).suspects
    size_unsure = reading.size_unsure or tiny or (bool(unsure) and (off_square(reading.rows, reading.cols)
                                                                    or reading.size_suspect))
    if len(unsure) == len(reading.unsure) and size_unsure == reading.size_unsure:
        return reading
    return replace(reading, unsure=unsure, suspects=(), size_unsure=size_unsure, size_suspect=False)


def _read_steady(grey: np.ndarray, forced: str | None, hairlines: bool = False, outline: np.ndarray | None = None,
                 count: tuple[int, int] | None = None, scale: float = 1.0) -> tuple[Reading, float] | Unreadable:
    """:func:`_read_grey`, and when that reading is in doubt or refused, again with a shaken
    camera's streak undone (:mod:`vision.sharpen`; only when the picture shows one). The
    deconvolved picture's reading wins unless it fits a genre or its size less well: smeared
    strokes read wrong often enough with no more doubts than the sharpened ones (a sharp picture
    read with confidence is never deconvolved)."""
    try:
        got: tuple[Reading, float] | Unreadable = _read_grey(grey, forced, hairlines, outline, count, scale)
    except Unreadable as e:
        got = e
    if isinstance(got, tuple) and got[0].sure:
        return got
    sharp = sharpened(grey)
    if sharp is grey:
        return got
    try:
        again = _read_grey(sharp, forced, hairlines, outline, count, scale)
    except Unreadable:
        return got
    return again if isinstance(got, Unreadable) or goodness(again[0])[:2] >= goodness(got[0])[:2] else got


def _blown_up(crop: np.ndarray, spot: Spot) -> np.ndarray:
    """A crop around a spot scaled so its cells are :data:`WORK_CELL` pixels or more (a board a
    few pixels a cell on a photographed page: the outline search, the blank-picture and line tests
    were made for cells this large), cubically; else as :func:`scaled_working` takes it."""
    cell = spot.cell
    if cell >= WORK_CELL:
        return scaled_working(crop)[0]
    f = min(MAX_BLOW, WORK_CELL / max(cell, 1.0))
    return cv2.resize(crop, (round(crop.shape[1] * f), round(crop.shape[0] * f)), interpolation=cv2.INTER_CUBIC)


def _read_grey(grey: np.ndarray, forced: str | None, hairlines: bool = False,
               outline: np.ndarray | None = None, count: tuple[int, int] | None = None,
               scale: float = 1.0) -> tuple[Reading, float]:
    """The board in a grey picture, and the share of the picture its outline takes; ``hairlines``:
    a faint thin frame may be the board's (a crop of a photo where a board was seen): looked for
    when no board is found without (hairline ink outlines text and shading too); ``outline``: the
    board's corners in ``grey``, known already (not looked for); ``scale``: pixels of the picture
    sent a pixel of ``grey`` is (a picture is scaled down to be read, a crop blown up)."""
    start = time.perf_counter()
    board = None if outline is not None else find_islands(grey)
    if outline is not None:
        board = straighten(flatten(grey), outline, every_level=True, count=count)
        if board is None:
            raise Unreadable("no-grid", "I could not find a puzzle grid in that picture; send a straight, sharp "
                                        "screenshot or photo with the whole grid in view.")
    elif board is None:
        try:
            board = find_board(grey)
        except Unreadable:
            if not hairlines:
                raise
            board = find_board(grey, hairlines=True)
        if hairlines and board.support < SUPPORTED:  # (a few lines seen: the hairlines may be the rest)
            with contextlib.suppress(Unreadable):
                hair = find_board(grey, hairlines=True)
                # (but another count only if as clear as the one read without them, or plainly
                # read: the hairlines of a photo shaken along one axis put "lines" on a coarser
                # lattice's edges too)
                same = (hair.rows, hair.cols) == (board.rows, board.cols)
                plain = 0.0 if same else min(board.clarity, CLEAR)
                board = max((board, hair), key=lambda b: (b.support >= SUPPORTED and b.clarity >= plain, b.clarity))
    if not (MIN_SIDE <= board.rows <= MAX_SIDE and MIN_SIDE <= board.cols <= MAX_SIDE):
        raise Unreadable("grid-size", f"I counted {board.rows}x{board.cols} cells, which is no board I can "
                                      "read; send a picture of a grid of 5x5 to 40x40 cells.")
    board = unbend(even_edges(enlarged(board, grey)))
    board, tone = lit(board, grey)
    boxes = cell_boxes(board)
    blocks = [[None if board.bare else read_block(tone, board.paper, *box) for box in row] for row in boxes]
    for r, c in unconfined(tone, boxes, blocks):
        blocks[r][c] = None
    filled = frozenset((r, c) for r, row in enumerate(blocks) for c, g in enumerate(row) if g is not None)
    rooms = read_rooms(board, filled) if board.lattice is Lattice.LINES else None
    lined = board  # (its rooms' borders kept: how well each cell's lines are seen, see sight.unseen_empties)
    if rooms:
        board = replace(board, paper=rooms.erase(board))
    guesses, kinds_seen, hairline = read_all(board, blocks)
    if hairlines:
        guesses = faint_rings(darkened(board, board), guesses)
    if hairlines and board.lattice is Lattice.LINES and _doubts(guesses):
        # (a crop read with doubts: again without its grid lines, which win with fewer doubts;
        # not first: a board full of clues, circles in most cells, has them taken for lines)
        clean = unlined(board)
        other = read_all(stretched(clean), blocks)[0]
        # (blurred strokes stretched dark may close up: a 2 or a 6 read as an 8)
        other = steady(other, read_all(stretched(clean, HALF_STRETCH), blocks)[0])
        other = faint_rings(darkened(board, clean), other)
        other = kept_doubts(guesses, other)
        if _doubts(other) < _doubts(guesses):
            guesses = other
    if hairlines and rooms is None and all(g.token == "." for row in guesses for g in row):
        guesses = grey_clues(board, blocks, guesses)  # (grey digits below every ink level: "vprint32")
    if board.bare:  # (its rings taken out: every number was in one)
        guesses = [[replace(g, kinds=RINGED) if g.clue_kinds() == {ClueKind.NUMBER} else g for g in row]
                   for row in guesses]
    regions = rooms.regions if rooms else None
    style = board.lattice
    for r, c in odd_cells(guesses, regions is not None, style, forced):
        g = guesses[r][c]
        guesses[r][c] = CellGuess(g.token, min(g.confidence, SURE - 0.1), g.alternatives, g.kinds)
    tokens = tuple(tuple(g.token for g in row) for row in guesses)
    inked = sum(t != "." for row in tokens for t in row)
    if regions is None and (inked == 0 or (forced is None and _crossword(tokens, inked))):
        raise Unreadable("no-clues", "I found a grid but no clues in it; send a picture of the puzzle "
                                     "with its circles or numbers.")
    doubtful = rooms.doubtful if rooms else frozenset()
    unsure = tuple(
        CellRead(r, c, g.token, g.alternatives, round(g.confidence, 2) if (r, c) not in doubtful else 0.0)
        for r, row in enumerate(guesses) for c, g in enumerate(row) if g.confidence < SURE or (r, c) in doubtful
    )
    unclear = len(unsure) > max(3, UNCLEAR * board.rows * board.cols)
    if unclear and not (board.clarity >= CLEAR and board.support >= SUPPORTED):
        raise Unreadable("unclear", UNCLEAR_WORDS)
    kinds = [[g.clue_kinds() for g in row] for row in guesses]
    genres, problem = candidates(tokens, kinds, regions, style, forced, board_of)
    misfit, shapeless = _form_doubts(tokens, regions, genres, problem)
    unsure += tuple(CellRead(r, c, guesses[r][c].token, guesses[r][c].alternatives, 0.0)
                    for r, c in sorted(misfit - {(u.row, u.col) for u in unsure}))
    # (no genre fits at all: a picture that is no board, a grid in clutter, or rows and columns
    # miscounted; the reading is wrong somewhere the cells named may not cover, so the size is asked)
    # (lines running on through a strip of the outline left out, or past the outline: a row or
    # column of the board uncounted, bench/README.md "vsize2"; a dot lattice's faint outer dots
    # left out, "vflag5")
    size_unsure = (board.clarity < 1.6 or board.support < SUPPORTED or shapeless or not genres or odd_side(board)
                   or ragged(board) or left_out(lined) or runs_beyond(lined, flatten(grey))
                   or dots_beyond(lined, flatten(grey)))
    named = {(u.row, u.col) for u in unsure}
    suspected, if_asked = suspects(board, lined, guesses, kinds_seen, hairline, tokens, regions, genres,
                                   problem is not None, named, asked=bool(unsure) or size_unsure)
    cell = float(np.median(np.diff(board.xs))) / board.zoom * scale  # (pixels of the picture sent)
    reading = Reading(rows=board.rows, cols=board.cols, tokens=tokens, genres=genres, unsure=unsure,
                      suspects=suspected, seconds=time.perf_counter() - start, problem=problem, size_unsure=size_unsure,
                      regions=regions, size_suspect=short_of_outline(board), small=cell < PLAIN_CELL,
                      cell=cell, if_asked=if_asked)
    if unclear:
        raise Unclear(reading, cell)
    return reading, _share(board, grey)


def _crossword(tokens: tuple[tuple[str, ...], ...], inked: int) -> bool:
    """Whether the board holds only plain black squares, and many (a crossword's look, its numbers
    unread or absent): a puzzle drawn with blocks numbers some of them. A small board with a few
    plain blocks is still read (the own corpus holds a 5x5 one with two)."""
    plain = sum(t == "#" for row in tokens for t in row)
    return plain == inked and plain >= max(CROSSWORD_BLOCKS, CROSSWORD_SHARE * len(tokens) * len(tokens[0]))


def _doubts(guesses: list[list[CellGuess]]) -> int:
    """How many cells were read with less confidence than :data:`SURE`."""
    return sum(g.confidence < SURE for row in guesses for g in row)


def _share(board: Board, grey: np.ndarray) -> float:
    """The board's outline as a share of the picture's area (1.0 when not known)."""
    if board.transform is None:
        return 1.0
    h, w = board.paper.shape[:2]
    corners = np.array([[[0, 0], [w, 0], [w, h], [0, h]]], np.float32)
    quad = cv2.perspectiveTransform(corners, np.linalg.inv(board.transform))[0]
    return float(cv2.contourArea(quad)) / float(grey.shape[0] * grey.shape[1])


def _form_doubts(tokens: tuple[tuple[str, ...], ...], regions: Regions | None, genres: tuple[str, ...],
                 problem: ParseError | None) -> tuple[frozenset[tuple[int, int]], bool]:
    """Why the reading is no board of its likeliest genre, as doubts to ask about (a misread
    character can make a sum no run can hold): the cells the genre's form check names, and
    whether it named none (a board of the wrong shape: rows, columns or rooms miscounted)."""
    if problem is None or not genres:
        return frozenset(), False
    try:
        board_of(tokens, regions, genres[0])
    except ParseError as e:
        cells = frozenset((r, c) for r, c in e.cells if 0 <= r < len(tokens) and 0 <= c < len(tokens[0]))
        clues = frozenset((r, c) for r, c in cells if tokens[r][c] != ".")  # (not the empty cells of a run)
        return clues or cells, not cells
    return frozenset(), False


