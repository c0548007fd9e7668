"""Serve noqx (the benchmark peer) one record at a time, for ``bench/solve.py --peer``.

Runs under the peer's own Python (the one with ``clingo``), never the project's: it imports
``noqx_run.py`` from the shared research folder (``NOQX_RUN``, default
``../shared/research/noqx_run.py``), which finds the noqx snapshot under ``PEERS_HOME``.
Reads one FORMATS.md record per stdin line and answers each with one JSON line (noqx_run's
output: ``time_s.total`` is solve + search for a second model). Nothing of noqx is part of the
project; this file only talks to it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve()
DEFAULT_RUN = HERE.parents[3] / "shared" / "research" / "noqx_run.py"


def main() -> int:
    path = Path(os.environ.get("NOQX_RUN", str(DEFAULT_RUN)))
    spec = importlib.util.spec_from_file_location("noqx_run", path)
    if spec is None or spec.loader is None:
        print(json.dumps({"error": f"cannot load {path}"}), flush=True)
        return 2
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    os.chdir(mod.NOQX_DIR)  # noqx imports its solvers as the package `solver`
    timeout = float(sys.argv[1]) if len(sys.argv) > 1 else 30.0
    args = argparse.Namespace(threads=1, max_solutions=2, timeout=timeout, numlin_solver="numlin", no_2x2=False,
                              sudoku_any_boxes=False, param=[])
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        rec = json.loads(line)
        try:
            out = mod.solve(rec, args)
        except Exception as e:  # a peer failure is a missing figure, never the end of the bench
            out = {"id": rec.get("id"), "error": f"{type(e).__name__}: {e}"}
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
