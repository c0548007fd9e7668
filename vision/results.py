"""What a picture was read as: :class:`Reading` (the board, its genres, its doubts) and :class:`Unclear`
(a board refused with most of its cells in doubt). Split from :mod:`vision.reading`, which makes them,
to keep that module under ~500 lines (it had grown to 511); other modules take the types from here."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from solvers.errors import ParseError
from solvers.genre import RegionUse
from solvers.puzzle import Puzzle, Regions
from solvers.reading import read_cells
from solvers.registry import GENRES
from vision.errors import Unreadable

# the confidence of a clue the genre taken holds as no clue or cannot hold (Reading.taken): asked as a cell the
# board puts in doubt is (vision.suspects.LOST), not as one read poorly
DROPPED = 0.5


@dataclass(frozen=True)
class CellRead:
    """A cell the reader is unsure of (0-based row and column), what it read, what else it may be."""

    row: int
    col: int
    token: str
    alternatives: tuple[str, ...]
    confidence: float


@dataclass(frozen=True)
class Reading:
    """A board read from a picture. ``genres``: the genres it may be, most likely first (more
    than one: ask the player); ``unsure``: the cells to confirm before solving; ``size_unsure``:
    the rows and columns themselves to confirm; ``regions``: the rooms thick lines cut the board
    into (None: no thick lines)."""

    rows: int
    cols: int
    tokens: tuple[tuple[str, ...], ...]
    genres: tuple[str, ...]
    unsure: tuple[CellRead, ...]
    seconds: float
    problem: ParseError | None = None  # why the tokens are no board of any genre (None: they are)
    size_unsure: bool = False  # the count of rows and columns itself is in doubt (faint or missing lines)
    regions: Regions | None = None
    # cells read with confidence that the board as a whole puts in doubt (a faint mark in a cell read
    # empty): added to ``unsure`` only once the reading is chosen, so they do not change which wins
    suspects: tuple[CellRead, ...] = ()
    # the count put in doubt by the board as a whole (a lattice short of its outline): merged into
    # ``size_unsure`` once the reading is chosen, as ``suspects`` are, on a reading asked about anyway
    size_suspect: bool = False
    # cells under PLAIN_CELL pixels of the picture: every cell (empty or with a clue) is asked about
    # too on a reading asked about anyway (a ring or digit this small is lost with no mark over the
    # noise, a digit misread with confidence; see vision.reading._suspected)
    small: bool = False
    # pixels of the picture sent a cell is (0.0: not known); under vision.small.SMALL_CELL the count
    # and every cell are asked even on a reading sure of them (vision.reading._suspected)
    cell: float = 0.0
    # cells the picture's rules (vision.suspects: lost clues, unseen empties, weak numbers, rings read
    # empty) name only on a reading asked about anyway, kept on one read sure: asked as well when a
    # genre taken asks about it (taken), as they would have been had it been asked when read
    if_asked: tuple[CellRead, ...] = ()

    @property
    def sure(self) -> bool:
        """Whether every cell and the size were read with confidence (solve without asking)."""
        return not self.unsure and not self.size_unsure

    def regions_for(self, genre: str) -> Regions | None:
        """The rooms as ``genre`` takes them: none for a genre without rooms or when they are the
        ones its pictures always draw (standard boxes, ``Genre.implied_regions``)."""
        return rooms_for(self.regions, genre, self.rows, self.cols)

    def grid_text(self, genre: str | None = None) -> str:
        """The rows of tokens, with each row's room ids after a ``|`` when the board has rooms."""
        name = genre or (self.genres[0] if self.genres else None)
        return "\n".join(" ".join(row) for row in _rows(self.tokens, self.regions_for(name) if name else self.regions))

    def text(self, genre: str | None = None) -> str:
        """The bot's own text notation (a header line with the genre, then the rows): paste it back to solve."""
        name = genre or (self.genres[0] if self.genres else None)
        try:
            p = self._board(name)
        except ParseError:
            return (f"{name}\n" if name else "") + self.grid_text(name)
        return "\n".join([p.kind.name, *p.grid_lines()])

    def taken(self, genre: str | None) -> tuple[Reading, Puzzle[Any] | None]:
        """The reading to answer with once ``genre`` is taken (None: none yet, the player to pick one
        of those listed) and its board (None: no genre taken, or the cells fit it not; the text
        reader then says why). The one place a reading becomes a board to solve (the bot, the CLI),
        so none forgets the clues to ask first: those the genre taken, or when none is any genre
        listed, holds as no clue or can hold nowhere there. The reader asks only a clue every
        genre listed does; solved as one that drops it, a ``0`` another genre keeps was lost."""
        reading = self
        for name in (genre,) if genre else self.genres:
            reading = reading._asked_as(name)
        if self.sure and not reading.sure:
            # (read sure, now asked about: the rules that ask only on a reading asked about anyway, the
            # picture's (if_asked), a small board's every cell, a count off square or short of its
            # outline, as if asked when read)
            from vision.reading import _suspected  # (vision.reading reads boards through this module)

            reading = _suspected(reading)
        if genre is None:
            return reading, None
        try:
            return reading, reading._board(genre)
        except ParseError:
            return reading, None

    def _asked_as(self, genre: str) -> Reading:
        """This reading with the clues ``genre`` drops (``vision.kinds.dropped_clues``) or cannot hold
        (``vision.kinds.impossible_clues``) asked, unless asked already."""
        from vision.kinds import dropped_clues, impossible_clues  # (vision.kinds reads boards through this module)

        named = {(u.row, u.col) for u in self.unsure}
        odd = dropped_clues(self.tokens, self.regions, (genre,), board_of) | impossible_clues(
            self.tokens, self.regions, (genre,))
        dropped = [CellRead(r, c, self.tokens[r][c], ("?",), DROPPED) for r, c in sorted(odd) if (r, c) not in named]
        if not dropped:
            return self
        return replace(self, unsure=tuple(sorted((*self.unsure, *dropped), key=lambda u: (u.row, u.col))))

    def _board(self, genre: str | None) -> Puzzle[Any]:
        """The board as ``genre``, its doubts not asked (ParseError if the cells fit it not): for
        :meth:`taken` and the notation of :meth:`text` only, so no caller solves a reading whose
        clues were never asked about (a public ``puzzle()`` and ``record()`` were, by tests alone)."""
        if genre is None:
            raise ParseError("no-board")
        return read_cells(_rows(self.tokens, self.regions_for(genre)), genre)


UNCLEAR_WORDS = ("I found a grid but could not make out most of its cells; send a sharper, better lit picture "
                 "taken straight on.")


class Unclear(Unreadable):
    """A board with most of its cells in doubt (refused as ``unclear``) holding the reading all the
    same, with how many pixels of its picture a cell is: a board whose lines are plain and whose
    cells are large (a person reads it) is shown with its doubts asked about rather than refused,
    when no other place of the picture was read (see :func:`vision.choose.asked_instead`)."""

    def __init__(self, reading: Reading, cell: float) -> None:
        super().__init__("unclear", UNCLEAR_WORDS)
        self.reading = reading
        self.cell = cell


def rooms_for(regions: Regions | None, genre: str, rows: int, cols: int) -> Regions | None:
    """``regions`` as ``genre`` takes them (see :meth:`Reading.regions_for`)."""
    g = GENRES[genre]
    if regions is None or g.regions is RegionUse.NONE or regions == g.implied_regions(rows, cols):
        return None
    return regions


def _rows(tokens: tuple[tuple[str, ...], ...], regions: Regions | None) -> list[list[str]]:
    if regions is None:
        return [list(row) for row in tokens]
    return [[*row, "|", *map(str, ids)] for row, ids in zip(tokens, regions, strict=True)]


def board_of(tokens: tuple[tuple[str, ...], ...], regions: Regions | None, genre: str) -> Puzzle[Any]:
    """The tokens (and rooms) as ``genre``'s board; ParseError when they are none."""
    return read_cells(_rows(tokens, rooms_for(regions, genre, len(tokens), len(tokens[0]))), genre)
