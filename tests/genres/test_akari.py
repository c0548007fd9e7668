"""Akari: the solver against brute force and the published boards, the checker rule by rule,
URLs, generation, answers and hints."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from solvers.akari.answer import hint_order, parse_answer
from solvers.akari.board import Grid, grid_of
from solvers.akari.check import check_marks, validate_grid
from solvers.akari.generate import candidate, generate
from solvers.akari.model import solve_grid
from solvers.akari.notation import WHITE, Given
from solvers.akari.url import decode_url, encode_url
from solvers.clues import Block
from solvers.errors import InvalidPuzzle, ParseError
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.solution import LightSolution
from solvers.verdict import SolveOptions, Status
from tests.corpus import load
from tests.genres.brute import assert_verdict_matches


def marks(sol: object) -> tuple[str, ...]:
    assert isinstance(sol, LightSolution)
    return sol.marks


OPTS = SolveOptions(time_limit=5.0, workers=1)
EXAMPLE = grid_of([". . #", "1 . .", ". . 2"])


def brute(grid: Grid) -> list[tuple[str, ...]]:
    """Every correct lighting, by trying every subset of white cells (small boards only)."""
    whites = [(r, c) for r, row in enumerate(grid) for c, v in enumerate(row) if v == WHITE]
    out = []
    for bits in itertools.product((0, 1), repeat=len(whites)):
        on = [w for w, b in zip(whites, bits, strict=True) if b]
        marks = LightSolution.from_cells(len(grid), len(grid[0]), on).marks
        if not check_marks(grid, marks):
            out.append(marks)
    return out


def random_grid(rng: random.Random, rows: int, cols: int) -> Grid:
    def cell() -> Given:
        x = rng.random()
        if x < 0.6:
            return WHITE
        return Block() if x < 0.75 else Block(rng.randint(0, 2))

    return tuple(tuple(cell() for _ in range(cols)) for _ in range(rows))


def test_text_board_is_detected_and_read() -> None:
    from solvers.reading import read_board

    puzzle = read_board(". . #\n1 . .\n. . 2")
    assert puzzle.genre == "akari" and puzzle.cells == EXAMPLE
    assert Puzzle.from_record(puzzle.to_record()) == puzzle


def test_example_is_unique() -> None:
    res = solve_grid(EXAMPLE, OPTS)
    assert res.status is Status.UNIQUE
    assert res.solution is not None and marks(res.solution) == ("*..", "..*", ".*.")


@pytest.mark.parametrize("seed", range(40))
def test_verdicts_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    grid = random_grid(rng, rng.randint(2, 4), rng.randint(2, 4))
    try:
        validate_grid(grid)
    except InvalidPuzzle:
        return
    every = brute(grid)
    res = solve_grid(grid, OPTS)
    assert_verdict_matches(res, every, marks)


def test_open_board_has_several_answers_and_a_boxed_one_none() -> None:
    assert solve_grid(grid_of([". . .", ". # .", ". . ."]), OPTS).status is Status.MULTIPLE
    assert solve_grid(grid_of(["0 .", ". 0"]), OPTS).status is Status.NONE


def test_cpsat_fallback_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    import solvers.akari.model as model

    monkeypatch.setattr(model, "MAX_NODES", 0)
    assert solve_grid(grid_of([". . . .", ". # . .", ". . . .", ". . . ."]), OPTS).status is Status.MULTIPLE
    res = solve_grid(grid_of([". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."]), OPTS)
    assert res.status is Status.MULTIPLE
    assert res.solution is not None and not check_marks(grid_of([". . . . ."] * 5), marks(res.solution))


def _records() -> tuple[dict[str, Any], ...]:
    return load("akari")  # skips when the shared corpus is absent


def test_published_boards_are_answered_and_checked() -> None:
    for rec in _records():
        grid = grid_of(rec["grid"])
        res = solve_grid(grid, OPTS)
        assert res.status is Status.UNIQUE, rec["id"]
        assert res.solution is not None and not check_marks(grid, marks(res.solution))
        assert list(marks(res.solution)) == rec["solution"]["lights"]


def test_published_urls_decode_to_their_grids_and_back() -> None:
    for rec in _records():
        grid = grid_of(rec["grid"])
        assert get_genre("akari").decode_url(str(rec["url"])).cells == grid  # up to 100x100
        assert encode_url(Puzzle("akari", grid)) == str(rec["url"])


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed: int) -> None:
    puzzle = Puzzle("akari", random_grid(random.Random(seed), 5, 7))
    assert decode_url(encode_url(puzzle)) == puzzle


def test_url_of_the_formats_example() -> None:
    assert encode_url(Puzzle("akari", EXAMPLE)) == "https://puzz.link/p?akari/3/3/h.bhc"
    assert decode_url("puzz.link/p?lightup/3/3/h.bhc").cells == EXAMPLE
    with pytest.raises(ParseError):
        decode_url("https://puzz.link/p?akari/3/3/h!bhc")


@pytest.mark.parametrize(
    ("marks", "rule"),
    [
        (("*.*", "..*", ".*."), "akari-light-on-black"),
        (("**.", "..*", ".*."), "akari-lights-see"),
        (("*..", "...", ".*."), "akari-dark"),
        (("*..", "..*", "*.."), "akari-clue"),
    ],
)
def test_checker_names_each_broken_rule(marks: tuple[str, ...], rule: str) -> None:
    assert rule in {v.rule for v in check_marks(EXAMPLE, marks)}


def test_checker_accepts_the_answer() -> None:
    assert check_marks(EXAMPLE, ("*..", "..*", ".*.")) == []


def test_validate_refuses_a_number_without_room() -> None:
    with pytest.raises(InvalidPuzzle) as err:
        validate_grid(grid_of(["# 4", ". ."]))
    assert err.value.code == "akari-no-room"


def test_generated_board_is_unique_and_checked() -> None:
    cand = candidate(7, 7, random.Random(3))
    assert cand is not None
    grid = cand.puzzle_of(frozenset(cand.clues)).cells
    res = solve_grid(grid, OPTS)
    assert res.status is Status.UNIQUE and res.solution == cand.solution
    gp = generate(6, 6, "easy", seed=2)
    assert gp.stats["proof"] == "unique" and not check_marks(gp.puzzle.cells, marks(gp.solution))
    assert gp.difficulty in ("easy", "medium", "hard")
    assert generate(6, 6, "easy", seed=2).puzzle == gp.puzzle  # the seed gives the same board


def test_typed_answer_and_hints() -> None:
    puzzle = Puzzle("akari", EXAMPLE)
    sol = parse_answer(puzzle, "* . #\n1 . o\n. L 2")
    assert sol.marks == ("*..", "..*", ".*.")
    with pytest.raises(ParseError):
        parse_answer(puzzle, "*.?\n1.*\n.*2")
    hints = hint_order(EXAMPLE, sol)
    assert sorted(h.cells[0] for h in hints) == sorted(sol.cells())
    assert all(h.code.startswith("akari-hint-") for h in hints)


class Recorder:
    """A Drawing that records the calls (the genre never sees Pillow)."""

    rows, cols, path_colours, tint_colours = 3, 3, 4, 4

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args, kw))


def test_picture_black_cells_numbers_lights_and_lit_cells() -> None:
    from solvers.akari.draw import draw
    from solvers.drawing import INK, LIT, PAPER

    puzzle = Puzzle("akari", EXAMPLE)
    d = Recorder()
    draw(d, puzzle, LightSolution(("*..", "..*", ".*.")))
    assert [a for n, a, _ in d.calls if n == "fill_cell"] == [(0, 2, INK), (1, 0, INK), (2, 2, INK)]
    assert [a[:4] for n, a, _ in d.calls if n == "text"] == [(1, 0, "1", PAPER), (2, 2, "2", PAPER)]
    assert sorted(a[:2] for n, a, _ in d.calls if n == "light") == [(0, 0), (1, 2), (2, 1)]
    tints = next(a[0] for n, a, _ in d.calls if n == "backgrounds")
    assert set(tints) == {(0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (2, 1)} and set(tints.values()) == {LIT}
    bare = Recorder()
    draw(bare, puzzle, None)
    assert "light" not in [n for n, _, _ in bare.calls]


@pytest.mark.parametrize("rows", [". . 2 .\n. . . .\n1 . 2 .\n. 2 . 2", ". 0 . .\n0 0 # 2\n. . 2 .\n. 3 . 2"])
def test_the_clues_named_for_no_solution_conflict_on_the_board_as_it_is(rows: str) -> None:
    """The search for conflicting clues dropped a clue by making its wall a white cell, which has
    to be lit: it named two clues that hold together once the other walls stand (the conflict
    needed the walls it had removed). A dropped clue keeps its wall now: with every other wall's
    number taken away, the named numbers still have no answer."""
    from solvers.engine import solve_puzzle
    from solvers.reading import read_board

    puzzle = read_board("akari\n" + rows)
    res = solve_puzzle(puzzle, SolveOptions(time_limit=5, workers=1, explain=3.0))
    assert res.status is Status.NONE and res.message is not None and res.message.code.startswith("clue")
    named = set(res.cells)
    walls_kept = Puzzle("akari", tuple(tuple(v if (r, c) in named or not isinstance(v, Block) else Block(None)
                                             for c, v in enumerate(row)) for r, row in enumerate(puzzle.cells)))
    assert solve_puzzle(walls_kept, SolveOptions(time_limit=5, workers=1)).status is Status.NONE
