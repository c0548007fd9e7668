"""Train vision/kindnet.npz, the learned judge of a cell's kind (issue 23).

    PYTHONPATH=. .venv/bin/python bench/kindnet/train.py            # the shipped file

Synthetic cells of every kind (``kindcells.py``, seed 11) train a perceptron with two hidden
layers (515 -> 64 -> 32 -> 6) by the glyph trainer's own loop (``bench/glyphnet/train.py``: plain
numpy, one thread, fixed seed: the same file each run). Accuracy per kind, and how often the
shape rules of :mod:`vision.cells` and the model disagree, is reported on cells held apart (seed 12).
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import importlib.util  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from harvest import truth  # noqa: E402
from kindcells import REPO, synthetic  # noqa: E402

_spec = importlib.util.spec_from_file_location("glyphnet_train", HERE.parent / "glyphnet" / "train.py")
assert _spec is not None and _spec.loader is not None
trainer = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(trainer)

import vision.kindnet as kindnet  # noqa: E402
from vision import mlp  # noqa: E402

HIDDEN = (64, 32)


def _drawn(cells: int, seed: int, cache: str) -> tuple[np.ndarray, np.ndarray]:
    """``synthetic(cells, seed)``, kept in ``cache`` (a folder) when one is given."""
    path = Path(cache) / f"kinds-{cells}-{seed}.npz" if cache else None
    if path is not None and path.exists():
        d = np.load(path)
        return d["x"], d["y"]
    x, y = synthetic(cells, seed)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, x=x, y=y)
    return x, y


def per_kind(pred: np.ndarray, y: np.ndarray) -> str:
    return ", ".join(f"{k.name.lower()} {float((pred[y == i] == i).mean()):.1%}"
                     for i, k in enumerate(kindnet.KINDS) if (y == i).any())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", type=int, default=24000, help="synthetic cells to train on")
    ap.add_argument("--held", type=int, default=4000, help="synthetic cells held apart to measure on")
    ap.add_argument("--real", action="append", default=[], help="harvested cells to train on too (npz)")
    ap.add_argument("--dev", action="append", default=[], help="harvested cells to measure on (npz)")
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--hidden", default=",".join(map(str, HIDDEN)), help="the hidden layers' widths")
    ap.add_argument("--out", default=str(REPO / "vision" / "kindnet.npz"))
    ap.add_argument("--cache", default="", help="a folder keeping the synthetic cells between runs")
    args = ap.parse_args()
    start = time.perf_counter()
    x, y = _drawn(args.cells, 11, args.cache)
    hx, hy = _drawn(args.held, 12, args.cache)
    for path in args.real:
        with np.load(path) as d:
            x, y = np.concatenate([x, d["x"].astype(np.float32)]), np.concatenate([y, truth(dict(d))])
    print(f"{len(y)} training cells ({time.perf_counter() - start:.0f} s to draw), {len(hy)} held apart", flush=True)
    t0 = time.perf_counter()
    p = trainer.train(x, y, args.epochs, seed=13, hidden=tuple(int(h) for h in args.hidden.split(",")),
                      classes=len(kindnet.KINDS))
    print(f"trained in {time.perf_counter() - t0:.0f} s", flush=True)
    names = ("w1", "b1", "w2", "b2", "w3", "b3")
    np.savez_compressed(args.out, **{k: w.astype(np.float16) for k, w in zip(names, p, strict=True)})
    print(f"-> {args.out} ({Path(args.out).stat().st_size} bytes)")
    kindnet.MODEL = Path(args.out)
    mlp.weights.cache_clear()
    sets = [("synthetic held apart", hx, hy)]
    for path in args.dev:
        with np.load(path) as d:
            sets.append((Path(path).name, d["x"].astype(np.float32), truth(dict(d))))
    for name, sx, sy in sets:
        prob = kindnet.probabilities(sx)
        pred = prob.argmax(1)
        sure = prob.max(1) >= kindnet.CONFIDENT
        print(f"{name}: {len(sy)} cells, {float((pred == sy).mean()):.2%} right ({per_kind(pred, sy)}); "
              f"confident ({kindnet.CONFIDENT}) on {float(sure.mean()):.1%}, "
              f"of those {float((pred[sure] == sy[sure]).mean()):.2%} right", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
