"""Puzzle corpora for tests and benches.

* The project's own corpus, ``tests/data/corpus/<genre>.jsonl`` (made by ``tests/data/make_corpus.py``
  with our own generator, plus a few hand-written boards): always there. :func:`own` and
  :func:`own_records`. A record with ``"solution": null`` is proven to have no solution.
* The shared corpus, ``../shared/corpus/<genre>.jsonl`` beside the checkout (or
  ``$PUZZLEBOT_SHARED/corpus``): there in CI, absent in a fresh clone. :func:`load` skips the
  calling test (or, called while a module is being collected, that whole module) with
  :data:`MISSING` as the reason; :func:`shared_params` gives a parametrize list that is one skipped
  case when it is absent, so the rest of the module still runs.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from solvers.engine import solve_puzzle
from solvers.puzzle import Puzzle
from solvers.registry import GENRES as _REGISTRY
from solvers.verdict import SolveOptions, SolveResult, Status

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
OWN = REPO / "tests" / "data" / "corpus"
GENRES: tuple[str, ...] = tuple(_REGISTRY)
MISSING = f"../shared/corpus not found: {CORPUS} (set PUZZLEBOT_SHARED to the folder that holds corpus/)"

Record = dict[str, Any]


def _read(path: Path) -> tuple[Record, ...]:
    with path.open(encoding="utf-8") as f:
        return tuple(json.loads(line) for line in f if line.strip())


# -- the project's own corpus -------------------------------------------------------------------

@cache
def own(genre: str) -> tuple[Record, ...]:
    """Every record of one genre's own corpus file, in file order (FileNotFoundError if it has none)."""
    return _read(OWN / f"{genre}.jsonl")


def own_genres() -> list[str]:
    """Registered genres that have an own corpus file."""
    return [g for g in GENRES if (OWN / f"{g}.jsonl").is_file()]


def own_records() -> list[Record]:
    return [rec for g in own_genres() for rec in own(g)]


def solved(genre: str) -> list[Record]:
    """Own records that have a solution (unique or several)."""
    return [rec for rec in own(genre) if rec["solution"] is not None]


SOURCES = ("own", "shared")  # parametrize a test over both corpora with this and call unique(source, genre)


def unique(source: str, genre: str) -> list[Record]:
    """The ``unique: true`` records of one corpus; "shared" skips the test when the shared corpus is absent."""
    return [rec for rec in (own(genre) if source == "own" else load(genre)) if rec["unique"] is True]


# -- the shared corpus ----------------------------------------------------------------------------

def shared_available() -> bool:
    return CORPUS.is_dir()


def shared_genres() -> list[str]:
    """Registered genres that have a shared corpus file (none when the shared corpus is absent)."""
    return [g for g in GENRES if (CORPUS / f"{g}.jsonl").is_file()]


@cache
def _shared(genre: str) -> tuple[Record, ...]:
    return _read(CORPUS / f"{genre}.jsonl")


def load(genre: str) -> tuple[Record, ...]:
    """Every record of one genre's shared corpus file, in file order; skips when the corpus is absent."""
    if not shared_available():
        pytest.skip(MISSING, allow_module_level=True)
    path = CORPUS / f"{genre}.jsonl"
    if not path.is_file():
        pytest.skip(f"no shared corpus for {genre}: {path} not found", allow_module_level=True)
    return _shared(genre)


def all_records() -> list[Record]:
    """Every shared record of every genre that has a file (skips when the corpus is absent)."""
    if not shared_available():
        pytest.skip(MISSING, allow_module_level=True)
    return [rec for g in shared_genres() for rec in _shared(g)]


def shared_params(genres: list[str] | tuple[str, ...] | str | None = None,
                  keep: Callable[[Record], bool] = lambda rec: True) -> list[Any]:
    """``pytest.param(record, id=record id)`` for the shared records of ``genres`` (default: every
    genre with a file) that ``keep`` accepts; one skipped case when the shared corpus is absent."""
    if not shared_available():
        return [pytest.param(None, id="shared-corpus-missing", marks=pytest.mark.skip(reason=MISSING))]
    names = [genres] if isinstance(genres, str) else list(genres or shared_genres())
    return [pytest.param(rec, id=rec["id"]) for g in names if (CORPUS / f"{g}.jsonl").is_file()
            for rec in _shared(g) if keep(rec)]


def solved_as_recorded(rec: Record, options: SolveOptions) -> tuple[Puzzle[Any], SolveResult]:
    """Solve the board of ``rec`` and assert the verdict the record gives: its ``unique`` (a
    published board, which has none: unique). A unique board's solution passes the genre's checker
    and is the recorded one; a board with several has two different ones, both passing."""
    p = Puzzle.from_record(rec)
    res = solve_puzzle(p, options)
    want = {True: Status.UNIQUE, False: Status.MULTIPLE, None: Status.NONE}[rec.get("unique", True)]
    assert res.status is want, (rec["id"], res.status, res.message)
    if want is Status.UNIQUE:
        assert res.solution is not None and p.kind.check(p, res.solution) == [], rec["id"]
        assert res.solution == p.kind.solution_from_json(rec["solution"], p), rec["id"]
    if want is Status.MULTIPLE:
        assert res.solution is not None and res.second_solution is not None, rec["id"]
        assert res.solution != res.second_solution and p.kind.check(p, res.second_solution) == [], rec["id"]
    return p, res
