"""Doubts a reading sure of its cells may still deserve (no genre named): a board's count of rows
and columns from its geometry alone (the wrong grid), and empty cells holding a faint mark (a
clue lost whole, or a blurred disc read as a number)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from vision import kindnet
from vision.board import Board
from vision.cells import HAIRLINE_INK, CellGuess, CellInk, cell_dark, cell_ink, ink_of, inked_share

RAGGED = 0.7  # an outer row or column narrower than this share of the others: the outline is off the lines
LOST_SHARE = 0.002  # share of an empty cell that faint ink must cover to be a lost clue (a few pixels)
LOST_OVER_NOISE = 3.0  # ... and how many times the board's usual empty cell (its LOST_NOISE_PCT percentile)
LOST_NOISE_PCT = 90
LOST_EMPTIES = 8  # fewer empty cells: no usual level to compare with
GREY_PAPER = 0.1  # paper darker than this (median of the cell) raises the faint level by the excess
LOST_NUMBER = 0.5  # the kind judge's number probability from which a faint mark alone is doubted
DISC_LIKE = 0.9  # the kind judge's disc probability above which a number read with confidence is doubted
NOT_NUMBERS = frozenset({".", "W", "B", "#", "?"})  # tokens the reader gives to what is no number


def ragged(board: Board) -> bool:
    """Whether an outer row or column is much narrower than the inner ones. Every genre draws
    square cells of one size, and the outline of a board read right lies on its frame, so its
    outer cells are as wide as the rest; a narrow one means the outline is not the frame (paper
    texture or part of a larger grid taken for the board, a row lost or cut), so the count is
    in doubt. (A 10x7 print in a photo of a carpet read as a 5x7 grid of its weave: outer cells
    0.45-0.7 of the others.) A board without lines (its edges laid out from its clues) is not judged."""
    if board.bare:
        return False
    for edges in (board.xs, board.ys):
        if len(edges) < 4:
            continue
        sides = np.diff(np.asarray(edges, dtype=float))
        pitch = float(np.median(sides[1:-1]))
        if pitch > 0 and min(float(sides[0]), float(sides[-1])) < RAGGED * pitch:
            return True
    return False


def off_square(rows: int, cols: int) -> bool:
    """Whether the count is one row or column off square: published boards are square or plainly
    oblong (7 of the shared corpus's 431 boards differ by one), and a photographed square board
    that lost its edge row or column reads so (a 10x10 print read 9x10, its top row cut, with ten
    cells asked about but its size sure; all ten readings so of the tuning photos measured
    were of square boards). Asked only on a reading asked about anyway: the oblong screenshots
    read sure (5x6, 6x7, 9x10, 10x9, 18x19) keep no question."""
    return abs(rows - cols) == 1


def lost_clues(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float, asked: bool = False,
               known: Mapping[tuple[int, int], CellInk] | None = None) -> frozenset[tuple[int, int]]:
    """The cells read empty with confidence that still hold a faint mark standing out from the
    board's own empty cells: a clue lost whole (a small digit washed out or blurred below the
    reader's ink levels; a faint ring with ink all round is the kind judge's, see
    ``kindnet._inked``) is read as empty with full confidence, and solved as such. The mark
    is ink :data:`HAIRLINE_INK` darker than the cell's paper, the grid lines' remnants taken out,
    over :data:`LOST_SHARE` of the cell and :data:`LOST_OVER_NOISE` times the board's usual empty
    cell (the paper's grain, a photo's noise), in a cell the kind judge (:mod:`vision.kindnet`)
    calls a number (or one in a circle) more likely than not, on clear paper (below
    :data:`GREY_PAPER`): faint marks the judge calls empty or a ring were shadows' edges and arcs
    on clean cells of exact scenes (three dev pictures), and a shadow's edge across a grey cell
    it called a number (a fourth); the lost numbers of a 26x26 scene it called numbers (0.8-0.94),
    on paper 0.03-0.07 dark. On a
    reading asked about anyway (``asked``: other doubts), or once one such mark is found, any mark
    over that noise is named: the player is asked already, and lost clues come several at a time
    (a 26x26 scene lost 20, three of them under 0.2% of their cell, two called empty). ``known``:
    cells' ink at :data:`HAIRLINE_INK` found already (see :func:`empty_marks`)."""
    marks = empty_marks(board, guesses, sure, known)
    if len(marks) < LOST_EMPTIES:
        return frozenset()
    noise = LOST_OVER_NOISE * float(np.percentile([share for share, _ in marks.values()], LOST_NOISE_PCT))
    if asked:
        return frozenset(cell for cell, (share, _) in marks.items() if share > noise)
    seen = [(cell, dark) for cell, (share, dark) in marks.items()
            if share >= max(LOST_SHARE, noise) and float(np.median(dark)) < GREY_PAPER]
    if not seen:
        return frozenset()
    numbers = [kindnet.KINDS.index(k) for k in (kindnet.Kind.NUMBER, kindnet.Kind.CIRCLED)]
    prob = kindnet.probabilities(np.stack([kindnet.features(dark) for _, dark in seen]))
    if all(float(p[numbers].sum()) < LOST_NUMBER for p in prob):
        return frozenset()
    return frozenset(cell for cell, (share, _) in marks.items() if share > noise)


def empty_marks(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float,
                known: Mapping[tuple[int, int], CellInk] | None = None
                ) -> dict[tuple[int, int], tuple[float, np.ndarray]]:
    """Each cell read empty with confidence ``sure`` or more: the share of it darker than
    :data:`HAIRLINE_INK`, raised by as much as the cell's paper is darker than :data:`GREY_PAPER`
    (a shadow or a grey wash over the cell is no mark; a photo's greyish paper keeps the level:
    the 26x26 scene's faint numbers sit on paper 0.07 dark), the grid lines' remnants taken out;
    and its crop's darkness. ``known``: cells of ``board`` whose ink at :data:`HAIRLINE_INK` was
    found already (by ``vision.cellreads.read_twice``, from the same crops), not found again."""
    known = known or {}
    out = {}
    for r, row in enumerate(guesses):
        for c, g in enumerate(row):
            if g.token == "." and g.confidence >= sure:
                box = (float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]), float(board.ys[r + 1]))
                dark = cell_dark(board.paper, *box)
                if dark is None:
                    continue
                paper = float(np.median(dark)) - GREY_PAPER
                found = ink_of(dark, HAIRLINE_INK + paper) if paper > 0.0 else known.get((r, c)) or \
                    ink_of(dark, HAIRLINE_INK)
                out[r, c] = (inked_share(found.ink), found.dark)
    return out


def discs_read_as_numbers(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float,
                          known: Mapping[tuple[int, int], np.ndarray] | None = None) -> frozenset[tuple[int, int]]:
    """The cells read as plain numbers with confidence that the learned kind judge
    (:mod:`vision.kindnet`) calls a disc with probability :data:`DISC_LIKE` or more: a black disc
    blurred into a blob leaves white gaps the character reader may take for a digit's strokes.
    ``known``: the judge's probabilities for cells of ``board`` already judged (their crops at the
    usual ink level, ``kindnet.judged``), not cropped and judged again."""
    known = known or {}
    cells = [(r, c) for r, row in enumerate(guesses) for c, g in enumerate(row)
             if not g.kinds and g.confidence >= sure and g.token not in NOT_NUMBERS]
    darks = []
    for r, c in cells:
        if (r, c) in known:
            continue
        found = cell_ink(board.paper, float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]),
                         float(board.ys[r + 1]))
        if found is not None:
            darks.append(((r, c), found.dark))
    judged = [(cell, known[cell]) for cell in cells if cell in known]
    if darks:
        prob = kindnet.probabilities(np.stack([kindnet.features(d) for _, d in darks]))
        judged += [(cell, p) for (cell, _), p in zip(darks, prob, strict=True)]
    disc = kindnet.KINDS.index(kindnet.Kind.DISC)
    return frozenset(cell for cell, p in judged if float(p[disc]) >= DISC_LIKE)


# A number read with confidence whose digits the learned glyph reader gives less than this (the
# product of its probabilities) is named (on a reading asked about anyway, when the caller passes
# weak_numbers' ``asked``): the two readers agreed on it, but not without doubt. Measured
# (bench/README.md, "vflag5" and its review mends): the one sure number read wrong on the tuning
# sets, a 16 read 14 on a scene (the 4 at 0.94, the 1 at 0.89), 0.835, on a reading asked about; the
# sure numbers of exact readings 0.903 or more (a half of a split sum; 32 vc-sets dev screenshots of
# black blocks, sums and arrows), 0.959 on 275 other readings; but a clean OpenCV Hershey 3 reads
# 0.847-0.867 (simplex, complex, plain: 10 of 300 drawn numbers under 0.9; DejaVu, Liberation,
# FreeSans, Noto 0.979 or more), so on every reading a clear drawn board would be asked (only an
# asked reading's numbers were ever under 0.9 and wrong).
WEAK = 0.9


def weak_numbers(guesses: Sequence[Sequence[CellGuess]], sure: float, asked: bool) -> frozenset[tuple[int, int]]:
    """The cells read as a number with confidence ``sure`` or more whose digits the learned reader
    (``vision.glyphnet``) gives a probability under :data:`WEAK`: two readers agreeing is no
    confidence when one of them barely does (see :data:`vision.glyphs.AGREED` for the torn ones).
    None when ``asked`` is False (the reading is sure of everything else): a clean font's digit runs
    as low as the misread one did (see :data:`WEAK`), and a clear board would be questioned."""
    if not asked:
        return frozenset()
    return frozenset((r, c) for r, row in enumerate(guesses) for c, g in enumerate(row)
                     if g.token not in NOT_NUMBERS and g.confidence >= sure and g.learned < WEAK)


# The kind judge's ring probability from which an empty cell read with confidence is named, on a
# reading asked about anyway. Measured (bench/README.md, "vring31"): the thin white rings of a
# 300-dpi print photographed at 17.6 px a cell (a 10x10 page of /tmp/vpage9/seed dev), read empty with no
# doubt after the board without its lines won, 0.72-0.98 (five cells); the 72 truly empty cells of
# that board 0.59 at most. Shadow edges reach 0.99 on clean cells of sure shadow scenes, so only an
# asked reading's cells, on clear paper (kindnet.CLEAR), are named.
RING_EMPTY = 0.7


def ring_empties(board: Board, guesses: Sequence[Sequence[CellGuess]], sure: float,
                 known: Mapping[tuple[int, int], np.ndarray], asked: bool) -> frozenset[tuple[int, int]]:
    """The cells read empty with confidence ``sure`` or more that the kind judge (its probabilities
    ``known``, from ``kindnet.judged``) calls a ring with probability :data:`RING_EMPTY` or more,
    on clear paper (the crop's median darkness under ``kindnet.CLEAR``), when ``asked`` (the
    reading has other doubts): a thin ring broken into blocks by a photo's compression is read empty
    where no ink level or ring profile finds it whole, and the no-lines reading that wins lifts the
    doubts the lined one had about it (``cellreads.kept_doubts``). None on a reading sure of the rest."""
    if not asked:
        return frozenset()
    ring = kindnet.KINDS.index(kindnet.Kind.RING)
    out = set()
    for (r, c), p in known.items():
        g = guesses[r][c]
        if g.token != "." or g.confidence < sure or float(p[ring]) < RING_EMPTY:
            continue
        dark = cell_dark(board.paper, float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]),
                         float(board.ys[r + 1]))
        if dark is not None and float(np.median(dark)) < kindnet.CLEAR:
            out.add((r, c))
    return frozenset(out)


# A board whose white rings are at the edge of sight: when this many of its cells read empty are asked
# as possible rings (faint ink in the middle, or a ring judged so: "W" offered) ...
FAINT_RINGS = 3
# ... and they are at least this share of every ring seen (those read as rings plus those asked), its
# other empty cells are no surer. Measured (bench/README.md, "vprint32"): a 10x10 page of rings printed at
# 300 dpi and photographed at 22 px a cell (/tmp/vphoto31/pages train, its first fault): of its 20 white
# rings one read a ring, 13 were asked (9 by their faint middle, 4 by the judge) and 5 read empty with
# full confidence, the judge calling them rings at 0.14-0.43 (truly empty cells up to 0.69) and their
# middles no darker than the empty cells' (0.028-0.035 against up to 0.028): no cell-level test tells them
# apart, so the board's doubt is their doubt.
FAINT_RING_SHARE = 0.5


def faint_ring_board(guesses: Sequence[Sequence[CellGuess]], sure: float,
                     named: frozenset[tuple[int, int]] = frozenset()) -> frozenset[tuple[int, int]]:
    """The empty cells read with confidence ``sure`` or more on a board most of whose rings seen were
    seen only faintly (:data:`FAINT_RINGS`, :data:`FAINT_RING_SHARE`): asked as possible rings, or
    ``named`` (cells read empty named as rings by another rule, :func:`ring_empties`). A ring that
    faint is missed as often as it is seen, so every empty cell of that board is in doubt; a board
    whose rings read plainly (most of them read "W" with confidence) is left alone. The reading is
    asked about already (its faint rings), so this only widens a question."""
    faint = {(r, c) for r, row in enumerate(guesses) for c, g in enumerate(row)
             if g.token == "." and g.confidence < sure and "W" in g.alternatives} | set(named)
    plain = sum(g.token == "W" and g.confidence >= sure for row in guesses for g in row)
    if len(faint) < FAINT_RINGS or len(faint) < FAINT_RING_SHARE * (len(faint) + plain):
        return frozenset()
    return frozenset((r, c) for r, row in enumerate(guesses) for c, g in enumerate(row)
                     if g.token == "." and g.confidence >= sure and (r, c) not in faint)
