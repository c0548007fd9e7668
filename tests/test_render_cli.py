"""``puzzlebot render``: one PNG per record, puzzle or solution view, friendly errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.cli import main
from rendering import palette as pal
from tests import corpus as shared
from tests.synthetic import board


def records(genre: str, count: int) -> list[dict[str, Any]]:
    """Own-corpus records with solutions; synthetic ones for a genre without an own corpus file."""
    if genre in shared.own_genres():
        return [r for r in shared.own(genre) if r.get("solution")][:count]
    out = []
    for i in range(count):
        puzzle, solution = board(genre, 5 + i, 6)
        out.append(puzzle.to_record(id=f"{genre}-synthetic-{i}", solution=solution.to_json()))
    return out


def colours(path: Path) -> set[tuple[int, int, int]]:
    return {c for _n, c in Image.open(path).convert("RGB").getcolors(1 << 22) or ()}


def test_render_cli_writes_one_png_per_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    recs = records("masyu", 2) + records("numberlink", 1)
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    for view in ("solution", "puzzle"):
        out = tmp_path / view
        assert main(["render", "--jsonl", str(src), "--out", str(out), "--view", view]) == 0
        for rec in recs:
            cols = colours(out / f"{rec['id']}.png")
            if rec["genre"] == "masyu":
                assert (pal.LINE in cols) == (view == "solution")
            else:
                hues = {c for c in pal.PATH_COLORS if len(set(c)) > 1}  # greys also edge the digits
                assert bool(cols & hues) == (view == "solution")
    printed = capsys.readouterr().out.split()
    assert len(printed) == 2 * len(recs)


def test_render_cli_reports_bad_lines_and_carries_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "in.jsonl"
    good = {"id": "ok", "genre": "yinyang", "grid": ["W . B", ". . ."]}
    src.write_text("not json\n" + json.dumps(good) + "\n", encoding="utf-8")
    assert main(["render", "--jsonl", str(src), "--out", str(tmp_path / "o"), "--view", "puzzle"]) == 2
    assert (tmp_path / "o" / "ok.png").exists()
    err = capsys.readouterr().err
    assert "line 1" in err and "Traceback" not in err


def test_render_cli_solution_view_needs_a_solution_of_the_right_shape(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    grid = ["W . B", ". . ."]
    lines = [
        {"id": "none", "genre": "yinyang", "grid": grid},
        {"id": "shape", "genre": "yinyang", "grid": grid, "solution": {"loop": ["0 0 0", "0 0 0"]}},
        {"id": "short", "genre": "yinyang", "grid": grid, "solution": {"colors": ["WWB"]}},
        {"id": "good", "genre": "yinyang", "grid": grid, "solution": {"colors": ["WWB", "WBB"]}},
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in lines) + "\n", encoding="utf-8")
    out = tmp_path / "o"
    assert main(["render", "--jsonl", str(src), "--out", str(out), "--view", "solution"]) == 2
    assert sorted(p.name for p in out.iterdir()) == ["good.png"]
    err = capsys.readouterr().err.splitlines()
    assert [e.split(":")[1].strip() for e in err] == ["line 1", "line 2", "line 3"]
    assert "no 'solution'" in err[0] and "'colors'" in err[1] and "1 row in" in err[2]
    assert "Traceback" not in "\n".join(err)
    assert pal.DEDUCED_BLACK in colours(out / "good.png")  # the deduced black cell (row 2, column 3)


def test_render_cli_draws_a_parsed_board_without_view(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`puzzlebot parse URL | puzzlebot render --jsonl -`: with no --view a record without a
    solution draws its givens (it was refused, "no 'solution'", unless --view puzzle was given),
    and a record with one still draws it."""
    import io

    assert main(["parse", "https://puzz.link/p?mashu/5/5/i60026b00"]) == 0
    parsed = json.loads(capsys.readouterr().out)
    solved = records("masyu", 1)[0]
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(parsed) + "\n" + json.dumps(solved) + "\n"))
    out = tmp_path / "o"
    assert main(["render", "--jsonl", "-", "--out", str(out)]) == 0
    assert capsys.readouterr().err == ""
    assert pal.LINE not in colours(out / "line1.png")  # the givens: no loop drawn
    assert pal.LINE in colours(out / f"{solved['id']}.png")  # the record's solution drawn


def test_render_cli_out_naming_a_file_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--out naming a file said "cannot write ...: File exists"."""
    src, out = tmp_path / "in.jsonl", tmp_path / "pics"
    src.write_text(json.dumps({"genre": "yinyang", "grid": ["W . B", ". . ."]}) + "\n", encoding="utf-8")
    out.write_text("", encoding="utf-8")
    assert main(["render", "--jsonl", str(src), "--out", str(out)]) == 2
    assert capsys.readouterr().err == f"puzzlebot render: cannot write {out}: it is a file, not a folder\n"


def test_render_cli_names_a_solve_verdict_given_as_a_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`parse | solve | render`: a verdict line was refused as "The record has no 'genre'"."""
    import io

    verdict = {"id": None, "status": "unique", "solution": {"colors": ["WWB"]}, "second_solution": None,
               "seconds": 0.01, "error": None}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(verdict) + "\n"))
    assert main(["render", "--jsonl", "-", "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "line 1: this is a verdict of puzzlebot solve, not a puzzle record" in err and "genre" not in err


def test_render_cli_refuses_a_solution_that_breaks_the_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 'solution' of the right shape that is no solution (a white area split in two, a rectangle
    off the board, a line that does not connect back) was drawn as the solved board: each line is
    refused naming the first broken rule, and the right one is still drawn."""
    lines = [
        {"id": "split", "genre": "yinyang", "grid": [". .", ". ."], "solution": {"colors": ["WB", "BW"]}},
        {"id": "off", "genre": "shikaku", "grid": ["2 .", "2 ."], "solution": {"rects": [[0, 0, 5, 5]]}},
        {"id": "open", "genre": "masyu", "grid": [". W .", ". . B"], "solution": {"loop": ["2 0 0", "0 0 0"]}},
        {"id": "good", "genre": "shikaku", "grid": ["2 .", "2 ."], "solution": {"rects": [[0, 0, 1, 2], [1, 0, 1, 2]]}},
    ]
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in lines) + "\n", encoding="utf-8")
    out = tmp_path / "o"
    assert main(["render", "--jsonl", str(src), "--out", str(out)]) == 2
    assert sorted(p.name for p in out.iterdir()) == ["good.png"]
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3
    assert all("is not a solution of its board" in e and "--view puzzle" in e for e in err)
    assert "line 1:" in err[0] and "white cells are split into 2" in err[0]
    assert "line 2:" in err[1] and "does not lie inside the 2x2 board" in err[1]
    assert "line 3:" in err[2] and "row 1, column 1 goes right" in err[2]
    # --view puzzle still draws the givens of every line
    assert main(["render", "--jsonl", str(src), "--out", str(tmp_path / "p"), "--view", "puzzle"]) == 0
