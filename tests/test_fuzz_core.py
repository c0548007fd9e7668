"""The message drill (issue 9): a seeded sample of hostile messages through the real core, with the
daily puzzle on a real SQLite file and the real solver pool. ``bench/fuzz.py`` runs 10,000."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.pipeline import PipelineLimits
from bot.pool import PoolBackend
from tests.core_drill import drill_core, messages, run_drill

pytestmark = pytest.mark.slow  # a drill: 1,000 messages per seed

SAMPLE = 1000  # messages per seed in CI (seconds); bench/fuzz.py sends 10,000


@pytest.mark.parametrize("seed", [1, 2])
async def test_hostile_messages_are_all_answered_without_a_traceback(tmp_path: Path, seed: int) -> None:
    limits = PipelineLimits(workers=1, time_limit=2.0, queue_limit=50, user_cap=20)
    core = drill_core(tmp_path, backend=PoolBackend(limits), limits=limits)
    report = await run_drill(core, messages(seed, SAMPLE), concurrency=8, bound=30.0)
    summary = report.summary()
    assert summary["messages"] == SAMPLE
    assert report.hangs == [], [(o.kind, o.said) for o in report.hangs][:20]
    assert report.unanswered == [], [(o.kind, o.said) for o in report.unanswered][:20]
    assert report.tracebacks == [], report.tracebacks[:5]
    assert report.apologies == [], [(o.kind, o.said) for o in report.apologies][:20]
    kinds = {o.kind.split("/")[0] for o in report.outcomes}
    assert {"text", "broken", "url", "command", "valid"} <= kinds  # the sample covers every kind
