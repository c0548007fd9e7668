"""Build the site fixtures (``python tests/data/sites/make_pages.py``): pages and bare fragments
shaped like those of the puzzle sites the bot reads, from published boards (the shared corpus).

The markup follows what public scrapers of these sites read (cells are ``div``s placed by
``top``/``left`` styles; classes mark pearls, walls, room borders); everything else on a page
(menus linking to the sister sites, scripts, ads, footers) is filler with the same shape. Cell
positions are deliberately not multiples of one cell size, attribute order and extra classes vary.
``expected.json`` holds, per fixture, the FORMATS.md record (or the error code) it must read as.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).parent
CORPUS = Path("/work/shared/corpus")
OWN = HERE.parent / "corpus"

SISTERS = ["puzzle-nurikabe.com", "puzzle-masyu.com", "puzzle-loop.com", "puzzle-shikaku.com",
           "puzzle-light-up.com", "puzzle-star-battle.com", "puzzle-heyawake.com", "puzzle-hitori.com",
           "puzzle-yin-yang.com", "puzzle-sudoku.com", "puzzle-lits.com", "puzzle-bridges.com"]


def corpus(genre: str, rows: int, cols: int, own: bool = False) -> dict:
    path = (OWN if own else CORPUS) / f"{genre}.jsonl"
    for line in path.read_text().splitlines():
        rec = json.loads(line)
        if rec["rows"] == rows and rec["cols"] == cols:
            return rec
    raise LookupError(genre, rows, cols)


def tokens(rec: dict) -> list[list[str]]:
    return [row.split() for row in rec["grid"]]


def pos(i: int, pitch: float, offset: float) -> str:
    """A px position that is not a whole multiple of one cell size (as browsers round zoomed layouts)."""
    v = offset + i * pitch
    return f"{v:.1f}".rstrip("0").rstrip(".")


def page(host: str, title: str, board: str, script: str = "", lang: str = "en") -> str:
    menu = "\n".join(f'        <li><a href="https://www.{s}/">{s.split("-", 1)[1].split(".")[0].title()}</a></li>'
                     for s in SISTERS)
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>{title} - Online Puzzle Game</title>
    <link rel="canonical" href="https://{'ja' if lang == 'ja' else 'www'}.{host}/">
    <meta property="og:url" content="https://www.{host}/">
    <link rel="stylesheet" href="/css/main.css?v=41">
    <script src="https://ajax.googleapis.com/ajax/libs/jquery/3.6.0/jquery.min.js"></script>
    <script>window.dataLayer = window.dataLayer || []; function gtag(){{dataLayer.push(arguments);}}</script>
</head>
<body class="puzzle-page">
  <div id="topMenu" class="menu">
    <ul class="sister-sites">
{menu}
    </ul>
  </div>
  <div id="puzzleContainerRounded">
    <div class="puzzleInfo"><p>{title} Puzzle ID: 5,276,934</p></div>
    <div id="puzzleContainerDiv">
      <div id="game">
{board}
      </div>
    </div>
    <div class="footer-buttons noprint">
      <input type="button" class="button" value="   Done   " id="btnReady" name="ready">
      <input type="button" class="button" value="Restart" id="btnRestart">
    </div>
  </div>
  <script type="text/javascript">
    var Settings = {{ dark: false, autoSubmit: true, zoom: 1.25 }};
{script}
    $(document).ready(function () {{ Game.init(Settings); }});
  </script>
  <div class="footer"><a href="https://www.{host}/privacy.php">Privacy</a> &copy; 2025</div>
</body>
</html>
"""


def cell_list(grid: list[list[str]], pitch: float, offset: float,
              cell: Callable[[str, int, int, str], str], indent: str = "        ") -> list[str]:
    out = []
    for r, row in enumerate(grid):
        for c, tok in enumerate(row):
            style = f"top: {pos(r, pitch, offset)}px; left: {pos(c, pitch, offset)}px; width: {pitch - 1:.0f}px; " \
                    f"height: {pitch - 1:.0f}px;"
            out.append(indent + cell(tok, r, c, style))
    return out


def cells_html(grid: list[list[str]], pitch: float, offset: float,
               cell: Callable[[str, int, int, str], str]) -> str:
    return "\n".join(cell_list(grid, pitch, offset, cell))


def board_back(inner: str, size: str = "width: 337px; height: 337px;") -> str:
    return f'        <div class="board-back" style="{size}">\n{inner}\n        </div>'


# -- the sites -----------------------------------------------------------------------------------


def pearl(tok: str, r: int, c: int, style: str) -> str:
    extra = {"W": " dot-white", "B": " dot-black"}.get(tok, "")
    if (r + c) % 3 == 0:  # attribute order and extra classes vary
        return f'<div style="{style}" class="loop-dot{extra} selectable" data-r="{r}"></div>'
    return f'<div class="loop-dot{extra}" style="{style}"></div>'


def loop_page(rec: dict) -> str:
    grid = tokens(rec)
    h, w = len(grid), len(grid[0])
    pitch, off = 29.4, 2.0
    parts = []
    for r in range(h + 1):  # lattice points, then the cells, then the line holders
        for c in range(w + 1):
            parts.append(f'          <div class="loop-dot" style="top: {pos(r, pitch, 0)}px; '
                         f'left: {pos(c, pitch, 0)}px;"></div>')
    for r in range(h):
        for c in range(w):
            t = grid[r][c]
            text = "" if t == "." else t
            parts.append(f'          <div class="loop-task-cell" style="top: {pos(r, pitch, off)}px; '
                         f'left: {pos(c, pitch, off)}px; width: 26px; height: 26px;">{text}</div>')
            parts.append(f'          <div class="loop-line loop-horizontal" style="top: {pos(r, pitch, 0)}px; '
                         f'left: {pos(c, pitch, 3)}px;"></div>')
    return board_back("\n".join(parts))


def number_cell(cls: str = "cell selectable cell-off") -> Callable[[str, int, int, str], str]:
    def make(tok: str, r: int, c: int, style: str) -> str:
        text = "" if tok == "." else tok
        if (r * 7 + c) % 5 == 0:
            return f'<div tabindex="1" style="{style}" class="{cls}">{text}</div>'
        return f'<div class="{cls}" style="{style}" tabindex="1">\n            {text}\n          </div>'
    return make


def nurikabe_cell(tok: str, r: int, c: int, style: str) -> str:
    if tok == ".":
        return f'<div class="cell selectable cell-off" style="{style}"></div>'
    return f'<div class="nurikabe-task-cell" style="{style}">{tok}</div>'


def akari_cell(tok: str, r: int, c: int, style: str) -> str:
    if tok == ".":
        return f'<div class="cell selectable cell-off" style="{style}"></div>'
    if tok == "#":
        return f'<div class="cell wall" style="{style}"></div>'
    return f'<div class="light-up-task-cell wall" style="{style}">{tok}</div>'


def hitori_cell(tok: str, r: int, c: int, style: str) -> str:
    return f'<div class="cell selectable cell-off" style="{style}"><div class="number">{tok}</div></div>'


def yinyang_cell(tok: str, r: int, c: int, style: str) -> str:
    extra = {"W": " cell-0", "B": " cell-1"}.get(tok, " selectable")
    return f'<div class="cell{extra}" style="{style}"></div>'


def room_cells(rec: dict, numbers: bool) -> str:
    regions = [row.split() for row in rec["regions"]]
    grid = tokens(rec)
    h, w = len(grid), len(grid[0])

    def cell(tok: str, r: int, c: int, style: str) -> str:
        borders = []
        if c + 1 < w and regions[r][c] != regions[r][c + 1]:
            borders.append("br")
        if r + 1 < h and regions[r][c] != regions[r + 1][c]:
            borders.append("bb")
        if c > 0 and regions[r][c] != regions[r][c - 1] and r % 2:  # pages draw some borders twice
            borders.append("bl")
        text = tok if numbers and tok != "." else ""
        return f'<div class="cell selectable {" ".join(borders)} cell-off" style="{style}">{text}</div>'

    inner = cells_html(grid, 33.3, 1, cell)
    if numbers:
        return inner
    # the page also draws one marker div of class "cell" per row that is not a board cell
    return inner + "\n" + "\n".join(f'        <div class="cell marker" style="top: {pos(r, 33.3, 1)}px; left: -30px;">'
                                    f'</div>' for r in range(h))


def main() -> None:
    expected: dict[str, dict] = {}

    def write(name: str, text: str, want: dict) -> None:
        (HERE / name).write_text(text, encoding="utf-8")
        expected[name] = want

    def rec_of(rec: dict, *keys: str) -> dict:
        return {k: rec[k] for k in ("genre", "grid", *keys)}

    masyu = corpus("masyu", 10, 10)
    masyu_board = board_back(cells_html(tokens(masyu), 33.5, 0.5, pearl))
    write("masyu_ja_page.html", page("puzzle-masyu.com", "ましゅ", masyu_board, lang="ja"), rec_of(masyu))
    small = corpus("masyu", 6, 6)
    frag = board_back(cells_html(tokens(small), 37.27, 0, pearl))
    write("masyu_fragment.html", frag.replace("        <div", "<div", 1), rec_of(small))

    loop = corpus("slitherlink", 7, 7, own=True)
    write("loop_page.html", page("puzzle-loop.com", "Slitherlink", loop_page(loop)), rec_of(loop))
    loop_frag = loop_page(corpus("slitherlink", 5, 5, own=True))
    write("loop_fragment.html", loop_frag, rec_of(corpus("slitherlink", 5, 5, own=True)))

    shikaku = corpus("shikaku", 7, 7)
    cells = cells_html(tokens(shikaku), 41.1, 3, number_cell())
    write("shikaku_fragment.html", board_back(cells), rec_of(shikaku))
    write("shikaku_page.html", page("puzzle-shikaku.com", "Shikaku", board_back(cells)), rec_of(shikaku))
    kept = "\n".join(cell_list(tokens(shikaku), 41.1, 3, number_cell())[:-2])  # the last two cells not copied
    write("shikaku_truncated.html", board_back(kept), {"error": "site-cells-missing"})

    yy = corpus("yinyang", 6, 6)
    write("yinyang_page.html", page("puzzle-yin-yang.com", "Yin-Yang",
                                    board_back(cells_html(tokens(yy), 35.2, 1, yinyang_cell))), rec_of(yy))

    nl = corpus("numberlink", 7, 7)
    flat = [0 if t == "." else int(t) for row in tokens(nl) for t in row]
    data = {"puzzleData": {"id": 48213, "gridWidth": 7, "gridHeight": 7, "difficulty": "medium",
                           "data": {"startingGrid": flat, "colours": ["#f00", "#0f0"]}}, "date": "2025-03-02"}
    script = ("<script>\n  window.__APP__ = {\"user\": null};\n  var game = " + json.dumps(data) + ";\n</script>\n")
    write("numberlink_puzzlemadness.html", script, rec_of(nl))
    write("numberlink_puzzledata.txt", json.dumps(data, indent=2), rec_of(nl))

    nuri = corpus("nurikabe", 7, 7)
    write("nurikabe_fragment.html", board_back(cells_html(tokens(nuri), 36.6, 1, nurikabe_cell)), rec_of(nuri))
    akari = corpus("akari", 8, 8)
    write("akari_page.html", page("puzzle-light-up.com", "Light Up",
                                  board_back(cells_html(tokens(akari), 32.9, 1, akari_cell))), rec_of(akari))
    hitori = corpus("hitori", 6, 6)
    write("hitori_page.html", page("puzzle-hitori.com", "Hitori",
                                   board_back(cells_html(tokens(hitori), 40.2, 1, hitori_cell))), rec_of(hitori))
    sudoku = corpus("sudoku", 9, 9)
    bare = "\n".join(f'<div class="number">{"" if t == "." else t}</div>' for row in tokens(sudoku) for t in row)
    write("sudoku_page.html", page("puzzle-sudoku.com", "Sudoku", bare), rec_of(sudoku))
    hey = corpus("heyawake", 7, 7)
    write("heyawake_fragment.html", "<!-- copied from https://www.puzzle-heyawake.com/ -->\n" +
          board_back(room_cells(hey, numbers=True)), rec_of(hey, "regions"))
    sb = corpus("starbattle", 8, 8)
    sb_board = board_back(room_cells(sb, numbers=False))
    sb_page = page("puzzle-star-battle.com", "Star Battle", sb_board)
    sb_page = sb_page.replace("Star Battle Puzzle ID", f"{sb['stars']}&#9733; 8x8 Star Battle Puzzle ID")
    write("starbattle_page.html", sb_page, rec_of(sb, "regions", "stars"))
    ids = ",".join(row.replace(" ", ",") for row in sb["regions"])
    src = page("puzzle-star-battle.com", "Star Battle", "", script=f"    var task = '{ids}';\n"
               f"    Settings.stars = {sb['stars']};\n    Game.settings = {{size:8,stars:{sb['stars']} ,rand:1}};")
    write("starbattle_source.html", src, rec_of(sb, "regions", "stars"))
    write("nurikabe_source.html", page("puzzle-nurikabe.com", "Nurikabe", "",
                                       script="    var task = 'c3b2_4a1e6';"), {"error": "site-board-in-script"})
    write("no_board.html", page("example.org", "Cooking", "<p>No puzzle here.</p>"), {"error": "page-no-board"})

    big = corpus("shikaku", 20, 20)
    write("shikaku_20x20_page.html", page("puzzle-shikaku.com", "Shikaku",
                                          board_back(cells_html(tokens(big), 24.3, 3, number_cell()))), rec_of(big))
    (HERE / "expected.json").write_text(json.dumps(expected, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
