"""Fillomino: the checker's rules, verdicts on both corpora, URLs, answers, hints, generation, pictures."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.i18n import say
from solvers.errors import InvalidPuzzle, ParseError
from solvers.fillomino import GENRE, check, deduce, generate, model, search
from solvers.generation import Difficulty
from solvers.puzzle import Puzzle
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, Status
from tests import corpus

OPTS = SolveOptions(time_limit=20, workers=1)


def board(*lines: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "fillomino", "grid": list(lines)})


def numbers(*rows: str) -> NumberSolution:
    return NumberSolution(tuple(tuple(int(t) for t in row.split()) for row in rows))


def rules(puzzle: Puzzle[Any], *rows: str) -> set[str]:
    return {v.rule.removeprefix("fillomino-") for v in check.check(puzzle, numbers(*rows))}


# ------------------------------------------------------------------ checker
def test_checker_each_rule() -> None:
    p = board("3 . .", "1 2 .")
    assert rules(p, "3 3 3", "1 2 2") == set()
    assert "given-changed" in rules(p, "2 2 3", "1 3 3")
    assert "area-big" in rules(board(". .", ". ."), "1 1", "3 3")
    assert "area-small" in rules(p, "3 3 1", "1 2 2")
    assert rules(p, "3 3 3", "1 2 0") == {"blank"}
    assert rules(p, "3 3", "1 2") == {"answer-size"}


def test_touching_areas_of_one_size_are_one_area() -> None:
    assert "area-big" in rules(board(". .", ". ."), "2 2", "2 2")


def test_wrong_answers_say_where() -> None:
    p = board("3 . .", "1 2 .")

    def said(*rows: str, lang: str = "en") -> dict[str, str]:
        return {v.rule.removeprefix("fillomino-"): say(v.msg, lang) for v in check.check(p, numbers(*rows))}

    assert said("2 2 3", "1 3 3")["given-changed"] == "Row 1, column 1 is a given 3; givens stay as they are."
    assert said("3 3 1", "1 2 2")["area-small"] == "The area of 3s at row 1, column 1 has only 2 cells."
    assert said("3 3 3", "1 3 3")["area-big"] == "The area of 3s at row 1, column 1 has 5 cells, more than 3."
    assert said("3 3 3", "1 2 0", lang="ja")["blank"] == ("2 行 3 列のマスに数字がありません。"
                                                         "すべてのマスに数字が必要です。")
    joined = check.form_problem(board("2 2 2", ". . ."))
    assert joined is not None
    assert say(joined.msg) == "The givens 2 joined at row 1, column 1 make an area larger than 2."


@pytest.mark.parametrize("source", corpus.SOURCES)
def test_corpus_solutions_pass_the_checker(source: str) -> None:
    for rec in corpus.unique(source, "fillomino"):
        p = Puzzle.from_record(rec)
        assert check.check(p, GENRE.solution_from_json(rec["solution"], p)) == [], rec["id"]


def test_validate_rejects_bad_givens() -> None:
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("? .", ". ."))
    assert e.value.code == "fillomino-bad-number"
    with pytest.raises(InvalidPuzzle) as e:
        check.validate(board("5 .", ". ."))
    assert e.value.code == "fillomino-too-big"


# ------------------------------------------------------------------ verdicts
def test_own_corpus_verdicts() -> None:
    for rec in corpus.own("fillomino"):
        p = Puzzle.from_record(rec)
        res = GENRE.solve(p, OPTS)
        want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
        assert res.status is want, rec["id"]
        if res.solution is not None:
            assert GENRE.check(p, res.solution) == [], rec["id"]
        if res.second_solution is not None:
            assert GENRE.check(p, res.second_solution) == [] and res.second_solution != res.solution


def test_empty_cells_make_areas_of_any_size() -> None:
    res = GENRE.solve(board(". . .", ". . ."), OPTS)
    assert res.status is Status.MULTIPLE
    res = GENRE.solve(board(". .", "1 ."), OPTS)  # 3 3 / 1 3 is the only answer
    assert res.status is Status.UNIQUE and res.solution == numbers("3 3", "1 3")


# ------------------------------------------------------------------ deductions, search, fallback
def _masks(p: Puzzle[Any]) -> tuple[list[list[int]], list[int], int]:
    near = deduce.grid_near(len(p.cells), len(p.cells[0]))
    flat = [x for row in p.cells for x in row]
    return near, deduce.start_masks(near, flat), max(flat)


def test_deductions_fill_a_board_a_person_solves() -> None:
    # janko.at Fillomino (shared corpus d0003)
    near, cand, top = _masks(board("2 . . . 5 .", "4 4 . 5 . 4", ". 4 6 . 6 .", ". 5 . 6 2 .", "5 . 6 . 3 1",
                                   ". 2 . . . 2"))
    out = deduce.deduce(near, cand, top)
    assert out.solved()
    want = numbers("2 2 5 5 5 4", "4 4 5 5 4 4", "4 4 6 6 6 4", "5 5 6 6 2 2", "5 5 6 3 3 1", "5 2 2 3 2 2")
    assert [x.bit_length() - 1 for x in cand] == [x for row in want.numbers for x in row]


def test_deductions_rules_one_by_one() -> None:
    # a complete block's neighbours lose its number; a short block with one way out takes it
    near, cand, top = _masks(board("2 . 1", "3 . ."))
    deduce.deduce(near, cand, top)
    assert [x.bit_length() - 1 for x in cand] == [2, 2, 1, 3, 3, 3]
    # two 2s that would make an area of 3 through the cell between them
    near, cand, top = _masks(board("2 . 2", ". . .", ". . ."))
    deduce.deduce(near, cand, top, deep=False)
    assert deduce.bits(cand[1]) == [1, 3, 4, 5] and cand[3] == cand[5] == 1 << 2


def test_deductions_list_the_areas_of_a_short_block(monkeypatch: pytest.MonkeyPatch) -> None:
    # the 5s lack 3 and 4 cells: listing the areas they can become settles the board, which the
    # reach rules and the through-cell rule alone do not
    p = board("2 . 5", "2 . 5", "5 . .")
    want = [2, 1, 5, 2, 5, 5, 5, 5, 1]
    near, cand, top = _masks(p)
    assert deduce.deduce(near, cand, top).solved()
    assert [x.bit_length() - 1 for x in cand] == want
    monkeypatch.setattr(deduce, "SHAPE_NEED", 0)
    near, cand, top = _masks(p)
    assert not deduce.deduce(near, cand, top).solved()


def test_deductions_follow_a_chain_of_single_ways_out_in_one_round() -> None:
    # the 6 has one way out, then one again...: the corridor is its area, taken in one round (a
    # round per cell before: 7 rounds), plus the rounds that see the rest settle
    near, cand, top = _masks(board("6 . . . . . ."))
    out = deduce.deduce(near, cand, top, deep=False)
    assert [x.bit_length() - 1 for x in cand] == [6, 6, 6, 6, 6, 6, 1]
    assert out.rounds <= 3


def test_deductions_find_a_dead_end() -> None:
    near, cand, top = _masks(board("3 1", "1 ."))  # the 3 has no room
    with pytest.raises(deduce.Contradiction):
        deduce.deduce(near, cand, top)


def test_search_counts_answers_of_independent_groups() -> None:
    # two empty sides walled off by a complete area: each has answers of its own
    p = board(". . 3 . .", ". . 3 . .", ". . 3 . .")
    near, cand, top = _masks(p)
    found = search.Search(top, deadline=float("inf")).answers(near, cand)
    assert len(found) == 2 and found[0] != found[1]
    for flat in found:
        assert check.check_cells(p.cells, [flat[r * 5:(r + 1) * 5] for r in range(3)]) == []


@pytest.mark.parametrize("cap", [0, 3])
def test_cpsat_fallback_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch, cap: int) -> None:
    """A group the search gives up on goes to CP-SAT; the verdicts must not change."""
    monkeypatch.setattr(search, "CAP", cap)
    for rec in corpus.own("fillomino"):
        if rec["rows"] * rec["cols"] > 100:
            continue
        p = Puzzle.from_record(rec)
        res = GENRE.solve(p, OPTS)
        want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec["unique"]]
        assert res.status is want, rec["id"]
        for sol in (res.solution, res.second_solution):
            assert sol is None or (isinstance(sol, NumberSolution) and GENRE.check(p, sol) == []), rec["id"]


def test_parts_solved_side_by_side_give_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every group to CP-SAT at once: with two workers the groups are solved on threads, and the
    verdict and both answers are the ones the groups solved one by one give."""
    monkeypatch.setattr(search, "SEARCH_OPEN", 0)
    threaded = []
    side_by_side = search.Search._side_by_side

    def spy(self: search.Search, *args: Any) -> Any:
        started = side_by_side(self, *args)
        threaded.append(len(started))
        return started

    monkeypatch.setattr(search.Search, "_side_by_side", spy)
    rng = random.Random(5)
    seen: set[Status] = set()
    for _ in range(30):  # givens kept between two patches with few, so there are groups to share out
        rows, cols, keep = rng.randint(3, 6), rng.randint(9, 12), rng.uniform(0.4, 0.9)
        division = None
        while division is None:
            division = generate.random_division(rows, cols, rng)
        cells = [[x if 3 < c < cols - 4 or rng.random() < keep else 0 for c, x in enumerate(row)] for row in division]
        p = _board_of(cells)
        one, two = (GENRE.solve(p, OPTS.with_(workers=w)) for w in (1, 2))
        assert (one.status, one.solution, one.second_solution) == (two.status, two.solution, two.second_solution)
        for sol in (two.solution, two.second_solution):
            assert sol is None or (isinstance(sol, NumberSolution) and GENRE.check(p, sol) == [])
        seen.add(two.status)
    assert seen >= {Status.UNIQUE, Status.MULTIPLE} and sum(k >= 2 for k in threaded) >= 3


def _kept(rng: random.Random, rows: int, cols: int, keep: float) -> list[list[int]]:
    """A random division's numbers, each kept with probability ``keep``: a random board's givens."""
    division = None
    while division is None:
        division = generate.random_division(rows, cols, rng)
    return [[x if rng.random() < keep else 0 for x in row] for row in division]


def _board_of(cells: list[list[int]]) -> Puzzle[int]:
    return board(*(" ".join(str(x) if x else "." for x in row) for row in cells))


def _verdicts_with(monkeypatch: pytest.MonkeyPatch, p: Puzzle[int], name: str, values: tuple[Any, ...]) -> list[Status]:
    """The engine's verdict on ``p`` with ``model.<name>`` set to each value, every answer checked."""
    out = []
    for value in values:
        monkeypatch.setattr(model, name, value)
        res = GENRE.solve(p, OPTS)
        for sol in (res.solution, res.second_solution):
            assert sol is None or (isinstance(sol, NumberSolution) and GENRE.check(p, sol) == [])
        out.append(res.status)
    return out


def test_area_trees_give_the_same_verdicts_as_the_cuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small boards, every group to CP-SAT: the tree model (every area's size stated) and
    the older one (small shapes, anchored areas, lazy cuts) agree on the verdict."""
    monkeypatch.setattr(search, "CAP", 0)
    rng = random.Random(7)
    for k in range(80):
        rows, cols, given = rng.randint(2, 6), rng.randint(2, 6), rng.uniform(0.1, 0.9)
        if k % 2:  # random givens (mostly multiple or none)
            cells = [[rng.randint(1, 5) if rng.random() < given / 2 else 0 for _ in range(cols)] for _ in range(rows)]
        else:  # a random division, some numbers removed, one sometimes changed (mostly unique)
            cells = _kept(rng, rows, cols, given)
            if rng.random() < 0.2:
                cells[rng.randrange(rows)][rng.randrange(cols)] = rng.randint(1, 6)
        p = _board_of(cells)
        verdicts = _verdicts_with(monkeypatch, p, "TREES", (True, False))
        assert verdicts[0] is verdicts[1] and verdicts[0] is not Status.TIMEOUT, p.cells



def test_the_narrowed_proof_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small boards, every group to CP-SAT: the proof started from the first solve's derived
    domains (``cpsat.narrow``) and the plain proof agree (a second answer is never lost)."""
    monkeypatch.setattr(search, "CAP", 0)
    plain = {k: v for k, v in model.PARAMS.items() if k != "fill_tightened_domains_in_response"}
    rng = random.Random(11)
    seen: set[Status] = set()
    for _ in range(40):
        rows, cols, given = rng.randint(3, 7), rng.randint(3, 7), rng.uniform(0.15, 0.8)
        cells = _kept(rng, rows, cols, given)
        p = _board_of(cells)
        pair = _verdicts_with(monkeypatch, p, "PARAMS", (model.PARAMS, plain))
        assert pair[0] is pair[1] and pair[0] is not Status.TIMEOUT, p.cells
        seen.add(pair[0])
    assert seen >= {Status.UNIQUE, Status.MULTIPLE}


def test_the_search_proof_from_the_narrowed_domains_gives_the_same_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Random small boards, every group to CP-SAT: the proof by the search from the first solve's
    derived domains (``model._search_proof``) and CP-SAT's proof from them agree."""
    monkeypatch.setattr(search, "CAP", 0)
    monkeypatch.setattr(search, "SEARCH_OPEN", -1)
    rng = random.Random(23)
    seen: set[Status] = set()
    for _ in range(40):
        rows, cols, given = rng.randint(3, 8), rng.randint(3, 8), rng.uniform(0.15, 0.8)
        cells = _kept(rng, rows, cols, given)
        p = _board_of(cells)
        pair = _verdicts_with(monkeypatch, p, "_search_proof", (model._search_proof, lambda *_: None))
        assert pair[0] is pair[1] and pair[0] is not Status.TIMEOUT, p.cells
        seen.add(pair[0])
    assert seen >= {Status.UNIQUE, Status.MULTIPLE}


def _small(rec: dict[str, Any]) -> bool:
    return bool(rec["rows"] * rec["cols"] <= 150)


@pytest.mark.parametrize("rec", corpus.shared_params("fillomino", _small))
def test_shared_corpus_answered_and_checked(rec: dict[str, Any]) -> None:
    p = Puzzle.from_record(rec)
    res = GENRE.solve(p, SolveOptions(time_limit=30, workers=1))
    assert res.status is Status.UNIQUE and res.solution is not None
    assert GENRE.check(p, res.solution) == []


# ------------------------------------------------------------------ URLs, answers, hints, pictures, generation
@pytest.mark.parametrize("source", corpus.SOURCES)
def test_urls_round_trip(source: str) -> None:
    for rec in corpus.unique(source, "fillomino"):
        p = Puzzle.from_record(rec)
        assert GENRE.decode_url(rec["url"], max_cols=64).cells == p.cells, rec["id"]
        assert GENRE.decode_url(GENRE.encode_url(p), max_cols=64).cells == p.cells
    assert GENRE.encode_url(board("3 . .", "1 2 .")) == "https://puzz.link/p?fillomino/3/2/3h12g"


def test_a_published_size_url_is_read_as_players_paste_it() -> None:
    """50x64 boards are published (janko.at): their URL is read past the 60x60 limit for text."""
    from solvers.reading import read_board

    p = Puzzle("fillomino", tuple(tuple((r * 7 + c) % 9 + 1 if (r + 2 * c) % 5 == 0 else 0 for c in range(64))
                                  for r in range(50)))
    assert read_board(GENRE.encode_url(p)).cells == p.cells


def test_typed_answers() -> None:
    p = board("3 . .", "1 2 .")
    assert GENRE.parse_answer(p, "333\n122") == numbers("3 3 3", "1 2 2")
    assert GENRE.parse_answer(p, "3 3 3\n1 2 2") == numbers("3 3 3", "1 2 2")
    with pytest.raises(ParseError) as e:
        GENRE.parse_answer(p, "333\n12x")
    assert e.value.code == "fillomino-answer-token"


def test_hints_reveal_whole_areas() -> None:
    p = board("3 . .", "1 2 .")
    steps = GENRE.hints(p, numbers("3 3 3", "1 2 2"))
    assert sorted(s.cells for s in steps) == [((0, 0), (0, 1), (0, 2)), ((1, 1), (1, 2))]


class Recorder:
    """A Drawing that records the calls."""

    rows, cols, path_colours, tint_colours = 2, 3, 4, 4

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_picture_borders_and_numbers() -> None:
    d = Recorder()
    GENRE.draw(d, board("3 . .", "1 2 ."), numbers("3 3 3", "1 2 2"))
    (ids,) = [a[0] for n, a in d.calls if n == "region_borders"]
    assert ids[0][0] == ids[0][2] and ids[1][1] == ids[1][2] and ids[1][0] != ids[1][1]
    assert sorted(a[:3] for n, a in d.calls if n == "text") == [
        (0, 0, "3"), (0, 1, "3"), (0, 2, "3"), (1, 0, "1"), (1, 1, "2"), (1, 2, "2")]


def test_generator_makes_a_proven_unique_board() -> None:
    gp = GENRE.generate(5, 5, "easy", 2)
    assert gp.stats["proof"] == "unique" and GENRE.check(gp.puzzle, gp.solution) == []


@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_generator_grades_by_what_the_deductions_need(difficulty: Difficulty) -> None:
    gp = GENRE.generate(7, 7, difficulty, 3)
    assert isinstance(gp.solution, NumberSolution)
    assert gp.stats["proof"] == "unique" and GENRE.check(gp.puzzle, gp.solution) == []
    near = deduce.grid_near(7, 7)
    work = generate.effort(near, [x for row in gp.puzzle.cells for x in row], 2)
    assert work == gp.stats["effort"]
    assert gp.difficulty is difficulty or difficulty is Difficulty.HARD  # hard: the closest found


def test_form_problems_for_detection() -> None:
    assert check.form_problem(board("3 . .", "1 2 .")) is None
    assert check.form_problem(board("1 1", ". .")).code == "fillomino-form-joined"  # type: ignore[union-attr]
    assert check.form_problem(board("4 1", "1 .")).code == "fillomino-form-no-room"  # type: ignore[union-attr]
    pairs = board("1 . 2 . 3", ". . . . .", "4 . . . 4", ". . . . .", "3 . 2 . 1")
    assert check.form_problem(pairs).code == "fillomino-form-pairs"  # type: ignore[union-attr]


def test_groups_deduced_apart_give_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Givens that wall a board into groups before any deduction: each group deduced alone
    (``Search._deduce_apart``) gives the answers the whole-board deductions give, every answer
    checked; givens that break the rules (an area too big, equal areas touching) give none."""
    apart = search.Search._deduce_apart

    def whole(self: search.Search, near: list[list[int]], cand: list[int]) -> None:
        self._count(deduce.deduce(near, cand, self.top))

    rng = random.Random(31)
    split = 0
    seen: set[int] = set()
    for k in range(150):
        rows, cols, keep = rng.randint(3, 7), rng.randint(3, 9), rng.uniform(0.55, 0.95)
        if k % 3 == 0:  # random givens (most break the rules)
            cells = [[rng.randint(1, 4) if rng.random() < keep else 0 for _ in range(cols)] for _ in range(rows)]
        else:
            cells = _kept(rng, rows, cols, keep)
            if rng.random() < 0.3:
                cells[rng.randrange(rows)][rng.randrange(cols)] = rng.randint(1, 5)
        p = _board_of(cells)
        near, cand, top = _masks(p)
        walled = cand.copy()
        try:
            deduce.walls(near, walled)
            split += len(search._groups(near, walled)) > 1
        except deduce.Contradiction:
            pass
        found = []
        for way in (apart, whole):
            monkeypatch.setattr(search.Search, "_deduce_apart", way)
            found.append(search.Search(top, deadline=float("inf")).answers(near, cand.copy()))
        assert len(found[0]) == len(found[1]), p.cells
        if len(found[0]) == 1:
            assert found[0] == found[1], p.cells
        for flat in found[0] + found[1]:
            assert check.check_cells(p.cells, [flat[r * cols:(r + 1) * cols] for r in range(rows)]) == []
        seen.add(len(found[0]))
    assert seen == {0, 1, 2} and split >= 20


def test_masks_read_back_from_their_runs() -> None:
    """A CP-SAT domain written from a mask's runs reads back as the same mask."""
    rng = random.Random(7)
    for x in [0, 2, 0b1110, 1 << 60, *(rng.getrandbits(40) & ~1 for _ in range(50))]:
        assert deduce.from_runs([b for run in deduce.runs(x) for b in run]) == x


def _every_filling(rows: int, cols: int, most: int) -> list[tuple[int, ...]]:
    """Every Fillomino answer of an empty rows x cols board with areas of at most ``most`` cells:
    the lowest open cell's area grown as each connected shape of each size, none touching an area
    of its own size."""
    near = deduce.grid_near(rows, cols)
    val = [0] * (rows * cols)
    out: list[tuple[int, ...]] = []

    def shapes(start: int, size: int) -> set[frozenset[int]]:
        found: set[frozenset[int]] = set()
        todo = [frozenset({start})]
        while todo:
            shape = todo.pop()
            if len(shape) == size:
                found.add(shape)
                continue
            for c in shape:
                for x in near[c]:
                    grown = shape | {x}
                    if val[x] == 0 and x not in shape and grown not in found and grown not in todo:
                        todo.append(grown)
        return found

    def fill() -> None:
        if 0 not in val:
            out.append(tuple(val))
            return
        start = val.index(0)
        for size in range(1, most + 1):
            for shape in shapes(start, size):
                if any(val[x] == size for c in shape for x in near[c] if x not in shape):
                    continue
                for c in shape:
                    val[c] = size
                fill()
                for c in shape:
                    val[c] = 0

    fill()
    return out


@pytest.mark.parametrize("proof_open", [model.PROOF_OPEN, 0])
def test_a_group_s_verdict_is_every_answer_brute_force_finds(proof_open: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """``model.solve_group`` (the anchored areas without depths, the proof by search from narrowed
    domains, PROOF_OPEN 0 sending every proof through PROOF_WORK's gate) against every filling of
    small boards: no answer for none, the one for one, two different true ones for more."""
    from solvers.cpsat import Budget

    monkeypatch.setattr(model, "PROOF_OPEN", proof_open)
    rng = random.Random(5)
    for rows, cols, most, boards in ((3, 3, 5, 40), (3, 4, 5, 30)):
        every = _every_filling(rows, cols, most)
        near = deduce.grid_near(rows, cols)
        for _ in range(boards):
            share = rng.choice((0.2, 0.35, 0.5))
            givens = [v if rng.random() < share else 0 for v in rng.choice(every)]
            if rng.random() < 0.15:
                givens[rng.randrange(len(givens))] = rng.randint(1, most)
            cand = [1 << v if v else (1 << (most + 1)) - 2 for v in givens]
            fits = [f for f in every if all(g in (0, v) for g, v in zip(givens, f, strict=True))]
            got = [tuple(g) for g in model.solve_group(near, cand, 2, Budget(OPTS.with_(unique=True)))]
            if len(fits) < 2:
                assert got == fits, (rows, cols, givens)
            else:
                assert len(got) == 2 and got[0] != got[1] and set(got) <= set(fits), (rows, cols, givens)
