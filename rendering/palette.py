"""Every colour a picture uses, and the fixed 256-colour palette pictures are drawn in.

Pictures are palette ('P') images from the start: a palette PNG is several times smaller and
faster to encode than an RGB one, and no quantising pass is needed. Anti-aliased pieces (text,
circles) are drawn in RGB as small cached sprites and mapped onto the palette, which holds
every flat colour below plus a grey ramp and ramps from each background tint to black, so soft
edges map to a neighbouring shade, never to an unrelated colour.
"""

from __future__ import annotations

from functools import cache, lru_cache

from PIL import Image

RGB = tuple[int, int, int]

WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
INK: RGB = (0, 0, 0)  # clues and the frame (pzprjs quescolor)
GRID: RGB = (160, 160, 160)  # pzprjs DLIGHT: thin grid lines
GRID_DARK: RGB = (127, 127, 127)  # pzprjs LIGHT
LINE: RGB = (0, 160, 0)  # pzprjs answer line green
ERROR: RGB = (192, 0, 0)  # pzprjs error colour: marks on offending cells
ERROR_BG: RGB = (255, 160, 160)  # pzprjs error background
DIFF_BG: RGB = (255, 196, 64)  # cells where two solutions differ (amber)
DIFF_EDGE: RGB = (230, 120, 0)
TITLE_BG: RGB = (236, 239, 243)
TITLE_INK: RGB = (33, 37, 41)
DEDUCED_BLACK: RGB = (80, 80, 80)  # Role.DEDUCED: dark fills the solver deduced (givens stay pure black)
DEDUCED_RING: RGB = (110, 110, 110)  # Role.DEDUCED_RING
DISC: RGB = (24, 24, 24)  # Role.DISC: dark clue discs
SHADED: RGB = (64, 64, 64)  # Role.SHADED: cells the answer shades (dark grey; given black cells are INK)
LIT: RGB = (255, 246, 168)  # Role.LIT: cells a light shines on (pale yellow)
ANSWER: RGB = (0, 84, 214)  # Role.ANSWER: digits the answer writes into cells (blue)
SUM_CELL: RGB = (192, 192, 192)  # split sum cells (pzprjs draws them rgb(192,192,192) with a black diagonal)

# Role.PATH: one colour per path, strong and distinct from each other on white.
PATH_COLORS: tuple[RGB, ...] = (
    (230, 25, 75),  # red
    (0, 130, 200),  # blue
    (60, 180, 75),  # green
    (245, 130, 48),  # orange
    (145, 30, 180),  # purple
    (0, 170, 170),  # teal
    (240, 50, 230),  # magenta
    (128, 128, 0),  # olive
    (170, 110, 40),  # brown
    (0, 0, 128),  # navy
    (128, 0, 0),  # maroon
    (210, 180, 0),  # mustard
    (70, 70, 70),  # charcoal
    (100, 200, 255),  # sky
    (255, 105, 140),  # pink
    (0, 100, 60),  # forest
    (190, 120, 255),  # lavender
    (120, 200, 20),  # lime
    (200, 80, 0),  # rust
    (60, 60, 200),  # indigo
    (0, 200, 140),  # mint
    (180, 0, 100),  # plum
    (150, 150, 255),  # periwinkle
    (255, 170, 0),  # amber
)
STRAY: RGB = (150, 150, 150)  # Role.STRAY: line pieces that join nothing (a wrong answer's loose ends)

# Role.TINT: light region tints (a genre gives touching regions different ones).
TINTS: tuple[RGB, ...] = (  # no yellows/oranges: those mark differences between two solutions
    (200, 230, 255),  # blue
    (210, 245, 200),  # green
    (255, 215, 230),  # pink
    (230, 220, 255),  # lavender
    (205, 242, 242),  # cyan
    (235, 235, 215),  # stone
    (225, 240, 180),  # pistachio
    (245, 215, 250),  # lilac
)

FLAT: tuple[RGB, ...] = (
    WHITE, BLACK, GRID, GRID_DARK, LINE, ERROR, ERROR_BG, DIFF_BG, DIFF_EDGE, TITLE_BG, TITLE_INK,
    DEDUCED_BLACK, DEDUCED_RING, DISC, STRAY, *PATH_COLORS, *TINTS,
)  # fmt: skip
# Colours added later go after the ramps: Pillow maps soft edges through a colour cache that breaks
# ties by palette index, so earlier indices must stay put for older pictures to keep every pixel.
ADDED: tuple[RGB, ...] = (SHADED, LIT, ANSWER, SUM_CELL)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


@cache
def palette_colors() -> tuple[RGB, ...]:
    """The fixed palette, index by index: flat colours, a grey ramp, ramps from tints to black; then
    the colours added later, the lit tint's ramp to black and a ramp from white to the answer blue."""
    colors: list[RGB] = list(dict.fromkeys(FLAT))
    grey = [(v, v, v) for v in range(0, 256, 8)]
    ramps = [_mix(bg, BLACK, t / 6) for bg in (*TINTS, ERROR_BG, DIFF_BG, TITLE_BG) for t in range(1, 6)]
    added = [*ADDED, *(_mix(LIT, BLACK, t / 6) for t in range(1, 6))]
    added += [_mix(WHITE, ANSWER, t / 6) for t in range(1, 6)]
    for c in grey + ramps + added:
        if c not in colors:
            colors.append(c)
    return tuple(colors[:256])


@cache
def palette_image() -> Image.Image:
    """A 1x1 'P' image carrying the fixed palette (for ``Image.quantize(palette=...)``)."""
    colors = palette_colors()
    flat = [v for c in colors for v in c] + [0] * (3 * (256 - len(colors)))
    img = Image.new("P", (1, 1))
    img.putpalette(flat)
    return img


@lru_cache(maxsize=1024)
def index_of(color: RGB) -> int:
    """The palette index of ``color`` (the nearest palette colour when it is not in the palette)."""
    colors = palette_colors()
    color = (int(color[0]), int(color[1]), int(color[2]))
    if color in colors:
        return colors.index(color)
    return min(range(len(colors)), key=lambda i: sum((a - b) ** 2 for a, b in zip(colors[i], color, strict=True)))


def new_image(width: int, height: int, background: RGB = WHITE) -> Image.Image:
    """A palette image of the given size filled with ``background``."""
    img = Image.new("P", (width, height), index_of(background))
    img.putpalette(palette_image().getpalette() or [])
    return img


def to_palette(image: Image.Image) -> Image.Image:
    """Map an RGB image onto the fixed palette (nearest colour, no dithering)."""
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    return rgb.quantize(palette=palette_image(), dither=Image.Dither.NONE)
