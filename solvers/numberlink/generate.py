"""Numberlink generator (Nikoli rule): random taut paths over the board, split until unique, merged back.

1. A random Hamiltonian path (back-bite moves from a serpentine) is cut into *taut* stretches:
   no two cells of one stretch touch unless they are consecutive (otherwise a shortcut would be a
   second answer). Each stretch becomes a pair of numbers; a stray single cell stays empty.
2. While the engine finds a second answer, the stretch that differs most from it is split in two
   where they differ.
3. "Clue removal": two stretches whose ends touch are joined into one (two numbers fewer) when
   the result stays taut and unique.

Every uniqueness question goes to the engine (:func:`solvers.engine.solve_puzzle`, single worker,
fixed seed, so the second answers that steer the repairs are reproducible).
"""

from __future__ import annotations

import random
import time

from solvers.generation import (
    DEFAULT_BUDGET,
    GRADE_ATTEMPTS,
    GeneratedPuzzle,
    GenerationFailed,
    grade,
    grade_distance,
    prove,
    sub_rng,
)
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP, format_masks, parse_masks
from solvers.puzzle import Puzzle
from solvers.verdict import SolveOptions, Status

Cell = tuple[int, int]
# grade bounds on effort: engine branches + conflicts (single worker) per 100 cells, plus a share for
# long paths (mean path length / 2): long winding paths are what make Numberlink hard for people
THRESHOLDS = (6.0, 12.0)
CALL_LIMIT = 30.0
MAX_REPAIRS = 200


def _nbrs(rows: int, cols: int, cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < rows and 0 <= c + dc < cols]


def hamiltonian_path(rows: int, cols: int, rng: random.Random, moves: int) -> list[Cell]:
    """A random Hamiltonian path: a serpentine scrambled by back-bite moves."""
    path = [(r, c if r % 2 == 0 else cols - 1 - c) for r in range(rows) for c in range(cols)]
    for _ in range(moves):
        if rng.random() < 0.5:
            path.reverse()
        nb = rng.choice(_nbrs(rows, cols, path[-1]))
        i = path.index(nb)
        if i == len(path) - 2:
            continue
        path[i + 1:] = path[i + 1:][::-1]
    return path


def taut_stretches(path: list[Cell], rng: random.Random, max_len: int) -> list[list[Cell]]:
    """Cut ``path`` into stretches no longer than a random length up to ``max_len``, each taut."""
    out: list[list[Cell]] = []
    cur: list[Cell] = []
    members: set[Cell] = set()
    want = rng.randint(3, max_len)
    for cell in path:
        r, c = cell
        touching = [x for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if x in members]
        if cur and (len(cur) >= want or any(x != cur[-1] for x in touching)):
            out.append(cur)
            cur, members = [], set()
            want = rng.randint(3, max_len)
        cur.append(cell)
        members.add(cell)
    out.append(cur)
    return [s for s in out if len(s) >= 2]  # a lone cell stays empty


def is_taut(stretch: list[Cell]) -> bool:
    index = {cell: i for i, cell in enumerate(stretch)}
    for i, (r, c) in enumerate(stretch):
        for x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            j = index.get(x)
            if j is not None and abs(i - j) != 1:
                return False
    return True


def _masks(rows: int, cols: int, stretches: list[list[Cell]]) -> list[list[int]]:
    masks = [[0] * cols for _ in range(rows)]
    for s in stretches:
        for (r1, c1), (r2, c2) in zip(s, s[1:], strict=False):
            if r2 == r1 + 1:
                masks[r1][c1] |= DOWN
                masks[r2][c2] |= UP
            elif r2 == r1 - 1:
                masks[r1][c1] |= UP
                masks[r2][c2] |= DOWN
            elif c2 == c1 + 1:
                masks[r1][c1] |= RIGHT
                masks[r2][c2] |= LEFT
            else:
                masks[r1][c1] |= LEFT
                masks[r2][c2] |= RIGHT
    return masks


def _puzzle(rows: int, cols: int, stretches: list[list[Cell]]) -> Puzzle:
    cells = [[0] * cols for _ in range(rows)]
    ordered = sorted(stretches, key=lambda s: min(s[0], s[-1]))
    for k, s in enumerate(ordered, 1):
        cells[s[0][0]][s[0][1]] = k
        cells[s[-1][0]][s[-1][1]] = k
    return Puzzle("numberlink", tuple(tuple(row) for row in cells))


def _ask(rows: int, cols: int, stretches: list[list[Cell]]) -> tuple[str, set[Cell], int]:
    """The engine's verdict on the stretches' puzzle: (status, cells where a second answer differs, effort)."""
    from solvers.engine import solve_puzzle

    puzzle = _puzzle(rows, cols, stretches)
    res = solve_puzzle(puzzle, SolveOptions(time_limit=CALL_LIMIT, workers=1, seed=0, unique=True))
    eff = res.stats.branches + res.stats.conflicts
    if res.status is not Status.MULTIPLE:
        return str(res.status), set(), eff
    mine = _masks(rows, cols, stretches)
    for sol in (res.solution, res.second_solution):
        other, _ = parse_masks(sol["links"], rows, cols, "links")
        if other is not None and other != mine:
            return "multiple", {(r, c) for r in range(rows) for c in range(cols) if other[r][c] != mine[r][c]}, eff
    return "multiple", set(), eff


def _split(stretches: list[list[Cell]], diff: set[Cell], rng: random.Random, most: int = 2) -> bool:
    """Split up to ``most`` stretches with the most cells in ``diff`` where they differ; False if none could be."""
    scored = sorted(((sum(c in diff for c in s), len(s), i) for i, s in enumerate(stretches)), reverse=True)
    chosen = [i for hits, length, i in scored if length >= 3 and (hits or not diff)][:most]
    for i in sorted(chosen, reverse=True):
        s = stretches[i]
        spots = [k for k in range(1, len(s)) if s[k] in diff or s[k - 1] in diff] or list(range(1, len(s)))
        k = rng.choice(spots)
        stretches[i:i + 1] = [part for part in (s[:k], s[k:]) if len(part) >= 2]
    return bool(chosen)


def _merge_candidates(rows: int, cols: int, stretches: list[list[Cell]]) -> list[tuple[Cell, Cell]]:
    ends = {}
    for i, s in enumerate(stretches):
        ends[s[0]] = i
        ends[s[-1]] = i
    pairs = set()
    for cell, i in ends.items():
        for x in _nbrs(rows, cols, cell):
            j = ends.get(x)
            if j is not None and j != i:
                pairs.add((min(cell, x), max(cell, x)))
    return sorted(pairs)


def _prejoin(rows: int, cols: int, stretches: list[list[Cell]], rng: random.Random,
             max_len: int) -> list[list[Cell]]:
    """Join touching stretch ends while the result stays taut and at most ``max_len`` long (no solver)."""
    pairs = _merge_candidates(rows, cols, stretches)
    rng.shuffle(pairs)
    for a, b in pairs:
        joined = _join(stretches, a, b)
        if joined is not None and len(joined[-1]) <= max_len:
            stretches = joined
    return stretches


def _join(stretches: list[list[Cell]], a: Cell, b: Cell) -> list[list[Cell]] | None:
    ia = next((i for i, s in enumerate(stretches) if a in (s[0], s[-1])), None)
    ib = next((i for i, s in enumerate(stretches) if b in (s[0], s[-1])), None)
    if ia is None or ib is None or ia == ib:
        return None
    sa, sb = stretches[ia], stretches[ib]
    sa = sa if sa[-1] == a else sa[::-1]
    sb = sb if sb[0] == b else sb[::-1]
    joined = sa + sb
    if not is_taut(joined):
        return None
    return [s for k, s in enumerate(stretches) if k not in (ia, ib)] + [joined]


# max stretch length (at 10x10), joins tried (fewer on boards under 100 cells; not more on bigger
# ones, where every engine call costs seconds)
PARAMS = {"easy": (6, 4), "medium": (10, 12), "hard": (16, 24)}


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    t0 = time.perf_counter()
    deadline = t0 + DEFAULT_BUDGET
    best: GeneratedPuzzle | None = None
    proven = 0  # attempts that reached a proven puzzle
    max_len, joins = PARAMS[difficulty]
    joins = round(joins * min(rows * cols, 100) / 100)
    max_len = max(4, round(max_len * ((rows * cols) / 100) ** 0.35))
    for attempt in range(30):
        if time.perf_counter() > deadline:
            break
        rng = sub_rng(seed, "numberlink", rows, cols, difficulty, attempt)
        path = hamiltonian_path(rows, cols, rng, moves=8 * rows * cols)
        stretches = _prejoin(rows, cols, taut_stretches(path, rng, max_len), rng, max_len)
        status, diff, eff = _ask(rows, cols, stretches)
        for _ in range(MAX_REPAIRS):
            if status != "multiple" or time.perf_counter() > deadline or not _split(stretches, diff, rng):
                break
            status, diff, eff = _ask(rows, cols, stretches)
        if status != "unique":
            continue
        pairs = _merge_candidates(rows, cols, stretches)
        rng.shuffle(pairs)
        for a, b in pairs[:joins]:
            if time.perf_counter() > deadline:
                break
            joined = _join(stretches, a, b)
            if joined is None:
                continue
            st, _d, e = _ask(rows, cols, joined)
            if st == "unique":
                stretches, eff = joined, e
        mean_len = sum(map(len, stretches)) / len(stretches)
        effort = eff * 100 / (rows * cols) + mean_len / 2
        got = grade(effort, THRESHOLDS)
        puzzle = _puzzle(rows, cols, stretches)
        solution = {"links": format_masks(_masks(rows, cols, stretches))}
        ok, info = prove(puzzle, solution)
        if not ok:
            continue
        info.update(attempts=attempt + 1, clues=2 * len(stretches), effort=round(effort, 1),
                    mean_path=round(mean_len, 1))
        gp = GeneratedPuzzle(puzzle, solution, got, info, seed)
        proven += 1
        if best is None or grade_distance(got, difficulty) < grade_distance(best.difficulty, difficulty):
            best = gp
        if grade_distance(got, difficulty) == 0 or proven >= GRADE_ATTEMPTS:
            break
    if best is None:
        raise GenerationFailed(f"Could not generate a unique {rows}x{cols} Numberlink in time; try another seed.")
    return best
