"""The error raised when a board fits several genres: the bot asks which one with buttons."""

from __future__ import annotations

from solvers.errors import ParseError


class AmbiguousGenre(ParseError):
    """The board reads fine but fits several genres; ``candidates`` are genre names, best first.

    Call :func:`solvers.reading.read_board` again with ``genre=`` one of them.
    """

    def __init__(self, candidates: tuple[str, ...], message: str | None = None, message_ja: str | None = None):
        from solvers.registry import get_genre

        self.candidates = tuple(candidates)
        titles = [get_genre(c).title for c in self.candidates]
        titles_ja = [get_genre(c).title_ja for c in self.candidates]
        en = " or ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 2 else titles)
        ja = "・".join(titles_ja)
        super().__init__(
            message or f"This board could be {en}. Which genre is it? (Or add a first line naming the genre.)",
            message_ja
            or f"この盤面は {ja} のどれとも読めます。ジャンルを選んでください (1 行目にジャンル名を書いても可)。",
        )

    def __reduce__(self):  # keep candidates across process pools (the default would pass only the message)
        return (type(self), (self.candidates, self.message, self.message_ja))
