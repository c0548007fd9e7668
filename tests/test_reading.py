"""read_board: every notation, the noise people paste, genre detection, limits and error messages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.i18n import say
from solvers.errors import ParseError
from solvers.puzzle import Puzzle
from solvers.reading import AmbiguousGenre, ReadLimits, read_board
from solvers.registry import GENRES
from tests.corpus import load, own, own_records, shared_params

OWN = [r for r in own_records() if r["unique"]]  # unique boards: content-based detection must find their genre
CIRCLE_RECORDS = [*(r for r in OWN if r["genre"] in ("masyu", "yinyang")), *shared_params(("masyu", "yinyang"))]
NUMBER_RECORDS = [*(r for r in OWN if r["genre"] in ("numberlink", "shikaku")),
                  *shared_params(("numberlink", "shikaku"))]
MASYU_5 = {"genre": "masyu", "grid": ["B . . . B", ". . . . .", ". . . . B", ". B . W .", "B . . . ."]}

Cells = tuple[tuple[int, ...], ...]


def _id(rec: dict) -> str:
    return rec["id"]


def _rows(cells: Cells, sym: Callable[[int], str], sep: str) -> str:
    return "\n".join(sep.join(sym(v) for v in row) for row in cells)


# -- circle notations: each is a function cells -> text
CIRCLE_NOTATIONS: dict[str, Callable[[Cells], str]] = {
    "formats": lambda cells: _rows(cells, lambda v: ".WB"[v], " "),
    "digits spaced": lambda cells: _rows(cells, str, " "),
    "digits compact": lambda cells: _rows(cells, str, ""),
    "seed printout .Ox": lambda cells: _rows(cells, lambda v: ".Ox"[v], ""),
    "w/b spaced": lambda cells: _rows(cells, lambda v: ".wb"[v], " "),
    "w/b compact": lambda cells: _rows(cells, lambda v: "-wb"[v], ""),
    "circles with ・": lambda cells: _rows(cells, lambda v: "・○●"[v], ""),
    "circles with .": lambda cells: _rows(cells, lambda v: ".○●"[v], ""),
    "circles with full-width space": lambda cells: _rows(cells, lambda v: "\u3000○●"[v], ""),
    # an IME's full-width space between the cells: read as 2n-1 cells a row before
    "circles parted by full-width spaces": lambda cells: _rows(cells, lambda v: "・○●"[v], "\u3000"),
    # and one typed after each cell, the last too: read with a blank column more
    "circles each followed by a full-width space": lambda cells: _rows(cells, lambda v: "・○●"[v] + "\u3000", ""),
    "numpy printout": lambda cells: "[" + "\n ".join("[" + " ".join(map(str, row)) + "]" for row in cells) + "]",
    "commas": lambda cells: _rows(cells, str, ","),
    "full-width digits": lambda cells: _rows(cells, lambda v: "０１２"[v], " "),
}


def _b36(v: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[v]


NUMBER_NOTATIONS: dict[str, Callable[[Cells], str | None]] = {
    "formats": lambda cells: _rows(cells, lambda v: str(v) if v else ".", " "),
    "zeros spaced": lambda cells: _rows(cells, str, " "),
    "dashes": lambda cells: _rows(cells, lambda v: str(v) if v else "-", "  "),
    "underscores tabs": lambda cells: _rows(cells, lambda v: str(v) if v else "_", "\t"),
    "commas": lambda cells: _rows(cells, lambda v: str(v) if v else "0", ", "),
    "csv empty fields": lambda cells: _rows(cells, lambda v: str(v) if v else "", ","),
    "compact base-36": lambda cells: (
        _rows(cells, lambda v: _b36(v) if v else ".", "") if max(max(r) for r in cells) < 36 else None
    ),
    "compact zeros (seed 003)": lambda cells: (
        _rows(cells, _b36, "") if max(max(r) for r in cells) < 36 else None
    ),
    "full-width": lambda cells: _rows(cells, lambda v: str(v).translate({48 + i: 0xFF10 + i for i in range(10)}), " "),
    "full-width parted by full-width spaces": lambda cells: _rows(
        cells, lambda v: str(v).translate({48 + i: 0xFF10 + i for i in range(10)}) if v else "．", "\u3000"),
    "full-width after full-width spaces": lambda cells: _rows(
        cells, lambda v: "\u3000" + (str(v).translate({48 + i: 0xFF10 + i for i in range(10)}) if v else "．"), ""),
    "numpy printout": lambda cells: "[" + "\n ".join("[" + " ".join(map(str, row)) + "]" for row in cells) + "]",
}


@pytest.mark.parametrize("notation", list(CIRCLE_NOTATIONS))
@pytest.mark.parametrize("rec", CIRCLE_RECORDS, ids=_id)
def test_circle_notations_parse_back(rec: dict, notation: str) -> None:
    puzzle = Puzzle.from_record(rec)
    text = CIRCLE_NOTATIONS[notation](puzzle.cells)
    assert read_board(text, rec["genre"]).cells == puzzle.cells
    # a header line names the genre just as well
    header = {"masyu": "ましゅ", "yinyang": "しろまるくろまる"}[rec["genre"]]
    got = read_board(f"{header}\n{text}")
    assert (got.genre, got.cells) == (rec["genre"], puzzle.cells)


@pytest.mark.parametrize("notation", list(NUMBER_NOTATIONS))
@pytest.mark.parametrize("rec", NUMBER_RECORDS, ids=_id)
def test_number_notations_parse_back(rec: dict, notation: str) -> None:
    puzzle = Puzzle.from_record(rec)
    text = NUMBER_NOTATIONS[notation](puzzle.cells)
    if text is None:
        pytest.skip("numbers above 35 have no one-character form")
    assert read_board(text, rec["genre"]).cells == puzzle.cells
    # the content alone says which number genre it is, or asks with that genre first
    try:
        got = read_board(text)
    except AmbiguousGenre as err:
        assert err.candidates[0] == rec["genre"]
        got = read_board(text, err.candidates[0])
    assert (got.genre, got.cells) == (rec["genre"], puzzle.cells)


@pytest.mark.parametrize("rec", CIRCLE_RECORDS, ids=_id)
def test_circle_boards_without_a_genre_ask_masyu_or_yinyang(rec: dict) -> None:
    """Circles alone fit both; only when one genre's rules reject the givens is the other chosen."""
    text = CIRCLE_NOTATIONS["formats"](Puzzle.from_record(rec).cells)
    try:
        got = read_board(text)
    except AmbiguousGenre as err:
        assert err.candidates == ("masyu", "yinyang")
        assert "Masyu or Yin-Yang" in say(err.msg)
        assert "ましゅ" in say(err.msg, "ja")
    else:
        assert got.genre == rec["genre"]
        other = "yinyang" if rec["genre"] == "masyu" else "masyu"
        with pytest.raises(ParseError):
            read_board(text, other)


def test_circles_that_break_yinyang_rules_are_masyu() -> None:
    # a given 2x2 block of one colour is impossible in Yin-Yang (when its rule checker is present)
    pytest.importorskip("solvers.yinyang.check")
    assert read_board("W W .\nW W .\n. . B").genre == "masyu"


SEED_MASYU01 = """[[0 1 0 0 1 0 0 2]
 [0 0 0 0 0 1 0 0]
 [0 0 2 0 0 1 0 0]
 [0 0 1 0 1 1 0 0]
 [0 0 0 0 0 0 0 0]
 [0 0 0 0 0 1 0 0]
 [0 2 0 0 1 0 0 0]
 [0 0 0 1 0 0 0 2]]"""


def test_seed_printouts() -> None:
    """The seed articles' boards as printed (masyu01 numpy print; yin-yang .Ox; numberlink hex file)."""
    p = read_board(SEED_MASYU01, "masyu")
    assert p.grid_lines()[0] == ". W . . W . . B"
    assert p.cells[7] == (0, 0, 0, 1, 0, 0, 0, 2)
    yy = read_board("yinyang\nx...x\n...OO\nO.O..\n.....\n.....")
    assert yy.cells[0] == (2, 0, 0, 0, 2) and yy.cells[1] == (0, 0, 0, 1, 1)
    nl = read_board("1000000000\n0000000050\n0601000000\n0000043000\n0000006050\n"
                    "0803000000\n0004700000\n0000002080\n0700000000\n0000000002")
    assert nl.genre == "numberlink"
    assert nl.cells[0][0] == 1 and nl.cells[9][9] == 2
    assert sorted(v for row in nl.cells for v in row if v) == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]


def test_seed_printout_is_the_shared_corpus_board() -> None:
    seed = next(r for r in load("masyu") if "seeds/000" in r.get("source", ""))  # skips without ../shared
    assert read_board(SEED_MASYU01, "masyu").cells == Puzzle.from_record(seed).cells


def test_noise_around_the_board() -> None:
    text = (
        "Please solve this one:\r\n"
        "```\r\n"
        "Masyu 5x5   \r\n"
        "\r\n"
        "B . . . B  \r\n"
        ". . . . .\r\n"
        "\r\n"
        ". . . . B\r\n"
        ". B . W .\r\n"
        "B . . . .\r\n"
        "```\r\n"
        "thanks!\r\n"
    )
    p = read_board(text)
    assert p.genre == "masyu"
    assert p.cells == Puzzle.from_record(MASYU_5).cells


@pytest.mark.parametrize(
    "header",
    ["masyu", "Mashu", "pearl", "ましゅ", "Genre: masyu", "# Masyu puzzle", "MASYU (5x5)", "```masyu"],
)
def test_masyu_headers(header: str) -> None:
    p = read_board(header + "\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .")
    assert p.genre == "masyu"


@pytest.mark.parametrize(
    ("header", "genre", "fill"),
    [
        ("yin-yang", "yinyang", False),
        ("Yin Yang", "yinyang", False),
        ("しろまるくろまる", "yinyang", False),
        ("numberlink", "numberlink", False),
        ("numlin", "numberlink", False),
        ("arukone", "numberlink", False),
        ("ナンバーリンク", "numberlink", False),
        ("flow", "numberlink", True),
        ("Flow Free", "numberlink", True),
        ("shikaku", "shikaku", False),
        ("rect", "shikaku", False),
        ("四角に切れ", "shikaku", False),
    ],
)
def test_genre_headers(header: str, genre: str, fill: bool) -> None:
    boards = {
        "yinyang": "W . B\n. . .\nB . W",
        "numberlink": "1 . 2\n. . .\n1 . 2",
        "shikaku": "3 . .\n. . 3\n3 . .",
    }
    p = read_board(f"{header}\n{boards[genre]}")
    assert (p.genre, "fill" in p.variants) == (genre, fill)


@pytest.mark.parametrize("header", ["Star Battle, 1 star", "Star Battle (1 star)", "1 star star battle",
                                    "star battle 1"])
def test_a_two_word_name_among_other_words(header: str) -> None:
    """'Star Battle, 1 star' fitted no genre: a name of two words was looked for only as the whole
    line or word by word."""
    p = read_board(f"{header}\nA A B B C\nA B B C C\nD D B C C\nD E E E C\nD D E E E")
    assert (p.genre, p.param("stars", 0)) == ("starbattle", 1)


def test_comment_and_prose_lines() -> None:
    board = "1 . 2\n. . .\n1 . 2"
    for noise in ("#3", "# Puzzle 12", "Difficulty: hard", "Source: Nikoli", "出典: ニコリ"):
        assert read_board(f"{noise}\n{board}", "numberlink").cells == ((1, 0, 2), (0, 0, 0), (1, 0, 2))


def test_chat_command_and_mention_lines() -> None:
    p = read_board("/solve@puzzlebot yinyang\nW . B\n. . .")
    assert p.genre == "yinyang"
    assert read_board("@puzzlebot\nnumberlink\n1 . 2\n1 . 2").genre == "numberlink"


def test_flow_as_genre_argument_means_fill() -> None:
    assert read_board("1 . 2\n1 . 2", "flow").variants == {"fill"}
    assert read_board("1 . 2\n1 . 2", "Flow Free").variants == {"fill"}
    assert read_board("1 . 2\n1 . 2", "numberlink").variants == set()


def test_variants_argument_overrides_header() -> None:
    fill = frozenset({"fill"})
    assert read_board("flow\n1 . 2\n. . .\n1 . 2", variants=frozenset()).variants == set()
    assert read_board("1 . 2\n. . .\n1 . 2", "numberlink", variants=fill).variants == fill
    assert read_board("W . B\n. . .", "masyu", variants=fill).variants == set()  # the Flow rule is Numberlink's


def test_explicit_genre_argument_against_another_header_is_refused() -> None:
    """Both genres named: reading one's symbols as the other's gave a board nobody wrote (an Akari's
    1 and 2 as Masyu circles), so the conflict is named, as for a URL of another genre."""
    with pytest.raises(ParseError, match="text with the board names Masyu \\('masyu'\\), but you asked for Yin-Yang"):
        read_board("masyu\nW . B\n. . .", "yinyang")
    assert read_board("yin-yang\nW . B\n. . .", "yinyang").genre == "yinyang"  # the same genre, another name


@pytest.mark.parametrize("size", ["3x2", "2x3", "3 x 2", "3×2", "size: 3x2"])
def test_size_line_either_order(size: str) -> None:
    p = read_board(f"{size}\n1 . 2\n1 . 2", "numberlink")
    assert (p.rows, p.cols) == (2, 3)


def test_two_number_size_line() -> None:
    p = read_board("4 3\n1..2\n....\n1..2", "numberlink")
    assert (p.rows, p.cols) == (3, 4)


def test_json_record_pasted() -> None:
    import json

    rec = own("shikaku")[0]
    p = read_board(json.dumps({"genre": rec["genre"], "grid": rec["grid"]}))
    assert p.cells == Puzzle.from_record(rec).cells
    # a whole corpus line keeps its fill flag even though it also holds a URL
    flow = next(r for r in own("numberlink") if r.get("fill"))
    assert read_board(json.dumps({**flow, "url": "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3"})).variants == {"fill"}
    url_only = {"url": "https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "fill": True}
    assert read_board(json.dumps(url_only)).variants == {"fill"}


# -- detection


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 . 2\n. . .\n3 2 .\n. 1 3\n4 . 4", "numberlink"),
        ("3 . .\n. . .\n. . 6", "shikaku"),
        ("ab..\n....\nba..", "numberlink"),
        ("3 . .\n. 3 .\n. . 3", "shikaku"),  # 3 three times is no Numberlink; 9 = the area
    ],
)
def test_detects_number_genres(text: str, expected: str) -> None:
    try:
        got = read_board(text).genre
    except AmbiguousGenre as err:  # small boards of 1-3 read as a digit genre too: asked, best first
        got = err.candidates[0]
    assert got == expected


@pytest.mark.parametrize(
    ("text", "candidates"),
    [
        ("W . B\n. . .\nB . W", ("masyu", "yinyang")),
        ("○●・\n・●○", ("masyu", "yinyang")),
        # digits 0/1/2 are circles; a lone 1 and 2 also read as Nurikabe or Fillomino givens
        ("0 1 0\n0 0 2\n0 0 0", ("nurikabe", "fillomino", "masyu", "yinyang")),
        ("1 . 2\n. . .\n2 . 1", ("numberlink", "nurikabe", "fillomino", "hashiwokakero", "masyu", "yinyang",
                                  "slitherlink")),
        ("4 4\n. .\n. .\n. .", ("numberlink", "shikaku", "fillomino")),  # 4 twice, 4 + 4 = 8 cells, one area of 4
        ("2 . 2\n. . .\n. . .\n. . .", ("numberlink", "nurikabe", "fillomino", "hashiwokakero", "masyu", "yinyang",
                                       "slitherlink")),
    ],
)
def test_ambiguous_boards_list_candidates(text: str, candidates: tuple[str, ...]) -> None:
    with pytest.raises(AmbiguousGenre) as err:
        read_board(text)
    assert err.value.candidates == candidates
    # asking again with one of them settles it
    for g in err.value.candidates:
        assert read_board(text, g).genre == g


# -- broken inputs: each gets its own message, English and Japanese

BROKEN = [
    ("1 2 3\n1 2\n3 4 5", None, "Row 2 has 2 cells, the rows above have 3", "2 行目は 2 マス", ((1, 1),)),
    ("1 2\n1 2 3\n1 2 3", None, "Row 1 has 2 cells, the rows below have 3", "1 行目は 2 マス", ((0, 1),)),
    (
        "W . . . .\n. . . . .\nW . . . .\n. . . . q",
        "masyu",
        "Unknown symbol 'q' at row 4, column 5",
        "4 行 5 列の記号 'q'",
        ((3, 4),),
    ),
    ("1 . 7\n. . .\n1 . .", "numberlink", "Number 7 appears once", "数字 7 が 1 回", ((0, 2),)),
    ("1 . 1\n. 1 .\n. . .", "numberlink", "Number 1 appears 3 times", "数字 1 が 3 回", ((0, 0), (0, 2), (1, 1))),
    (". . .\n. . .", "numberlink", "no numbers on the board", "数字がありません", ()),
    ("3 . .\n. . .\n. . 5", "shikaku", "add up to 8, but the board has 9 cells", "合計は 8", ()),
    ("10 . .\n. . .\n. . .", "shikaku", "larger than the board (9 cells)", "マス数 (9) より大きい", ((0, 0),)),
    ("W 3\n. .", None, "'W' at row 1, column 1", "1 行 1 列", ((0, 0),)),
    (". .\n. .", "heyawake", "The room grid holds only '.'", "部屋の盤面が '.' だけです", ()),  # no rooms given
    (". . . .\n. . . .\n. . . .\n. . . .", "lits", "The room grid holds only '.'", "部屋の盤面", ()),
    ("1 . 2\n. . .\n9 . .", None, "fits no genre", "どのジャンルにも合いません", ()),
    ("", None, "I found no board", "盤面が見つかりません", ()),
    ("W . B", "masyu", "a puzzle needs at least 2 rows and 2 columns", "少なくとも 2 行 2 列", ()),
    ("https://puzz.link/p?yinyang/1/5/000", None, "needs at least 2 rows and 2 columns", "少なくとも", ()),
    ("```\n```", None, "I found no board", "盤面が見つかりません", ()),
    # a genre's name alone (the board to follow in another message) was "I found no board"
    ("masyu\n", None, "I see Masyu but no board below it", "ましゅとありますが", ()),
    ("5x5\n1 . 2\n1 . 2", "numberlink", "The size line says 5x5, but the board has 2 rows and 3 columns", "サイズ", ()),
    ("masyu\nnumberlink\nW .", None, "names two genres", "ジャンルが 2 つ", ()),
    ("W . B", "notagenre", "Unknown genre 'notagenre'", "不明なジャンル", ()),
    ("1 99999 1\n. . .", "numberlink", "The number 99999 at row 1, column 2 is too large", "大きすぎます", ((0, 1),)),
    # a sudoku too small was told its first digit above the side is no digit of it ('4': 1-3), not its size
    ("sudoku\n1 2 3\n4 5 6\n7 8 9", None, "Sudoku boards are 4x4 to 25x25; this one is 3x3", "この盤は 3×3", ()),
    ("1 2 3\n4 5 6\n7 8 9", "sudoku", "Sudoku boards are 4x4 to 25x25; this one is 3x3", "この盤は 3×3", ()),
    # a first or last row with one mistyped cell was dropped as prose, and the board without it solved
    ("masyu\nW . Ж\n. . .\n. B .", None, "Unknown symbol 'Ж' at row 1, column 3", "'Ж'", ((0, 2),)),
    ("masyu\nW . B\n. . .\n. B qq", None, "Unknown symbol 'qq' at row 3, column 3", "'qq'", ((2, 2),)),
    ("numberlink\n1 . 2\n. . .\n1 . 中", None, "Unknown symbol '中' at row 3, column 3", "'中'", ((2, 2),)),
    # a number above what the genre allows read as "Unknown symbol", as if no number went there
    ("1 . .\n. 99999999999 .\n. . 2", "slitherlink", "The number 99999999999 at row 2, column 2 is too large "
     "for Slitherlink (at most 3)", "大きすぎます", ((1, 1),)),
    ("1 . .\n. 5 .\n. . #", "akari", "The number 5 at row 2, column 2 is too large for Akari (at most 4)",
     "最大 4", ((1, 1),)),
    ("12345 . | a a\n. . | a b", "heyawake", "The number 12345 at row 1, column 1 is too large for Heyawake",
     "大きすぎます", ((0, 0),)),
    ("←99999999999 . .\n. . .", "yajilin", "The number 99999999999 at row 1, column 1 is too large for Yajilin",
     "大きすぎます", ((0, 0),)),
    ("# 100\\ 4\\\n\\3 . .\n\\4 . .", "kakuro", "The number 100 at row 1, column 2 is too large for Kakuro "
     "(at most 45)", "最大 45", ((0, 1),)),
    ("{\"genre\": \"fillomino\", \"grid\": [\"1 99999999999\", \". .\"]}", None,
     "The number 99999999999 at row 1, column 2 is too large", "大きすぎます", ((0, 1),)),
    ("{\"genre\": \"akari\", \"grid\": [\"1 77\", \". .\"]}", None, "The number 77 at row 1, column 2 is "
     "too large for Akari", "大きすぎます", ((0, 1),)),
    ("{\"genre\": \"masyu\", \"grid\": [\"W Q\"]}", None, "Unknown symbol 'Q'", "'Q'", ((0, 1),)),
    ("{\"genre\": ", None, "not valid JSON", "JSON", ()),
]


@pytest.mark.parametrize(("text", "genre", "en", "ja", "cells"), BROKEN, ids=[b[2][:40] for b in BROKEN])
def test_broken_inputs_get_their_message(text: str, genre: str | None, en: str, ja: str, cells: tuple) -> None:
    with pytest.raises(ParseError) as err:
        read_board(text, genre)
    e = err.value
    assert not isinstance(e, AmbiguousGenre)
    assert en in say(e.msg)
    assert ja in say(e.msg, "ja")
    if cells:
        assert e.cells == cells


# -- limits


def test_too_long_input_is_refused_before_reading() -> None:
    with pytest.raises(ParseError, match="20001 characters long; I read at most 20000"):
        read_board("x" * 20001)


def test_board_limits() -> None:
    big = "\n".join(["W" + " ." * 60] * 3)
    with pytest.raises(ParseError, match="3 rows by 61 columns; the limit is 60 rows by 60 columns"):
        read_board(big, "masyu")
    tall = "\n".join(["W ."] * 61)
    with pytest.raises(ParseError, match="61 rows"):
        read_board(tall, "masyu")
    with pytest.raises(ParseError, match="The text has 101 lines; a board has at most 60 rows"):
        read_board("これを解いて\n" * 101)


def test_limits_are_configurable() -> None:
    small = ReadLimits(max_rows=4, max_cols=4, max_chars=100)
    with pytest.raises(ParseError, match="limit is 4 rows by 4 columns"):
        read_board("W . . . .\n. . . . .", "masyu", limits=small)
    with pytest.raises(ParseError, match="at most 100"):
        read_board("." * 101, "masyu", limits=small)
    with pytest.raises(ParseError, match="limit is 4 rows by 4 columns"):
        read_board("https://puzz.link/p?mashu/6/6/003600200i00", limits=small)
    big = ReadLimits(max_rows=80, max_cols=80, max_chars=100_000)
    p = read_board("\n".join(["W" + " ." * 69] * 70), "yinyang", limits=big)
    assert (p.rows, p.cols) == (70, 70)


def test_non_text_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        read_board(b"W . B", "masyu")  # type: ignore[arg-type]


def test_errors_survive_pickling_across_process_pools() -> None:
    import pickle

    with pytest.raises(AmbiguousGenre) as amb:
        read_board("W . B\n. . .")
    again = pickle.loads(pickle.dumps(amb.value))
    assert isinstance(again, AmbiguousGenre)
    assert (again.candidates, say(again.msg), say(again.msg, "ja")) == (
        amb.value.candidates, say(amb.value.msg), say(amb.value.msg, "ja"))
    with pytest.raises(ParseError) as err:
        read_board("1 . 7\n. . .\n1 . .", "numberlink")
    again = pickle.loads(pickle.dumps(err.value))
    assert type(again) is type(err.value) and again.msg == err.value.msg


SGT_RECORDS = shared_params(keep=lambda r: r.get("source", "").startswith("sgt-puzzles"))


@pytest.mark.parametrize("rec", SGT_RECORDS, ids=_id)
def test_sgt_game_ids_decode_to_their_grid(rec: dict) -> None:
    game_id = rec["source"].rsplit(": ", 1)[1]
    p = read_board(game_id)
    assert (p.genre, p.cells) == (rec["genre"], Puzzle.from_record(rec).cells)


def test_sgt_game_id_errors() -> None:
    with pytest.raises(ParseError, match="describes 24 cells, but its size 5x5 has 25"):
        read_board("5x5:BcBiBaBaWaBc")
    with pytest.raises(ParseError, match="Pearl game ID"):
        read_board("5x5:BcBiBaBaWaBd", "numberlink")
    assert read_board("yinyang\n5x5:BcBiBaBaWaBd").genre == "yinyang"


@pytest.mark.parametrize("text", ["5x5de#123", "7x7#98765", "masyu\n10x10dt#358213"])
def test_sgt_random_seed_ids_are_refused_by_name(text: str) -> None:
    # They used to fall through to the board reader: "The board mixes '5' ... and '#'".
    with pytest.raises(ParseError, match="random-seed ID"):
        read_board(text)


def test_no_genre_fits_reads_without_a_gap_when_no_genre_gave_a_reason() -> None:
    from solvers.errors import Message

    bare = say(Message("fits-no-genre", {"reasons": (), "known": "masyu, lits"}))
    assert bare == "This board fits no genre I know. Fix the board, or add a first line naming the genre (masyu, lits)."
    why = say(Message("fits-no-genre", {"reasons": (("lits", Message("regions-side-width")),), "known": "lits"}))
    assert why.startswith("This board fits no genre I know. As LITS: ") and "  " not in why


@pytest.mark.parametrize(("sentence", "genre"), [
    ("could you please solve this for me, it's a masyu", "masyu"),
    ("Hi there! I have been stuck on this Yin-Yang for an hour", "yinyang"),
    ("i'm stuck on this star battle one, can you help me", "starbattle"),
    ("これはマシュです。解いてください", "masyu"),  # Japanese: no spaces, the name inside the words
    ("このしろまるくろまるが解けません", "yinyang"),
])
def test_a_sentence_naming_the_genre_after_four_words(sentence: str, genre: str) -> None:
    """A genre named in a sentence of more than four words was not heard: the bot asked which genre."""
    boards = {"masyu": "W . . B\n. . . .\n. . W .\n. . . .", "yinyang": "W . . B\n. . . .\n. . W .\n. . . .",
              "starbattle": "A A B B C\nA B B C C\nD D B C C\nD E E E C\nD D E E E"}
    assert read_board(f"{sentence}\n{boards[genre]}").genre == genre


def test_a_short_name_in_a_long_sentence_names_the_genre() -> None:
    """"can you please solve this hashi puzzle" asked which genre: past four words only a genre's
    name or title counted, and 'hashi' is neither, though it means nothing but the genre."""
    rows = GENRES["hashiwokakero"].example.split("\n", 1)[1]
    assert read_board(f"can you please solve this hashi puzzle\n{rows}").genre == "hashiwokakero"


@pytest.mark.parametrize("genre", [g for g in GENRES.values() if g.own_names], ids=lambda g: g.name)
def test_every_own_name_is_heard_in_a_long_sentence(genre: Any) -> None:
    """A genre's own names ("hashi", "mashu") are no everyday words: a sentence holding one names it."""
    rows = genre.example.split("\n", 1)[1]
    for name in genre.own_names:
        assert read_board(f"hi, could you solve this {name} for me\n{rows}").genre == genre.name, name


@pytest.mark.parametrize("sentence", ["can you light up where the stars and the bridges go for me",
                                      "is this a masyu or a yin-yang, I cannot tell which one",
                                      "ひとりで解けないのであかりをつけてください"])
def test_a_sentence_with_everyday_words_or_two_names_names_no_genre(sentence: str) -> None:
    """In a long sentence only a genre's own name or title counts, and only one: aliases that are
    everyday words ('light up', 'stars', 'bridges'; 'ひとり', 'あかり') or two names leave the
    question to the bot."""
    with pytest.raises(ParseError) as asked:
        read_board(f"{sentence}\nW . . B\n. . . .\n. . W .\n. . . .")
    assert asked.value.msg.code != "two-genres"


def test_a_first_word_that_names_no_genre_is_called_so() -> None:
    # It used to be read as a row of letters: "Row 1 has 6 cells, the rows below have 2".
    with pytest.raises(ParseError, match="The first line 'foobar' is no genre I know"):
        read_board("foobar\n1 2\n3 4")
    with pytest.raises(ParseError, match="Row 1 has 6 cells"):  # a genre is named: the word is a row
        read_board("masyu\nwbwbwb\n. .\n. .")


@pytest.mark.parametrize("greeting", ["Hi ! !", "Yo ! ?", "Hi : )", "Hi ! ☺", "Hi ! :)"])
def test_a_greeting_as_wide_as_the_board_is_dropped(greeting: str) -> None:
    """A greeting of three short tokens above a three-column board was taken for a row with one
    mistyped cell (19a18a5: "Unknown symbol '!'"): its tokens are punctuation no board row holds."""
    board = read_board(f"masyu\n{greeting}\nW . B\n. . .\nB . W")
    assert (board.rows, board.cols) == (3, 3)


@pytest.mark.parametrize(("row", "symbol"), [("W ! B", "!"), ("W . Ж", "Ж"), ("W . qq", "qq"), ("? . B", "?")])
def test_a_mistyped_first_row_of_board_cells_is_still_named(row: str, symbol: str) -> None:
    """All of its cells but one are a board's (letters, numbers, the row beside it's): a row, its typo named."""
    with pytest.raises(ParseError) as err:
        read_board(f"masyu\n{row}\n. . .\nB . W")
    assert f"Unknown symbol '{symbol}' at row 1" in say(err.value.msg)


@pytest.mark.parametrize(("board", "symbol"), [
    ("masyu\n○ ● . xx\n. . . .\n. ○ . .\n. . . ●", "'xx' at row 1"),
    ("yinyang\n. . . .\n. W . .\n. . . B\n- - B Wb", "'Wb' at row 4"),
    ("nurikabe\n? ? . ab\n. . . .\n. 1 . .\n. . . .", "'ab' at row 1"),
    ("masyu\nHi ? ?\nW . B\n. . .\nB . W", "'Hi' at row 1"),
])
def test_a_mistyped_edge_row_of_board_symbols_is_not_dropped(board: str, symbol: str) -> None:
    """Circles, blanks and '?' are a board's cells too: such a row with one typo of two letters was
    dropped as a sentence (853dcb1) and the board solved a row short; a refusal is safer than that
    (so "Hi ? ?" above a board is refused, not dropped: '?' is an unknown clue)."""
    with pytest.raises(ParseError) as err:
        read_board(board)
    assert f"Unknown symbol {symbol}" in say(err.value.msg)


@pytest.mark.parametrize("text", ["| W | . | B |\n| . | . | . |\n| B | . | W |",
                                  "|W|.|B|\n|.|.|.|\n|B|.|W|",
                                  "+---+---+---+\n| W |   | B |\n+---+---+---+\n|   |   |   |\n+---+---+---+\n"
                                  "| B |   | W |\n+---+---+---+"])
def test_a_board_typed_as_a_table_reads_as_its_cells(text: str) -> None:
    """A bar between every two cells (a markdown or ASCII-art table, a blank cell empty) was read with
    its inner bars as cells: "Unknown symbol '|' at row 1, column 2", or ragged rows."""
    board = read_board(f"masyu\n{text}")
    assert board.grid_lines() == ["W . B", ". . .", "B . W"]


def test_bars_between_a_clue_grid_and_its_rooms_or_between_boxes_still_part_them() -> None:
    rooms = read_board("heyawake\n| 2 . . | a a b |\n| . . . | a a b |\n| . . . | c c c |")
    assert (rooms.rows, rooms.cols) == (3, 3) and rooms.regions is not None
    rows = ["534678912", "672195348", "198342567", "859761423", "426853791", "713924856", "961537284",
            "287419635", "345286179"]
    boxes = read_board("sudoku\n" + "\n".join(f"|{r[:3]}|{r[3:6]}|{r[6:]}|" for r in rows))
    assert (boxes.rows, boxes.cols) == (9, 9)


def test_a_double_bar_in_a_table_row_is_no_empty_cell() -> None:
    """'||' between boxes ('|5|3|4||6|7|8||9|1|2|') was read as an empty cell (da52ebf): a sudoku that
    read 9x9 before got 11 columns, and a circle board such rows would get an empty column silently."""
    rows = ["534678912", "672195348", "198342567", "859761423", "426853791", "713924856", "961537284",
            "287419635", "345286179"]
    boxes = read_board("sudoku\n" + "\n".join("||".join("|".join(r[i:i + 3]) for i in (0, 3, 6)).join("||")
                                               for r in rows).replace("|||", "|"))
    assert (boxes.rows, boxes.cols) == (9, 9)
    with pytest.raises(ParseError, match="Unknown symbol"):
        read_board("yinyang\n|W|.||B|.|\n|.|.||.|.|\n|B|.||W|.|")



@pytest.mark.parametrize("header", ["|   |   |   |", "| 1 | 2 | 3 |", "| W | . | B |"])
def test_a_markdown_tables_header_is_asked_about(header: str) -> None:
    """A markdown table's first row is its header (one '|---|' line under it): blank or numbered, it
    was read as a board row (da52ebf), a row too many with no word; the board with lines between all
    its rows still reads."""
    with pytest.raises(ParseError) as err:
        read_board(f"yinyang\n{header}\n|---|:-:|---|\n| W | . | B |\n| . | . | . |\n| B | . | W |")
    assert err.value.msg.code == "read-table-header"
    assert "markdown" in say(err.value.msg)
    art = read_board("yinyang\n| W | . | B |\n|---|---|---|\n| . | . | . |\n|---|---|---|\n| B | . | W |")
    assert art.grid_lines() == ["W . B", ". . .", "B . W"]
