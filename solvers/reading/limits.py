"""How much input reading accepts; beyond these a clear refusal, decided before any heavy work."""

from __future__ import annotations

from dataclasses import dataclass

from solvers.notation import MAX_NUMBER


@dataclass(frozen=True)
class ReadLimits:
    """Board and input size limits for :func:`solvers.reading.read_board`."""

    max_rows: int = 60
    max_cols: int = 60
    max_chars: int = 20000
    min_rows: int = 2
    min_cols: int = 2
    max_number: int = MAX_NUMBER  # the largest number a cell may hold in text


DEFAULT_LIMITS = ReadLimits()
