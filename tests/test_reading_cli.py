"""``puzzlebot parse`` and ``puzzlebot url``: one record / one URL per input, exit 2 with a message on errors."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from bot.cli import main
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from tests.corpus import OWN, own


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8"))


def test_parse_prints_one_record_with_url(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    _stdin(monkeypatch, "masyu\n. W .\n. . B\n")
    assert main(["parse"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec == {"genre": "masyu", "rows": 2, "cols": 3, "grid": [". W .", ". . B"],
                   "url": "https://puzz.link/p?mashu/3/2/32"}
    assert read_board(rec["url"]).cells == Puzzle.from_record(rec).cells


def test_parse_genre_flag_and_file(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    f = tmp_path / "board.txt"
    f.write_text("0 1 0\n0 0 2\n", encoding="utf-8")
    assert main(["parse", "--genre", "yinyang", str(f)]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["genre"] == "yinyang" and rec["url"] == "https://puzz.link/p?yinyang/3/2/32"


def test_parse_flow_header_keeps_fill(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    _stdin(monkeypatch, "flow free\n1 . 2\n1 . 2\n")
    assert main(["parse"]) == 0
    assert json.loads(capsys.readouterr().out)["fill"] is True


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0 1 0\n0 0 2\n", "could be Nurikabe or Fillomino or Masyu or Yin-Yang"),
        ("1 . 7\n. . .\n1 . 2\n", "Number 7 appears once"),
        ("q%", "Unknown symbol '%' at row 1, column 2"),
        ("\xff\xfe", "I found no board"),
        ("thanks, bye", "I found no board"),
        ("https://example.com/nothing", "does not look like a puzz.link URL"),
        # a puzz.link address with nothing after "p?": "no board size after ''" named nothing to fix
        ("https://puzz.link/p?", "does not look like a puzz.link URL (https://puzz.link/p?<genre>/"),
        ("https://puzz.link/p?mashu/3", "no board size after 'mashu'"),
    ],
)
def test_parse_errors_exit_2_with_message(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture,
                                          text: str, message: str) -> None:
    _stdin(monkeypatch, text)
    assert main(["parse"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("puzzlebot parse: ") and message in out.err
    assert "Traceback" not in out.err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("akari\n. . 1\n. . .\n2 . .\n", "the text with the board names Akari ('akari'), but --genre asks for Masyu"),
        # the genre named on another line than the first, or below the board: not "the first line"
        ("hello bot\nakari\n. . 1\n. . .\n2 . .\n", "the text with the board names Akari ('akari')"),
        (". . 1\n. . .\n2 . .\nthis is an akari\n", "the text with the board names Akari ('akari')"),
        ('{"genre": "akari", "grid": [". . 1", ". . .", "2 . ."]}', "the record's genre is Akari ('akari')"),
        ("https://puzz.link/p?akari/3/3/hbgc", "The puzz.link URL's genre is Akari ('akari'), but you asked for Masyu"),
    ],
)
def test_parse_genre_flag_against_another_named_genre_is_refused(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture, text: str, message: str) -> None:
    """`parse --genre masyu` on an Akari-headed board read its 1 and 2 as white and black circles
    and printed a Masyu record (exit 0); now the conflict is named, as for a URL of another genre."""
    _stdin(monkeypatch, text)
    assert main(["parse", "--genre", "masyu"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and message in out.err


def test_parse_genre_flag_agreeing_with_the_header_reads(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture) -> None:
    """A header naming the asked genre by another name reads ("Light and Shadow", tried here before,
    is no header: it read because nothing was named, so the test could not fail)."""
    _stdin(monkeypatch, "Light Up\n. . 1\n. . .\n2 . .\n")  # an alias of the same genre
    assert main(["parse", "--genre", "akari"]) == 0
    assert json.loads(capsys.readouterr().out)["grid"] == [". . 1", ". . .", "2 . ."]


def test_a_board_puzzlink_cannot_write_is_parsed_without_url_and_url_says_why(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """The guide said parse stops on such a board (exit 2); it prints the record without a url, and
    url's reason read "for a 8x8 sudoku"."""
    grid = [". 5 4 . . 3 . 8", ". . . . 1 . . .", "7 . . 5 . . . .", ". 8 6 3 4 . 7 .",
            ". 3 . 8 7 1 4 .", ". . . . 8 . . 3", ". . . 1 . . . .", "8 . 3 . . 6 1 ."]
    _stdin(monkeypatch, "sudoku\n" + "\n".join(grid) + "\n")
    assert main(["parse"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert rec["grid"] == grid and "url" not in rec
    _stdin(monkeypatch, json.dumps(rec) + "\n")
    assert main(["url", "--jsonl", "-"]) == 2
    out = capsys.readouterr()
    assert out.out == "\n" and "line 1: puzz.link has no URL for a sudoku of 8x8" in out.err


def test_parse_takes_a_puzzlink_url_as_its_argument(capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse <URL>`, as the issues write it: the URL itself, not a file of that name."""
    assert main(["parse", "https://puzz.link/p?heyawake/6/6/ssv760sfv3nvw"]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert (rec["genre"], rec["rows"], rec["cols"]) == ("heyawake", 6, 6)
    assert rec["regions"][0] == "1 2 3 4 4 4" and rec["regions"][5] == "17 17 17 17 17 17"
    assert main(["parse", "https://example.com/p?masyu/3/3/000"]) == 2
    err = capsys.readouterr().err
    assert "does not look like a puzz.link URL" in err and "cannot read" not in err


def test_parse_missing_file(capsys: pytest.CaptureFixture) -> None:
    assert main(["parse", "/nonexistent/board.txt"]) == 2
    assert "cannot read /nonexistent/board.txt" in capsys.readouterr().err


def test_url_prints_one_url_per_record(capsys: pytest.CaptureFixture) -> None:
    assert main(["url", "--jsonl", str(OWN / "shikaku.jsonl")]) == 0
    urls = capsys.readouterr().out.splitlines()
    recs = own("shikaku")
    assert len(urls) == len(recs)
    for url, rec in zip(urls, recs, strict=True):
        assert url.startswith("https://puzz.link/p?shikaku/")
        assert read_board(url).cells == Puzzle.from_record(rec).cells


def test_url_bad_line_keeps_one_line_per_record(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    _stdin(monkeypatch, '{"genre": "masyu", "grid": ["W B"]}\nnot json\n{"genre": "yinyang", "grid": ["W B"]}\n')
    assert main(["url", "--jsonl", "-"]) == 2
    out = capsys.readouterr()
    assert out.out.splitlines() == ["https://puzz.link/p?mashu/2/1/f", "", "https://puzz.link/p?yinyang/2/1/f"]
    # once, not "line 2: line 2 is not valid JSON"
    assert out.err.strip() == "puzzlebot url: line 2 is not valid JSON (Expecting value at column 1)"


def test_parse_errors_name_no_chat_command(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse page.html` on a page with no board ended "(see /help)", a chat command that
    means nothing on the command line; a fragment with rooms and no site is pointed at --genre."""
    plain = tmp_path / "cooking.html"
    plain.write_text("<html><body><p>No puzzle here.</p></body></html>")
    assert main(["parse", str(plain)]) == 2
    err = capsys.readouterr().err
    assert "I found no board in this HTML" in err and "/help" not in err
    sites = Path(__file__).resolve().parent / "data" / "sites"
    fragment = tmp_path / "fragment.html"
    fragment.write_text((sites / "heyawake_fragment.html").read_text(encoding="utf-8").replace(
        "<!-- copied from https://www.puzzle-heyawake.com/ -->", ""), encoding="utf-8")
    assert main(["parse", str(fragment)]) == 2
    err = capsys.readouterr().err
    assert "--genre" in err and "/help" not in err
    assert main(["parse", "--genre", "heyawake", str(fragment)]) == 0


@pytest.mark.parametrize("arg", ["<https://puzz.link/p?nurikabe/3/3/1l5g>", "'https://puzz.link/p?nurikabe/3/3/1l5g'",
                                 "puzz.link/p?nurikabe/3/3/1l5g"])
def test_parse_takes_a_url_as_chat_shows_it_or_without_its_scheme(arg: str, capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse '<https://puzz.link/p?...>'` (copied from a chat) or `puzz.link/p?...` (copied
    from an address bar that hides the scheme) was taken for a file name: "cannot read ... No such file"."""
    assert main(["parse", arg]) == 0
    rec = json.loads(capsys.readouterr().out)
    assert (rec["genre"], rec["rows"], rec["cols"]) == ("nurikabe", 3, 3)


def test_read_image_with_the_wrong_genre_says_so(tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot read-image akari.png --genre masyu` told the player to "send a sharper, better lit
    picture"; the picture was fine, the genre was not."""
    from rendering import render_png
    from solvers.registry import GENRES

    board = tmp_path / "board.png"
    board.write_bytes(render_png(read_board(GENRES["akari"].example, "akari"), None, view="puzzle"))
    assert main(["read-image", str(board), "--genre", "masyu"]) == 2
    err = capsys.readouterr().err
    assert "reads as Akari, not Masyu" in err and "sharper" not in err
    assert main(["read-image", str(board)]) == 0
    assert json.loads(capsys.readouterr().out)["genre"] == "akari"


def test_reading_a_picture_leaves_opencvs_warnings_on_for_the_rest_of_the_process(tmp_path: Path) -> None:
    """OpenCV's warnings were turned off for the whole process when vision was imported, hiding
    any other OpenCV warning of the bot; they are held back only while a picture is decoded (a
    PNG cut short still puts no "WARN" on stderr)."""
    import subprocess

    whole = (Path(__file__).parent / "data" / "images" / "pzprjs-own-masyu-12-screenshot.png").read_bytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(whole[: len(whole) // 2])
    code = ("import sys, cv2\n"
            "before = cv2.utils.logging.getLogLevel()\n"
            "from vision.decode import decode_full\n"
            "imported = cv2.utils.logging.getLogLevel()\n"
            "try:\n"
            "    decode_full(open(sys.argv[1], 'rb').read(), max_bytes=10**8, max_pixels=10**8)\n"
            "except Exception:\n"
            "    pass\n"
            "print(before, imported, cv2.utils.logging.getLogLevel())\n")
    proc = subprocess.run([sys.executable, "-c", code, str(cut)], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).parent.parent, env={"PYTHONPATH": ".", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr
    before, imported, after = proc.stdout.split()
    assert before == imported == after
    assert "WARN" not in proc.stderr


def test_read_image_of_a_broken_or_enormous_picture_says_one_true_line(
        tmp_path: Path, capfd: pytest.CaptureFixture) -> None:
    """A PNG cut short got OpenCV's "[ WARN:0@0.7] ... PNG input buffer is incomplete" on stderr
    beside the refusal; a 20000x20000 picture (over Pillow's bound) was "not a picture I can open"."""
    import struct
    import zlib

    whole = (Path(__file__).parent / "data" / "images" / "pzprjs-own-masyu-12-screenshot.png").read_bytes()
    cut = tmp_path / "cut.png"
    cut.write_bytes(whole[: len(whole) // 2])
    assert main(["read-image", str(cut)]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and err.startswith("puzzlebot read-image: ") and "WARN" not in err

    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    header = struct.pack(">IIBBBBB", 20000, 20000, 8, 0, 0, 0, 0)  # 8-bit grey, 400 megapixels
    huge = tmp_path / "huge.png"
    huge.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))
    assert main(["read-image", str(huge)]) == 2
    err = capfd.readouterr().err
    assert "megapixels" in err and "not a picture" not in err


def test_parse_takes_a_url_longer_than_a_file_name_can_be(capsys: pytest.CaptureFixture) -> None:
    """A scheme-less URL over the system's 4096-byte name limit was looked up as a file: exists()
    raised and parse said "cannot read ...: File name too long" instead of reading the board."""
    url = "puzz.link/p?nurikabe/59/59/" + "-10g" * 1741
    assert main(["parse", url]) == 2
    err = capsys.readouterr().err
    assert "cannot read" not in err and "islands need" in err


@pytest.mark.parametrize("arg", ["saved.pages/board?id=1.html", "example.com/p?nurikabe/3/3/1l5g"])
def test_parse_missing_file_with_a_host_like_name_is_a_missing_file(arg: str, capsys: pytest.CaptureFixture) -> None:
    """A missing file whose name looks like a host with a '?' was read as a URL and answered with a
    grid error ("Unknown symbol '/'"); only the board reader's hosts are taken without a scheme."""
    assert main(["parse", arg]) == 2
    err = capsys.readouterr().err
    assert f"cannot read {arg}" in err and "Unknown symbol" not in err


def test_parse_given_a_picture_points_to_read_image(capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse board.png` read the PNG's bytes as text: "Row 2 has 3 cells, the rows above have 1"."""
    picture = Path(__file__).parent / "data" / "images" / "pzprjs-own-masyu-12-screenshot.png"
    assert main(["parse", str(picture)]) == 2
    err = capsys.readouterr().err
    assert f"{picture} is a picture: read its board with puzzlebot read-image" in err and "Row" not in err


def test_parse_of_a_genre_name_alone_speaks_of_the_input_not_a_message(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    """`printf 'masyu\\n' | puzzlebot parse -` said "Send the board in the same message" (the chat's words)."""
    _stdin(monkeypatch, "masyu\n")
    assert main(["parse", "-"]) == 2
    err = capsys.readouterr().err
    assert "I see Masyu but no board below it" in err and "same file or input" in err and "message" not in err


def test_parse_given_a_picture_on_standard_input_points_to_read_image(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse - < board.png` read the PNG's bytes as a ragged board ("Row 2 has 3 cells")."""
    picture = Path(__file__).parent / "data" / "images" / "pzprjs-own-masyu-12-screenshot.png"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(picture.read_bytes()), encoding="utf-8"))
    assert main(["parse", "-"]) == 2
    err = capsys.readouterr().err
    assert "the standard input is a picture" in err and "read-image" in err and "Row" not in err


def test_parse_with_an_empty_argument_says_so(capsys: pytest.CaptureFixture) -> None:
    """`puzzlebot parse "$URL"` with URL unset said "cannot read : No such file or directory"."""
    assert main(["parse", ""]) == 2
    assert capsys.readouterr().err == ("puzzlebot parse: the argument is empty: give a file, a puzz.link URL, "
                                       "or - for standard input\n")


def test_read_image_asks_a_clue_the_record_s_genre_drops(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture) -> None:
    """A reading listed as two genres, the first of which holds its 0 as no clue, was printed as that
    genre's record with the 0 gone and nothing unsure (the reader asks only a clue every genre drops)."""
    import vision
    from vision.results import Reading

    rows = ["0 . 3 . .", ". . . . .", ". . . . .", ". . . . .", ". . . . 2"]
    read = Reading(rows=5, cols=5, tokens=tuple(tuple(r.split()) for r in rows), genres=("fillomino", "slitherlink"),
                   unsure=(), seconds=0.0)
    monkeypatch.setattr(vision, "read_image", lambda data, genre=None: read)
    board = tmp_path / "board.png"
    board.write_bytes(b"not read")
    assert main(["read-image", str(board)]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["genre"] == "fillomino" and record["unsure"] == [[0, 0]]


def test_parse_reads_a_file_as_the_chat_reads_an_attached_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A ZIP's bytes were read as a board ("Unknown symbol 'U+0003' at row 1, column 3") and a
    board saved as UTF-16 or Shift-JIS as mojibake; the archive is refused as binary, naming the
    file, and the two texts read as the same board as their UTF-8 copy."""
    archive = tmp_path / "boards.zip"
    archive.write_bytes(b"PK\x03\x04\x14\x00\x00\x00\x08\x00garbage\n")
    assert main(["parse", str(archive)]) == 2
    assert capsys.readouterr().err == (
        f"puzzlebot parse: {archive} is not text (it looks like a binary file, such as an archive): parse reads "
        "a board typed as text, a puzz.link URL or a saved page\n")
    board = "ましゅ\n○ ・ ●\n・ ・ ・\n"
    for encoding in ("utf-16", "shift_jis", "utf-8"):
        path = tmp_path / f"{encoding}.txt"
        path.write_bytes(board.encode(encoding))
        assert main(["parse", str(path)]) == 0, capsys.readouterr().err
        assert json.loads(capsys.readouterr().out)["grid"] == ["W . B", ". . ."], encoding
