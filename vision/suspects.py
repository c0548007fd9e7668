"""The cells read with confidence that a reading asks about all the same, by the board's own
evidence (the cell rules of :mod:`vision.doubts`, :mod:`vision.sight` and :mod:`vision.kinds`),
gathered in one place: split out of ``vision.reading`` at 502 lines, so that a new rule lands here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from solvers.puzzle import Regions
from vision.board import Board
from vision.cells import SURE, CellGuess, CellInk
from vision.doubts import discs_read_as_numbers, faint_ring_board, lost_clues, ring_empties, weak_numbers
from vision.kinds import dropped_clues, impossible_clues
from vision.results import CellRead, board_of
from vision.sight import partial_numbers, unseen_empties

LOST = 0.5  # the confidence given to a cell the board puts in doubt (see Reading.suspects)

Cells = frozenset[tuple[int, int]]


def suspects(board: Board, lined: Board, guesses: Sequence[Sequence[CellGuess]],
             kinds_seen: Mapping[tuple[int, int], np.ndarray], hairline: Mapping[tuple[int, int], CellInk],
             tokens: tuple[tuple[str, ...], ...], regions: Regions | None, genres: tuple[str, ...],
             problem: bool, named: set[tuple[int, int]], asked: bool
             ) -> tuple[tuple[CellRead, ...], tuple[CellRead, ...]]:
    """The cells read with confidence that the board puts in doubt (``Reading.suspects``), none of
    ``named`` (asked already); ``lined``: the board with its rooms' borders kept; ``tokens``: the
    guesses' own; ``problem``: no genre listed fits; ``asked``: the reading has doubts already (some
    rules name cells only then). Second, on a reading not asked about, the cells those rules would
    add were it asked (``Reading.if_asked``): a genre taken later may ask about it (``Reading.taken``),
    and the picture they need is gone by then."""
    # (a clue no genre listed draws, or none can hold there: misread; when none fits, as the likeliest
    # holds them, as _form_doubts names its cells)
    dropped = (dropped_clues(tokens, regions, genres, board_of)
               | impossible_clues(tokens, regions, genres[:1] if problem else genres))
    asked = asked or bool(dropped)
    discs = discs_read_as_numbers(board, guesses, SURE, kinds_seen)
    partial = partial_numbers(board, guesses, SURE)

    def asking(when: bool) -> tuple[Cells, Cells, Cells, Cells]:
        """The four rules that name more on a reading asked about anyway (lost, unseen, weak, rings)."""
        rings = ring_empties(board, guesses, SURE, kinds_seen, when)  # (thin rings read empty: "vring31")
        rings |= faint_ring_board(guesses, SURE, rings)  # (a board whose rings are mostly faint: "vprint32")
        return (lost_clues(board, guesses, SURE, asked=when, known=hairline),
                unseen_empties(lined, guesses, SURE, asked=when), weak_numbers(guesses, SURE, asked=when), rings)

    lost, unseen, weak, rings = asking(asked)
    now = _named(guesses, lost | discs | unseen | partial | weak | dropped | rings, discs, rings, weak | dropped,
                 named)
    if asked:
        return now, ()
    more_lost, more_unseen, more_weak, more_rings = asking(True)
    more = (more_lost | more_unseen | more_weak | more_rings) - {(u.row, u.col) for u in now}
    return now, _named(guesses, more, discs, more_rings, more_weak, named)


def _named(guesses: Sequence[Sequence[CellGuess]], cells: Cells, discs: Cells, rings: Cells, weak: Cells,
           named: set[tuple[int, int]]) -> tuple[CellRead, ...]:
    """``cells`` (but ``named``) as asked: a disc read as a number offered as black, a ring read empty
    as white, a weak or dropped clue with its alternatives, any other as anything."""
    return tuple(CellRead(r, c, (g := guesses[r][c]).token, ("B",) if (r, c) in discs else ("W",) if (r, c) in
                          rings else g.alternatives[:3] if (r, c) in weak and g.alternatives else ("?",),
                          LOST) for r, c in sorted(cells) if (r, c) not in named)
