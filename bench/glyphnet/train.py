"""Train vision/glyphnet.npz, the learned second reader of printed characters (issue 23).

    PYTHONPATH=. .venv/bin/python bench/glyphnet/train.py                  # the shipped file
    PYTHONPATH=. .venv/bin/python bench/glyphnet/harvest.py /tmp/glyph-real.npz \\
        /tmp/vr-sets/train:photo,print,screenshot /tmp/vl-sets/train:scene /tmp/vc-sets/train:screenshot
    PYTHONPATH=. .venv/bin/python bench/glyphnet/train.py --real /tmp/glyph-real.npz --dev dev.npz --out x.npz

Synthetic cells (``synth.py``, seed 1) and, when given, glyphs cut from the tuning sets' train
splits (``harvest.py``: never a test split nor a held-out picture) train a perceptron with two
hidden layers (257 -> 128 -> 64 -> 11, plain numpy, one thread, fixed seed: the same inputs give
the same file; the shipped one is from synthetic cells alone). Accuracy is reported, for it and
for the nearest-neighbour reader, on synthetic cells held apart (seed 2) and on any ``--dev`` sets.
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synth import REPO, synthetic  # noqa: E402

sys.path.insert(0, str(REPO))
import vision.glyphs as glyphs  # noqa: E402
from vision.glyphs import CLASSES  # noqa: E402

HIDDEN = (128, 64)


def _init(rng: np.random.Generator, d: int, hidden: tuple[int, ...], classes: int) -> list[np.ndarray]:
    sizes = (d, *hidden, classes)
    params = []
    for a, b in zip(sizes, sizes[1:], strict=False):
        params += [(rng.standard_normal((a, b)) * np.sqrt(2.0 / a)).astype(np.float32), np.zeros(b, np.float32)]
    return params


def _forward(p: list[np.ndarray], x: np.ndarray) -> tuple[list[np.ndarray], np.ndarray]:
    acts = [x]
    for i in range(0, len(p) - 2, 2):
        acts.append(np.maximum(acts[-1] @ p[i] + p[i + 1], 0.0))
    z = acts[-1] @ p[-2] + p[-1]
    z -= z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return acts, e / e.sum(axis=1, keepdims=True)


def train(x: np.ndarray, y: np.ndarray, epochs: int, seed: int, hidden: tuple[int, ...] = HIDDEN,
          classes: int = len(CLASSES)) -> list[np.ndarray]:
    """The perceptron's weights (Adam, cross-entropy, weight decay, learning rate stepped down);
    shared with ``bench/kindnet/train.py``."""
    rng = np.random.default_rng(seed)
    p = _init(rng, x.shape[1], hidden, classes)
    m = [np.zeros_like(w) for w in p]
    v = [np.zeros_like(w) for w in p]
    step, batch, decay = 0, 128, 1e-4
    for epoch in range(epochs):
        lr = 2e-3 * (0.1 if epoch >= 0.8 * epochs else 0.3 if epoch >= 0.55 * epochs else 1.0)
        order = rng.permutation(len(y))
        for s in range(0, len(y), batch):
            idx = order[s:s + batch]
            acts, prob = _forward(p, x[idx])
            g = prob
            g[np.arange(len(idx)), y[idx]] -= 1.0
            g /= len(idx)
            grads: list[np.ndarray] = []
            for i in range(len(p) - 2, -1, -2):
                a = acts[i // 2]
                grads = [a.T @ g + decay * p[i], g.sum(0)] + grads
                if i:
                    g = (g @ p[i].T) * (a > 0)
            step += 1
            for k, gk in enumerate(grads):
                m[k] = 0.9 * m[k] + 0.1 * gk
                v[k] = 0.999 * v[k] + 0.001 * gk * gk
                p[k] -= (lr * (m[k] / (1 - 0.9**step)) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)).astype(np.float32)
    return p


def reader_scores(x: np.ndarray, y: np.ndarray, judged: bool) -> tuple[float, int]:
    """The shipped reader's share right on these glyphs, and how many it read wrong without doubt
    (``judged``: with the learned reader as judge, as at run time; else nearest neighbours alone)."""
    q = x.copy()
    q[:, :-1] = np.round(q[:, :-1] * 255.0) / 255.0
    kept = glyphs._judged
    if not judged:
        glyphs._judged = lambda q, guesses, allowed: guesses
    try:
        got = glyphs._nearest(q, CLASSES)
    finally:
        glyphs._judged = kept
    right = np.array([CLASSES.index(g.char) for g in got]) == y
    silent = sum(1 for g, ok in zip(got, right, strict=True) if not ok and g.confidence >= 0.6)
    return float(right.mean()), silent


def mlp_accuracy(p: list[np.ndarray], x: np.ndarray, y: np.ndarray) -> float:
    return float((_forward(p, x)[1].argmax(1) == y).mean())


def _drawn(cells: int, seed: int, cache: str) -> tuple[np.ndarray, np.ndarray]:
    """``synthetic(cells, seed)``, kept in ``cache`` (a folder) when one is given."""
    path = Path(cache) / f"synthetic-{cells}-{seed}.npz" if cache else None
    if path is not None and path.exists():
        d = np.load(path)
        return d["x"], d["y"]
    x, y = synthetic(cells, seed)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez(path, x=x, y=y)
    return x, y


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cells", type=int, default=16000, help="synthetic cells to train on")
    ap.add_argument("--held", type=int, default=3000, help="synthetic cells held apart to measure on")
    ap.add_argument("--real", action="append", default=[], help="harvested glyphs to train on too (npz)")
    ap.add_argument("--dev", action="append", default=[], help="harvested glyphs to measure on (npz)")
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--hidden", default=",".join(map(str, HIDDEN)), help="the hidden layers' widths")
    ap.add_argument("--out", default=str(REPO / "vision" / "glyphnet.npz"))
    ap.add_argument("--cache", default="", help="a folder keeping the synthetic glyphs between runs")
    args = ap.parse_args()
    start = time.perf_counter()
    x, y = _drawn(args.cells, 1, args.cache)
    hx, hy = _drawn(args.held, 2, args.cache)
    made = time.perf_counter() - start
    for path in args.real:
        d = np.load(path)
        x, y = np.concatenate([x, d["x"].astype(np.float32)]), np.concatenate([y, d["y"].astype(np.int64)])
    print(f"{len(y)} training glyphs ({made:.0f} s to draw), {len(hy)} held apart", flush=True)
    t0 = time.perf_counter()
    p = train(x, y, args.epochs, seed=3, hidden=tuple(int(h) for h in args.hidden.split(",")))
    print(f"trained in {time.perf_counter() - t0:.0f} s", flush=True)
    sets = [("synthetic held apart", hx, hy)]
    for path in args.dev:
        d = np.load(path)
        sets.append((Path(path).name, d["x"].astype(np.float32), d["y"].astype(np.int64)))
    names = ("w1", "b1", "w2", "b2", "w3", "b3")
    weights: dict[str, Any] = {k: w.astype(np.float32) for k, w in zip(names, p, strict=True)}
    np.savez_compressed(args.out, **weights)
    print(f"-> {args.out} ({Path(args.out).stat().st_size} bytes)")
    report(p, sets, Path(args.out))
    return 0


def report(p: list[np.ndarray], sets: list[tuple[str, np.ndarray, np.ndarray]], model: Path) -> None:
    """Per glyph set: right and silently wrong, nearest neighbours alone, perceptron alone, and the
    two together as the reader runs them (with the model just written)."""
    import vision.glyphnet as glyphnet
    from vision import mlp

    glyphnet.MODEL = model
    mlp.weights.cache_clear()
    for name, sx, sy in sets:
        (kr, ks), (jr, js) = reader_scores(sx, sy, False), reader_scores(sx, sy, True)
        print(f"{name}: {len(sy)} glyphs; nearest neighbours {kr:.2%} ({ks} wrong unflagged), "
              f"perceptron {mlp_accuracy(p, sx, sy):.2%}, judged {jr:.2%} ({js} wrong unflagged)", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
