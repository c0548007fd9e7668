"""Masyu (ましゅ): one loop through every pearl; white pearls straight, black pearls turn."""

from solvers.plugin import Genre

GENRE = Genre(
    name="masyu",
    title="Masyu",
    title_ja="ましゅ",
    package=__name__,
    clue_kind="circles",
    aliases=("mashu", "pearl", "ましゅ", "マシュ", "真珠"),
    url_pids=("mashu", "masyu", "pearl"),
    solution_key="loop",
)
