"""Standing drill (issue 9): kill -9 the bot at random moments of a fan-out to 300 chats, restart,
repeat, 10 rounds: every chat ends with one post and its record (bench/faults.py reports the figures)."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.fanout_drill import allowed_duplicates, drill_api, run_drill
from tests.pg_server import BACKENDS, fresh_url

pytestmark = [pytest.mark.slow, pytest.mark.skipif(
    dt.datetime.now(dt.UTC).time() > dt.time(23, 55), reason="the day changes during the drill")]


@pytest.mark.parametrize("backend", BACKENDS)
async def test_kill_9_during_the_fan_out_loses_no_post(tmp_path, backend):
    db_url = fresh_url(tmp_path, backend)
    api = drill_api()
    try:
        result = await run_drill(api, db_url, tmp_path, chats=300, rounds=10, seed=len(backend))
    finally:
        api.close()
    print(result.summary())
    kills = [0, *result.kills]  # photos seen at each kill: every round was killed mid-fan-out, after posting
    assert len(result.kills) == 10 and all(b > a for a, b in zip(kills, kills[1:], strict=False)), result.summary()
    assert result.missed == [] and result.unrecorded == [], result.summary()
    assert sum(n - 1 for n in result.duplicated.values()) <= allowed_duplicates(result), result.summary()
