"""The player page: one small HTML document with the board as server-side SVG and its settings.

The board is drawn by the genre itself (``rendering.svg``, the same look as the PNGs); the page's
one script (``static/player.js``) draws the player's marks over it in the same coordinates and
builds the FORMATS.md solution for the genre's :class:`~solvers.genre.PlayKind`. Nothing on the
page comes from elsewhere, and nothing secret is on it.
"""

from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Any

from bot.i18n import param_rules, t
from rendering.svg import board_svg
from solvers.genre import PlayKind
from solvers.puzzle import Puzzle

WORDS = ("web_undo", "web_redo", "web_clear", "web_check", "web_submit", "web_mode_line", "web_mode_cross",
         "web_mode_shade", "web_mode_dot", "web_mode_mark", "web_mode_erase", "web_hint", "web_check_ok",
         "web_solved", "web_already", "web_not_signed", "web_rate_limited")


def static_file(name: str) -> bytes:
    return (resources.files("bot.web") / "static" / name).read_bytes()


def settings(puzzle: Puzzle[Any], name: str, lang: str, token: str | None) -> dict[str, Any]:
    """What the script needs: the board's size, the answer kind and key, the givens' cells, words.

    ``fixed`` and ``numbers`` are what the genre's blank answer (:meth:`~solvers.genre.Genre.blank_answer`)
    holds on the given cells, which the player cannot change: a colour answer's colour (a given
    circle's own), the given numbers a number answer repeats. ``max``: the largest number an answer
    cell may take (the genre's bound, not the solution's). Nothing on the page comes from the solution.
    """
    genre = puzzle.kind
    kind = genre.play_kind()
    key = getattr(genre.solution_type, "key", "")
    words = {w.removeprefix("web_"): t(lang, w) for w in WORDS}
    words["help"] = t(lang, f"web_help_{kind.value}")
    clues = puzzle.clues()
    blank = genre.blank_answer(puzzle).cell_values()
    fixed = {f"{r},{c}": blank[r][c] for r, c, _ in clues} if key == "colors" else {}
    numbers = ({f"{r},{c}": str(blank[r][c]) for r, c, _ in clues if blank[r][c] is not None}
               if kind is PlayKind.NUMBER else {})
    return {"puzzle": name, "rows": puzzle.rows, "cols": puzzle.cols, "kind": kind.value, "key": key,
            "shape": getattr(genre.solution_type, "shape", ""),
            "givens": [[r, c] for r, c, _ in clues], "fixed": fixed, "numbers": numbers,
            "max": genre.answer_max(puzzle) if kind is PlayKind.NUMBER else 0,
            "lang": lang, "token": token, "words": words}


def notice_html(code: str, lang: str) -> str:
    """A page that only says why there is no puzzle to play (a stale or broken link): sized for a
    phone and in the player's language, where plain text showed a tiny English line."""
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{escape(t(lang, "web_notice_title"))}</title><link rel="stylesheet" href="static/player.css"></head>
<body><main><h1>{escape(t(lang, "web_notice_title"))}</h1><p id="status" class="bad">{escape(t(lang, code))}</p>
<p id="help">{escape(t(lang, "web_notice_help"))}</p></main></body></html>
"""


def player_html(puzzle: Puzzle[Any], name: str, lang: str, token: str | None = None) -> str:
    genre = puzzle.kind
    genre_words = t(lang, f"genre-{genre.name}") if lang != "en" else genre.title
    title = t(lang, "web_title_board" if name.startswith("b") else "web_title", genre=genre_words)
    data = json.dumps(settings(puzzle, name, lang, token), ensure_ascii=False).replace("</", "<\\/")
    w = {k: escape(t(lang, k)) for k in WORDS}
    said = param_rules(puzzle, lang)
    rules = f'\n<p id="rules">{escape(said)}</p>' if said else ""
    return f"""<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,user-scalable=no">
<title>{escape(title)}</title><link rel="stylesheet" href="static/player.css"></head>
<body><main>
<header><h1>{escape(title)}</h1><span id="timer">0:00</span></header>{rules}
<div id="wrap">{board_svg(puzzle, extra='<g id="marks"></g>')}</div>
<nav id="digits" hidden></nav>
<nav id="modes"></nav>
<nav id="tools"><button id="undo">{w["web_undo"]}</button><button id="redo">{w["web_redo"]}</button>
<button id="clear">{w["web_clear"]}</button><button id="hint">{w["web_hint"]}</button>
<button id="check">{w["web_check"]}</button><button id="submit" class="primary">{w["web_submit"]}</button></nav>
<p id="help"></p><p id="status" role="status"></p>
</main>
<script id="settings" type="application/json">{data}</script>
<script src="static/player.js"></script>
</body></html>
"""
