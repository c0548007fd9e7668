"""Counting a grid's lines along one axis: how much thin, straight ink lies on each column (a
profile, in coarse and fine bands), and the lattice of n cells whose lines carry the most of it
compared with the middles of its cells (:func:`lattice`). Split from :mod:`vision.grid`, which
finds the board and straightens it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import lru_cache

import cv2
import numpy as np

MIN_CELLS, MAX_CELLS = 5, 40
BANDS, FINE_BAND = 30, 6  # bands a line's evidence is counted in; pixels of a fine band
OFF_LATTICE = 0.08  # share of a cell an edge may lie off the even lattice through the others
HALVE, DOUBLE = 0.6, 0.8  # odd lines' share of the even ones' evidence (fine bands): characters below, lines above
# the even lines' evidence in fine bands below which their odd ones' share is not judged: for a
# double count, noise; for a half count, a faint grid's lines (seen in a few bands each, as many
# between them: a count is halved only on evidence that every other line is missing)
JUDGED_DOUBLE, JUDGED_HALF = 0.3, 0.1
# a count is every other line of its double when the double's lines stand out this many times as
# much (and by this much evidence at least) as its own from the middles between them
SPLIT, SPLIT_STANDOUT = 1.5, 0.05
# ink opened along the line with a run this long or longer has only runs :func:`_marked`'s closing keeps
# longer than its opening's: the opening leaves them as they are, and is skipped (bench/README.md "vspeed5":
# of random masks opened with runs of 7-29, 0 of 138,000 differ; with 3-6 some do; 9 for a margin)
LONG_RUN = 9


def thin(darkness: np.ndarray, d: int, axis: int) -> np.ndarray:
    """Ink darker than both neighbours ``d`` pixels away across ``axis``: thin lines stay, areas go."""
    a = np.roll(darkness, d, axis=axis)
    b = np.roll(darkness, -d, axis=axis)
    out: np.ndarray = np.clip(darkness - np.maximum(a, b), 0.0, None)
    return out


def line_profile(thin: np.ndarray, faint: float = 0.08, bands: int = 30) -> np.ndarray:
    """Per column, the share of horizontal bands in which the column holds thin ink (darker than
    its surroundings by ``faint``): a line (solid, dashed or dotted) is there in nearly every band,
    the side of a circle or digit in one or two."""
    return _banded(_marked(thin, faint), bands)


def profiles(thin: np.ndarray, faint: float) -> tuple[np.ndarray, np.ndarray]:
    """:func:`line_profile` in :data:`BANDS` bands and in bands of :data:`FINE_BAND` pixels (finer
    than a cell: a column of characters is in some of them, a line in every one)."""
    marked = _marked(thin, faint)
    return _banded(marked, BANDS), _banded(marked, max(BANDS, marked.shape[0] // FINE_BAND))


def _marked(thin: np.ndarray, faint: float, long: bool = False) -> np.ndarray:
    """Thin ink darker than ``faint``, in runs along the line; ``long``: ``thin`` is 0/1 ink opened
    along the line already with a run of :data:`LONG_RUN` or more (:func:`thick_profile`), whose
    closed runs are all longer than this opening's, so it would leave them as they are."""
    # (closed along the line first: the dashes of a finely dashed line, a few pixels each, do
    # not survive the opening; 4 pixels, not 5: with 5 the slanted lines of a curled page read "unclear",
    # tests/test_vision_locate.py, while 3-4 keep puzz.link's dashes, tests/test_vision_screens.py)
    marked = cv2.morphologyEx((thin > faint).astype(np.uint8), cv2.MORPH_CLOSE, np.ones((4, 1), np.uint8))
    if not long:
        marked = cv2.morphologyEx(marked, cv2.MORPH_OPEN, np.ones((5, 1), np.uint8))
    out: np.ndarray = cv2.dilate(marked, np.ones((1, 3), np.uint8))  # (dashes across the line are too short)
    return out


def _banded(marked: np.ndarray, bands: int) -> np.ndarray:
    h = marked.shape[0] - marked.shape[0] % bands
    profile: np.ndarray = marked[:h].reshape(bands, h // bands, -1).max(axis=1).mean(axis=0).astype(np.float64)
    return profile


def lattice(profile: np.ndarray, count: int | None = None, thick: Callable[..., np.ndarray] | None = None,
             fine: np.ndarray | None = None) -> tuple[np.ndarray | None, float, float]:
    """The cell edges along one axis (n+1 positions), how clearly they stand out, and how
    surely each one is a line (the weakest fifth of the inner edges' evidence, 0..1); ``count``:
    of that many cells; ``thick``: the evidence of thick lines at least so long (room borders);
    ``fine``: the profile in fine bands, which tells every other line from characters."""
    size = len(profile)
    margin = max(2, size // 200)
    prof = profile.copy()
    prof[:margin] = prof[-margin:] = 0.0
    spread = float(prof.std()) or 1e-6
    best_n, best_s = 0, -np.inf
    scores = _every_score(prof, spread)  # (every count whose cells are 8 pixels or more)
    for n, s in scores.items():
        if s > best_s:
            best_n, best_s = n, s
    if best_n == 0 or best_s <= 0:
        return None, 0.0, 0.0
    # a count whose lines fall on every other true line scores as well as the true count: the
    # largest count that nearly matches the best one is the true one
    best_n = max(n for n, s in scores.items() if s >= 0.8 * best_s) if count is None else count
    halved = doubled = False
    if count is None and fine is not None:
        lines = fine if thick is None else np.maximum(fine, thick(int(1.8 * size / best_n), fine=True))
        share = _odd_share(lines, best_n, JUDGED_HALF) if best_n % 2 == 0 else None
        halved = share is not None and share < HALVE and scores.get(best_n // 2, 0.0) > 0
        if halved:
            best_n //= 2  # every other "line" is the strokes of characters in the cells' middles
        while not halved and 2 * best_n <= MAX_CELLS and size / (2 * best_n) >= 8 and (
                _odd_share(lines, 2 * best_n, JUDGED_DOUBLE) or 0.0) >= DOUBLE:
            best_n *= 2  # lines in the cells' middles too: characters filling the cells hid every other one
            doubled = True
        if not (halved or doubled) and _split(prof, lines, best_n):
            best_n *= 2  # a faint grid's every other line: its cells' middles stand out as much as its lines
            doubled = True
    best_s = scores[best_n] if best_n in scores else _scorer(prof, spread)(best_n)
    if best_s <= 0:
        return None, 0.0, 0.0
    cell = size / best_n
    edges = [0.0]
    windows = [(max(0, round((k - 0.3) * cell)), min(size, round((k + 0.3) * cell) + 1)) for k in range(1, best_n)]
    typical = float(np.median([prof[lo:hi].max() for lo, hi in windows])) if windows else 0.0
    # (placed where fine bands agree too: the bars of a row of characters stand out in coarse bands)
    place = prof if fine is None else prof + fine
    for k, (lo, hi) in enumerate(windows, start=1):
        window = prof[lo:hi]
        # (a thick line is no thin ink: where the evidence is weak, the lattice's own place)
        edges.append(float(lo + int(np.argmax(place[lo:hi]))) if window.max() > max(0.3, 0.5 * typical) else k * cell)
    edges.append(float(size - 1))
    # (a line drawn thick along part of its length, a room border, is a line there too)
    seen = prof if thick is None else np.minimum(1.0, prof + thick(max(3, int(0.9 * cell))))
    _even_out(edges, seen, cell)
    if (doubled or halved) and fine is not None:  # (characters in the cells' middles weigh on the coarse scores)
        f = fine.copy()
        f[:margin] = f[-margin:] = 0.0
        spread_f = float(f.std()) or 1e-6
        scores = _every_score(f, spread_f, tuple(scores))
        best_s = scores[best_n]
    rivals = [s for n, s in scores.items() if n != best_n and not (halved and n == 2 * best_n)
              and not (doubled and best_n % n == 0 and best_n // n in (2, 4, 8))]
    clarity = best_s / max(0.5, max(rivals, default=0.5)) * min(1.0, best_s / 1.5) * 2.0
    win = max(1, round(cell / 10))
    evidence = sorted(float(seen[max(0, round(e) - win):round(e) + win + 1].max()) for e in edges[1:-1])
    support = evidence[len(evidence) // 5] if evidence else 0.0
    return np.array(edges), clarity, support


def _even_out(edges: list[float], prof: np.ndarray, cell: float) -> None:
    """Move an inner edge well off the even lattice through the others onto a line there, if there
    is one (strokes of characters aligned down a column of cells, or the bars of a row of bold
    digits, can outweigh a faint line)."""
    inner = np.array(edges[1:-1])
    if len(inner) < 4:
        return
    ks = np.arange(1, len(edges) - 1)
    step = float(np.median(np.diff(inner)))
    start = float(np.median(inner - step * ks))
    # (then fitted through the edges near that lattice: a whole-pixel step is off by a fraction,
    # which adds up over a board of many cells)
    off = max(OFF_LATTICE * cell, 4.0)  # (a few pixels: the rounding of a resampled picture)
    near = np.abs(inner - (start + step * ks)) <= off
    if near.sum() >= 3:
        step, start = (float(v) for v in np.polyfit(ks[near], inner[near], 1))
    win = max(1, round(cell / 20))
    for k in ks:
        place = start + step * k
        if abs(edges[k] - place) <= off:
            continue
        lo, hi = max(0, round(place) - win), min(len(prof), round(place) + win + 1)
        if hi > lo and prof[lo:hi].max() >= 0.15:
            edges[k] = float(lo + int(np.argmax(prof[lo:hi])))


def thick_profile(darkness: np.ndarray, d: int, faint: float, axis: int, run: int, fine: bool = False
                   ) -> np.ndarray:
    """:func:`line_profile` of lines up to three times thicker than thin ones that run on for at
    least ``run`` pixels (room borders; not the strokes of characters)."""
    kernel = np.ones((max(3, run), 1) if axis == 1 else (1, max(3, run)), np.uint8)
    long = cv2.morphologyEx((_thick_ink(darkness, d, axis) > faint).astype(np.uint8), cv2.MORPH_OPEN, kernel)
    marked = long if axis == 1 else long.T
    bands = max(BANDS, marked.shape[0] // FINE_BAND) if fine else BANDS
    return _banded(_marked(marked, 0.5, long=max(3, run) >= LONG_RUN), bands)


_thick = threading.local()  # each thread's last board's thick ink per axis (asked for at each ink level)


def _thick_ink(darkness: np.ndarray, d: int, axis: int) -> np.ndarray:
    """:func:`thin` ink up to three times thicker than thin lines (``d`` is the thin lines' reach)."""
    memo: tuple[np.ndarray, int, dict[int, np.ndarray]] | None = getattr(_thick, "memo", None)
    if memo is None or memo[0] is not darkness or memo[1] != d:
        memo = (darkness, d, {})
        _thick.memo = memo
    if axis not in memo[2]:
        memo[2][axis] = thin(darkness, 3 * d, axis=axis)
    return memo[2][axis]


def _odd_share(prof: np.ndarray, n: int, judged: float) -> float | None:
    """The n-cell lattice's odd lines' evidence as a share of its even ones' (in fine bands: a line
    runs through every band, the characters down a column of cells through some); None when the
    even ones' mean evidence is below ``judged`` (too little to tell)."""
    cell = len(prof) / n
    win = max(1, round(cell / 5))  # (wide: a board's frame taken with the outline shifts the lines)
    peaks = [float(prof[max(0, round(k * cell) - win):round(k * cell) + win + 1].max()) for k in range(1, n)]
    odd, even = peaks[0::2], peaks[1::2]
    if not odd or not even or float(np.mean(even)) < judged:
        return None
    return float(np.mean(odd)) / float(np.mean(even))


def _split(prof: np.ndarray, lines: np.ndarray, n: int) -> bool:
    """Whether the n-cell lattice is every other line of a 2n-cell one: the 2n lattice's lines stand
    out from its middles clearly more than the n lattice's from its own (which are the in-between
    lines), and those in-between lines run through the fine bands as the others do (not characters).
    (:func:`_score` takes the mean about a cell's middle against the most about a line, in windows
    as wide as a tenth of a cell: on a faint, noisy grid the half count's wider windows win it.)"""
    size = len(prof)
    if 2 * n > MAX_CELLS or size / (2 * n) < 8:
        return False
    share = _odd_share(lines, 2 * n, JUDGED_HALF)
    half, full = _standout(prof, n), _standout(prof, 2 * n)
    return share is not None and share >= DOUBLE and full >= SPLIT_STANDOUT and full >= SPLIT * half


def halves(prof: np.ndarray, n: int, m: int) -> bool:
    """Whether ``m`` cells, about half of ``n``, would halve a count whose every other line is as
    plain as the rest: its lines stand out from its middles :data:`SPLIT` times as much as those of
    half the count (whose middles they are)."""
    if not (0.4 * n <= m <= 0.6 * n):
        return False
    full = _standout(prof, n)
    return full >= SPLIT_STANDOUT and full >= SPLIT * _standout(prof, n // 2)


def _standout(prof: np.ndarray, n: int) -> float:
    """How far the n-cell lattice's lines stand out from its cells' middles: the mean of the most
    evidence in a window about each, the same window for both."""
    size = len(prof)
    cell = size / n
    win = max(1, round(cell / 10))
    at = [round(k * cell) for k in range(1, n)]
    mid = [round((k + 0.5) * cell) for k in range(n)]
    lines = [float(prof[max(0, a - win):a + win + 1].max()) for a in at]
    middles = [float(prof[max(0, m - win):min(size, m + win + 1)].max()) for m in mid]
    return float(np.mean(lines)) - float(np.mean(middles))


def _score(prof: np.ndarray, n: int, spread: float) -> float:
    """How much more line evidence lies on the n-cell lattice's lines than in its cells' middles
    (the most in a window about each line, the mean about each middle)."""
    return _scorer(prof, spread)(n)


def _scorer(prof: np.ndarray, spread: float) -> Callable[[int], float]:
    """:func:`_score` of ``prof`` for any count, its running sums and padded copy made once: it runs
    for every count 5-40 on every outline (6,780 calls, a third of a 20x20 screenshot's look for
    places: bench/README.md, "vspeed4"); every value as before to the last bit (the same sums, and
    each mean as numpy's own, the array's sum over its length)."""
    size = len(prof)
    padded = np.append(prof, 0.0)
    sums = np.concatenate([[0.0], np.cumsum(prof)])
    plain = prof.dtype == np.float64  # (np.mean of float64 is its sum over its length; else keep np.mean)

    def mean(a: np.ndarray) -> float:
        return float(np.add.reduce(a) / a.size) if plain else float(np.mean(a))

    def score(n: int) -> float:
        bounds, lo, hi = _windows(size, n)
        peaks = np.maximum.reduceat(padded, bounds)[0::2]
        mids = (sums[hi] - sums[lo]) / (hi - lo)
        return (mean(peaks) - mean(mids)) / spread
    return score


def _windows(size: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_score`'s windows for ``n`` cells along a profile of ``size``: each inner line's window's
    bounds, end to end (for ``maximum.reduceat``), and each middle's window's ends."""
    cell = size / n
    win = max(1, round(cell / 10))
    at = np.round(np.arange(1, n) * cell).astype(np.int64)
    bounds = np.empty(2 * len(at), np.int64)
    bounds[0::2] = np.maximum(0, at - win)
    bounds[1::2] = np.minimum(size, at + win + 1)
    mid = np.round((np.arange(n) + 0.5) * cell).astype(np.int64)
    return bounds, np.maximum(0, mid - win), np.minimum(size, mid + win + 1)


@lru_cache(maxsize=512)  # (a profile's length is a picture's side: a few hundred sizes at most in use)
def _plan(size: int, counts: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """:func:`_scorer`'s windows for every count of ``counts`` along a profile of ``size``, end to
    end (they depend on the size alone: the same few sizes are scored by the thousand): each
    line's window's bounds, each middle's window's ends and its length, and where each count's
    lines and middles begin in those."""
    bounds, lo, hi, lines, middles = [], [], [], [0], [0]
    for n in counts:
        pair, low, high = _windows(size, n)
        bounds.append(pair)
        lo.append(low)
        hi.append(high)
        lines.append(lines[-1] + n - 1)
        middles.append(middles[-1] + n)
    b, low, high = np.concatenate(bounds), np.concatenate(lo), np.concatenate(hi)
    for a in (b, low, high):
        a.flags.writeable = False
    return b, low, high, np.array(lines), np.array(middles)


def _every_score(prof: np.ndarray, spread: float, counts: tuple[int, ...] | None = None) -> dict[int, float]:
    """:func:`_score` of ``prof`` for each of ``counts`` (default: every count 5-40 whose cells are 8
    pixels or more), as :func:`_scorer` gives it to the last bit: every count's line peaks in one
    ``maximum.reduceat`` (a maximum is exact in any grouping) and middles' means in one division,
    each count's two means still numpy's own sums of its own values. :func:`lattice` scores every
    count of every outline (6,696 calls, 0.3-0.7 s of a 20x20 screenshot read in doubt:
    bench/README.md "vspeed5")."""
    size = len(prof)
    if counts is None:
        counts = tuple(n for n in range(MIN_CELLS, MAX_CELLS + 1) if size / n >= 8)
    if prof.dtype != np.float64 or not counts:  # (np.mean of other types: the closure's way)
        score = _scorer(prof, spread)
        return {n: score(n) for n in counts}
    bounds, lo, hi, lines, middles = _plan(size, counts)
    peaks = np.maximum.reduceat(np.append(prof, 0.0), bounds)[0::2]
    sums = np.concatenate([[0.0], np.cumsum(prof)])
    mids = (sums[hi] - sums[lo]) / (hi - lo)
    add = np.add.reduce
    out = {}
    for k, n in enumerate(counts):
        p, m = peaks[lines[k]:lines[k + 1]], mids[middles[k]:middles[k + 1]]
        out[n] = (float(add(p) / p.size) - float(add(m) / m.size)) / spread
    return out
