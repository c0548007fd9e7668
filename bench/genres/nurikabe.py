"""Nurikabe dev corpus against noqx: PYTHONPATH=. python bench/genres/nurikabe.py [--limit 10] [--only ID ...]"""

from __future__ import annotations

from bench.genres.dev_corpus import bench
from solvers.nurikabe.check import check_cells
from solvers.nurikabe.model import solve_cells

if __name__ == "__main__":
    bench("nurikabe", "shaded", lambda cells, options: solve_cells(cells, options, decode=list), check_cells, list)
