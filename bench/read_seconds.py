"""CPU seconds to read each picture (best of two readings; the machine's load inflates wall-clock
seconds, CPU seconds much less). ``--fresh``: what the reader remembers between readings (characters
read, cells' inks by their content) is forgotten before each one, so the second reading of a picture
costs what its first did (a player sends a picture once). Since vision.memo a reading remembers
only for itself, so every reading is fresh and ``--fresh`` changes nothing (kept to measure older
trees alike).

    taskset -c 0 .venv/bin/python bench/read_seconds.py [--fresh] PICTURE...
"""

from __future__ import annotations

import contextlib
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vision import Unreadable, read_image  # noqa: E402

# the reader's memories between readings by module and name in older trees (getattr: a tree lacks
# some or all of them; with vision.memo, none outlives its reading)
MEMORIES = (("vision.glyphs", "_known"), ("vision.arrows", "_known"), ("vision.cells", "_unedged"))


def forget() -> None:
    """Empty every memory of the reader named in :data:`MEMORIES` that this tree has."""
    for module, name in MEMORIES:
        memory = getattr(sys.modules.get(module), name, None)
        if isinstance(memory, dict):
            memory.clear()


def main() -> int:
    fresh = "--fresh" in sys.argv[1:]
    cpu = []
    for name in [a for a in sys.argv[1:] if a != "--fresh"]:
        data = Path(name).read_bytes()
        best = float("inf")
        for _ in range(2):
            if fresh:
                forget()
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
