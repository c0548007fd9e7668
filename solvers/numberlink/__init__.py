"""Numberlink (ナンバーリンク): join equal numbers by non-crossing paths (Nikoli or Flow rule)."""

from solvers.plugin import Genre

GENRE = Genre(
    name="numberlink",
    title="Numberlink",
    title_ja="ナンバーリンク",
    package=__name__,
    clue_kind="numbers",
    aliases=("numlin", "arukone", "flow", "flowfree", "ナンバーリンク", "アルコネ"),
    url_pids=("numlin", "numberlink"),
    solution_key="links",
)
