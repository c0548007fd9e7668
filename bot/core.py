"""The platform-neutral bot: every behaviour Telegram, the console chat and Discord share.

``await core.handle(incoming, channel)`` dispatches one user action: a button press to its
callback, a command to the :class:`~bot.commands.Registry`, other text to the text hooks and then
to board solving (parse on the loop — a pure, bounded function — then queue → solve → check →
render in a worker process → reply).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.chat import ChatId, Choice, Incoming, Link, Platform, Reply
from bot.commands import Command, Context, Registry
from bot.config import BotConfig
from bot.i18n import for_platform, genre_title, say, series, words
from bot.pictures import titled
from bot.pipeline import QueueFull, SolverBackend, UserBusy
from bot.replies import result_reply
from bot.worker import JobResult
from solvers.errors import ParseError
from solvers.genre import Genre, Variant
from solvers.puzzle import Puzzle
from solvers.registry import GENRES
from solvers.solution import Solution
from solvers.verdict import Status

log = logging.getLogger(__name__)

ACTION_EVERY = 4.0  # seconds between "uploading photo" notices (Telegram shows one for ~5 s)


@dataclass
class PendingBoard:
    """A board waiting for the user to pick its genre."""

    text: str
    variants: frozenset[str] | None
    candidates: tuple[str, ...]
    boards: tuple[Puzzle[Any], ...] = ()  # the board as each candidate reads it (a typed board is not read twice)


@dataclass
class ChatSettings:
    """Per-chat switches (kept in memory; an extension may persist them)."""

    spoiler: bool | None = None  # None: the default (on in groups, off in private chats)
    extra: dict[str, Any] = field(default_factory=dict)


class Core:
    """The bot's behaviour. ``backend`` solves; ``registry`` holds the commands."""

    def __init__(self, backend: SolverBackend, registry: Registry | None = None, *,
                 config: BotConfig | None = None, read_limits: Any = None, pending_size: int = 1000) -> None:
        self.backend = backend
        self.config = config
        self.registry = registry or Registry()
        self.read_limits = read_limits
        self.platform: Platform | None = None
        self.settings: dict[ChatId, ChatSettings] = {}
        self._pending: OrderedDict[str, PendingBoard] = OrderedDict()
        self._pending_size = pending_size
        # "Play it" under a solved board: (puzzle, solution, message, lang) -> links; set by bot/web
        self.board_links: Callable[[Puzzle[Any], Solution, Incoming, str], tuple[Link, ...]] | None = None
        install_builtins(self.registry)

    @property
    def image_limit(self) -> int:
        """The largest picture of a board accepted, in bytes (PUZZLEBOT_IMAGE_MAX_BYTES)."""
        return (self.config or BotConfig()).image_max_bytes

    # ------------------------------------------------------------------ lifecycle
    async def start(self, platform: Platform) -> None:
        """Called by the adapter once it can send: runs the extensions' startup hooks."""
        self.platform = platform
        for hook in self.registry.startup:
            await hook(self, platform)

    async def stop(self) -> None:
        for hook in self.registry.shutdown:
            try:
                await hook(self, self.platform)  # type: ignore[arg-type]
            except Exception:
                log.exception("shutdown hook failed")

    # ------------------------------------------------------------------ dispatch
    async def handle(self, msg: Incoming, channel: Any) -> None:
        """Handle one user action; never raises (errors are logged and the user gets an apology)."""
        ctx = Context(self, msg, channel)
        try:
            await self._dispatch(ctx)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("handler failed for %s message in chat %s", msg.platform, msg.chat_id)
            with contextlib.suppress(Exception):
                await ctx.reply(ctx.t("internal_error"))

    async def handle_picture(self, msg: Incoming, channel: Any, picture: bytes | Reply) -> None:
        """A message that came with a picture: handled with it, or, when the picture could not be
        had (too big, not a picture, the download failed), the reply that says why."""
        if isinstance(picture, Reply):
            await channel.send(picture)
            return
        msg.image = picture
        await self.handle(msg, channel)

    async def _dispatch(self, ctx: Context) -> None:
        msg = ctx.msg
        if msg.callback_data is not None:
            handler = self.registry.find_callback(msg.callback_data)
            if handler is not None:
                await handler(ctx)
            return
        if msg.command is not None:
            cmd = self.registry.commands.get(msg.command.lower())
            if cmd is not None:
                await cmd.handler(ctx)
            elif not msg.is_group:  # in groups the command may be another bot's
                await ctx.reply(ctx.t("unknown_command", command=msg.command))
            return
        if msg.image is not None:
            if msg.addressed or msg.reply_to_bot:
                from bot.imagereader import solve_image

                await solve_image(ctx, msg.image)
            return
        for hook in self.registry.text_hooks:
            if await hook(ctx):
                return
        text = msg.document_text if msg.document_text is not None else msg.text
        if msg.addressed and text.strip():
            await self.solve_text(ctx, text)

    # ------------------------------------------------------------------ solving
    async def solve_text(self, ctx: Context, text: str, genre: str | None = None,
                         variants: frozenset[str] | None = None) -> JobResult | None:
        """Read ``text`` as a board and answer it; asks for the genre when it is ambiguous."""
        from solvers.reading import AmbiguousGenre, read_board

        try:
            puzzle = read_board(text, genre, variants=variants, limits=self.read_limits)
        except AmbiguousGenre as e:
            await self.ask_genre(ctx, text, variants, tuple(e.candidates), e.boards)
            return None
        except ParseError as e:
            said = _misspelt_genre(ctx, text, variants, self.read_limits) or say(e.msg, ctx.lang)
            await ctx.reply(said + "\n\n" + ctx.t("parse_hint"))
            return None
        return await self.solve_puzzle(ctx, puzzle)

    async def solve_puzzle(self, ctx: Context, puzzle: Puzzle[Any]) -> JobResult | None:
        """Queue ``puzzle``, keep the chat informed while it runs, and send the verdict."""
        msg = ctx.msg

        async def on_queued(position: int) -> None:
            await ctx.reply(ctx.t("queued", position=position))

        keepalive = asyncio.create_task(self._show_action(ctx))
        try:
            result = await self.backend.solve(puzzle, user=f"{msg.platform}:{msg.user_id}",
                                              on_queued=on_queued)
        except QueueFull:
            await ctx.reply(ctx.t("queue_full"))
            return None
        except UserBusy as e:
            await ctx.reply(ctx.t("user_busy", count=e.count))
            return None
        finally:
            keepalive.cancel()
        if result.status is Status.ERROR and result.failure is None:
            log.error("engine error for board %s: %s", puzzle.key(), result.message)
        result = await asyncio.to_thread(titled, result, ctx.lang)  # the picture's title in the reader's language
        reply = result_reply(result, ctx.lang, spoiler=self.spoiler_for(msg))
        if self.board_links is not None and result.status is Status.UNIQUE and result.solution is not None:
            reply.links = self.board_links(puzzle, result.solution, msg, ctx.lang)  # "Play it" (bot/web)
        await ctx.reply(reply)
        return result

    async def _show_action(self, ctx: Context) -> None:
        with contextlib.suppress(Exception):
            while True:
                await ctx.channel.action("upload_photo")
                await asyncio.sleep(ACTION_EVERY)

    def remember_board(self, text: str, candidates: tuple[str, ...], variants: frozenset[str] | None = None,
                       boards: tuple[Puzzle[Any], ...] = ()) -> str:
        """Keep a board until the user answers a question about it; the key for the buttons."""
        pid = secrets.token_urlsafe(6)
        self._pending[pid] = PendingBoard(text, variants, candidates, boards)
        while len(self._pending) > self._pending_size:
            self._pending.popitem(last=False)
        return pid

    def take_board(self, pid: str) -> PendingBoard | None:
        """The board kept under ``pid`` (once), or None when it has expired."""
        return self._pending.pop(pid, None)

    async def ask_genre(self, ctx: Context, text: str, variants: frozenset[str] | None, candidates: tuple[str, ...],
                        boards: tuple[Puzzle[Any], ...] = ()) -> None:
        pid = self.remember_board(text, candidates, variants, boards)
        names = [genre_title(g, ctx.lang) for g in candidates]
        buttons = tuple(Choice(name, f"g:{pid}:{g}") for name, g in zip(names, candidates, strict=True))
        options = " / ".join(names)
        await ctx.reply(Reply(text=ctx.t("ask_genre", options=options), choices=(buttons,)))

    async def on_genre_choice(self, ctx: Context) -> None:
        _, _, rest = (ctx.msg.callback_data or "").partition(":")
        pid, _, genre = rest.partition(":")
        board = self.take_board(pid)
        if board is None or genre not in board.candidates:
            await ctx.reply(ctx.t("choice_expired"))
            return
        chosen = next((b for b in board.boards if b.genre == genre), None)  # the board as that genre read it
        if chosen is not None:
            await self.solve_puzzle(ctx, chosen)
            return
        await self.solve_text(ctx, board.text, genre, board.variants)

    # ------------------------------------------------------------------ settings
    def chat_settings(self, chat_id: ChatId) -> ChatSettings:
        return self.settings.setdefault(chat_id, ChatSettings())

    def spoiler_for(self, msg: Incoming) -> bool:
        s = self.settings.get(msg.chat_id)
        if s is not None and s.spoiler is not None:
            return s.spoiler
        return msg.is_group


def _misspelt_genre(ctx: Context, text: str, variants: frozenset[str] | None, limits: Any) -> str:
    """A board that did not read, headed by a word close to a genre's name: which genre it may mean,
    and what is wrong with the board below the word when read as that genre. The reader took the
    word for a row of cells or for prose, so its own complaint ("Row 1 has 6 cells") is about the
    slip, not the board; "" when the first line is no such word."""
    from solvers.reading import read_board
    from solvers.registry import close_genre

    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.strip()), 0)
    first = lines[at].split() if lines else []
    if not first or len(first) > 3:
        return ""
    genre = close_genre(first[0])
    if genre is None:
        return ""
    said = ctx.t("misspelt_genre", word=first[0], genre=genre_title(genre.name, ctx.lang), name=genre.name)
    corrected = "\n".join([" ".join([genre.name, *first[1:]]), *lines[at + 1:]])
    try:
        read_board(corrected, genre.name, variants=variants, limits=limits)
    except ParseError as e:
        return said + "\n" + say(e.msg, ctx.lang)
    return said


# ---------------------------------------------------------------------- built-in commands
def board_source(ctx: Context, args: str) -> str:
    """The board for a /solve-style command: its arguments, the attached file, or the replied-to message."""
    if args.strip():
        return args
    if ctx.msg.document_text is not None:
        return ctx.msg.document_text
    return ctx.msg.reply_to_text or ""


async def cmd_start(ctx: Context) -> None:
    titles = series([genre_title(name, ctx.lang) for name in GENRES], ctx.lang)
    await ctx.reply(ctx.t(for_platform("start", ctx.msg.platform), titles=titles) + "\n\n" + help_text(ctx))


async def cmd_help(ctx: Context) -> None:
    await ctx.reply(help_text(ctx))


def variants_help(genres: list[Genre[Any, Any]], lang: str) -> str:
    """The help of every rule variant of ``genres`` (each genre's ``Variant.help``), joined."""
    return words(lang).get("list-sep", "; ").join(say(v.help, lang) for g in genres for v in g.variants)


def help_text(ctx: Context) -> str:
    genres = list(GENRES.values())
    commands = words(ctx.lang).get("command-sep", ", ").join(f"/{g.name}" for g in genres)
    variants = variants_help(genres, ctx.lang)
    force = (ctx.t("help_genres_variants", commands=commands, variants=variants) if variants
             else ctx.t("help_genres", commands=commands))
    parts = [ctx.t(for_platform("help_howto", ctx.msg.platform)), force, "", ctx.t("help_examples")]
    for g in genres:
        parts.append(f"{genre_title(g.name, ctx.lang)}:\n{g.example}")
    parts += ["", ctx.t("help_commands")]
    helps = ((c.name, c.help(ctx.lang, ctx.msg.platform)) for c in ctx.core.registry.menu())
    parts += [f"/{name} — {said}" for name, said in helps if said]  # (empty: left out of this platform's help)
    return "\n".join(parts)


async def cmd_solve(ctx: Context) -> None:
    text = board_source(ctx, ctx.args)
    if not text.strip():
        await ctx.reply(ctx.t(for_platform("no_board", ctx.msg.platform), command="/solve"))
        return
    await ctx.core.solve_text(ctx, text)


def take_variant(genre: Genre[Any, Any], args: str) -> tuple[Variant | None, str]:
    """A rule variant named at the start of a genre command's arguments ("fill <board>"), and the rest."""
    first, sep, rest = args.lstrip().partition("\n")
    tokens = [w.lower() for w in first.split()]
    for variant in genre.variants:
        for word in sorted(variant.words, key=lambda w: len(w.split()), reverse=True):
            n = len(word.split())
            if tokens[:n] == word.lower().split():
                parts = first.split(None, n)
                return variant, ((parts[n] if len(parts) > n else "") + sep + rest).strip()
    return None, args


def genre_command(genre: Genre[Any, Any]) -> Command:
    """``/<genre> [variant] <board>``: solve as that genre (a variant's words switch it on)."""

    async def handler(ctx: Context) -> None:
        variant, args = take_variant(genre, ctx.args)
        text = board_source(ctx, args)
        if not text.strip():
            await ctx.reply(ctx.t(for_platform("no_board", ctx.msg.platform), command=f"/{genre.name}"))
            return
        await ctx.core.solve_text(ctx, text, genre.name, frozenset({variant.name}) if variant else None)

    if genre.variants:
        return Command(genre.name, handler, "cmd_genre_variants", takes_board=True,
                       help_args={"genre": genre.name, "variants": lambda lang: variants_help([genre], lang)})
    return Command(genre.name, handler, "cmd_genre", help_args={"genre": genre.name}, takes_board=True)


async def cmd_spoiler(ctx: Context) -> None:
    arg = ctx.args.strip().lower()
    settings = ctx.core.chat_settings(ctx.msg.chat_id)
    if arg in ("on", "off"):
        if not await ctx.require_admin():
            return
        settings.spoiler = arg == "on"
    elif arg:
        await ctx.reply(ctx.t("spoiler_usage"))
        return
    state = ctx.t("spoiler_on" if ctx.core.spoiler_for(ctx.msg) else "spoiler_off")
    await ctx.reply(ctx.t("spoiler_state", state=state))


async def _on_genre_button(ctx: Context) -> None:
    await ctx.core.on_genre_choice(ctx)


def install_builtins(reg: Registry) -> None:
    """The core's own commands: /start, /help, /solve, one per genre of the registry, /spoiler; genre buttons."""
    reg.add(Command("start", cmd_start, "cmd_start"))
    reg.add(Command("help", cmd_help, "cmd_help"))
    reg.add(Command("solve", cmd_solve, "cmd_solve", takes_board=True))
    for genre in GENRES.values():
        reg.add(genre_command(genre))
    reg.add(Command("spoiler", cmd_spoiler, "cmd_spoiler"))
    reg.callback("g", _on_genre_button)
    from bot import imagereader

    imagereader.install(reg)


__all__ = ["ChatSettings", "Core"]
