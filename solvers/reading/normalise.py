"""Clean pasted text: width folding, newlines, code fences, header lines, size lines, prose.

The result is a :class:`Cleaned` value: the board lines (still raw text) with their hints
(genre named in a header, the Flow rule, a size line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from solvers.errors import ParseError
from solvers.notation import BLANK_TOKENS, CIRCLE_VALUES, FULL_SPACE

if TYPE_CHECKING:
    from solvers.genre import Genre

# Fold full-width ASCII (U+FF01..U+FF5E) to ASCII, the half-width katakana middle dot to '・'.
# Deliberately not NFKC: that would also turn U+3000 into a space.
_FOLD: dict[int, int | None] = {cp: cp - 0xFEE0 for cp in range(0xFF01, 0xFF5F)}
_FOLD.update({0xFF65: ord("・"), 0x00A0: ord(" "), 0x2002: ord(" "), 0x2003: ord(" "), 0x2009: ord(" ")})
_FOLD.update({cp: None for cp in (0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF)})  # zero-width chars, BOM
_FOLD[0x2212] = ord("-")  # minus sign

SIZE_RE = re.compile(r"(\d{1,6})\s*[x×X*]\s*(\d{1,6})")
_FENCE_RE = re.compile(r"^\s*(```+|~~~+)\s*([^\s`]*)")
_FILLER = re.compile(
    r"\b(genre|puzzle|puzzles|size|board|rule|rules|grid|type|game|level|no\.?|number)\b"
    r"|パズル|ジャンル|サイズ|盤面|問題|の|[#:：=()\[\]{}<>\"'*_|,.!?。、「」『』【】]",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[A-Za-z]{2}")
_NON_CIRCLE_LETTER = re.compile(r"[^\W\d_WwBbOoXx]")
MAX_HEADER = 120  # a header line is short; longer lines are never parsed as one
_BORDER_RE = re.compile(r"^[+\-=|]*[+|][+\-=|]*$")
_MARKDOWN_RULE_RE = re.compile(r"^\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$")  # |---|:-:|
_RULE_RE = re.compile(r"^[\-=]{3,}$")
_CIRCLE_CHARS = frozenset("○●◯〇⚪⚫・" + FULL_SPACE)


@dataclass
class Cleaned:
    """Board lines plus what the noise around them said."""

    lines: list[str] = field(default_factory=list)
    genre: str | None = None  # canonical genre named by a header line or code fence
    genre_word: str | None = None  # the header's own words, for messages
    variants: frozenset[str] = frozenset()  # rule variants a header names ("flow": the fill rule)
    params: dict[str, int] = field(default_factory=dict)  # the genre's params a header gives ("2 stars")
    size: tuple[int, int] | None = None  # the two numbers of a size line, as written


def fold(text: str) -> str:
    """Full-width ASCII to ASCII, CRLF/CR to LF, tabs kept, zero-width characters dropped."""
    return text.replace("\r\n", "\n").replace("\r", "\n").translate(_FOLD)


def clean(text: str) -> Cleaned:
    """Split folded text into board lines and hints; raises ParseError for conflicting headers."""
    out = Cleaned()
    lines: list[str] = []
    rules: list[tuple[int, bool]] = []  # per border line: the lines kept above it, and whether markdown's
    for raw in text.split("\n"):
        m = _FENCE_RE.match(raw)
        if m:
            if m.group(2):
                _take_header(out, m.group(2), strict=False)
            continue
        line = raw.strip(" \t")
        if not line:
            continue
        if _BORDER_RE.match(line) or _MARKDOWN_RULE_RE.match(line):
            rules.append((len(lines), "+" not in line and "=" not in line and "|" in line and "-" in line))
            continue
        lines.append(line)
    _markdown_header(lines, rules)

    # headers and prose before the board
    start = 0
    while start < len(lines) and _noise(out, lines[start], lines[start + 1] if start + 1 < len(lines) else None):
        start += 1
    end = len(lines)
    while end > start and _noise(out, lines[end - 1], lines[end - 2] if end - 2 >= start else None):
        end -= 1
    if end > start:
        while end - start > 1 and _stray_words(lines[end - 1], _rough_width(lines[end - 2])):
            end -= 1
        while end - start > 1 and _stray_words(lines[start], _rough_width(lines[start + 1])):
            start += 1
    body = [ln for ln in lines[start:end] if not _rule_line(ln, lines[start:end])]
    # leading/trailing rows of only full-width spaces are padding, not board rows
    while body and not body[0].strip(" \t" + FULL_SPACE) and not _all_full_spaces_is_row(body):
        body.pop(0)
    while body and not body[-1].strip(" \t" + FULL_SPACE) and not _all_full_spaces_is_row(body):
        body.pop()
    _two_number_size_line(out, body)
    out.lines = body
    return out


def _markdown_header(lines: list[str], rules: list[tuple[int, bool]]) -> None:
    """Refuse a markdown table (one ``|---|`` line, under its first row): that row is its header,
    which may be the board's first row or column labels or blank; read as a row, a blank or numbered
    header gave the board an extra row silently. ASCII art has a line between every two rows."""
    if len(rules) != 1 or not rules[0][1]:
        return
    above = rules[0][0]
    if (0 < above < len(lines) and lines[above - 1].startswith("|") and lines[above].startswith("|")
            and (above == 1 or not lines[above - 2].startswith("|"))):
        raise ParseError("read-table-header")


def _rule_line(line: str, lines: list[str]) -> bool:
    """A line of only ``-`` or ``=`` between bands (``---------------------``) when the board's rows
    are written with spaces or ``|``, or are not as long as it: then it cannot be a row of blank
    cells (which it is, written compactly as long as the rows beside it)."""
    if not _RULE_RE.match(line):
        return False
    rows = [ln for ln in lines if not _RULE_RE.match(ln)]
    return bool(rows) and (any(ch in ln for ln in rows for ch in " \t|") or all(len(ln) != len(line) for ln in rows))


def _all_full_spaces_is_row(body: list[str]) -> bool:
    """Rows made only of full-width spaces count as blank ○● rows when other rows use ○●."""
    return any(ch in _CIRCLE_CHARS and ch != FULL_SPACE for ln in body for ch in ln)


def _noise(out: Cleaned, line: str, beside: str | None) -> bool:
    """True (and the hint recorded) when a line around the board is a header, size line or prose;
    ``beside``: the next line towards the board (None: there is none)."""
    if line.startswith(("/", "@")):  # a chat command or mention: "/solve <genre>", "@puzzlebot"
        rest = " ".join(t for t in line.split() if not t.startswith(("/", "@")))
        if rest:
            _take_header(out, rest, strict=False)
        return True
    if _take_header(out, line, strict=True):
        return True
    if line.startswith("#") and _heading(line):  # a markdown heading or comment: "# 3", "#12"
        return True
    if beside is not None and _row_with_a_typo(line, beside):
        return False
    return _is_prose(line)


def _row_with_a_typo(line: str, beside: str) -> bool:
    """A first or last row holding one mistyped cell ("W . Ж", "W . qq", "W ! B") is a board row, not
    a sentence: three or more cells, as many as the row beside it, all single characters or numbers
    but one of at most three characters, and all cells a board holds (a number, a letter, a cell of
    the row beside it) but one ("Hi !" above a two-column board and "Hi ! !" above a three-column
    one stay greetings: 19a18a5 refused the latter as an unknown symbol '!'). Taken for prose, the
    row was dropped and the board without it solved."""
    tokens, cells = line.split(), beside.split()
    if len(tokens) < 3 or len(tokens) != len(cells):
        return False
    odd = [t for t in tokens if len(t) > 1 and not t.isdigit()]
    if len(odd) > 1 or any(len(t) > 3 for t in odd):
        return False
    return sum(1 for t in tokens if not _cell_like(t, cells)) <= 1


# symbols a board row holds besides numbers and letters: blanks, circles, black cells, an unknown clue
# ('○ ● . xx' above a board of '.' was dropped as a sentence, the board solved a row short)
_CELL_SYMBOLS = BLANK_TOKENS | CIRCLE_VALUES.keys() | {"?", "#", "■", "□", "█"}


def _cell_like(token: str, beside: list[str]) -> bool:
    """A token a board row holds: a number, one letter, a blank, circle or black cell, ``?``, or a
    cell of the row beside it (punctuation like ``!``, ``)`` or ``☺`` is a sentence's, unless the board's)."""
    return token.isdigit() or token in beside or token in _CELL_SYMBOLS or (len(token) == 1 and token.isalnum())


def _heading(line: str) -> bool:
    """A line starting with '#' is a heading unless it reads as a board row of black cells:
    three or more short tokens and no words, or a sum clue ('# 4\\ 3\\')."""
    tokens = line.split()
    if "\\" in line:
        return False
    if len(tokens) == 1 and "." in line and set(line) <= set("#.0123456789"):
        return False  # a compact row of black cells: "#..1."
    return len(tokens) < 3 or any(len(t) > 3 or sum(ch.isalpha() for ch in t) > 1 for t in tokens)


def _take_header(out: Cleaned, line: str, *, strict: bool) -> bool:
    from solvers.registry import find_genre

    text = line.strip()
    if len(text) > MAX_HEADER:
        return False
    size = None
    m = SIZE_RE.search(text)
    if m:
        size = (int(m.group(1)), int(m.group(2)))
        text = text[: m.start()] + " " + text[m.end() :]
    words = _FILLER.sub(" ", text).split()
    if not words:
        if size is None:
            return False
        _set_size(out, size)
        return True
    joined = " ".join(words)
    whole = " ".join(text.split())  # a name that holds a filler word ("number place")
    g = find_genre(whole) or find_genre(joined)
    named = whole if find_genre(whole) else joined
    if g is None and len(words) <= 4:  # a name of one to three words among others ("<name>, 1 star")
        runs = (" ".join(words[i:i + n]) for n in (3, 2, 1) for i in range(len(words) - n + 1))
        named, g = next(((w, find_genre(w)) for w in runs if find_genre(w) is not None), (named, None))
    if g is None:
        named, g = _titled_in_sentence(words) or (named, None)
    if g is None:
        return False
    if out.genre is not None and out.genre != g.name:
        raise ParseError("two-genres", first=out.genre_word, second=named)
    out.genre = g.name
    out.genre_word = named
    flat = "".join(words).lower().replace("-", "")
    out.variants = frozenset(v.name for v in g.variants
                             if any(flat.startswith(f) or f in flat for f in (w.replace(" ", "").replace("-", "")
                                                                              for w in v.words)))
    for p in g.params:  # "2 stars", "stars: 2", "1 star"; a genre's one param also as "<genre> 2"
        word = re.escape(p.name.rstrip("s")) + "s?"
        m = re.search(rf"(\d+)\s*{word}\b|\b{word}\s*[:=]?\s*(\d+)", line, re.IGNORECASE)
        if m is None and len(g.params) == 1:
            m = re.search(re.escape(named) + r"\s+(\d{1,2})()(?!\s*[x×*]\s*\d)\b", line, re.IGNORECASE)
        if m:
            out.params[p.name] = int(m.group(1) or m.group(2))
    if size is not None:
        _set_size(out, size)
    return True


def genre_named(text: str) -> str | None:
    """The genre ``text`` names the way a board's header or a sentence above it does ("solve this
    <genre>"), for words that come without the board (a picture's caption); None for none."""
    try:
        return clean(text).genre
    except ParseError:
        return None


def _titled_in_sentence(words: list[str]) -> tuple[str, Genre[Any, Any]] | None:
    """The one genre a sentence names by its name, title or own name ("could you solve this for me,
    it's a <genre>"), or in Japanese by its title or katakana name anywhere in the words, with the words
    naming it; None for none or two (a question between genres)."""
    from solvers.registry import genre_titled, genres_written_in

    found: dict[str, tuple[str, Genre[Any, Any]]] = {}
    for n in (2, 1):
        for i in range(len(words) - n + 1):
            g = genre_titled(" ".join(words[i:i + n]))
            if g is not None:
                found.setdefault(g.name, (" ".join(words[i:i + n]), g))
    if not found:
        text = " ".join(words)
        found = {g.name: (g.title, g) for g in genres_written_in(text)}
    return next(iter(found.values())) if len(found) == 1 else None


def _set_size(out: Cleaned, size: tuple[int, int]) -> None:
    if out.size is not None and out.size != size:
        raise ParseError("two-sizes", first=f"{out.size[0]}x{out.size[1]}", second=f"{size[0]}x{size[1]}")
    out.size = size


def _is_prose(line: str) -> bool:
    """Sentences around a board ("solve this:", "これを解いて"), never a board row."""
    if line.endswith((":", "：")):
        return True
    if (" " in line or "\t" in line) and _WORD_RE.search(line):
        return True  # separated rows hold one letter per cell at most
    return not line.isascii() and any(ch.isalpha() and not ch.isascii() and ch not in _CIRCLE_CHARS for ch in line)


_BOARD_CHARS = frozenset(".-_?,[]()\"'|;: \t") | _CIRCLE_CHARS | frozenset("○●")


def _stray_words(line: str, neighbour_width: int) -> bool:
    """A line like "thanks!" after the board: not as wide as the board, words and punctuation."""
    if _rough_width(line) == neighbour_width:
        return False
    odd = any(not (ch.isascii() and ch.isalnum()) and ch not in _BOARD_CHARS for ch in line[:400])
    return odd and len(_NON_CIRCLE_LETTER.findall(line, 0, 400)) >= 2


def _two_number_size_line(out: Cleaned, body: list[str]) -> None:
    """A first line "R C" (or "C R") that matches the rows below is a size line, not a row."""
    if len(body) < 2:
        return
    parts = body[0].replace(",", " ").split()
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 4 for p in parts):
        return
    a, b = int(parts[0]), int(parts[1])
    rest = body[1:]
    if len(rest) not in (a, b):
        return
    other = b if len(rest) == a else a
    widths = {_rough_width(ln) for ln in rest}
    if widths == {other} and other != 2:  # a 2-wide board's first row could read "a b"
        _set_size(out, (a, b))
        body.pop(0)


def _rough_width(line: str) -> int:
    if any(ch in line for ch in " \t,"):
        return len([t for t in re.split(r"[ \t,]+", line.strip(" \t,[]")) if t != ""])
    return len(line)
