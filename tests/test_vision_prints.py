"""Printed pages and photos made elsewhere (issue 23): a small board on a whole page scanned at
300 dpi, hairline grids and thin-outlined white pearls, a blank page, and the held-out photo
simulator the benchmark measures the reader on."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageDraw

from vision import Unreadable, read_image

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
from heldout_photo import simulate_heldout  # noqa: E402

PEARLS = ["W . . B . . .",
          ". . W . . W .",
          ". . . . . . .",
          "B . . W . . W",
          ". W . . . . .",
          ". . . . B . .",
          "W . . . . . W"]


def printed_page(dpi: int, cell_mm: float = 7.0) -> bytes:
    """An A4 page as a printer draws a Pearl board: hairline grey grid, a thin black frame, white
    pearls outlined by a hairline, all small in the middle of the page (drawn at 4x, then averaged:
    anti-aliased as a rasterised PostScript page is)."""
    k = 4
    px = dpi / 25.4 * k
    w, h = round(210 * px), round(297 * px)
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    cell = cell_mm * px
    n = len(PEARLS)
    x0, y0 = w / 2 - n * cell / 2, h / 2 - n * cell / 2
    hair = k  # one pixel of the page
    for i in range(n + 1):
        d.line([x0 + i * cell, y0, x0 + i * cell, y0 + n * cell], fill=128, width=hair)
        d.line([x0, y0 + i * cell, x0 + n * cell, y0 + i * cell], fill=128, width=hair)
    d.rectangle([x0, y0, x0 + n * cell, y0 + n * cell], outline=0, width=2 * hair)
    for r, row in enumerate(PEARLS):
        for c, tok in enumerate(row.split()):
            if tok == ".":
                continue
            m = 0.2 * cell
            box = [x0 + c * cell + m, y0 + r * cell + m, x0 + (c + 1) * cell - m, y0 + (r + 1) * cell - m]
            d.ellipse(box, fill=0 if tok == "B" else 255, outline=0 if tok == "B" else 110, width=hair)
    small = img.resize((w // k, h // k), Image.Resampling.BOX)
    buf = io.BytesIO()
    small.save(buf, "PNG")
    return buf.getvalue()


@pytest.mark.parametrize("dpi, cell_mm", [(150, 5.0), (300, 5.0), (300, 25.0)])
def test_a_board_on_a_printed_page_is_read_with_its_hairline_pearls(dpi: int, cell_mm: float) -> None:
    r = read_image(printed_page(dpi, cell_mm))
    assert (r.rows, r.cols) == (7, 7)
    assert [" ".join(row) for row in r.tokens] == PEARLS
    assert r.sure
    assert "masyu" in r.genres


def test_a_blank_page_is_refused_as_blank() -> None:
    page = np.full((1754, 1240), 255, np.uint8)
    with pytest.raises(Unreadable) as e:
        read_image(cv2.imencode(".png", page)[1].tobytes())
    assert e.value.code == "blank"


def test_the_held_out_photo_simulator_is_deterministic_and_makes_a_photo() -> None:
    page = np.asarray(Image.open(io.BytesIO(printed_page(150))).convert("RGB"))[:, :, ::-1]
    page = np.ascontiguousarray(page)
    one, two = simulate_heldout(page, 5), simulate_heldout(page, 5)
    assert one == two != simulate_heldout(page, 6)
    photo = cv2.imdecode(np.frombuffer(one, np.uint8), cv2.IMREAD_COLOR)
    assert photo is not None and min(photo.shape[:2]) >= 300
    assert photo.std() > 10  # not a flat picture: a sheet among other things
