"""A small learned reader of a cell's kind (empty, ring, disc, number, number in a circle, solid
square) that judges the shape rules of :mod:`vision.cells`, as :mod:`vision.glyphnet` judges the
character reader: where it disagrees with them confidently, the cell is asked about; between empty,
ring and disc (a hairline ring read as empty, a grey disc as a ring) its kind is taken too, and a
disc the rules read as characters (a blurred one) is taken for a disc. A number found in a circle
is not judged (the rules saw characters there). A perceptron with two hidden layers over the
cell's darkness at 16x16 (mean and darkest of each part), trained on synthetic degraded cells and
on real cells cut from the tuning sets' train pictures (``bench/kindnet/harvest.py``) by
``bench/kindnet/train.py`` (the same file each run) and shipped as ``kindnet.npz`` beside this
module: nothing is fetched at run time; plain numpy."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from enum import Enum
from pathlib import Path

import numpy as np

from vision import mlp
from vision.cells import HAIRLINE_INK, INK, RINGED, SURE, CellGuess, CellInk

MODEL = Path(__file__).with_name("kindnet.npz")
SIDE = 16  # the cell's darkness is looked at in SIDE x SIDE parts
CONFIDENT = 0.9  # the model's probability above which its disagreement counts
CLEAR = 0.05  # ... on paper whose usual darkness is below this (not a cell under a grey wash or shadow)
DOUBT = 0.5  # the confidence left to a cell it disagrees with (below vision.cells.SURE)
TAKE = True  # take its kind where a token names it (else: only ask about the cell)
RINGLIKE = 0.99  # the ring probability above which a number the rules read unsure of is taken for a ring
DISCLIKE = 0.99  # the disc probability above which a number the rules read with confidence is taken for a disc
HOLE = 0.32  # share of the crop left out on each side of the middle a ring leaves empty


class Kind(Enum):
    """What a cell shows, by its token (a number's: ``1``; a number in a circle's: ``(1)``)."""

    EMPTY = "."
    RING = "W"
    DISC = "B"
    NUMBER = "1"
    CIRCLED = "(1)"
    SOLID = "#"

    @property
    def token(self) -> str:
        return self.value


KINDS = tuple(Kind)
TAKEN = {Kind.EMPTY, Kind.RING, Kind.DISC}  # kinds whose token is the kind itself (taken only for one another)
# (only cells the rules read as one of these are judged, and numbers against discs: the model trained
# on synthetic cells alone called numbers read with confidence rings with probability 1.0 in pzprjs
# screenshots of digit grids, and white numbers in discs discs; see bench/README.md)


def features(dark: np.ndarray) -> np.ndarray:
    """A cell's feature vector from its crop's darkness (0 paper .. 1 ink, any size): the mean and
    the darkest of each of SIDE x SIDE parts (a hairline ring stays visible in the darkest), then
    the mean darkness and the shares darker than 0.4 and 0.16 (the reader's ink levels)."""
    d = np.asarray(dark, np.float32)
    h, w = d.shape
    if h < SIDE or w < SIDE:
        d = np.repeat(np.repeat(d, -(-SIDE // h), axis=0), -(-SIDE // w), axis=1)
        h, w = d.shape
    rows = (np.arange(SIDE) * h) // SIDE
    cols = (np.arange(SIDE) * w) // SIDE
    sums = np.add.reduceat(np.add.reduceat(d, rows, axis=0), cols, axis=1)
    counts = np.diff(np.append(rows, h))[:, None] * np.diff(np.append(cols, w))[None, :]
    darkest = np.maximum.reduceat(np.maximum.reduceat(d, rows, axis=0), cols, axis=1)
    # (a share counted, then divided: the mean of the 0/1s to the bit, numpy's sum of them exact)
    stats = [float(d.mean()), np.count_nonzero(d > 0.4) / d.size, np.count_nonzero(d > 0.16) / d.size]
    return np.concatenate([(sums / counts).ravel(), darkest.ravel(), stats]).astype(np.float32)


def probabilities(x: np.ndarray) -> np.ndarray:
    """Each row's (cell features) probability of every kind in :data:`KINDS`."""
    return mlp.probabilities(MODEL, x)


def kind_of(guess: CellGuess) -> Kind | None:
    """The kind the rules read (None: a cell this reader does not judge, an arrow or a block)."""
    if guess.kinds == RINGED:
        return Kind.CIRCLED
    if guess.kinds:
        return None
    if guess.token in (".", "W", "B"):
        return Kind(guess.token)
    return Kind.NUMBER


def _inked(dark: np.ndarray) -> bool:
    """Whether a cell the rules read as empty shows ink the reader could see at its faintest level,
    on clear paper, in each quarter: the model, trained on faint rings, calls nearly blank cells
    and cells under a shadow or beside its edge rings with confidence."""
    if float(np.median(dark)) > CLEAR:
        return False
    h, w = dark.shape
    inner = dark[h // 10:h - h // 10, w // 10:w - w // 10] >= HAIRLINE_INK  # (past the grid lines' remnants)
    ih, iw = inner.shape
    rows, cols = (slice(None, ih // 2), slice(ih // 2, None)), (slice(None, iw // 2), slice(iw // 2, None))
    return all(inner[r, c].any() for r in rows for c in cols)  # (a ring's ink lies all round)


def _hollow(dark: np.ndarray) -> bool:
    """Whether the middle of a cell holds no ink (darker than vision.cells.INK): a ring's centre.
    A blurred ring shaken along one axis loses the strokes across the shake, and its two side arcs
    read as a pair of digits ("69"); a real number's strokes cross the middle (a 0's hole is
    narrower than a ring's, the strokes of two digits meet near it)."""
    h, w = dark.shape
    middle = dark[int(HOLE * h):h - int(HOLE * h), int(HOLE * w):w - int(HOLE * w)]
    return middle.size > 0 and float(middle.max()) < INK


def _judged(guesses: Sequence[CellGuess], darks: Sequence[np.ndarray],
            prob: np.ndarray | None = None) -> list[CellGuess]:
    """The rules' readings of cells (with their crops' darkness) checked by the model, each as
    :func:`verdict` decides (``prob``: the model's probabilities for ``darks``, computed already)."""
    if not guesses:
        return []
    if prob is None:
        prob = probabilities(np.stack([features(d) for d in darks]))
    out = []
    for guess, row, dark in zip(guesses, prob, darks, strict=True):
        differs = KINDS[int(np.argmax(row))] is not kind_of(guess)  # (else the ink tests are not needed)
        out.append(verdict(guess, row, differs and _hollow(dark), differs and _inked(dark)))
    return out


def verdict(guess: CellGuess, row: np.ndarray, hollow: bool, inked: bool) -> CellGuess:
    """The rules' reading of a cell checked by the model's probabilities ``row`` (the crop's
    :func:`_hollow` and :func:`_inked` given): where it reads another kind with confidence, the
    cell is asked about; between empty, ring and disc its kind is taken (when :data:`TAKE`), the
    rules' reading offered as the alternative."""
    ruled = kind_of(guess)
    best = KINDS[int(np.argmax(row))]
    p = float(row.max())
    if ruled is Kind.NUMBER and best is Kind.RING and p >= RINGLIKE and guess.confidence < SURE and hollow:
        # (a ring the rules, unsure, read as characters: taken, just sure; the number offered)
        return CellGuess(Kind.RING.token, SURE, _offered(guess))
    if ruled is Kind.NUMBER and best is Kind.DISC and p >= (CONFIDENT if guess.confidence < SURE else DISCLIKE):
        # (a blurred disc whose rim the rules read as characters: taken, asked about; the number offered)
        return CellGuess(Kind.DISC.token, min(p, DOUBT), _offered(guess))
    if ruled not in TAKEN or best is ruled or p < CONFIDENT:
        return guess  # (characters found: the rules saw more than a shape; see TAKEN)
    if ruled is Kind.EMPTY and not inked and guess.confidence >= SURE:
        return guess  # (an empty cell the rules are unsure of is asked about anyway: its kind may be taken)
    if TAKE and best in TAKEN:
        return CellGuess(best.token, min(p, DOUBT), _offered(guess))
    offered = (best.token,) if best in TAKEN else ("?",) if best is Kind.NUMBER else ()
    others = tuple(t for t in dict.fromkeys((*offered, *guess.alternatives)) if t != guess.token)
    return replace(guess, confidence=min(guess.confidence, DOUBT), alternatives=others[:3])



def _offered(guess: CellGuess) -> tuple[str, ...]:
    """The rules' reading and its alternatives, offered when the judge's kind is taken instead."""
    return tuple(dict.fromkeys((guess.token, *guess.alternatives)))[:3]


def judged(read: list[list[CellGuess]], blocks: list[list[CellGuess | None]],
           inks: list[list[CellInk | None]]) -> tuple[list[list[CellGuess]], dict[tuple[int, int], np.ndarray]]:
    """A board's cells as the shape rules read them, checked by the model (all in one go; not the
    blocks, which are told by their tone before the paper is flattened); and the model's
    probabilities for each cell judged, by row and column (the doubts on the reading ask the
    model about the same crops again: see ``vision.doubts.discs_read_as_numbers``)."""
    cells = [(r, c, found) for r, row in enumerate(inks) for c, found in enumerate(row)
             if blocks[r][c] is None and found is not None]
    out = [row[:] for row in read]
    if not cells:
        return out, {}
    darks = [found.dark for _, _, found in cells]
    prob = probabilities(np.stack([features(d) for d in darks]))
    checked = _judged([read[r][c] for r, c, _ in cells], darks, prob)
    for (r, c, _), g in zip(cells, checked, strict=True):
        out[r][c] = g
    return out, {(r, c): p for (r, c, _), p in zip(cells, prob, strict=True)}
