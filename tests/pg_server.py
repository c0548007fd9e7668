"""A real PostgreSQL server for the tests, started from the machine's server binaries.

``postgres_server()`` starts one server per test session (``initdb`` + ``postgres`` in a temp
dir, listening on 127.0.0.1 at a free port, trust authentication) and stops it at exit;
``fresh_database()`` creates an empty database in it and returns its ``postgresql://`` URL.
PostgreSQL refuses to run as root: as root the server runs as ``nobody`` (via ``setpriv``) in a
directory that user owns. Where the binaries or that user are missing, :class:`Unavailable`
says why (the fixtures skip with that reason).
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

START_TIMEOUT = 60.0  # seconds for initdb + server start on a busy 2-core machine
RUN_AS = "nobody"


class Unavailable(Exception):
    """No PostgreSQL server can be started here (the message says why)."""


def _bin_dir() -> Path:
    env = os.environ.get("PUZZLEBOT_PG_BIN")
    candidates = [Path(env)] if env else []
    found = shutil.which("initdb")
    if found:
        candidates.append(Path(os.path.realpath(found)).parent)
    candidates += [Path(p) for p in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)]
    for d in candidates:
        if (d / "initdb").is_file() and (d / "postgres").is_file():
            return d
    raise Unavailable("PostgreSQL server binaries (initdb, postgres) not found on PATH or under "
                      "/usr/lib/postgresql/*/bin; set PUZZLEBOT_PG_BIN")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class PgServer:
    bin_dir: Path
    root: Path
    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def admin_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _as_user(self, argv: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return argv
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            raise Unavailable("running as root and setpriv is missing: cannot start PostgreSQL as an unprivileged user")
        try:
            pw = pwd.getpwnam(RUN_AS)
        except KeyError:
            raise Unavailable(f"running as root and there is no user {RUN_AS!r} to run PostgreSQL as") from None
        return [setpriv, f"--reuid={pw.pw_uid}", f"--regid={pw.pw_gid}", "--clear-groups", "--", *argv]

    def start(self) -> None:
        data = self.root / "data"
        if os.geteuid() == 0:
            pw = pwd.getpwnam(RUN_AS)
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
        self.root.chmod(0o700)
        init = subprocess.run(
            self._as_user([str(self.bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
                           "-E", "UTF8", "--locale=C", "--no-sync"]),
            capture_output=True, timeout=START_TIMEOUT, cwd=self.root)
        if init.returncode != 0:
            raise Unavailable(f"initdb failed: {init.stderr.decode(errors='replace')[-500:]}")
        self.proc = subprocess.Popen(
            self._as_user([str(self.bin_dir / "postgres"), "-D", str(data), "-p", str(self.port), "-k", str(self.root),
                           "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
                           "-c", "full_page_writes=off", "-c", "max_connections=200"]),
            stdout=subprocess.DEVNULL, stderr=open(self.root / "server.log", "wb"), cwd=self.root)  # noqa: SIM115
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                log = (self.root / "server.log").read_text(errors="replace")[-500:]
                raise Unavailable(f"postgres exited at start: {log}")
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), timeout=1):
                if self._query("SELECT 1") is not None:
                    return
            time.sleep(0.1)
        self.stop()
        raise Unavailable(f"postgres did not accept connections within {START_TIMEOUT:.0f} s")

    def _query(self, sql: str) -> object:
        import asyncio

        import asyncpg

        async def run() -> object:
            conn = await asyncpg.connect(host="127.0.0.1", port=self.port, user="postgres", database="postgres",
                                         timeout=5)
            try:
                return await conn.execute(sql)
            finally:
                await conn.close()

        def in_thread() -> object:  # a loop of its own: callers may be inside one
            try:
                return asyncio.run(run())
            except (TimeoutError, OSError, asyncpg.PostgresError):
                return None

        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(in_thread).result(timeout=30)

    def create_database(self, name: str) -> str:
        if self._query(f'CREATE DATABASE "{name}"') is None:
            raise Unavailable(f"could not create database {name}")
        return self.url(name)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # smart shutdown; escalate if a client hangs on
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)


_server: PgServer | Unavailable | None = None
_names = itertools.count(1)


def postgres_server() -> PgServer:
    """The session's server, started on first use; raises :class:`Unavailable` (every time) if it cannot be."""
    global _server
    if _server is None:
        try:
            server = PgServer(_bin_dir(), Path(tempfile.mkdtemp(prefix="puzzlebot-pg-")), _free_port())
            atexit.register(server.stop)
            server.start()
            _server = server
        except Unavailable as e:
            _server = e
        except Exception as e:  # pragma: no cover - anything else is also a reason to skip, shown
            _server = Unavailable(f"{type(e).__name__}: {e}")
    if isinstance(_server, Unavailable):
        raise _server
    return _server


def fresh_database() -> str:
    """A new, empty database on the session's server: its URL (skips the test when there is no server)."""
    try:
        server = postgres_server()
    except Unavailable as e:
        pytest.skip(f"PostgreSQL: {e}")
    return server.create_database(f"t{os.getpid()}_{next(_names)}")


def fresh_url(tmp_path: Path, backend: str) -> str:
    """A fresh database of ``backend`` ("sqlite" or "postgresql") as an async URL."""
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'daily.db'}"
    return fresh_database()


BACKENDS = ("sqlite", "postgresql")

