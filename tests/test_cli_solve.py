"""The ``puzzlebot solve`` contract, run as a real process: one JSON verdict per record, in order."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solvers.puzzle import Puzzle
from solvers.registry import get_genre
from tests import corpus

REPO = Path(__file__).resolve().parents[1]
KEYS = {"id", "status", "solution", "second_solution", "seconds", "error"}


def run_cli(*args: str, stdin: str | None = None, command: list[str] | None = None) -> list[dict]:
    cmd = command or [sys.executable, "-m", "bot.cli"]
    proc = subprocess.run([*cmd, "solve", *args], input=stdin, capture_output=True, text=True, cwd=REPO,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    return [json.loads(line) for line in proc.stdout.splitlines()]


YY = corpus.own("yinyang")[2]
SK = corpus.own("shikaku")[3]
LINES = [
    json.dumps(YY),
    "{not json",
    json.dumps({"id": "g", "genre": "notagenre", "grid": ["1 2", "2 1"]}),
    json.dumps({"id": "ragged", "genre": "yinyang", "grid": [". . .", ". ."]}),
    json.dumps({"id": "total", "genre": "shikaku", "grid": ["4 .", ". 2"]}),
    "",
    json.dumps({"id": "multi", "genre": "shikaku", "grid": ["2 .", ". 2"]}),
    json.dumps({"id": "none", "genre": "yinyang", "grid": ["W B W"]}),
    json.dumps([1, 2]),
    json.dumps(SK | {"solution": None, "url": "ignored"}),
]


@pytest.fixture(scope="module")
def records_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli") / "records.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    return path


def check_outputs(out: list[dict], unique: bool = True) -> None:
    assert [o["id"] for o in out] == [YY["id"], None, "g", "ragged", "total", "multi", "none", None, SK["id"]]
    for o in out:
        assert set(o) == KEYS
        assert isinstance(o["seconds"], int | float) and o["seconds"] >= 0
    yy, bad_json, genre, ragged, total, multi, none, not_object, sk = out
    solved = "unique" if unique else "solved"
    assert yy["status"] == solved and yy["solution"] == YY["solution"] and yy["error"] is None
    assert sk["status"] == solved and sorted(sk["solution"]["rects"]) == sorted(SK["solution"]["rects"])
    assert bad_json["status"] == "invalid" and "line 2" in bad_json["error"] and "JSON" in bad_json["error"]
    assert genre["status"] == "invalid" and "notagenre" in genre["error"]
    assert ragged["status"] == "invalid" and "Row 2" in ragged["error"]
    assert total["status"] == "invalid" and "6" in total["error"] and "4" in total["error"]
    for o in (bad_json, genre, ragged, total, not_object):
        assert o["solution"] is None and o["second_solution"] is None and o["error"]
    assert not_object["status"] == "invalid"
    assert none["status"] == "none" and none["solution"] is None and none["error"]
    if unique:
        assert multi["status"] == "multiple" and multi["solution"] != multi["second_solution"]
        shikaku = get_genre("shikaku")
        p = Puzzle.from_record({"genre": "shikaku", "grid": ["2 .", ". 2"]})
        first, second = (shikaku.solution_from_json(multi[k], p) for k in ("solution", "second_solution"))
        assert shikaku.check(p, first) == [] and shikaku.check(p, second) == []
    else:
        assert multi["status"] == "solved" and multi["second_solution"] is None
        assert yy["second_solution"] is None


@pytest.mark.slow
def test_solve_file_in_order_and_bad_records_do_not_stop_the_run(records_file: Path) -> None:
    check_outputs(run_cli("--jsonl", str(records_file), "--time-limit", "20"))


@pytest.mark.slow
def test_solve_stdin_no_unique(records_file: Path) -> None:
    check_outputs(run_cli("--jsonl", "-", "--no-unique", stdin=records_file.read_text()), unique=False)


@pytest.mark.slow
def test_time_limit_is_kept() -> None:
    # big sparse Yin-Yang boards: whatever the verdict, the CLI answers every one (no timing asserted)
    rnd = random.Random(4)
    lines = []
    for n in range(3):
        grid = [" ".join(rnd.choice("WB") if rnd.random() < 0.02 else "." for _ in range(40)) for _ in range(40)]
        lines.append(json.dumps({"id": f"big{n}", "genre": "yinyang", "grid": grid}))
    out = run_cli("--jsonl", "-", "--time-limit", "1", stdin="\n".join(lines) + "\n")
    assert [o["id"] for o in out] == ["big0", "big1", "big2"]
    for o in out:
        assert o["status"] in ("timeout", "multiple", "unique", "none", "invalid"), o
        if o["status"] == "timeout":
            assert "1 s" in o["error"]
    empty = {"id": "empty", "genre": "yinyang", "grid": [" ".join("." * 30)] * 30}
    (o,) = run_cli("--jsonl", "-", "--time-limit", "1", stdin=json.dumps(empty) + "\n")
    assert o["status"] == "multiple" and o["solution"] != o["second_solution"]


def test_console_script(records_file: Path) -> None:
    script = shutil.which("puzzlebot", path=str(REPO / ".venv" / "bin"))
    if script is None:
        pytest.skip("the puzzlebot console script is not installed (bash scripts/setup installs it)")
    check_outputs(run_cli("--jsonl", str(records_file), command=[script]))


@pytest.mark.parametrize("args", [
    ["solve", "--jsonl", "/nonexistent"],
    ["url", "--jsonl", "/nonexistent"],
    ["render", "--jsonl", "/nonexistent", "--out", "x"],
    ["solve", "--jsonl", "/tmp"],
    ["render", "--jsonl", "-", "--out", "/proc/x"],
])
def test_file_errors_are_one_plain_sentence_and_exit_2(args: list[str], tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "bot.cli", *args], input=json.dumps(YY) + "\n", capture_output=True,
                          text=True, cwd=tmp_path, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"puzzlebot {args[0]}: cannot ")


def test_help_texts_name_the_views_and_the_genres() -> None:
    from bot.cli import build_parser
    from solvers.registry import GENRES

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command").choices  # type: ignore[attr-defined]
    assert "the givens only" in sub["render"].format_help()
    assert all(name in sub["generate"].format_help() for name in GENRES)
    assert all(name in parser.format_help() for name in GENRES)  # the command list shows them too


def test_database_side_files_are_ignored() -> None:
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").split()
    assert {"*.db-wal", "*.db-shm", "*.migrate.lock"} <= set(ignored)


@pytest.mark.parametrize("option", [["--time-limit", "-1"], ["--time-limit", "0"], ["--time-limit", "nan"],
                                    ["--time-limit", "inf"], ["--workers", "-3"]])
def test_a_limit_that_means_nothing_is_refused(option: list[str], capsys: pytest.CaptureFixture) -> None:
    """--time-limit -1 (or 0, nan, inf) and --workers -3 used to be taken and the records solved anyway."""
    from bot.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["solve", "--jsonl", "-", *option])
    assert stop.value.code == 2
    assert f"argument {option[0]}: must be" in capsys.readouterr().err
