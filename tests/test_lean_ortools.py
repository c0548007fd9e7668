"""OR-Tools' cp_model imported without pandas (solvers.lean_ortools): models still solve, and
pandas imported afterwards is the real one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import sys
import solvers
from ortools.sat.python import cp_model
assert "pandas" not in sys.modules, "cp_model pulled in pandas"
m = cp_model.CpModel()
x = m.new_int_var(0, 9, "x")
y = m.new_bool_var("y")
m.add(x >= 7).only_enforce_if(y)
m.add_bool_or([y])
s = cp_model.CpSolver()
assert s.solve(m) == cp_model.OPTIMAL and s.value(x) >= 7
import pandas
assert pandas.Series([1, 2]).sum() == 3
print("ok")
"""


def test_cp_model_without_pandas_solves_and_leaves_pandas_real() -> None:
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


LAZY = """
import sys
from solvers.generation import generate
from solvers.engine import solve_puzzle
for genre in ("hitori", "fillomino"):
    made = generate(genre, 6, 6, "easy", 1)
    assert solve_puzzle(made.puzzle).status.value == "unique"
print(sorted(m for m in sys.modules if m.startswith(("ortools", "pandas"))))
"""


def test_boards_the_deductions_settle_import_no_or_tools() -> None:
    """OR-Tools is imported on first use: generating and solving boards the deductions settle
    does without it (0.15 s cpu a process)."""
    out = subprocess.run([sys.executable, "-c", LAZY], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
