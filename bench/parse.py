"""How long reading a board takes, for inputs up to 100 KB. Goal: every parse under 50 ms.

Classes of input: random junk text, random bytes decoded as text, big valid boards (60x60 in
every notation), board-like text with mistakes, long puzz.link URLs, over-limit inputs (refused
by length), and every corpus record in its FORMATS.md and URL forms.

    .venv/bin/python bench/parse.py            # default: 40 inputs per random class
    .venv/bin/python bench/parse.py --n 200 --seed 1

Every input is parsed ``--repeat`` times (default 3). Per class it prints the median, the max of
each input's best time (the parser's own worst case) and the max of all runs (includes machine
noise: other processes, GC). Exits 1 if any single run took 50 ms or more.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from solvers.errors import ParseError  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.puzzlink import encode_circles, encode_number16, make_url  # noqa: E402
from solvers.reading import read_board  # noqa: E402
from tests.corpus import all_records  # noqa: E402

GOAL_MS = 50.0
SIZES = (100, 1_000, 10_000, 20_000, 50_000, 100_000)


def junk_text(rng: random.Random, n: int) -> str:
    alphabet = "0123456789 .\n\t,WBOx○●・\u3000abcxyz?-_[](){}:/#`~!\r" + "".join(map(chr, range(0x3040, 0x3060)))
    return "".join(rng.choice(alphabet) for _ in range(n))


def junk_bytes(rng: random.Random, n: int) -> str:
    return rng.randbytes(n).decode("utf-8", errors="replace")


def valid_board(rng: random.Random, n: int) -> tuple[str, str]:
    """A 60x60 board in a random notation (n ignored beyond choosing the notation)."""
    rows = cols = 60
    kind = rng.choice(["formats", "digits", "compact", "circles", "numbers", "numbers-compact"])
    if kind in ("formats", "digits", "compact", "circles"):
        cells = [[rng.choice((0, 0, 0, 1, 2)) for _ in range(cols)] for _ in range(rows)]
        sym = {"formats": ".WB", "digits": "012", "compact": ".Ox", "circles": "・○●"}[kind]
        sep = " " if kind in ("formats", "digits") else ""
        return "masyu\n" + "\n".join(sep.join(sym[v] for v in row) for row in cells), "masyu"
    # a Numberlink board: 300 pairs scattered
    cells = [[0] * cols for _ in range(rows)]
    spots = rng.sample(range(rows * cols), 600)
    for i, s in enumerate(spots):
        cells[s // cols][s % cols] = i // 2 + 1
    if kind == "numbers":
        text = "\n".join(" ".join(str(v) if v else "." for v in row) for row in cells)
    else:  # compact base-36 needs numbers below 36: relabel modulo 35 makes pairs collide, so use 17 pairs
        cells = [[0] * cols for _ in range(rows)]
        for i, s in enumerate(spots[:34]):
            cells[s // cols][s % cols] = i // 2 + 1
        b36 = "0123456789abcdefghijklmnopqrstuvwxyz"
        text = "\n".join("".join(b36[v] for v in row) for row in cells)
    return text, "numberlink"


def long_url(rng: random.Random, n: int) -> str:
    cols = rows = 60
    if rng.random() < 0.5:
        body = encode_circles([rng.choice((0, 0, 1, 2)) for _ in range(rows * cols)])
        url = make_url("mashu", cols, rows, body)
    else:
        body = encode_number16([rng.choice((0, 0, 0, 5, 300, 17)) for _ in range(rows * cols)])
        url = make_url("shikaku", cols, rows, body)
    pad = max(0, n - len(url))
    return url + "".join(rng.choice("0123456789abcdefghijklmnopq") for _ in range(pad))


def broken_board(rng: random.Random, n: int) -> str:
    text, _ = valid_board(rng, n)
    chars = list(text)
    for _ in range(rng.randint(1, 5)):
        i = rng.randrange(len(chars))
        chars[i] = rng.choice("q%\n 7,")
    return "".join(chars)


# Inputs aimed at the slow paths: many header/prose lines, one huge row, deep brackets, long URL data.
ADVERSARIAL = (
    "masyu\n" * 3333,
    "5x5\n" * 5000,
    "W" * 19999,
    "1 " * 9999,
    "a," * 9999,
    "hello world this is\n" * 1000,
    "これを解いて\n" * 2800,
    "\u3000" * 19999,
    "[" * 19999,
    "{" + "[" * 19998,
    "https://puzz.link/p?numlin/60/60/" + "g" * 19960,
    "https://puzz.link/p?mashu/60/60/" + "0" * 19960,
    ("1 " * 59 + "1\n") * 60,
    ". .\n" * 5000,
)


def cases(rng: random.Random, n: int) -> Iterator[tuple[str, str, str | None]]:
    """(class, text, genre) triples."""
    gens: dict[str, Callable[[random.Random, int], str]] = {
        "junk text": junk_text,
        "junk bytes": junk_bytes,
        "broken board": broken_board,
        "long url": long_url,
    }
    for name, gen in gens.items():
        for i in range(n):
            yield name, gen(rng, SIZES[i % len(SIZES)]), None
    for _ in range(n):
        text, genre = valid_board(rng, 0)
        yield "valid 60x60", text, rng.choice([None, genre])
    for size in SIZES:
        yield "over limit", "W . B\n" * (size // 6 + 1), "masyu"
    for text in ADVERSARIAL:
        yield "adversarial", text, None
    for rec in all_records():
        p = Puzzle.from_record(rec)
        yield "corpus text", "\n".join(p.grid_lines()), rec["genre"]
        if rec.get("url"):
            yield "corpus url", rec["url"], None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=40, help="inputs per random class (default 40)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs per input (default 3)")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {}
    best: dict[str, list[float]] = {}
    sizes: dict[str, int] = {}
    outcomes: dict[str, dict[str, int]] = {}
    for warm in ("W . B\n. . .", "W . B\n. . B", "1 . 1\n. . .", "2 . 2\n. . ."):  # import every genre's parts
        for g in ("masyu", "yinyang", "numberlink", "shikaku"):
            with contextlib.suppress(ParseError):
                read_board(warm, g)
    for name, text, genre in cases(rng, args.n):
        runs = []
        for _ in range(max(1, args.repeat)):
            t0 = time.perf_counter()
            try:
                read_board(text, genre)
                outcome = "ok"
            except ParseError as e:
                outcome = type(e).__name__
            runs.append((time.perf_counter() - t0) * 1000)
        times.setdefault(name, []).extend(runs)
        best.setdefault(name, []).append(min(runs))
        sizes[name] = max(sizes.get(name, 0), len(text.encode("utf-8")))
        outcomes.setdefault(name, {}).setdefault(outcome, 0)
        outcomes[name][outcome] += 1
    worst = 0.0
    print(f"{'class':<14} {'inputs':>6} {'max KB':>7} {'median ms':>10} {'max best':>9} {'max ms':>8}  outcomes")
    for name, ts in times.items():
        worst = max(worst, max(ts))
        out = ", ".join(f"{k} {v}" for k, v in sorted(outcomes[name].items()))
        med, top, top_best = statistics.median(ts), max(ts), max(best[name])
        row = f"{name:<14} {len(best[name]):>6} {sizes[name] / 1000:>7.1f} {med:>10.2f} {top_best:>9.2f} {top:>8.2f}"
        print(f"{row}  {out}")
    verdict = "OK" if worst < GOAL_MS else "TOO SLOW"
    print(f"slowest parse: {worst:.2f} ms (goal < {GOAL_MS:.0f} ms): {verdict}")
    return 0 if worst < GOAL_MS else 1


if __name__ == "__main__":
    sys.exit(main())
