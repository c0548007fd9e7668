"""Shikaku (四角に切れ): cut the board into rectangles, one number each, equal to its area."""

from solvers.plugin import Genre

GENRE = Genre(
    name="shikaku",
    title="Shikaku",
    title_ja="四角に切れ",
    package=__name__,
    clue_kind="numbers",
    aliases=("rect", "rects", "sikaku", "shikaku ni kire", "四角に切れ", "シカク"),
    url_pids=("shikaku",),
    solution_key="rects",
)
