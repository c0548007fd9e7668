"""Several daily puzzles open in one chat: an answer is judged against the puzzle it fits, named
in the reply (issue 24, item 7)."""

from __future__ import annotations

from typing import Any, cast

from bot.chat import Incoming, Reply
from bot.commands import Context
from bot.daily.chat import DailyChat
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from tests.daily_support import corpus_maker, typed_answer


class Channel:
    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send(self, reply: Reply) -> int:
        self.sent.append(reply.text)
        return len(self.sent)

    async def action(self, kind: str = "upload_photo") -> None:
        return None

    async def is_admin(self) -> bool:
        return True


async def test_an_answer_is_judged_against_the_puzzle_it_fits(tmp_path: Any) -> None:
    service = DailyService(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}",
                           DailyConfig(generate_workers=0, prepare_all=False), maker=corpus_maker)
    chat = DailyChat(service)
    try:
        opened = []
        for n, genre in enumerate(("masyu", "numberlink")):  # /daily masyu, then /daily numberlink
            slot = service.slot(service.today(), genre, "easy")
            await service.request(slot)
            daily = await service.get(slot, make=False)
            assert daily is not None
            await service.register_post("console", "c", 100 + n, daily.id)
            opened.append(daily)
        masyu = opened[0]
        assert [d.id for d in await service.open_dailies("console", "c")] == [opened[1].id, masyu.id]
        channel = Channel()
        text = typed_answer("masyu", masyu.solution)
        msg = Incoming(platform="console", chat_id="c", user_id="u", user_name="Ann", command="answer", args=text)
        await chat.cmd_answer(Context(cast(Any, None), msg, channel))
        said = channel.sent[-1]
        assert "✅" in said and "Masyu" in said and f"{masyu.rows}×{masyu.cols}" in said
    finally:
        await service.close()
