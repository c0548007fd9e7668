"""Every record of the shared corpus through the engine: solved, checked, and the verdict it deserves.

``unique: true`` must give ``unique``, ``false`` must give ``multiple``. ``null`` (unknown: the
large Numberlink boards whose uniqueness nobody has settled) asks for any verdict but a wrong
answer, so those records are solved without the uniqueness search (``solved``) and the answer is
checked; this keeps a proof that cannot finish in time from costing the suite 20 s a record.
A genre whose model module does not exist yet is skipped by name; a model module that exists
but fails to import is a failure, not a skip.
"""

from __future__ import annotations

import importlib.util
import os

import pytest

from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from solvers.verdict import SolveOptions, Status
from tests import corpus

# ~20 s per record keeps a hung model from hanging the suite; override for slow machines
LIMIT = float(os.environ.get("PUZZLEBOT_CORPUS_TIME_LIMIT", "20"))
OPTS = SolveOptions(time_limit=LIMIT)
EXPECTED = {True: {Status.UNIQUE}, False: {Status.MULTIPLE}, None: {Status.SOLVED}}


def _cases() -> list:
    out = []
    for genre in corpus.GENRES:
        missing = [part for part in ("check", "model")
                   if importlib.util.find_spec(f"solvers.{genre}.{part}") is None]
        for rec in corpus.load(genre):
            marks = [pytest.mark.skip(reason=f"solvers/{genre}/{missing[0]}.py does not exist yet")] if missing else []
            out.append(pytest.param(rec, id=rec["id"], marks=marks))
    return out


@pytest.mark.parametrize("rec", _cases())
def test_corpus_record(rec: dict) -> None:
    puzzle = Puzzle.from_record(rec)
    genre = get_genre(puzzle.genre)
    res = solve_puzzle(puzzle, OPTS if rec["unique"] is not None else OPTS.with_(unique=False))
    assert res.status in EXPECTED[rec["unique"]], f"{rec['id']}: {res.status} ({res.message})"
    assert res.solution is not None, f"{rec['id']}: no solution ({res.status}, {res.message})"
    # the engine already ran the checker; run it again here so a bypass cannot go unnoticed
    assert genre.check(puzzle, res.solution) == [], rec["id"]
    if rec["unique"] is True:  # a unique puzzle has one answer: the stored one
        assert res.solution == genre.solution_from_json(rec["solution"], puzzle), rec["id"]
    if res.status is Status.MULTIPLE:
        assert res.second_solution is not None and res.second_solution != res.solution
        assert genre.check(puzzle, res.second_solution) == []
    assert res.seconds <= LIMIT + 2, f"{rec['id']}: {res.seconds:.1f} s over the {LIMIT:g} s limit"


def test_every_genre_has_a_corpus() -> None:
    for genre in corpus.GENRES:
        assert len(corpus.load(genre)) >= 20, genre
