"""Reading one printed character (0-9 or ?) with a nearest-neighbour classifier.

The examples it compares against are rendered from common typefaces (DejaVu, Liberation, Nimbus,
FreeSans) at many sizes, weights, slants and blurs by ``scripts/train_glyphs.py`` and shipped as
``glyphs.npz`` beside this module: nothing is fetched at run time. A small learned reader
(:mod:`vision.glyphnet`) judges each guess: it reads blurred, small and compressed glyphs better.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.glyphnet import probabilities
from vision.memo import memory, remembered

CLASSES = "0123456789?"
SIZE = 16  # a glyph is compared as a SIZE x SIZE picture (aspect kept) plus its aspect ratio
K = 7
COARSE = 24  # principal directions of the first look
CANDIDATES = 96  # examples the first look keeps for the exact distance
# glyphs whose first look is taken at once: the whole batch at once made a 965 x 8,739 distance matrix
# and its 67 MB of indices for argpartition (0.2 s of a 20x20 board of numbers); in blocks they stay
# in the cache. Each row's values and candidates are its own (the einsum of a row does not depend on
# the rows beside it, bench/README.md "vspeed3"), so the guesses are the same to the last bit
ROWS = 32  # (16, 32, 64 and 128 measured alike: 1.12-1.14 s against 1.85-2.26 s whole, vspeed3's slow batches)
MODEL = Path(__file__).with_name("glyphs.npz")
DOUBT = 0.5  # the confidence left to a reading the learned reader disagrees with (below vision.cells.SURE)
# the learned reader's least probability for a character both readers agree on, for the agreement to
# make it sure: below, the learned reader is torn between classes (a glyph of a face neither was
# trained on), and a number read with it is asked about (on the train splits' right digits: none)
AGREED = 0.5


@dataclass(frozen=True)
class Guess:
    """The character read, how sure (0..1), and the next-best character; ``torn``: the two
    readers agree on it but the learned one without conviction (see :data:`AGREED`)."""

    char: str
    confidence: float
    runner_up: str
    torn: bool = False
    learned: float = 1.0  # the learned reader's probability of ``char`` (see vision.doubts.weak_numbers)


def features(ink: np.ndarray) -> np.ndarray:
    """A glyph's feature vector from its ink mask (any size; 1 = ink), cropped to the ink."""
    x, y, w, h = bounds(ink)
    if w == 0:
        return np.zeros(SIZE * SIZE + 1, np.float32)
    crop = ink[y:y + h, x:x + w].astype(np.float32)
    scale = (SIZE - 2) / max(h, w)
    nh, nw = max(1, round(h * scale)), max(1, round(w * scale))
    small = cv2.resize(crop, (nw, nh), interpolation=cv2.INTER_AREA)
    box = np.zeros((SIZE, SIZE), np.float32)
    y0, x0 = (SIZE - nh) // 2, (SIZE - nw) // 2
    box[y0:y0 + nh, x0:x0 + nw] = small
    smooth = cv2.GaussianBlur(box, (3, 3), 0.7)
    norm = float(np.linalg.norm(smooth)) or 1.0
    aspect = np.float32(min(2.0, w / h))
    return np.concatenate([smooth.ravel() / norm, [aspect * 0.5]]).astype(np.float32)


def bounds(mask: np.ndarray) -> tuple[int, int, int, int]:
    """The left, top, width and height of a mask's ink (0: paper), as ``np.nonzero``'s least and
    greatest would give them (width 0: none); by OpenCV for a ``uint8`` mask: one call, not four
    reductions of the pixels' positions (glyphs and cells' characters are measured by the thousand)."""
    if mask.dtype == np.uint8 and mask.ndim == 2:
        x, y, w, h = cv2.boundingRect(mask)
        return int(x), int(y), int(w), int(h)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return 0, 0, 0, 0
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min()) + 1, int(ys.max() - ys.min()) + 1


@cache
def _examples() -> tuple[np.ndarray, np.ndarray]:
    """Every shipped example: features and classes (read from disk once)."""
    data = np.load(MODEL)
    return data["x"].astype(np.float32) / 255.0, data["y"].astype(np.int64)


@cache
def _model(allowed: str = CLASSES) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The examples of the ``allowed`` characters: features, classes, squared norms, and the
    examples in the first :data:`COARSE` principal directions with those directions and their
    squared norms (a cheap first look that picks the candidates the exact distance ranks)."""
    x, y = _examples()
    keep = np.isin(y, [CLASSES.index(c) for c in allowed])
    x, y = np.ascontiguousarray(x[keep]), y[keep]
    _, _, vt = np.linalg.svd(x[:: max(1, len(x) // 2000)], full_matrices=False)
    basis = np.ascontiguousarray(vt[:COARSE].T)
    coarse = np.ascontiguousarray(x @ basis)
    return x, y, (x * x).sum(1), coarse, basis, (coarse * coarse).sum(1)


def warm() -> None:
    """Build the search models before the first picture needs them: the first reading of a process
    built them while its player waited (1.3 s of CPU on the 2-core machine at load 2-4, 2026-11-28,
    OpenBLAS's threaded SVD; 0.07 s on one thread), which pushed a small screenshot read under load
    past the bot's time limit. The models are the same whoever builds them first."""
    for allowed in (CLASSES, "0123456789"):  # every ``allowed`` the cell reader asks for
        _model(allowed)


def _key(glyph: np.ndarray, allowed: str) -> tuple[str, tuple[int, ...], bytes]:
    return allowed, glyph.shape, np.ascontiguousarray(glyph, dtype=np.uint8).tobytes()


def prime(glyphs: list[np.ndarray], allowed: str = CLASSES) -> None:
    """Read many glyphs at once (one matrix product instead of one per cell); :func:`classify`
    then answers them from the reading's memory (:mod:`vision.memo`; outside a reading, nothing
    is remembered)."""
    known = memory("glyphs")
    if known is None:
        return
    fresh = {k: g for g in glyphs if (k := _key(g, allowed)) not in known}
    if fresh:
        for k, guess in zip(fresh, _nearest(_queries(list(fresh.values())), allowed), strict=True):
            known[k] = guess


def classify(glyphs: list[np.ndarray], allowed: str = CLASSES) -> list[Guess]:
    """The best guess for each glyph (ink masks), choosing among ``allowed`` characters."""
    if not glyphs:
        return []
    keys = [_key(g, allowed) for g in glyphs]
    known = memory("glyphs") or {}
    fresh = [i for i, k in enumerate(keys) if k not in known]
    if len(fresh) == 1:
        found = {fresh[0]: _alone(glyphs[fresh[0]], allowed)}
    else:
        found = dict(zip(fresh, _nearest(_queries([glyphs[i] for i in fresh]), allowed), strict=True)) if fresh else {}
    return [found[i] if i in found else known[k] for i, k in enumerate(keys)]


def _alone(glyph: np.ndarray, allowed: str) -> Guess:
    """One glyph read alone, remembered for the reading by its ink cropped to the ink (all that
    :func:`features` sees): the same characters cut out of other cells (numbers in disks, the
    pieces of split numbers) are read once, each as it would be read alone, to the last bit (a
    glyph read among others can round otherwise: a product's rows are summed in other orders)."""
    ys, xs = np.nonzero(glyph)
    crop = glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1] if len(xs) else glyph[:0, :0]
    key = (allowed, crop.shape, crop.dtype.str, np.ascontiguousarray(crop).tobytes())
    return remembered("glyphs alone", key, lambda: _nearest(_queries([glyph]), allowed)[0])


def _queries(glyphs: list[np.ndarray]) -> np.ndarray:
    q = np.stack([features(g) for g in glyphs])
    q[:, :-1] = np.round(q[:, :-1] * 255.0) / 255.0
    return q


def _nearest(q: np.ndarray, allowed: str) -> list[Guess]:
    """Each glyph's guess by its :data:`K` nearest examples, then judged (:func:`_judged`). Alike
    glyphs (a board full of the same numbers) are looked up once: each distinct row of ``q`` (with
    its projection) is one search, and the results are the same as row by row (every distance by
    the same operations, in the same order)."""
    x, y, norms, coarse, basis, coarse_norms = _model(allowed)
    every = q
    qc = q @ basis
    # (alike by their features and by their projection, as computed here: a glyph's projection
    # can round otherwise at another row of the product, and so tie differently)
    seen: dict[bytes, int] = {}
    back = [seen.setdefault(row.tobytes() + low.tobytes(), len(seen)) for row, low in zip(q, qc, strict=True)]
    if len(seen) < len(q):
        rows = np.unique(back, return_index=True)[1]
        q, qc = q[rows], qc[rows]
    # (einsum, not BLAS: BLAS threads spinning on a busy machine made it ten times slower; and
    # another summation order could change a near tie between candidates)
    m = min(CANDIDATES, len(y) - 1)
    picked = np.empty((len(q), m), np.intp)
    lows = (qc * qc).sum(1)
    for at in range(0, len(q), ROWS):  # (a block of rows at a time: see ROWS)
        rough = lows[at:at + ROWS, None] + coarse_norms[None, :]
        twice = np.einsum("ij,kj->ik", qc[at:at + ROWS], coarse, optimize=False)
        twice *= 2.0
        rough -= twice
        picked[at:at + ROWS] = np.argpartition(rough, m, axis=1)[:, :m]
    d = np.empty(picked.shape, np.float32)
    for i, (row, idx) in enumerate(zip(q, picked, strict=True)):
        d[i] = float(row @ row) + norms[idx] - 2.0 * x[idx] @ row
    classes = y[picked]
    near = np.take_along_axis(classes, np.argpartition(d, K, axis=1)[:, :K], axis=1)
    votes = (near[:, :, None] == np.arange(len(CLASSES))[None, None, :]).sum(1)
    best = np.argmax(votes, axis=1)
    mine = np.where(classes == best[:, None], d, np.inf).min(1)
    others = np.where(classes != best[:, None], d, np.inf)
    runner = np.take_along_axis(classes, np.argmin(others, axis=1)[:, None], axis=1)[:, 0]
    found = []
    far = zip(others.min(1), runner.tolist(), d.max(1), strict=True)
    for b, v, mi, (oth, ru, dmax) in zip(best.tolist(), votes, mine, far, strict=True):
        if np.isfinite(oth):
            other_d = float(oth)
        else:  # every candidate is of one class: the next class is far
            other_d, ru = float(dmax) * 4.0, b
        mi = float(mi)  # (math.sqrt of a Python float: the same correctly rounded root as np.sqrt's, cheaper)
        margin = (math.sqrt(max(other_d, 0.0)) - math.sqrt(max(mi, 0.0))) / max(math.sqrt(max(other_d, 1e-9)), 1e-9)
        confidence = float(min(v[b] / K, 0.5 + 2.0 * margin))
        found.append(Guess(CLASSES[b], max(0.0, min(1.0, confidence)), CLASSES[ru]))
    return _judged(every, [found[i] for i in back], allowed)


def _judged(q: np.ndarray, guesses: list[Guess], allowed: str) -> list[Guess]:
    """The nearest-neighbour guesses checked by the learned reader (:mod:`vision.glyphnet`), which
    reads blurred, small and compressed glyphs better: where the two differ, its character is
    taken, in doubt (to be asked about), with the neighbours' as the alternative. Where they agree
    but the learned reader gives the character less than :data:`AGREED`, the guess is marked torn,
    the learned reader's second the alternative: two readers agreeing is no confidence when one of
    them is guessing. (Its confidence is kept: circles and split digits are told apart by it.)"""
    prob = probabilities(q)
    mask = np.zeros(len(CLASSES), bool)
    mask[[CLASSES.index(c) for c in allowed]] = True
    prob = np.where(mask, prob, 0.0)
    prob /= np.maximum(prob.sum(1, keepdims=True), 1e-9)
    out = []
    bests = np.argmax(prob, axis=1).tolist()  # (each row's first greatest, as row by row)
    for guess, row, best in zip(guesses, prob, bests, strict=True):
        p = float(row[best])
        if CLASSES[best] == guess.char:
            torn = p < AGREED
            out.append(Guess(guess.char, guess.confidence, CLASSES[int(np.argsort(row)[-2])] if torn else
                             guess.runner_up, torn, p))
        else:
            out.append(Guess(CLASSES[best], min(p, DOUBT), guess.char, learned=p))
    return out
