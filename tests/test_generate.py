"""The generator: proven unique puzzles for every genre, size and difficulty; seeds; bad requests; CLI."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, PuzzleError
from solvers.generation import DIFFICULTIES, generate, generate_record
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.verdict import SolveOptions, Status
from tests.corpus import GENRES, REPO

SOLUTION_KEY = {"masyu": "loop", "yinyang": "colors", "numberlink": "links", "shikaku": "rects"}


def _assert_proven(genre: str, gp) -> None:
    """Independently of the generator: the engine says unique and the checker accepts the solution."""
    puzzle = gp.puzzle
    assert puzzle.genre == genre
    assert puzzle.clues() or puzzle.regions, "a puzzle with no givens"
    res = solve_puzzle(puzzle, SolveOptions(time_limit=30, workers=1))
    assert res.status is Status.UNIQUE, (res.status, res.message, puzzle.grid_lines())
    assert get_genre(genre).check(puzzle, gp.solution) == []
    # the engine's answer and ours are the same answer: each passes the checker, and it is unique
    assert get_genre(genre).check(puzzle, res.solution) == []
    assert gp.difficulty in DIFFICULTIES


def _generate(genre: str, rows: int, cols: int, difficulty: str, seed: int, square: bool = False):
    """generate(); a genre whose boards are square gets a square size (``square``) or a skip."""
    try:
        return generate(genre, rows, cols, difficulty, seed=seed)
    except InvalidPuzzle as e:
        if rows == cols or not e.code.endswith("-not-square"):
            raise
        if square:
            return generate(genre, max(rows, cols), max(rows, cols), difficulty, seed=seed)
        pytest.skip(f"{genre} boards are square")


SQUARE_ONLY = {"sudoku"}  # genres whose boards are square (a generator refuses other sizes)


@pytest.mark.parametrize("genre", GENRES)
@pytest.mark.parametrize("size", [(6, 6), pytest.param((8, 10), marks=pytest.mark.slow)])
def test_generated_puzzles_are_unique_at_every_difficulty(genre: str, size: tuple[int, int]) -> None:
    rows, cols = size
    if genre in SQUARE_ONLY and rows != cols:
        pytest.skip(f"{genre} boards are square")
    largest = max(r * c for r, c in get_genre(genre).daily_sizes.values())
    if rows * cols > largest:  # beyond the sizes its daily puzzle uses
        pytest.skip(f"{genre}'s daily puzzles are at most {largest} cells")
    for k, difficulty in enumerate(DIFFICULTIES):
        gp = _generate(genre, rows, cols, difficulty, seed=11 + k)
        assert (gp.puzzle.rows, gp.puzzle.cols) == (rows, cols)
        assert gp.seed == 11 + k
        _assert_proven(genre, gp)


@pytest.mark.parametrize("genre", GENRES)
def test_same_seed_same_puzzle_and_different_seeds_differ(genre: str) -> None:
    cols = 6 if genre in SQUARE_ONLY else 7
    a = _generate(genre, 6, cols, "easy", seed=5, square=True)
    b = _generate(genre, 6, cols, "easy", seed=5, square=True)
    c = _generate(genre, 6, cols, "easy", seed=6, square=True)
    assert a.puzzle.cells == b.puzzle.cells and a.solution == b.solution and a.difficulty == b.difficulty
    assert (c.puzzle.cells, c.solution) != (a.puzzle.cells, a.solution)


def test_seed_none_picks_a_seed_that_reproduces() -> None:
    a = generate("shikaku", 6, 6, "easy", seed=None)
    b = generate("shikaku", 6, 6, "easy", seed=a.seed)
    assert a.puzzle.cells == b.puzzle.cells


@pytest.mark.parametrize("size", [(0, 5), (100, 100), (1, 1), (3, 10), (10, 31)])
def test_bad_sizes_get_a_clear_message(size: tuple[int, int]) -> None:
    with pytest.raises(PuzzleError) as err:
        generate("masyu", *size)
    msg = say(err.value.msg)
    assert f"{size[0]}x{size[1]}" in msg and "between" in msg


def test_bad_genre_and_difficulty_get_a_clear_message() -> None:
    with pytest.raises(PuzzleError, match="Unknown genre"):
        generate("notagenre", 6, 6)
    with pytest.raises(PuzzleError, match="easy, medium or hard"):
        generate("masyu", 6, 6, "impossible")


def test_record_has_the_formats_fields_and_reads_back() -> None:
    rec = generate_record("yinyang", 6, 6, "medium", 4)
    assert rec["unique"] is True and rec["seed"] == 4 and rec["difficulty"] in DIFFICULTIES
    assert rec["genre"] == "yinyang" and rec["rows"] == 6 and rec["cols"] == 6 and rec["id"]
    puzzle = Puzzle.from_record(rec)
    g = get_genre("yinyang")
    assert g.check(puzzle, g.solution_from_json(rec["solution"], puzzle)) == []
    assert len(rec["solution"]["colors"]) == 6
    if "url" in rec:
        assert rec["url"].startswith("https://puzz.link/p?yinyang/6/6/")
        assert get_genre("yinyang").decode_url(rec["url"]).cells == puzzle.cells


def test_cli_generate_prints_a_valid_record() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot.cli", "generate", "masyu", "--size", "6x6", "--seed", "3"],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert out.returncode == 0, out.stderr
    rec = json.loads(out.stdout.strip().splitlines()[-1])
    assert rec["genre"] == "masyu" and rec["unique"] is True and rec["seed"] == 3
    assert rec["difficulty"] in DIFFICULTIES and "loop" in rec["solution"]
    puzzle = Puzzle.from_record(rec)
    g = get_genre("masyu")
    assert g.check(puzzle, g.solution_from_json(rec["solution"], puzzle)) == []
    res = solve_puzzle(puzzle, SolveOptions(time_limit=30, workers=1))
    assert res.status is Status.UNIQUE
    assert rec["url"].startswith("https://puzz.link/p?mashu/6/6/")


def test_cli_generate_bad_size_is_one_plain_sentence() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bot.cli", "generate", "shikaku", "--size", "1x1"],
        cwd=REPO, capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and "1x1" in out.stderr
