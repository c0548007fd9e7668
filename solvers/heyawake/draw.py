"""Heyawake picture as puzz.link draws it: rooms with thick borders, each room's number in its
cell, and with an answer the shaded cells (a number on a shaded cell turns white)."""

from __future__ import annotations

from collections.abc import Sequence

from solvers.drawing import INK, PAPER, SHADED, Drawing
from solvers.heyawake.rooms import Numbers, Regions


def draw(d: Drawing, numbers: Numbers, regions: Regions, shaded: Sequence[str] | None) -> None:
    d.backgrounds()
    d.grid()
    dark = {(r, c) for r, row in enumerate(shaded or ()) for c, ch in enumerate(row) if ch == "#"}
    for r, c in sorted(dark):
        d.fill_cell(r, c, SHADED)
    for r, row in enumerate(numbers):
        for c, v in enumerate(row):
            if v is not None:
                d.text(r, c, str(v), PAPER if (r, c) in dark else INK)
    d.region_borders(regions)
    d.frame()
