"""Build the picture test sets for the board reader, from renderers other than ours and from ours.

    .venv/bin/python bench/imagesets/build.py [--out /tmp/imagesets] [--tools /tmp/imagesets-tools]

Sources (each a screenshot; plus one simulated photo per board from one of them):
- ``pzprjs``: puzz.link's own renderer (the npm ``pzpr`` package) draws the board's puzz.link URL
  as SVG, rasterised by ``rsvg-convert`` at 24, 32 or 44 pixels per cell;
- ``sgt``: Simon Tatham's Pearl (Masyu) and Rectangles (Shikaku) from Debian's ``sgt-puzzles``,
  opened on the board's game ID under Xvfb and grabbed from the screen (window only);
- ``printed``: a plain printed-style grid drawn with Pillow (solid black lines, Liberation/Free fonts);
- ``ours``: the bot's own picture;
- ``sgtprint`` (kind ``print``): Pearl and Rectangles printed by the games themselves (``--print``,
  PostScript with thin lines and thin-outlined pearls), rasterised by ghostscript at 150 and 300 dpi
  as whole A4 pages.
Kind ``photo``: one simulated photo per board (``photo.py``, the simulator the reader is tuned on).
Kind ``scene`` (``--scenes-from``, from a built set): the tuning simulator's hard photos
(``photo.simulate_scene``: clutter, other papers, a curled sheet small in a large picture).
Kind ``heldout``: one more photo per board from ``heldout_photo.py``, a second simulator the
reader is never tuned on (clutter, curl, shadows, strong perspective, motion blur, colour casts),
of the printed page where there is one.
Boards: the project's corpus and, when present, ``../shared/corpus`` (up to 30x30). Each board
goes wholly to one split (train 50%, dev 20%, test 30%, by a hash of its id): the reader is tuned
on train/dev only. Writes ``<out>/<split>/<source>/<id>-<kind>.png|jpg`` and ``<out>/<split>/truth.jsonl``.

Needs (not project dependencies): ``apt-get install sgt-puzzles xvfb ghostscript librsvg2-bin
fonts-liberation2 fonts-freefont-ttf`` and ``npm install pzpr`` in ``--tools``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench" / "imagesets"))
from heldout_photo import simulate_heldout  # noqa: E402
from photo import simulate, simulate_scene  # noqa: E402

from rendering import render_png  # noqa: E402
from solvers.errors import ParseError  # noqa: E402
from solvers.genre import ClueKind  # noqa: E402
from solvers.puzzle import Puzzle  # noqa: E402
from solvers.registry import get_genre  # noqa: E402

PRINTABLE = frozenset({ClueKind.CIRCLE, ClueKind.NUMBER})  # the clue kinds ``printed`` draws
SGT_APPS = {"masyu": "sgt-pearl", "shikaku": "sgt-rect"}  # the benchmark's own map to sgt's programs
PZPR_JS = r"""
const pzpr = require('pzpr'); const rl = require('readline');
const lines = rl.createInterface({input: process.stdin});
lines.on('line', (l) => {
  const job = JSON.parse(l);
  try {
    const p = new pzpr.Puzzle(); p.open(job.url);
    const svg = p.toBuffer('svg', 0, job.cell);
    console.log(JSON.stringify({rows: p.board.rows, cols: p.board.cols, svg: svg}));
  } catch (e) { console.log(JSON.stringify({error: String(e)})); }
});
"""
FONTS = ["/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf",
         "/usr/share/fonts/truetype/freefont/FreeSans.ttf",
         "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"]


def split_of(board_id: str) -> str:
    h = int(hashlib.sha1(board_id.encode()).hexdigest(), 16) % 10
    return "train" if h < 5 else "dev" if h < 7 else "test"


def boards(genres: set[str] | None = None) -> list[dict[str, Any]]:
    out = []
    folders = [REPO / "tests" / "data" / "corpus"]
    shared = Path(os.environ.get("PUZZLEBOT_SHARED", REPO.parent / "shared")) / "corpus"
    if shared.is_dir():
        folders.append(shared)
    for folder in folders:
        for f in sorted(folder.glob("*.jsonl")):
            for line in f.read_text(encoding="utf-8").splitlines():
                if not line.strip():
                    continue
                rec = json.loads(line)
                if genres and rec["genre"] not in genres:
                    continue
                if rec["rows"] <= 30 and rec["cols"] <= 30 and min(rec["rows"], rec["cols"]) >= 5:
                    out.append(rec)
    return out


def puzzlink_url(p: Puzzle[Any], rec: dict[str, Any]) -> str | None:
    """The board's puzz.link URL: ours, else the record's own (boards our codec does not write: jigsaw).
    Written with the genre's own puzz.link id: a variant's id may draw the clues otherwise (Numberlink's
    Flow boards go to ``arukone``, which shows letters for the same numbers)."""
    g = get_genre(p.genre)
    try:
        url: str | None = g.encode_url(p)
    except ParseError:
        url = rec.get("url") or None
    if url and "?" in url:
        pid = url.split("?", 1)[1].split("/", 1)[0]
        if pid in g.url_pids and pid != g.url_pids[0]:
            url = url.replace(f"?{pid}/", f"?{g.url_pids[0]}/", 1)
    return url


def pzprjs_shot(node: subprocess.Popen[str], url: str | None, cell: int, size: tuple[int, int]) -> bytes | None:
    """puzz.link's picture of ``url`` at ``cell`` pixels a cell, or None (no URL, or pzprjs opened
    a board of another size). The SVG comes back on the pipe, not through a file: builds running at
    once shared a file name and drew one another's boards (a Numberlink in a Fillomino's place)."""
    if not url or node.stdin is None or node.stdout is None:
        return None
    node.stdin.write(json.dumps({"url": url.split("?", 1)[1], "cell": cell}) + "\n")
    node.stdin.flush()
    line = node.stdout.readline()
    while line and not line.startswith("{"):  # (anything else pzprjs may print)
        line = node.stdout.readline()
    answer = json.loads(line or "{}")
    if "svg" not in answer or (answer["rows"], answer["cols"]) != size:
        print(f"pzprjs: {url}: {answer.get('error') or (answer.get('rows'), answer.get('cols'))}", file=sys.stderr)
        return None
    png = subprocess.run(["rsvg-convert", "-b", "white"], input=answer["svg"].encode(), capture_output=True).stdout
    return png or None


def sgt_id(p: Puzzle[Any]) -> str:
    """Simon Tatham's game ID of a board (Pearl: B/W; Rect: numbers joined by '_'); runs of empties as letters."""
    parts: list[str] = []
    run = 0
    prev_number = False
    for row in p.cells:
        for v in row:
            if v == 0:
                run += 1
                continue
            while run:
                k = min(run, 26)
                parts.append(chr(ord("a") + k - 1))
                run -= k
                prev_number = False
            tok = get_genre(p.genre).notation.write(v)
            if tok.isdigit() and prev_number:
                parts.append("_")
            parts.append(tok)
            prev_number = tok.isdigit()
    while run:
        k = min(run, 26)
        parts.append(chr(ord("a") + k - 1))
        run -= k
    return f"{p.cols}x{p.rows}:" + "".join(parts)


def printed(p: Puzzle[Any], seed: int) -> bytes:
    """A plain printed-style picture: white paper, black lines, a thick frame, common fonts."""
    rng = np.random.default_rng(seed)
    cell = int(rng.integers(26, 52))
    margin = cell
    w, h = p.cols * cell + 2 * margin, p.rows * cell + 2 * margin
    img = Image.new("L", (w, h), 255)
    d = ImageDraw.Draw(img)
    g = get_genre(p.genre)
    dots = g.lattice.value == "dots"
    font_path = FONTS[int(rng.integers(len(FONTS)))]
    if dots:
        for r in range(p.rows + 1):
            for c in range(p.cols + 1):
                x, y = margin + c * cell, margin + r * cell
                d.rectangle([x - 2, y - 2, x + 2, y + 2], fill=0)
    else:
        for k in range(p.cols + 1):
            x = margin + k * cell
            d.line([x, margin, x, margin + p.rows * cell], fill=0 if k in (0, p.cols) else 60,
                   width=3 if k in (0, p.cols) else 1)
        for k in range(p.rows + 1):
            y = margin + k * cell
            d.line([margin, y, margin + p.cols * cell, y], fill=0 if k in (0, p.rows) else 60,
                   width=3 if k in (0, p.rows) else 1)
    for r, c, v in p.clues():
        tok = g.notation.write(v)
        x0, y0 = margin + c * cell, margin + r * cell
        if tok in ("W", "B"):
            k = int(cell * 0.15)
            d.ellipse([x0 + k, y0 + k, x0 + cell - k, y0 + cell - k], outline=0, width=2,
                      fill=0 if tok == "B" else 255)
        else:
            size = int(cell * (0.62 if len(tok) == 1 else 0.5 if len(tok) == 2 else 0.38))
            f = ImageFont.truetype(font_path, size)
            d.text((x0 + cell / 2, y0 + cell / 2), tok, font=f, fill=0, anchor="mm")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def sgt_print(app: str, game_id: str, dpi: int) -> bytes | None:
    """The game's own printout of ``game_id`` (PostScript, one A4 page), rasterised at ``dpi``."""
    ps = subprocess.run([f"/usr/games/{app}", "--print", "1x1"], input=game_id + "\n", capture_output=True,
                        text=True, timeout=60).stdout
    if "showpage" not in ps:
        return None
    png = subprocess.run(["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=pnggray", "-sPAPERSIZE=a4",
                          f"-r{dpi}", "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", "-sOutputFile=-", "-"],
                         input=ps.encode(), capture_output=True, timeout=60).stdout
    return png or None


class Sgt:
    """Simon Tatham's puzzles under a private Xvfb screen; each board opened, grabbed and closed."""

    def __init__(self) -> None:
        self.display = ":93"
        self.xvfb = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1800x1400x24"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)

    def shot(self, app: str, game_id: str, tile: int) -> bytes | None:
        from PIL import ImageGrab

        env = dict(os.environ, DISPLAY=self.display, **{f"{app.split('-')[1].upper()}_TILESIZE": str(tile)})
        proc = subprocess.Popen([f"/usr/games/{app}", game_id], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            time.sleep(1.2)
            if proc.poll() is not None:
                return None
            shot = ImageGrab.grab(xdisplay=self.display).convert("RGB")
        finally:
            proc.kill()
            proc.wait()
        a = np.asarray(shot)
        ys, xs = np.nonzero(a.max(axis=2) > 20)  # the window: everything but the black root
        if len(xs) == 0:
            return None
        crop = shot.crop((int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1))
        buf = io.BytesIO()
        crop.save(buf, "PNG")
        return buf.getvalue()

    def close(self) -> None:
        self.xvfb.kill()
        self.xvfb.wait()


def scenes(src: Path, out: Path, splits: list[str], genres: set[str], page_seeds: int = 0,
           shadows: bool = False, salt: str = "", size: float = 1.0) -> int:
    """Kind ``scene`` (the tuning simulator's hard photos, ``photo.simulate_scene``) from an already
    built set: one per board, of its 150 dpi printed page where there is one (every other board),
    else of one of its screenshots; quick, as nothing is rendered again. ``page_seeds``: instead,
    only whole printed pages (150 and 300 dpi), each photographed with this many seeds.
    ``shadows``: kind ``shadowscene`` as well, the same scene with a shadow cast across the sheet.
    ``salt``: put before each board's seed text (other scenes of the same boards); ``size``: the
    pictures' widths multiplied by it (``photo.simulate_scene``)."""
    for split in splits:
        rows = [json.loads(line) for line in (src / split / "truth.jsonl").read_text(encoding="utf-8").splitlines()]
        by_board: dict[str, list[dict[str, Any]]] = {}
        for t in rows:
            if t["kind"] in ("screenshot", "print") and (not genres or t["genre"] in genres):
                by_board.setdefault(t["board"], []).append(t)
        truth = []
        if page_seeds:
            by_board = {}
            for page in (t for t in rows if t["kind"] == "print" and (not genres or t["genre"] in genres)):
                for k in range(page_seeds):
                    by_board[f"{Path(page['file']).stem}-{k}"] = [page]
        for bid, pics in sorted(by_board.items()):
            seed = int(hashlib.sha1((salt + "scene" + bid).encode()).hexdigest()[:8], 16)
            pages = [t for t in pics if page_seeds or t["file"].endswith("-150dpi.png")]
            shots = sorted((t for t in pics if t["kind"] == "screenshot"), key=lambda t: str(t["file"]))
            pick = pages[0] if pages and (seed % 2 or page_seeds) else shots[seed % len(shots)] if shots else None
            if pick is None:
                continue
            rgb = np.asarray(Image.open(src / split / pick["file"]).convert("RGB"))[:, :, ::-1]
            path = out / split / pick["source"] / f"{bid}-scene.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(simulate_scene(np.ascontiguousarray(rgb), seed, size=size))
            truth.append({**pick, "file": str(path.relative_to(out / split)), "kind": "scene"})
            if shadows:
                path = path.with_name(f"{bid}-shadowscene.jpg")
                path.write_bytes(simulate_scene(np.ascontiguousarray(rgb), seed, shadow=True, size=size))
                truth.append({**pick, "file": str(path.relative_to(out / split)), "kind": "shadowscene"})
        (out / split).mkdir(parents=True, exist_ok=True)
        with open(out / split / "truth.jsonl", "w", encoding="utf-8") as f:
            f.writelines(json.dumps(t) + "\n" for t in truth)
        print(f"{split}: {len(truth)} scenes")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="/tmp/imagesets")
    ap.add_argument("--tools", default="/tmp/imagesets-tools", help="folder with node_modules/pzpr")
    ap.add_argument("--no-sgt", action="store_true")
    ap.add_argument("--genres", default="", help="only these genres (comma-separated)")
    ap.add_argument("--splits", default="train,dev,test", help="only boards of these splits (comma-separated)")
    ap.add_argument("--no-photos", action="store_true", help="screenshots only")
    ap.add_argument("--boards", default="", help="only the boards of these ids (comma-separated)")
    ap.add_argument("--scenes-from", default="", help="only kind scene, from the pictures of this built set")
    ap.add_argument("--page-seeds", type=int, default=0,
                    help="with --scenes-from: only the printed pages, each photographed with this many seeds")
    ap.add_argument("--shadows", action="store_true", help="with --scenes-from: kind shadowscene too")
    ap.add_argument("--seed-salt", default="", help="with --scenes-from: other scenes of the same boards")
    ap.add_argument("--scene-size", type=float, default=1.0,
                    help="with --scenes-from: the pictures this many times wider (full-resolution phone photos)")
    args = ap.parse_args()
    out = Path(args.out)
    if out.exists():
        shutil.rmtree(out)
    if args.scenes_from:
        return scenes(Path(args.scenes_from), out, args.splits.split(","), set(args.genres.split(",")) - {""},
                      args.page_seeds, args.shadows, args.seed_salt, args.scene_size)
    recs = boards(set(args.genres.split(",")) if args.genres else None)
    printer = shutil.which("gs") is not None and Path("/usr/games/sgt-pearl").exists()
    node = None
    if (Path(args.tools) / "node_modules" / "pzpr").is_dir() and shutil.which("rsvg-convert"):
        node = subprocess.Popen(["node", "-e", PZPR_JS], cwd=args.tools, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
    else:
        print("pzprjs skipped: npm install pzpr in --tools and apt-get install librsvg2-bin", file=sys.stderr)
    sgt = None if args.no_sgt or not shutil.which("Xvfb") else Sgt()
    truth: dict[str, list[dict[str, Any]]] = {"train": [], "dev": [], "test": []}
    counts: dict[str, int] = {}
    try:
        for n, rec in enumerate(recs):
            p = Puzzle.from_record(rec)
            bid = str(rec.get("id") or f"board{n}")
            split = split_of(bid)
            if split not in args.splits.split(",") or (args.boards and bid not in args.boards.split(",")):
                continue
            seed = int(hashlib.sha1(bid.encode()).hexdigest()[:8], 16)
            shots: dict[str, bytes] = {"ours": render_png(p, None, view="puzzle")}
            if p.kind.picture_clues <= PRINTABLE:
                shots["printed"] = printed(p, seed)
            if node is not None:
                png = pzprjs_shot(node, puzzlink_url(p, rec), (24, 32, 44)[seed % 3], (p.rows, p.cols))
                if png:
                    shots["pzprjs"] = png
            if sgt is not None and p.genre in SGT_APPS:
                shot = sgt.shot(SGT_APPS[p.genre], sgt_id(p), (24, 32, 40)[seed % 3])
                if shot:
                    shots["sgt"] = shot
            prints: dict[str, bytes] = {}
            if printer and p.genre in SGT_APPS:
                for dpi in (150, 300):
                    page = sgt_print(SGT_APPS[p.genre], sgt_id(p), dpi)
                    if page:
                        prints[f"{dpi}dpi"] = page
            base = {"genre": p.genre, "rows": p.rows, "cols": p.cols, "grid": p.grid_lines(), "board": bid,
                    **({"regions": p.to_record()["regions"]} if p.regions is not None else {})}
            for source, data in shots.items():
                path = out / split / source / f"{bid}-screenshot.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                truth[split].append({"file": str(path.relative_to(out / split)), "source": source,
                                     "kind": "screenshot", **base})
                counts[f"{split}/{source}/screenshot"] = counts.get(f"{split}/{source}/screenshot", 0) + 1
            for dpi, data in prints.items():
                path = out / split / "sgtprint" / f"{bid}-print-{dpi}.png"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
                truth[split].append({"file": str(path.relative_to(out / split)), "source": "sgtprint",
                                     "kind": "print", **base})
                counts[f"{split}/sgtprint/print"] = counts.get(f"{split}/sgtprint/print", 0) + 1
            if args.no_photos:
                continue
            source = sorted(shots)[seed % len(shots)]
            rgb = np.asarray(Image.open(io.BytesIO(shots[source])).convert("RGB"))[:, :, ::-1]
            path = out / split / source / f"{bid}-photo.jpg"
            path.write_bytes(simulate(np.ascontiguousarray(rgb), seed))
            truth[split].append({"file": str(path.relative_to(out / split)), "source": source, "kind": "photo",
                                 **base})
            counts[f"{split}/{source}/photo"] = counts.get(f"{split}/{source}/photo", 0) + 1
            # the held-out photo: of the printed page where there is one (photos of printed boards)
            pages = {**shots, **({"sgtprint": prints["150dpi"]} if "150dpi" in prints else {})}
            source = "sgtprint" if "sgtprint" in pages and seed % 3 else sorted(pages)[(seed // 7) % len(pages)]
            rgb = np.asarray(Image.open(io.BytesIO(pages[source])).convert("RGB"))[:, :, ::-1]
            path = out / split / source / f"{bid}-heldout.jpg"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(simulate_heldout(np.ascontiguousarray(rgb), seed))
            truth[split].append({"file": str(path.relative_to(out / split)), "source": source, "kind": "heldout",
                                 **base})
            counts[f"{split}/{source}/heldout"] = counts.get(f"{split}/{source}/heldout", 0) + 1
    finally:
        if node is not None:
            node.kill()
        if sgt is not None:
            sgt.close()
    for split, rows in truth.items():
        (out / split).mkdir(parents=True, exist_ok=True)
        with open(out / split / "truth.jsonl", "w", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps(row) + "\n")
    for k in sorted(counts):
        print(f"{k}: {counts[k]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
