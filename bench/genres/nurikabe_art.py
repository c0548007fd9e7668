"""The answer :mod:`bench.genres.nurikabe_setter` sets (issue 21, pass nk17): islands drawn on the
sea and changed one patch at a time, the wall kept connected; split from the setter to keep each
module under 500 lines."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from solvers.connectivity import components  # noqa: E402

Cell = tuple[int, int]
SEA = -1
BIG = (10, 25)  # sizes of the big islands drawn
SMALL = 4  # small islands drawn up to this size
SMALL_P = 1.0  # chance a free cell seeds a small island (fewer 2x2 blocks left to open)
NEAR_ONE = 0.5  # chance a second answer's patch without a cell for a 1 gets one beside it (a 1 adds only
# facts, a moved clue takes some away: moves alone left 54-126 cells differing over 12 rounds, seed 1)
TRIM = 3  # a split may cut this many cells off a big island at most (splits into two big halves
# took seed 1's largest island from 29 cells to 13)
MOVES = 10  # clue moves per island at most (moved clues trade one ambiguity for another: pass nk16)


def write_unique(rec: dict[str, Any], out: Path) -> None:
    """Append a board the full solver proved unique to ``out`` (one FORMATS.md record a line)."""
    if rec.get("unique") is not True:  # (not an assert: python -O would append it all the same)
        raise ValueError(f"{rec.get('id')} is not proved unique")
    with open(out, "a") as f:
        f.write(json.dumps(rec) + "\n")


class Art:
    """The answer being set: owner per cell (SEA or an island index), the islands, their clue cells."""

    def __init__(self, rows: int, cols: int, rng: random.Random) -> None:
        self.rows, self.cols, self.rng = rows, cols, rng
        self.owner = [[SEA] * cols for _ in range(rows)]
        self.islands: list[set[Cell]] = []
        self.spot: list[Cell | None] = []
        self.moves: dict[int, int] = {}
        self.log: dict[str, int] = {"one": 0, "split": 0, "move": 0, "join": 0}
        self.frozen: set[Cell] = set()  # cells kept shaded (a frame of lines: nurikabe_frames)

    def copy(self) -> Art:
        other = Art(self.rows, self.cols, self.rng)
        other.owner = [row[:] for row in self.owner]
        other.islands = [set(x) for x in self.islands]
        other.spot = self.spot[:]
        other.moves, other.log = dict(self.moves), dict(self.log)
        other.frozen = self.frozen
        return other

    # geometry -----------------------------------------------------------------------------
    def inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def sides(self, cell: Cell) -> list[Cell]:
        r, c = cell
        return [(y, x) for y, x in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if self.inside(y, x)]

    def sea(self, cell: Cell) -> bool:
        return self.owner[cell[0]][cell[1]] == SEA

    def safe(self, cell: Cell) -> bool:
        """Taking the sea cell ``cell`` keeps the wall connected: its shaded sides stay joined
        through its eight neighbours (sufficient, not necessary)."""
        r, c = cell
        sea4 = [x for x in self.sides(cell) if self.sea(x)]
        if len(sea4) <= 1:
            return True
        ring = {(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                if (dr or dc) and self.inside(r + dr, c + dc) and self.sea((r + dr, c + dc))}
        seen, todo = {sea4[0]}, [sea4[0]]
        while todo:
            y, x = todo.pop()
            for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if n in ring and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return all(x in seen for x in sea4)

    def joins(self, cell: Cell) -> bool:
        """Taking the sea cell ``cell`` keeps the wall connected (the whole test)."""
        rest = [(r, c) for r in range(self.rows) for c in range(self.cols) if self.sea((r, c)) and (r, c) != cell]
        return len(components(self.rows, self.cols, rest)) == 1

    def pool_if_sea(self, cell: Cell) -> bool:
        """Shading ``cell`` would close a 2x2 block of shaded cells."""
        r, c = cell
        return any(all(self.inside(y, x) and (self.sea((y, x)) or (y, x) == cell)
                       for y, x in ((t, lf), (t, lf + 1), (t + 1, lf), (t + 1, lf + 1)))
                   for t in (r - 1, r) for lf in (c - 1, c))

    def near_islands(self, cell: Cell) -> set[int]:
        return {self.owner[y][x] for y, x in self.sides(cell) if not self.sea((y, x))}

    def take(self, cell: Cell, k: int) -> None:
        assert cell not in self.frozen, cell
        self.owner[cell[0]][cell[1]] = k
        self.islands[k].add(cell)

    def new_island(self, cells: set[Cell]) -> int:
        k = len(self.islands)
        self.islands.append(set())
        self.spot.append(None)
        for cell in cells:
            self.take(cell, k)
        return k

    def centre(self, island: set[Cell]) -> Cell:
        """A cell of least eccentricity in the island (random among equals)."""
        best: list[Cell] = []
        best_e = 10 ** 9
        for start in sorted(island):
            dist = {start: 0}
            todo = [start]
            for y, x in todo:
                for n in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if n in island and n not in dist:
                        dist[n] = dist[(y, x)] + 1
                        todo.append(n)
            e = max(dist.values())
            if e < best_e:
                best, best_e = [start], e
            elif e == best_e:
                best.append(start)
        return self.rng.choice(best)

    # drawing ------------------------------------------------------------------------------
    def grow(self, start: Cell, target: int) -> None:
        k = self.new_island({start})
        island = self.islands[k]
        while len(island) < target:
            options = sorted({n for cell in island for n in self.sides(cell)
                              if self.sea(n) and n not in self.frozen and self.near_islands(n) == {k} and self.safe(n)})
            if not options:
                break
            # thin islands: prefer cells touching the island on one side only
            thin = [n for n in options if sum(x in island for x in self.sides(n)) == 1]
            self.take(self.rng.choice(thin if thin and self.rng.random() < 0.8 else options), k)

    def draw(self, big: int) -> bool:
        every = [(r, c) for r in range(self.rows) for c in range(self.cols)]
        cells = [x for x in every if x not in self.frozen]
        self.rng.shuffle(cells)
        placed = 0
        for cell in cells:
            if placed >= big:
                break
            if self.sea(cell) and not self.near_islands(cell) and self.safe(cell):
                self.grow(cell, self.rng.randint(*BIG))
                placed += 1
        self.rng.shuffle(cells)
        for cell in cells:
            if self.sea(cell) and not self.near_islands(cell) and self.safe(cell) and self.rng.random() < SMALL_P:
                self.grow(cell, self.rng.randint(1, SMALL))
        for _ in range(self.rows * self.cols):
            pools = [(r, c) for r in range(self.rows - 1) for c in range(self.cols - 1)
                     if all(self.sea(x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)))]
            if not pools:
                break
            r, c = self.rng.choice(pools)
            block = [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
            self.rng.shuffle(block)
            block.sort(key=lambda x: sum(len(self.islands[k]) for k in self.near_islands(x)))
            for cell in block:
                if cell in self.frozen:
                    continue
                near = sorted(self.near_islands(cell))
                if sum(len(self.islands[k]) for k in near) < BIG[1] + 5 and (self.safe(cell) or self.joins(cell)):
                    k = near[0] if near else self.new_island(set())
                    for j in near[1:]:  # the cell joins the islands it touches into one
                        for x in self.islands[j]:
                            self.take(x, k)
                        self.islands[j] = set()
                    self.take(cell, k)
                    break
            else:
                pass
                return False
        self.islands = [x for x in self.islands if x]
        self.owner = [[SEA] * self.cols for _ in range(self.rows)]
        for k, island in enumerate(self.islands):
            for r, c in island:
                self.owner[r][c] = k
        self.spot = [self.centre(x) for x in self.islands]
        return len(components(self.rows, self.cols, [x for x in every if self.sea(x)])) == 1

    # the board ----------------------------------------------------------------------------
    def grid(self) -> list[list[int]]:
        grid = [[0] * self.cols for _ in range(self.rows)]
        for k, spot in enumerate(self.spot):
            if spot is not None and self.islands[k]:
                grid[spot[0]][spot[1]] = len(self.islands[k])
        return grid

    def shaded(self) -> list[str]:
        return ["".join("#" if x == SEA else "." for x in row) for row in self.owner]

    def sizes(self) -> list[int]:
        return sorted((len(x) for x in self.islands if x), reverse=True)

    def tally(self) -> str:
        """The islands in one line, as each generator's record ``source`` states them."""
        sizes = self.sizes()
        return (f"{len(sizes)} islands (max {sizes[0]}, >= 10: {sum(s >= 10 for s in sizes)}, "
                f">= 20: {sum(s >= 20 for s in sizes)}, 1: {sizes.count(1)})")

    # mending ------------------------------------------------------------------------------
    def lone(self, cell: Cell) -> bool:
        return (cell not in self.frozen and self.sea(cell) and all(self.sea(x) for x in self.sides(cell))
                and self.safe(cell))

    def split(self, patch: list[Cell], keep_big: int) -> bool:
        """Island cells of the patch: one of them (or a cell beside it in its island) shaded where
        that splits the island, closes no 2x2 block and keeps the wall connected; each part gets
        a clue (the old one stays)."""
        cands = [x for x in patch if not self.sea(x)]
        cands += [n for x in cands for n in self.sides(x) if not self.sea(n) and self.owner[n[0]][n[1]] ==
                  self.owner[x[0]][x[1]]]
        self.rng.shuffle(cands)
        for cell in cands:
            k = self.owner[cell[0]][cell[1]]
            if cell == self.spot[k] or self.pool_if_sea(cell) or not any(self.sea(x) for x in self.sides(cell)):
                continue
            rest = self.islands[k] - {cell}
            parts = components(self.rows, self.cols, rest)
            if len(parts) < 2:
                continue
            if len(rest) + 1 >= BIG[0] and sorted(len(part) for part in parts)[-2] > TRIM:
                continue  # a big island only loses a small piece: big islands are what the board is for
            if len(rest) + 1 >= BIG[0] and max(len(part) for part in parts) < BIG[0]:
                big_now = sum(s >= BIG[0] for s in self.sizes())
                if big_now - 1 < keep_big:
                    continue
            self.owner[cell[0]][cell[1]] = SEA
            self.islands[k] = set()
            for part in parts:
                if self.spot[k] in part:
                    self.islands[k] = part
                else:
                    j = self.new_island(part)
                    self.spot[j] = self.centre(part)
            self.log["split"] += 1
            return True
        return False

    def shrink(self, cells: list[Cell]) -> bool:
        """One of ``cells`` (island cells a second answer shades) shaded in ours too, where its
        island has more than BIG[0] cells and stays in one piece, the cell is not the clue, touches
        the wall and closes no 2x2 block: the island loses a cell, the other answer its size."""
        cells = cells[:]
        self.rng.shuffle(cells)
        for cell in cells:
            k = self.owner[cell[0]][cell[1]]
            island = self.islands[k]
            if (len(island) <= BIG[0] or cell == self.spot[k] or self.pool_if_sea(cell)
                    or not any(self.sea(x) for x in self.sides(cell))
                    or len(components(self.rows, self.cols, island - {cell})) != 1):
                continue
            island.discard(cell)
            self.owner[cell[0]][cell[1]] = SEA
            self.log["shrink"] = self.log.get("shrink", 0) + 1
            return True
        return False

    def kill(self, patches: list[list[Cell]], keep_big: int) -> int:
        """Per patch where a second answer differs, one change that rules that answer out there: a
        cell it leaves unshaded made a 1, else the clue of an island moved onto a cell it shades
        (no cap: each is one local ambiguity, 78 of them at once on seed 1), else :meth:`mend`."""
        done: set[int] = set()
        made = 0
        rest = []
        for patch in patches:
            lone = [x for x in patch if self.lone(x)]
            if not lone and self.rng.random() < NEAR_ONE:
                lone = sorted({(r + dr, c + dc) for r, c in patch for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                               if self.inside(r + dr, c + dc) and self.lone((r + dr, c + dc))})
            mine = [x for x in patch if not self.sea(x) and self.owner[x[0]][x[1]] not in done]
            if lone:
                cell = self.rng.choice(lone)
                k = self.new_island({cell})
                self.spot[k] = cell
                self.log["one"] += 1
            elif mine and self.shrink(mine):
                made += 1
                continue
            elif mine:
                cell = self.rng.choice(mine)
                k = self.owner[cell[0]][cell[1]]
                self.spot[k] = cell
                self.log["move"] += 1
            else:
                rest.append(patch)
                continue
            done.add(k)
            made += 1
        return made + (self.mend(rest, keep_big) if rest else 0)

    def mend(self, patches: list[list[Cell]], keep_big: int) -> int:
        """One change per patch (see the module docstring); the number made."""
        done: set[int] = set()
        made = 0
        for patch in patches:
            if any(self.owner[r][c] in done for r, c in patch):
                continue
            lone = [x for x in patch if self.lone(x)]
            if lone:
                cell = self.rng.choice(lone)
                k = self.new_island({cell})
                self.spot[k] = cell
                self.log["one"] += 1
                done.add(k)
                made += 1
                continue
            mine = [x for x in patch if not self.sea(x)]
            big_now = sum(s >= BIG[0] for s in self.sizes())
            movable = [x for x in mine if self.moves.get(self.owner[x[0]][x[1]], 0) < MOVES]
            order = ["split", "move"] if self.rng.random() < 0.5 or big_now > keep_big else ["move", "split"]
            ok = False
            for what in order:
                if what == "move" and movable:
                    cell = self.rng.choice(movable)
                    k = self.owner[cell[0]][cell[1]]
                    self.spot[k] = cell
                    self.moves[k] = self.moves.get(k, 0) + 1
                    self.log["move"] += 1
                    done.add(k)
                    ok = True
                elif what == "split" and mine and self.split(patch, keep_big):
                    ok = True
                if ok:
                    break
            if not ok:  # a shaded cell of the patch (or beside it) joins its one neighbouring island
                around = sorted({n for x in patch for n in [x, *self.sides(x)] if self.sea(n)})
                self.rng.shuffle(around)
                for cell in around:
                    near = self.near_islands(cell)
                    if len(near) == 1 and self.safe(cell):
                        k = near.pop()
                        if k in done:
                            continue
                        self.take(cell, k)
                        self.log["join"] += 1
                        done.add(k)
                        ok = True
                        break
                    if not near and self.safe(cell):
                        k = self.new_island({cell})
                        self.spot[k] = cell
                        self.log["one"] += 1
                        done.add(k)
                        ok = True
                        break
            made += ok
        return made
