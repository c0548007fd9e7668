"""CPU seconds to read each picture (best of two readings; the machine's load inflates wall-clock
seconds, CPU seconds much less).

    taskset -c 0 .venv/bin/python bench/read_seconds.py PICTURE...
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision import Unreadable, read_image  # noqa: E402


def main() -> int:
    cpu = []
    for name in sys.argv[1:]:
        data = Path(name).read_bytes()
        best = float("inf")
        for _ in range(2):
            start = time.process_time()
            with contextlib.suppress(Unreadable):
                read_image(data)
            best = min(best, time.process_time() - start)
        cpu.append(best)
        print(f"{best:6.2f} s  {name}", flush=True)
    if cpu:
        print(f"median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s (CPU, one reading)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
