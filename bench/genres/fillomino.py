"""Fillomino dev corpus against noqx: PYTHONPATH=. python bench/genres/fillomino.py [--limit 10] [--only ID ...]"""

from __future__ import annotations

from bench.genres.dev_corpus import bench
from solvers.fillomino.check import check_cells
from solvers.fillomino.model import solve_cells

if __name__ == "__main__":
    bench("fillomino", "numbers", lambda cells, options: solve_cells(cells, options, decode=list), check_cells,
          lambda rows: [[int(t) for t in row.split()] for row in rows])
