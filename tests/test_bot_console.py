"""The offline console chat, run like a user would: ``puzzlebot run`` with no token, boards on stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.chat import Incoming, Reply
from tests.corpus import REPO

SESSION = """/help
masyu
B . . . B
. . . . .
. . . . B
. B . W .
B . . . .

W . . B
. . . .
. . W .
. . . .

2
numberlink
1 . 2
. . .
3 . 1

/nonsense
shikaku
. 2
2 .
"""


def run_console(tmp_path: Path, stdin: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": "", "PUZZLEBOT_POOL_SIZE": "1",
               "PUZZLEBOT_TIME_LIMIT": "10", **env}
    return subprocess.run([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                          input=stdin, capture_output=True, text=True, cwd=tmp_path, env=environ, timeout=120)


@pytest.mark.slow
def test_console_chat_solves_asks_and_explains(tmp_path: Path) -> None:
    proc = run_console(tmp_path, SESSION)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in out
    assert "Numberlink:\n" in out  # /help with examples
    assert "a picture of the grid" in out and "/image PATH" in out  # /help tells of pictures, and how here
    assert "Masyu 5×5: unique solution" in out
    assert "Which genre is it?" in out and "  2) Yin-Yang" in out
    assert "Yin-Yang 4×4: several solutions" in out
    assert "Number 2 appears once" in out or "number 2" in out.lower()  # the broken Numberlink board
    assert "I don't know /nonsense" in out
    assert "Shikaku 2×2" in out  # the last board, ended by EOF instead of a blank line
    pictures = sorted((tmp_path / "puzzlebot-out").glob("*.png"))
    assert [p.name for p in pictures][:2] == ["001-masyu-5x5-solution.png", "002-yinyang-4x4-solution.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    for p in pictures:
        assert f"Picture: puzzlebot-out/{p.name}" in out
    assert out.rstrip().endswith("Bye.")


@pytest.mark.slow
def test_console_chat_in_japanese_and_bad_config(tmp_path: Path) -> None:
    proc = run_console(tmp_path, "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .\n", PUZZLEBOT_LANG="ja")
    assert proc.returncode == 0 and "唯一解" in proc.stdout and "画像: puzzlebot-out/" in proc.stdout
    bad = run_console(tmp_path, "", PUZZLEBOT_POOL_SIZE="zero", TELEGRAM_TOKEN="not-a-token")
    assert bad.returncode == 2
    assert "PUZZLEBOT_POOL_SIZE='zero' is not a whole number" in bad.stderr
    assert "TELEGRAM_TOKEN does not look like a bot token" in bad.stderr
    assert "not-a-token" not in bad.stderr and "Traceback" not in bad.stderr


def test_picture_numbering_goes_on_across_runs(tmp_path: Path) -> None:
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Reply
    from bot.console import ConsoleChat

    def one_run() -> None:
        chat = ConsoleChat(cast(Any, None), tmp_path, stdout=io.StringIO())
        asyncio.run(chat.send(Reply(text="", image=b"\x89PNG", filename="masyu-5x5-solution.png")))

    one_run()
    one_run()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001-masyu-5x5-solution.png", "002-masyu-5x5-solution.png"]


def test_message_refs_go_on_across_runs(tmp_path: Path) -> None:
    """A daily post is stored by its message ref: a second console run on the same database must
    not send under the refs of the first (its posts would be dropped as already recorded)."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Reply
    from bot.console import ConsoleChat

    async def one_run() -> list[Any]:
        chat = ConsoleChat(cast(Any, None), tmp_path, stdout=io.StringIO())
        return [await chat.send(Reply(text="hello")) for _ in range(3)]

    first, second = asyncio.run(one_run()), asyncio.run(one_run())
    assert first == sorted(first) and second == sorted(second) and max(first) < min(second)


def test_the_guide_does_not_deny_pictures() -> None:
    guide = (REPO / "docs" / "user-guide.md").read_text(encoding="utf-8")
    assert "picture of a puzzle is not read" not in guide and "/image PATH" in guide


def test_ctrl_c_during_a_solve_says_bye_without_a_traceback(tmp_path: Path) -> None:
    import signal

    from tests import process_drill as drill
    from tests.corpus import load

    if not drill.has_proc():
        pytest.skip("needs /proc (Linux) to see the worker solving")
    big = max(load("numberlink"), key=lambda r: r["rows"] * r["cols"])  # minutes of work, never done here
    environ = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": "", "PUZZLEBOT_POOL_SIZE": "1",
               "PUZZLEBOT_TIME_LIMIT": "60", "PUZZLEBOT_LOG_LEVEL": "DEBUG"}  # (INFO is quiet in the console)
    errors = tmp_path / "stderr.log"
    with errors.open("w") as err_file:
        proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "run", "--no-env-file"],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err_file, text=True,
                                cwd=tmp_path, env=environ, start_new_session=True)
    try:
        assert proc.stdin is not None
        proc.stdin.write("numberlink\n" + "\n".join(big["grid"]) + "\n\n")
        proc.stdin.flush()
        assert drill.solving(errors.read_text), errors.read_text()  # the worker is up and solving
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole foreground group
        out, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    err = errors.read_text()
    assert out.rstrip().endswith("Bye.")
    assert "Traceback" not in err and "SpawnProcess" not in err


def test_subscribe_in_the_console_promises_only_what_it_does(tmp_path: Path) -> None:
    proc = run_console(tmp_path, "/subscribe 08:30\n")
    assert proc.returncode == 0, proc.stderr
    assert "every day at 08:30" in proc.stdout
    assert "The console chat posts only while it is running" in proc.stdout


async def test_the_console_daily_post_says_to_answer_with_slash_answer(tmp_path: Path) -> None:
    """The console chat has no replies: its daily post and its 'no puzzle yet' say /answer, never
    'reply to this picture' (a player there could not); its leaderboard calls the player "you"."""
    import io

    from bot.console import ConsoleChat
    from bot.daily.chat import DailyChat
    from tests.core_drill import drill_core
    from tests.daily_support import typed_answer

    core = drill_core(tmp_path)
    daily: DailyChat = core.daily  # type: ignore[attr-defined]
    slot = daily.service.slot(daily.service.today(), "masyu", "easy")
    made = await daily.service.making.make(slot)

    async def session(text: str) -> str:
        out = io.StringIO()
        await ConsoleChat(core, tmp_path / "out", stdin=io.StringIO(text), stdout=out).run()
        return out.getvalue()

    said = await session("/answer\n·\n\n")
    assert "send /daily first, then /answer with your grid" in said and "reply" not in said
    said = await session("/hint\n/solution\n")  # not "/answer with your grid": there is nothing to answer
    assert "nothing to /hint: send /daily to get today's puzzle, then /hint again" in said
    assert "nothing to /solution" in said and "/answer" not in said
    said = await session(f"/daily masyu easy\n/answer\n{typed_answer('masyu', made.solution)}\n\n/stats\n")
    assert "Answer with /answer and the solved grid on the lines below it" in said
    assert "Reply to this picture" not in said and "solved it" in said
    assert "1. you — Masyu easy" in said  # the console has no names: "you", not the user id "console"
    await daily.service.close()


async def test_a_scripted_console_plays_the_first_daily(tmp_path: Path) -> None:
    """`puzzlebot run < script` with `/daily` first: the puzzle was not made yet (the console makes
    none ahead), and the chat said "try again in a minute", which a script cannot do, so its /hint
    and /answer found no puzzle. The console waits for the puzzle being made instead."""
    import io

    from bot.console import ConsoleChat
    from bot.daily.chat import DailyChat
    from tests.core_drill import drill_core

    core = drill_core(tmp_path)
    daily: DailyChat = core.daily  # type: ignore[attr-defined]
    out = io.StringIO()
    await ConsoleChat(core, tmp_path / "out", stdin=io.StringIO("/daily masyu easy\n/hint\n"), stdout=out).run()
    said = out.getvalue()
    await daily.service.close()
    assert "Try again in a minute" not in said and "🧩 Daily Masyu" in said
    assert "💡 Hint 1/" in said and "nothing to /hint" not in said


async def test_the_console_says_making_now_only_while_a_puzzle_is_made(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """When the making fails, and on the next /daily (held back after a failure: nothing is made), the
    console said "Making today's ... now, one moment…" and then "try again in a minute": it says it could
    not make the puzzle now, and "making now" only while a making is under way."""
    import io

    import tests.core_drill as drill
    from bot.console import ConsoleChat
    from bot.daily.chat import DailyChat

    def broken(genre: str, rows: int, cols: int, difficulty: str, seed: int) -> None:
        raise RuntimeError("the generator broke")

    monkeypatch.setattr(drill, "corpus_maker", broken)
    core = drill.drill_core(tmp_path)
    daily: DailyChat = core.daily  # type: ignore[attr-defined]
    out = io.StringIO()
    script = "/daily masyu easy\n/daily masyu easy\n"
    await ConsoleChat(core, tmp_path / "out", stdin=io.StringIO(script), stdout=out).run()
    said = out.getvalue()
    await daily.service.close()
    assert said.count("Making today's Masyu (easy) now") == 1  # the first /daily's making, which failed
    assert said.count("I could not make today's Masyu (easy) just now") == 2
    assert "Try again in a minute" not in said


def test_slash_quit_ends_the_chat_like_the_end_of_input(tmp_path: Path) -> None:
    import asyncio
    import io
    from typing import Any, cast

    from bot.console import ConsoleChat

    out = io.StringIO()
    chat = ConsoleChat(cast(Any, None), tmp_path, stdin=io.StringIO("/quit\nmasyu\nB . .\n"), stdout=out)
    asyncio.run(chat.run())  # no core needed: nothing after /quit is read as a message
    assert out.getvalue().rstrip().endswith("Bye.") and "/quit" in out.getvalue().splitlines()[0]


def test_a_number_off_the_list_asks_again_and_keeps_the_question(tmp_path: Path) -> None:
    """'7' to a question with two choices was read as a one-cell board (and the next line joined
    it); it is asked again, and a right number after it still answers the question."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    picked: list[str | None] = []

    class Core:
        registry = cast(Any, None)

        async def handle(self, msg: Incoming, channel: object) -> None:
            picked.append(msg.callback_data)

    out = io.StringIO()
    chat = ConsoleChat(cast(Any, Core()), tmp_path, stdin=io.StringIO("7\n0\n2\n"), stdout=out)
    chat.choices = [Choice("Masyu", "genre:masyu"), Choice("Yin-Yang", "genre:yinyang")]
    asyncio.run(chat.run())
    assert out.getvalue().count("Answer with a number from 1 to 2") == 2
    assert picked == ["genre:yinyang"]


class _Recorder:
    """A core that records the messages the console hands it: ``/lits`` takes a board, ``/help`` none."""

    def __init__(self) -> None:
        from types import SimpleNamespace

        self.registry = SimpleNamespace(commands={"lits": SimpleNamespace(takes_board=True),
                                                  "help": SimpleNamespace(takes_board=False),
                                                  "spoiler": SimpleNamespace(takes_board=False)})
        self.texts: list[str] = []
        self.images: list[bytes] = []
        self.image_limit = 10_000_000

    async def handle(self, msg: Incoming, channel: object) -> None:
        self.texts.append(msg.text)
        if msg.image is not None:
            self.images.append(msg.image)

    async def handle_picture(self, msg: Incoming, channel: object, picture: bytes | Reply) -> None:
        from typing import Any, cast

        from bot.core import Core

        await Core.handle_picture(cast(Any, self), msg, channel, picture)


def _chat(tmp_path: Path, stdin: str, lang: str = "en") -> tuple[_Recorder, str]:
    import asyncio
    import io
    from typing import Any, cast

    from bot.console import ConsoleChat

    core, out = _Recorder(), io.StringIO()
    asyncio.run(ConsoleChat(cast(Any, core), tmp_path, lang, stdin=io.StringIO(stdin), stdout=out).run())
    return core, out.getvalue()


def test_a_command_line_starts_a_new_message(tmp_path: Path) -> None:
    """'/lits' on its own line, then '/help': two messages, not one '/lits' whose board is '/help'."""
    core, _ = _chat(tmp_path, "/lits\n/help\n")
    assert core.texts == ["/lits", "/help"]
    core, _ = _chat(tmp_path, "/lits\n/lits\n1 1 .\n")
    assert core.texts == ["/lits", "/lits\n1 1 ."]


def test_pasted_boards_still_gather_their_lines(tmp_path: Path) -> None:
    core, _ = _chat(tmp_path, "/lits\n1 1 .\n. 2 2\n\nlits\n3 . .\n. . /x\n\n/quit\n")
    assert core.texts == ["/lits\n1 1 .\n. 2 2", "lits\n3 . .\n. . /x"]
    core, _ = _chat(tmp_path, "/lits\n1 1 .\n/quit\nmasyu\n")  # /quit ends the board, then the chat
    assert core.texts == ["/lits\n1 1 ."]


def test_spoiler_in_the_console_says_where_it_applies(tmp_path: Path) -> None:
    """The console saves pictures to files: /spoiler says so instead of promising a hidden picture."""
    core, out = _chat(tmp_path, "/spoiler on\n")
    assert core.texts == [] and "saves every picture to a file" in out and "Telegram and Discord" in out
    core, out = _chat(tmp_path, "/spoiler\n", "ja")
    assert core.texts == [] and "Telegram と Discord" in out


def test_a_board_named_by_its_genre_is_a_new_board_not_the_answer(tmp_path: Path) -> None:
    """'masyu' pasted with its rows while 'which genre?' waited was taken as the answer to the old
    question (and the rows as a board of their own); it is the new board, and a name alone still answers."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    for stdin, texts, picked in (("masyu\nB . .\n. . W\n\n", ["masyu\nB . .\n. . W"], []),
                                 ("masyu\n\n", [], ["g:1:masyu"]), ("Yin-Yang\n", [], ["g:1:yinyang"]),
                                 ("masyu\n/help\n", ["/help"], ["g:1:masyu"])):
        core, out = _Recorder(), io.StringIO()
        handled: list[str | None] = []

        async def handle(msg: Incoming, channel: object, core: _Recorder = core,
                         handled: list[str | None] = handled) -> None:
            if msg.callback_data is None:
                core.texts.append(msg.text)
            else:
                handled.append(msg.callback_data)

        core.handle = handle  # type: ignore[method-assign]
        chat = ConsoleChat(cast(Any, core), tmp_path, stdin=io.StringIO(stdin), stdout=out)
        chat.choices = [Choice("Masyu", "g:1:masyu"), Choice("Yin-Yang", "g:1:yinyang")]
        asyncio.run(chat.run())
        assert (core.texts, handled) == (texts, picked), stdin


def test_a_misspelt_genre_name_is_pointed_out(tmp_path: Path) -> None:
    """'masyuu' over a board was read as a row of six cells ('Row 1 has 6 cells...') and
    'starbatle 1' as prose ('fits no genre I know'), with no word about the slip; the reply names
    the genre the word looks like, in the chat's language, instead of that complaint."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.console import ConsoleChat
    from bot.core import Core

    board = "B . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .\n\n"
    for lang, stdin, want in (
            ("en", "masyuu\n" + board,
             "'masyuu' on the first line is no genre name I know: did you mean Masyu ('masyu')?"),
            ("en", "starbatle 1\nA A B\nA B B\nC C C\n\n", "did you mean Star Battle ('starbattle')?"),
            ("ja", "masyuu\n" + board, "1 行目の 'masyuu' は知らないジャンル名です。ましゅ（'masyu'）のことですか？")):
        out = io.StringIO()
        chat = ConsoleChat(Core(cast(Any, None)), tmp_path, lang, stdin=io.StringIO(stdin), stdout=out)
        asyncio.run(chat.run())
        assert want in out.getvalue(), out.getvalue()
        assert "Row 1 has" not in out.getvalue()  # the reader's complaint about the word itself is left out
    out = io.StringIO()  # what is wrong with the board below the slip is said as for the genre it means
    asyncio.run(ConsoleChat(Core(cast(Any, None)), tmp_path, stdin=io.StringIO("masyuu\nB . . B\n. . .\n\n"),
                            stdout=out).run())
    assert "did you mean Masyu ('masyu')?\nRow 2 has 3 cells, the rows above have 4" in out.getvalue()
    out = io.StringIO()  # a board that reads wrong for another reason gets no such line
    asyncio.run(ConsoleChat(Core(cast(Any, None)), tmp_path, stdin=io.StringIO("masyu\nB . .\n. .\n\n"),
                            stdout=out).run())
    assert "did you mean" not in out.getvalue() and "must be a rectangle" in out.getvalue()


def test_a_lone_word_is_no_board(tmp_path: Path) -> None:
    """'hi' or 'thanks' got "The board has 1 row and 2 columns; a puzzle needs at least 2 rows": a
    word is not read as a row of cells; a row of several cells still hears what is short."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.console import ConsoleChat
    from bot.core import Core

    out = io.StringIO()
    asyncio.run(ConsoleChat(Core(cast(Any, None)), tmp_path, stdin=io.StringIO("thanks\n\nW B W\n\n"),
                            stdout=out).run())
    said = out.getvalue()
    assert "I found no board." in said and "1 row and 6 columns" not in said
    assert "The board has 1 row and 3 columns; a puzzle needs at least 2 rows and 2 columns." in said


def test_a_picture_files_path_alone_is_read_as_that_picture(tmp_path: Path) -> None:
    """A path pasted alone (a terminal pastes one for a file dropped on it, quoted when it holds a
    space) was "I don't know /home/.../board.png. See /help.": it is the picture, as /image PATH."""
    import shutil

    picture = tmp_path / "my board.png"
    shutil.copy(REPO / "docs" / "masyu-puzzle.png", picture)
    core, _ = _chat(tmp_path, f"'{picture}'\n{REPO / 'docs' / 'masyu-puzzle.png'}\n")
    assert core.texts == ["", ""] and [len(i) for i in core.images] == [picture.stat().st_size] * 2
    core, out = _chat(tmp_path, "/no/such/board.png\n")
    assert core.texts == [] and "I could not open /no/such/board.png" in out


def test_only_a_path_is_taken_for_a_picture_file(tmp_path: Path) -> None:
    """A known command or a web address ending in .png stays a message ('/help board.png' was
    "I could not open /help board.png"); a path with its spaces escaped or as a file:// URL, as
    terminals paste them, is the picture; a pipe named like a picture is refused, never waited on."""
    import os
    import shutil

    picture = tmp_path / "my board.png"
    shutil.copy(REPO / "docs" / "masyu-puzzle.png", picture)
    core, _ = _chat(tmp_path, "/help board.png\nhttps://example.com/board.png\n")
    assert core.texts == ["/help board.png", "https://example.com/board.png"] and core.images == []
    escaped = str(picture).replace(" ", "\\ ")
    core, _ = _chat(tmp_path, f"{escaped}\n{picture.as_uri()}\n")
    assert [len(i) for i in core.images] == [picture.stat().st_size] * 2
    fifo = tmp_path / "pipe.png"
    os.mkfifo(fifo)
    core, out = _chat(tmp_path, f"{fifo}\n")
    assert core.images == [] and f"I could not open {fifo}: not a file." in out


def _help(platform: str, lang: str) -> str:
    """/help on ``platform`` with the built-in and the daily puzzle's commands (no database)."""
    from types import SimpleNamespace
    from typing import Any, cast

    from bot.commands import Context, Registry
    from bot.core import help_text, install_builtins
    from bot.daily.chat import DailyChat

    reg = Registry()
    install_builtins(reg)
    DailyChat(cast(Any, None)).install(cast(Any, SimpleNamespace(registry=reg)))
    core = cast(Any, SimpleNamespace(registry=reg))
    return help_text(Context(core, Incoming(platform=platform, chat_id=1, user_id=1, lang=lang), cast(Any, None)))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_consoles_help_tells_to_answer_without_a_reply(lang: str) -> None:
    """The console has no replies: its /help told it to answer the daily puzzle "or reply to the
    post"; Telegram's still does (one /answer command, help words per platform)."""

    def answer_line(platform: str) -> str:
        return next(line for line in _help(platform, lang).splitlines() if line.startswith("/answer "))

    reply = "reply to the post" if lang == "en" else "返信"
    assert reply in answer_line("telegram")
    assert reply not in answer_line("console") and "/answer <" in answer_line("console")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_consoles_help_speaks_of_no_group_reply_or_spoiler(lang: str) -> None:
    """The console has no groups, replies or spoilers (its pictures are files; /spoiler only says
    so): its /help told to reply /solve in a group, put /solution behind a spoiler and listed
    /spoiler. Now it says what the console does (a board pasted or below /solve, a picture by
    /image, the solution's picture in a file) and leaves /spoiler out; Telegram's help is as it was."""
    lacks = ("group", "reply", "spoiler") if lang == "en" else ("グループ", "返信", "ネタバレ")
    console, telegram = _help("console", lang), _help("telegram", lang)
    assert all(word in telegram.lower() for word in lacks) and "\n/spoiler — " in telegram
    assert not [word for word in lacks if word in console.lower()]
    assert "\n/spoiler" not in console and "/image " in console
    solution = next(line for line in console.splitlines() if line.startswith("/solution "))
    assert ("file" if lang == "en" else "ファイル") in solution
    commands = {line.split()[0] for line in console.splitlines() if line.startswith("/") and " — " in line}
    assert commands == {line.split()[0] for line in telegram.splitlines()
                        if line.startswith("/") and " — " in line} - {"/spoiler"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_consoles_greeting_and_no_board_speak_of_no_reply_or_file(tmp_path: Path, lang: str) -> None:
    """Outside /help the console still offered "a .txt file" (/start) and told to "reply with /solve
    to a message holding it" (/solve alone): it has neither. Now they say what it takes; Telegram's
    words are as they were."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.console import ConsoleChat
    from bot.core import Core
    from bot.i18n import for_platform, t

    out = io.StringIO()
    asyncio.run(ConsoleChat(Core(cast(Any, None)), tmp_path, lang, stdin=io.StringIO("/start\n/solve\n\n/masyu\n\n"),
                            stdout=out).run())
    said = out.getvalue().lower()
    lacks = (".txt", "reply", "message holding") if lang == "en" else (".txt", "返信", "メッセージ")
    assert not [word for word in lacks if word in said], said
    assert t(lang, "no_board_console", command="/solve").lower() in said
    assert t(lang, "no_board_console", command="/masyu").lower() in said
    assert t(lang, "start_console", titles="").split("\n")[1].lower() in said
    assert for_platform("no_board", "telegram") == "no_board" and for_platform("start", "telegram") == "start"
    assert ".txt" in t(lang, "start", titles="")
    assert ("reply" if lang == "en" else "返信") in t(lang, "no_board", command="/solve")


def test_a_board_file_path_alone_is_read_as_the_board(tmp_path: Path) -> None:
    """A .txt path dropped on the terminal was "I don't know /tmp/.../board.txt"; it is the file's
    board, as a .txt sent in a chat is (Shift-JIS read too)."""
    import asyncio
    import io
    from types import SimpleNamespace
    from typing import Any, cast

    from bot.console import ConsoleChat

    board = tmp_path / "board.txt"
    board.write_bytes("ましゅ\nB . B\n. . .\n".encode("cp932"))
    texts: list[str] = []

    class Core:
        registry = SimpleNamespace(commands={})

        async def handle(self, msg: Incoming, channel: object) -> None:
            texts.append(msg.text)

    out = io.StringIO()
    chat = ConsoleChat(cast(Any, Core()), tmp_path / "out", stdin=io.StringIO(f"{board}\n'{board}'\n"), stdout=out)
    asyncio.run(chat.run())
    assert texts == ["ましゅ\nB . B\n. . .\n"] * 2, out.getvalue()


@pytest.mark.parametrize(("answer", "picked"), [("yin yang\n", "g:1:yinyang"), ("mashu\n", "g:1:masyu"),
                                                ("pearl\n\n", "g:1:masyu"), ("masyu please\n", "g:1:masyu")])
def test_the_genre_question_is_answered_by_any_name_the_reader_knows(tmp_path: Path, answer: str,
                                                                      picked: str) -> None:
    """An alias or a name in words answered nothing: the question kept waiting and the reader said
    "I see Masyu but no board below it" (only the button's label or the genre's id was heard)."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    core, out = _Recorder(), io.StringIO()
    handled: list[str | None] = []

    async def handle(msg: Incoming, channel: object) -> None:
        if msg.callback_data is None:
            core.texts.append(msg.text)
        else:
            handled.append(msg.callback_data)

    core.handle = handle  # type: ignore[method-assign]
    chat = ConsoleChat(cast(Any, core), tmp_path, stdin=io.StringIO(answer), stdout=out)
    chat.choices = [Choice("Masyu", "g:1:masyu"), Choice("Yin-Yang", "g:1:yinyang")]
    asyncio.run(chat.run())
    assert (core.texts, handled) == ([], [picked])


def test_a_word_naming_no_genre_offered_is_no_answer(tmp_path: Path) -> None:
    """A genre not among those offered, or no genre, is a message of its own (as before)."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    for line in ("akari\n", "chess\n"):
        core, out = _Recorder(), io.StringIO()
        chat = ConsoleChat(cast(Any, core), tmp_path, stdin=io.StringIO(line), stdout=out)
        chat.choices = [Choice("Masyu", "g:1:masyu"), Choice("Yin-Yang", "g:1:yinyang")]
        asyncio.run(chat.run())
        assert core.texts == [line.strip()]


@pytest.mark.parametrize("line", ["not masyu", "neither masyu", "masyu or yin yang", "yinyang, masyu",
                                  "ましゅじゃない"])
def test_a_genre_turned_down_or_one_of_two_is_no_answer(tmp_path: Path, line: str) -> None:
    """The reader hears a header's first genre: "not masyu" and "masyu or yin yang" picked Masyu
    (7a14e45), and the board was solved as a genre the player did not choose."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    core, out = _Recorder(), io.StringIO()
    chat = ConsoleChat(cast(Any, core), tmp_path, stdin=io.StringIO(line + "\n"), stdout=out)
    chat.choices = [Choice("Masyu", "g:1:masyu"), Choice("Yin-Yang", "g:1:yinyang")]
    asyncio.run(chat.run())
    assert core.texts == [line]


def test_a_name_holding_a_negation_still_answers(tmp_path: Path) -> None:
    """An alias with "not" in it is the genre's name, not a refusal."""
    import asyncio
    import io
    from typing import Any, cast

    from bot.chat import Choice
    from bot.console import ConsoleChat

    core, out = _Recorder(), io.StringIO()
    handled: list[str | None] = []

    async def handle(msg: Incoming, channel: object) -> None:
        handled.append(msg.callback_data)

    core.handle = handle  # type: ignore[method-assign]
    chat = ConsoleChat(cast(Any, core), tmp_path, stdin=io.StringIO("two not touch\n"), stdout=out)
    chat.choices = [Choice("Star Battle", "g:1:starbattle"), Choice("Nurikabe", "g:1:nurikabe")]
    asyncio.run(chat.run())
    assert handled == ["g:1:starbattle"]
