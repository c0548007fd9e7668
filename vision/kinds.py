"""Which genres a reading may be, through the genre interface: the kinds of clue each genre's
pictures show (``Genre.picture_clues``), how they draw the grid (``Genre.lattice``), and whether
the tokens are a board of the genre at all. Nothing here names a genre.

A genre fits a picture when every clue read is of a kind it draws (a circled number may be an
island or a number), rooms were read only if it has rooms, and its pictures draw the lattice seen
(a picture without lines is only a genre drawn so). Of those, the genres that draw no kind the
picture lacks come first; the text reader's detection orders them, and when it names several
the player is asked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from solvers.errors import ParseError
from solvers.genre import ClueKind, Genre, Lattice
from solvers.puzzle import Puzzle, Regions
from solvers.reading import AmbiguousGenre, read_board
from solvers.registry import GENRES
from vision.cells import CellGuess
from vision.results import rooms_for

Kinds = Sequence[Sequence[frozenset[ClueKind]]]
Tokens = tuple[tuple[str, ...], ...]
BoardOf = Callable[[Tokens, Regions | None, str], Puzzle[Any]]


def drawn_so(g: Genre[Any, Any], style: Lattice) -> bool:
    """Whether the genre's pictures may look like this: bare pictures are only of bare genres (and
    the other way round); a dot lattice or lines only make a genre likelier."""
    return (g.lattice is Lattice.NONE) == (style is Lattice.NONE)


def misfits(g: Genre[Any, Any], kinds: Kinds, rooms: bool) -> list[tuple[int, int]]:
    """The cells holding a clue the genre does not draw (every cell, if it has no rooms and rooms were read)."""
    out = [(r, c) for r, row in enumerate(kinds) for c, k in enumerate(row) if k and not k & g.picture_clues]
    if rooms and ClueKind.REGION_BORDER not in g.picture_clues:
        out += [(r, c) for r, row in enumerate(kinds) for c in range(len(row)) if (r, c) not in out]
    return out


def odd_cells(guesses: list[list[CellGuess]], rooms: bool, style: Lattice, forced: str | None) -> list[tuple[int, int]]:
    """Cells to ask about because no genre (or not the chosen one) draws them beside the rest: the
    clues the genre that fits best lacks (of several such genres, all their misfits)."""
    kinds = [[g.clue_kinds() for g in row] for row in guesses]
    if forced:
        g = GENRES[forced]
        return [(r, c) for r, row in enumerate(kinds) for c, k in enumerate(row) if k and not k & g.picture_clues]
    scored = [misfits(g, kinds, rooms) for g in GENRES.values() if drawn_so(g, style)]
    fewest = min((len(m) for m in scored), default=0)
    if fewest == 0:
        return []
    return sorted({cell for m in scored if len(m) == fewest for cell in m})


def candidates(tokens: Tokens, kinds: Kinds, regions: Regions | None, style: Lattice, forced: str | None,
               board_of: BoardOf) -> tuple[tuple[str, ...], ParseError | None]:
    """The genres the reading may be, best first, and why none fits (None: some do)."""
    if forced:
        try:
            board_of(tokens, regions, forced)
        except ParseError as e:
            return (forced,), e
        return (forced,), None
    rooms = regions is not None
    shown = {k for row in kinds for cell in row for k in cell} | ({ClueKind.REGION_BORDER} if rooms else set())
    fitting = [g for g in GENRES.values() if drawn_so(g, style) and not misfits(g, kinds, rooms)]
    boards: dict[str, Puzzle[Any]] = {}
    problem: ParseError | None = None
    for g in fitting:
        try:
            boards[g.name] = board_of(tokens, regions, g.name)
        except ParseError as e:
            problem = problem or e
    if not boards:
        return tuple(g.name for g in sorted(fitting, key=lambda g: _extra(g, shown))), problem or ParseError("no-board")
    tier = min(_extra(GENRES[n], shown) for n in boards)
    best = [n for n in boards if _extra(GENRES[n], shown) == tier]
    detected = _detected(tokens, regions, best, board_of)
    chosen = [n for n in detected if n in best] or sorted(best)
    styled = [n for n in chosen if GENRES[n].lattice is style]
    if len(chosen) > 1 and len(styled) == 1:
        return tuple(styled), None
    return tuple(sorted(chosen, key=lambda n: GENRES[n].lattice is not style)), None


def _extra(g: Genre[Any, Any], shown: set[ClueKind]) -> int:
    """How many kinds of clue the genre draws that the picture does not show (fewer: likelier)."""
    return len(g.picture_clues - shown)


def _detected(tokens: Tokens, regions: Regions | None, names: list[str], board_of: BoardOf) -> tuple[str, ...]:
    """The text reader's detection among ``names`` (as for a typed board), best first."""
    if len(names) == 1:
        return tuple(names)
    rows = [" ".join(row) for row in tokens]
    if regions is not None:
        rows = [f"{row} | {' '.join(map(str, ids))}" for row, ids in zip(rows, regions, strict=True)]
    try:
        return (read_board("\n".join(rows)).genre,)
    except AmbiguousGenre as e:
        return e.candidates
    except ParseError:
        return ()


def dropped_clues(tokens: Tokens, regions: Regions | None, genres: Sequence[str],
                  board_of: BoardOf) -> frozenset[tuple[int, int]]:
    """The cells read as a clue that every genre listed holds as no clue at all (its board keeps
    the genre's empty value there): a number no genre of the reading draws, such as a ``0`` where
    the genres need a positive number. Such a clue was misread (a photographed board of areas had
    a ``4`` and a ``2`` read ``0`` at full conviction by both character readers, so its areas no
    longer summed and it was listed as genres that take a ``0`` for an empty cell) and solving
    would silently drop it, so it is asked about. A genre whose board does not parse keeps no
    opinion; none parsing names nothing. No truth board of the picture sets or corpora has such a
    clue (bench/README.md, "vflag6"), so an exact reading, which lists its genre, is never asked."""
    clues = [(r, c) for r, row in enumerate(tokens) for c, t in enumerate(row) if t != "."]
    dropped: set[tuple[int, int]] | None = None
    for name in genres:
        try:
            board = board_of(tokens, regions, name)
        except ParseError:
            continue
        empty = GENRES[name].notation.empty
        here = {(r, c) for r, c in clues if board.cells[r][c] == empty}
        dropped = here if dropped is None else dropped & here
    return frozenset(dropped or ())


def impossible_clues(tokens: Tokens, regions: Regions | None, genres: Sequence[str]) -> frozenset[tuple[int, int]]:
    """The cells read as a clue that every genre listed says no board of its can hold there
    (``Genre.impossible_clues``: an area of 0, a number larger than the board): misread, asked
    about as :func:`dropped_clues` are (a held-out photo's ``2`` read ``0``, its genre listed, was
    not asked). Unlike those, a genre judges the tokens whether or not they parse as its board (a
    board of areas a ``0`` short no longer sums). No genre listed: none."""
    rows, cols = len(tokens), len(tokens[0]) if tokens else 0
    found: frozenset[tuple[int, int]] | None = None
    for name in genres:
        here = GENRES[name].impossible_clues(tokens, rooms_for(regions, name, rows, cols))
        found = here if found is None else found & here
    return found or frozenset()
