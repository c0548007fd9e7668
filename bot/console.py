"""The offline console chat: the same core as Telegram, talking over standard input and output.

A message ends at an empty line (or at the end of input), or where a line starts with a known
``/command`` (which begins the next message). Lines that are complete on their own
are sent at once: a command that takes no board (``/help``), a puzz.link URL, and the answer to
a question with choices (its number or its name). Pictures are saved under the output folder and
their paths printed. ``/quit`` (or ``/exit``) ends the chat as the end of input does. A
picture file's path alone (as a terminal pastes a file dropped on it) is ``/image PATH``; a
board file's (``.txt``, ``.html``) is that file's text, as a file sent in a chat.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import os
import re
import signal
import stat
import sys
import threading
import time
from pathlib import Path
from typing import TextIO
from urllib.parse import unquote

from bot import attachments, i18n
from bot.chat import ChatId, Choice, Incoming, MessageRef, Reply
from bot.config import BotConfig
from bot.core import Core
from bot.runtime import Runtime, on_signals
from bot.scheduling import AsyncioJobs

log = logging.getLogger(__name__)

URL_RE = re.compile(r"(https?://|puzz\.link/|pzv\.jp/)", re.IGNORECASE)
QUIT = frozenset({"/quit", "/exit"})  # end the chat as Ctrl-D does (console words, not bot commands)
PASTE_GAP = 0.3  # seconds: lines closer than this came in one paste (a typed line takes longer)
MAX_ANSWER = 60  # characters: an answer to a question is a name and a word or two; longer is a message
# a word that turns a named genre down ("not <genre>", "<genre>じゃない"): the reader heard the genre alone
NEGATION_RE = re.compile(r"\b(?:not|no|neither|nor|never|isn'?t|wrong)\b|ない|違", re.IGNORECASE)
PICTURE_RE = re.compile(r"^(\d+)-.*\.png$")  # a saved picture: 001-<genre>-5x5-solution.png


class ConsoleChat(AsyncioJobs):
    """One console conversation; implements both :class:`~bot.chat.Channel` and :class:`~bot.chat.Platform`."""

    name = "console"

    def __init__(self, core: Core, out_dir: Path, lang: str = "en",
                 stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.core = core
        self.out_dir = out_dir
        self.lang = lang
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.choices: list[Choice] = []
        # message refs go on across runs, as on a real platform: the database the daily puzzle keeps
        # (its posts, by message ref) outlives a console run, and a ref used again is not recorded
        self._sent = time.time_ns() // 1000
        self._pictures = 0
        super().__init__()

    # ------------------------------------------------------------------ Channel
    async def send(self, reply: Reply) -> MessageRef:
        self._sent += 1
        if reply.text:
            self._print(reply.text)
        if reply.image is not None:
            path = self._picture_path(reply.filename)
            path.write_bytes(reply.image)
            self._print(i18n.t(self.lang, "console_picture", path=path))
        for link in reply.links:
            self._print(f"  {link.label}: {link.url}")
        if reply.choices:
            self.choices = [c for row in reply.choices for c in row]
            for i, choice in enumerate(self.choices, 1):
                self._print(f"  {i}) {choice.label}")
            self._print(i18n.t(self.lang, "console_choose"))
        self._print("")
        return self._sent

    def _picture_path(self, filename: str) -> Path:
        """The next numbered path: numbering goes on after the pictures already in the folder (an
        earlier run's), so no run replaces another's."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        if not self._pictures:
            numbers = (PICTURE_RE.match(p.name) for p in self.out_dir.iterdir())
            self._pictures = max((int(m.group(1)) for m in numbers if m), default=0)
        self._pictures += 1
        return self.out_dir / f"{self._pictures:03d}-{filename}"

    async def action(self, kind: str = "upload_photo") -> None:
        return None

    async def is_admin(self) -> bool:
        return True

    # ------------------------------------------------------------------ Platform
    async def send_to(self, chat_id: ChatId, reply: Reply) -> MessageRef:
        return await self.send(reply)

    # ------------------------------------------------------------------ the conversation
    def _print(self, text: str) -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def incoming(self, text: str) -> Incoming:
        """The core's view of one console message."""
        msg = Incoming(platform="console", chat_id="console", user_id="console", text=text, lang=self.lang,
                       user_name="", message_id=None)  # no name: "you" / "あなた"
        stripped = text.lstrip()
        if stripped.startswith("/"):
            head, _, rest = stripped[1:].partition("\n")
            name, _, first_args = head.partition(" ")
            msg.command = name.split("@", 1)[0].lower()
            msg.args = (first_args + ("\n" + rest if rest else "")).strip("\n")
        return msg

    def _choice_for(self, line: str) -> Choice | None:
        s = line.strip().lower()
        if not self.choices or not s:
            return None
        if s.isdigit() and 1 <= int(s) <= len(self.choices):
            return self.choices[int(s) - 1]
        for c in self.choices:
            if s in (c.label.lower(), c.data.rsplit(":", 1)[-1].lower()):
                return c
        named = _genre_named(s)  # (an alias, a name spelt with a space, a word around it: as a board's first line)
        return next((c for c in self.choices if named and c.data.startswith("g:") and c.data.endswith(f":{named}")),
                    None)

    def _off_the_list(self, line: str) -> bool:
        """A number that picks none of the choices asked for (not the first row of a new board:
        boards have two columns or more, and a question's numbers are short)."""
        s = line.strip()
        return bool(self.choices) and s.isdigit() and len(s) <= 2

    @staticmethod
    def _command_name(line: str) -> str:
        s = line.strip()
        return s[1:].split(None, 1)[0].split("@", 1)[0].lower() if s.startswith("/") and len(s) > 1 else ""

    def _starts_message(self, line: str) -> bool:
        """Whether a line inside a message begins the next one: a known ``/command`` (a genre's
        command alone, then ``/help``, are two messages; a board's lines never start with a command's name)."""
        name = self._command_name(line)
        return bool(name) and (name in self.core.registry.commands or name == "image" or f"/{name}" in QUIT)

    def _picture_file(self, text: str) -> str | None:
        """The path a message is when it is one picture file's name: what a terminal pastes for a
        file dropped on it (quoted or with its spaces escaped, or as a ``file://`` URL), which read
        as an unknown ``/command``. A known command (``/help board.png``) or a web address is not."""
        s = self._dropped_path(text)
        return s if s is not None and attachments.is_image_file(s, None) else None

    def _board_file(self, text: str) -> str | None:
        """The path a message is when it is an existing board file's name (``.txt``, a saved
        ``.html`` page): read as the file sent in a chat, not as "I don't know /home/...txt"."""
        s = self._dropped_path(text)
        if s is None or not attachments.is_text_file(s, None):
            return None
        return s if os.path.isfile(os.path.expanduser(s)) else None

    def _dropped_path(self, text: str) -> str | None:
        s = text.strip()
        if len(s) > 1 and s[0] == s[-1] and s[0] in "'\"":
            s = s[1:-1]
        elif s.startswith("file://"):
            s = unquote(s.removeprefix("file://"))
        else:
            s = s.replace("\\ ", " ")
        if "\n" in s or URL_RE.search(s) or (s.startswith("/") and self._starts_message(s)):
            return None
        return s

    def _complete_alone(self, line: str) -> bool:
        """Whether a first line is a whole message (a board-less command, a URL or a picture file)."""
        s = line.strip()
        if self._picture_file(s) is not None or self._board_file(s) is not None:
            return True
        if s.startswith("/"):
            cmd = self.core.registry.commands.get(self._command_name(s))
            return cmd is None or not cmd.takes_board or bool(URL_RE.search(s))
        return bool(URL_RE.search(s)) and len(s.split()) == 1

    async def _send_message(self, text: str) -> None:
        self.choices = []
        msg = self.incoming(text)
        # /image PATH: a picture of a board from a file; a picture file's path alone is the same
        path = msg.args.strip() if msg.command == "image" else self._picture_file(text)
        if path is not None:
            msg.command, msg.args, msg.text = None, "", ""
            await self.core.handle_picture(msg, self, await asyncio.to_thread(self._read_picture, path))
            return
        board_file = self._board_file(text)  # (a known /command is never one)
        if board_file is not None:
            found = await asyncio.to_thread(self._read_board_file, board_file)
            if isinstance(found, Reply):
                await self.send(found)
                return
            msg = self.incoming(found)
        if msg.command == "spoiler":  # pictures here are files: a spoiler setting would promise nothing
            await self.send(Reply(i18n.t(self.lang, "console_spoiler")))
            return
        await self.core.handle(msg, self)

    def _read_board_file(self, path: str) -> str | Reply:
        """The text of a board file (the limits and encodings of a file sent in a chat), or why not."""
        limit = attachments.document_limit(path, None)
        try:
            with open(os.path.expanduser(path), "rb") as f:
                data = f.read(limit + 1)
        except OSError as e:
            return Reply(i18n.t(self.lang, "image_cannot_open", path=path, reason=e.strerror or str(e)))
        if len(data) > limit:
            return attachments.too_big(os.path.getsize(os.path.expanduser(path)), self.lang, limit)
        found = attachments.detect(data)
        return found.text if isinstance(found, attachments.Decoded) else attachments.unreadable(self.lang, found)

    def _read_picture(self, path: str) -> bytes | Reply:
        """The bytes of the picture at ``path`` (at most the configured limit), or why not."""
        limit = self.core.image_limit
        if not path:
            return Reply(i18n.t(self.lang, "image_usage"))
        try:
            if not stat.S_ISREG(os.stat(os.path.expanduser(path)).st_mode):  # (a pipe would never end)
                raise IsADirectoryError(errno.EISDIR, "not a file")
            with open(os.path.expanduser(path), "rb") as f:
                data = f.read(limit + 1)
        except OSError as e:
            return Reply(i18n.t(self.lang, "image_cannot_open", path=path, reason=e.strerror or str(e)))
        if len(data) > limit:
            return attachments.image_too_big(os.path.getsize(os.path.expanduser(path)), limit, self.lang)
        return data

    def _start_reader(self) -> asyncio.Queue[str]:
        """Read stdin in a daemon thread (so Ctrl-C never waits for a pending readline); "" = EOF."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()

        def read() -> None:
            while True:
                try:
                    line = self.stdin.readline()
                except (OSError, ValueError):
                    line = ""
                try:
                    loop.call_soon_threadsafe(queue.put_nowait, line)
                except RuntimeError:  # the loop is gone: the chat has ended
                    return
                if line == "":
                    return

        threading.Thread(target=read, name="console-stdin", daemon=True).start()
        return queue

    @staticmethod
    async def _line_with(lines: asyncio.Queue[str]) -> str:
        """The next line if it comes with the one just read (as a paste's lines do), else an empty one."""
        try:
            return await asyncio.wait_for(lines.get(), PASTE_GAP)
        except TimeoutError:
            return "\n"

    async def run(self) -> None:
        """Read messages until end of input."""
        self._print(i18n.t(self.lang, "console_hello"))
        self._print("")
        buffer: list[str] = []
        lines = self._start_reader()
        held: list[str] = []  # a line read ahead (after a genre's name) and not yet handled
        while True:
            line = held.pop() if held else await lines.get()
            if line == "":
                break
            line = line.rstrip("\r\n")
            if buffer and self._starts_message(line):
                await self._send_message("\n".join(buffer))
                buffer = []
            if not buffer and line.strip().lower() in QUIT:
                break
            if not buffer:
                choice = self._choice_for(line)
                if choice is not None and not line.strip().isdigit():
                    # a name answers the question only as a message of its own: a genre's name followed by
                    # rows (arriving with it, as a paste does) starts a new board of that genre
                    after = await self._line_with(lines)
                    held.append(after)
                    if after.strip() and not self._starts_message(after):
                        choice = None
                if choice is not None:
                    self.choices = []
                    await self.core.handle(Incoming(platform="console", chat_id="console", user_id="console",
                                                    lang=self.lang, callback_data=choice.data), self)
                    continue
                if self._off_the_list(line):
                    self._print(i18n.t(self.lang, "console_choose_range", count=len(self.choices)))
                    self._print("")
                    continue
                if not line.strip():
                    continue
                if self._complete_alone(line):
                    await self._send_message(line)
                    continue
            if line.strip():
                buffer.append(line)
            else:
                await self._send_message("\n".join(buffer))
                buffer = []
        if buffer:
            await self._send_message("\n".join(buffer))
        self._print(i18n.t(self.lang, "console_bye"))


def _genre_named(line: str) -> str | None:
    """The genre a line alone names as the text reader hears a board's first line (its aliases, other
    spellings, a word around it), or None: answered so, the genre question was left waiting and the
    reader said "I see <genre> but no board below it"."""
    from solvers.errors import ParseError
    from solvers.reading import read_board
    from solvers.registry import find_genre

    if len(line) > MAX_ANSWER:
        return None
    try:
        read_board(line)
    except ParseError as e:
        named = str(e.msg.params["genre"]) if e.msg.code == "genre-no-board" else None
    else:
        return None
    words = re.findall(r"[\w'-]+", line)
    runs = (" ".join(words[i:i + n]) for n in (1, 2) for i in range(len(words) - n + 1))
    if named is None or any((g := find_genre(run)) is not None and g.name != named for run in runs):
        return None  # two genres named ("<one> or <other>"): the reader took the first
    genre = find_genre(named)
    rest = line.lower()
    for name in sorted((genre.name, genre.title, *genre.own_names, *genre.aliases) if genre else (), key=len,
                       reverse=True):
        rest = rest.replace(name.lower(), " ")
    # ("not <genre>" was taken for that genre: the reader hears a header, not a refusal; a name may hold "not")
    return None if NEGATION_RE.search(rest) else named


async def console_main(core: Core, config: BotConfig, stdin: TextIO | None = None,
                       stdout: TextIO | None = None) -> None:
    """Chat on standard input/output until end of input (or SIGTERM), with ``core`` started and stopped around it."""
    chat = ConsoleChat(core, config.out_dir, config.lang, stdin, stdout)
    runtime = Runtime(core)
    task = asyncio.current_task()
    stopping: list[asyncio.Future[None]] = []

    async def stop() -> None:  # SIGTERM: waiting boards are answered 'restarting', then the chat ends
        try:
            await runtime.interrupt()
        finally:
            if task is not None:
                task.cancel()

    try:
        with on_signals(lambda: stopping.append(asyncio.ensure_future(stop())), signal.SIGTERM):
            await runtime.start(chat)
            if stopping:  # a SIGTERM while starting: no greeting; stop() ends this task
                await asyncio.wait(stopping)
            else:
                await chat.run()
    finally:
        await runtime.stop()


def serve(core: Core, config: BotConfig) -> int:
    """``puzzlebot run`` without a token: the console chat; returns the exit status."""
    try:
        asyncio.run(console_main(core, config))
    except KeyboardInterrupt:  # Ctrl-C, even mid-solve: the chat ends as at the end of input
        print(i18n.t(config.lang, "console_bye"), flush=True)
        return 130
    except asyncio.CancelledError:  # SIGTERM: stopped cleanly
        return 0
    return 0
