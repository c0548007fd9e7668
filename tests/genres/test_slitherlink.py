"""Slitherlink, the fifth genre: notation, puzz.link, solving, checker, answers, hints, picture, generator, CLI."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import say
from solvers.cpsat import solve_twice
from solvers.engine import solve_puzzle
from solvers.errors import InvalidPuzzle, ParseError
from solvers.generation import generate
from solvers.genre import missing_parts
from solvers.puzzle import Puzzle
from solvers.registry import find_genre, get_genre
from solvers.slitherlink import GENRE, model
from solvers.slitherlink import generate as slither_generate
from solvers.slitherlink.deduce import Contradiction, deduce, search
from solvers.slitherlink.generate import clues_of, random_inside
from solvers.slitherlink.lattice import DotLoop, clues
from solvers.slitherlink.model import SlitherModel
from solvers.solution import differing_cells
from solvers.verdict import SolveOptions, Status

REPO = Path(__file__).resolve().parents[2]
OPTS = SolveOptions(time_limit=20, workers=1)
# FORMATS.md's example: the loop goes round the two top cells
EXAMPLE = {"id": "slitherlink-example", "genre": "slitherlink", "rows": 2, "cols": 2, "grid": ["3 .", "1 ."],
           "solution": {"loop": ["6 10 12", "3 10 9", "0 0 0"]}}
LOOP = ((6, 10, 12), (3, 10, 9), (0, 0, 0))


def board(*rows: str) -> Puzzle[Any]:
    return Puzzle.from_record({"genre": "slitherlink", "grid": list(rows)})


def rules(puzzle: Puzzle[Any], masks: Any) -> set[str]:
    return {v.rule for v in GENRE.check(puzzle, DotLoop.from_masks(masks))}


# -- the genre table and the text notation -------------------------------------------------------

def test_registered_complete_and_found_by_any_name() -> None:
    assert missing_parts(GENRE) == []
    for name in ("slitherlink", "Slitherlink", "slither", "slither-link", "スリザーリンク"):
        assert find_genre(name) is GENRE
    assert say(GENRE.answer_help) and "{" not in say(GENRE.answer_help, "ja")


def test_notation_round_trip_and_zero_is_a_clue() -> None:
    p = board("0 . 3", ". 2 1")
    assert p.cells == ((1, 0, 4), (0, 3, 2))
    assert p.grid_lines() == ["0 . 3", ". 2 1"]
    assert Puzzle.from_record(p.to_record()) == p
    assert [GENRE.notation.read(t, False) for t in (".", "0", "3", "4", "W", "?")] == [0, 1, 4, None, None, None]
    with pytest.raises(ParseError):
        board("4 .", ". .")


# -- puzz.link ----------------------------------------------------------------------------------

def test_hand_made_urls() -> None:
    # 2x2: the 3, one empty cell ("8" = 3 + 5: one empty after), then the 1 and two empties ("b" = 1 + 10)
    assert GENRE.decode_url("https://puzz.link/p?slither/2/2/8b") == Puzzle.from_record(EXAMPLE)
    assert GENRE.encode_url(Puzzle.from_record(EXAMPLE)) == "https://puzz.link/p?slither/2/2/8b"
    # 3x3 written loosely ("h" = two empty cells, "g" = one, "i" = three) and canonically; cut short, it says so
    want = board("0 . .", "2 . 3", ". . .")
    with pytest.raises(ParseError, match="holds only 6 of the 9 cells"):
        GENRE.decode_url("https://puzz.link/p?slither/3/3/0h2g3")
    for url in ("https://puzz.link/p?slither/3/3/0h2g3i", "pzv.jp/p.html?slither/3/3/a7dg", "slither_edit/3/3/a7dg"):
        assert GENRE.decode_url(url) == want
    assert GENRE.encode_url(want) == "https://puzz.link/p?slither/3/3/a7dg"
    assert GENRE.decode_url("https://puzz.link/p?slither/2/1/.1").cells == ((0, 2),)  # '?' clue: no clue


@pytest.mark.parametrize("rows", [
    ["3 . . 1", ". 2 . .", ". . 2 .", "2 . . 3"],
    [". " * 24 + ".", "0 1 2 3 . . 0 . . 1 . . . 2 3 3 3 . . . . . . . 0"],
    ["0", ".", "3"],
])
def test_url_round_trip(rows: list[str]) -> None:
    p = board(*rows)
    assert GENRE.decode_url(GENRE.encode_url(p)) == p


def test_bad_urls() -> None:
    for url in ("https://puzz.link/p?slither/2/2/4", "https://puzz.link/p?slither/2/2/f",
                "https://puzz.link/p?mashu/2/2/00"):
        with pytest.raises(ParseError):
            GENRE.decode_url(url)


# -- solving ------------------------------------------------------------------------------------

def test_unique() -> None:
    res = solve_puzzle(Puzzle.from_record(EXAMPLE), OPTS)
    assert res.status is Status.UNIQUE
    assert res.solution == DotLoop(LOOP)
    assert res.solution.to_json() == EXAMPLE["solution"]
    assert solve_puzzle(Puzzle.from_record(EXAMPLE), OPTS.with_(unique=False)).status is Status.SOLVED


def test_example_board_is_unique() -> None:
    lines = GENRE.example.splitlines()
    assert lines[0] == "slitherlink"
    assert solve_puzzle(board(*lines[1:]), OPTS).status is Status.UNIQUE


def test_multiple() -> None:
    res = solve_puzzle(board("3 . . 1", ". 2 . .", ". . 2 .", "2 . . 3"), OPTS)
    assert res.status is Status.MULTIPLE and res.solution != res.second_solution
    assert res.solution is not None and res.second_solution is not None
    diff = differing_cells(res.solution, res.second_solution)
    assert diff and all(0 <= r < 4 and 0 <= c < 4 for r, c in diff)
    assert solve_puzzle(board(". .", ". ."), OPTS).status is Status.MULTIPLE


def test_deductions_agree_with_every_corpus_answer() -> None:
    """Each deduced edge is the loop's (the rules force it), and the 15x15 board needs no search."""
    for line in (REPO / "tests" / "data" / "corpus" / "slitherlink.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if not rec["unique"]:
            continue
        puzzle = Puzzle.from_record(rec)
        found = deduce(puzzle.rows, puzzle.cols, clues(puzzle))
        loop = set(found.grid.edges_from_masks(GENRE.solution_from_json(rec["solution"], puzzle).masks))
        assert all(v == (e in loop) for e, v in found.known().items()), rec["id"]
        if rec["rows"] == 15:
            assert found.complete
    with pytest.raises(Contradiction):
        deduce(2, 2, {(0, 0): 3, (0, 1): 3, (1, 0): 3, (1, 1): 3})


# a generated 12x12 board the deductions leave partly open (the search settles it)
HARD = [". . . . . . . . . . 0 .", ". . . . . . . 0 0 0 . .", "0 . . . . . . . . . 1 .", ". 0 . . . . . . . . . 1",
        ". 0 . . 1 . 1 3 . . 1 .", ". . . . . . 1 . 1 2 . .", "2 1 1 3 . 0 . 0 . . . 0", "1 . . . . . . . . . . 0",
        "2 . 1 . . . . . . 3 . .", ". 2 . 2 1 0 . . 0 . 1 .", ". . 1 . 1 1 1 . . 0 . 1", "3 . 2 . . . 3 2 . . . 2"]


def test_search_after_deduction_proves_uniqueness_or_finds_a_second_loop() -> None:
    puzzle = board(*HARD)
    assert not deduce(12, 12, clues(puzzle)).complete
    found = search(12, 12, clues(puzzle))
    assert found.exhausted and len(found.loops) == 1 and found.nodes > 0
    loop = DotLoop.from_masks(found.deduction.grid.masks_from_edges(e for e, v in enumerate(found.loops[0]) if v))
    assert GENRE.check(puzzle, loop) == []
    two = search(4, 4, clues(board("3 . . 1", ". 2 . .", ". . 2 .", "2 . . 3")))
    assert len(two.loops) == 2 and two.loops[0] != two.loops[1]
    assert search(2, 2, {(0, 0): 0, (1, 1): 0}).loops == []


def test_search_verdicts_match_the_plain_model_on_random_boards() -> None:
    """Random small boards (some clues dropped, some changed): the search's count of loops (none,
    one, two) and its one loop are the plain CP-SAT model's, with no deduction."""
    for seed in range(40):
        rng = random.Random(seed)
        n = rng.choice([3, 4, 5, 6])
        full = clues_of(n, n, random_inside(n, n, rng, rng.uniform(0.3, 0.7)))
        givens = {x: v for x, v in full.items() if rng.random() < 0.6}
        if seed % 5 == 0 and givens:
            givens[min(givens)] = rng.randrange(4)
        try:
            found = search(n, n, givens, max_nodes=10**5, seconds=60)
        except Contradiction:
            loops: list[set[int]] = []
        else:
            assert found.exhausted or len(found.loops) == 2
            loops = [{e for e, v in enumerate(loop) if v} for loop in found.loops]
        sm = SlitherModel(n, n, givens)
        res = solve_twice(sm.model, sm.edges, sm.decode, OPTS)
        assert res.status is [Status.NONE, Status.UNIQUE, Status.MULTIPLE][len(loops)], seed
        if len(loops) == 1:
            assert res.solution == sm.solution(loops[0])


def test_search_out_of_nodes_leaves_the_proof_to_cp_sat(monkeypatch: pytest.MonkeyPatch) -> None:
    puzzle = board(*HARD)
    assert not search(12, 12, clues(puzzle), max_nodes=1).exhausted
    by_search = solve_puzzle(puzzle, OPTS)
    monkeypatch.setattr(model, "SEARCH_NODES", 0)
    by_model = solve_puzzle(puzzle, OPTS)
    assert by_search.status is by_model.status is Status.UNIQUE
    assert by_search.solution == by_model.solution
    assert "proof" in by_model.stats.phases and "proof" not in by_search.stats.phases


@pytest.mark.parametrize("rows", [["0"], ["0 .", ". 0"], ["3 3", "3 3"]])
def test_none(rows: list[str]) -> None:
    res = solve_puzzle(board(*rows), OPTS)
    assert res.status is Status.NONE and res.message is not None
    assert say(res.message) == "This puzzle has no solution."


def test_invalid_values_are_refused() -> None:
    bad = Puzzle("slitherlink", ((0, 5), (0, 0)))
    with pytest.raises(InvalidPuzzle):
        GENRE.validate(bad)
    assert GENRE.form_problem(bad) is not None and GENRE.form_problem(board("1 .", ". .")) is None
    assert solve_puzzle(bad, OPTS).status is Status.INVALID


# -- the checker: every rule --------------------------------------------------------------------

def test_checker_accepts_the_answer_and_reads_json() -> None:
    p = Puzzle.from_record(EXAMPLE)
    sol = GENRE.solution_from_json(EXAMPLE["solution"], p)
    assert sol == DotLoop(LOOP) and GENRE.check(p, sol) == []
    with pytest.raises(ParseError):
        GENRE.solution_from_json({"loop": ["6 10", "3 9"]}, p)


def test_loops_differ_at_the_cells_beside_the_changed_sides() -> None:
    only_corner = DotLoop(((6, 12, 0), (3, 9, 0), (0, 0, 0)))
    assert differing_cells(DotLoop(LOOP), only_corner) == [(0, 0), (0, 1), (1, 1)]
    assert differing_cells(DotLoop(LOOP), DotLoop(LOOP)) == []


def test_checker_rules() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert rules(p, [[6, 12], [3, 9]]) == {"slitherlink-size"}
    assert "slitherlink-off-board" in rules(p, [[7, 10, 12], [3, 10, 9], [0, 0, 0]])
    assert "slitherlink-mismatch" in rules(p, [[6, 10, 12], [3, 10, 9], [0, 0, 8]])
    assert "slitherlink-dead-end" in rules(p, [[2, 8, 0], [0, 0, 0], [0, 0, 0]])
    theta = [[6, 14, 12], [7, 5, 13], [3, 11, 9]]  # the outline with a line down the middle
    assert "slitherlink-branch" in rules(p, theta)
    assert rules(p, [[0] * 3] * 3) >= {"slitherlink-no-loop", "slitherlink-clue"}
    assert rules(board(". . ."), [[6, 12, 6, 12], [3, 9, 3, 9]]) == {"slitherlink-loops"}
    only_corner = [[6, 12, 0], [3, 9, 0], [0, 0, 0]]  # round the 3 alone: four sides
    broken = GENRE.check(p, DotLoop.from_masks(only_corner))
    assert [(v.rule, v.cells, v.params) for v in broken] == [
        ("slitherlink-clue", ((0, 0),), {"cell": (0, 0), "clue": 3, "got": 4})]
    assert say(broken[0].msg) == "The 3 at row 1, column 1 has 4 sides on the loop."
    assert say(broken[0].msg, "ja") == "1 行 1 列 の 3 の周りでループが通る辺は 4 本です。"


def test_every_message_has_words_in_both_languages() -> None:
    p = Puzzle.from_record(EXAMPLE)
    samples = [[7, 10, 12], [3, 10, 9], [0, 0, 8]], [[2, 8, 0], [0, 0, 0], [0, 0, 0]], [[6, 14, 12], [7, 5, 13],
                                                                                        [3, 11, 9]]
    for masks in samples:
        for v in GENRE.check(p, DotLoop.from_masks(masks)):
            for lang in ("en", "ja"):
                text = say(v.msg, lang)
                assert text and "{" not in text and v.rule not in text, (lang, text)
    first = GENRE.check(p, DotLoop.from_masks(samples[0]))[0].msg
    assert say(first) == "The loop leaves the grid of dots at the dot at row 1, column 1."
    for code in GENRE.messages["en"]:
        assert say(code, "ja") != say(code, "en"), code


# -- answers typed in chat, hints, the picture ----------------------------------------------------

def test_answer_box_drawing_and_masks() -> None:
    p = Puzzle.from_record(EXAMPLE)
    assert GENRE.parse_answer(p, "┌─┐\n└─┘\n···") == DotLoop(LOOP)
    assert GENRE.parse_answer(p, "/answer\n```\n╭─╮\n╰─╯\n. . .\n```") == DotLoop(LOOP)
    assert GENRE.parse_answer(p, "6 10 12\n3 10 9\n0 0 0") == DotLoop(LOOP)
    for bad in ("┌─┐\n└─┘", "┌─┐\n└──\n···", "┌┐\n└┘\n··"):
        with pytest.raises(ParseError):
            GENRE.parse_answer(p, bad)


def test_hints_reveal_each_dot_of_the_loop_once() -> None:
    p = Puzzle.from_record(EXAMPLE)
    steps = GENRE.hints(p, DotLoop(LOOP))
    assert len(steps) == 6 and steps == GENRE.hints(p, DotLoop(LOOP))
    assert {s.params["dot_cell"] for s in steps} == {(r, c) for r in range(2) for c in range(3)}
    corner = next(s for s in steps if s.params["dot_cell"] == (0, 0))
    assert corner.params["symbol"] == "┌" and corner.params["dirs"] == ("right", "down")
    assert say(Message_of(corner)) == ("The dot at row 1, column 1 (counting dots from the top left) is ┌: "
                                       "the loop goes right and down.")
    assert say(Message_of(corner), "ja") == "1 行 1 列 の点（左上から数えて）は ┌（右と下へ線）です。"
    assert all(0 <= r < 2 and 0 <= c < 2 for s in steps for r, c in s.cells)


def Message_of(step: Any) -> Any:  # noqa: N802
    from solvers.errors import Message

    return Message(step.code, step.params, step.cells)


class Recorder:
    """A Drawing that records the calls (the genre never sees Pillow)."""

    rows, cols, path_colours, tint_colours = 2, 2, 4, 4

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kw: self.calls.append((name, args))


def test_draw_through_the_drawing_protocol() -> None:
    d = Recorder()
    GENRE.draw(d, Puzzle.from_record(EXAMPLE), DotLoop(LOOP))
    names = [n for n, _ in d.calls]
    assert {"dots", "point_links", "text"} <= set(names)
    assert ("point_links", (LOOP, GENRE_LINE())) in d.calls
    assert [a[:3] for n, a in d.calls if n == "text"] == [(0, 0, "3"), (1, 0, "1")]
    d2 = Recorder()
    GENRE.draw(d2, Puzzle.from_record(EXAMPLE), None)
    assert "point_links" not in [n for n, _ in d2.calls]


def GENRE_LINE() -> Any:  # noqa: N802
    from solvers.drawing import LINE

    return LINE


# -- the generator and the CLI --------------------------------------------------------------------

@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_generator_unique_and_reproducible(difficulty: str) -> None:
    gp = generate("slitherlink", 5, 6, difficulty, seed=7)
    assert gp.puzzle.rows == 5 and gp.puzzle.cols == 6 and gp.stats["proof"] == "unique"
    assert isinstance(gp.solution, DotLoop) and GENRE.check(gp.puzzle, gp.solution) == []
    res = solve_puzzle(gp.puzzle, OPTS)
    assert res.status is Status.UNIQUE and res.solution == gp.solution
    assert generate("slitherlink", 5, 6, difficulty, seed=7).puzzle == gp.puzzle


def test_generator_oracle_search_and_model_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The oracle's search and its CP-SAT model (taken when the search runs out of nodes) give the
    same answers: with no search nodes the same seed makes a proven unique puzzle too."""
    gp = generate("slitherlink", 6, 6, "medium", seed=3)
    monkeypatch.setattr(slither_generate, "ORACLE_NODES", 0)
    by_model = generate("slitherlink", 6, 6, "medium", seed=3)
    for made in (gp, by_model):
        assert made.stats["proof"] == "unique" and isinstance(made.solution, DotLoop)
        assert GENRE.check(made.puzzle, made.solution) == []


def run_cli(*args: str, stdin: str | None = None) -> list[dict[str, Any]]:
    proc = subprocess.run([sys.executable, "-m", "bot.cli", *args], input=stdin, capture_output=True, text=True,
                          cwd=REPO, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


@pytest.mark.slow
def test_cli_solve_and_generate() -> None:
    recs = [EXAMPLE, {"id": "none", "genre": "slitherlink", "grid": ["0"]}]
    out = run_cli("solve", "--jsonl", "-", stdin="\n".join(json.dumps(r) for r in recs))
    assert [(o["id"], o["status"]) for o in out] == [("slitherlink-example", "unique"), ("none", "none")]
    assert out[0]["solution"] == EXAMPLE["solution"]
    [rec] = run_cli("generate", "slitherlink", "--size", "6x6", "--difficulty", "easy", "--seed", "3")
    assert rec["genre"] == "slitherlink" and rec["rows"] == rec["cols"] == 6 and rec["unique"] is True
    assert rec["url"].startswith("https://puzz.link/p?slither/6/6/")
    p = Puzzle.from_record(rec)
    assert GENRE.decode_url(rec["url"]) == Puzzle(p.genre, p.cells)
    assert GENRE.check(p, GENRE.solution_from_json(rec["solution"], p)) == []
    assert get_genre("slither") is GENRE
