"""Solve benchmark: our engine against the seed models on the shared corpus.

For every genre: count, median and max seconds for solve only (``--no-unique``) and for solve +
uniqueness proof, whether each verdict is right, and the seed models' times on the same puzzles
in the same run (``../shared/baseline/seed_solvers.py``, one process per record, ``--limit-s``),
with the speed-up ratio for all boards and for boards of 15x15 cells (225) and more. Targets
(issue 2): every corpus puzzle answered with its uniqueness proof in <= 5 s; median >= 10x faster
than the seed models on boards of 15x15 and more.

    .venv/bin/python bench/solve.py                 # everything (several minutes: the seeds are slow)
    .venv/bin/python bench/solve.py --quick         # every third record, seeds limited to 5 s
    .venv/bin/python bench/solve.py --genres shikaku,yinyang --no-seed
    .venv/bin/python bench/solve.py --genres masyu,yinyang --no-seed --peer --repeat 3   # vs noqx, same run
    .venv/bin/python bench/solve.py --records big.jsonl --no-seed --peer      # your own records

``--peer`` runs noqx (the benchmark peer, never part of the project) beside us, board by board in
one run, through ``bench/peers/noqx_server.py`` under the peer's Python (``PEERS_HOME``, default
``<tempdir>/peers``: ``venv/`` with clingo and ``noqx/``, see ../shared/research/peer-solvers.md);
without a peer the ratio comes from the reference file ``../shared/research/noqx-dev-times.jsonl``
(corpus records only). The noqx table gives per genre our median / max (solve + uniqueness), the
peer's, the median per-board ratio noqx / ours on boards of 144 cells or more, and the slowest
boards with where their time went (deduce, build, first solve, proof, check: ``SolveStats.phases``).

The seed models need ``z3-solver`` and ``pycosat`` (``pip install -e '.[bench]'``). The seeds
solve only (no uniqueness proof), so the ratio compares their solve time with our solve +
uniqueness time; a seed that ran out of time counts as its limit (the ratio is then a lower
bound, shown with ">="). Records the seed cannot handle (non-square Yin-Yang) are left out of
the ratio; seed answers that fail our checker are counted as wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from solvers.engine import solve_puzzle  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.registry import get_genre  # noqa: E402
from solvers.verdict import SolveOptions, Status  # noqa: E402

GENRES = ("masyu", "yinyang", "numberlink", "shikaku")
BIG = 15 * 15  # "boards of 15x15 and more": at least 225 cells
Record = dict[str, Any]  # one FORMATS.md record
PEER_BIG = 144  # issue 11: the ratio to noqx on boards of 144 cells or more
TARGET_SECONDS = 5.0
TARGET_RATIO = 10.0


@dataclass
class Row:
    """One record's measurements."""

    id: str
    cells: int
    size: str
    solve_s: float = 0.0
    full_s: float = 0.0
    verdict: str = ""
    right: bool = False
    seed_s: float | None = None
    seed_state: str = "not run"  # ok, wrong, timeout, unsupported, not run
    known: bool = True  # the record's `unique` is true/false (not null)
    peer_s: float | None = None  # noqx solve + second-model search (None: no figure)
    peer_state: str = ""  # ok, timeout, error, reference
    phases: dict[str, float] = field(default_factory=dict)  # where our solve + uniqueness time went
    notes: list[str] = field(default_factory=list)


def expected_ok(unique: Any, status: Status, has_solution: bool) -> bool:
    if not has_solution:
        return False
    if unique is True:
        return status is Status.UNIQUE
    if unique is False:
        return status is Status.MULTIPLE
    return status in (Status.UNIQUE, Status.MULTIPLE, Status.TIMEOUT)


def run_ours(rec: Record, opts: SolveOptions, repeat: int = 1) -> tuple[float, float, str, bool, dict[str, float]]:
    """Solve only, then solve + uniqueness ``repeat`` times (the median run's figures are kept)."""
    puzzle = Puzzle.from_record(rec)
    only = solve_puzzle(puzzle, opts.with_(unique=False))
    fulls = sorted((solve_puzzle(puzzle, opts) for _ in range(max(1, repeat))), key=lambda r: r.seconds)
    full = fulls[len(fulls) // 2]
    right = only.status is Status.SOLVED and all(
        expected_ok(rec.get("unique"), f.status, f.solution is not None) and f.status is full.status for f in fulls)
    phases = dict(getattr(full.stats, "phases", {}))  # older commits (bench of a "before" tree) have none
    phases["check"] = max(0.0, full.seconds - sum(phases.values()))
    return only.seconds, full.seconds, str(full.status), right, phases


class Peer:
    """noqx in its own process (bench/peers/noqx_server.py under the peer's Python), one record at a time."""

    def __init__(self, timeout: float) -> None:
        home = Path(os.environ.get("PEERS_HOME", str(Path(tempfile.gettempdir()) / "peers")))
        python = home / "venv" / "bin" / "python"
        if not python.exists() or not (home / "noqx").is_dir():
            raise FileNotFoundError(f"no peer at {home} (venv/bin/python and noqx/ needed)")
        env = dict(os.environ, PEERS_HOME=str(home))
        self.timeout = timeout
        self.proc = subprocess.Popen([str(python), str(REPO / "bench" / "peers" / "noqx_server.py"), str(timeout)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        assert self.proc.stdout is not None
        json.loads(self.proc.stdout.readline())  # {"ready": true}

    def solve(self, rec: Record, repeat: int = 1) -> tuple[float | None, str]:
        """Median noqx total over ``repeat`` runs; its answer is checked with our checker."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        times, state = [], "ok"
        for _ in range(max(1, repeat)):
            self.proc.stdin.write(json.dumps(rec) + "\n")
            self.proc.stdin.flush()
            out = json.loads(self.proc.stdout.readline())
            if out.get("error") or out.get("timed_out"):
                timed_out = bool(out.get("timed_out"))
                return (self.timeout if timed_out else None), ("timeout" if timed_out else "error")
            if out.get("solution"):
                puzzle = Puzzle.from_record(rec)
                genre = get_genre(puzzle.genre)
                if genre.check(puzzle, genre.solution_from_json(out["solution"], puzzle)):
                    state = "wrong"
            times.append(float(out["time_s"]["total"]))
        return statistics.median(times), state

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=10)


def load_reference(corpus: Path) -> dict[str, float]:
    """noqx's reference seconds per corpus record (../shared/research/noqx-dev-times.jsonl)."""
    path = corpus.parent / "research" / "noqx-dev-times.jsonl"
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            d = json.loads(line)
            if d.get("noqx_s") is not None:
                out[d["id"]] = float(d["noqx_s"])
    return out


def split_text(phases: dict[str, float]) -> str:
    order = ("deduce", "build", "first", "local", "proof", "check")  # check: the rest (checker, untimed set-up)
    return " ".join(f"{k} {phases[k]:.3f}" for k in order if k in phases)


def print_peer_table(all_rows: dict[str, list[Row]], source: str) -> None:
    """Per genre: ours and noqx median / max, the per-board ratio on boards >= 144 cells, the slowest boards."""
    print()
    print(f"## against noqx ({source})")
    head = ("| genre | n | ours median / max s | noqx median / max s | median ratio noqx / ours, all | "
            f"median ratio, >= {PEER_BIG} cells (n) |")
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    for g, rows in all_rows.items():
        paired = [r for r in rows if r.peer_s is not None]
        if not rows:
            continue
        full = [r.full_s for r in rows]
        peer = [r.peer_s for r in paired if r.peer_s is not None]
        ratios = [r.peer_s / max(r.full_s, 1e-3) for r in paired if r.peer_s is not None]
        big = [r.peer_s / max(r.full_s, 1e-3) for r in paired if r.peer_s is not None and r.cells >= PEER_BIG]
        print(f"| {g} | {len(rows)} | {fmt(median(full))} / {fmt(max(full))} | "
              f"{fmt(median(peer))} / {fmt(max(peer, default=None))} | "
              f"{fmt(median(ratios))} | {fmt(median(big))} ({len(big)}) |")
    print()
    for g, rows in all_rows.items():
        for r in sorted(rows, key=lambda r: -r.full_s)[:3]:
            print(f"slowest {g} {r.id} {r.size}: {r.full_s:.3f} s ({split_text(r.phases)}); "
                  f"noqx {fmt(r.peer_s)} {r.peer_state}")


def run_seed(seed_script: Path, path: Path, rec: Record, limit: float) -> tuple[float | None, str]:
    """Time one record with the seed model in its own process; judge its answer with our checker."""
    try:
        proc = subprocess.run(
            [sys.executable, str(seed_script), str(path), "--limit-s", str(limit), "--ids", rec["id"]],
            capture_output=True, text=True, timeout=limit * 3 + 30, cwd=seed_script.parent)
    except subprocess.TimeoutExpired:
        return limit, "timeout"
    lines = [ln for ln in proc.stdout.splitlines() if ln.strip().startswith("{")]
    if not lines:
        err = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"unsupported ({err[:60]})"
    out = json.loads(lines[-1])
    secs = float(out["seconds"])
    if not out.get("solved"):
        if secs >= limit * 0.95:
            return limit, "timeout"
        return None, "unsupported" + (f" ({out['error'][:60]})" if out.get("error") else "")
    puzzle = Puzzle.from_record(rec)
    genre = get_genre(puzzle.genre)
    broken = genre.check(puzzle, genre.solution_from_json(out["solution"], puzzle))
    return secs, "ok" if not broken else "wrong"


def median(xs: list[float]) -> float | None:
    return statistics.median(xs) if xs else None


def fmt(x: float | None, unit: str = "") -> str:
    return "-" if x is None else f"{x:.3f}{unit}" if x < 10 else f"{x:.1f}{unit}"


def ratio_text(rows: list[Row]) -> tuple[str, float | None]:
    """Median of per-puzzle seed/ours (solve + uniqueness) ratios; '>=' when seed timeouts are in it."""
    pairs = [(r.seed_s / max(r.full_s, 1e-3), r.seed_state == "timeout") for r in rows
             if r.seed_s is not None and r.seed_state in ("ok", "wrong", "timeout")]
    if not pairs:
        return "-", None
    m = statistics.median(p for p, _ in pairs)
    bound = any(t for _, t in pairs)
    return f"{'>=' if bound else ''}{m:.1f}x (n={len(pairs)})", m


def load(corpus: Path, genre: str) -> list[Record]:
    with (corpus / f"{genre}.jsonl").open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", type=Path, default=None, help="folder with <genre>.jsonl (default ../shared/corpus)")
    ap.add_argument("--genres", default=",".join(GENRES), help="comma-separated genres")
    ap.add_argument("--quick", action="store_true", help="every third record (and the largest), seeds limited to 5 s")
    ap.add_argument("--time-limit", type=float, default=10.0, help="our limit per solve (default 10 s)")
    ap.add_argument("--workers", type=int, default=0, help="CP-SAT workers (default: fits 2 cores)")
    ap.add_argument("--seed-limit", type=float, default=None, help="seed model limit (default 20 s, 5 with --quick)")
    ap.add_argument("--no-seed", action="store_true", help="skip the seed models")
    ap.add_argument("--min-cells", type=int, default=0, help="only boards with at least this many cells")
    ap.add_argument("--max-cells", type=int, default=None, help="only boards with at most this many cells")
    ap.add_argument("--verbose", "-v", action="store_true", help="one line per record")
    ap.add_argument("--json", type=Path, default=None, help="also write every measurement to this file")
    ap.add_argument("--records", type=Path, nargs="*", default=None,
                    help="FORMATS.md .jsonl files to use instead of the corpus (genre from each record)")
    ap.add_argument("--peer", action="store_true", help="run noqx beside us, board by board (see the module doc)")
    ap.add_argument("--peer-limit", type=float, default=30.0, help="noqx limit per board (default 30 s)")
    ap.add_argument("--repeat", type=int, default=1, help="solve + uniqueness runs per board, median kept (also noqx)")
    args = ap.parse_args(argv)

    if args.corpus is None:
        from tests.corpus import CORPUS

        args.corpus = CORPUS
    seed_script = args.corpus.parent / "baseline" / "seed_solvers.py"
    seed_limit = args.seed_limit or (5.0 if args.quick else 20.0)
    opts = SolveOptions(time_limit=args.time_limit)
    if args.workers:
        opts = opts.with_(workers=args.workers)
    genres = [g.strip() for g in args.genres.split(",") if g.strip()]
    run_seeds = not args.no_seed and seed_script.exists()
    if not args.no_seed and not seed_script.exists():
        print(f"(no seed script at {seed_script}: seed columns left empty)")

    sources: dict[str, list[Record]] = {}
    if args.records:
        for f in args.records:
            for line in f.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    rec = json.loads(line)
                    if rec["genre"] in genres:
                        sources.setdefault(rec["genre"], []).append(rec)
        genres = [g for g in genres if g in sources]
    else:
        sources = {g: load(args.corpus, g) for g in genres}
    peer = Peer(args.peer_limit) if args.peer else None
    reference = {} if peer or args.records else load_reference(args.corpus)
    # warm up imports (OR-Tools, each genre's modules) so the first record is not charged for them
    for g in genres:
        recs = sources[g]
        if recs:
            solve_puzzle(Puzzle.from_record(recs[0]), opts)

    print(f"# puzzlebot solve bench — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
          f"workers={opts.workers}, our limit {opts.time_limit:g} s, seed limit {seed_limit:g} s, "
          f"cpus={os.cpu_count()}{', QUICK' if args.quick else ''}")
    all_rows: dict[str, list[Row]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for g in genres:
            recs = [r for r in sources[g] if r["rows"] * r["cols"] >= args.min_cells
                    and (args.max_cells is None or r["rows"] * r["cols"] <= args.max_cells)]
            if args.quick and recs:
                biggest = max(recs, key=lambda r: r["rows"] * r["cols"])
                recs = [r for i, r in enumerate(recs) if i % 3 == 0 or r is biggest]
            path = Path(tmp) / f"{g}.jsonl"
            path.write_text("".join(json.dumps(r) + "\n" for r in recs), encoding="utf-8")
            rows = []
            for rec in recs:
                row = Row(rec["id"], rec["rows"] * rec["cols"], f"{rec['rows']}x{rec['cols']}",
                          known=rec.get("unique") is not None)
                row.solve_s, row.full_s, row.verdict, row.right, row.phases = run_ours(rec, opts, args.repeat)
                if peer is not None:
                    row.peer_s, row.peer_state = peer.solve(rec, args.repeat)
                elif rec["id"] in reference:
                    row.peer_s, row.peer_state = reference[rec["id"]], "reference"
                if run_seeds:
                    row.seed_s, row.seed_state = run_seed(seed_script, path, rec, seed_limit)
                rows.append(row)
                if args.verbose:
                    print(f"  {row.id:18} {row.size:>6} solve {fmt(row.solve_s):>7} full {fmt(row.full_s):>7} "
                          f"{row.verdict:9} {'ok ' if row.right else 'BAD'} seed {fmt(row.seed_s):>7} "
                          f"{row.seed_state}" + (f" noqx {fmt(row.peer_s)} {row.peer_state}" if row.peer_state else "")
                          + f" [{split_text(row.phases)}]", flush=True)
            all_rows[g] = rows

    print()
    head = ("| genre | n | solve only median / max s | solve + unique median / max s | right verdicts | "
            "seed median / max s (ok/wrong/timeout/unsupported) | ratio all | ratio >=15x15 | targets |")
    print(head)
    print("|---" * (head.count("|") - 1) + "|")
    verdict_all = True
    for g, rows in all_rows.items():
        if not rows:
            continue
        solve = [r.solve_s for r in rows]
        full = [r.full_s for r in rows]
        right = sum(r.right for r in rows)
        seeds = [r for r in rows if r.seed_s is not None]
        counts = {k: sum(1 for r in rows if r.seed_state.split(" ")[0] == k)
                  for k in ("ok", "wrong", "timeout", "unsupported")}
        ratio_all, _ = ratio_text(rows)
        big = [r for r in rows if r.cells >= BIG]
        ratio_big, m_big = ratio_text(big)
        known = [r for r in rows if r.known]
        max_ok = all(r.full_s <= TARGET_SECONDS and r.right for r in known)
        ratio_ok = m_big is not None and m_big >= TARGET_RATIO
        marks = [f"<=5 s & right: {'MET' if max_ok else 'UNMET'}"]
        if len(known) < len(rows):
            nulls = [r for r in rows if not r.known]
            marks[0] += (f" ({len(known)} known; null: {sum(r.right for r in nulls)}/{len(nulls)} answered, "
                         f"{sum(r.right and r.full_s <= TARGET_SECONDS for r in nulls)} within 5 s)")
        if run_seeds:
            marks.append(f">=10x on big: {'MET' if ratio_ok else ('n/a' if m_big is None else 'UNMET')}")
        verdict_all &= max_ok and (not run_seeds or m_big is None or ratio_ok)
        seed_s = [r.seed_s for r in seeds if r.seed_s is not None]
        seed_txt = "-" if not run_seeds else (
            f"{fmt(median(seed_s))} / {fmt(max(seed_s, default=None))} "
            f"({counts['ok']}/{counts['wrong']}/{counts['timeout']}/{counts['unsupported']})")
        print(f"| {g} | {len(rows)} | {fmt(median(solve))} / {fmt(max(solve))} | {fmt(median(full))} / "
              f"{fmt(max(full))} | {right}/{len(rows)} | {seed_txt} | {ratio_all} | {ratio_big} | "
              f"{'; '.join(marks)} |")
    print()
    print("ratio = median over puzzles of seed seconds / our solve+uniqueness seconds; big = boards >= 225 cells.")
    print("<=5 s target: records whose `unique` is known; null records (uniqueness unknown) are listed apart.")
    print("Timings are wall-clock on a shared machine: expect noise.")
    if peer is not None or reference:
        print_peer_table(all_rows, "run side by side" if peer is not None else "reference file noqx-dev-times.jsonl")
    if peer is not None:
        peer.close()
    bad = [(g, r) for g, rows in all_rows.items() for r in rows if not r.right]
    for g, r in bad:
        print(f"WRONG/UNSETTLED: {g} {r.id} {r.size}: verdict {r.verdict}")
    if args.json:
        args.json.write_text(json.dumps({g: [r.__dict__ for r in rows] for g, rows in all_rows.items()}, indent=1))
    return 0 if verdict_all else 1


if __name__ == "__main__":
    sys.exit(main())
