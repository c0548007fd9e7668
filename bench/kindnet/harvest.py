"""Cells cut from the tuning picture sets' pictures, labelled with their kind by the truth: a
``train`` split's to train on, a ``dev`` split's to measure on; never a ``test`` split, nor a
held-out picture.

    PYTHONPATH=. .venv/bin/python bench/kindnet/harvest.py /tmp/kinds-dev.npz /tmp/vr-sets/dev:print,photo[:2]

(``:2``: one picture in two of each kind.)

Each picture is read by the reader until it straightens a board at the true size (not a bare one:
its rings are taken out); that board is cut into cells as the reader cuts them, each labelled
``.``, ``W``, ``B`` or a number by the truth (blocks the reader told by their tone are left out,
as the judge leaves them). A board is used only when the shape rules see ink in most of the
cells the truth has a clue in (a board straightened a cell off would teach wrong labels). One
screenshot in four is read (they are many and alike). Besides the features and kinds, each cell
keeps what the rules read (kind, confidence) and the two ink tests :mod:`vision.kindnet` gates on,
so the judge's rules can be measured on real cells without reading the pictures again
(``bench/kindnet/realjudge.py``). The same pictures give the same file.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))

import vision.cellreads as cellreads  # noqa: E402
import vision.reading as reading  # noqa: E402
from vision import Unreadable, read_image  # noqa: E402
from vision.kindnet import KINDS, Kind, _hollow, _inked, features, kind_of  # noqa: E402

NUMBER = re.compile(r"^[0-9]{1,3}$|^\?$")
GENRES = {"masyu", "numberlink", "shikaku", "slitherlink", "yinyang", "fillomino", "nurikabe", "hitori", "sudoku"}
SEEN = 0.6  # share of the truth's clue cells the rules must see ink in
EVERY_SCREENSHOT = 4
FIELDS = ("x", "y", "ruled", "confidence", "hollow", "inked", "picture")


def label(token: str) -> Kind | None:
    if token in (".", "W", "B"):
        return Kind(token)
    return Kind.NUMBER if NUMBER.match(token) else None


class _Found(BaseException):
    """Raised from inside the reader once a board at the true size is read (no need to go on)."""


def _board(data: bytes, rows: int, cols: int) -> tuple[Any, Any, Any, Any] | None:
    """The first board the reader straightened at ``rows`` x ``cols`` (not bare), with its cells as
    the rules read them, its blocks and its cells' ink, as :func:`vision.kindnet.judged` gets them
    (boards read before it are not judged either)."""
    seen: list[Any] = []
    cells, judged = reading.read_all, cellreads.judged  # type: ignore[attr-defined]

    def spy_cells(board: Any, blocks: Any) -> Any:
        seen.append(board)
        return cells(board, blocks)

    def spy_judged(read: Any, blocks: Any, inks: Any) -> Any:
        board = seen[-1]
        if (board.rows, board.cols) == (rows, cols) and not board.bare:
            raise _Found((board, read, blocks, inks))
        return read, {}  # (not judged: the cells harvested do not depend on the model they will train)

    reading.read_all, cellreads.judged = spy_cells, spy_judged  # type: ignore[attr-defined]
    try:
        read_image(data)
    except _Found as found:
        return found.args[0]  # type: ignore[no-any-return]
    except Unreadable:
        pass
    finally:
        reading.read_all, cellreads.judged = cells, judged  # type: ignore[attr-defined]
    return None


def harvest(folder: Path, kinds: set[str], every: int = 1) -> dict[str, np.ndarray]:
    """The cells of ``folder``'s pictures of these kinds (one in ``every`` of them; of screenshots,
    one in ``every * EVERY_SCREENSHOT``)."""
    rows_out: dict[str, list[Any]] = {k: [] for k in FIELDS}
    names: list[str] = []
    seen: dict[str, int] = {}
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        if t["kind"] == "heldout" or t["kind"] not in kinds or t["genre"] not in GENRES or "test" in folder.parts:
            continue
        seen[t["kind"]] = seen.get(t["kind"], 0) + 1
        if (seen[t["kind"]] - 1) % (every * (EVERY_SCREENSHOT if t["kind"] == "screenshot" else 1)):
            continue
        grid = [row.split() for row in t["grid"]]
        got = _board((folder / t["file"]).read_bytes(), t["rows"], t["cols"])
        if got is None:
            continue
        _, read, blocks, inks = got
        cells = [(r, c, label(tok)) for r, row in enumerate(grid) for c, tok in enumerate(row)
                 if blocks[r][c] is None and inks[r][c] is not None and label(tok) is not None]
        clues = [(r, c) for r, c, k in cells if k is not Kind.EMPTY]
        if clues and sum(read[r][c].token != "." for r, c in clues) < SEEN * len(clues):
            continue
        names.append(f"{folder}/{t['file']}")
        for r, c, kind in cells:
            dark, guess = inks[r][c].dark, read[r][c]
            ruled = kind_of(guess)
            rows_out["x"].append(features(dark))
            rows_out["y"].append(KINDS.index(kind))
            rows_out["ruled"].append(-1 if ruled is None else KINDS.index(ruled))
            rows_out["confidence"].append(guess.confidence)
            rows_out["hollow"].append(_hollow(dark))
            rows_out["inked"].append(_inked(dark))
            rows_out["picture"].append(len(names) - 1)
    width = len(features(np.zeros((20, 20))))
    out: dict[str, np.ndarray] = {"x": np.array(rows_out["x"], np.float32).reshape(-1, width),
           "y": np.array(rows_out["y"], np.int64), "ruled": np.array(rows_out["ruled"], np.int64),
           "confidence": np.array(rows_out["confidence"], np.float32),
           "hollow": np.array(rows_out["hollow"], bool), "inked": np.array(rows_out["inked"], bool),
           "picture": np.array(rows_out["picture"], np.int64), "names": np.array(names, str)}
    return out


def joined(parts: list[dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """Several harvests as one (pictures renumbered)."""
    out = {k: np.concatenate([p[k] for p in parts]) for k in (*FIELDS, "names") if k != "picture"}
    offsets = np.cumsum([0, *(len(p["names"]) for p in parts)])
    out["picture"] = np.concatenate([p["picture"] + o for p, o in zip(parts, offsets, strict=False)])
    return out


def truth(d: dict[str, np.ndarray]) -> np.ndarray:
    """The kinds to learn and measure by: the truth's, but a number the rules found in a circle is
    a number in a circle (a token does not say whether a renderer rings its numbers)."""
    y = d["y"].astype(np.int64).copy()
    y[(y == KINDS.index(Kind.NUMBER)) & (d["ruled"] == KINDS.index(Kind.CIRCLED))] = KINDS.index(Kind.CIRCLED)
    return y


def main() -> int:
    out, *specs = sys.argv[1:]
    parts = []
    for spec in specs:  # folder:kind,kind[:every]
        folder, kinds, *every = spec.split(":")
        got = harvest(Path(folder), set(kinds.split(",")), int(every[0]) if every else 1)
        y = got["y"]
        print(f"{folder} {kinds}: {len(got['names'])} boards, {len(y)} cells " + ", ".join(
            f"{k.name.lower()} {int((y == i).sum())}" for i, k in enumerate(KINDS)), flush=True)
        parts.append(got)
    np.savez_compressed(out, **joined(parts))  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
