"""Nurikabe: the checker's rules, verdicts on both corpora and on small random boards against brute force,
URLs, answers, hints, pictures and generation. The deductions: test_nurikabe_deduce.py."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from ortools.sat.python import cp_model

from bot.i18n import say
from solvers.connectivity import components
from solvers.cpsat import Budget, found, run
from solvers.errors import InvalidPuzzle, Message, ParseError
from solvers.generation import Difficulty
from solvers.nurikabe import GENRE, check, model, repair
from solvers.nurikabe.board import Contradiction
from solvers.nurikabe.deduce import deduce
from solvers.nurikabe.generate import effort
from solvers.nurikabe.probe import probe
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.solution import ShadeSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus
from tests.genres.brute import assert_verdict_matches

OPTS = SolveOptions(time_limit=20, workers=1)
REPAIRED = ("nurikabe-d0010", "nurikabe-d0015")  # boards whose rounds of cuts get repaired (test below)


def board(*lines: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "nurikabe", "grid": list(lines)})


def rules(puzzle: Puzzle[Any], *shaded: str) -> set[str]:
    return {v.rule.removeprefix("nurikabe-") for v in check.check(puzzle, ShadeSolution(shaded))}


# ------------------------------------------------------------------ checker
def test_checker_each_rule() -> None:
    p = board("2 . .", ". . .", "1 . 1")
    assert rules(p, "..#", "###", ".#.") == set()
    assert "shaded-clue" in rules(p, "#.#", "###", ".#.")
    assert "shaded-split" in rules(p, ".##", "#..", ".#.")
    assert "pool" in rules(board(". . .", ". . .", ". . 5"), "##.", "##.", "...")
    assert "island-no-clue" in rules(p, ".#.", "###", ".#.")
    assert "island-clues" in rules(board("1 . 1", ". . .", ". . ."), "...", "###", "###")
    assert "island-size" in rules(p, "...", "###", ".#.")
    assert rules(p, "..", "##") == {"answer-size"}


def test_numbers_in_one_island_marks_the_two_it_names() -> None:
    """Check on an empty board boxed every number of the one island red while the message named two."""
    p = board("1 . 2", ". . .", "3 . 1")
    (v,) = check.check(p, ShadeSolution(("...", "...", "...")))
    assert v.rule == "nurikabe-island-clues"
    assert set(v.cells) == {v.params["cell"], v.params["other_cell"]} == {(0, 0), (0, 2)}


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_solutions_pass_the_checker(source: str) -> None:
    for rec in corpus.unique(source, "nurikabe"):
        p = Puzzle.from_record(rec)
        assert check.check(p, GENRE.solution_from_json(rec["solution"], p)) == [], rec["id"]


def test_validate_names_the_problem() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board(". .", ". ."))
    assert e.value.code == "nurikabe-no-clues"
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("3 .", ". 3"))
    assert e.value.code == "nurikabe-too-many"


def test_form_problem_for_detection() -> None:
    assert check.form_problem(board("2 . .", ". . .", "1 . 1")) is None
    assert check.form_problem(board("1 2", ". .")).code == "nurikabe-form-touching"  # type: ignore[union-attr]
    assert check.form_problem(board(". .", ". .")) is not None


# ------------------------------------------------------------------ verdicts
def test_own_corpus_verdicts() -> None:
    for rec in corpus.own("nurikabe"):
        p = Puzzle.from_record(rec)
        res = GENRE.solve(p, OPTS)
        want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
        assert res.status is want, rec["id"]
        if isinstance(res.solution, ShadeSolution):
            assert GENRE.check(p, res.solution) == [], rec["id"]
        if isinstance(res.second_solution, ShadeSolution):
            assert GENRE.check(p, res.second_solution) == [] and res.second_solution != res.solution


def _small(rec: dict[str, Any]) -> bool:
    return bool(rec["rows"] * rec["cols"] <= 400)


@pytest.mark.parametrize("rec", corpus.shared_params("nurikabe", _small))
def test_shared_corpus_answered_and_checked(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    res = GENRE.solve(p, SolveOptions(time_limit=30, workers=1))
    assert res.status is Status.UNIQUE and isinstance(res.solution, ShadeSolution)
    assert GENRE.check(p, res.solution) == []
    assert res.solution.to_json() == rec["solution"]


def test_deductions_cut_short_leave_a_consistent_model(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "DEDUCE_SHARE", 0.0)  # stop after the first round of rules
    for rec in corpus.unique("own", "nurikabe"):
        p = Puzzle.from_record(rec)
        res = GENRE.solve(p, OPTS)
        assert res.status is Status.UNIQUE and isinstance(res.solution, ShadeSolution), rec["id"]
        assert res.solution.to_json() == rec["solution"], rec["id"]


def test_question_mark_clues() -> None:
    res = GENRE.solve(board("? . .", ". . .", ". . 1"), OPTS)
    assert res.status is Status.MULTIPLE and isinstance(res.solution, ShadeSolution)
    assert res.second_solution is not None
    assert GENRE.check(board("? . .", ". . .", ". . 1"), res.solution) == []


def test_a_fully_deduced_board_that_breaks_a_rule_has_no_solution() -> None:
    # both boards are settled by deductions alone: "1 . / . 1" shades two cells that do not
    # touch (a split sea: none); "1 . 1" shades the middle cell (valid: unique)
    res = GENRE.solve(board("1 .", ". 1"), OPTS)
    assert res.status is Status.NONE
    assert GENRE.solve(board("1 . 1"), OPTS).status is Status.UNIQUE


def _every_answer(cells: list[list[int]]) -> list[tuple[str, ...]]:
    """Every shading the independent checker accepts (brute force over the cells without a number)."""
    rows, cols = len(cells), len(cells[0])
    free = [(r, c) for r in range(rows) for c in range(cols) if cells[r][c] == 0]
    out = []
    for mask in range(1 << len(free)):
        grid = [["."] * cols for _ in range(rows)]
        for b, (r, c) in enumerate(free):
            if mask >> b & 1:
                grid[r][c] = "#"
        shaded = tuple("".join(row) for row in grid)
        if not check.check_cells(cells, shaded):
            out.append(shaded)
    return out


def _random_board(rng: random.Random) -> list[list[int]]:
    """A small board: numbers on a random valid shading (one per island, sometimes ``?``, sometimes
    off by one), or numbers at random cells (often no answer at all)."""
    rows, cols = rng.choice(((3, 4), (4, 4), (4, 3), (3, 5)))
    cells = [[0] * cols for _ in range(rows)]
    if rng.random() < 0.3:
        for r, c in rng.sample([(r, c) for r in range(rows) for c in range(cols)], rng.randint(2, 4)):
            cells[r][c] = rng.choice((1, 2, 3, 4, 5, -1))
        return cells
    while True:
        shaded = {(r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.5}
        islands = components(rows, cols, [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in shaded])
        rows_s = tuple("".join("#" if (r, c) in shaded else "." for c in range(cols)) for r in range(rows))
        trial = [[0] * cols for _ in range(rows)]
        for island in islands:
            r, c = rng.choice(sorted(island))
            trial[r][c] = len(island)
        if islands and shaded and not check.check_cells(trial, rows_s):
            break
    for island in islands:
        r, c = next((r, c) for r, c in sorted(island) if trial[r][c])
        roll = rng.random()
        trial[r][c] = -1 if roll < 0.1 else max(1, trial[r][c] + (1 if roll < 0.2 else -1 if roll < 0.3 else 0))
    return trial


@pytest.mark.parametrize("layers_up_to", [model.LAYERS_UP_TO, 0], ids=["layers", "cuts"])
@pytest.mark.parametrize("seed", range(40))
def test_deductions_and_verdicts_match_brute_force_on_small_random_boards(
        seed: int, layers_up_to: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cell the deductions fix has that colour in every answer (a contradiction only where there
    is none), and the verdict is what the list of every answer says; with islands layered up front
    and with every island left to lazy cuts (the large islands' way: no small board has one)."""
    monkeypatch.setattr(model, "LAYERS_UP_TO", layers_up_to)
    rng = random.Random(5000 + seed)
    cells = _random_board(rng)
    every = _every_answer(cells)
    try:
        b = deduce(cells)
        probe(b, time.monotonic() + 10)  # on any board size here (the solver probes only large ones)
    except Contradiction:
        assert not every
    else:
        for i, x in enumerate(b.color):
            r, c = divmod(i, b.cols)
            assert x == 0 or all((a[r][c] == "#") == (x == 2) for a in every), (cells, r, c)
    res = GENRE.solve(board(*(" ".join("?" if v < 0 else str(v) if v else "." for v in row) for row in cells)), OPTS)
    assert_verdict_matches(res, every, lambda sol: tuple(sol.to_json()["shaded"]))


def test_the_clue_named_for_no_solution_is_the_typo_not_a_lone_island() -> None:
    """The search for conflicting clues dropped a number by blanking its cell, which leaves an
    island without any clue (a rule of its own): kept alone, any clue 'could not hold' on a board
    that size, and the typo went unnamed. A dropped number becomes '?' now: the 9 typed for a 1
    is named, and with every other number '?' the named ones still have no answer."""
    from solvers.engine import solve_puzzle

    rows = ["6 . 3 . . . .", ". . . . . . .", ". . . . . 2 .", ". . . . . . .", ". 2 . . . . .", ". . . . . . .",
            ". . . . 5 . 9"]
    puzzle = read_board("nurikabe\n" + "\n".join(rows))
    res = solve_puzzle(puzzle, SolveOptions(time_limit=5, workers=1, explain=3.0))
    assert res.status is Status.NONE and (6, 6) in res.cells
    named = set(res.cells)
    relaxed = Puzzle("nurikabe", tuple(tuple(v if (r, c) in named or v <= 0 else -1 for c, v in enumerate(row))
                                       for r, row in enumerate(puzzle.cells)))
    assert solve_puzzle(relaxed, SolveOptions(time_limit=5, workers=1)).status is Status.NONE


def test_probing_that_settles_little_pauses_early_for_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """``early``: probing that has settled less than the share asked of its open cells after that
    many trials calls ``pause`` then (the search gets a board with several answers sooner); with a
    share nothing can fall short of, or without ``early``, it never pauses on this board."""
    from solvers.nurikabe import probe as probing
    rows = ["3 . . . . . . . . .", ". . . . . . . 3 . .", ". . . . . . . . . .", ". 1 . . . 11 . . . 1",
            "1 . . . . . . . . .", ". . 2 . . . . 2 . .", "2 . . . . . . . . 3", ". . . . . . . 3 . .",
            ". 10 . . . . . . . .", ". . . . . . 1 . . 3"]  # a corner of a made-up 50x50 board
    trials = [0]
    plain = probing._trial

    def counted(b: Any, i: int, guess: int) -> Any:
        trials[0] += 1
        return plain(b, i, guess)

    paused: list[int] = []

    def pause() -> bool:
        paused.append(trials[0])
        return False  # not settled: probing goes on

    monkeypatch.setattr(probing, "_trial", counted)
    for early, want in (((8, 1.0), True), ((8, 0.0), False), (None, False)):
        trials[0] = 0
        paused.clear()
        probe(deduce(board(*rows).cells), time.monotonic() + 30, pause=pause, early=early)
        assert trials[0] > 10  # probing went on past the mark
        assert (len(paused) == 1 and 8 <= paused[0] <= 9) == want, (early, paused)


@pytest.mark.parametrize("rec", corpus.shared_params("nurikabe", lambda rec: rec["id"] in REPAIRED))
def test_rounds_of_cuts_repair_near_the_cuts_first_with_the_same_verdict(
        rec: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """With the deductions cut short and every island left to lazy cuts, the rounds after the first
    are answered by a solve restricted to the cuts' surroundings (assumptions fixing the rest to the
    last answer), and a "none" (the proof's end) comes only from the whole model: the published answer, unique."""
    monkeypatch.setattr(model, "DEDUCE_SHARE", 0.0)
    monkeypatch.setattr(model, "LAYERS_UP_TO", 0)
    restricted: list[bool] = []  # per restricted solve: found an answer

    def spy(m: cp_model.CpModel, budget: Budget, **kw: Any) -> tuple[Any, cp_model.CpSolver]:
        status, solver = run(m, budget, **kw)
        if m.proto.assumptions:
            restricted.append(found(status))
        return status, solver
    monkeypatch.setattr(repair, "run", spy)
    p = Puzzle.from_record(rec)
    res = GENRE.solve(p, OPTS)
    assert res.status is Status.UNIQUE and isinstance(res.solution, ShadeSolution)
    assert res.solution.to_json() == rec["solution"]
    assert any(restricted)


# ------------------------------------------------------------------ URLs, answers, hints, pictures, generation
@pytest.mark.parametrize("source", corpus.SOURCES)
def test_urls_round_trip(source: str) -> None:
    for rec in corpus.unique(source, "nurikabe"):
        p = Puzzle.from_record(rec)
        assert GENRE.decode_url(rec["url"]).cells == p.cells, rec["id"]
        assert GENRE.decode_url(GENRE.encode_url(p)).cells == p.cells
    assert GENRE.encode_url(board("2 . .", ". . .", "1 . 1")) == "https://puzz.link/p?nurikabe/3/3/2k1g1"


def test_typed_answers() -> None:
    p = board("2 . .", ". . .", "1 . 1")
    assert GENRE.parse_answer(p, "..#\n###\n.#.") == ShadeSolution(("..#", "###", ".#."))
    assert GENRE.parse_answer(p, "2 . x\nx x x\n1 x 1") == ShadeSolution(("..#", "###", ".#."))
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, "..#\n#?z\n.#.")
    assert e.value.code == "nurikabe-answer-token"


def test_hints_reveal_every_free_cell_once_in_deduction_order_with_the_reason() -> None:
    p = board("2 . .", ". . .", "1 . 1")
    steps = GENRE.hints(p, ShadeSolution(("..#", "###", ".#.")))
    cells = [s.cells[0] for s in steps]
    assert sorted(cells) == [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 1)]
    assert [s.code for s in steps[:3]] == ["nurikabe-hint-shaded-between", "nurikabe-hint-shaded-between",
                                           "nurikabe-hint-island-only-way"]
    first, island = steps[0], steps[2]
    assert say(Message(first.code, first.params)) == ("Row 2, column 1 is shaded: it touches two different "
                                                      "islands, which must stay apart.")
    assert say(Message(island.code, island.params), "ja") == ("1 行 2 列 は 1 行 1 列 の 2 の島に入ります。"
                                                              "その島が広がれる場所はここしか残っていません。")
    assert say(Message(island.code, island.params)) == ("Row 1, column 2 belongs to the island of the 2 at row 1, "
                                                        "column 1: it is the only way left for that island to grow.")


def test_every_hint_reason_has_english_and_japanese_words_naming_the_cell() -> None:
    from solvers.nurikabe.answer import REASONED
    from solvers.nurikabe.words import JA

    assert len(REASONED) >= 14  # seven rules shade a cell, seven leave one unshaded
    for code in REASONED:
        assert code in JA and "{cell}" in JA[code], code
    for rec in corpus.own("nurikabe"):
        if rec["rows"] * rec["cols"] > 150 or not rec.get("unique"):
            continue
        p = Puzzle.from_record(rec)
        sol = GENRE.solution_from_json(rec["solution"], p)
        steps = GENRE.hints(p, sol)
        assert sorted(s.cells[0] for s in steps) == [(r, c) for r in range(p.rows) for c in range(p.cols)
                                                     if p.cells[r][c] == 0], rec["id"]
        for s in steps:  # a reason always agrees with the solution
            (r, c) = s.cells[0]
            assert ("-shaded" in s.code) == sol.marked(r, c), (rec["id"], s.code, s.cells)
        assert any(s.code in REASONED for s in steps), rec["id"]


def test_wrong_answers_and_touching_numbers_say_where() -> None:
    p = board("2 . .", ". . .", "1 . 1")
    said = {v.rule: say(v.msg) for v in check.check(p, ShadeSolution(("#.#", "###", "##.")))}
    assert said["nurikabe-shaded-clue"] == "Row 1, column 1 holds a number but is shaded; numbers always stay unshaded."
    assert said["nurikabe-pool"] == "The 2x2 block at row 2, column 1 is all shaded."
    said = {v.rule: say(v.msg) for v in check.check(p, ShadeSolution((".##", "###", ".#.")))}
    assert said["nurikabe-island-size"] == "The island of the 2 at row 1, column 1 has 1 cell, not 2."
    said = {v.rule: say(v.msg, "ja") for v in check.check(p, ShadeSolution((".##", "..#", ".#.")))}
    assert said["nurikabe-island-clues"] == "1 行 1 列 と 3 行 1 列 の数字が同じ島に入っています。"
    with pytest.raises(ParseError) as e:  # a 2x2 block of numbers: they cannot be four islands
        read_board("nurikabe\n. . . .\n. 2 3 .\n. 1 4 .\n. . . .")
    assert say(e.value.msg) == ("The numbers at row 2, column 2 and row 2, column 3 touch; "
                                "Nurikabe numbers are in different islands.")


class Recorder:
    """A Drawing that records the calls."""

    rows, cols, path_colours, tint_colours = 3, 3, 4, 4

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_picture_shades_the_answer() -> None:
    d = Recorder()
    GENRE.draw(d, board("2 . .", ". . .", "1 . 1"), ShadeSolution(("..#", "###", ".#.")))
    (tints,) = [a[0] for n, a in d.calls if n == "backgrounds"]
    assert sorted(tints) == [(0, 2), (1, 0), (1, 1), (1, 2), (2, 1)]
    assert [a[:3] for n, a in d.calls if n == "text"][0] == (0, 0, "2")


def test_generator_makes_a_proven_unique_board() -> None:
    gp = GENRE.generate(6, 6, Difficulty.EASY, 3)
    assert gp.puzzle.rows == 6 and gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, ShadeSolution) and GENRE.check(gp.puzzle, gp.solution) == []


@pytest.mark.parametrize(("size", "want", "seed"), [(7, Difficulty.EASY, 5), (9, Difficulty.MEDIUM, 3)])
def test_generator_hits_the_asked_grade(size: int, want: Difficulty, seed: int) -> None:
    """Seeds whose boards graded one step too hard before smaller starting islands and more tries."""
    gp = GENRE.generate(size, size, want, seed)
    assert gp.difficulty == want and gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, ShadeSolution) and GENRE.check(gp.puzzle, gp.solution) == []


def test_grade_counts_harder_steps_and_searches() -> None:
    easy = board("1 . 1")
    assert effort(easy, 0) == 0
    assert effort(easy, 2) == 6
