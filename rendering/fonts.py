"""Fonts: DejaVu Sans Bold shipped in this package (Bitstream Vera licence, see DejaVu-LICENSE.txt),
falling back to Pillow's bundled scalable font. No system font is needed.

Japanese title text needs a CJK font, which is not shipped (they are 5-20 MB): one is used when
``PUZZLEBOT_CJK_FONT`` names a font file or a usual system one is installed; otherwise titles
stay English.
"""

from __future__ import annotations

import os
from functools import cache, lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_FILE = Path(__file__).with_name("DejaVuSans-Bold.ttf")

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
CJK_CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",
    "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  # Debian's fonts-droid-fallback
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "C:/Windows/Fonts/meiryo.ttc",
)


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


@lru_cache(maxsize=4096)
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


@cache
def cjk_font_file() -> str | None:
    """A font file with Japanese glyphs (``PUZZLEBOT_CJK_FONT`` first), or None."""
    env = os.environ.get("PUZZLEBOT_CJK_FONT", "")
    for path in (env, *CJK_CANDIDATES):
        if path and Path(path).is_file():
            try:
                ImageFont.truetype(path, 12)
            except OSError:
                continue
            return path
    return None


@cache
def cjk_font(size: int) -> Font | None:
    path = cjk_font_file()
    return ImageFont.truetype(path, max(6, int(size))) if path else None
