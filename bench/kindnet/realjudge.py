"""The learned kind reader, the shape rules and the two together on REAL cells harvested from a
``dev`` split (``harvest.py``): per kind, right, and wrong without doubt (confidence at least
``vision.reading.SURE``), the model's confusions (truth by row), and the two the judge is after:
a disc read as a number, a faint clue read as empty.

    PYTHONPATH=. .venv/bin/python bench/kindnet/realjudge.py /tmp/kinds-dev-vr.npz [...] [--model x.npz]

The judge is :func:`vision.kindnet.verdict`, as the reader runs it (the rules' reading rebuilt
from the harvested kind and confidence: a number as ``1``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(HERE))
from harvest import truth  # noqa: E402

import vision.kindnet as kindnet  # noqa: E402
from solvers.genre import ClueKind  # noqa: E402
from vision import mlp  # noqa: E402
from vision.cells import RINGED, CellGuess  # noqa: E402
from vision.kindnet import KINDS, Kind, kind_of  # noqa: E402
from vision.reading import SURE  # noqa: E402


def _guess(ruled: int, confidence: float) -> CellGuess:
    if ruled < 0:
        return CellGuess("?", confidence, kinds=frozenset({ClueKind.ARROW}))  # (a kind not judged)
    kind = KINDS[ruled]
    return CellGuess("1" if kind is Kind.CIRCLED else kind.token, confidence,
                     kinds=RINGED if kind is Kind.CIRCLED else frozenset())


def report(name: str, d: dict[str, np.ndarray]) -> None:
    y, ruled, conf = truth(d), d["ruled"], d["confidence"]
    prob = kindnet.probabilities(d["x"].astype(np.float32))
    pred = prob.argmax(1)
    sure = prob.max(1) >= kindnet.CONFIDENT
    print(f"\n### {name}: {len(y)} cells from {len(d['names'])} boards\n")
    n: Counter[str] = Counter()
    for i in range(len(y)):
        real = KINDS[int(y[i])]
        rules = _guess(int(ruled[i]), float(conf[i]))
        both = kindnet.verdict(rules, prob[i], bool(d["hollow"][i]), bool(d["inked"][i]))
        k = real.name.lower()
        n[k] += 1  # (k: the kind's name)
        n[f"{k} model"] += int(pred[i]) == int(y[i])
        n[f"{k} model sure"] += bool(sure[i])
        n[f"{k} model sure right"] += bool(sure[i]) and int(pred[i]) == int(y[i])
        for label, g in (("rules", rules), ("judged", both)):
            got = kind_of(g)
            n[f"{k} {label}"] += got is real
            n[f"{k} {label} silent"] += got is not real and g.confidence >= SURE
    print("| kind | cells | rules right (wrong unflagged) | model right | model sure (>= 0.9): share, right "
          "| judged right (wrong unflagged) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for kind in (*(t.name.lower() for t in KINDS), "all"):
        keys = [t.name.lower() for t in KINDS] if kind == "all" else [kind]
        total = sum(n[k] for k in keys)
        if not total:
            continue

        def c(label: str, keys: list[str] = keys) -> int:
            return sum(n[f"{k} {label}"] for k in keys)

        print(f"| {kind} | {total} | {c('rules') / total:.2%} ({c('rules silent')}) | {c('model') / total:.2%} | "
              f"{c('model sure') / total:.1%}, {c('model sure right') / max(c('model sure'), 1):.2%} | "
              f"{c('judged') / total:.2%} ({c('judged silent')}) |")
    print("\nmodel confusion (rows truth, columns model; sure >= 0.9 in brackets):\n")
    print("| truth \\ model | " + " | ".join(k.name.lower() for k in KINDS) + " |")
    print("| --- " * (len(KINDS) + 1) + "|")
    for i, t in enumerate(KINDS):
        if (y == i).any():
            print(f"| {t.name.lower()} | " + " | ".join(
                f"{int(((y == i) & (pred == j)).sum())} ({int(((y == i) & (pred == j) & sure).sum())})"
                for j in range(len(KINDS))) + " |")
    disc, number, empty = KINDS.index(Kind.DISC), KINDS.index(Kind.NUMBER), KINDS.index(Kind.EMPTY)
    for what, want, r in (("disc read by the rules as a number", disc, number),
                       ("number read by the rules as empty (a faint clue)", number, empty),
                       ("ring read by the rules as empty", KINDS.index(Kind.RING), empty),
                       ("empty read by the rules as a number", empty, number)):
        m = (y == want) & (ruled == r)
        print(f"\n{what}: {int(m.sum())} cells (rules sure on {int((m & (conf >= SURE)).sum())}); model: "
              + ", ".join(f"{k.name.lower()} {int((m & (pred == j)).sum())} "
                          f"({int((m & (pred == j) & sure).sum())} sure)"
                          for j, k in enumerate(KINDS) if (m & (pred == j)).any()))
    for what, want, p in (("number the model calls a disc", number, disc),
                       ("disc the model calls a number", disc, number),
                       ("empty the model calls a number", empty, number),
                       ("number the model calls empty", number, empty)):
        m = (y == want) & (pred == p) & sure
        print(f"{what} with >= 0.9: {int(m.sum())} (rules read them: "
              + ", ".join(f"{KINDS[int(j)].name.lower() if j >= 0 else 'other'} {int((ruled[m] == j).sum())}"
                          for j in sorted(set(ruled[m].tolist()))) + ")")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cells", nargs="+", help="harvested dev cells (npz)")
    ap.add_argument("--model", default="", help="another model file than the shipped one")
    args = ap.parse_args()
    if args.model:
        kindnet.MODEL = Path(args.model)
        mlp.weights.cache_clear()
    for path in args.cells:
        with np.load(path) as f:
            report(Path(path).name, {k: f[k] for k in f.files})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
