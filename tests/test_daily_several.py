"""Several daily puzzles open in one chat: an answer is judged against the puzzle it fits, named
in the reply (issue 24, item 7)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, cast

from bot.chat import Incoming
from bot.commands import Context
from bot.daily.chat import DailyChat
from bot.daily.judge import answered_puzzle
from bot.daily.service import DailyService
from bot.daily.slots import DailyConfig
from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from tests import corpus
from tests.daily_support import corpus_maker, typed_answer
from tests.recording import RecordingChannel


async def _two_open(service: DailyService) -> list[Any]:
    opened = []
    for n, genre in enumerate(("masyu", "numberlink")):  # /daily masyu, then /daily numberlink
        slot = service.slot(service.today(), genre, "easy")
        await service.making.request(slot)
        daily = await service.making.get(slot, make=False)
        assert daily is not None
        await service.delivery.register_post("console", "c", 100 + n, daily.id)
        opened.append(daily)
    return opened


def _service(tmp_path: Any) -> DailyService:
    return DailyService(f"sqlite+aiosqlite:///{tmp_path / 'd.db'}", DailyConfig(generate_workers=0, prepare_all=False),
                        maker=corpus_maker)


async def _say(chat: DailyChat, handler: str, args: str = "", *, user: str = "u", name: str = "Ann",
               lang: str = "en") -> str:
    channel = RecordingChannel()
    msg = Incoming(platform="console", chat_id="c", user_id=user, user_name=name, command=handler, args=args,
                   lang=lang)
    await getattr(chat, f"cmd_{handler}")(Context(cast(Any, None), msg, channel))
    return channel.sent[-1].text


async def test_stats_rank_each_puzzle_on_its_own(tmp_path: Any) -> None:
    service = _service(tmp_path)
    chat = DailyChat(service)
    try:
        masyu, numberlink = await _two_open(service)
        await _say(chat, "answer", typed_answer("masyu", masyu.solution), user="a", name="Ann")
        await _say(chat, "answer", typed_answer("numberlink", numberlink.solution), user="b", name="Bob")
        stats = await _say(chat, "stats", user="a", name="Ann")
        assert "1. Ann — Masyu" in stats and "1. Bob — Numberlink" in stats and "2." not in stats
    finally:
        await service.close()


async def test_a_player_without_a_name_is_addressed_plainly_in_japanese(tmp_path: Any) -> None:
    service = _service(tmp_path)
    chat = DailyChat(service)
    try:
        masyu, _ = await _two_open(service)
        said = await _say(chat, "answer", typed_answer("masyu", masyu.solution), name="", lang="ja")
        assert "あなた" in said and "さん" not in said and "you" not in said
        assert "Ann さん" in await _say(chat, "hint", name="Ann", user="x", lang="ja")
    finally:
        await service.close()


async def test_an_answer_is_judged_against_the_puzzle_it_fits(tmp_path: Any) -> None:
    service = _service(tmp_path)
    chat = DailyChat(service)
    try:
        opened = await _two_open(service)
        masyu = opened[0]
        assert [d.id for d in await service.play.open_dailies("console", "c")] == [opened[1].id, masyu.id]
        channel = RecordingChannel()
        text = typed_answer("masyu", masyu.solution)
        msg = Incoming(platform="console", chat_id="c", user_id="u", user_name="Ann", command="answer", args=text)
        await chat.cmd_answer(Context(cast(Any, None), msg, channel))
        said = channel.sent[-1].text
        assert "✅" in said and "Masyu" in said and f"{masyu.rows}×{masyu.cols}" in said
    finally:
        await service.close()


def test_an_answer_goes_to_the_puzzle_it_solves_when_two_of_one_size_are_open() -> None:
    """A drawn loop reads as an answer to any board of its size: the one it solves wins, whichever
    was opened last (the pick of the day made this depend on the date before)."""
    by_size: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for rec in corpus.own("masyu"):
        if rec["unique"]:
            by_size[rec["rows"], rec["cols"]].append(rec)
    first, second = next(recs for recs in by_size.values() if len(recs) >= 2)[:2]
    puzzles = [Puzzle.from_record({k: r[k] for k in ("genre", "rows", "cols", "grid")}) for r in (first, second)]
    text = typed_answer("masyu", get_genre("masyu").solution_from_json(second["solution"], puzzles[1]))
    assert answered_puzzle(puzzles, lambda p: p, text) is puzzles[1]
    assert answered_puzzle(puzzles[::-1], lambda p: p, text) is puzzles[1]
