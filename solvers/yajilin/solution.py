"""Yajilin's answer: the loop (connection masks) and the shaded cells, FORMATS.md ``loop`` + ``shaded``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from solvers.errors import ParseError
from solvers.solution import LoopSolution

if TYPE_CHECKING:
    from solvers.puzzle import Puzzle

Masks = tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class YajilinSolution:
    """``masks[r][c]``: the loop's connections at the cell (up=1, right=2, down=4, left=8);
    ``shaded[r]``: one character per cell, ``#`` shaded, ``.`` not."""

    masks: Masks
    shaded: tuple[str, ...]
    key: ClassVar[str] = "loop"

    def is_shaded(self, r: int, c: int) -> bool:
        return self.shaded[r][c] == "#"

    def to_json(self) -> dict[str, Any]:
        return {"loop": [" ".join(str(v) for v in row) for row in self.masks], "shaded": list(self.shaded)}

    def cell_values(self) -> list[list[Any]]:
        return [[-1 if self.shaded[r][c] == "#" else m for c, m in enumerate(row)] for r, row in enumerate(self.masks)]

    @classmethod
    def blank(cls, puzzle: Puzzle[Any]) -> YajilinSolution:
        """No line, nothing shaded."""
        return cls(LoopSolution.blank(puzzle).masks, ("." * puzzle.cols,) * puzzle.rows)

    @classmethod
    def from_json(cls, value: Any, rows: int, cols: int) -> YajilinSolution:
        loop = LoopSolution.from_json(value, rows, cols)
        raw = value.get("shaded") if isinstance(value, dict) else None
        if not isinstance(raw, list | tuple):
            raise ParseError("solution-shape", key="shaded")
        if len(raw) != rows:
            raise ParseError("solution-row-count", key="shaded", got=len(raw), rows=rows)
        shaded = []
        for r, row in enumerate(raw):
            if not isinstance(row, str):
                raise ParseError("solution-row", key="shaded", row=r + 1)
            marks = "".join(row.split())
            if len(marks) != cols:
                raise ParseError("solution-row-length", key="shaded", row=r + 1, got=len(marks), cols=cols)
            for c, ch in enumerate(marks):
                if ch not in "#.":
                    raise ParseError("solution-shade", cells=((r, c),), cell=(r, c), token=ch)
            shaded.append(marks)
        return cls(loop.masks, tuple(shaded))
