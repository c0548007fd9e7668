"""Which genres exist: a name (or alias, or puzz.link id) to its :class:`~solvers.genre.Genre` entry."""

from __future__ import annotations

import importlib
import re
import unicodedata
from typing import Any

from solvers.genre import Genre, missing_parts

# One line per genre: the package that defines GENRE.
GENRE_PACKAGES: tuple[str, ...] = (
    "solvers.masyu",
    "solvers.yinyang",
    "solvers.numberlink",
    "solvers.shikaku",
    "solvers.slitherlink",
    "solvers.hitori",
    "solvers.lits",
    "solvers.akari",
    "solvers.starbattle",
    "solvers.nurikabe",
    "solvers.fillomino",
    "solvers.yajilin",
    "solvers.heyawake",
    "solvers.sudoku",
    "solvers.hashiwokakero",
    "solvers.kakuro",
)

GENRES: dict[str, Genre[Any, Any]] = {}
for _pkg in GENRE_PACKAGES:
    _g: Genre[Any, Any] = importlib.import_module(_pkg).GENRE
    if missing := missing_parts(_g):
        raise TypeError(f"{_pkg}.GENRE does not supply: {', '.join(missing)}")
    GENRES[_g.name] = _g


def _norm(name: str) -> str:
    """A name as looked up: any case, width (NFKC) or kana (katakana read as hiragana: "ヘヤワケ",
    "ヘやわけ" with the look-alike katakana ヘ, and "へやわけ" are one name), without spaces, dashes or underscores."""
    folded = unicodedata.normalize("NFKC", name).strip().lower().translate(_TO_HIRAGANA)
    return "".join(ch for ch in folded if ch not in " -_")


# Each katakana ァ..ヶ (U+30A1-U+30F6) stands 0x60 after its hiragana ぁ..ゖ (U+3041-U+3096).
_TO_HIRAGANA = {k: k - 0x60 for k in range(0x30A1, 0x30F7)}
_TO_KATAKANA = {h: k for k, h in _TO_HIRAGANA.items()}


# Katakana that look exactly like their hiragana: a Japanese title typed with one reads the same.
_LOOK_ALIKE = str.maketrans("ヘベペ", "へべぺ")


_LOOKUP: dict[str, Genre[Any, Any]] = {}
for _g in GENRES.values():
    for _n in (_g.name, _g.title, *_g.own_names, *_g.aliases, *_g.url_pids):
        _LOOKUP.setdefault(_norm(_n), _g)


def find_genre(name: str) -> Genre[Any, Any] | None:
    """The genre called ``name`` (any alias, any case, ignoring spaces, dashes and underscores)."""
    return _LOOKUP.get(_norm(name))


def genre_titled(word: str) -> Genre[Any, Any] | None:
    """The genre whose name, title or own name ("hashi") ``word`` is (any case, spaces, dashes), not
    an alias: the names a sentence may hold without meaning a genre are aliases ('stars', 'bridges',
    'light up')."""
    g = find_genre(word)
    return g if g is not None and _norm(word) in {_norm(n) for n in (g.name, g.title, *g.own_names)} else None


_KATAKANA = re.compile(r"[\u30a0-\u30ff]+")
_HIRAGANA = re.compile(r"[\u3041-\u3096]+")


def genres_written_in(text: str) -> list[Genre[Any, Any]]:
    """The genres whose Japanese title or katakana name ``text`` holds ("これはマシュです"): Japanese
    writes words without spaces, so the names are looked for inside the text; hiragana names that
    are everyday words ('ひとり', 'あかり') are not looked for."""
    found = []
    plain = text.translate(_LOOK_ALIKE)
    for g in GENRES.values():
        title = g.messages.get("ja", {}).get(f"genre-{g.name}", "")
        names = [n for n in (title, *g.aliases) if n and not n.isascii() and (n == title or _KATAKANA.fullmatch(n))]
        if _HIRAGANA.fullmatch(title):  # "ヘヤワケ" for "へやわけ"
            names.append(title.translate(_TO_KATAKANA))
        if any(n in text or n in plain for n in names):
            found.append(g)
    return found


def close_genre(word: str) -> Genre[Any, Any] | None:
    """The genre whose name (or alias) ``word`` looks like a slip of the keyboard for ("masyuu",
    "starbatle"); None for an exact name, a short word or nothing close."""
    import difflib

    key = _norm(word)
    if len(key) < 4 or key in _LOOKUP or not key.isalpha():
        return None
    close = difflib.get_close_matches(key, list(_LOOKUP), n=1, cutoff=0.8)
    return _LOOKUP[close[0]] if close else None


def get_genre(name: str) -> Genre[Any, Any]:
    """Like :func:`find_genre` but raises ParseError for an unknown name."""
    g = find_genre(name)
    if g is None:
        from solvers.errors import ParseError

        raise ParseError("unknown-genre", genre=name, known=", ".join(GENRES))
    return g
