"""Yin-Yang (しろまるくろまる): colour every cell; each colour connected, no 2x2 of one colour."""

from solvers.plugin import Genre

GENRE = Genre(
    name="yinyang",
    title="Yin-Yang",
    title_ja="しろまるくろまる",
    package=__name__,
    clue_kind="circles",
    aliases=("yin-yang", "yin yang", "shiromarukuromaru", "しろまるくろまる", "白丸黒丸"),
    url_pids=("yinyang",),
    solution_key="colors",
)
