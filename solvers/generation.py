"""Generating puzzles: the genre-independent driver, difficulty grading and the clue-removal loop.

Every genre's ``generate.py`` hands :func:`search` one attempt: a random solution and its clues
(a :class:`Candidate`) with its own fast check of "a second answer with fewer clues?"; the search
thins the clues out, grades, gives clues back while too hard, and proves the result through
:func:`prove`, which asks the engine (:func:`solvers.engine.solve_puzzle`) for the verdict and the
independent checker for the solution. Only a puzzle the engine calls ``unique`` leaves this module.

Determinism: every random choice comes from ``random.Random(seed)`` and every CP-SAT call the
construction depends on runs single-threaded with a fixed seed, so a seed gives the same puzzle
for the same project version (unless a CP-SAT call hits its generous time limit, which is
treated conservatively as "not unique").
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from solvers.errors import InvalidPuzzle, ParseError, PuzzleError
from solvers.puzzle import Puzzle
from solvers.solution import Solution
from solvers.verdict import SolveOptions, Status


class Difficulty(StrEnum):
    """How hard a generated puzzle is (its grade), easiest first."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


DIFFICULTIES = tuple(Difficulty)
# Part of every seed's random stream and of a record's source ("generator v2, seed 7"), so that a
# version and a seed name one puzzle. Bump it when a generator's output for a seed changes. Stored
# dailies never change by it (a made slot is served as stored); only slots not made yet get new
# puzzles, which the changed generators would give them anyway. 2: six genres' generators were
# rewritten on 27 Nov 2026 (``git log -- 'solvers/*/generate.py'``).
GENERATOR_VERSION = 2
MIN_SIDE = 4
MAX_SIDE = 30
MAX_CELLS = 625
DEFAULT_BUDGET = 60.0  # seconds of work before the best puzzle found so far is returned
GRADE_ATTEMPTS = 4  # proven puzzles made while looking for the asked grade; then the closest is taken

K = TypeVar("K", bound=Hashable)


@dataclass
class GeneratedPuzzle:
    """A generated puzzle with its (proven unique) solution and how it was made."""

    puzzle: Puzzle[Any]
    solution: Solution
    difficulty: Difficulty  # the achieved grade
    stats: dict[str, Any] = field(default_factory=dict)
    seed: int = 0


class GenerationFailed(PuzzleError):
    """No unique puzzle could be made within the time budget."""


# -- sizes, difficulties, seeds ----------------------------------------------------------------


def check_request(genre: str, rows: int, cols: int, difficulty: str) -> tuple[str, Difficulty]:
    """Validate a request; returns (canonical genre name, difficulty) or raises PuzzleError."""
    from solvers.registry import get_genre

    name = get_genre(genre).name
    diff = (difficulty or "medium").strip().lower()
    if diff not in DIFFICULTIES:
        raise ParseError("unknown-difficulty", difficulty=difficulty)
    if not isinstance(rows, int) or not isinstance(cols, int):
        raise InvalidPuzzle("generate-size-not-numbers")
    if min(rows, cols) < MIN_SIDE or max(rows, cols) > MAX_SIDE or rows * cols > MAX_CELLS:
        raise InvalidPuzzle("generate-size-out-of-range", rows=rows, cols=cols, genre=name, min=MIN_SIDE,
                            max=MAX_SIDE, cell_limit=MAX_CELLS)
    return name, Difficulty(diff)


def new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def sub_rng(seed: int, *salt: Any) -> random.Random:
    """An independent, reproducible random stream for one part of the generation."""
    return random.Random(f"{GENERATOR_VERSION}:{seed}:" + ":".join(map(str, salt)))


# -- the driver ---------------------------------------------------------------------------------


def generate(
    genre: str,
    rows: int,
    cols: int,
    difficulty: str = "medium",
    seed: int | None = None,
    options: SolveOptions | None = None,
) -> GeneratedPuzzle:
    """A puzzle of ``genre`` with a proven unique solution, graded easy/medium/hard.

    Same (genre, size, difficulty, seed) → same puzzle. ``seed=None`` picks a random seed (it is
    in the result). Raises PuzzleError for a bad request or when no puzzle could be made in time.
    """
    name, diff = check_request(genre, rows, cols, difficulty)
    if seed is None:
        seed = new_seed()
    from solvers.registry import get_genre

    t0 = time.perf_counter()
    g = get_genre(name)
    gp = g.generate(rows, cols, diff, int(seed), options)
    if isinstance(gp.solution, dict):  # TRANSITIONAL: an old generator's FORMATS.md solution
        gp.solution = g.solution_from_json(gp.solution, gp.puzzle)
    if gp.stats.get("proof") != "unique":  # the genre generators prove; never trust blindly
        raise GenerationFailed("generation-unproven")
    gp.stats["seconds"] = round(time.perf_counter() - t0, 3)
    gp.puzzle = dataclasses.replace(gp.puzzle, genre=name, id=f"gen-{name}-{rows}x{cols}-{diff}-{seed}")
    gp.seed = int(seed)
    return gp


def generate_record(genre: str, rows: int, cols: int, difficulty: str = "medium",
                    seed: int | None = None) -> dict[str, Any]:
    """The ``puzzlebot generate`` output: one FORMATS.md record (grid, solution, unique, difficulty, url)."""
    gp = generate(genre, rows, cols, difficulty or "medium", seed)
    extra: dict[str, Any] = {}
    url = puzzle_url(gp.puzzle)
    if url:
        extra["url"] = url
    return gp.puzzle.to_record(
        **extra,
        solution=gp.solution.to_json(),
        unique=True,
        difficulty=gp.difficulty,
        seed=gp.seed,
        clues=len(gp.puzzle.clues()),
        source=f"puzzlebot generator v{GENERATOR_VERSION} (seed {gp.seed}, asked {difficulty or 'medium'})",
    )


def puzzle_url(puzzle: Puzzle[Any]) -> str | None:
    """The puzz.link URL of a board; None where puzz.link has none for it (jigsaw regions, a size
    puzz.link does not draw)."""
    try:
        return puzzle.kind.encode_url(puzzle)
    except ParseError:
        return None


# -- proof and grading --------------------------------------------------------------------------


def prove(puzzle: Puzzle[Any], solution: Solution, time_limit: float = 60.0) -> tuple[bool, dict[str, Any]]:
    """Ask the engine whether ``puzzle`` is unique and the checker whether ``solution`` solves it.

    Returns (ok, stats). ``ok`` only when the engine says ``unique`` and the checker accepts our
    solution — then our solution is the one and only answer. Single worker, fixed seed.
    """
    from solvers.engine import solve_puzzle

    opts = SolveOptions(time_limit=time_limit, workers=1, seed=0, unique=True)
    res = solve_puzzle(puzzle, opts)
    info = {
        "proof": str(res.status),
        "proof_seconds": round(res.seconds, 3),
        "branches": res.stats.branches,
        "conflicts": res.stats.conflicts,
    }
    if res.status is not Status.UNIQUE:
        return False, info
    g = puzzle.kind
    if isinstance(solution, dict):  # TRANSITIONAL: an old generator's FORMATS.md solution
        solution = g.solution_from_json(solution, puzzle)
    if g.check(puzzle, solution):
        info["proof"] = "checker-rejected"
        return False, info
    return True, info


def grade(effort: float, thresholds: tuple[float, float]) -> Difficulty:
    """easy / medium / hard from a solver-effort figure and the genre's two thresholds."""
    if effort <= thresholds[0]:
        return Difficulty.EASY
    if effort <= thresholds[1]:
        return Difficulty.MEDIUM
    return Difficulty.HARD


def harder(got: str, want: str) -> bool:
    return DIFFICULTIES.index(got) > DIFFICULTIES.index(want)


def grade_distance(got: str, want: str) -> int:
    return abs(DIFFICULTIES.index(got) - DIFFICULTIES.index(want))


@dataclass
class BestAttempt:
    """The proven puzzle closest to the asked grade, over at most ``limit`` proven attempts."""

    want: str
    limit: int = GRADE_ATTEMPTS
    best: GeneratedPuzzle | None = None
    proven: int = 0

    def offer(self, gp: GeneratedPuzzle) -> bool:
        """Keep ``gp`` if it is closer to the asked grade; True when the search should stop."""
        self.proven += 1
        distance = grade_distance(gp.difficulty, self.want)
        if self.best is None or distance < grade_distance(self.best.difficulty, self.want):
            self.best = gp
        return distance == 0 or self.proven >= self.limit

    def result(self, code: str = "generation-failed", **params: Any) -> GeneratedPuzzle:
        """The kept puzzle; raises GenerationFailed(code, **params) when no attempt was proven.

        The usual call: ``result(genre=..., rows=..., cols=...)``.
        """
        if self.best is None:
            raise GenerationFailed(code, **params)
        return self.best


# -- the one generator search every genre calls ------------------------------------------------


Alternative = Callable[[frozenset[K], frozenset[K]], "frozenset[K] | None | bool"]


@dataclass
class Candidate(Generic[K]):
    """One attempt of a genre's generator: a random solution and its clues, and how to ask about them.

    ``alternative`` is :func:`remove_clues`'s question ("a second answer with only these clues?");
    None when the genre made the board unique its own way (by moving or adding clues, by reshaping
    regions) and no clue is to be removed. ``puzzle_of`` and ``effort_of`` turn a set of kept clues
    into the board and its solver effort (the grade); ``known``: clue sets that cheap local changes
    of the solution already break; ``calls``: how many solver calls the attempt made; ``stats``:
    the genre's own figures about the attempt (both for the stats).
    """

    clues: Sequence[K]
    alternative: Alternative[K] | None
    puzzle_of: Callable[[frozenset[K]], Puzzle[Any]]
    effort_of: Callable[[frozenset[K]], float]
    solution: Solution
    known: Sequence[frozenset[K]] = ()
    calls: Callable[[], int] = lambda: 0
    stats: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def made(cls, puzzle: Puzzle[Any], solution: Solution, effort: float, clues: Sequence[K] = (), /,
             **stats: Any) -> Candidate[K]:
        """A board the genre already made unique: the search only grades and proves it."""
        return cls(clues, None, lambda kept: puzzle, lambda kept: effort, solution, stats=stats)


def search(genre: str, rows: int, cols: int, difficulty: str, seed: int, thresholds: tuple[float, float],
           attempt: Callable[[random.Random], Candidate[K] | None], *, attempts: int = 100,
           budget: float = DEFAULT_BUDGET, add_back_steps: int = 20, grade_attempts: int = GRADE_ATTEMPTS,
           until_found: bool = False) -> GeneratedPuzzle:
    """Make puzzles until one grades as asked (or the budget runs out): for each attempt the genre
    builds a random solution (``attempt``; None: that solution is no use), then the search removes
    clues while the answer stays unique, grades the result, gives clues back while it is too hard,
    and proves it through the engine and the checker. Returns the proven puzzle closest to
    ``difficulty`` over at most ``grade_attempts`` proven ones; raises GenerationFailed when none
    was proven. ``until_found``: past the budget, go on until one is proven (cheap attempts)."""
    deadline = time.perf_counter() + budget
    best = BestAttempt(difficulty, limit=grade_attempts)
    for n in range(attempts):
        if time.perf_counter() > deadline and not (until_found and best.best is None):
            break
        rng = sub_rng(seed, genre, rows, cols, difficulty, n)
        cand = attempt(rng)
        if cand is None:
            continue
        kept = full = frozenset(cand.clues)
        if cand.alternative is not None:
            kept = remove_clues(cand.clues, cand.alternative, rng, deadline=deadline, known=cand.known)
        effort = cand.effort_of(kept)
        got = grade(effort, thresholds)
        for _ in range(add_back_steps):  # too hard: more givens never break uniqueness
            if not harder(got, difficulty) or kept == full:
                break
            kept = add_back(cand.clues, kept, rng, 0.05)
            effort = cand.effort_of(kept)
            got = grade(effort, thresholds)
        puzzle = cand.puzzle_of(kept)
        ok, info = prove(puzzle, cand.solution)
        if not ok:
            continue
        info.update(attempts=n + 1, generator_calls=cand.calls(), clues=len(kept), effort=round(effort, 3))
        info.update(cand.stats)
        if best.offer(GeneratedPuzzle(puzzle, cand.solution, got, info, seed)):
            break
    return best.result(genre=genre, rows=rows, cols=cols)


# -- the shared clue-removal loop ---------------------------------------------------------------


def remove_clues(
    clues: Sequence[K],
    find_alternative: Callable[[frozenset[K], frozenset[K]], frozenset[K] | None | bool],
    rng: random.Random,
    *,
    keep: frozenset[K] = frozenset(),
    deadline: float | None = None,
    first_batch: int | None = None,
    known: Sequence[frozenset[K]] = (),
) -> frozenset[K]:
    """Remove clues in random order while the solution stays unique; returns the kept clues.

    ``find_alternative(trial, kept)`` answers "is there a second answer with only the ``trial``
    clues?" given that ``kept`` (a superset) is unique: None = no (unique), a frozenset = yes and
    these are the clues (of the full set) that the second answer breaks, False = don't know
    (timeout; the clues stay). Second answers are remembered: a later trial that keeps none of
    the clues a known second answer breaks fails at once, without a solver call. ``known``: such
    clue sets of other answers found beforehand (e.g. by cheap local changes of the solution).

    Batches: try to drop several clues at once; on failure halve the batch down to single clues;
    on success grow it again. A single clue whose removal breaks uniqueness stays for good
    (removing more clues never makes it unnecessary), so the result is minimal unless the
    deadline cut the loop short.
    """
    kept = frozenset(clues)
    order = [c for c in clues if c not in keep]
    rng.shuffle(order)
    pool: list[frozenset[K]] = sorted({frozenset(k) for k in known}, key=len, reverse=True)
    top = max(1, len(order) // 6)
    batch = first_batch or top

    def unique(trial: frozenset[K]) -> bool:
        for broken in reversed(pool):
            if broken.isdisjoint(trial):
                return False
        alt = find_alternative(trial, kept)
        if alt is None:
            return True
        if not isinstance(alt, bool):
            pool.append(frozenset(alt))
        return False

    i = 0
    while i < len(order):
        if deadline is not None and time.perf_counter() > deadline:
            break
        chunk = order[i : i + batch]
        trial = kept.difference(chunk)
        if unique(trial):
            kept = trial
            i += len(chunk)
            batch = min(batch * 2, top)
        elif len(chunk) == 1:
            i += 1
        else:
            batch = max(1, len(chunk) // 4)
    return kept


def add_back(
    removed: Sequence[K], kept: frozenset[K], rng: random.Random, fraction: float
) -> frozenset[K]:
    """``kept`` plus a random ``fraction`` of the ``removed`` clues (adding givens keeps uniqueness)."""
    pool = sorted(set(removed) - kept, key=repr)
    rng.shuffle(pool)
    n = max(1, round(len(pool) * fraction)) if pool else 0
    return kept | frozenset(pool[:n])
