"""The learned kind reader shipped with the package (issue 23): it loads from the package's own
file, tells drawn cells of every kind apart, and as the shape rules' judge asks about a cell it
reads otherwise with confidence (taking the kind a token names)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from solvers.genre import ClueKind
from vision import kindnet
from vision.cells import RINGED, CellGuess, cell_ink
from vision.kindnet import KINDS, Kind

FONT = resources.files("rendering") / "DejaVuSans-Bold.ttf"
REPO = Path(__file__).resolve().parents[1]


def _cell(kind: Kind, side: int, pen: int = 0, blur: bool = False) -> np.ndarray:
    """A cell of ``kind`` drawn ``side`` pixels wide with grid lines round it: its crop's darkness
    as the reader cuts it (``pen``: the ring's width, default a twentieth of the cell)."""
    img = Image.new("L", (side, side), 255)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, side - 1, side - 1), outline=0, width=max(1, side // 30))
    r, m = 0.38 * side, side / 2
    font = ImageFont.truetype(str(FONT), round(side * 0.6))
    if kind is Kind.RING:
        d.ellipse((m - r, m - r, m + r, m + r), outline=0, width=pen or max(1, side // 20))
    elif kind is Kind.DISC:
        d.ellipse((m - r, m - r, m + r, m + r), fill=0)
    elif kind is Kind.NUMBER:
        d.text((m, m), "7", fill=0, font=font, anchor="mm")
    elif kind is Kind.CIRCLED:
        d.ellipse((m - r, m - r, m + r, m + r), outline=0, width=max(1, side // 20))
        d.text((m, m), "3", fill=0, font=ImageFont.truetype(str(FONT), round(side * 0.4)), anchor="mm")
    elif kind is Kind.SOLID:
        d.rectangle((0, 0, side - 1, side - 1), fill=0)
    paper = np.asarray(img, np.float32) / 255.0
    if blur:
        paper = cv2.GaussianBlur(paper, (0, 0), side / 40)
    found = cell_ink(paper, 0, side, 0, side)
    assert found is not None
    return found.dark


def test_the_model_is_package_data() -> None:
    shipped = resources.files("vision") / "kindnet.npz"
    assert shipped.is_file()
    assert kindnet.MODEL.name == "kindnet.npz"
    with np.load(io.BytesIO(shipped.read_bytes())) as weights:
        assert weights["w1"].shape[0] == len(kindnet.features(np.zeros((30, 30), np.float32)))
        assert weights["b3"].shape == (len(KINDS),)
    assert len(shipped.read_bytes()) < 300_000


@pytest.mark.parametrize("blur", [False, True])
def test_the_model_tells_drawn_kinds_apart(blur: bool) -> None:
    cells = [(kind, _cell(kind, side, blur=blur)) for kind in KINDS for side in (30, 46, 80)]
    prob = kindnet.probabilities(np.stack([kindnet.features(d) for _, d in cells]))
    assert prob.shape == (len(cells), len(KINDS))
    assert np.allclose(prob.sum(1), 1.0, atol=1e-4)
    assert [KINDS[i] for i in prob.argmax(1)] == [kind for kind, _ in cells]


def test_a_hairline_ring_read_empty_is_taken_as_a_ring_and_asked_about() -> None:
    dark = _cell(Kind.RING, 60, pen=1)
    (got,) = kindnet._judged([CellGuess(".", 1.0)], [dark])
    assert got.token == "W"
    assert got.confidence <= kindnet.DOUBT
    assert "." in got.alternatives


def test_agreeing_and_unjudged_cells_are_left_alone() -> None:
    ring, number = CellGuess("W", 0.97), CellGuess("7", 0.9)
    got = kindnet._judged([ring, number], [_cell(Kind.RING, 46), _cell(Kind.NUMBER, 46)])
    assert got == [ring, number]
    circled = CellGuess("11", 0.9, kinds=RINGED)  # (a number found in a circle: not judged)
    assert kindnet.kind_of(circled) is Kind.CIRCLED
    assert kindnet._judged([circled], [_cell(Kind.DISC, 46)]) == [circled]
    assert kindnet.kind_of(CellGuess("2>", 0.9, kinds=frozenset({ClueKind.ARROW}))) is None


@pytest.mark.parametrize("confidence", [0.3, 0.95])
def test_a_disc_read_as_a_number_is_taken_as_a_disc_and_asked_about(confidence: float) -> None:
    # (a blurred disc's rim read as characters, the rules sure or not: the model is sure of a disc)
    (got,) = kindnet._judged([CellGuess("8", confidence)], [_cell(Kind.DISC, 46, blur=True)])
    assert (got.token, got.alternatives[0]) == ("B", "8")
    assert got.confidence <= kindnet.DOUBT


@pytest.mark.parametrize("side", [30, 46, 80])
def test_a_number_read_as_a_number_is_left_alone(side: int) -> None:
    number = CellGuess("7", 0.95)
    assert kindnet._judged([number], [_cell(Kind.NUMBER, side, blur=True)]) == [number]


def test_a_disc_read_as_a_ring_is_taken_as_a_disc_and_asked_about() -> None:
    (got,) = kindnet._judged([CellGuess("W", 0.9)], [_cell(Kind.DISC, 46)])
    assert (got.token, got.alternatives) == ("B", ("W",))
    assert got.confidence <= kindnet.DOUBT


REAL = [Path(p) for p in os.environ.get("KINDNET_REAL", "").split(os.pathsep) if p]


@pytest.mark.slow
@pytest.mark.skipif(not REAL or not all(p.is_file() for p in REAL),
                    reason="the harvested train cells (KINDNET_REAL: the npz files bench/README.md names, in order)")
def test_retraining_gives_the_shipped_file(tmp_path: Path) -> None:
    """``bench/kindnet/train.py`` makes the shipped weights again, byte for byte, from the synthetic
    cells and the real ones ``bench/kindnet/harvest.py`` cut from the train splits (minutes)."""
    out = tmp_path / "kindnet.npz"
    env = {**os.environ, "PYTHONPATH": str(REPO), "OMP_NUM_THREADS": "1"}
    real = [a for p in REAL for a in ("--real", str(p))]
    subprocess.run([sys.executable, str(REPO / "bench" / "kindnet" / "train.py"), "--out", str(out), *real],
                   check=True, env=env, cwd=REPO, capture_output=True)
    shipped = np.load(kindnet.MODEL)
    again = np.load(out)
    assert all(np.array_equal(shipped[k], again[k]) for k in shipped.files)


def _shaken(text: str | None, side: int = 46) -> np.ndarray:
    """A cell holding a ring (``text`` None) or ``text``, blurred and shaken up and down as a
    photo taken with an unsteady hand: its crop's darkness as the reader cuts it."""
    img = Image.new("L", (side, side), 255)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, side - 1, side - 1), outline=0, width=max(1, side // 30))
    r, m = 0.4 * side, side / 2
    if text is None:
        d.ellipse((m - r, m - r, m + r, m + r), outline=0, width=max(2, side // 16))
    else:
        d.text((m, m), text, fill=0, font=ImageFont.truetype(str(FONT), round(side * 0.55)), anchor="mm")
    paper = np.asarray(img, np.float32) / 255.0
    streak = np.ones((side // 5, 1), np.float32) / (side // 5)  # (a vertical smear a fifth of the cell)
    paper = cv2.GaussianBlur(cv2.filter2D(paper, -1, streak, borderType=cv2.BORDER_REPLICATE), (0, 0), side / 40)
    found = cell_ink(paper, 0, side, 0, side)
    assert found is not None
    return found.dark


def test_a_shaken_ring_read_unsure_as_two_digits_is_taken_as_a_ring() -> None:
    # (a ring smeared up and down keeps only its side arcs dark: the rules read them "69")
    (got,) = kindnet._judged([CellGuess("69", 0.4, ("19",))], [_shaken(None)])
    assert got.token == "W"
    assert got.alternatives[0] == "69"  # (the number offered, should the player say so)


@pytest.mark.parametrize("text", ["0", "6", "8", "9", "10", "69", "96"])
def test_a_shaken_number_read_unsure_stays_a_number(text: str) -> None:
    guess = CellGuess(text, 0.4)
    assert kindnet._judged([guess], [_shaken(text)]) == [guess]


def test_a_ring_read_as_a_sure_number_is_not_taken() -> None:
    guess = CellGuess("69", 0.9)  # (the rules read characters clearly: not judged, as before)
    assert kindnet._judged([guess], [_shaken(None)]) == [guess]


def test_an_empty_cell_read_unsure_is_judged_without_the_ink_gate() -> None:
    ring = np.array([0.0, 0.97, 0.01, 0.01, 0.01, 0.0])  # (the model's probabilities: a ring)
    unsure, sure = CellGuess(".", 0.5, ("W",)), CellGuess(".", 1.0)
    got = kindnet.verdict(unsure, ring, hollow=True, inked=False)
    assert (got.token, got.alternatives[0]) == ("W", ".") and got.confidence <= kindnet.DOUBT
    assert kindnet.verdict(sure, ring, hollow=True, inked=False) == sure  # (sure and no ink all round: kept)
