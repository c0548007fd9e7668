"""Which wrong readings carry no doubt, and which right ones are asked about (issue 23, vflag).

    .venv/bin/python bench/read_flags.py --sets /tmp/vc-sets --split dev [--genres a,b] [--kinds photo] \
        [--jsonl out.jsonl]

The counts come twice: as the reader answers, and (``before``) with the cells the board as a whole
put in doubt left out (``Reading.suspects``: a faint mark in a cell read empty, a number the kind
judge calls a disc; vflag2), from the same reading.

One line per picture (``--jsonl``: verdict, size, unsure cells, size doubt, genres), then the counts:
exact, refused, wrong, wrong flagged (as ``read_image.py`` counts it: every wrong cell named, or a
wrong size with the size in doubt), wrong with no doubt at all (no unsure cell, size sure: the bot
would solve it at once), exact but asked (a right reading with a doubt). Held-out pictures are
left out (never tuned on).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))

from read_image import canonical, room_errors, rooms_of  # noqa: E402

import vision.reading  # noqa: E402
from bench.setargs import names, set_parser  # noqa: E402
from vision import Reading, Unreadable, read_image  # noqa: E402

_chosen: list[Reading] = []  # the reading chosen, before its suspects are asked about
_suspected = vision.reading._suspected


def _recorded(reading: Reading) -> Reading:
    _chosen.append(reading)
    return _suspected(reading)


vision.reading._suspected = _recorded


def verdict(folder: Path, t: dict[str, Any]) -> dict[str, Any]:
    rec: dict[str, Any] = {"file": t["file"], "genre": t["genre"], "kind": t["kind"]}
    _chosen.clear()
    try:
        r = read_image((folder / t["file"]).read_bytes())
    except Unreadable as e:
        return {**rec, "verdict": "refused", "code": e.code}
    before = {(u.row, u.col) for u in _chosen[-1].unsure} if _chosen else {(u.row, u.col) for u in r.unsure}
    rec.update(read=[r.rows, r.cols], size_unsure=r.size_unsure, genres=list(r.genres),
               unsure=[[u.row, u.col, u.token] for u in r.unsure], sure=r.sure,
               sure_before=not before and not r.size_unsure)
    if (r.rows, r.cols) != (t["rows"], t["cols"]):
        return {**rec, "verdict": "size", "flagged": r.size_unsure, "flagged_before": r.size_unsure}
    truth = [row.split() for row in t["grid"]]
    wrong = {(i, j) for i in range(r.rows) for j in range(r.cols) if r.tokens[i][j] != truth[i][j]}
    if canonical(rooms_of(r, t["genre"])) != canonical(t.get("regions")):
        wrong |= room_errors(r, t)
    named = {(u.row, u.col) for u in r.unsure}
    exact = not wrong and t["genre"] in r.genres
    return {**rec, "verdict": "exact" if exact else "wrong", "flagged": bool(wrong) and wrong <= named,
            "flagged_before": bool(wrong) and wrong <= before, "wrong": sorted(wrong)[:12]}


def main() -> int:
    ap = set_parser(__doc__, sets="/tmp/vc-sets", split="dev")
    ap.add_argument("--jsonl", default="", help="also write one line per picture here")
    args = ap.parse_args()
    folder = Path(args.sets) / args.split
    genres, kinds = names(args.genres), names(args.kinds)
    out = open(args.jsonl, "w", encoding="utf-8") if args.jsonl else None  # noqa: SIM115
    recs = []
    for line in (folder / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        t = json.loads(line)
        if t["kind"] == "heldout" or (genres and t["genre"] not in genres) or (kinds and t["kind"] not in kinds):
            continue
        recs.append(verdict(folder, t))
        if out:
            out.write(json.dumps(recs[-1]) + "\n")
            out.flush()
    wrong = [r for r in recs if r["verdict"] in ("wrong", "size")]
    exact = [r for r in recs if r["verdict"] == "exact"]
    print("| images | exact | refused | wrong | wrong flagged (before → after) | wrong with no doubt at all "
          "| exact but asked |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    print(f"| {len(recs)} | {len(exact)} | {sum(r['verdict'] == 'refused' for r in recs)} | {len(wrong)} | "
          f"{sum(r['flagged_before'] for r in wrong)} → {sum(r['flagged'] for r in wrong)}/{len(wrong)} | "
          f"{sum(r['sure_before'] for r in wrong)} → {sum(r['sure'] for r in wrong)} | "
          f"{sum(not r['sure_before'] for r in exact)} → {sum(not r['sure'] for r in exact)} |")
    for r in wrong:
        if r["sure"]:
            print(f"no doubt: {r['file']} ({r['verdict']}, read {r['read']})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
