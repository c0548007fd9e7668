"""The third round of the reader's speed-ups reads as before: the character reader's neighbour search
looks each distinct glyph up once however often it appears in a batch (a board full of the same
numbers), with the same guesses as when each is looked up alone."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np
import pytest

from vision import glyphs
from vision.glyphs import _nearest, _queries, classify
from vision.memo import one_reading


def _digit(text: str, dx: int = 0, thick: int = 2) -> np.ndarray:
    ink = np.zeros((40, 40), np.uint8)
    cv2.putText(ink, text, (10 + dx, 30), cv2.FONT_HERSHEY_SIMPLEX, 0.9, 1, thick)
    return ink


def _batch() -> list[np.ndarray]:
    # (the same glyphs at other places in the cell are the same query: their features are cropped)
    return [_digit(t, dx, k) for t in "1207" for dx in (0, 3, -2) for k in (1, 2, 3)]


def test_alike_glyphs_are_searched_once(monkeypatch: pytest.MonkeyPatch) -> None:
    q = _queries(_batch())
    low = q @ glyphs._model(glyphs.CLASSES)[4]  # (alike: by features and their projection as the search makes it)
    distinct = len({row.tobytes() + p.tobytes() for row, p in zip(q, low, strict=True)})
    assert distinct < len(q)
    searched: list[int] = []
    einsum = np.einsum

    def counted(spec: str, *ops: np.ndarray, **kw: Any) -> Any:
        if spec == "ij,kj->ik":
            searched.append(len(ops[0]))
        return einsum(spec, *ops, **kw)

    monkeypatch.setattr(np, "einsum", counted)
    _nearest(q, glyphs.CLASSES)
    assert searched == [distinct]  # (before: one row per glyph, alike or not)


def _one_by_one(q: np.ndarray, allowed: str) -> list[tuple[str, float, str]]:
    """The search as it was before (each glyph's distances in a loop of its own), undecided."""
    x, y, norms, coarse, basis, _ = glyphs._model(allowed)
    qc = q @ basis
    rough = (qc * qc).sum(1)[:, None] + (coarse * coarse).sum(1)[None, :] - 2.0 * np.einsum(
        "ij,kj->ik", qc, coarse, optimize=False)
    picked = np.argpartition(rough, glyphs.CANDIDATES, axis=1)[:, :glyphs.CANDIDATES]
    out = []
    for row, idx in zip(q, picked, strict=True):
        d = float(row @ row) + norms[idx] - 2.0 * x[idx] @ row
        classes = y[idx]
        votes = np.bincount(classes[np.argpartition(d, glyphs.K)[:glyphs.K]], minlength=len(glyphs.CLASSES))
        best = int(np.argmax(votes))
        mine, others = float(d[classes == best].min()), d[classes != best]
        other_d = float(others.min()) if len(others) else float(d.max()) * 4.0
        runner = int(classes[classes != best][np.argmin(others)]) if len(others) else best
        margin = (np.sqrt(max(other_d, 0.0)) - np.sqrt(max(mine, 0.0))) / max(np.sqrt(max(other_d, 1e-9)), 1e-9)
        confidence = max(0.0, min(1.0, float(min(votes[best] / glyphs.K, 0.5 + 2.0 * margin))))
        out.append((glyphs.CLASSES[best], confidence, glyphs.CLASSES[runner]))
    return out


@pytest.mark.parametrize("allowed", [glyphs.CLASSES, "0123456789"])
def test_the_search_finds_what_the_loop_found_to_the_last_bit(monkeypatch: pytest.MonkeyPatch, allowed: str) -> None:
    q = _queries(_batch())
    monkeypatch.setattr(glyphs, "_judged", lambda q, guesses, allowed: guesses)  # (the neighbours' guesses alone)
    found = [(g.char, g.confidence, g.runner_up) for g in _nearest(q, allowed)]
    assert found == _one_by_one(q, allowed)
    assert [c for c, _, _ in found[:9]] == ["1"] * 9


def test_a_glyph_read_alone_is_read_once_a_reading_wherever_it_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    apart = [_digit("7", dx) for dx in (0, 4, -3)]  # (one character at three places in its cell)
    alone = [classify([g])[0] for g in apart]  # (outside a reading: nothing remembered)
    searched: list[int] = []
    nearest = glyphs._nearest

    def counted(q: np.ndarray, allowed: str) -> list[glyphs.Guess]:
        searched.append(len(q))
        return nearest(q, allowed)

    monkeypatch.setattr(glyphs, "_nearest", counted)
    with one_reading():
        again = [classify([g])[0] for g in apart]
        assert classify([_digit("1")])[0].char == "1"  # (another ink: read on its own)
    assert again == alone and again[0].char == "7"
    assert searched == [1, 1]  # (before: once per call, four)


def test_warm_builds_every_model_a_reading_asks_for() -> None:
    """``warm`` (run by the bot at start) builds the models a picture's reading would build while
    its player waits: after it, reading a screenshot of numbers builds no further one."""
    from pathlib import Path

    from vision import read_image

    glyphs._model.cache_clear()
    glyphs.warm()
    built = glyphs._model.cache_info().currsize
    assert built == 2
    data = (Path(__file__).parent / "data" / "images" / "pzprjs-own-shikaku-02-screenshot.png").read_bytes()
    read_image(data)
    assert glyphs._model.cache_info().currsize == built
