"""Pictures of boards in chat: the real PTB stack against the fake Bot API, and the console's /image."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import pytest_asyncio

from bot.app import build_core
from bot.config import BotConfig
from bot.pipeline import PipelineLimits
from bot.telegram_adapter import build_application, polling
from rendering import render_png
from solvers.puzzle import Puzzle
from tests.corpus import own
from tests.fake_bot_api import FakeBotApi, replies_to

IN_MODULE_LOOP = pytest.mark.asyncio(loop_scope="module")
IMAGES = Path(__file__).parent / "data" / "images"


def picture(genre: str, n: int) -> tuple[Puzzle[Any], bytes]:
    p = Puzzle.from_record(own(genre)[n])
    return p, render_png(p, None, view="puzzle")


@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url, image_max_bytes=2_000_000,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg)
    async with polling(app):
        yield SimpleNamespace(api=api, core=core)
    api.close()


@IN_MODULE_LOOP
async def test_a_photo_of_a_board_is_read_shown_as_text_and_solved(bot: SimpleNamespace) -> None:
    ann = bot.api.user(701, "Ann")
    p, png = picture("slitherlink", 4)  # dots at the grid points: the picture itself names the genre
    bot.api.send_photo(ann, png)
    said, photo = await bot.api.wait_for(replies_to(ann.id), count=2)
    assert said.method == "sendMessage" and "I read this board from your picture" in said.text
    assert "\n".join(["slitherlink", *p.grid_lines()]) in said.text  # the bot's own notation, to copy and fix
    assert photo.method == "sendPhoto" and photo.text.startswith(f"Slitherlink {p.rows}×{p.cols}: unique solution")


@IN_MODULE_LOOP
async def test_an_image_file_in_a_group_needs_a_mention_and_is_answered(bot: SimpleNamespace) -> None:
    bea = bot.api.user(702, "Bea")
    group = bot.api.group(-7020)
    p, png = picture("numberlink", 6)
    bot.api.send_document(bea, "board.png", png, chat=group)  # not addressed: ignored
    bot.api.send_photo(bea, png, chat=group, caption="@puzzle_test_bot")
    said, photo = await bot.api.wait_for(replies_to(group.id), count=2)
    assert "I read this board" in said.text and photo.method == "sendPhoto" and photo.flag("has_spoiler")


@IN_MODULE_LOOP
async def test_a_caption_naming_the_genre_answers_the_question(bot: SimpleNamespace) -> None:
    """A picture of numbers fits several genres; its caption "could you please solve this nurikabe
    for me" was not read and the bot asked which genre. Without a caption it still asks."""
    cat, dan = bot.api.user(711, "Cat"), bot.api.user(712, "Dan")
    p, png = picture("nurikabe", 0)
    bot.api.send_photo(cat, png, caption="hi, could you please solve this nurikabe for me")
    said, photo = await bot.api.wait_for(replies_to(cat.id), count=2)
    assert "\n".join(["nurikabe", *p.grid_lines()]) in said.text
    assert photo.method == "sendPhoto" and photo.text.startswith(f"Nurikabe {p.rows}×{p.cols}: unique solution")
    bot.api.send_photo(dan, png)
    _, asked = await bot.api.wait_for(replies_to(dan.id), count=2)
    assert "Which genre is it?" in asked.text


@IN_MODULE_LOOP
async def test_unsure_cells_are_named_and_solved_only_on_request(bot: SimpleNamespace) -> None:
    cai = bot.api.user(703, "Cai")
    p, png = picture("masyu", 8)
    from PIL import Image, ImageDraw

    img = Image.open(io.BytesIO(png)).convert("L")
    d = ImageDraw.Draw(img)  # a smudge in an empty cell: half a ring the reader cannot place
    cell = (img.width - 2 * 21) / p.cols
    empty = next((r, c) for r in range(p.rows) for c in range(p.cols) if p.cells[r][c] == 0)
    x0, y0 = 21 + empty[1] * cell, 21 + empty[0] * cell
    d.arc([x0 + cell * 0.2, y0 + cell * 0.2, x0 + cell * 0.8, y0 + cell * 0.8], 0, 160, fill=0, width=4)
    buf = io.BytesIO()
    img.save(buf, "PNG")
    bot.api.send_photo(cai, buf.getvalue())
    [question] = await bot.api.wait_for(replies_to(cai.id))
    assert "not sure" in question.text and f"row {empty[0] + 1}, column {empty[1] + 1}" in question.text
    [(label, data)] = [(b["text"], b["callback_data"]) for b in question.buttons]
    assert label == "Solve as read" and not bot.api.find(lambda c: c.method == "sendPhoto" and c.chat_id == cai.id)
    bot.api.press(cai, question.result["message_id"], data)
    answers = await bot.api.wait_for(replies_to(cai.id), count=2)
    assert answers[1].method in ("sendPhoto", "sendMessage")


@IN_MODULE_LOOP
async def test_not_a_picture_of_a_board_gets_the_reason(bot: SimpleNamespace) -> None:
    dan = bot.api.user(704, "Dan")
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (300, 200), (200, 180, 160)).save(buf, "JPEG")
    bot.api.send_photo(dan, buf.getvalue())
    [msg] = await bot.api.wait_for(replies_to(dan.id))
    assert msg.text.startswith("I could not read a board in that picture:")


@IN_MODULE_LOOP
async def test_a_too_large_picture_is_refused_before_download(bot: SimpleNamespace) -> None:
    eve = bot.api.user(705, "Eve")
    downloads = len(bot.api.find(lambda c: c.method == "getFile"))
    bot.api.send_photo(eve, b"\xff\xd8" + bytes(100), announced_size=50_000_000)
    [msg] = await bot.api.wait_for(replies_to(eve.id))
    assert "too large" in msg.text and "50.0 MB" in msg.text and "at most 2 MB" in msg.text
    assert len(bot.api.find(lambda c: c.method == "getFile")) == downloads


@pytest.mark.slow
def test_console_image_command(tmp_path: Path) -> None:
    from tests.test_bot_console import run_console

    p, png = picture("masyu", 4)
    board = tmp_path / "board.png"
    board.write_bytes(png)
    done = run_console(tmp_path, f"/image {board}\n1\n/image {tmp_path}/nope.png\n/image\n")
    text = done.stdout
    assert done.returncode == 0, done.stderr
    # (under a load of 20 on two cores the reading once passed READ_LIMIT: say so, not a missing line)
    assert "took too long" not in text, "the picture's reading timed out (a loaded machine?)"
    assert "I read this board from your picture" in text and "\n".join(p.grid_lines()) in text
    assert "Which genre" in text and f"Masyu {p.rows}×{p.cols}: unique solution" in text
    assert "I could not open" in text and "/image PATH" in text


def test_unsure_cells_offer_only_tokens_of_the_boards_notation() -> None:
    from bot.imagereader import same_notation

    assert same_notation(("numberlink",), ("W", "1")) == ("1",)  # a number board is not offered a circle
    assert same_notation(("masyu",), ("W", "1")) == ("W",)
    assert same_notation((), ("W", "1")) == ("W", "1")  # genre unknown: every reading stays


@IN_MODULE_LOOP
async def test_a_board_read_sure_but_with_several_solutions_is_said_to_be_maybe_misread(
        bot: SimpleNamespace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A clue lost whole in a picture leaves a board with several solutions: after the verdict the
    player is told a cell may be misread (a published board has one)."""
    import vision
    from vision import Reading

    tokens = tuple(tuple("W" if (r, c) == (2, 2) else "." for c in range(5)) for r in range(5))
    monkeypatch.setattr(vision, "read_image", lambda *a, **k: Reading(5, 5, tokens, ("masyu",), (), 0.1))
    fay = bot.api.user(706, "Fay")
    bot.api.send_photo(fay, picture("masyu", 0)[1])
    said = await bot.api.wait_for(replies_to(fay.id), count=3)
    assert "I read this board" in said[0].text
    assert "may have misread a cell" in said[-1].text


@IN_MODULE_LOOP
async def test_a_clue_the_genre_taken_cannot_hold_is_asked_before_solving(
        bot: SimpleNamespace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A reading sure of a white pearl in a corner (no loop goes straight through a corner) was
    solved; the bot asks it (``Reading.taken``, the one place a reading becomes a board)."""
    import vision
    from vision import Reading

    rows = ["W . . . B", ". . . . .", ". . . . B", ". B . W .", "B . . . ."]
    tokens = tuple(tuple(r.split()) for r in rows)
    monkeypatch.setattr(vision, "read_image", lambda *a, **k: Reading(5, 5, tokens, ("masyu",), (), 0.1))
    ivy = bot.api.user(719, "Ivy")
    bot.api.send_photo(ivy, picture("masyu", 0)[1])
    [question] = await bot.api.wait_for(replies_to(ivy.id))
    assert "not sure" in question.text and "row 1, column 1" in question.text
    assert not bot.api.find(lambda c: c.method == "sendPhoto" and c.chat_id == ivy.id)


@IN_MODULE_LOOP
async def test_a_size_in_doubt_is_named_as_the_genre_names_the_board(
        bot: SimpleNamespace, monkeypatch: pytest.MonkeyPatch) -> None:
    """A Kakuro grid holds its clue row and column: a 3x3 grid is the 2x2 board the replies and
    captions call it. The question about a size read in doubt said "a 3x3 grid"; it names the 2x2
    board now, in both languages."""
    import vision
    from vision import Reading

    tokens = (("#", "4\\", "3\\"), ("\\3", ".", "."), ("\\4", ".", "."))
    monkeypatch.setattr(vision, "read_image",
                        lambda *a, **k: Reading(3, 3, tokens, ("kakuro",), (), 0.1, size_unsure=True))
    gus, hal = bot.api.user(708, "Gus"), bot.api.user(709, "Hal", lang="ja")
    bot.api.send_photo(gus, picture("masyu", 0)[1])
    [question] = await bot.api.wait_for(replies_to(gus.id))
    assert "I read a 2x2 board from your picture" in question.text and "3x3" not in question.text
    assert "kakuro\n# 4\\ 3\\" in question.text  # the grid itself shown as read, clue row and all
    bot.api.send_photo(hal, picture("masyu", 0)[1])
    [question] = await bot.api.wait_for(replies_to(hal.id))
    assert "2x2 の盤面" in question.text and "3x3" not in question.text


@IN_MODULE_LOOP
@pytest.mark.parametrize(
    ("load", "user_id", "said_has", "said_lacks"),
    [
        # A small screenshot whose reading ran out of time because the machine was busy was told to
        # "send a smaller screenshot"; a reading that got little CPU in its time asks to send it again later.
        (64.0, 710, "I am busy right now", "smaller"),
        # OpenCV reads part of a picture on threads of its own: on an idle machine with many cores a
        # hard picture's reading thread uses little CPU, and the player was told "I am busy right now".
        # With the machine not loaded the picture advice is given.
        (0.1, 720, "Send a sharper screenshot", "busy"),
    ],
    ids=["busy", "idle"],
)
async def test_a_reading_out_of_time_is_blamed_on_the_machine_only_when_it_is_loaded(
        bot: SimpleNamespace, monkeypatch: pytest.MonkeyPatch, load: float, user_id: int,
        said_has: str, said_lacks: str) -> None:
    import time

    import bot.imagereader as imagereader
    import vision

    def slow(*a: Any, **k: Any) -> Any:  # waits without using the CPU, as a starved reading or OpenCV's threads do
        time.sleep(0.6)
        raise vision.Unreadable("no-grid", "never seen")

    monkeypatch.setattr(vision, "read_image", slow)
    monkeypatch.setattr(imagereader, "READ_LIMIT", 0.2)
    monkeypatch.setattr(imagereader.os, "getloadavg", lambda: (load, load, load))
    monkeypatch.setattr(imagereader.os, "cpu_count", lambda: 64)
    player = bot.api.user(user_id, "Ivy")
    bot.api.send_photo(player, picture("masyu", 0)[1])
    [said] = await bot.api.wait_for(replies_to(player.id))
    assert said_has in said.text and said_lacks not in said.text


def test_the_advice_for_a_reading_out_of_time_matches_its_cause() -> None:
    from bot.i18n import t
    from bot.imagereader import READ_LIMIT, timeout_advice

    held_up, worked = 0.2 * READ_LIMIT, 0.95 * READ_LIMIT
    busy = "image_timeout_busy"
    assert timeout_advice(held_up, 300 * 300, True) == timeout_advice(held_up, 4000 * 3000, True) == busy
    assert timeout_advice(worked, 4000 * 3000, True) == timeout_advice(None, 4000 * 3000, True) == "image_timeout"
    assert timeout_advice(worked, 300 * 300, True) == "image_timeout_hard"
    # an idle machine: little CPU in the reading thread is OpenCV's threads at work, not a wait for a core
    assert timeout_advice(held_up, 300 * 300, False) == "image_timeout_hard"
    assert timeout_advice(held_up, 4000 * 3000, False) == "image_timeout"
    # a picture whose size is not known is not called large
    assert timeout_advice(worked, None, True) == timeout_advice(None, None, False) == "image_timeout_hard"
    assert "smaller" in t("en", "image_timeout") and "smaller" not in t("en", "image_timeout_hard")
