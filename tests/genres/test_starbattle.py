"""Star Battle: the solver against brute force and the published boards, the checker rule by
rule, URLs, generation, answers and hints."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from solvers.errors import InvalidPuzzle, ParseError
from solvers.puzzle import Puzzle
from solvers.solution import StarSolution
from solvers.starbattle.answer import hint_order, parse_answer
from solvers.starbattle.board import Regions, default_stars, regions_of, renumber
from solvers.starbattle.check import check_marks, validate_board
from solvers.starbattle.deduce import Deductions, Level
from solvers.starbattle.generate import effort, generate, make
from solvers.starbattle.model import solve_board
from solvers.starbattle.search import probe
from solvers.starbattle.url import decode_url, encode_url
from solvers.verdict import SolveOptions, Status
from tests.corpus import load, own
from tests.genres.brute import assert_verdict_matches


def marks(sol: object) -> tuple[str, ...]:
    assert isinstance(sol, StarSolution)
    return sol.marks


OPTS = SolveOptions(time_limit=5.0, workers=1)
EXAMPLE = regions_of(["1 1 2 2", "1 2 2 2", "3 3 3 4", "3 4 4 4"])
EXAMPLE_STARS = (".*..", "...*", "*...", "..*.")


def board(regions: Regions, stars: int) -> Puzzle[int]:
    return Puzzle("starbattle", tuple((0,) * len(regions[0]) for _ in regions), regions=regions,
                  params=(("stars", stars),))


def random_regions(rng: random.Random, n: int) -> Regions:
    """n connected regions grown from random seeds."""
    ids = [[0] * n for _ in range(n)]
    frontier = []
    for k, (r, c) in enumerate(rng.sample([(r, c) for r in range(n) for c in range(n)], n), 1):
        ids[r][c] = k
        frontier.append((r, c))
    while frontier:
        r, c = frontier.pop(rng.randrange(len(frontier)))
        for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= rr < n and 0 <= cc < n and not ids[rr][cc]:
                ids[rr][cc] = ids[r][c]
                frontier.append((rr, cc))
    return renumber(ids)


def brute(regions: Regions) -> list[tuple[str, ...]]:
    """Every one-star answer, by trying every column permutation."""
    n = len(regions)
    out = []
    for cols in itertools.permutations(range(n)):
        marks = StarSolution.from_cells(n, n, list(enumerate(cols))).marks
        if not check_marks(regions, 1, marks):
            out.append(marks)
    return out


def brute_k(regions: Regions, k: int) -> list[tuple[str, ...]]:
    """Every answer with ``k`` stars a line, row by row over the rows' non-touching column sets
    (plain Python, apart from the solver)."""
    n = len(regions)
    rows = [cols for cols in itertools.combinations(range(n), k) if all(b - a > 1 for a, b in itertools.pairwise(cols))]
    out: list[tuple[str, ...]] = []

    def place(r: int, prev: tuple[int, ...], col: list[int], reg: dict[int, int],
              chosen: list[tuple[int, ...]]) -> None:
        if r == n:
            if all(x == k for x in col) and all(x == k for x in reg.values()):
                out.append(tuple("".join("*" if c in cols else "." for c in range(n)) for cols in chosen))
            return
        for cols in rows:
            if any(abs(c - p) <= 1 for c in cols for p in prev) or any(col[c] == k for c in cols):
                continue
            ids = [regions[r][c] for c in cols]
            if any(reg.get(g, 0) + ids.count(g) > k for g in ids):
                continue
            for c, g in zip(cols, ids, strict=True):
                col[c] += 1
                reg[g] = reg.get(g, 0) + 1
            place(r + 1, cols, col, reg, [*chosen, cols])
            for c, g in zip(cols, ids, strict=True):
                col[c] -= 1
                reg[g] -= 1

    place(0, (), [0] * n, {}, [])
    return out


def bits(marks: tuple[str, ...]) -> int:
    n = len(marks[0])
    return sum(1 << (r * n + c) for r, row in enumerate(marks) for c, ch in enumerate(row) if ch == "*")


def test_example_is_unique() -> None:
    res = solve_board(EXAMPLE, 1, OPTS)
    assert res.status is Status.UNIQUE
    assert res.solution is not None and marks(res.solution) == EXAMPLE_STARS


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("max_nodes", [40, 0])  # 0: every board goes to CP-SAT
def test_verdicts_agree_with_brute_force(seed: int, max_nodes: int) -> None:
    rng = random.Random(seed)
    regions = random_regions(rng, rng.randint(4, 6))
    every = brute(regions)
    res = solve_board(regions, 1, OPTS, max_nodes=max_nodes)
    assert_verdict_matches(res, every, marks)




@pytest.mark.parametrize("seed", range(30))
def test_two_star_verdicts_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(1000 + seed)
    regions = random_regions(rng, rng.choice((6, 7)))
    every = brute_k(regions, 2)
    for max_nodes in (None, 0):  # the search, and CP-SAT from the root deductions
        res = solve_board(regions, 2, OPTS, max_nodes=max_nodes)
        assert_verdict_matches(res, every, marks)


@pytest.mark.parametrize("seed", range(40))
def test_deductions_keep_every_answer(seed: int) -> None:
    """At every level, from the bare board and from part of an answer's stars, propagation and a
    probe round never ban a star of an answer nor place a star outside it; a dead end only where
    no answer extends the stars given."""
    rng = random.Random(2000 + seed)
    k = 1 + seed % 2
    regions = random_regions(rng, rng.choice((5, 6)) if k == 1 else rng.choice((6, 7)))
    answers = [bits(a) for a in brute_k(regions, k)]
    for level in Level:
        board = Deductions(regions, k, level)
        for answer in answers:
            for given in (0, _some(answer, rng), _some(answer, rng)):
                for state in (board.propagate(given, 0), probe(board, given, 0)):
                    assert state is not None
                    assert state[0] & ~answer == 0 and state[1] & answer == 0
        if not answers:
            state = board.propagate(0, 0)
            assert state is None or state[0].bit_count() < len(regions) * k


@pytest.mark.parametrize(("n", "stars"), [(12, 2), (14, 3)])
def test_deductions_keep_the_answer_of_larger_boards(n: int, stars: int) -> None:
    made = next(m for attempt in range(20) if (m := make(n, "hard", seed=7, attempt=attempt, stars=stars)))
    answer = bits(made.solution.marks)
    rng = random.Random(n)
    board = Deductions(made.regions, stars)
    for given in [0] + [_some(answer, rng) for _ in range(8)]:
        for state in (board.propagate(given, 0), probe(board, given, 0)):
            assert state is not None
            assert state[0] & ~answer == 0 and state[1] & answer == 0


def _some(answer: int, rng: random.Random) -> int:
    return sum(1 << i for i in range(answer.bit_length()) if answer >> i & 1 and rng.random() < 0.3)


@pytest.mark.parametrize(("name", "rows", "want"), [
    ("several", ["1 1 2 2 2", "1 1 2 2 2", "3 3 3 4 4", "3 3 3 4 4", "5 5 5 5 5"], Status.MULTIPLE),
    ("none", ["1 1 2 2 2", "3 3 3 3 3", "3 4 4 4 4", "5 5 5 4 4", "5 5 5 5 5"], Status.NONE),
])
def test_boards_with_several_answers_and_none(name: str, rows: list[str], want: Status) -> None:
    regions = regions_of(rows)
    res = solve_board(regions, 1, OPTS)
    assert res.status is want, name
    if want is Status.MULTIPLE:
        assert res.solution is not None and res.second_solution is not None and res.solution != res.second_solution
        assert not check_marks(regions, 1, marks(res.solution))
        assert not check_marks(regions, 1, marks(res.second_solution))


def test_no_solution_names_the_line_out_of_places_and_comes_with_a_marked_picture() -> None:
    """As LITS does: the row, column or region the deductions leave unable to hold its stars (or
    the row whole regions crowd) is named and marked."""
    from bot.i18n import say
    from bot.pictures import result_view
    from bot.worker import solve_job
    from solvers.engine import solve_puzzle

    column = board(regions_of(["1 3 3 3", "3 3 3 3", "2 3 3 3", "4 4 4 4"]), 1)  # two one-cell regions in column 1
    res = solve_puzzle(column, OPTS)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "starbattle-column-stuck"
    assert set(res.cells) == {(0, 0), (1, 0), (2, 0), (3, 0)}
    assert say(res.message).startswith("Column 1 cannot hold exactly 1 star ")
    assert "1 列目にちょうど 1 個の星を置けません" in say(res.message, "ja")
    touching = board(regions_of(["1 2 2 2", "3 4 2 2", "3 3 3 3", "3 3 3 3"]), 1)  # one-cell regions touching
    res = solve_puzzle(touching, OPTS)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "starbattle-region-stuck"
    assert res.cells == ((1, 1),) and say(res.message).startswith("The region at row 2, column 2 cannot hold")
    assert result_view(res).name == "problem"
    job = solve_job(touching, 10.0, 1)  # what a chat gets: the board with the region marked
    assert job.png is not None and job.cells == res.cells
    crowded = board(regions_of(["1 1 2 2 2", "3 3 3 3 3", "3 4 4 4 4", "5 5 5 4 4", "5 5 5 5 5"]), 1)
    res = solve_puzzle(crowded, OPTS)  # regions 1 and 2 both lie in row 1, which takes one star
    assert res.status is Status.NONE and res.message is not None and res.message.code == "starbattle-row-crowded"
    assert res.cells == tuple((0, c) for c in range(5))
    assert say(res.message).startswith("The regions that can only put their stars in row 1 need more stars")
    assert say(res.message, "ja").startswith("1 行目にしか星を置けないブロック")


@pytest.mark.parametrize(("rows", "code", "lines", "numbers"), [
    (["1 1 1 1 1", "1 1 1 2 2", "3 3 1 1 2", "3 3 1 1 1", "4 4 5 5 5"], "starbattle-rows-short", (0, 3), (4, 3)),
    (["1 1 1 1 1", "1 1 1 1 1", "2 3 3 1 4", "2 5 5 4 4", "2 5 5 5 4"], "starbattle-rows-short", (0, 1), (2, 1)),
    (["1 1 2 2 2 2", "1 1 2 2 2 2", "1 1 2 2 2 3", "4 4 5 5 5 3", "5 5 5 5 5 5", "6 6 5 5 5 5"],
     "starbattle-columns-crowded", (0, 1), (2, 3)),
])
def test_no_solution_names_the_band_of_lines_too(rows: list[str], code: str, lines: tuple[int, int],
                                                 numbers: tuple[int, int]) -> None:
    """Rows 1-4 that only three regions reach, three regions inside columns 1-2: these came as a
    bare 'no solution' with no picture; the band is named, with its counts, and marked."""
    from bot.i18n import say
    from solvers.engine import solve_puzzle

    regions = regions_of(rows)
    assert not brute(regions)
    res = solve_puzzle(board(regions, 1), OPTS)
    assert res.status is Status.NONE and res.message is not None and res.message.code == code
    assert (res.message.params["first"] - 1, res.message.params["last"] - 1) == lines
    assert (res.message.params["need"], res.message.params["got"]) == numbers
    n = len(rows)
    band = range(lines[0], lines[1] + 1)
    assert set(res.cells) == {(r, c) if "rows" in code else (c, r) for r in band for c in range(n)}
    assert say(res.message).split()[0] in ("Rows", "The") and say(res.message, "ja")


def test_no_solution_names_a_pair_of_lines_with_two_stars() -> None:
    """With two stars a line, the pair of rows (columns) the deductions leave unable to hold four."""
    from bot.i18n import say
    from solvers.engine import solve_puzzle

    rows = ["1 1 1 1 2 2 2", "1 1 1 3 2 2 2", "4 1 1 3 5 5 2", "4 4 4 3 5 5 2", "4 4 6 6 6 5 7",
            "6 6 6 6 7 7 7", "6 6 6 6 7 7 7"]
    columns = ["1 1 1 1 2 2 3", "4 1 1 1 2 2 3", "4 4 1 1 2 2 3", "4 1 1 1 2 5 5", "6 6 1 5 5 5 7",
               "6 6 6 5 5 5 7", "6 6 6 5 5 5 7"]
    for regions, code, band, pair in ((regions_of(rows), "starbattle-rows-stuck", {2, 3}, "3 and 4"),
                                      (regions_of(columns), "starbattle-columns-stuck", {0, 1}, "1 and 2")):
        assert not brute_k(regions, 2)
        res = solve_puzzle(board(regions, 2), OPTS)
        assert res.status is Status.NONE and res.message is not None and res.message.code == code
        assert {c[0] if "rows" in code else c[1] for c in res.cells} == band and len(res.cells) == 14
        assert say(res.message).endswith("(no two stars touching, diagonals included).")
        assert f"{pair} cannot hold exactly 4 stars" in say(res.message)


@pytest.mark.parametrize("seed", range(4))
def test_every_board_without_an_answer_says_where(seed: int) -> None:
    """Random boards without an answer (by brute force): each gets a message naming a line or a
    band, its cells marked; a band's counts say why (short: fewer than it needs; crowded: more)."""
    from solvers.engine import solve_puzzle

    rng = random.Random(7000 + seed)
    seen = 0
    while seen < 12:
        regions = random_regions(rng, rng.randint(4, 6))
        if brute(regions):
            continue
        seen += 1
        res = solve_puzzle(board(regions, 1), OPTS)
        assert res.status is Status.NONE and res.message is not None and res.cells, regions
        params = res.message.params
        if res.message.code.endswith("-short"):
            assert params["got"] < params["need"]
        elif "need" in params:
            assert params["got"] > params["need"]


def test_engine_verdicts_on_the_own_corpus() -> None:
    from solvers.engine import solve_puzzle

    for rec in own("starbattle"):
        puzzle = Puzzle.from_record(rec)
        res = solve_puzzle(puzzle, OPTS)
        if rec["solution"] is None:
            assert res.status is Status.NONE, rec["id"]
            continue
        assert res.status is (Status.UNIQUE if rec["unique"] else Status.MULTIPLE), rec["id"]
        if rec["unique"]:
            assert res.solution == puzzle.kind.solution_from_json(rec["solution"], puzzle), rec["id"]


def _records() -> tuple[dict[str, Any], ...]:
    return load("starbattle")  # skips when the shared corpus is absent


def test_published_boards_are_answered_and_checked() -> None:
    for rec in _records():
        regions = regions_of(rec["regions"])
        res = solve_board(regions, rec["stars"], OPTS)
        assert res.status is Status.UNIQUE, rec["id"]
        assert res.solution is not None and not check_marks(regions, rec["stars"], marks(res.solution))
        assert list(marks(res.solution)) == rec["solution"]["stars"]


def test_published_urls_decode_to_their_boards_and_back() -> None:
    for rec in _records():
        regions = renumber(regions_of(rec["regions"]))
        assert decode_url(rec["url"]) == board(regions, rec["stars"])
        assert encode_url(board(regions, rec["stars"])) == rec["url"].rstrip("/")


@pytest.mark.parametrize("seed", range(10))
def test_url_round_trip(seed: int) -> None:
    puzzle = board(random_regions(random.Random(seed), 7), 2)
    assert decode_url(encode_url(puzzle)) == puzzle


def test_url_of_the_formats_example() -> None:
    assert encode_url(board(EXAMPLE, 1)) == "https://puzz.link/p?starbattle/4/4/1/a309tg"
    with pytest.raises(ParseError):
        decode_url("https://puzz.link/p?starbattle/4/4/a309tg")


@pytest.mark.parametrize(
    ("marks", "rule"),
    [
        ((".*.*", "....", "*...", "..*."), "starbattle-row"),
        ((".*..", "...*", "...*", "*..."), "starbattle-column"),
        (("*...", "..*.", "...*", ".*.."), "starbattle-region"),
        ((".*..", "*...", "...*", "..*."), "starbattle-touch"),
    ],
)
def test_checker_names_each_broken_rule(marks: tuple[str, ...], rule: str) -> None:
    assert rule in {v.rule for v in check_marks(EXAMPLE, 1, marks)}


def test_checker_accepts_the_answer() -> None:
    assert check_marks(EXAMPLE, 1, EXAMPLE_STARS) == []


@pytest.mark.parametrize(
    ("lines", "stars", "code"),
    [
        (["1 1 2", "1 2 2"], 1, "starbattle-not-square"),
        (["1 1 1", "2 2 2", "1 1 1"], 1, "starbattle-region-count"),
        (["1 2 1", "1 2 1", "3 3 3"], 1, "starbattle-region-split"),
        (["1 1 2", "1 2 2", "3 3 3"], 3, "starbattle-bad-stars"),
    ],
)
def test_validate_refuses_bad_forms(lines: list[str], stars: int, code: str) -> None:
    with pytest.raises(InvalidPuzzle) as err:
        validate_board(regions_of(lines), stars)
    assert err.value.code == code


def test_more_stars_than_two_neighbouring_rows_hold_are_refused_up_front() -> None:
    """'starbattle 3' over a 5x5 board passed the form check (3 stars fit one row of 5) and came
    back as 'Row 2 cannot hold exactly 3 stars...'; two neighbouring rows hold one star per 2x2
    block, 3 at most on a 5-wide board, so the star count itself is named. Brute force agrees on
    the smallest boards; the published counts stay allowed."""
    from bot.i18n import say
    from solvers.reading import read_board

    with pytest.raises(ParseError) as refused:
        read_board("starbattle 3\nA A B B C\nA B B C C\nD D B C C\nD E E E C\nD D E E E")
    assert refused.value.msg.code == "starbattle-stars-touch"
    assert say(refused.value.msg).startswith("3 stars per line cannot fit a 5x5 board: two neighbouring rows need 6")
    assert "5×5 の盤面に 1 列 3 個の星は入りません" in say(refused.value.msg, "ja")
    with pytest.raises(InvalidPuzzle):
        validate_board(regions_of(["1 2", "1 2"]), 1)
    assert not brute(regions_of(["1 2", "1 2"]))
    for n in range(1, 26):
        if n != 2:  # 2x2: no star count fits
            validate_board(_stripes(n), default_stars(n))


def _stripes(n: int) -> Regions:
    """n regions, one a row (a valid form of any size)."""
    return tuple((r + 1,) * n for r in range(n))


def test_default_star_counts_follow_the_published_sizes() -> None:
    assert [default_stars(n) for n in (5, 8, 10, 12, 14, 15, 25)] == [1, 1, 2, 2, 3, 3, 4]


@pytest.mark.parametrize(("n", "seed"), [(6, 1), (8, 2), (10, 3)])
def test_grade_is_the_lowest_level_that_settles_the_board(n: int, seed: int) -> None:
    """The effort is the lowest deduction level that places every star (one past the top level:
    trial and error), and the grade follows it."""
    made = next(m for attempt in range(20) if (m := make(n, "medium", seed=seed, attempt=attempt)))
    level = effort(made.regions, made.stars)
    want = len(made.regions) * made.stars
    for lower in Level:
        state = Deductions(made.regions, made.stars, lower).propagate(0, 0)
        assert state is not None
        assert (state[0].bit_count() == want) is (lower >= level)
        if lower >= level:
            assert state[0] == bits(made.solution.marks)
    assert made.difficulty == ("easy" if level <= 1 else "medium" if level == 2 else "hard")


@pytest.mark.parametrize(("n", "stars"), [(6, 1), (9, 2), (12, 2), (14, 3)])
def test_generated_board_is_unique_and_checked(n: int, stars: int) -> None:
    made = next(m for attempt in range(20) if (m := make(n, "medium", seed=1, attempt=attempt, stars=stars)))
    validate_board(made.regions, made.stars)
    assert not check_marks(made.regions, made.stars, made.solution.marks)
    res = solve_board(made.regions, made.stars, OPTS)
    assert res.status is Status.UNIQUE and res.solution == made.solution


def test_generate_proves_its_board() -> None:
    gp = generate(6, 6, "easy", seed=4)
    assert gp.stats["proof"] == "unique" and gp.puzzle.param("stars", 0) == 1
    with pytest.raises(InvalidPuzzle):
        generate(6, 7, "easy", seed=4)


def test_typed_answer_and_hints() -> None:
    puzzle = board(EXAMPLE, 1)
    sol = parse_answer(puzzle, ". * . .\n...★\n*...\n..o.")
    assert sol.marks == EXAMPLE_STARS
    with pytest.raises(ParseError):
        parse_answer(puzzle, ".?..\n...*\n*...\n..*.")
    hints = hint_order(EXAMPLE, 1, sol)
    assert sorted(h.cells[0] for h in hints) == sorted(sol.cells())
    assert all(h.code.startswith("starbattle-hint-") for h in hints)


@pytest.mark.parametrize(
    ("text", "stars"),
    [
        ("starbattle 2\n" + "\n".join(" ".join("ABCDEFGHIJ"[(r // 2) * 2 + c // 5] for c in range(10))
                                       for r in range(10)), 2),
        ("2 stars\n" + "\n".join(". " * 8 for _ in range(8)) + "\n" + "\n".join(f"{r} " * 8 for r in range(1, 9)), 2),
        ("star battle\n1 1 2 2\n1 2 2 2\n3 3 3 4\n3 4 4 4", 1),
    ],
)
def test_text_boards_carry_regions_and_stars(text: str, stars: int) -> None:
    from solvers.reading import read_board

    puzzle = read_board(text)
    assert puzzle.genre == "starbattle" and puzzle.regions is not None
    assert puzzle.param("stars", 0) == stars
    assert Puzzle.from_record(puzzle.to_record()) == puzzle


class Recorder:
    """A Drawing that records the calls (the genre never sees Pillow)."""

    rows, cols, path_colours, tint_colours = 4, 4, 4, 4

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_picture_region_borders_and_stars() -> None:
    from solvers.starbattle.draw import draw

    d = Recorder()
    draw(d, board(EXAMPLE, 1), StarSolution(EXAMPLE_STARS))
    assert ("region_borders", ([list(row) for row in EXAMPLE],)) in d.calls
    assert sorted(a[:2] for n, a in d.calls if n == "star") == [(0, 1), (1, 3), (2, 0), (3, 2)]
    bare = Recorder()
    draw(bare, board(EXAMPLE, 1), None)
    assert "star" not in [n for n, _ in bare.calls]
