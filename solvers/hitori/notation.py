"""Hitori's text notation: a number in every cell (single letters are base-36 digits in compact rows).

Unlike the shared :data:`~solvers.notation.NUMBERS`, there is no empty cell and no ``?``: a board
with a blank is not a Hitori board, which is how detection tells it apart ("full of numbers").
"""

from __future__ import annotations

from solvers.notation import Numbers, Rank


class HitoriNumbers(Numbers):
    help = "hitori-read-help"

    def read(self, token: str, compact: bool) -> int | None:
        v = super().read(token, compact)
        if v is None or v <= 0:
            return None  # blanks ('.', '0', ...) and '?' are not Hitori cells
        return v

    def write(self, cell: int) -> str:
        return str(cell)

    def rank(self, tokens: frozenset[str]) -> Rank | None:
        # asked only when every token reads as a positive number: a board full of numbers is a
        # Hitori (no other genre's puzzle fills every cell), so it goes before every other tier
        return (-1, 0)


HITORI_NUMBERS = HitoriNumbers()
