"""Numberlink engine: corpus verdicts, both rules, every checker rule, invalid boards, detours and
shortcuts under the Nikoli rule, and a brute-force cross-check of the verdicts on tiny boards."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.cpsat import Budget
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, ParseError
from solvers.gridgraph import Grid, edge_key
from solvers.numberlink import GENRE, cpmodel, uniqueness
from solvers.numberlink import model as nl_model
from solvers.numberlink import router as nl_router
from solvers.numberlink.check import check, validate
from solvers.puzzle import Puzzle
from solvers.solution import LinkSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=20, workers=2)


def _puzzle(rows: list[str], fill: bool = False) -> Puzzle[Any]:
    return Puzzle("numberlink", tuple(tuple(0 if t == "." else int(t) for t in row.split()) for row in rows),
                  variants=frozenset({"fill"} if fill else ()))


def _masks(sol: object) -> list[list[int]]:
    if isinstance(sol, LinkSolution):
        return [list(row) for row in sol.masks]
    assert isinstance(sol, dict)
    return [[int(t) for t in row.split()] for row in sol["links"]]


def _typed(puzzle: Puzzle[Any], rec_solution: dict) -> LinkSolution:
    return GENRE.solution_from_json(rec_solution, puzzle)


def _rules(puzzle: Puzzle[Any], masks: list[list[int]]) -> set[str]:
    """The checker's rule codes, without the genre prefix."""
    return {v.rule.removeprefix("numberlink-") for v in check(puzzle, LinkSolution.from_masks(masks))}


# -- corpus -------------------------------------------------------------------------------------

@pytest.mark.parametrize("rec", corpus.shared_params("numberlink", keep=lambda r: r["unique"] is not None))
def test_corpus_verdicts(rec: dict) -> None:
    puzzle = Puzzle.from_record(rec)
    assert check(puzzle, _typed(puzzle, rec["solution"])) == []
    res = solve_puzzle(puzzle, OPTS)
    assert rec["unique"] is True
    assert res.status is Status.UNIQUE, (res.status, res.message)
    assert isinstance(res.solution, LinkSolution) and res.solution.to_json() == {
        "links": [" ".join(row.split()) for row in rec["solution"]["links"]]}
    assert _masks(res.solution) == _masks(rec["solution"])


@pytest.mark.slow
def test_corpus_large_records_get_a_checked_answer_or_an_honest_timeout() -> None:
    """The big boards (unique: null): never a wrong answer; the stored answers pass the checker."""
    for rec in corpus.load("numberlink"):
        if rec["unique"] is not None:
            continue
        puzzle = Puzzle.from_record(rec)
        assert check(puzzle, _typed(puzzle, rec["solution"])) == [], rec["id"]
        if rec["rows"] * rec["cols"] > 400:
            continue  # measured by the bench, too slow for the suite
        res = solve_puzzle(puzzle, SolveOptions(time_limit=5, workers=2))
        assert res.status in (Status.UNIQUE, Status.MULTIPLE, Status.TIMEOUT), rec["id"]
        for sol in (res.solution, res.second_solution):
            if sol is not None:
                assert isinstance(sol, LinkSolution) and check(puzzle, sol) == []


# -- both rules --------------------------------------------------------------------------------

@pytest.mark.parametrize(("rows", "nikoli", "flow"), [
    (["1 . 1", ". . ."], Status.MULTIPLE, Status.NONE),  # room for a detour; 6 cells cannot all be used
    (["1 1 ."], Status.UNIQUE, Status.NONE),
    (["1 . .", ". . .", ". . 1"], Status.MULTIPLE, Status.MULTIPLE),
    (["1 . . 1", ". . . ."], Status.MULTIPLE, Status.UNIQUE),
    (["1 . 1", "2 . 2"], Status.UNIQUE, Status.UNIQUE),
])
def test_nikoli_and_flow_rules(rows: list[str], nikoli: Status, flow: Status) -> None:
    for fill, want in ((False, nikoli), (True, flow)):
        puzzle = _puzzle(rows, fill)
        res = solve_puzzle(puzzle, OPTS)
        assert res.status is want, (rows, fill, res.status)
        if want is Status.MULTIPLE:
            assert res.solution != res.second_solution


@pytest.mark.parametrize("rid", ["own-numberlink-01", "own-numberlink-15", "own-numberlink-17",
                                 "numberlink-0001", "numberlink-h0001"])
def test_small_records_against_brute_force_under_both_rules(rid: str) -> None:
    """A 5x5 record under both rules: the model's verdict is the brute-force count's."""
    recs = corpus.own("numberlink") if rid.startswith("own-") else corpus.load("numberlink")
    rec = next(r for r in recs if r["id"] == rid)
    assert rec["rows"] * rec["cols"] <= 25
    for fill in (False, True):
        puzzle = dataclasses.replace(Puzzle.from_record(rec), variants=frozenset({"fill"} if fill else ()))
        count = _count_solutions(puzzle)
        res = solve_puzzle(puzzle, OPTS)
        assert res.status is {0: Status.NONE, 1: Status.UNIQUE, 2: Status.MULTIPLE}[count], (fill, count)


def test_detour_second_solution() -> None:
    """A taut answer with free cells beside one of its edges: the second answer takes the detour."""
    puzzle = _puzzle(["1 1", ". ."])  # the only tight answer joins the 1s directly
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.MULTIPLE
    assert _masks(res.solution) == [[2, 8], [0, 0]]
    assert _masks(res.second_solution) == [[4, 4], [3, 9]]  # the detour through the free row
    assert isinstance(res.second_solution, LinkSolution) and check(puzzle, res.second_solution) == []
    res = solve_puzzle(_puzzle(["1 . 1", ". . .", ". . ."]), OPTS)
    assert res.status is Status.MULTIPLE and res.solution != res.second_solution


def test_path_touching_itself_is_a_solution_too() -> None:
    """A path running beside itself is legal under the Nikoli rule (it could be shortened), so it
    counts as a second answer: the verdict must be 'multiple', never 'unique'."""
    puzzle = _puzzle(["1 . .", ". . .", "1 . ."])
    touching = [[2, 12, 0], [6, 9, 0], [1, 0, 0]]  # (1,1) -> (1,2) -> (2,2) -> (2,1) -> (3,1)
    assert _rules(puzzle, touching) == set()
    assert _rules(dataclasses.replace(puzzle, variants=frozenset({"fill"})), touching) == {"fill"}
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.MULTIPLE
    assert _masks(res.solution) == [[4, 0, 0], [5, 0, 0], [1, 0, 0]]  # the tight answer comes first


# -- checker rules ------------------------------------------------------------------------------

BOARD = _puzzle(["1 . 1", "2 . 2", ". . ."])
GOOD = [[2, 10, 8], [2, 10, 8], [0, 0, 0]]


def test_checker_accepts_a_correct_answer() -> None:
    assert _rules(BOARD, GOOD) == set()


@pytest.mark.parametrize(("bad", "code"), [
    (None, "solution-shape"), ("x", "solution-shape"), ({"loop": ["2 10 8", "2 10 8", "0 0 0"]}, "solution-shape"),
    ({"links": ["2 10 8", "2 10 8"]}, "solution-row-count"), ({"links": ["2 10", "2 10 8", "0 0 0"]},
                                                              "solution-row-length"),
    ({"links": ["2 10 8", "2 ten 8", "0 0 0"]}, "solution-mask"), ({"links": ["2 10 8", "2 10 8", "0 0 99"]},
                                                                  "solution-mask"),
    ({"links": {"a": 1}}, "solution-rows"), ({"links": ["2 10 8", "2 10 8", None]}, "solution-row"),
])
def test_malformed_solutions_are_not_read(bad: object, code: str) -> None:
    with pytest.raises(ParseError) as e:
        GENRE.solution_from_json(bad, BOARD)
    assert e.value.code == code


def test_checker_rejects_typed_solutions_of_the_wrong_shape() -> None:
    assert _rules(BOARD, GOOD[:2]) == {"solution-row-count"}
    assert _rules(BOARD, [[2, 10], *GOOD[1:]]) == {"solution-row-length"}
    assert _rules(BOARD, [[2, 10, 8], [2, 10, 8], [0, 0, 99]]) == {"solution-mask"}


def test_checker_mask_consistency() -> None:
    m = [row[:] for row in GOOD]
    m[2][0] = 8  # a line leaving the board on the left
    assert _rules(BOARD, m) == {"off-board"}
    m = [row[:] for row in GOOD]
    m[2][1] = 2  # right, but (3,3) does not connect back
    assert _rules(BOARD, m) == {"mismatch"}


def test_checker_degree_rules() -> None:
    assert _rules(BOARD, [[2, 8, 0], [2, 10, 8], [0, 0, 0]]) == {"endpoint", "dead-end"}
    assert "branch" in _rules(BOARD, [[2, 14, 8], [2, 11, 8], [0, 0, 0]])
    assert _rules(BOARD, [[0, 0, 0], [2, 10, 8], [0, 0, 0]]) == {"endpoint"}


def test_checker_wrong_pair_and_stray_loop() -> None:
    crossed = _puzzle(["1 . 2", "2 . 1", ". . ."])
    assert _rules(crossed, [[2, 10, 8], [2, 10, 8], [0, 0, 0]]) == {"wrong-pair"}
    board = _puzzle(["1 . 1", ". . .", ". . .", ". . ."])
    loop = [[2, 10, 8], [0, 0, 0], [6, 12, 0], [3, 9, 0]]
    assert _rules(board, loop) == {"stray-loop"}


def test_checker_fill_rule() -> None:
    flow = dataclasses.replace(BOARD, variants=frozenset({"fill"}))
    assert _rules(flow, GOOD) == {"fill"}
    v = check(flow, LinkSolution.from_masks(GOOD))[0]
    assert v.params["cell"] == (2, 0) and v.cells == ((2, 0),)
    assert say(v.msg) == "The cell at row 3, column 1 is empty; under the Flow rule every cell is used."
    assert say(v.msg, "ja") == "3 行 1 列 が空いています。フロールールでは全マスを使います。"


def test_every_checker_code_has_words_in_both_languages() -> None:
    assert set(GENRE.messages["en"]) <= set(GENRE.messages["ja"])


# -- invalid boards -----------------------------------------------------------------------------

@pytest.mark.parametrize(("rows", "message", "cells"), [
    (["1 . 7", "1 . ."], "Number 7 appears once (row 1, column 3)", ((0, 2),)),
    (["3 . 3", ". 3 ."], "Number 3 appears 3 times", ((0, 0), (0, 2), (1, 1))),
    ([". . .", ". . ."], "no numbers", ()),
])
def test_invalid_boards(rows: list[str], message: str, cells: tuple) -> None:
    with pytest.raises(InvalidPuzzle) as e:
        validate(_puzzle(rows))
    assert message in say(e.value.msg) and e.value.cells == cells
    assert say(e.value.msg, "ja") != say(e.value.msg)
    res = solve_puzzle(_puzzle(rows), OPTS)
    assert res.status is Status.INVALID and res.message is not None and message in say(res.message)


@pytest.mark.parametrize(("rows", "message", "message_ja", "cells"), [
    (["1 . 7", "1 . ."], "Number 7 appears once (row 1, column 3)", "数字 7 が 1 回", ((0, 2),)),
    (["3 . 3", ". 3 ."], "Number 3 appears 3 times", "数字 3 が 3 回", ((0, 0), (0, 2), (1, 1))),
    ([". . .", ". . ."], "There are no numbers on the board", "数字がありません", ()),
])
def test_form_problems(rows: list[str], message: str, message_ja: str, cells: tuple) -> None:
    problem = GENRE.form_problem(_puzzle(rows))
    assert isinstance(problem, ParseError) and problem.cells == cells
    assert message in say(problem.msg) and message_ja in say(problem.msg, "ja")
    assert GENRE.form_problem(_puzzle(["1 . 1", "2 . 2"])) is None


def test_unknown_clue_is_invalid() -> None:
    puzzle = Puzzle("numberlink", ((1, 0, -1), (1, 0, 0)))
    res = solve_puzzle(puzzle, OPTS)
    assert res.status is Status.INVALID and res.message is not None and res.cells == ((0, 2),)
    assert res.message.code == "numberlink-unknown-clue" and "'?'" in say(res.message)


@pytest.mark.parametrize("fill", [False, True])
def test_none(fill: bool) -> None:
    res = solve_puzzle(_puzzle(["1 2 .", "2 1 ."], fill), OPTS)
    assert res.status is Status.NONE and res.solution is None


# -- brute force on tiny boards ------------------------------------------------------------------

def _count_solutions(puzzle: Puzzle[Any], limit: int = 2) -> int:
    """How many solutions, counting up to ``limit``."""
    return len(_all_solutions(puzzle, limit))


def _random_board(rng: random.Random, sizes: list[tuple[int, int]], fewest: int, most: int,
                  fill: bool = False) -> Puzzle[Any]:
    """A random board of one of ``sizes`` with ``fewest`` to ``most`` pairs of numbers."""
    rows, cols = rng.choice(sizes)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    grid = [[0] * cols for _ in range(rows)]
    for i in range(rng.randint(fewest, most)):
        for r, c in cells[2 * i: 2 * i + 2]:
            grid[r][c] = i + 1
    return Puzzle("numberlink", tuple(tuple(r) for r in grid), variants=frozenset({"fill"} if fill else ()))


@pytest.mark.slow
@pytest.mark.parametrize("router", [True, False])
def test_brute_force_agrees_on_random_small_boards(router: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Verdicts equal the brute-force count; without the router every first answer and every
    proof comes from the CP-SAT model."""
    if router:
        monkeypatch.setattr(nl_model, "ROUTER_FROM", 0)  # the router on these small boards too
    else:
        monkeypatch.setattr(nl_router, "route_negotiated", lambda *a, **k: None)
    rng = random.Random(11 if router else 12)
    seen = set()
    for trial in range(400):
        puzzle = _random_board(rng, [(3, 3), (3, 4), (4, 4), (2, 5), (4, 5)], 1, 4, fill=trial % 3 == 0)
        count = _count_solutions(puzzle)
        want = Status.NONE if count == 0 else Status.UNIQUE if count == 1 else Status.MULTIPLE
        res = solve_puzzle(puzzle, SolveOptions(time_limit=10, workers=1))
        assert res.status is want, (puzzle, count, res.status)
        seen.add((want, "fill" in puzzle.variants))
    assert len(seen) == 6  # every verdict under both rules


def test_huge_board_stops_at_the_time_limit() -> None:
    """700 pairs on 60x60 under the Flow rule: building the model alone outlasts the limit; the
    engine stops with 'timeout' instead of hanging."""
    cells = tuple(tuple(((r * 60 + c) // 2) % 700 + 1 if r * 60 + c < 1400 else 0 for c in range(60))
                  for r in range(60))
    res = solve_puzzle(Puzzle("numberlink", cells, variants=frozenset({"fill"})), SolveOptions(time_limit=1, workers=1))
    assert res.status is Status.TIMEOUT and res.solution is None


def _all_solutions(puzzle: Puzzle[Any], limit: int) -> list[set[int]]:
    """Up to ``limit`` solutions (under the puzzle's rule) by plain DFS, each pair's path in turn
    through cells no other path uses; each solution as its set of grid edge indices."""
    grid = Grid(puzzle.rows, puzzle.cols)
    ends: dict[int, list[tuple[int, int]]] = {}
    for r, c, v in puzzle.clues():
        ends.setdefault(v, []).append((r, c))
    pairs = [ends[v] for v in sorted(ends)]
    used = {cell for pair in pairs for cell in pair}
    edges: list[int] = []
    out: list[set[int]] = []

    def walk(i: int, cur: tuple[int, int]) -> None:
        if len(out) >= limit:
            return
        if i == len(pairs):
            if "fill" not in puzzle.variants or len(used) == grid.size:
                out.append(set(edges))
            return
        goal = pairs[i][1]
        for _, nb in grid.neighbours(cur):
            if nb == goal or nb not in used:
                edges.append(grid.edge_index[edge_key(cur, nb)])
                if nb == goal:
                    walk(i + 1, pairs[i + 1][0] if i + 1 < len(pairs) else goal)
                else:
                    used.add(nb)
                    walk(i, nb)
                    used.discard(nb)
                edges.pop()

    walk(0, pairs[0][0] if pairs else (0, 0))
    return out


@pytest.mark.slow
def test_uniqueness_step_is_exact_from_every_first_answer() -> None:
    """The proof step alone (module docstring of the model: detours and flips of the first answer,
    then a tight, flip-free search excluding it), started from every solution of small open boards
    (many empty cells, so many flips): it finds another answer exactly when one exists."""
    from ortools.sat.python import cp_model

    rng = random.Random(5)
    checked = {True: 0, False: 0}
    boards: list[Puzzle[Any]] = [GENRE.generate(rows, cols, "hard", seed).puzzle  # unique ones
                            for seed, (rows, cols) in enumerate([(4, 5), (5, 5), (5, 6)] * 4)]
    boards += [_random_board(rng, [(4, 4), (4, 5), (5, 5), (3, 6)], 1, 4)  # none or several answers
               for _ in range(200)]
    for puzzle in boards:
        rows, cols = puzzle.rows, puzzle.cols
        answers = _all_solutions(puzzle, limit=40)
        grid = Grid(rows, cols)
        clues = {(r, c) for r, c, _ in puzzle.clues()}
        for first in answers[:6]:
            other = uniqueness.find_detour(grid, clues, first)
            if other is None:
                nm = cpmodel.NumberlinkModel(puzzle)
                nm.forbid_downhill_flips()
                nm.exclude(first)
                solver = cp_model.CpSolver()
                solver.parameters.num_workers = 1
                status = solver.solve(nm.model)
                assert status in (cp_model.OPTIMAL, cp_model.FEASIBLE, cp_model.INFEASIBLE)
                if status != cp_model.INFEASIBLE:
                    other = nm.used(solver)
            if other is not None:
                assert other != first and other in answers or len(answers) == 40, (puzzle, first, other)
            assert (other is not None) == (len(answers) > 1), (puzzle, first, len(answers))
            checked[other is not None] += 1
    assert checked[True] > 300 and checked[False] >= 12, checked


def test_local_second_answer_differs_inside_one_window_only() -> None:
    """The window search returns a genuine second answer, changed only inside one window."""
    puzzle = _puzzle([" ".join("1" if (r, c) in ((0, 0), (19, 19)) else "." for c in range(20)) for r in range(20)])
    grid = Grid(20, 20)
    path = [(0, c) for c in range(20)] + [(r, 19) for r in range(1, 20)]
    first = nl_router.edges_of(grid, [path])
    nm = cpmodel.NumberlinkModel(puzzle)
    nm.exclude(first)
    budget = Budget(SolveOptions(time_limit=10, workers=1))
    other = uniqueness.local_second(nm, first, budget, cpmodel.solver_params(budget.options))
    assert other is not None and other != first
    assert check(puzzle, LinkSolution.from_masks(grid.masks_from_edges(other))) == []
    changed = {cell for i in other ^ first for cell in grid.edges[i]}
    rows = [r for r, _ in changed]
    cols = [c for _, c in changed]
    assert max(rows) - min(rows) <= uniqueness.WINDOW + 1 and max(cols) - min(cols) <= uniqueness.WINDOW + 1


@pytest.mark.slow
def test_flow_rule_verdicts_through_the_nikoli_proof() -> None:
    """Under the Flow rule the Nikoli-rule proof runs first: boards unique under both rules, boards
    unique under Flow only (the Nikoli search finds answers with empty cells, which settle
    nothing) and boards with two Flow answers all get the brute-force verdict, and a second Flow
    answer fills every cell."""
    rng = random.Random(8)
    kinds: set[str] = set()
    for _ in range(300):
        nikoli = _random_board(rng, [(3, 4), (4, 4), (4, 5), (5, 5)], 2, 5)
        flow = dataclasses.replace(nikoli, variants=frozenset({"fill"}))
        n_flow, n_nikoli = _count_solutions(flow), _count_solutions(nikoli)
        if n_flow == 0:
            continue
        res = solve_puzzle(flow, SolveOptions(time_limit=10, workers=1))
        assert res.status is (Status.UNIQUE if n_flow == 1 else Status.MULTIPLE), (flow, n_flow, res.status)
        if res.status is Status.MULTIPLE:
            assert isinstance(res.second_solution, LinkSolution)
            assert check(flow, res.second_solution) == []
        kinds.add("multiple" if n_flow > 1 else "unique both" if n_nikoli == 1 else "unique flow only")
    assert kinds == {"multiple", "unique both", "unique flow only"}, kinds


def test_the_flow_rule_keeps_its_puzz_link_url_and_is_said_in_the_reply() -> None:
    from bot.replies import result_reply
    from bot.worker import solve_job
    from solvers.reading import read_board

    flow = read_board("numberlink fill\n1 . 2\n. . .\n1 . 2")
    assert "fill" in flow.variants
    url = GENRE.encode_url(flow)
    assert url.startswith("https://puzz.link/p?arukone/3/3/")  # puzz.link's Arukone: every cell on a path
    assert GENRE.decode_url(url) == flow
    assert GENRE.encode_url(dataclasses.replace(flow, variants=frozenset())).startswith("https://puzz.link/p?numlin/")
    assert GENRE.decode_url(url.replace("arukone/", "arukone/e/")).variants == frozenset()  # 'e': cells may stay empty
    reply = result_reply(solve_job(flow, 10.0, 1), "en", spoiler=False)
    assert "Rule: the Flow rule (every cell on a path)." in reply.text and "p?arukone/" in reply.text
    plain = result_reply(solve_job(dataclasses.replace(flow, variants=frozenset()), 10.0, 1), "en", spoiler=False)
    assert "Rule:" not in plain.text
