"""Cells cut from the tuning picture sets' pictures, labelled with their kind by the truth: a
``train`` split's to train on, a ``dev`` split's to measure on; never a ``test`` split, nor a
held-out picture to train on.

    PYTHONPATH=. .venv/bin/python bench/kindnet/harvest.py /tmp/kinds-dev.npz /tmp/vr-sets/dev:print,photo

Each picture is read by the reader; every board it straightened at the true size (not a bare one:
its rings are taken out) is cut into cells as the reader cuts them, each labelled ``.``, ``W``,
``B`` or a number by the truth. Only boards of genres whose tokens are those.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))
_spec = importlib.util.spec_from_file_location("glyph_harvest", HERE.parent / "glyphnet" / "harvest.py")
assert _spec is not None and _spec.loader is not None
glyph_harvest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(glyph_harvest)

from vision.cells import cell_ink  # noqa: E402
from vision.kindnet import KINDS, Kind, features  # noqa: E402

NUMBER = re.compile(r"^[0-9]{1,3}$|^\?$")
GENRES = {"masyu", "numberlink", "shikaku", "slitherlink", "yinyang", "fillomino", "nurikabe"}


def label(token: str) -> Kind | None:
    if token in (".", "W", "B"):
        return Kind(token)
    return Kind.NUMBER if NUMBER.match(token) else None


def harvest(folder: Path, kinds: set[str]) -> tuple[np.ndarray, np.ndarray]:
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        held = t["kind"] == "heldout" and folder.name != "dev"
        if held or t["kind"] not in kinds or t["genre"] not in GENRES or "test" in folder.parts:
            continue
        grid = [row.split() for row in t["grid"]]
        for board in glyph_harvest._boards((folder / t["file"]).read_bytes()):
            if (board.rows, board.cols) != (t["rows"], t["cols"]) or board.bare:
                continue
            for r, row in enumerate(grid):
                for c, tok in enumerate(row):
                    kind = label(tok)
                    box = (float(board.xs[c]), float(board.xs[c + 1]), float(board.ys[r]), float(board.ys[r + 1]))
                    found = cell_ink(board.paper, *box)
                    if kind is not None and found is not None:
                        xs.append(features(found.dark))
                        ys.append(KINDS.index(kind))
            break  # (the first board at the true size: the crops read again show the same cells)
    if not xs:
        return np.zeros((0, len(features(np.zeros((20, 20))))), np.float32), np.zeros(0, np.int64)
    return np.stack(xs).astype(np.float32), np.array(ys, np.int64)


def main() -> int:
    out, *specs = sys.argv[1:]
    xs, ys = [], []
    for spec in specs:  # folder:kind,kind
        folder, kinds = spec.split(":")
        x, y = harvest(Path(folder), set(kinds.split(",")))
        print(f"{folder} {kinds}: {len(y)} cells " + ", ".join(
            f"{k.name.lower()} {int((y == i).sum())}" for i, k in enumerate(KINDS)), flush=True)
        xs.append(x)
        ys.append(y)
    np.savez_compressed(out, x=np.concatenate(xs), y=np.concatenate(ys))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
