"""End to end: the real PTB Application, polling a fake Bot API on 127.0.0.1, solving in worker processes."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.app import build_core
from bot.config import BotConfig
from bot.logsafe import RedactToken
from bot.pipeline import PipelineLimits
from bot.telegram_adapter import build_application, polling
from tests.corpus import own, own_genres
from tests.fake_bot_api import Call, FakeBotApi, handled_all, png_size, replies_to

pytestmark = pytest.mark.asyncio(loop_scope="module")

MASYU_5 = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
CIRCLES_ONLY = "W . . B\n. . . .\n. . W .\n. . . ."  # Masyu or Yin-Yang: the bot must ask


def board_text(rec: dict) -> str:
    """A corpus record as a user would type it in a private chat."""
    grid = "\n".join(rec["grid"])
    if rec.get("fill"):
        return f"/numberlink fill\n{grid}"
    return f"{rec['genre']}\n{grid}"


def is_photo(c: Call) -> bool:
    return c.method == "sendPhoto"


def title(genre: str) -> str:
    return {"masyu": "Masyu", "yinyang": "Yin-Yang", "numberlink": "Numberlink", "shikaku": "Shikaku"}[genre]


def assert_solution_photo(call: Call, genre: str, rows: int, cols: int, verdict: str = "unique solution") -> None:
    assert call.method == "sendPhoto"
    name, ctype, data = call.photo  # type: ignore[misc]
    assert name == f"{genre}-{rows}x{cols}-solution.png" and ctype == "image/png"
    assert data.startswith(b"\x89PNG") and min(png_size(data)) > 50
    assert call.text.startswith(f"{title(genre)} {rows}×{cols}: {verdict}"), call.text


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url,
                    limits=PipelineLimits(workers=2, time_limit=10, queue_limit=60, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg)
    async with polling(app):
        yield SimpleNamespace(api=api, core=core, app=app)
    api.close()


async def test_startup_sets_the_command_menu(bot: SimpleNamespace) -> None:
    menus = bot.api.find(lambda c: c.method == "setMyCommands")
    names = {cmd["command"] for cmd in menus[0].json("commands")}
    assert {"start", "help", "solve", "masyu", "yinyang", "numberlink", "shikaku", "spoiler"} <= names
    assert any(c.params.get("language_code") == "ja" for c in menus)


async def test_private_board_gets_a_solution_photo(bot: SimpleNamespace) -> None:
    ann = bot.api.user(101, "Ann")
    bot.api.send_text(ann, MASYU_5)
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == ann.id)
    assert_solution_photo(photo, "masyu", 5, 5)
    assert not photo.flag("has_spoiler")
    assert "https://puzz.link/p?mashu/5/5/" in photo.text
    assert bot.api.find(lambda c: c.method == "sendChatAction" and c.chat_id == ann.id and
                        c.params["action"] == "upload_photo")


async def test_start_and_help_show_one_example_per_genre(bot: SimpleNamespace) -> None:
    ann = bot.api.user(102, "Ann")
    bot.api.send_text(ann, "/help")
    [msg] = await bot.api.wait_for(replies_to(ann.id))
    for genre in ("Masyu", "Yin-Yang", "Numberlink", "Shikaku"):
        assert f"{genre}:\n" in msg.text
    assert "/numberlink" in msg.text and "/spoiler" in msg.text


async def test_group_solve_command_sends_a_spoiler_photo(bot: SimpleNamespace) -> None:
    bob = bot.api.user(103, "Bob")
    group = bot.api.group(-1001, admins={104})
    sent = bot.api.send_text(bob, "/solve@puzzle_test_bot\n" + MASYU_5, chat=group)
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == group.id)
    assert_solution_photo(photo, "masyu", 5, 5)
    assert photo.flag("has_spoiler")
    assert photo.json("reply_parameters")["message_id"] == sent["message_id"]


async def test_group_plain_text_and_other_bots_commands_are_ignored(bot: SimpleNamespace) -> None:
    carl = bot.api.user(105, "Carl")
    group = bot.api.group(-1002)
    bot.api.send_text(carl, MASYU_5, chat=group)
    bot.api.send_text(carl, "/solve@other_bot\n" + MASYU_5, chat=group)
    bot.api.send_text(carl, "/help", chat=group)  # a marker: the bot does answer in this group
    await bot.api.wait_for(replies_to(group.id))
    await handled_all(bot.api, bot.app)  # the two above were handled too
    assert len(bot.api.find(replies_to(group.id))) == 1


async def test_reply_to_a_board_with_solve(bot: SimpleNamespace) -> None:
    dana, eve = bot.api.user(106, "Dana"), bot.api.user(107, "Eve")
    group = bot.api.group(-1003)
    rec = own("yinyang")[3]
    board = bot.api.send_text(dana, "\n".join(rec["grid"]), chat=group)  # genre from content: ambiguous
    bot.api.send_text(eve, "/yinyang", chat=group, reply_to=board["message_id"])
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == group.id)
    assert_solution_photo(photo, "yinyang", rec["rows"], rec["cols"])
    assert photo.flag("has_spoiler")


async def test_solve_without_a_board_explains_how(bot: SimpleNamespace) -> None:
    fay = bot.api.user(108, "Fay")
    bot.api.send_text(fay, "/solve")
    [msg] = await bot.api.wait_for(replies_to(fay.id))
    assert msg.method == "sendMessage" and "/solve" in msg.text and "reply" in msg.text


async def test_puzzlink_url(bot: SimpleNamespace) -> None:
    gus = bot.api.user(109, "Gus")
    rec = next(r for r in own("numberlink") if r.get("url") and not r.get("fill") and r["unique"] and r["rows"] <= 10)
    bot.api.send_text(gus, rec["url"])
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == gus.id)
    assert_solution_photo(photo, "numberlink", rec["rows"], rec["cols"])


async def test_txt_document(bot: SimpleNamespace) -> None:
    hal = bot.api.user(110, "Hal")
    rec = own("masyu")[5]
    bot.api.send_document(hal, "board.txt", board_text(rec).encode())
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == hal.id)
    assert_solution_photo(photo, "masyu", rec["rows"], rec["cols"])
    assert bot.api.find(lambda c: c.method == "getFile")


async def test_group_mention_and_solve_replying_to_a_file(bot: SimpleNamespace) -> None:
    pat, quin = bot.api.user(120, "Pat"), bot.api.user(121, "Quin")
    group = bot.api.group(-1005)
    bot.api.send_text(pat, "@puzzle_test_bot " + MASYU_5, chat=group)
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == group.id)
    assert_solution_photo(photo, "masyu", 5, 5)
    rec = own("shikaku")[0]
    doc = bot.api.send_document(pat, "shikaku.txt", board_text(rec).encode(), chat=group)
    bot.api.send_text(quin, "/solve", chat=group, reply_to=doc["message_id"])
    photos = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == group.id, count=2)
    assert_solution_photo(photos[1], "shikaku", rec["rows"], rec["cols"])
    assert photos[1].flag("has_spoiler")


async def test_oversized_file_is_refused_before_download(bot: SimpleNamespace) -> None:
    rae = bot.api.user(122, "Rae")
    downloads = len(bot.api.find(lambda c: c.method == "getFile"))
    bot.api.send_document(rae, "huge.txt", b"1 " * 40_000)
    [msg] = await bot.api.wait_for(replies_to(rae.id))
    assert "too large" in msg.text and "80000 bytes" in msg.text
    assert len(bot.api.find(lambda c: c.method == "getFile")) == downloads


async def test_ambiguous_board_asks_with_buttons_then_solves(bot: SimpleNamespace) -> None:
    ivy = bot.api.user(111, "Ivy")
    bot.api.send_text(ivy, CIRCLES_ONLY)
    [question] = await bot.api.wait_for(replies_to(ivy.id))
    assert question.method == "sendMessage" and "Which genre" in question.text
    labels = {b["text"]: b["callback_data"] for b in question.buttons}
    assert set(labels) == {"Masyu", "Yin-Yang"} and all(len(d.encode()) <= 64 for d in labels.values())
    bot.api.press(ivy, question.result["message_id"], labels["Yin-Yang"])
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == ivy.id)
    assert_solution_photo(photo, "yinyang", 4, 4, verdict="several solutions")
    assert bot.api.find(lambda c: c.method == "answerCallbackQuery")
    assert bot.api.find(lambda c: c.method == "editMessageReplyMarkup")


async def test_broken_board_gets_an_explanation_and_no_photo(bot: SimpleNamespace) -> None:
    jan = bot.api.user(112, "Jan")
    bot.api.send_text(jan, "masyu\nW . B\n. . . .\nB . W")
    [msg] = await bot.api.wait_for(replies_to(jan.id))
    assert msg.method == "sendMessage"
    assert "row 2" in msg.text.lower() or "Row 2" in msg.text, msg.text
    await handled_all(bot.api, bot.app)
    assert not bot.api.find(lambda c: is_photo(c) and c.chat_id == jan.id)


async def test_chit_chat_and_stickers_get_a_pointer_to_help(bot: SimpleNamespace) -> None:
    sam = bot.api.user(123, "Sam")
    bot.api.send_text(sam, "hello")
    [msg] = await bot.api.wait_for(replies_to(sam.id))
    assert "/help" in msg.text
    sticker = {"file_id": "S1", "file_unique_id": "s1", "width": 90, "height": 90, "is_animated": False,
               "is_video": False, "type": "regular"}
    bot.api.push_update(message=bot.api._message(bot.api.chats[sam.id], sam, sticker=sticker))
    msgs = await bot.api.wait_for(replies_to(sam.id), count=2)
    assert "pictures of the grid" in msgs[1].text and "puzz.link" in msgs[1].text


async def test_japanese_user_gets_japanese_caption(bot: SimpleNamespace) -> None:
    kei = bot.api.user(113, "Kei", lang="ja")
    bot.api.send_text(kei, board_text(own("masyu")[6]))
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == kei.id)
    assert "ましゅ" in photo.text and "唯一解" in photo.text and "解答時間" in photo.text


async def test_spoiler_setting_is_for_admins(bot: SimpleNamespace) -> None:
    lee, mia = bot.api.user(114, "Lee"), bot.api.user(115, "Mia")
    group = bot.api.group(-1004, admins={mia.id})
    bot.api.send_text(lee, "/spoiler off", chat=group)
    [refusal] = await bot.api.wait_for(replies_to(group.id))
    assert "administrators" in refusal.text
    bot.api.send_text(mia, "/spoiler off", chat=group)
    await bot.api.wait_for(replies_to(group.id), count=2)
    bot.api.send_text(lee, "/solve " + board_text(own("masyu")[7]), chat=group)
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == group.id)
    assert not photo.flag("has_spoiler")


async def test_identical_board_is_answered_from_the_cache(bot: SimpleNamespace) -> None:
    ned = bot.api.user(116, "Ned")
    bot.api.send_text(ned, MASYU_5)  # solved earlier by another user
    [photo] = await bot.api.wait_for(lambda c: is_photo(c) and c.chat_id == ned.id)
    assert "(from cache)" in photo.text
    assert bot.core.backend.stats["cache_hits"] >= 1


@pytest.mark.slow
async def test_thirty_boards_from_ten_users_all_answered(bot: SimpleNamespace) -> None:
    records = [r for g in own_genres() for r in own(g) if r["rows"] <= 8 and r["cols"] <= 8 and r.get("unique")
               and "regions" not in r]  # typed as a header and a grid
    used = {tuple(own("masyu")[i]["grid"]) for i in (5, 6, 7)} | {tuple(MASYU_5.split("\n")[1:])}
    records = [r for r in records if tuple(r["grid"]) not in used]
    chosen = records[:: max(1, len(records) // 30)][:30]  # 30 distinct boards, genres mixed
    assert len(chosen) == 30
    users = [bot.api.user(200 + i, f"U{i}") for i in range(10)]
    expected: dict[int, list[dict]] = {u.id: [] for u in users}
    for i, rec in enumerate(chosen):
        user = users[i % 10]
        expected[user.id].append(rec)
        bot.api.send_text(user, board_text(rec))
    photos = await bot.api.wait_for(lambda c: is_photo(c) and 200 <= (c.chat_id or 0) < 210, timeout=120, count=30)
    assert len(photos) == 30
    for user in users:
        got = sorted(c.photo[0] for c in photos if c.chat_id == user.id)  # type: ignore[index]
        want = sorted(f"{r['genre']}-{r['rows']}x{r['cols']}-solution.png" for r in expected[user.id])
        assert got == want
    for c in photos:
        assert ": unique solution" in c.text and c.photo[2].startswith(b"\x89PNG")  # type: ignore[index]
    refusals = bot.api.find(lambda c: 200 <= (c.chat_id or 0) < 210 and ("slow" in c.text or "too many" in c.text))
    assert not refusals


async def test_token_never_logged(bot: SimpleNamespace) -> None:
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(self.format(record))

    handler = Keep()
    handler.addFilter(RedactToken(bot.api.token))
    root, httpx_log = logging.getLogger(), logging.getLogger("httpx")
    old = httpx_log.level
    root.addHandler(handler)
    httpx_log.setLevel(logging.INFO)
    try:
        oli = bot.api.user(117, "Oli")
        bot.api.send_text(oli, "/start")
        await bot.api.wait_for(replies_to(oli.id))
        await handled_all(bot.api, bot.app)  # the bot has heard back (and logged the request)
    finally:
        root.removeHandler(handler)
        httpx_log.setLevel(old)
    assert any("HTTP Request" in r for r in records)  # httpx did log URLs...
    assert not any(bot.api.token in r for r in records)  # ...with the token replaced


# ---------------------------------------------------------------------- bot.attachments (all three adapters)
async def test_long_text_is_split_at_line_ends_within_the_limit() -> None:
    from bot.attachments import split_text
    from bot.telegram_adapter import TEXT_LIMIT

    text = "\n".join(f"line {i:04d} " + "x" * 40 for i in range(200))  # about 10,000 characters
    parts = split_text(text, TEXT_LIMIT)
    assert len(parts) == 3 and all(len(p) <= TEXT_LIMIT for p in parts)
    assert "\n".join(parts) == text  # cut only at line ends: nothing lost, no line broken
    assert split_text("", TEXT_LIMIT) == [""] and split_text("y" * 5000, TEXT_LIMIT) == ["y" * 4096, "y" * 904]


async def test_documents_are_decoded_or_refused_with_a_reply() -> None:
    from bot.attachments import DOCUMENT_LIMIT, fetch_text, is_text_file
    from bot.chat import Reply

    downloads: list[int] = []

    def source(data: bytes):  # noqa: ANN202
        async def download() -> bytes:
            downloads.append(len(data))
            return data
        return download

    assert await fetch_text(None, source(MASYU_5.encode("utf-8-sig")), "en") == MASYU_5
    assert await fetch_text(None, source("ましゅ\nB . W".encode("shift_jis")), "ja") == "ましゅ\nB . W"
    big = await fetch_text(DOCUMENT_LIMIT + 1, source(b""), "en")
    assert isinstance(big, Reply) and "too large" in big.text and len(downloads) == 2  # refused before download
    after = await fetch_text(None, source(b"x" * (DOCUMENT_LIMIT + 5)), "ja")  # the size was not announced
    assert isinstance(after, Reply) and str(DOCUMENT_LIMIT + 5) in after.text and "大きすぎ" in after.text
    unreadable = await fetch_text(10, source(b"\xff\xfe\x00\xd8"), "en")
    assert isinstance(unreadable, Reply) and "could not read" in unreadable.text
    assert is_text_file("Board.TXT", None) and is_text_file("board", "text/plain; charset=utf-8")
    assert not is_text_file("puzzle.jpg", "image/jpeg")
