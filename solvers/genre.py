"""The one interface every genre fills (Simon Tatham's ``game`` table; cspuz's module per genre).

A genre is one folder ``solvers/<name>/``: its ``__init__`` defines ``GENRE``, an instance of a
:class:`Genre` subclass that holds the genre's identity (names, notation, messages, sizes), plus
one line in :mod:`solvers.registry`. The parts are found by convention, as modules of the folder
(see :data:`PARTS`): ``check.py``, ``model.py``, ``generate.py``, ``answer.py``, ``draw.py`` and
``url.py``, each imported when first used, so reading a board never pays for the solver. Nothing
outside the folder names the genre: the bot, the reader, the daily puzzle and the pictures reach
it only through this table. :func:`missing_parts` (run by the registry and a test) says what a
genre lacks.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from solvers.cell import Cell
from solvers.errors import ParseError
from solvers.notation import CellNotation
from solvers.solution import Solution

if TYPE_CHECKING:
    from collections.abc import Sequence

    from solvers.cell import Cell
    from solvers.drawing import Drawing
    from solvers.errors import PuzzleError
    from solvers.generation import Difficulty, GeneratedPuzzle
    from solvers.puzzle import Puzzle, Regions
    from solvers.reading.cells import Row
    from solvers.reading.limits import ReadLimits
    from solvers.verdict import SolveOptions, SolveResult, Violation

C = TypeVar("C")
S = TypeVar("S", bound=Solution)


class Lattice(Enum):
    """How pictures of the genre draw the grid (how the picture reader tells genres apart)."""

    LINES = "lines"  # lines between the cells (solid, dashed or dotted)
    DOTS = "dots"  # only a dot at each grid point
    NONE = "none"  # no grid at all: only the clues, on an unseen lattice (islands)


class ClueKind(Enum):
    """What a picture of the genre shows in a cell (what the picture reader must recognise)."""

    CIRCLE = "circle"  # white and black circles
    NUMBER = "number"  # numbers, '?'
    REGION_BORDER = "region-border"  # thick lines between rooms
    BLOCK = "block"  # black cells, with or without a white number
    ARROW = "arrow"  # a number with an arrow
    SUM = "sum"  # a split cell with two sums
    ISLAND = "island"  # a circled number


class RegionUse(Enum):
    """Whether a genre's boards carry a region partition (FORMATS.md ``regions``)."""

    NONE = "none"
    OPTIONAL = "optional"  # e.g. jigsaw boards: rooms only where the board gives them
    REQUIRED = "required"  # e.g. puzzles played on rooms


class PlayKind(Enum):
    """What a player draws for the genre's answer (the web player's input mode, per answer kind, not genre)."""

    CELL_LOOP = "cell-loop"  # lines between cell centres (a loop or paths); masks per cell
    EDGE_LOOP = "edge-loop"  # lines along the grid edges; masks per grid point
    SHADE = "shade"  # cells shaded or not, with dot marks (``shaded``, or black/white ``colors``)
    MARK = "mark"  # a symbol in some cells (``lights``, ``stars``)
    NUMBER = "number"  # a number written into cells (``numbers``)
    RECT = "rect"  # the board cut into rectangles (``rects``)
    BRIDGE = "bridge"  # lines between two clue cells of a row or column (``bridges``)
    LOOP_SHADE = "loop-shade"  # a cell loop and shaded cells beside it (``loop`` + ``shaded``), a mode each


@dataclass(frozen=True)
class Variant:
    """A rule switch people can ask for (e.g. ``fill``: the Flow rule, every cell on a path).

    ``words`` turn it on in a board header or after the genre command (``/<genre> fill``); ``help``
    is the message code of its one-line explanation. On a board it is ``Puzzle.variants``; in a
    record, ``"<name>": true``.
    """

    name: str
    words: tuple[str, ...]
    help: str
    rule: str = ""  # message code naming the rule in a verdict ("Rule: ..."); the help when empty


@dataclass(frozen=True)
class Param:
    """A named number a board carries beside its cells (e.g. a star count per line); in a record,
    ``"<name>": n``; in a header, ``<n> <name>`` or ``<name> <n>``."""

    name: str
    default: int
    low: int
    high: int
    rule: str = ""  # message code telling a player the value ("{value} stars in every row..."); "": none


@dataclass(frozen=True)
class HintStep:
    """One hint: a message (code + params) and the cells it reveals."""

    code: str
    params: Mapping[str, Any]
    cells: tuple[Cell, ...]


# The parts a genre folder supplies by convention: method -> (module, function).
PARTS: dict[str, tuple[str, str]] = {
    "decode_url": ("url", "decode_url"),
    "encode_url": ("url", "encode_url"),
    "validate": ("check", "validate"),
    "check": ("check", "check"),
    "solve": ("model", "solve"),
    "draw": ("draw", "draw"),
    "parse_answer": ("answer", "parse_answer"),
    "hints": ("answer", "hints"),
    "generate": ("generate", "generate"),
}


class Genre(Generic[C, S]):
    """Everything the product knows about one genre: ``C`` its cell type, ``S`` its solution type."""

    # -- identity
    name: ClassVar[str]  # canonical name, as in FORMATS.md records and commands
    title: ClassVar[str]  # English display name (other languages: the genre's "genre-<name>" message)
    # short forms and spellings that mean nothing but this genre: heard even inside a sentence,
    # where an alias that is an everyday word (a plural noun, a verb) is not
    own_names: ClassVar[tuple[str, ...]] = ()
    aliases: ClassVar[tuple[str, ...]] = ()  # other names people write, everyday words among them
    url_pids: ClassVar[tuple[str, ...]] = ()  # puzz.link puzzle ids; the first is the one we emit
    notation: ClassVar[CellNotation[Any]]  # how a cell is written (text, records, detection)
    regions: ClassVar[RegionUse] = RegionUse.NONE
    params: ClassVar[tuple[Param, ...]] = ()
    variants: ClassVar[tuple[Variant, ...]] = ()
    lattice: ClassVar[Lattice] = Lattice.LINES  # how its pictures draw the grid
    max_side: ClassVar[int] = 0  # published boards this big are read from URLs beyond the reader's limits
    picture_clues: ClassVar[frozenset[ClueKind]] = frozenset()  # what its pictures show in cells
    solution_type: ClassVar[type]  # the typed solution (see solvers.solution)
    example: ClassVar[str]  # a small board with a unique solution, as text (shown by /help)
    daily_sizes: ClassVar[Mapping[str, tuple[int, int]]]  # difficulty -> (rows, cols) of daily puzzles
    answer_help: ClassVar[str]  # message code: how to type an answer in chat
    play: ClassVar[PlayKind | None] = None  # the web player's input mode; None: from solution_type (play_kind)
    # this genre's message codes ("<name>-...") per language: {"en": {code: words}, "ja": {...}}
    messages: ClassVar[Mapping[str, Mapping[str, str]]] = {}

    def part(self, module: str) -> ModuleType:
        """The genre folder's module ``module`` (imported on first use)."""
        return importlib.import_module(f"{type(self).__module__}.{module}")

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        module, function = PARTS[method]
        return getattr(self.part(module), function)(*args, **kwargs)

    # -- text
    def read_rows(self, rows: Sequence[Row], limits: ReadLimits, params: Mapping[str, int]) -> Puzzle[C]:
        """A pasted board (rows of tokens) as a puzzle of this genre; ParseError naming the cell.

        Region genres override this (see :func:`solvers.reading.regions.split_regions`).
        """
        from solvers.puzzle import Puzzle

        return Puzzle(self.name, self.notation.read_grid(rows, self.name, limits), params=self.params_of(params))

    def implied_regions(self, rows: int, cols: int) -> Regions | None:
        """The rooms its pictures draw on a board that gives none (standard boxes): a picture showing
        exactly these gives no rooms (FORMATS.md ``regions`` absent). 1-based ids; None: no such rooms."""
        return None

    def named_size(self, rows: int, cols: int) -> tuple[int, int]:
        """The size players and puzz.link name a board of ``rows`` x ``cols`` cells by (titles and
        captions say it): the grid's own, unless the grid holds a clue border outside the play area."""
        return rows, cols

    def params_of(self, given: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
        """The board's params: those given (checked against their range), else their defaults."""
        out = []
        for p in self.params:
            v = given.get(p.name, p.default)
            if not isinstance(v, int) or isinstance(v, bool) or not p.low <= v <= p.high:
                raise ParseError("param-out-of-range", name=p.name, value=v, low=p.low, high=p.high)
            out.append((p.name, v))
        return tuple(sorted(out))

    def impossible_clues(self, tokens: Sequence[Sequence[str]], regions: Regions | None) -> frozenset[Cell]:
        """The cells of ``tokens`` (a board's cells as a picture was read, in this genre's notation;
        ``regions``: its rooms, None: none) holding a clue no board of this genre and size can hold
        there, whatever its other clues: an area of 0, a number larger than the board. The picture
        reader asks about such a clue rather than solve a board the player never sent (a ``0`` is an
        empty cell to some genres, so the board read parses). None by default (see
        :mod:`solvers.impossible`)."""
        return frozenset()

    # -- puzz.link (url.py)
    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle[C]:
        """The board of a puzz.link URL of this genre (up to ``max_side`` whatever the limits); raises ParseError."""
        puzzle: Puzzle[C] = self._call("decode_url", url, max_rows=max(max_rows, self.max_side),
                                       max_cols=max(max_cols, self.max_side))
        return puzzle

    def encode_url(self, puzzle: Puzzle[C]) -> str:
        """The https://puzz.link/p?... URL that opens this board."""
        url: str = self._call("encode_url", puzzle)
        return url

    def dropped(self, given: C) -> C:
        """What a given becomes when the search for conflicting clues (:mod:`solvers.explain`) drops
        it: the empty cell, unless emptying the cell adds a rule (a wall turned into a white cell must be
        lit), where the genre keeps the cell and drops only the number, so that dropping a clue only
        ever takes rules away and the clues left are a conflict on the board as it is."""
        empty: C = self.notation.empty
        return empty

    # -- form (check.py)
    def validate(self, puzzle: Puzzle[C]) -> None:
        """Raise InvalidPuzzle unless the givens fit the genre's form (the engine's gate)."""
        self._call("validate", puzzle)

    def form_problem(self, puzzle: Puzzle[C]) -> PuzzleError | None:
        """Why these givens cannot be this genre at all (for genre detection), or None.

        ``check.form_problem`` where the folder has one."""
        problem = getattr(self.part("check"), "form_problem", None)
        return None if problem is None else problem(puzzle)

    # -- solving (model.py) and the independent checker (check.py)
    def solve(self, puzzle: Puzzle[C], options: SolveOptions) -> SolveResult:
        """The verdict from the genre's model (solutions of ``solution_type``); the engine re-checks."""
        result: SolveResult = self._call("solve", puzzle, options)
        return result

    def check(self, puzzle: Puzzle[C], solution: S) -> list[Violation]:
        """Every broken rule (plain Python, no solver); [] when right."""
        found: list[Violation] = self._call("check", puzzle, solution)
        return found

    def solution_from_json(self, value: Any, puzzle: Puzzle[C]) -> S:
        """Read a FORMATS.md ``solution`` for ``puzzle``; raises ParseError when it is not that shape."""
        reader: Any = self.solution_type
        return reader.from_json(value, puzzle.rows, puzzle.cols)  # type: ignore[no-any-return]

    def blank_answer(self, puzzle: Puzzle[C]) -> S:
        """The answer of a player who has filled in nothing (the web player's fresh board): judged,
        it is "nothing filled in yet" rather than every cell wrong. The solution type's ``blank``,
        which writes in what a given fixes (a given number); a genre whose givens fix more says so."""
        made: Any = self.solution_type
        return made.blank(puzzle)  # type: ignore[no-any-return]

    # -- pictures (draw.py)
    def draw(self, d: Drawing, puzzle: Puzzle[C], solution: S | None) -> None:
        """The board (and the solution, when given) through the abstract drawing interface."""
        self._call("draw", d, puzzle, solution)

    # -- play in chat (answer.py)
    def parse_answer(self, puzzle: Puzzle[C], text: str) -> S:
        """A player's answer typed in chat; raises ParseError naming the cell."""
        answer: S = self._call("parse_answer", puzzle, text)
        return answer

    def hints(self, puzzle: Puzzle[C], solution: S) -> list[HintStep]:
        """Every hint in the order they are revealed (the same order for everyone)."""
        steps: list[HintStep] = self._call("hints", puzzle, solution)
        return steps

    # -- generator (generate.py)
    def generate(self, rows: int, cols: int, difficulty: Difficulty, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        """A puzzle with a proven unique solution, graded easy/medium/hard."""
        made: GeneratedPuzzle = self._call("generate", rows, cols, difficulty, seed, options)
        return made

    def preload(self) -> None:
        """Import the heavy parts (checker, model, OR-Tools, which models import on first use) now,
        so the first board does not pay for it."""
        for module in ("check", "model"):
            self.part(module)
        importlib.import_module("ortools.sat.python.cp_model")

    def play_kind(self) -> PlayKind:
        """How a player draws this genre's answer: ``play`` when the genre says, else what its
        solution type implies (so a genre with a shared solution type gets a player for free)."""
        if self.play is not None:
            return self.play
        key = getattr(self.solution_type, "key", "")
        return {"loop": PlayKind.CELL_LOOP, "links": PlayKind.CELL_LOOP, "colors": PlayKind.SHADE,
                "shaded": PlayKind.SHADE, "lights": PlayKind.MARK, "stars": PlayKind.MARK,
                "numbers": PlayKind.NUMBER, "rects": PlayKind.RECT, "bridges": PlayKind.BRIDGE}.get(key, PlayKind.SHADE)

    def answer_max(self, puzzle: Puzzle[C]) -> int:
        """The largest number a number answer may hold on ``puzzle`` (the web player types a
        second digit only while it stays within this): any cell count by default, so nothing of
        the solution shows."""
        return puzzle.rows * puzzle.cols

    def __repr__(self) -> str:
        return f"<genre {self.name}>"


REQUIRED_ATTRIBUTES = ("name", "title", "notation", "solution_type", "example", "daily_sizes", "answer_help")


def missing_parts(genre: Genre[Any, Any], *, load: bool = False) -> list[str]:
    """What a genre entry does not supply: unset attributes, missing part modules, and (``load``:
    importing the modules) missing part functions."""
    missing = [a for a in REQUIRED_ATTRIBUTES if not getattr(genre, a, None)]
    package = type(genre).__module__
    for method, (module, function) in PARTS.items():
        if getattr(type(genre), method) is not getattr(Genre, method):
            continue  # the genre writes this method itself
        if importlib.util.find_spec(f"{package}.{module}") is None:
            missing.append(f"{module}.py")
        elif load and not callable(getattr(genre.part(module), function, None)):
            missing.append(f"{module}.{function}")
    for method in ("from_json", "blank"):
        if not isinstance(getattr(genre, "solution_type", None), type) or not hasattr(genre.solution_type, method):
            missing.append(f"solution_type.{method}")
    return sorted(dict.fromkeys(missing))
