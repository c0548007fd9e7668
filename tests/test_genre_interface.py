"""The genre interface holds: every registered genre fills it, and nothing outside a genre folder names one."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import has, say, template
from solvers.engine import solve_puzzle
from solvers.errors import Message
from solvers.genre import Genre, PlayKind, missing_parts
from solvers.notation import CellNotation
from solvers.puzzle import Puzzle
from solvers.reading import read_board
from solvers.registry import GENRE_PACKAGES, GENRES
from solvers.verdict import SolveOptions, Status

REPO = Path(__file__).resolve().parents[1]
ALL = list(GENRES.values())
IDS = [g.name for g in ALL]


def test_registry_lists_every_genre_folder() -> None:
    folders = {p.parent.name for p in (REPO / "solvers").glob("*/__init__.py")}
    genre_folders = {f for f in folders if (REPO / "solvers" / f / "__init__.py").read_text().find("GENRE =") >= 0}
    assert {pkg.rsplit(".", 1)[1] for pkg in GENRE_PACKAGES} == genre_folders
    assert len(GENRES) == len(GENRE_PACKAGES)


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_genre_supplies_every_part(genre: Genre) -> None:  # type: ignore[type-arg]
    assert missing_parts(genre, load=True) == []
    assert set(genre.daily_sizes) == {"easy", "medium", "hard"}
    assert isinstance(genre.notation, CellNotation)
    assert genre.url_pids, "a genre needs its puzz.link id"
    assert genre.picture_clues, "the picture reader needs to know what the genre's cells show"
    for code in (genre.answer_help, *(v.help for v in genre.variants)):
        assert has(code), f"no words for {code}"
    assert set(genre.messages) == {"en", "ja"}, "a genre speaks English and Japanese"
    assert set(genre.messages["en"]) <= set(genre.messages["ja"]), "Japanese words for every code"
    for lang, words in genre.messages.items():
        for code in words:
            assert code.startswith(f"{genre.name}-") or code == f"genre-{genre.name}", \
                f"{lang} {code}: a genre's own codes start with its name"
        assert set(words) <= set(genre.messages["en"]) | {f"genre-{genre.name}"}, f"{lang}: words English lacks"


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_example_reads_solves_uniquely_draws_hints_and_round_trips(genre: Genre) -> None:  # type: ignore[type-arg]
    puzzle = read_board(genre.example)
    assert puzzle.genre == genre.name
    res = solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1))
    assert res.status is Status.UNIQUE and res.solution is not None, res.message
    assert isinstance(res.solution, genre.solution_type)
    assert genre.check(puzzle, res.solution) == []
    # FORMATS.md edges: the record and the solution survive text and back
    assert Puzzle.from_record(puzzle.to_record()) == puzzle
    assert genre.solution_from_json(res.solution.to_json(), puzzle) == res.solution
    assert genre.decode_url(genre.encode_url(puzzle)) == puzzle
    for v in {v for row in puzzle.cells for v in row}:
        assert genre.notation.read(genre.notation.write(v), False) == v
    hints = genre.hints(puzzle, res.solution)
    assert hints and all(has(h.code) for h in hints)
    assert say(Message(hints[0].code, hints[0].params), "en")
    assert hints == genre.hints(puzzle, res.solution), "the same hints for every player"


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_a_fresh_board_sent_as_it_is_is_nothing_filled_in(genre: Genre) -> None:  # type: ignore[type-arg]
    """The genre's blank answer (the web player's fresh board) is judged "nothing is filled in yet",
    nothing marked and not a wrong try: the server decides it from the genre, where the page used to
    guess. It is the genre's answer type, round trips, and holds what the givens fix (the solution
    agrees with it on every given cell)."""
    from bot.daily.judge import Verdict, judge_solution

    puzzle = read_board(genre.example)
    blank = genre.blank_answer(puzzle)
    assert isinstance(blank, genre.solution_type)
    assert genre.solution_from_json(blank.to_json(), puzzle) == blank
    judged = judge_solution(puzzle, blank.to_json())
    assert (judged.verdict, judged.cells) == (Verdict.BLANK, ())
    assert judged.text("en") == "Nothing is filled in yet: put your answer on the board first."
    solution = solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1)).solution
    assert solution is not None and judge_solution(puzzle, solution.to_json()).verdict is Verdict.RIGHT
    if genre.play_kind() in (PlayKind.NUMBER, PlayKind.SHADE):  # a given number, a given black circle
        fixed = {(r, c): v for r, row in enumerate(blank.cell_values()) for c, v in enumerate(row)
                 if v not in (None, ".", "W")}
        wanted = solution.cell_values()
        assert {(r, c): wanted[r][c] for r, c in fixed} == fixed


def test_a_blank_that_is_right_is_right() -> None:
    """A board whose blank answer breaks no rule (a Hitori with nothing to shade) is solved by it."""
    from bot.daily.judge import Verdict, judge_solution

    puzzle = read_board("hitori\n1 2\n2 1")
    assert judge_solution(puzzle, puzzle.kind.blank_answer(puzzle).to_json()).verdict is Verdict.RIGHT


def test_a_solution_type_without_a_blank_is_a_missing_part() -> None:
    class NoBlank:
        key = "loop"

        @classmethod
        def from_json(cls, value: object, rows: int, cols: int) -> NoBlank:
            return cls()

    masyu = GENRES["masyu"]
    partial = type("Partial", (type(masyu),), {"solution_type": NoBlank, "__module__": type(masyu).__module__})()
    assert missing_parts(partial) == ["solution_type.blank"]


# -- nothing outside solvers/<genre>/ (and the registry line) names a genre -------------------------

NAMES = sorted({w for g in ALL for w in (g.name, g.title, *g.own_names)} | {"yin-yang", "slither"},
               key=len, reverse=True)
NAME_RE = re.compile(r"(?<![a-z])(" + "|".join(re.escape(n) for n in NAMES) + r")(?![a-z])", re.IGNORECASE)
CHECKED = ("bot", "rendering", "solvers", "vision")


def _outside_genre_folders() -> list[Path]:
    """Code outside the genre folders. A language's catalogue (bot/i18n/<lang>.py) is data, not code:
    translating a genre's own message codes (``masyu-...``) is what it is for."""
    genre_dirs = {REPO / "solvers" / pkg.rsplit(".", 1)[1] for pkg in GENRE_PACKAGES}
    files = [p for d in CHECKED for p in (REPO / d).rglob("*.py") if (REPO / d).is_dir()]
    catalogues = {p for p in (REPO / "bot" / "i18n").glob("*.py") if p.name != "__init__.py"}
    return [p for p in files
            if not any(d in p.parents for d in genre_dirs) and p.name != "registry.py" and p not in catalogues]


def test_a_genres_words_live_with_the_genre() -> None:
    """No language catalogue holds a genre's own codes: adding a genre touches no catalogue."""
    from bot.i18n import LANGUAGES, catalogue

    prefixes = tuple(f"{g.name}-" for g in ALL) + tuple(f"genre-{g.name}" for g in ALL)
    assert [(lang, code) for lang in LANGUAGES for code in catalogue(lang).TEXTS if code.startswith(prefixes)] == []


def test_no_genre_named_outside_its_folder() -> None:
    hits = []
    for path in _outside_genre_folders():
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if m := NAME_RE.search(line):
                hits.append(f"{path.relative_to(REPO)}:{n}: {m.group(0)!r}: {line.strip()[:90]}")
    assert hits == [], "\n".join(hits)


# -- layers ---------------------------------------------------------------------------------------


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module)
    return out


FORBIDDEN = {
    "solvers": ("bot", "rendering", "vision", "PIL", "cv2", "telegram", "discord", "sqlalchemy"),
    "rendering": ("bot", "vision"),
    "vision": ("bot", "rendering", "telegram", "discord", "sqlalchemy"),
}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layers_import_only_downwards(package: str) -> None:
    bad = []
    for path in (REPO / package).rglob("*.py"):
        for mod in _imports(path):
            if mod.split(".")[0] in FORBIDDEN[package]:
                bad.append(f"{path.relative_to(REPO)} imports {mod}")
    assert bad == []


def test_solvers_read_no_environment() -> None:
    bad = [str(p.relative_to(REPO)) for p in (REPO / "solvers").rglob("*.py")
           if re.search(r"\bos\.environ\b|\bgetenv\(|dotenv", p.read_text(encoding="utf-8"))]
    assert bad == []


def test_adapters_import_neither_the_app_nor_each_other() -> None:
    adapters = {"telegram": ("bot.telegram_adapter",), "console": ("bot.console",),
                "discord": ("bot.discord_adapter", "bot.discord_incoming", "bot.discord_replies")}
    bad = []
    for platform, modules in adapters.items():
        others = {m for p, ms in adapters.items() if p != platform for m in ms}
        for mod in modules:
            for imp in _imports(REPO / (mod.replace(".", "/") + ".py")):
                if imp == "bot.app" or imp in others:
                    bad.append(f"{mod} imports {imp}")
    assert bad == []


# -- where: every cell a message holds is written as a cell, every broken rule says where ---------

CELL_KINDS = (PlayKind.SHADE, PlayKind.MARK, PlayKind.NUMBER)
LOCATION = re.compile(r"\{(\w+_)?(cell|cells|span|region|row|column|top|left)[}!:]")


def _cell_params(params: dict[str, object]) -> list[str]:
    """The parameters holding one cell ((row, column)) under a name the words do not write as a cell."""
    return [k for k, v in params.items()
            if isinstance(v, tuple) and len(v) == 2 and all(isinstance(x, int) for x in v)
            and not (k == "cell" or k.endswith("_cell"))]


def _broken_answers(solution_json: dict[str, object]) -> list[dict[str, object]]:
    """Answers one cell away from a solution given as rows (of characters, or of space-separated
    numbers): each cell in turn takes another value the solution uses."""
    out = []
    for key, rows in solution_json.items():
        if not (isinstance(rows, list) and rows and all(isinstance(r, str) for r in rows)):
            continue
        grid = [r.split() if " " in r else list(r) for r in rows]
        values = sorted({v for row in grid for v in row})
        if len(values) < 2:
            continue
        for r, row in enumerate(grid):
            for c, v in enumerate(row):
                other = values[(values.index(v) + 1) % len(values)]
                changed = [list(x) for x in grid]
                changed[r][c] = other
                text = [" ".join(x) if " " in rows[i] else "".join(x) for i, x in enumerate(changed)]
                out.append({**solution_json, key: text})
    return out


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_hints_and_broken_rules_say_where(genre: Genre) -> None:  # type: ignore[type-arg]
    """A hint's cells are written "row 3, column 4" (never as a bare pair of numbers), and every
    rule a one-cell slip in a grid of cells (shading, marks, numbers) breaks names where, so a player
    typing an answer finds the slip."""
    puzzle = read_board(genre.example)
    res = solve_puzzle(puzzle, SolveOptions(time_limit=20, workers=1))
    assert res.solution is not None
    assert [(h.code, k) for h in genre.hints(puzzle, res.solution) for k in _cell_params(dict(h.params))] == []
    vague = set()
    slips = _broken_answers(res.solution.to_json()) if genre.play_kind() in CELL_KINDS else []
    for answer in slips:
        try:
            solution = genre.solution_from_json(answer, puzzle)
        except Exception:  # noqa: BLE001 - a value this genre's answers cannot hold at that cell
            continue
        for v in genre.check(puzzle, solution):
            assert not _cell_params(v.params), (v.rule, v.params)
            if not LOCATION.search(template(v.rule) or ""):
                vague.add(v.rule)
    assert vague == set(), "rules whose words do not say where"


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_answer_help_leaves_one_line_per_row_to_the_sentence_around_it(genre: Genre) -> None:  # type: ignore[type-arg]
    """The daily post and the 🤔 replies already say "one line per row ({notation})": the genre's
    notation must not say it again ("one line per row (one row per line, # for ...)")."""
    from bot.i18n import t

    for lang, said in (("en", ("one line per row", "one row per line")), ("ja", ("1 行ずつ",))):
        text = t(lang, genre.answer_help)
        assert not any(p in text for p in said) or "row of dots" in text, (lang, text)
        assert "書いてください" not in text, text  # the sentence around it asks already


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_the_daily_post_never_nests_brackets(genre: Genre) -> None:  # type: ignore[type-arg]
    """The post put the notation in brackets, and a notation with brackets of its own read
    "one line per row (the digits of each row (10-16 as numbers ...))"."""
    import datetime as dt

    from bot.i18n import t

    for lang in ("en", "ja"):
        for code in ("daily_caption", "daily_caption_console"):
            text = t(lang, code, genre=genre.title, date=dt.date(2026, 11, 27), rows=9, cols=9, difficulty="easy",
                     play="", notation=t(lang, genre.answer_help))
            depth = deepest = 0
            for ch in text:
                depth += (ch in "(（") - (ch in ")）")
                deepest = max(deepest, depth)
            assert deepest <= 1, (lang, code, text)


@pytest.mark.parametrize("genre", ALL, ids=IDS)
def test_the_example_holds_no_clue_the_genre_calls_impossible(genre: Genre) -> None:  # type: ignore[type-arg]
    """``Genre.impossible_clues`` (what a picture's reader asks about rather than solve) names no
    clue of a board with a unique solution, written as the genre writes its cells."""
    puzzle = read_board(genre.example)
    tokens = [[genre.notation.write(v) for v in row] for row in puzzle.cells]
    assert genre.impossible_clues(tokens, puzzle.regions) == frozenset()


def test_genres_whose_clues_can_be_impossible_say_so() -> None:
    """Every genre whose cells hold a clue fills ``impossible_clues``; the default (none) is left to
    the genres whose boards hold only rooms."""
    own = {g.name for g in ALL if type(g).impossible_clues is not Genre.impossible_clues}
    assert own == set(IDS) - {"lits", "starbattle"}
