"""Numberlink generator (Nikoli rule): random taut paths over the board, split until unique, merged back.

1. The board is covered with *taut* random walks ("snakes", :func:`snake_cover`): no two cells
   of one path touch unless they are consecutive (otherwise a shortcut would be a second answer).
   A left-over single cell is put into a touching path (empty cells are room for detours).
2. Cheap reshaping without the solver (:func:`_reshape`): "cross back-bite" moves hand the tail of
   one path to a touching path end, and touching ends are joined whenever the result stays taut;
   the cover with the fewest paths is kept. Long paths are what keep the clue density near
   human-made puzzles.
3. While the engine finds a second answer, the stretch that differs most from it is split in two
   where they differ.
4. "Clue removal": paths whose ends touch are joined (two numbers fewer) in batches while the
   result stays taut and the engine says unique (:func:`_join_batches`).

Boards over ``BIG`` cells keep the former way (a random Hamiltonian path cut into short taut
stretches, the former grading): with long paths the engine's proofs there take too long. When an
attempt cannot be made unique within ``MAX_REPAIRS`` splits, the next one makes shorter paths.

Every uniqueness question goes to the engine (:func:`solvers.engine.solve_puzzle`, so to the
solver's own model) with :data:`ORACLE` (single worker, fixed seed, so the second answers that
steer the repairs are reproducible).
"""

from __future__ import annotations

import math
import random
import time

from solvers.cell import Cell
from solvers.generation import DEFAULT_BUDGET, Candidate, GeneratedPuzzle, search
from solvers.gridgraph import DOWN, LEFT, RIGHT, UP
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution
from solvers.verdict import SolveOptions, Status

# grade bounds on effort: the mean path length (scaled like the stretch lengths to a 10x10 board;
# long winding paths are what make Numberlink hard for people) plus log10 of the engine's
# branches + conflicts (single worker), divided by (cells / 100)^2 (it grows about that fast with the board)
THRESHOLDS = (10.5, 14.0)
CALL_LIMIT = 30.0
ORACLE = SolveOptions(time_limit=CALL_LIMIT, workers=1, seed=0, unique=True)  # every engine call here
MAX_REPAIRS = 12  # per attempt; then the next attempt makes shorter paths


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


def snake_cover(rows: int, cols: int, rng: random.Random, max_len: int) -> list[list[Cell]]:
    """Cover the board with long taut random walks ("snakes"), each hugging the cells already used.

    A walk starts at a free cell with the fewest free neighbours and steps, mostly, to the free
    neighbour with the fewest free neighbours of its own (Warnsdorff's rule), so it winds along
    the walls and the other snakes and leaves few holes; it never touches itself except at the
    step before. A left-over single cell joins a touching snake end when that stays taut, else stays empty.
    """
    free = {(r, c) for r in range(rows) for c in range(cols)}
    out: list[list[Cell]] = []

    def degree(cell: Cell) -> int:
        return sum(x in free for x in _nbrs(rows, cols, cell))

    while free:
        low = min(degree(c) for c in free)
        start = rng.choice(sorted(c for c in free if degree(c) == low))
        snake, members = [start], {start}
        free.discard(start)
        want = rng.randint(max(3, max_len // 2), max_len)
        turned = False
        while len(snake) < want:
            head = snake[-1]
            steps = [x for x in _nbrs(rows, cols, head) if x in free
                     and not any(y in members and y != head for y in _nbrs(rows, cols, x))]
            if not steps:
                if turned:
                    break
                snake.reverse()  # stuck: grow on from the other end
                turned = True
                continue
            steps.sort(key=degree)
            nxt = steps[0] if rng.random() < 0.8 else rng.choice(steps)
            snake.append(nxt)
            members.add(nxt)
            free.discard(nxt)
        out.append(snake)
    singles = [s[0] for s in out if len(s) == 1]
    out = [s for s in out if len(s) >= 2]
    for cell in singles:
        _absorb(rows, cols, out, cell)
    return out


def _absorb(rows: int, cols: int, stretches: list[list[Cell]], cell: Cell) -> bool:
    """Put a lone empty ``cell`` into a touching stretch: onto an end, or cut the stretch next to it.

    An empty cell next to two cells of one path is room for a detour, so a cover without holes is
    far more often unique.
    """
    near = set(_nbrs(rows, cols, cell))
    for i, s in enumerate(stretches):
        for k, x in enumerate(s):
            if x not in near:
                continue
            options = [[*s[:k + 1], cell], s[k + 1:]], [s[:k], [cell, *s[k:]]]
            for parts in options:
                parts = [p for p in parts if p]
                if all(len(p) >= 2 and is_taut(p) for p in parts):
                    stretches[i:i + 1] = parts
                    return True
    return False


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


def _puzzle(rows: int, cols: int, stretches: list[list[Cell]]) -> Puzzle[int]:
    cells = [[0] * cols for _ in range(rows)]
    ordered = sorted(stretches, key=lambda s: min(s[0], s[-1]))
    for k, s in enumerate(ordered, 1):
        cells[s[0][0]][s[0][1]] = k
        cells[s[-1][0]][s[-1][1]] = k
    return Puzzle("numberlink", tuple(tuple(row) for row in cells))


def _ask(rows: int, cols: int, stretches: list[list[Cell]]) -> tuple[str, set[Cell], int]:
    """The engine's verdict on the stretches' puzzle: (status, cells where a second answer differs, effort)."""
    from solvers.numberlink.model import solve

    puzzle = _puzzle(rows, cols, stretches)
    # the router on every size: these boards, cut from path covers, route well (10x10: 0.25 s a
    # puzzle with it, 0.32 s without); only a guide, the finished board is proven through the engine
    res = solve(puzzle, ORACLE, router_from=0)
    eff = res.stats.branches + res.stats.conflicts
    if res.status is not Status.MULTIPLE:
        return str(res.status), set(), eff
    mine = _masks(rows, cols, stretches)
    for sol in (res.solution, res.second_solution):
        if isinstance(sol, LinkSolution) and sol.cell_values() != mine:
            other = sol.masks
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


def _reshape(rows: int, cols: int, stretches: list[list[Cell]], rng: random.Random, max_len: int,
             rounds: int) -> list[list[Cell]]:
    """Random "cross back-bite" moves, each followed by joining, keeping the cover with the fewest stretches.

    A move takes an end ``e`` of stretch A next to an inner cell ``B[k]`` of stretch B and makes
    A+B[k:] (or A+B[k::-1]) one stretch, leaving the rest of B; all stretches stay taut and at least
    two cells long. Joins that were blocked (the merged stretch would touch itself) open up as the
    shapes change. No solver calls.
    """
    best = [list(s) for s in stretches]
    cur = [list(s) for s in stretches]
    for _ in range(rounds):
        owner = {cell: i for i, s in enumerate(cur) for cell in s}
        ia = rng.randrange(len(cur))
        a = cur[ia] if rng.random() < 0.5 else cur[ia][::-1]
        moves = []
        for x in _nbrs(rows, cols, a[-1]):
            ib = owner.get(x)
            if ib is None or ib == ia:
                continue
            b = cur[ib]
            k = b.index(x)
            moves += [(ib, a + b[k:], b[:k]), (ib, a + b[k::-1], b[k + 1:])]
        rng.shuffle(moves)
        for ib, grown, rest in moves:
            if len(rest) >= 2 and len(grown) <= max_len and is_taut(grown):
                cur = [s for i, s in enumerate(cur) if i not in (ia, ib)] + [grown, rest]
                cur = _prejoin(rows, cols, cur, rng, max_len)
                if len(cur) < len(best):
                    best = [list(s) for s in cur]
                break
    return best


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


def _join_batches(rows: int, cols: int, stretches: list[list[Cell]], rng: random.Random, deadline: float,
                  max_len: int, eff: int, most: int) -> tuple[list[list[Cell]], int]:
    """Join touching stretch ends (two numbers fewer each) while the engine still says unique.

    Joins are tried in batches: all taut joins up to ``max_len`` cells at once; when the engine
    finds a second answer, the joins whose merged stretch meets the cells where it differs are
    dropped (or half the batch when none does) and the rest is asked again. A dropped join is
    retried alone at the end, when the board changed around it.
    """
    failed: set[tuple[Cell, Cell]] = set()
    calls = 0
    while calls < most and time.perf_counter() < deadline:
        pairs = [p for p in _merge_candidates(rows, cols, stretches) if p not in failed]
        rng.shuffle(pairs)
        batch: list[tuple[Cell, Cell]] = []
        trial = stretches
        for a, b in pairs:
            joined = _join(trial, a, b)
            if joined is not None and len(joined[-1]) <= max_len:
                trial = joined
                batch.append((a, b))
        if not batch:
            break
        while batch and calls < most and time.perf_counter() < deadline:
            trial = stretches
            applied = []
            for a, b in batch:
                joined = _join(trial, a, b)
                if joined is not None and len(joined[-1]) <= max_len:
                    trial = joined
                    applied.append((a, b))
            batch = applied
            if not batch:
                break
            st, diff, e = _ask(rows, cols, trial)
            calls += 1
            if st == "unique":
                stretches, eff = trial, e
                break
            if len(batch) == 1:
                failed.add(batch[0])
                break
            near = {x for cell in diff for x in [cell, *_nbrs(rows, cols, cell)]}
            blamed = [p for p in batch if _stretch_of(trial, p[0]) & near]
            if not blamed or len(blamed) == len(batch):
                blamed = batch[len(batch) // 2:] if not blamed else blamed[len(blamed) // 2:]
            failed.update(blamed)  # not tried again: engine calls are dear on big boards
            batch = [p for p in batch if p not in blamed]
    return stretches, eff


def _stretch_of(stretches: list[list[Cell]], cell: Cell) -> set[Cell]:
    return next((set(s) for s in stretches if cell in s), set())


# max stretch length of the cover and of the joins (both at 10x10; scaled with the board), and
# reshaping rounds per 100 (see _reshape): more rounds, longer paths, fewer numbers
PARAMS = {"easy": (10, 14, 0.5), "medium": (14, 24, 1.5), "hard": (20, 40, 3.0)}
BIG = 400  # boards with more cells keep the former generator's short stretches (proofs stay fast)
BIG_LEN = {"easy": 6, "medium": 10, "hard": 16}
BIG_REPAIRS = 200
BIG_THRESHOLDS = (6.0, 12.0)
JOIN_CALLS = 24  # engine calls at most in the joining phase


def generate(rows: int, cols: int, difficulty: str, seed: int, options: SolveOptions | None = None) -> GeneratedPuzzle:
    deadline = time.perf_counter() + DEFAULT_BUDGET
    big = rows * cols > BIG
    max_len0, join_len = (max(4, round(n * (min(rows * cols, 400) / 100) ** 0.35)) for n in PARAMS[difficulty][:2])
    reshape0 = PARAMS[difficulty][2] * 100 * min(1.0, 400 / (rows * cols))
    soften = 1.0  # shrinks after an attempt the engine could not make unique: shorter paths are proven faster

    def attempt(rng: random.Random) -> Candidate[Cell] | None:
        nonlocal soften
        if big:  # long paths make the proofs too dear here: the short cut of a Hamiltonian path
            max_len = max(4, round(BIG_LEN[difficulty] * ((rows * cols) / 100) ** 0.35))
            path = hamiltonian_path(rows, cols, rng, moves=8 * rows * cols)
            stretches = _prejoin(rows, cols, taut_stretches(path, rng, max_len), rng, max_len)
        else:
            max_len = max(4, round(max_len0 * soften))
            stretches = _prejoin(rows, cols, snake_cover(rows, cols, rng, max_len), rng, max_len)
            # reshaping rounds do not grow with the board: longer paths make every proof dear
            stretches = _reshape(rows, cols, stretches, rng, max_len, round(reshape0 * soften))
        status, diff, eff = _ask(rows, cols, stretches)
        for _ in range(BIG_REPAIRS if big else MAX_REPAIRS):
            if status != "multiple" or time.perf_counter() > deadline or not _split(stretches, diff, rng):
                break
            status, diff, eff = _ask(rows, cols, stretches)
        if status != "unique":
            soften *= 0.5
            return None
        calls = max(2, round(JOIN_CALLS * 100 / (rows * cols)))
        stretches, eff = _join_batches(rows, cols, stretches, rng, deadline, join_len, eff, calls)
        mean_len = sum(map(len, stretches)) / len(stretches)
        if big:  # the former generator's grading
            effort = eff * 100 / (rows * cols) + mean_len / 2
        else:
            effort = mean_len / ((rows * cols) / 100) ** 0.35 + math.log10(1 + eff / (rows * cols / 100) ** 2)
        solution = LinkSolution.from_masks(_masks(rows, cols, stretches))
        ends = [cell for stretch in stretches for cell in (stretch[0], stretch[-1])]
        return Candidate.made(_puzzle(rows, cols, stretches), solution, effort, ends, mean_path=round(mean_len, 1))

    return search("numberlink", rows, cols, difficulty, seed, BIG_THRESHOLDS if big else THRESHOLDS, attempt,
                  attempts=30)
