"""The message drill at full size (issue 9): 10,000 generated hostile messages through the real core.

Run from the repository root::

    .venv/bin/python bench/fuzz.py                 # 10,000 messages, seed 1, real solver pool (2 workers)
    .venv/bin/python bench/fuzz.py --n 2000 --seed 7 --workers 1 --concurrency 16

Messages (``tests/core_drill.py``): random text and bytes, broken boards of every genre, huge
numbers, long URLs, documents in many encodings, commands with garbage arguments, button presses
with garbage data, replies to the bot, in private chats and groups; the daily puzzle is installed on
a real SQLite file. Reports messages per second, p50/p99/max reply time, and the counts that must be
0: hangs (no answer within the bound), unanswered, tracebacks (ERROR log lines), apologies ("went
wrong on my side"). Exits 1 if any of them is not 0.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.pipeline import PipelineLimits  # noqa: E402
from bot.pool import PoolBackend  # noqa: E402
from tests.core_drill import drill_core, messages, run_drill  # noqa: E402


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=10_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2, help="solver processes")
    ap.add_argument("--time-limit", type=float, default=5.0)
    ap.add_argument("--concurrency", type=int, default=8, help="messages in flight at once")
    ap.add_argument("--bound", type=float, default=60.0, help="seconds within which each message must be answered")
    args = ap.parse_args()
    limits = PipelineLimits(workers=args.workers, time_limit=args.time_limit, queue_limit=200, user_cap=50)
    with tempfile.TemporaryDirectory(prefix="puzzlebot-fuzz-") as tmp:
        core = drill_core(Path(tmp), backend=PoolBackend(limits), limits=limits)
        report = await run_drill(core, messages(args.seed, args.n), concurrency=args.concurrency, bound=args.bound)
    summary = report.summary()
    kinds = Counter(o.kind.split("/")[0] for o in report.outcomes)
    print(f"{args.n} messages, seed {args.seed}, {args.workers} solver workers, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("kinds:", dict(sorted(kinds.items())))
    print(json.dumps(summary, indent=1))
    for name, bad in (("hangs", report.hangs), ("unanswered", report.unanswered), ("apologies", report.apologies)):
        for o in bad[:5]:
            print(f"  {name}: {o.kind}: {o.said!r}")
    for line in report.tracebacks[:5]:
        print("  traceback:", line)
    failed = summary["hangs"] or summary["unanswered"] or summary["tracebacks"] or summary["apologies"]
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
