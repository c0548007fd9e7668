"""Why a picture could not be read: a short code and one friendly sentence."""

from __future__ import annotations


class Unreadable(Exception):
    """The picture holds no board we can read; ``code`` names why, ``message`` says how to fix it."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"Unreadable({self.code!r})"
