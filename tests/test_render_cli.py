"""``puzzlebot render``: one PNG per record, puzzle or solution view, friendly errors."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image

from bot.cli import main
from rendering import palette as pal
from tests.corpus import own


def test_render_cli_writes_one_png_per_record(tmp_path: Path, capsys) -> None:
    recs = list(own("masyu")[:2]) + list(own("numberlink")[:1])
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    for view in ("solution", "puzzle"):
        out = tmp_path / view
        assert main(["render", "--jsonl", str(src), "--out", str(out), "--view", view]) == 0
        for rec in recs:
            img = Image.open(out / f"{rec['id']}.png").convert("RGB")
            colors = {c for _n, c in img.getcolors(1 << 20)}
            if rec["genre"] == "masyu":
                assert (pal.LINE in colors) == (view == "solution")
    printed = capsys.readouterr().out.split()
    assert len(printed) == 2 * len(recs)


def test_render_cli_reports_bad_lines_and_carries_on(tmp_path: Path, capsys) -> None:
    src = tmp_path / "in.jsonl"
    good = {"id": "ok", "genre": "yinyang", "grid": ["W . B", ". . ."]}
    src.write_text("not json\n" + json.dumps(good) + "\n", encoding="utf-8")
    assert main(["render", "--jsonl", str(src), "--out", str(tmp_path / "o"), "--view", "puzzle"]) == 2
    assert (tmp_path / "o" / "ok.png").exists()
    err = capsys.readouterr().err
    assert "line 1" in err and "Traceback" not in err
