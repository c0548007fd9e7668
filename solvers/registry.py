"""Which genres exist: a name (or alias, or puzz.link id) to its :class:`~solvers.plugin.Genre`."""

from __future__ import annotations

import importlib

from solvers.plugin import Genre

# One line per genre: the package that defines GENRE.
GENRE_PACKAGES: tuple[str, ...] = (
    "solvers.masyu",
    "solvers.yinyang",
    "solvers.numberlink",
    "solvers.shikaku",
)

GENRES: dict[str, Genre] = {}
for _pkg in GENRE_PACKAGES:
    _g: Genre = importlib.import_module(_pkg).GENRE
    GENRES[_g.name] = _g


def _norm(name: str) -> str:
    return "".join(ch for ch in name.strip().lower() if ch not in " -_")


_LOOKUP: dict[str, Genre] = {}
for _g in GENRES.values():
    for _n in (_g.name, _g.title, _g.title_ja, *_g.aliases, *_g.url_pids):
        _LOOKUP.setdefault(_norm(_n), _g)


def find_genre(name: str) -> Genre | None:
    """The genre called ``name`` (any alias, any case, ignoring spaces, dashes and underscores)."""
    return _LOOKUP.get(_norm(name))


def get_genre(name: str) -> Genre:
    """Like :func:`find_genre` but raises ParseError for an unknown name."""
    g = find_genre(name)
    if g is None:
        from solvers.errors import ParseError

        known = ", ".join(GENRES)
        raise ParseError(
            f"Unknown genre '{name}'. Known genres: {known}.",
            f"不明なジャンル '{name}' です。使えるジャンル: {known}。",
        )
    return g
