"""Failed-literal probing for Nurikabe: try a colour, and if the quick rules break, the cell has the other.

Published boards are made to be solved by reasoning, and what a human calls "try it and see" is
this: assume a cell is shaded (or unshaded), run the cheaper rules of
:mod:`solvers.nurikabe.deduce` (``QUICK``: all but the counts, ``demand`` and the island shapes)
to their fixed point, and a contradiction settles the cell. Every rule is sound, so a
contradiction proves the other colour; the full rules then run again from there. Hits are rare
but cascade: given the time, probing alone settles d0024 (31x45, 508 open cells, 19 hits in 166
trials) and d0025 (40x57, 453 open cells, 36 hits in 220 trials, about 6 s CPU).

What keeps the trials few: only frontier cells are tried (next to a shaded cell, and next to an
unshaded cell or in a 2x2 block with two shaded cells); a colour a fruitless trial implied is not
tried (it cannot break either) until the board changes; a cell tried in vain is tried again only
once something changes within ``NEAR`` steps of it (a hit's consequences are mostly local;
d0025: 220 trials where passes round the board took 490). A contradiction rarely shows within a
few rule firings (d0025: capping them at 6-10 lost most hits), so each trial runs to the fixed
point. Probing stops at a deadline, when no frontier cell is left to try,
or after ``DRY`` frontier cells without a hit (boards with many answers, made rather than set,
have few forced cells: probing there only costs).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from solvers.nurikabe.board import BLACK, FREE, WHITE, Board, Contradiction
from solvers.nurikabe.deduce import QUICK, propagate

DRY = 60  # frontier cells probed in a row without a hit before probing gives up (d0025: up to 53 trials between hits)
NEAR = 6  # a change makes the cells within this many steps (Manhattan) worth trying again


def probe(board: Board, deadline: float, until: float | None = None, grace: float = 0.0,
          pause: Callable[[], bool] | None = None, pause_trials: int | None = None,
          pause_cpu: float | None = None, early: tuple[int, float] | None = None) -> int:
    """Probe frontier cells until none is left to try, ``DRY`` cells in a row fail, or ``deadline``
    (time.monotonic()) passes; each hit moves the deadline to ``grace`` seconds after it, never past
    ``until`` (probing that keeps settling cells goes on; probing that found nothing stops on time).
    ``pause``: called once, between trials (the board is then at the full rules' fixed point), when
    probing goes on past ``pause_trials`` trials or ``pause_cpu`` (time.process_time()), whichever
    comes first: work done, not wall time, so machine load does not move it. It returns True when
    the board has been settled otherwise (probing stops); its time is not counted against the grace.
    ``early`` (trials, share): pause already at that many trials when probing has settled less than
    that share of the cells open at its start (hits that do not cascade: a board with several answers).
    Returns the number of cells settled by a contradiction (each followed by the full rules).
    Raises Contradiction when the board breaks."""
    until = deadline if until is None else until
    n = len(board.color)
    tried = [False] * n  # tried in vain since the last change near it
    implied: set[tuple[int, int]] = set()  # (cell, colour) some fruitless trial set since the last hit
    hits = dry = i = trials = 0
    open_at_start = board.color.count(FREE)
    while dry < DRY and time.monotonic() < deadline:
        if pause is not None and (pause_trials is not None and trials >= pause_trials
                                  or pause_cpu is not None and time.process_time() >= pause_cpu
                                  or early is not None and trials >= early[0]
                                  and open_at_start - board.color.count(FREE) < early[1] * open_at_start):
            t0 = time.monotonic()
            if pause():
                break
            deadline = min(until, deadline + time.monotonic() - t0)
            pause = None
        i = _next(board, tried, i)
        if i < 0:
            break
        dry += 1
        for guess in (BLACK, WHITE):
            if (i, guess) in implied:
                continue
            trial = _trial(board, i, guess)
            trials += 1
            if trial is None:
                mark = len(board.steps)  # colours change only by steps: the hit's changes follow it
                board.set(i, WHITE if guess == BLACK else BLACK, "probe")
                propagate(board, deadline)
                hits += 1
                dry = 0
                deadline = min(until, max(deadline, time.monotonic() + grace))
                implied.clear()
                for j in _near(board, [r * board.cols + c for r, c in (s.cell for s in board.steps[mark:])]):
                    tried[j] = False
                break
            implied.update((step.cell[0] * board.cols + step.cell[1], BLACK if step.shaded else WHITE)
                           for step in trial.steps)  # the cells the trial changed, each once
        else:
            tried[i] = True
    return hits


def _next(board: Board, tried: list[bool], pos: int) -> int:
    """The first untried frontier cell from ``pos`` on, round the board; -1 when there is none."""
    color, n = board.color, len(board.color)
    for k in range(n):
        i = (pos + k) % n
        if not tried[i] and color[i] == FREE and _frontier(board, i):
            return i
    return -1


def _trial(board: Board, i: int, guess: int) -> Board | None:
    """The board after cell ``i`` takes colour ``guess`` and the quick rules run to their fixed
    point; None when they find a contradiction."""
    trial = board.fork()
    try:
        trial.set(i, guess, "probe")
        # _link and _confine read the reach sets, which _reach has always just made in the same pass
        while any(rule(trial) for rule in QUICK):
            pass
    except Contradiction:
        return None
    return trial


def _near(board: Board, cells: list[int]) -> set[int]:
    """The cells within ``NEAR`` steps of any of ``cells``."""
    rows, cols = board.rows, board.cols
    out: set[int] = set()
    for j in cells:
        r, c = divmod(j, cols)
        for dr in range(-NEAR, NEAR + 1):
            if 0 <= r + dr < rows:
                span = NEAR - abs(dr)
                base = (r + dr) * cols
                out.update(base + x for x in range(max(0, c - span), min(cols, c + span + 1)))
    return out


def _frontier(board: Board, i: int) -> bool:
    """Cell ``i`` touches a shaded cell, and an unshaded cell or a 2x2 block with two shaded cells."""
    color, cols = board.color, board.cols
    near = [color[j] for j in board.adj[i]]
    if BLACK not in near:
        return False
    if WHITE in near:
        return True
    return any((color[a] == BLACK) + (color[a + 1] == BLACK) + (color[a + cols] == BLACK)
               + (color[a + cols + 1] == BLACK) >= 2 for a in board.corners_at(i))
