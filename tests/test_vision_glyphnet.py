"""The learned character reader shipped with the package (issue 23): it loads from the package's
own file and reads rendered digits, alone and as the nearest-neighbour reader's judge."""

from __future__ import annotations

import io
from importlib import resources

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw, ImageFont

from vision import glyphnet
from vision.cells import cell_ink, glyph_masks
from vision.glyphs import CLASSES, classify, features

FONT = resources.files("rendering") / "DejaVuSans-Bold.ttf"


def _glyph(ch: str, side: int, blur: bool) -> np.ndarray:
    """``ch`` drawn in a cell of ``side`` pixels, cut into its ink mask as the reader cuts it."""
    img = Image.new("L", (side, side), 255)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, side - 1, side - 1), outline=0, width=max(1, side // 30))
    font = ImageFont.truetype(str(FONT), round(side * 0.6))
    d.text((side / 2, side / 2), ch, fill=0, font=font, anchor="mm")
    paper = np.asarray(img, np.float32) / 255.0
    if blur:
        paper = cv2.GaussianBlur(paper, (0, 0), side / 40)
    found = cell_ink(paper, 0, side, 0, side)
    assert found is not None
    masks = glyph_masks(found.ink, min_height=0.22 * side)
    assert len(masks) == 1
    return masks[0]


def test_the_model_is_package_data() -> None:
    shipped = resources.files("vision") / "glyphnet.npz"
    assert shipped.is_file()
    assert glyphnet.MODEL.name == "glyphnet.npz"
    with np.load(io.BytesIO(shipped.read_bytes())) as weights:
        assert weights["w1"].shape[0] == len(features(np.ones((5, 5), np.uint8)))
        assert weights["b3"].shape == (len(CLASSES),)
        assert sum(w.size for w in weights.values()) * 4 < 1_000_000  # well under a megabyte


@pytest.mark.parametrize("blur", [False, True])
def test_the_model_reads_rendered_digits(blur: bool) -> None:
    masks = [_glyph(ch, side, blur) for ch in "0123456789?" for side in (46, 80)]
    prob = glyphnet.probabilities(np.stack([features(m) for m in masks]))
    assert prob.shape == (len(masks), len(CLASSES))
    assert np.allclose(prob.sum(1), 1.0, atol=1e-4)
    read = "".join(CLASSES[i] for i in prob.argmax(1))
    assert read == "".join(ch * 2 for ch in "0123456789?")


def test_the_judged_reader_reads_rendered_digits_sure() -> None:
    guesses = classify([_glyph(ch, 60, False) for ch in "0123456789"])
    assert "".join(g.char for g in guesses) == "0123456789"
    assert all(g.confidence >= 0.6 for g in guesses)
