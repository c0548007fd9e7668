"""Daily puzzles from the real generator: the same date gives the same puzzle everywhere, whether it
is made in a thread or in the generator process; the stored solution passes the checker."""

from __future__ import annotations

import datetime as dt
import importlib.util

import pytest

from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from tests.corpus import GENRES

DAY = dt.date(2026, 11, 21)


def _config(genre: str, workers: int) -> DailyConfig:
    return DailyConfig(generate_workers=workers, prepare_all=False, sizes={genre: {"medium": (6, 6)}})


@pytest.mark.slow
@pytest.mark.parametrize("genre", GENRES)
async def test_same_date_same_puzzle_from_the_generator(genre, tmp_path):
    if importlib.util.find_spec(f"solvers.{genre}.generate") is None:
        pytest.skip(f"no {genre} generator yet")
    rows = []
    for name, workers in (("thread", 0), ("process", 1)):
        svc = DailyService(f"sqlite+aiosqlite:///{tmp_path / name}.db", _config(genre, workers))
        try:
            rows.append(await svc.making.make(svc.slot(DAY, genre, "medium")))
            if name == "thread":
                other_day = await svc.making.make(svc.slot(DAY + dt.timedelta(days=1), genre, "medium"))
        finally:
            await svc.close()
    a, b = rows
    assert (a.record, a.solution, a.seed, a.url) == (b.record, b.solution, b.seed, b.url)
    assert other_day.record != a.record
    puzzle = Puzzle.from_record(a.record)
    assert (puzzle.rows, puzzle.cols) == (6, 6) and a.grade in ("easy", "medium", "hard")
    assert get_genre(genre).check(puzzle, a.solution) == []


async def test_a_new_generator_version_never_changes_a_stored_daily(tmp_path, monkeypatch):
    """GENERATOR_VERSION is part of every seed's random stream: a bump gives other puzzles for the
    same seed, but a slot already made (posted, or made ahead for tomorrow) is served as stored."""
    import solvers.generation as generation

    svc = DailyService(f"sqlite+aiosqlite:///{tmp_path / 'v'}.db", _config("hitori", 0))
    try:
        slot = svc.slot(DAY, "hitori", "medium")
        before = await svc.making.make(slot)
        monkeypatch.setattr(generation, "GENERATOR_VERSION", generation.GENERATOR_VERSION + 1)
        after = await svc.making.make(slot)
        assert (after.record, after.solution, after.seed) == (before.record, before.solution, before.seed)
        fresh = generation.generate("hitori", 6, 6, "medium", before.seed)
        assert fresh.puzzle.to_record()["grid"] != before.record["grid"]
    finally:
        await svc.close()
