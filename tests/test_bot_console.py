"""The offline console chat, run like a user would: ``puzzlebot run`` with no token, boards on stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.corpus import REPO

SESSION = """/help
masyu
B . . . B
. . . . .
. . . . B
. B . W .
B . . . .

W . . B
. . . .
. . W .
. . . .

2
numberlink
1 . 2
. . .
3 . 1

/nonsense
shikaku
. 2
2 .
"""


def run_console(tmp_path: Path, stdin: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {**os.environ, "PYTHONPATH": str(REPO), "TELEGRAM_TOKEN": "", "PUZZLEBOT_POOL_SIZE": "1",
               "PUZZLEBOT_TIME_LIMIT": "10", **env}
    return subprocess.run([sys.executable, "-m", "bot.cli", "run", "--env-file", str(tmp_path / "none.env")],
                          input=stdin, capture_output=True, text=True, cwd=tmp_path, env=environ, timeout=120)


@pytest.mark.slow
def test_console_chat_solves_asks_and_explains(tmp_path: Path) -> None:
    proc = run_console(tmp_path, SESSION)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in out
    assert "Numberlink:\n" in out  # /help with examples
    assert "Masyu 5×5: unique solution" in out
    assert "Which genre is it?" in out and "  2) Yin-Yang" in out
    assert "Yin-Yang 4×4: several solutions" in out
    assert "Number 2 appears once" in out or "number 2" in out.lower()  # the broken Numberlink board
    assert "I don't know /nonsense" in out
    assert "Shikaku 2×2" in out  # the last board, ended by EOF instead of a blank line
    pictures = sorted((tmp_path / "puzzlebot-out").glob("*.png"))
    assert [p.name for p in pictures][:2] == ["001-masyu-5x5-solution.png", "002-yinyang-4x4-solution.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in pictures)
    for p in pictures:
        assert f"Picture: puzzlebot-out/{p.name}" in out
    assert out.rstrip().endswith("Bye.")


@pytest.mark.slow
def test_console_chat_in_japanese_and_bad_config(tmp_path: Path) -> None:
    proc = run_console(tmp_path, "masyu\nB . . . B\n. . . . .\n. . . . B\n. B . W .\nB . . . .\n", PUZZLEBOT_LANG="ja")
    assert proc.returncode == 0 and "唯一解" in proc.stdout and "画像: puzzlebot-out/" in proc.stdout
    bad = run_console(tmp_path, "", PUZZLEBOT_POOL_SIZE="zero", TELEGRAM_TOKEN="not-a-token")
    assert bad.returncode == 2
    assert "PUZZLEBOT_POOL_SIZE='zero' is not a whole number" in bad.stderr
    assert "TELEGRAM_TOKEN does not look like a bot token" in bad.stderr
    assert "not-a-token" not in bad.stderr and "Traceback" not in bad.stderr
