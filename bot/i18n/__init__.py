"""Words for people: one catalogue per language (``en.py``, ``ja.py``...), looked up by message code.

The engine reports :class:`~solvers.errors.Message` values (a code, parameters, cells); the bot's
own texts are codes too. :func:`say` finds the code's template in the language asked for, then in
the genres' own ``messages`` for that language, then the same in English, and fills it in. Parameter values are
written the language's way: a ``cell`` (or ``*_cell``) as "row 3, column 4", a ``span`` (or ``*_span``:
two corner cells) as "rows 1-2, column 4", a tuple as a list. A whole number chooses its noun:
``{count:# cell is|# cells are}`` says "1 cell is" or "3 cells are" ("#" stands for the number), so
no template writes "cell(s)".
Adding a language is one file here with ``TEXTS``, ``cell``, ``span`` and ``WORDS`` (see ``ja.py``).
"""

from __future__ import annotations

import importlib
import logging
import numbers
import re
from collections.abc import Mapping, Sequence
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from solvers.errors import Message

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle

log = logging.getLogger(__name__)

LANGUAGES = ("en", "ja")
DEFAULT = "en"


def lang_of(code: str | None) -> str:
    """The catalogue language for a platform language code ("ja-JP" -> "ja"; unknown -> English)."""
    short = (code or "").split("-")[0].split("_")[0].lower()
    return short if short in LANGUAGES else DEFAULT


@cache
def catalogue(lang: str) -> ModuleType:
    return importlib.import_module(f"bot.i18n.{lang if lang in LANGUAGES else DEFAULT}")


def template(code: str, lang: str = DEFAULT) -> str | None:
    """The raw template of ``code`` in ``lang`` (falling back to English, then to the genre's own table)."""
    from solvers.registry import GENRES

    for language in dict.fromkeys((lang if lang in LANGUAGES else DEFAULT, DEFAULT)):
        text = catalogue(language).TEXTS.get(code)
        if text is not None:
            return str(text)
        for g in GENRES.values():  # a genre's own words live with the genre
            words = g.messages.get(language, {})
            if code in words:
                return words[code]
    return None


def has(code: str) -> bool:
    return template(code) is not None


def for_platform(code: str, platform: str | None) -> str:
    """``<code>_<platform>`` where the catalogue has it, else ``code``: the words for a platform
    whose chats lack what the common words speak of (the console has no groups, replies or
    spoilers). An empty text there leaves the thing out of that platform's words."""
    own = f"{code}_{platform}"
    return own if platform and has(own) else code


def _value(name: str, value: Any, cat: ModuleType) -> Any:
    if name == "cell" or name.endswith("_cell"):
        r, c = value
        return str(cat.cell(int(r), int(c)))
    if name == "span" or name.endswith("_span"):
        (r1, c1), (r2, c2) = value
        return str(cat.span(int(r1), int(c1), int(r2), int(c2)))
    if name == "cells" or name.endswith("_cells"):
        return cat.WORDS.get("list-sep", ", ").join(cat.cell(int(r), int(c)) for r, c in value)
    lang = cat.__name__.rsplit(".", 1)[-1]
    if name in ("genre", "wanted") and isinstance(value, str):
        return genre_title(value, lang) if value else ""
    if name == "genres":
        return cat.WORDS.get("or", " or ").join(genre_title(g, lang) for g in value)
    if name == "reasons":  # each reason ends in a space: without any, the sentence has no double space
        return "".join(say(Message("as-genre", {"genre": g, "text": say(m, lang)}), lang) + " " for g, m in value)
    if name == "symbols" and isinstance(value, str) and template(value, lang) is not None:
        return template(value, lang) or value
    if isinstance(value, tuple | list):
        words = [str(cat.WORDS.get(str(v), v)) for v in value]
        return cat.WORDS.get("and", " and ").join(words)
    if isinstance(value, str):
        return str(cat.WORDS.get(value, value))
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):  # (numpy's integers too)
        return _Count(int(value))
    return value  # numbers, dates...: the template may format them ("{limit:g}", "{date:%d %b}")


def say(msg: Message | str, lang: str = DEFAULT, **params: Any) -> str:
    """The words for a message (or a bare code with ``params``) in ``lang``."""
    if isinstance(msg, str):
        msg = Message(msg, params)
    lang = lang_of(lang)
    text = template(msg.code, lang)
    if text is None:
        log.error("no words for message code %s", msg.code)
        return str(msg)
    cat = catalogue(lang)
    values = {k: _value(k, v, cat) for k, v in msg.params.items()}
    try:
        out = text.format_map(_Defaults(values))
        return out[:1].upper() + out[1:] if _STARTS_WITH_CELL.match(text) else out  # "Row 3, column 4 is ..."
    except (ValueError, IndexError):
        log.exception("bad template for %s", msg.code)
        return text


class _Count(int):
    """A whole number in a template: ``{n:one|other}`` picks the form for 1 or for any other count."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return super().__format__(spec)
        one, other = spec.split("|", 1)
        return (one if self == 1 else other).replace("#", str(int(self)))


_STARTS_WITH_CELL = re.compile(r"\{(\w+_)?cells?[}!:]")


class _Defaults(dict[str, Any]):
    def __missing__(self, key: str) -> _Unfilled:
        return _Unfilled(key)


class _Unfilled(str):
    """A parameter the message lacks, shown as ``{name}`` whatever format its template asks."""

    def __new__(cls, key: str) -> _Unfilled:
        return super().__new__(cls, "{" + key + "}")

    def __format__(self, spec: str) -> str:
        return str(self)


def t(lang: str, code: str, **params: Any) -> str:
    """Shorthand for :func:`say` with a bare code (the bot's own texts)."""
    return say(Message(code, params), lang)


def genre_title(name: str, lang: str = DEFAULT) -> str:
    """A genre's display name in ``lang`` (the catalogue's ``genre-<name>``, else its English title)."""
    from solvers.registry import find_genre

    g = find_genre(name)
    return template(f"genre-{g.name if g else name}", lang_of(lang)) or (g.title if g else name)


def named_size(genre: str | None, rows: int, cols: int) -> dict[str, int]:
    """``rows`` and ``cols`` for a title or caption: the size players name the board by
    (:meth:`solvers.genre.Genre.named_size`), which need not be its grid's (a genre not known yet,
    None: the grid's)."""
    from solvers.registry import find_genre

    g = find_genre(genre) if genre else None
    named_rows, named_cols = g.named_size(rows, cols) if g else (rows, cols)
    return {"rows": named_rows, "cols": named_cols}


def param_rules(puzzle: Puzzle[Any], lang: str = DEFAULT) -> str:
    """What a board's params ask, in ``lang`` (a star count per line), joined; "" for none: a
    player cannot see them on the grid."""
    said = dict(puzzle.params)
    return " · ".join(t(lang, p.rule, value=said[p.name]) for p in puzzle.kind.params if p.rule and p.name in said)


def words(lang: str) -> Mapping[str, str]:
    return catalogue(lang_of(lang)).WORDS  # type: ignore[no-any-return]


def series(items: Sequence[str], lang: str = DEFAULT) -> str:
    """``items`` as one list in ``lang``: "A, B and C" / "A・B・C"."""
    w = words(lang)
    if len(items) < 2:
        return "".join(items)
    return w.get("series-sep", ", ").join(items[:-1]) + w.get("series-last", " and ") + items[-1]


def understood(word: str) -> str | None:
    """What a word someone typed means in any language's ``UNDERSTANDS`` (``"難しい"`` -> ``"hard"``), or None."""
    key = word.strip().lower()
    for lang in LANGUAGES:
        meaning = getattr(catalogue(lang), "UNDERSTANDS", {}).get(key)
        if meaning is not None:
            return str(meaning)
    return None
