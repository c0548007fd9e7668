"""Text attachments in any usual encoding (issue 9 item 10): real encoded board files, decoded by
:mod:`bot.attachments` (charset-normalizer), and the same files sent through the real PTB stack."""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import pytest_asyncio

from bot.app import build_core
from bot.attachments import Decoded, Unreadable, detect, fetch_text
from bot.chat import Reply
from bot.config import BotConfig
from bot.pipeline import PipelineLimits
from bot.telegram_adapter import build_application, polling
from tests.fake_bot_api import FakeBotApi, replies_to

REPO = Path(__file__).resolve().parents[1]

# Board files as Japanese players write them: a genre name in kana or kanji, pearls and dots.
PEARLS_JA = "ましゅ\n● . . . ●\n. . . . .\n. . . . ●\n. ● . ○ .\n● . . . ."
PEARLS = "● . . . ●\n. . . . .\n. . . . ●\n. ● . ○ .\n● . . . ."
LINKS_JA = "ナンバーリンク\n1 . . 2\n. . . .\n2 . . 1\n"
FULLWIDTH = "１ ． ． ２\n． ． ． ．\n２ ． ． １\n"
KANJI = "白黒\n○ ● . .\n. . ○ ●\n"
ASCII = "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . ."
ACCENTS = "masyu — café\nB . . . W\n"
JAPANESE = {"pearls_ja": PEARLS_JA, "pearls": PEARLS, "links_ja": LINKS_JA, "fullwidth": FULLWIDTH, "kanji": KANJI}
JAPANESE_ENCODINGS = ("shift_jis", "cp932", "euc_jp", "iso2022_jp", "utf-16", "utf-16-le", "utf-16-be",
                      "utf-8-sig", "utf-8")


@pytest.mark.parametrize("encoding", JAPANESE_ENCODINGS)
@pytest.mark.parametrize("name", sorted(JAPANESE))
def test_japanese_board_files_decode_right(name: str, encoding: str) -> None:
    text = JAPANESE[name]
    found = detect(text.encode(encoding))
    assert isinstance(found, Decoded) and found.text == text, (encoding, found)


@pytest.mark.parametrize("encoding", ("utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252",
                                      "shift_jis", "euc_jp"))
def test_ascii_and_western_board_files_decode_right(encoding: str) -> None:
    for text in (ASCII, ACCENTS):
        try:
            data = text.encode(encoding)
        except UnicodeEncodeError:
            continue  # "—" and "é" are not in the Japanese encodings
        found = detect(data)
        assert isinstance(found, Decoded) and found.text == text, (encoding, found)


@pytest.mark.parametrize("data", [
    (REPO / "docs" / "masyu-solution.png").read_bytes(),  # a picture renamed board.txt
    zlib.compress(ASCII.encode() * 50),  # an archive
    bytes(range(256)) * 4,  # every byte value
    b"\x7fELF\x02\x01\x01\x00" + bytes(200),  # a program
], ids=["png", "zlib", "bytes", "elf"])
def test_binary_files_are_refused_as_binary(data: bytes) -> None:
    assert detect(data) is Unreadable.BINARY


async def test_unreadable_files_get_a_reply_naming_what_to_do() -> None:
    async def png() -> bytes:
        return (REPO / "docs" / "masyu-solution.png").read_bytes()[:4000]

    async def broken_utf16() -> bytes:
        return b"\xff\xfe\x00\xd8"  # a BOM, then a lone surrogate

    binary = await fetch_text(None, png, "en")
    assert isinstance(binary, Reply)
    assert binary.text.startswith("I could not read this file as text (it looks like a binary file")
    assert ".txt" in binary.text and "Shift-JIS" in binary.text
    encoding = await fetch_text(None, broken_utf16, "ja")
    assert isinstance(encoding, Reply) and "文字コード" in encoding.text and ".txt" in encoding.text


# ---------------------------------------------------------------------- through the real PTB stack
@pytest_asyncio.fixture(loop_scope="module", scope="module")
async def bot() -> AsyncIterator[SimpleNamespace]:
    api = FakeBotApi()
    cfg = BotConfig(telegram_token=api.token, telegram_api_url=api.url,
                    limits=PipelineLimits(workers=1, time_limit=10, queue_limit=20, user_cap=3, user_running=1))
    core = build_core(cfg, extensions=())
    app = build_application(core, cfg, rate_limiter=False)
    async with polling(app):
        yield SimpleNamespace(api=api, core=core)
    api.close()


@pytest.mark.asyncio(loop_scope="module")
@pytest.mark.parametrize("encoding", ("shift_jis", "euc_jp", "iso2022_jp", "utf-16", "utf-16-le", "utf-8-sig"))
async def test_a_japanese_board_file_is_solved(bot: SimpleNamespace, encoding: str) -> None:
    user = bot.api.user(5000 + JAPANESE_ENCODINGS.index(encoding), "Hana", lang="ja")
    bot.api.send_document(user, "ban.txt", PEARLS_JA.encode(encoding))
    [photo] = await bot.api.wait_for(lambda c: c.method == "sendPhoto" and c.chat_id == user.id, timeout=30)
    assert photo.photo is not None and photo.photo[0] == "masyu-5x5-solution.png", photo.text


@pytest.mark.asyncio(loop_scope="module")
async def test_a_picture_sent_as_a_text_file_gets_the_reason(bot: SimpleNamespace) -> None:
    user = bot.api.user(5100, "Ann")
    bot.api.send_document(user, "board.txt", (REPO / "docs" / "masyu-solution.png").read_bytes()[:6000])
    [reply] = await bot.api.wait_for(replies_to(user.id), timeout=30)
    assert reply.method == "sendMessage"
    assert reply.text.startswith("I could not read this file as text (it looks like a binary file"), reply.text
