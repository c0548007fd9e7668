"""Hitori: notation and detection, puzz.link, solving (against brute force and CP-SAT), checker,
answers, hints, picture, generator, the corpora."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, Message, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.hitori import GENRE
from solvers.hitori.check import violations
from solvers.hitori.model import solve_numbers
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import find_genre
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=10, workers=1)
# FORMATS.md's example
EXAMPLE = {"id": "hitori-example", "genre": "hitori", "rows": 3, "cols": 3, "grid": ["1 3 1", "2 1 2", "2 2 3"],
           "url": "https://puzz.link/p?hitori/3/3/131212223", "solution": {"shaded": ["#..", "..#", "#.."]}}


def board(*rows: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "hitori", "grid": list(rows)})


def rules(puzzle: Puzzle[Any], *shaded: str) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, ShadeSolution(tuple(shaded)))}


# -- identity, notation, detection ------------------------------------------------------------------

def test_registered_complete_and_found_by_any_name() -> None:
    assert missing_parts(GENRE, load=True) == []
    for name in ("hitori", "Hitori", "ひとりにしてくれ"):
        assert find_genre(name) is GENRE


def test_notation_and_detection() -> None:
    assert [GENRE.notation.read(t, False) for t in ("1", "35", ".", "0", "?", "W")] == [1, 35, None, None, None, None]
    assert GENRE.notation.read("z", True) == 35
    p = read_board("1 3 1\n2 1 2\n2 2 3")  # full of numbers: Hitori, though Slitherlink reads 0-3 too
    assert p == Puzzle.from_record(EXAMPLE)
    assert read_board("hitori\n131\n212\n223") == p
    assert Puzzle.from_record(p.to_record()) == p


def test_invalid_boards_are_refused() -> None:
    bad = Puzzle("hitori", ((1, 0), (2, 1)))
    with pytest.raises(InvalidPuzzle):
        GENRE.validate(bad)
    assert GENRE.form_problem(bad) is not None and GENRE.form_problem(board("1 2", "2 1")) is None
    assert solve_puzzle(bad, OPTS).status is Status.INVALID


# -- puzz.link ----------------------------------------------------------------------------------------

def test_urls() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.decode_url(EXAMPLE["url"]) == p and GENRE.encode_url(p) == EXAMPLE["url"]
    # 16-35 are one base-36 digit (the npm pzpr 0.10.1 writer's "-10" would be 36); "-10" reads as 36
    big = Puzzle("hitori", ((16, 35), (36, 1)))
    assert GENRE.encode_url(big) == "https://puzz.link/p?hitori/2/2/gz-101"
    assert GENRE.decode_url("https://puzz.link/p?hitori/2/2/gz-101") == big
    with pytest.raises(ParseError) as bad:
        GENRE.decode_url("https://puzz.link/p?hitori/2/2/1+21")
    assert bad.value.msg.code == "url-bad-char"  # the shared words, not a copy of them


def test_a_url_cut_short_says_so() -> None:
    """A URL missing its last numbers (cut in copying) was blamed on a cell 'holding 0', a number
    the player never wrote; it says how many cells the URL holds, in the words every genre's cut-short
    URL gets (Hitori had its own message, about "numbers")."""
    with pytest.raises(ParseError) as short:
        read_board("https://puzz.link/p?hitori/4/4/33144322134234")
    assert short.value.msg.code == "url-short"
    assert say(short.value.msg) == ("The puzz.link URL holds only 14 of the 16 cells of a 4x4 board: "
                                    "it may have been cut short when copied.")
    assert "16 マスのうち 14 マス" in say(short.value.msg, "ja")


def test_url_round_trip_random() -> None:
    rng = random.Random(3)
    for _ in range(20):
        rows, cols = rng.randint(1, 20), rng.randint(1, 20)
        p = Puzzle("hitori", tuple(tuple(rng.randint(1, 60) for _ in range(cols)) for _ in range(rows)))
        assert GENRE.decode_url(GENRE.encode_url(p)) == p


# -- solving ------------------------------------------------------------------------------------------

def test_example_unique_multiple_none() -> None:
    res = solve_puzzle(Puzzle.from_record(EXAMPLE), OPTS)
    assert res.status is Status.UNIQUE and res.solution == ShadeSolution(("#..", "..#", "#.."))
    lines = GENRE.example.splitlines()
    assert lines[0] == "hitori" and solve_puzzle(board(*lines[1:]), OPTS).status is Status.UNIQUE
    latin = solve_puzzle(board("1 2 3", "2 3 1", "3 1 2"), OPTS)  # shading a cell that repeats nothing is allowed
    assert latin.status is Status.MULTIPLE and latin.solution != latin.second_solution
    res = solve_puzzle(board("1 1 1 1 1", "2 3 4 5 1"), OPTS)
    assert res.status is Status.NONE and res.message is not None


def _brute(nums: list[list[int]]) -> list[tuple[str, ...]]:
    rows, cols = len(nums), len(nums[0])
    out = []
    for bits in itertools.product(".#", repeat=rows * cols):
        shaded = tuple("".join(bits[r * cols:(r + 1) * cols]) for r in range(rows))
        if not violations(nums, shaded):
            out.append(shaded)
    return out


def test_no_solution_marks_a_line_too_crowded_to_shade() -> None:
    """Five 1s side by side: at most one stays unshaded, and shading four of five touching cells
    always makes two touch; the picture marks them. A board stuck some other way keeps the plain message."""
    from bot.pictures import result_view
    from solvers.hitori.deduce import Board, crowded

    res = solve_puzzle(board("1 1 1 1 1", "2 3 4 5 1"), OPTS)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "hitori-crowded-row"
    assert res.cells == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)) and result_view(res).name == "problem"
    assert say(res.message).startswith("Row 1 holds the number 1 5 times: at most one may stay unshaded")
    assert say(res.message, "ja").startswith("1 行目には 1 が 5 個あります。")
    res = solve_puzzle(board("2 1", "2 3", "2 4", "2 5"), OPTS)  # a column of four 2s (three: shade two apart)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "hitori-crowded-column"
    assert res.cells == ((0, 0), (1, 0), (2, 0), (3, 0))
    spaced = solve_puzzle(board("1 2 1 3 1"), OPTS)  # three 1s apart: shading two of them is fine
    assert spaced.status is not Status.NONE
    cut = solve_puzzle(board("1 1", "1 1"), OPTS)  # no line crowded: shading cuts the board in two
    assert cut.status is Status.NONE and cut.message is not None and cut.message.code == "no-solution"
    rng, proofs = random.Random(5), 0  # a crowded line is a proof: brute force finds no answer either
    for _ in range(150):
        cols = rng.randint(3, 5)
        nums = [[rng.randint(1, 2) for _ in range(cols)] for _ in range(rng.randint(1, 2))]
        if crowded(Board.of(nums)) is not None:
            assert _brute(nums) == [], nums
            proofs += 1
    assert proofs > 5


def test_no_solution_names_numbers_that_cannot_all_be_right() -> None:
    """A board stuck some other way than a crowded line (a typo in a published board, two 1s over
    two 1s) came with 'no small set of clues stands out' and no picture, since a Hitori cell cannot
    be blanked: the numbers that cannot all be right are named and marked. Checked by brute force:
    with every other number made unique the board still has no answer, and each named number is needed."""
    from solvers.hitori.conflict import conflicting_numbers

    explain = OPTS.with_(explain=3.0)
    res = solve_puzzle(board("1 1", "1 1"), explain)
    assert res.status is Status.NONE and res.message is not None and res.message.code == "clues-conflict"
    assert set(res.cells) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert say(res.message).startswith("These 4 clues cannot hold together")

    def freshened(nums: list[list[int]], kept: set[tuple[int, int]]) -> list[list[int]]:
        return [[v if (r, c) in kept else 100 + r * 10 + c for c, v in enumerate(row)] for r, row in enumerate(nums)]

    rng, named = random.Random(23), 0
    for _ in range(40):
        rows, cols = rng.randint(2, 3), 3
        nums = [[rng.randint(1, 3) for _ in range(cols)] for _ in range(rows)]
        if _brute(nums):
            continue
        cells = conflicting_numbers(nums, 3.0)
        assert cells, nums
        named += 1
        assert _brute(freshened(nums, set(cells))) == [], (nums, cells)
        for cell in cells:
            assert _brute(freshened(nums, set(cells) - {cell})), (nums, cells, cell)
    assert named > 5


def test_verdicts_agree_with_brute_force_and_cpsat() -> None:
    rng = random.Random(11)
    for _ in range(120):
        rows, cols = rng.randint(1, 3), rng.randint(1, 4)
        top = rng.randint(1, 4)
        nums = [[rng.randint(1, top) for _ in range(cols)] for _ in range(rows)]
        every = _brute(nums)
        want = Status.NONE if not every else Status.UNIQUE if len(every) == 1 else Status.MULTIPLE
        for nodes in (20_000, 0):  # the search, and CP-SAT with lazy cuts straight away
            out = solve_numbers(nums, OPTS, search_nodes=nodes)
            assert out.status is want, (nums, nodes)
            assert all(a in every for a in out.answers)


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_boards_answered_and_checked(source: str) -> None:
    recs = corpus.own("hitori") if source == "own" else corpus.load("hitori")
    for rec in recs:
        p = Puzzle.from_record(rec)
        res = solve_puzzle(p, OPTS.with_(time_limit=5))
        want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
        assert res.status is want, rec["id"]
        if want is Status.UNIQUE:
            assert res.solution is not None and res.solution.to_json() == rec["solution"], rec["id"]
        if res.solution is not None:
            assert GENRE.check(p, res.solution) == [], rec["id"]


def test_cpsat_fallback_on_the_shared_corpus() -> None:
    for rec in corpus.load("hitori")[::4]:
        nums = [[int(t) for t in row.split()] for row in rec["grid"]]
        out = solve_numbers(nums, OPTS, search_nodes=0)
        assert out.status is Status.UNIQUE and list(out.answers[0]) == rec["solution"]["shaded"], rec["id"]


# -- the checker ------------------------------------------------------------------------------------

def test_checker_rules() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert rules(p, "#..", "..#", "#..") == set()
    assert rules(p, "##.", "..#", "#..") >= {"hitori-adjacent"}
    assert rules(p, "...", "..#", "#..") == {"hitori-repeat"}
    assert rules(board("1 2 3", "2 3 1", "3 1 2"), ".#.", "#..", "...") == {"hitori-connected"}
    assert rules(p, "#..", "..#") == {"hitori-answer-size"}
    broken = GENRE.check(p, ShadeSolution(("...", "..#", "#..")))
    assert broken[0].cells == ((0, 0), (0, 2)) and broken[0].params["number"] == 1
    # every repeated cell named, and no "in the same column (row)" that leaves the player to look
    assert say(broken[0].msg, "en") == ("The number 1 appears more than once among the unshaded cells of one "
                                        "line: row 1, column 1; row 1, column 3.")
    assert say(broken[0].msg, "ja") == "同じ行か列の白マス 1 行 1 列、1 行 3 列 に、数字 1 が重なっています。"
    for v in GENRE.check(p, ShadeSolution(("##.", "#.#", "..."))):
        for lang in ("en", "ja"):
            text = say(v.msg, lang)
            assert text and "{" not in text and v.rule not in text


def test_an_unknown_symbol_says_what_a_cell_may_be_in_a_sentence() -> None:
    """「ひとりにしてくれ のマスは すべてのマスに数字 です」 ("Hitori's cells are: in every cell a number")."""
    with pytest.raises(ParseError) as e:
        read_board("hitori\n1 2 x\n2 1 3\n3 1 2")
    assert say(e.value.msg, "en").startswith("Unknown symbol 'x' at row 1, column 3: Hitori cells are numbers, one "
                                             "in every cell (1, 2, 3...;")
    assert say(e.value.msg, "ja").startswith("1 行 3 列の記号 'x' は使えません。"
                                             "ひとりにしてくれ のマスは すべて数字（1, 2, 3…")


def test_every_message_has_words_in_both_languages() -> None:
    for code in GENRE.messages["en"]:
        assert code in GENRE.messages["ja"], code
    assert "genre-hitori" in GENRE.messages["ja"]


# -- answers, hints, picture --------------------------------------------------------------------------

def test_answers_typed_in_chat() -> None:
    p = Puzzle.from_record(EXAMPLE)
    want = ShadeSolution(("#..", "..#", "#.."))
    assert GENRE.parse_answer(p, "#..\n..#\n#..") == want
    assert GENRE.parse_answer(p, "■ □ □\n□ □ ■\n■ □ □") == want
    for bad in ("#..\n..#", "#.?\n..#\n#..", "#...\n..#\n#.."):
        with pytest.raises(ParseError):
            GENRE.parse_answer(p, bad)


def test_hints_reveal_every_cell_once_patterns_first() -> None:
    p = board("1 2 1", "2 1 3", "3 3 2")
    sol = solve_puzzle(p, OPTS).solution
    assert isinstance(sol, ShadeSolution)
    steps = GENRE.hints(p, sol)
    assert steps == GENRE.hints(p, sol)
    assert sorted(s.cells[0] for s in steps) == [(r, c) for r in range(3) for c in range(3)]
    assert steps[0].cells == ((0, 1),)  # the 2 between the two 1s stays white: the sandwich comes first
    assert steps[0].code == "hitori-hint-sandwich" and steps[0].params["number"] == 1
    assert say_step(steps[0]) == ("Row 1, column 2 stays unshaded: it lies between the two 1s at row 1, column 1 and "
                                  "row 1, column 3, and one of them must be shaded, which its neighbours may not be.")
    assert "{" not in say(Message(steps[0].code, steps[0].params), "ja")


def say_step(step: Any) -> str:
    return say(Message(step.code, step.params, step.cells))


class Recorder:
    """A Drawing that records the calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_picture() -> None:
    p = Puzzle.from_record(EXAMPLE)
    d = Recorder()
    GENRE.draw(d, p, ShadeSolution(("#..", "..#", "#..")))
    assert len([a for n, a in d.calls if n == "text"]) == 9
    assert sorted(a[:2] for n, a in d.calls if n == "fill_cell") == [(0, 0), (1, 2), (2, 0)]
    from rendering import render_png

    png = render_png(p, ShadeSolution(("#..", "..#", "#..")), view="solution")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


# -- the generator --------------------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_generator_unique_and_reproducible(difficulty: str) -> None:
    gp = generate("hitori", 7, 7, difficulty, seed=5)
    assert gp.puzzle.rows == gp.puzzle.cols == 7 and gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, ShadeSolution) and GENRE.check(gp.puzzle, gp.solution) == []
    res = solve_puzzle(gp.puzzle, OPTS)
    assert res.status is Status.UNIQUE and res.solution == gp.solution
    assert generate("hitori", 7, 7, difficulty, seed=5).puzzle == gp.puzzle
    assert GENRE.decode_url(GENRE.encode_url(gp.puzzle)) == gp.puzzle
