"""Health and Prometheus metrics of one bot process (``PUZZLEBOT_METRICS_PORT``).

``install(core)`` (an extension, see :data:`bot.app.EXTENSIONS`) does nothing unless the settings
name a metrics port. With one, it meters the core's solver backend and chats, and from the core's
start to its stop serves on ``PUZZLEBOT_METRICS_LISTEN:PUZZLEBOT_METRICS_PORT`` (default 127.0.0.1):

- ``GET /healthz``: 200 ``ok`` while the process can take boards (started, not stopping, a solver
  worker ready or alive, the queue not full); 503 with the reason otherwise;
- ``GET /metrics``: the Prometheus text format (``prometheus_client``), every metric below plus the
  client's process metrics. docs/operations.md lists them.

The counters live in the process-wide default registry, so any module may count through the small
functions here (:func:`count_daily_post`, :func:`count_send_failure`) whether or not a port is set.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, Counter, Gauge, Histogram, generate_latest

from bot.chat import Reply
from bot.pipeline import OnQueued, QueueFull, SolverBackend, UserBusy

if TYPE_CHECKING:
    from aiohttp import web

    from bot.chat import Incoming, MessageRef, Platform
    from bot.core import Core
    from bot.worker import JobResult
    from solvers.puzzle import Puzzle

log = logging.getLogger(__name__)

SECONDS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 60.0)
BOARDS_RECEIVED = Counter("puzzlebot_boards_received", "Boards read and handed to the solver backend "
                          "(cache hits and joins included).", ["platform"])
BOARDS_REFUSED = Counter("puzzlebot_boards_refused", "Boards refused before solving "
                         "(reason: queue_full, user_busy).", ["platform", "reason"])
BOARDS_ANSWERED = Counter("puzzlebot_boards_answered", "Boards answered, by genre, verdict and source "
                          "(solved, cache).", ["genre", "verdict", "source"])
QUEUE_LENGTH = Gauge("puzzlebot_queue_length", "Boards waiting or being solved in this process (joins not counted).")
QUEUE_WAITING = Gauge("puzzlebot_queue_waiting", "Boards waiting for a solver worker, every replica together "
                      "(taskiq backend; 0 with the local pool).")
WORKERS_ALIVE = Gauge("puzzlebot_solver_workers_alive", "Solver worker processes ready (local pool) or with a "
                      "fresh heartbeat in Redis (taskiq).")
HEALTHY = Gauge("puzzlebot_healthy", "1 while this process can take boards (what /healthz answers 200 for).")
SOLVE_SECONDS = Histogram("puzzlebot_solve_seconds", "Solver time per board (worker side, uniqueness proof and "
                          "check included).", ["genre", "verdict"], buckets=SECONDS)
RENDER_SECONDS = Histogram("puzzlebot_render_seconds", "Picture drawing time per board (worker side).",
                           ["genre", "verdict"], buckets=SECONDS)
BOARD_SECONDS = Histogram("puzzlebot_board_seconds", "Board handed to the backend until its verdict is back "
                          "(queue wait included).", ["genre", "verdict"], buckets=SECONDS)
REPLIES_SENT = Counter("puzzlebot_replies_sent", "Replies the core sent (kind: photo, text).", ["platform", "kind"])
SEND_FAILURES = Counter("puzzlebot_send_failures", "Sends that raised (a reply or a daily post).", ["platform"])
DAILY_POSTS_SENT = Counter("puzzlebot_daily_posts_sent", "Daily puzzle posts sent to subscribed chats.", ["platform"])


def count_daily_post(platform: str) -> None:
    DAILY_POSTS_SENT.labels(platform).inc()


def count_send_failure(platform: str) -> None:
    SEND_FAILURES.labels(platform).inc()


def _platform_of(user: str) -> str:
    """The platform of a backend user id ("telegram:42" -> "telegram")."""
    return user.split(":", 1)[0] if ":" in user else "unknown"


class MeteredBackend:
    """A :class:`~bot.pipeline.SolverBackend` that counts and times every board of the one it wraps.

    Every other attribute (``stats``, ``limits``, ``worker_pids`` ...) is the wrapped backend's.
    """

    def __init__(self, inner: SolverBackend) -> None:
        self.inner = inner
        self.time_limit = inner.time_limit

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def start(self) -> None:
        await self.inner.start()

    async def close(self) -> None:
        await self.inner.close()

    async def solve(self, puzzle: Puzzle[Any], *, user: str,
                    on_queued: OnQueued | None = None) -> JobResult:
        platform = _platform_of(str(user))
        BOARDS_RECEIVED.labels(platform).inc()
        t0 = time.perf_counter()
        try:
            result = await self.inner.solve(puzzle, user=user, on_queued=on_queued)
        except QueueFull:
            BOARDS_REFUSED.labels(platform, "queue_full").inc()
            raise
        except UserBusy:
            BOARDS_REFUSED.labels(platform, "user_busy").inc()
            raise
        verdict = str(result.failure or result.status)
        BOARDS_ANSWERED.labels(puzzle.genre, verdict, "cache" if result.cached else "solved").inc()
        BOARD_SECONDS.labels(puzzle.genre, verdict).observe(time.perf_counter() - t0)
        if not result.cached:
            if "solve" in result.timings:
                SOLVE_SECONDS.labels(puzzle.genre, verdict).observe(result.timings["solve"])
            if "render" in result.timings:
                RENDER_SECONDS.labels(puzzle.genre, verdict).observe(result.timings["render"])
        return result


class MeteredChannel:
    """A chat channel that counts the replies sent through it and the sends that fail."""

    def __init__(self, inner: Any, platform: str) -> None:
        self.inner, self.platform = inner, platform

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    async def send(self, reply: Reply) -> MessageRef:
        try:
            ref: MessageRef = await self.inner.send(reply)
        except Exception:
            SEND_FAILURES.labels(self.platform).inc()
            raise
        REPLIES_SENT.labels(self.platform, "photo" if reply.image is not None else "text").inc()
        return ref

    async def action(self, kind: str = "upload_photo") -> None:
        await self.inner.action(kind)

    async def is_admin(self) -> bool:
        return bool(await self.inner.is_admin())


async def backend_health(backend: Any) -> tuple[bool, str, int]:
    """(can take boards, the reason when not, solver workers ready or alive) for any backend."""
    health = getattr(backend, "health", None)
    if health is not None and not getattr(backend, "stopping", False):  # the taskiq backend knows its shared state
        ok, why = await health()
        alive = await backend.workers_alive() if ok else 0
        return ok, why, alive
    if getattr(backend, "stopping", False):
        return False, "stopping", 0
    pids = getattr(backend, "worker_pids", None)
    alive = sum(1 for pid in pids or () if pid is not None)
    if not getattr(backend, "available", pids is None or alive):
        return False, "no solver worker process is ready", alive
    limits = getattr(backend, "limits", None)
    if limits is not None and getattr(backend, "pending", 0) >= limits.queue_limit:
        return False, "the queue is full", alive
    return True, "ok", alive


@dataclass
class Observer:
    """The /healthz and /metrics server of one process, over ``core``'s backend."""

    core: Core
    listen: str = "127.0.0.1"
    port: int = 9100
    started: bool = False
    stopping: bool = False
    _runner: web.AppRunner | None = field(default=None, repr=False)

    async def health(self) -> tuple[bool, str]:
        """Refresh the gauges; (healthy, reason)."""
        backend = self.core.backend
        inner = getattr(backend, "inner", backend)
        QUEUE_LENGTH.set(getattr(inner, "pending", 0))
        waiting = getattr(inner, "waiting", None)
        QUEUE_WAITING.set(await waiting() if waiting is not None else 0)
        if self.stopping:
            ok, why, alive = False, "stopping", 0
        elif not self.started:
            ok, why, alive = False, "starting", 0
        else:
            ok, why, alive = await backend_health(inner)
        WORKERS_ALIVE.set(alive)
        HEALTHY.set(1 if ok else 0)
        return ok, why

    async def start(self) -> None:
        from aiohttp import web

        async def healthz(request: web.Request) -> web.Response:
            ok, why = await self.health()
            return web.Response(status=200 if ok else 503, text="ok\n" if ok else why + "\n")

        async def metrics(request: web.Request) -> web.Response:
            await self.health()
            return web.Response(body=generate_latest(REGISTRY), headers={"Content-Type": CONTENT_TYPE_LATEST})

        app = web.Application()
        app.router.add_get("/healthz", healthz)
        app.router.add_get("/metrics", metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.listen, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port (tests): report the real one
            self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        log.info("health and metrics on http://%s:%d/healthz and /metrics", self.listen, self.port)

    async def stop(self) -> None:
        self.stopping = True
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


def install(core: Core) -> Observer | None:
    """Meter ``core`` and serve /healthz and /metrics from its start to its stop, when
    ``core.config.metrics_port`` is set; returns the :class:`Observer` (None: no port)."""
    config = core.config
    if config is None or not config.metrics_port:
        return None
    observer = Observer(core, config.metrics_listen, config.metrics_port)
    core.backend = MeteredBackend(core.backend)
    handle = core.handle

    async def metered_handle(msg: Incoming, channel: Any) -> None:
        await handle(msg, MeteredChannel(channel, msg.platform))

    setattr(core, "handle", metered_handle)  # noqa: B010 - every adapter calls core.handle(msg, channel)

    async def on_start(core: Core, platform: Platform) -> None:
        await observer.start()
        observer.started = True

    async def on_stop(core: Core, platform: Platform) -> None:
        await observer.stop()

    core.registry.on_startup(on_start)
    core.registry.on_shutdown(on_stop)
    core.observer = observer  # type: ignore[attr-defined]
    return observer
