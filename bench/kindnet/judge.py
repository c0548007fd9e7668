"""The shape rules, the learned kind reader and the two together (as the reader runs them) on
synthetic cells held apart (``kindcells.papers``, seed 12, as ``train.py`` holds apart), per kind:
right, and wrong without doubt (read with confidence at least ``vision.reading.SURE``).

    PYTHONPATH=. .venv/bin/python bench/kindnet/judge.py [--cells 4000]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from kindcells import REPO, papers  # noqa: E402

sys.path.insert(0, str(REPO))
import vision.kindnet as kindnet  # noqa: E402
from vision.cellreads import FAINT_INK, read_twice  # noqa: E402
from vision.cells import SURE, cell_ink  # noqa: E402
from vision.kindnet import KINDS, kind_of  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", type=int, default=4000)
    args = ap.parse_args()
    n: Counter[str] = Counter()
    for k, paper in papers(args.cells, 12):
        h, w = paper.shape
        box = (0.0, float(w), 0.0, float(h))
        first, second = cell_ink(paper, *box), cell_ink(paper, *box, ink_level=FAINT_INK)
        assert first is not None
        rules, _ = read_twice(SimpleNamespace(paper=paper), box, first, second)  # type: ignore[arg-type]
        model = KINDS[int(kindnet.probabilities(kindnet.features(first.dark)[None]).argmax())]
        (both,) = kindnet._judged([rules], [first.dark])
        truth = KINDS[k]

        name = truth.name.lower()
        n[name] += 1
        for label, kind, sure in (("rules", kind_of(rules), rules.confidence >= SURE), ("model", model, True),
                                  ("judged", kind_of(both), both.confidence >= SURE)):
            n[f"{name} {label}"] += kind is truth
            n[f"{name} {label} silent"] += kind is not truth and sure
    print("| kind | cells | rules right (wrong unflagged) | model right | judged right (wrong unflagged) |")
    print("| --- | --- | --- | --- | --- |")
    for kind in (*(k.name.lower() for k in KINDS), "all"):
        keys = [k.name.lower() for k in KINDS] if kind == "all" else [kind]
        total = sum(n[k] for k in keys)

        def share(label: str, keys: list[str] = keys, total: int = total) -> str:
            return f"{sum(n[f'{k} {label}'] for k in keys) / max(total, 1):.1%}"

        def silent(label: str, keys: list[str] = keys) -> int:
            return sum(n[f"{k} {label} silent"] for k in keys)

        print(f"| {kind} | {total} | {share('rules')} ({silent('rules')}) | {share('model')} | "
              f"{share('judged')} ({silent('judged')}) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
