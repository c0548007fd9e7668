"""The bot knows genres only through the registry: no genre names in bot/, commands and help from each Genre."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.commands import Registry
from bot.core import install_builtins, take_variant
from bot.daily.slots import DailyConfig
from bot.i18n import genre_title, say, t
from solvers.registry import GENRES

BOT = Path(__file__).resolve().parents[1] / "bot"


def _names() -> set[str]:
    out: set[str] = set()
    for g in GENRES.values():
        out |= {g.name, g.title, *g.url_pids}
    return {n.lower() for n in out if len(n) >= 4}


def test_no_genre_names_in_bot_code() -> None:
    """Outside the language catalogues (which carry every genre's words), bot/ never names a genre."""
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(_names()))) + r")\b", re.IGNORECASE)
    hits = [f"{path.relative_to(BOT.parent)}:{n}: {line.strip()}"
            for path in sorted(BOT.rglob("*.py")) if "i18n" not in path.parts
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert hits == []


def test_one_command_per_genre_with_its_variants() -> None:
    reg = Registry()
    install_builtins(reg)
    for g in GENRES.values():
        cmd = reg.commands[g.name]
        assert cmd.takes_board
        assert genre_title(g.name, "en") in cmd.help("en") and genre_title(g.name, "ja") in cmd.help("ja")
        for v in g.variants:
            assert say(v.help, "en") in cmd.help("en")
            for word in v.words:
                assert take_variant(g, f"{word.upper()}\n1 . 1\n. . .") == (v, "1 . 1\n. . .")
        assert take_variant(g, "1 . 1\n. . .") == (None, "1 . 1\n. . .")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_genre_has_its_words(lang: str) -> None:
    """Answer help, daily sizes and titles come from each genre, in both languages."""
    for g in GENRES.values():
        assert t(lang, g.answer_help) != g.answer_help  # a real template, not the bare code
        assert DailyConfig().size(g.name, "medium") == tuple(g.daily_sizes["medium"])
        assert genre_title(g.name, lang)


def test_help_shows_every_example() -> None:
    from bot.core import help_text

    class Ctx:  # just what help_text reads
        lang = "en"
        core: Any = type("C", (), {"registry": Registry()})()
        msg: Any = type("M", (), {"platform": "telegram"})()

        def t(self, code: str, **params: Any) -> str:
            return t(self.lang, code, **params)

    text = help_text(Ctx())  # type: ignore[arg-type]
    for g in GENRES.values():
        assert f"{g.title}:\n{g.example}" in text and f"/{g.name}" in text
