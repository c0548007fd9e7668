"""Fonts: DejaVu Sans Bold shipped in this package (Bitstream Vera licence, see DejaVu-LICENSE.txt),
falling back to Pillow's bundled scalable font. No system font is needed."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONT_FILE = Path(__file__).with_name("DejaVuSans-Bold.ttf")

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def font(size: int) -> Font:
    """The numbers/title font at ``size`` px."""
    size = max(6, int(size))
    try:
        return ImageFont.truetype(str(FONT_FILE), size)
    except OSError:  # the file went missing: Pillow's own scalable font (Pillow >= 10.1)
        return ImageFont.load_default(size=size)


def text_size(text: str, f: Font) -> tuple[int, int]:
    left, top, right, bottom = f.getbbox(text)
    return int(right - left), int(bottom - top)


@cache
def fitted(text: str, max_w: int, max_h: int) -> Font:
    """The largest font (at most ``max_h`` px) whose rendering of ``text`` fits max_w x max_h."""
    size = max(6, int(max_h * 1.25))  # digits are ~0.73 of the em: start a little above the box
    while size > 6:
        f = font(size)
        w, h = text_size(text, f)
        if w <= max_w and h <= max_h:
            return f
        size -= 1
    return font(6)
