"""puzz.link URLs: every corpus URL decodes to its grid; encode -> decode round-trips every record.

The shared corpus's URLs come from puzz.link itself (skipped without ../shared); the own corpus's
were written by our encoder."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.i18n import say
from solvers import puzzlink
from solvers.errors import ParseError
from solvers.notation import UNKNOWN
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import GENRES, get_genre
from tests.corpus import all_records, own_records, shared_params

RECORDS = [*own_records(), *shared_params()]
URL_RECORDS = [*(r for r in own_records() if r.get("url")), *shared_params(keep=lambda r: bool(r.get("url")))]


def _id(rec: dict) -> str:
    return rec["id"]


def test_shared_corpus_has_urls_for_every_genre() -> None:
    urls = [r for r in all_records() if r.get("url")]
    assert {r["genre"] for r in urls} >= {"masyu", "yinyang", "numberlink", "shikaku"}
    assert len(urls) >= 20


@pytest.mark.parametrize("rec", URL_RECORDS, ids=_id)
def test_corpus_url_decodes_to_its_grid(rec: dict) -> None:
    expected = Puzzle.from_record(rec)
    got = get_genre(rec["genre"]).decode_url(rec["url"])
    assert got.genre == expected.genre
    assert got.cells == expected.cells
    # read_board reads the same URL with no genre given, and with the scheme left out
    assert read_board(rec["url"]).cells == expected.cells
    assert read_board(rec["url"].removeprefix("https://")).cells == expected.cells


@pytest.mark.parametrize("rec", URL_RECORDS, ids=_id)
def test_encoding_a_corpus_url_board_gives_the_same_body(rec: dict) -> None:
    """Our encoder writes what puzz.link writes (the pid normalised to the canonical one)."""
    url = get_genre(rec["genre"]).encode_url(Puzzle.from_record(rec))
    assert url.split("/", 4)[-1] == rec["url"].split("/", 4)[-1]
    assert url.split("/")[4:6] == rec["url"].split("/")[4:6]  # cols, rows


@pytest.mark.parametrize("rec", RECORDS, ids=_id)
def test_encode_then_decode_round_trips_every_record(rec: dict) -> None:
    puzzle = Puzzle.from_record(rec)
    g = get_genre(puzzle.genre)
    if "url" not in rec and puzzle.regions is not None:
        pytest.skip("puzz.link has no URL for this board (a jigsaw)")
    url = g.encode_url(puzzle)
    # the size in the URL is puzz.link's board, which for some genres is not the record's grid
    # (a Kakuro URL leaves out the clue row and column); a rule variant may pick its pid
    assert url.removeprefix("https://puzz.link/p?").split("/", 1)[0] in g.url_pids
    assert g.decode_url(url).cells == puzzle.cells


@pytest.mark.parametrize(
    ("url", "genre"),
    [
        ("https://puzz.link/p?mashu/6/6/003600200i00", "masyu"),
        ("http://pzv.jp/p.html?mashu/6/6/003600200i00", "masyu"),
        ("pzv.jp/p.html?masyu/6/6/003600200i00", "masyu"),
        ("puzz.link/p?pearl/6/6/003600200i00", "masyu"),
        ("https://puzz.link/p?mashu_edit/6/6/003600200i00", "masyu"),
        ("p?mashu/6/6/003600200i00", "masyu"),
        ("mashu/6/6/003600200i00", "masyu"),
        ("https://puzz.link/p?numberlink/5/5/1j2h3m1h2j3", "numberlink"),
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3", "numberlink"),
        ("Solve this: https://puzz.link/p?yinyang/5/5/016612300 please", "yinyang"),
        ("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j#top", "shikaku"),
    ],
)
def test_url_spellings(url: str, genre: str) -> None:
    assert read_board(url).genre == genre


def test_url_pid_aliases_decode_identically() -> None:
    a = read_board("https://puzz.link/p?mashu/6/6/003600200i00")
    for pid in ("masyu", "pearl", "MASHU"):
        assert read_board(f"https://puzz.link/p?{pid}/6/6/003600200i00").cells == a.cells


def test_url_columns_come_before_rows() -> None:
    p = read_board("https://puzz.link/p?masyu/15/10/i0a02000000ik20620i6i0a021c049c209490j0100a0019329")
    assert (p.rows, p.cols) == (10, 15)


def test_flag_segment_is_skipped() -> None:
    plain = read_board("https://puzz.link/p?numlin/5/5/1j2h3m1h2j3")
    assert read_board("https://puzz.link/p?numlin/v:/5/5/1j2h3m1h2j3").cells == plain.cells


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("https://puzz.link/p?kurodoko/5/5/abc", "puzz.link genre 'kurodoko' is not one I can read"),
        ("https://puzz.link/p?mashu/6", "no board size"),
        # a size too long to be one said "no board size", and 10**5 "the limit is 10000 rows" (no genre's)
        ("https://puzz.link/p?mashu/99999999999999999999/3/000", "board size 999999999999…x3 (columns x rows) "
         "is far larger than any board"),
        ("https://puzz.link/p?mashu/100000/3/000", "board size 100000x3 (columns x rows) is far larger"),
        ("https://puzz.link/p?mashu/0/6/000", "is empty"),
        ("https://puzz.link/p?mashu/99/6/000", "the limit is 60 rows by 60 columns"),
        ("https://puzz.link/p?mashu/6/6/00zz", "unexpected character 'z' at position 3"),
        ("https://puzz.link/p?numlin/5/5/1j-", "cut off or damaged at position 3"),
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jA", "unexpected character 'A'"),
        ("https://puzz.link/p?shikaku/3/3/0", "clues must be positive"),
        ("https://puzz.link/p?numlin/5/5/1j2h3m1h2jg", "Number 3 appears once"),
    ],
)
def test_broken_urls_say_what_is_wrong(url: str, message: str) -> None:
    with pytest.raises(ParseError) as err:
        read_board(url)
    assert message in say(err.value.msg)
    assert say(err.value.msg, "ja") and say(err.value.msg, "ja") != say(err.value.msg)


def test_url_of_another_genre_than_asked() -> None:
    with pytest.raises(ParseError, match="genre is Yin-Yang"):
        read_board("https://puzz.link/p?yinyang/5/5/016612300", "masyu")
    with pytest.raises(ParseError, match="genre is Yin-Yang .* but you asked for Masyu"):
        get_genre("masyu").decode_url("https://puzz.link/p?yinyang/5/5/016612300")


def test_a_cut_short_masyu_or_star_battle_url_says_so_not_empty_cells() -> None:
    """puzz.link writes every cell (and every border): a short body was cut in copying."""
    with pytest.raises(ParseError) as masyu:
        read_board("https://puzz.link/p?mashu/6/6/00000", "masyu")
    assert say(masyu.value.msg) == ("The puzz.link URL holds only 15 of the 36 cells of a 6x6 board: "
                                    "it may have been cut short when copied.")
    assert "36 マスのうち 15 マス" in say(masyu.value.msg, "ja")
    with pytest.raises(ParseError) as stars:
        read_board("https://puzz.link/p?starbattle/6/6/1/9a", "starbattle")
    assert say(stars.value.msg) == ("The puzz.link URL holds only 2 of the 12 characters of the room borders "
                                    "of a 6x6 board: it may have been cut short when copied.")


@pytest.mark.parametrize("name", sorted(GENRES))
def test_every_genre_says_a_cut_short_url_is_cut_short(name: str) -> None:
    """The example board's URL loses its last character: each reader names the cut, none reads empty cells."""
    genre = get_genre(name)
    url = genre.encode_url(read_board(genre.example, name))
    assert genre.decode_url(url).cells == read_board(genre.example, name).cells
    with pytest.raises(ParseError) as cut:
        genre.decode_url(url.rstrip("/")[:-1])
    assert "short" in cut.value.msg.code or cut.value.msg.code == "url-cut-off"
    assert "cut" in say(cut.value.msg)


def test_number16_prefixes_and_runs() -> None:
    values = [0] * 25 + [5, 16, 255, 256, 4095, 4096, 8191, 8192, MAX := puzzlink.MAX_NUMBER16, UNKNOWN] + [0] * 3
    body = puzzlink.encode_number16(values)
    assert body == "zk5-10-ff+100+fff=000=fff%000%fff.i"
    assert puzzlink.decode_number16(body, 1, len(values)) == values
    assert MAX == 12287
    with pytest.raises(ParseError, match="too large"):
        puzzlink.encode_number16([MAX + 1])


def test_circle_encoding_three_cells_per_character() -> None:
    assert puzzlink.encode_circles([2, 2, 2, 1]) == "q9"
    assert puzzlink.decode_circles("q9", 1, 4) == [2, 2, 2, 1]


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(1, 12),
    cols=st.integers(1, 12),
    data=st.data(),
)
@pytest.mark.slow
def test_random_boards_round_trip(rows: int, cols: int, data: st.DataObject) -> None:
    n = rows * cols
    circles = data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    assert puzzlink.decode_circles(puzzlink.encode_circles(circles), rows, cols) == circles
    numbers = data.draw(
        st.lists(st.one_of(st.just(0), st.just(UNKNOWN), st.integers(1, puzzlink.MAX_NUMBER16)), min_size=n, max_size=n)
    )
    assert puzzlink.decode_number16(puzzlink.encode_number16(numbers), rows, cols) == numbers


# Public puzz.link URLs (a parser test list), including the "v:" flag segment and '?' clues ('.').
PUBLIC_URLS = [
    "https://puzz.link/p?mashu/13/9/013009k10a3a39310c9313693i016030j039a20",
    "https://puzz.link/p?mashu/v:/10/10/000000060i23601000000001i200f90000",
    "https://puzz.link/p?yinyang/v:/6/6/l2a70001f0kb",
    "https://puzz.link/p?numberlink/11/11/-2bap-2ft-15zrazy-2fg-2bn-15o",
    "https://puzz.link/p?numlin/11/11/g1m2h6x6i7h5g7k5p4j8y1g3u8g2n3m4g",
    "https://puzz.link/p?numlin/10/10/j48315g977k512g2g48s3g66j6i22j55g9m76g49g93g1g188g4j7g44k3h",
    "https://puzz.link/p?shikaku/10/10/x3gag.s9m.p.m8s-10g.gax",
    "https://puzz.link/p?shikaku/8/8/2222y.j55j66j.y3333",
]


@pytest.mark.parametrize("url", PUBLIC_URLS)
def test_public_urls_re_encode_to_the_same_body(url: str) -> None:
    pid = url.split("?", 1)[1].split("/", 1)[0]
    g = get_genre(puzzlink.genre_of_pid(pid) or "")
    puzzle = g.decode_url(url)
    assert g.encode_url(puzzle).rsplit("/", 1)[1] == url.rsplit("/", 1)[1]


def test_question_mark_clues_decode_as_unknown() -> None:
    p = get_genre("shikaku").decode_url("https://puzz.link/p?shikaku/8/8/2222y.j55j66j.y3333")
    assert p.cells[2][7] == UNKNOWN and p.cells[5][0] == UNKNOWN and p.cells[0][:4] == (2, 2, 2, 2)
