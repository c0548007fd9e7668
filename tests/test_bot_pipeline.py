"""The pipeline's limits end to end (real PTB app, fake Bot API, real worker processes):
queue full, per-user cap, queue position, a worker killed mid-solve, a hung worker."""

from __future__ import annotations

import asyncio
import io
import os
import signal
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.app import build_core
from bot.config import BotConfig, load_config
from bot.pipeline import PipelineLimits
from bot.pool import PoolBackend
from bot.telegram_adapter import build_application, polling
from tests.corpus import own
from tests.fake_bot_api import Call, FakeBotApi, replies_to
from tests.fake_jobs import GATE_ENV, HANG_COLS, held, scripted_job


def board(i: int) -> str:
    rec = [r for r in own("masyu") if r["cols"] != HANG_COLS and r["unique"]][i]
    return "masyu\n" + "\n".join(rec["grid"])


HUNG = "masyu\n" + "\n".join(next(r for r in own("masyu") if r["cols"] == HANG_COLS)["grid"])


def photo_to(chat_id: int):  # noqa: ANN201
    return lambda c: c.method == "sendPhoto" and c.chat_id == chat_id


def text_to(chat_id: int, part: str):  # noqa: ANN201
    return lambda c: c.method == "sendMessage" and c.chat_id == chat_id and part in c.text


@asynccontextmanager
async def scripted_bot(**limits: float) -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url,
                    limits=PipelineLimits(**{"workers": 1, "time_limit": 5, **limits}))  # type: ignore[arg-type]
    backend = PoolBackend(cfg.limits, job_fn=scripted_job)
    core = build_core(cfg, backend=backend, extensions=())
    try:
        async with polling(build_application(core, cfg)):
            yield SimpleNamespace(api=api, core=core, backend=backend)
    finally:
        api.close()


@pytest.fixture
def gate(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A closed gate: scripted jobs wait (mid-run) until the test removes the file."""
    path = tmp_path / "gate"
    path.touch()
    monkeypatch.setenv(GATE_ENV, str(path))
    yield path
    path.unlink(missing_ok=True)


async def wait_until(pred, timeout: float = 60.0) -> None:  # noqa: ANN001
    for _ in range(int(timeout / 0.02)):
        if pred():
            return
        await asyncio.sleep(0.02)
    raise TimeoutError("condition not reached")


@pytest.mark.slow
async def test_queue_full_user_cap_and_position(gate: Path) -> None:
    async with scripted_bot(queue_limit=2, user_cap=1, hard_limit=30) as b:
        ann, bob, cat = b.api.user(1, "Ann"), b.api.user(2, "Bob"), b.api.user(3, "Cat")
        b.api.send_text(ann, board(0))
        await wait_until(lambda: b.backend.running_pid() is not None)
        b.api.send_text(ann, board(1))
        [busy] = await b.api.wait_for(text_to(ann.id, "already have 1 board"))
        b.api.send_text(bob, board(2))
        await b.api.wait_for(text_to(bob.id, "#1 in the queue"))
        b.api.send_text(cat, board(3))
        [full] = await b.api.wait_for(text_to(cat.id, "too many boards"))
        assert "try again" in full.text
        gate.unlink()
        await b.api.wait_for(photo_to(ann.id))
        await b.api.wait_for(photo_to(bob.id))
        assert len(b.api.find(photo_to(ann.id))) == 1  # the refused second board got no picture
        assert not b.api.find(photo_to(cat.id))
        assert b.backend.pending == 0


@pytest.mark.slow
async def test_worker_killed_mid_solve_fails_only_that_job(gate: Path) -> None:
    async with scripted_bot(queue_limit=10, hard_limit=30) as b:
        ann, bob = b.api.user(1, "Ann"), b.api.user(2, "Bob")
        b.api.send_text(ann, board(0))
        await wait_until(lambda: held(gate))  # Ann's job runs (taken by the worker) and waits at the gate
        b.api.send_text(bob, board(1))  # waits behind Ann's job
        await b.api.wait_for(text_to(bob.id, "#1 in the queue"))
        os.kill(b.backend.running_pid("telegram:1"), signal.SIGKILL)
        [told] = await b.api.wait_for(text_to(ann.id, "solver stopped"))
        assert not b.api.find(photo_to(ann.id))
        gate.unlink()
        [photo] = await b.api.wait_for(photo_to(bob.id), timeout=40)  # the rebuilt worker solves it
        assert "unique solution" in photo.text
        b.api.send_text(ann, board(2))  # and the next board of the same user works too
        await b.api.wait_for(photo_to(ann.id), timeout=40)
        assert b.backend.stats["crashed"] == 1


@pytest.mark.slow
async def test_hung_worker_is_killed_at_the_hard_limit(gate: Path) -> None:
    gate.unlink()  # an open gate: the next board runs at once (its margin under the limit is not a timing)
    async with scripted_bot(queue_limit=10, hard_limit=8) as b:
        ann = b.api.user(1, "Ann")
        b.api.send_text(ann, HUNG)
        [told] = await b.api.wait_for(text_to(ann.id, "took far too long"), timeout=60)
        assert "8 s" in told.text
        # the next board once the worker is back (a restart may outlast the limit on a loaded machine)
        await wait_until(lambda: all(pid is not None for pid in b.backend.worker_pids))
        b.api.send_text(ann, board(0))
        await b.api.wait_for(photo_to(ann.id), timeout=40)
        assert b.backend.stats["killed"] == 1
        calls: list[Call] = b.api.find(replies_to(ann.id))
        calls = [c for c in calls if "in the queue" not in c.text]  # the worker may still be restarting
        assert [c.method for c in calls] == ["sendMessage", "sendPhoto"]


async def test_backend_round_robin_cache_and_shared_solves() -> None:
    from solvers.puzzle import Puzzle
    from tests.fake_jobs import echo_job

    def board_n(n: int) -> Puzzle:
        return Puzzle("masyu", tuple(tuple(1 if (r, c) == divmod(n, 3) else 0 for c in range(3)) for r in range(3)))

    backend = PoolBackend(PipelineLimits(workers=1, user_running=1, user_cap=3, queue_limit=10), job_fn=echo_job)
    await backend.start()
    try:
        done: list[str] = []
        positions: dict[str, int] = {}

        async def send(name: str, user: str, n: int) -> None:
            async def queued(pos: int) -> None:
                positions[name] = pos

            await backend.solve(board_n(n), user=user, on_queued=queued)
            done.append(name)

        # Ann sends three boards, then Bob one: Bob goes second, not fourth.
        tasks = [asyncio.create_task(send(name, user, n))
                 for name, user, n in (("a1", "ann", 0), ("a2", "ann", 1), ("a3", "ann", 2), ("b1", "bob", 3))]
        await asyncio.gather(*tasks)
        assert done == ["a1", "b1", "a2", "a3"]
        assert positions == {"a2": 1, "a3": 2, "b1": 1}  # a1 started at once; b1 is next in line

        cached = await backend.solve(board_n(3), user="cy")
        assert cached.cached and backend.stats["cache_hits"] == 1
        one, two = await asyncio.gather(backend.solve(board_n(4), user="dee"), backend.solve(board_n(4), user="eve"))
        assert one.status == two.status == "unique" and backend.stats["joined"] == 1
        assert backend.stats["solved"] == 5 and backend.pending == 0
    finally:
        await backend.close()


async def test_one_solve_serves_every_language() -> None:
    """The same board asked in English and in Japanese is solved once; each reader gets the picture
    titled in their own language (the title is the bot's, after the solver's shared answer)."""
    from PIL import Image

    async with scripted_bot(queue_limit=10, hard_limit=30) as b:
        ann, aki = b.api.user(1, "Ann"), b.api.user(2, "Aki", lang="ja")
        b.api.send_text(ann, board(0))
        [first] = await b.api.wait_for(photo_to(ann.id), timeout=40)
        b.api.send_text(aki, board(0))
        [second] = await b.api.wait_for(photo_to(aki.id), timeout=40)
        assert b.backend.stats["solved"] == 1
        assert "Masyu" in first.text and "ましゅ" in second.text
        en, ja = (Image.open(io.BytesIO(c.files["photo"][2])) for c in (first, second))
        assert en.size[1] == ja.size[1]  # the same boards under a title strip of the same height
        from rendering import can_write

        # the strip's words differ where a CJK font can write them (else the title stays English)
        assert (en.tobytes() != ja.tobytes()) == can_write("ましゅ")


def test_solver_threads_share_the_cores() -> None:
    shared = PipelineLimits(workers=2, cpus=4)
    assert [shared.threads_for(n) for n in (1, 2, 3, 8)] == [4, 2, 1, 1]
    assert PipelineLimits(workers=2, cpus=4, solver_workers=1).threads_for(1) == 1
    assert load_config(None, {}).limits.solver_workers == 0  # unset: share the cores


async def test_a_lone_board_gets_every_core() -> None:
    from solvers.puzzle import Puzzle
    from tests.fake_jobs import threads_job

    backend = PoolBackend(PipelineLimits(workers=2, cpus=4), job_fn=threads_job)
    await backend.start()
    try:
        result = await backend.solve(Puzzle("masyu", ((1, 0), (0, 0))), user="ann")
        assert result.timings["threads"] == 4
    finally:
        await backend.close()
