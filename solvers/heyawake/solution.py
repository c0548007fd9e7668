"""Heyawake's answer (until ``solvers.solution.ShadeSolution`` lands): FORMATS.md ``shaded`` rows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from solvers.errors import ParseError


@dataclass(frozen=True)
class Shading:
    """``shaded[r]``: one character per cell, ``#`` shaded, ``.`` not."""

    shaded: tuple[str, ...]
    key: ClassVar[str] = "shaded"

    def to_json(self) -> dict[str, Any]:
        return {self.key: list(self.shaded)}

    def cell_values(self) -> list[list[Any]]:
        return [list(row) for row in self.shaded]

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> Shading:
        raw = value.get(cls.key) if isinstance(value, dict) else None
        if not isinstance(raw, list | tuple):
            raise ParseError("solution-shape", key=cls.key)
        if len(raw) != rows:
            raise ParseError("solution-row-count", key=cls.key, got=len(raw), rows=rows)
        out = []
        for r, row in enumerate(raw):
            marks = "".join(row.split()) if isinstance(row, str) else None
            if marks is None or len(marks) != cols:
                raise ParseError("solution-row-length", key=cls.key, row=r + 1, got=len(marks or ""), cols=cols)
            out.append(marks)
        return cls(tuple(out))
