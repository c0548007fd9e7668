"""A conversation that keeps what the core sends it (a :class:`~bot.chat.Channel` for tests that
drive the core without a platform)."""

from __future__ import annotations

from bot.chat import Reply


class RecordingChannel:
    def __init__(self, admin: bool = True) -> None:
        self.sent: list[Reply] = []
        self.admin = admin

    async def send(self, reply: Reply) -> int:
        self.sent.append(reply)
        return len(self.sent)

    async def action(self, kind: str = "upload_photo") -> None:
        return None

    async def is_admin(self) -> bool:
        return self.admin
