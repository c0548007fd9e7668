"""Glyphs cut from the tuning picture sets' pictures, labelled by their truth: a ``train`` split's to
train on, a ``dev`` split's to measure on; never a ``test`` split, nor a held-out picture to train on.

Each picture is read by the reader; every board it straightened at the true size is cut into cells
and the cells whose truth is a number are cut into glyphs as the reader cuts them (both ink
levels). A board is used only when the present classifier reads most of its numbers right (a board
straightened a cell off would teach wrong labels).
"""

from __future__ import annotations

import contextlib
import json
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

import vision.reading as reading  # noqa: E402
from vision import Unreadable, read_image  # noqa: E402
from vision.cellreads import FAINT_INK  # noqa: E402
from vision.cells import INK, cell_ink, glyph_masks  # noqa: E402
from vision.glyphs import CLASSES, classify, features  # noqa: E402

NUMBER = re.compile(r"^[0-9]{1,3}$|^\?$")
PLAIN = {"numberlink", "shikaku", "slitherlink", "fillomino", "hitori", "nurikabe", "sudoku"}


def _boards(data: bytes) -> list[Any]:
    """Every board the reader straightened while reading the picture."""
    seen: list[Any] = []
    original = reading.read_all  # type: ignore[attr-defined]

    def spy(board: Any, blocks: Any) -> Any:
        seen.append(board)
        return original(board, blocks)

    reading.read_all = spy  # type: ignore[attr-defined]
    try:
        with contextlib.suppress(Unreadable):
            read_image(data)
    finally:
        reading.read_all = original  # type: ignore[attr-defined]
    return seen


def _cells(board: Any, grid: list[list[str]]) -> list[tuple[list[np.ndarray], str]]:
    out = []
    for r, row in enumerate(grid):
        for c, tok in enumerate(row):
            if not NUMBER.match(tok):
                continue
            box = (float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]), float(board.ys[r + 1]))
            for level in (INK, FAINT_INK):
                found = cell_ink(board.paper, *box, ink_level=level)
                if found is not None:
                    out.append((glyph_masks(found.ink, min_height=0.22 * found.ink.shape[0]), tok))
    return out


def harvest(folder: Path, kinds: set[str], every_screenshot: int = 4) -> tuple[np.ndarray, np.ndarray]:
    """Features and classes of the glyphs of ``folder``'s pictures of these kinds (one screenshot
    in ``every_screenshot``: they are many and alike)."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    shots = 0
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        held = t["kind"] == "heldout" and folder.name != "dev"  # (a dev split's held-out pictures: to measure on)
        if held or t["kind"] not in kinds or t["genre"] not in PLAIN or "test" in folder.parts:
            continue
        if t["kind"] == "screenshot":
            shots += 1
            if shots % every_screenshot:
                continue
        grid = [row.split() for row in t["grid"]]
        if not any(NUMBER.match(tok) for row in grid for tok in row):
            continue
        for board in _boards((folder / t["file"]).read_bytes()):
            if (board.rows, board.cols) != (t["rows"], t["cols"]) or board.bare:
                continue
            cells = [(m, tok) for m, tok in _cells(board, grid) if len(m) == len(tok)]
            if not cells:
                continue
            reads = classify([g for m, _ in cells for g in m])
            right = sum(g.char == ch for g, ch in zip(reads, "".join(tok for _, tok in cells), strict=True))
            if right < 0.7 * len(reads):
                continue
            for masks, tok in cells:
                for m, ch in zip(masks, tok, strict=True):
                    xs.append(features(m))
                    ys.append(CLASSES.index(ch))
    if not xs:
        return np.zeros((0, 257), np.float32), np.zeros(0, np.int64)
    return np.stack(xs).astype(np.float32), np.array(ys, np.int64)


def main() -> int:
    out, *specs = sys.argv[1:]
    xs, ys = [], []
    for spec in specs:  # folder:kind,kind
        folder, kinds = spec.split(":")
        x, y = harvest(Path(folder), set(kinds.split(",")))
        print(f"{folder} {kinds}: {len(y)} glyphs", flush=True)
        xs.append(x)
        ys.append(y)
    np.savez_compressed(out, x=np.concatenate(xs), y=np.concatenate(ys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
