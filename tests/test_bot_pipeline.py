"""The pipeline's limits end to end (real PTB app, fake Bot API, real worker processes):
queue full, per-user cap, queue position, a worker killed mid-solve, a hung worker."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from types import SimpleNamespace
from typing import Any

from bot.app import build_core
from bot.config import BotConfig, load_config
from bot.pipeline import PipelineLimits, PoolBackend
from bot.telegram_adapter import build_application, polling
from tests.corpus import own
from tests.fake_bot_api import HANG_COLS, Call, FakeBotApi, replies_to, scripted_job


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


async def wait_until(pred, timeout: float = 10.0) -> None:  # noqa: ANN001
    for _ in range(int(timeout / 0.02)):
        if pred():
            return
        await asyncio.sleep(0.02)
    raise TimeoutError("condition not reached")


async def test_queue_full_user_cap_and_position() -> None:
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
        await b.api.wait_for(photo_to(ann.id))
        await b.api.wait_for(photo_to(bob.id))
        assert len(b.api.find(photo_to(ann.id))) == 1  # the refused second board got no picture
        assert not b.api.find(photo_to(cat.id))
        assert b.backend.pending == 0


async def test_worker_killed_mid_solve_fails_only_that_job() -> None:
    async with scripted_bot(queue_limit=10, hard_limit=30) as b:
        ann, bob = b.api.user(1, "Ann"), b.api.user(2, "Bob")
        b.api.send_text(ann, HUNG)  # runs until killed, however slow the machine is
        await wait_until(lambda: b.backend.running_pid("telegram:1") is not None)
        b.api.send_text(bob, board(1))  # waits behind Ann's job
        await b.api.wait_for(text_to(bob.id, "#1 in the queue"))
        os.kill(b.backend.running_pid("telegram:1"), signal.SIGKILL)
        [told] = await b.api.wait_for(text_to(ann.id, "solver stopped"))
        assert not b.api.find(photo_to(ann.id))
        [photo] = await b.api.wait_for(photo_to(bob.id), timeout=40)  # the rebuilt worker solves it
        assert "unique solution" in photo.text
        b.api.send_text(ann, board(2))  # and the next board of the same user works too
        await b.api.wait_for(photo_to(ann.id), timeout=40)
        assert b.backend.stats["crashed"] == 1


async def test_hung_worker_is_killed_at_the_hard_limit() -> None:
    async with scripted_bot(queue_limit=10, hard_limit=3) as b:
        ann = b.api.user(1, "Ann")
        b.api.send_text(ann, HUNG)
        [told] = await b.api.wait_for(text_to(ann.id, "took far too long"), timeout=20)
        assert "3 s" in told.text
        b.api.send_text(ann, board(0))
        await b.api.wait_for(photo_to(ann.id), timeout=40)
        assert b.backend.stats["killed"] == 1
        calls: list[Call] = b.api.find(replies_to(ann.id))
        calls = [c for c in calls if "in the queue" not in c.text]  # the worker may still be restarting
        assert [c.method for c in calls] == ["sendMessage", "sendPhoto"]


async def test_backend_round_robin_cache_and_shared_solves() -> None:
    from solvers.puzzle import Puzzle
    from tests.fake_bot_api import echo_job

    def board_n(n: int) -> Puzzle[Any]:
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


def test_solver_threads_share_the_cores() -> None:
    shared = PipelineLimits(workers=2, cpus=4)
    assert [shared.threads_for(n) for n in (1, 2, 3, 8)] == [4, 2, 1, 1]
    assert PipelineLimits(workers=2, cpus=4, solver_workers=1).threads_for(1) == 1
    assert load_config(None, {}).limits.solver_workers == 0  # unset: share the cores


async def test_a_lone_board_gets_every_core() -> None:
    from solvers.puzzle import Puzzle
    from tests.fake_bot_api import threads_job

    backend = PoolBackend(PipelineLimits(workers=2, cpus=4), job_fn=threads_job)
    await backend.start()
    try:
        result = await backend.solve(Puzzle("masyu", ((1, 0), (0, 0))), user="ann")
        assert result.timings["threads"] == 4
    finally:
        await backend.close()
