"""The one interface every genre fills (Simon Tatham's ``game`` table; cspuz's module per genre).

A genre is one folder ``solvers/<name>/`` whose ``__init__`` defines ``GENRE``, an instance of a
:class:`Genre` subclass, plus one line in :mod:`solvers.registry`. Nothing outside the folder
names the genre: the bot, the reader, the daily puzzle and the pictures reach it only through
this table. :func:`missing_parts` (run by the registry and a test) says what a genre lacks.

Heavy parts (OR-Tools models, generators) are imported inside the methods, so reading a board
never pays for importing the solver.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from solvers.solution import Solution

if TYPE_CHECKING:
    from solvers.drawing import Drawing
    from solvers.errors import PuzzleError
    from solvers.generation import GeneratedPuzzle
    from solvers.puzzle import Puzzle
    from solvers.verdict import SolveOptions, SolveResult, Violation

S = TypeVar("S", bound=Solution)
Cell = tuple[int, int]


class Symbols(Enum):
    """Which givens a cell may hold: how text, URLs and pictures are read."""

    CIRCLES = "circles"  # '.', 'W' (white circle), 'B' (black circle)
    NUMBERS = "numbers"  # '.', positive numbers, '?' where the genre allows it
    DIGITS = "digits"  # '.', small numbers where 0 is a clue: the genre's own token_of/value_of


class Lattice(Enum):
    """How pictures of the genre draw the grid (how the picture reader tells genres apart)."""

    LINES = "lines"  # lines between the cells (solid, dashed or dotted)
    DOTS = "dots"  # only a dot at each grid point


@dataclass(frozen=True)
class Variant:
    """A rule switch people can ask for (``fill``: e.g. the Flow rule, every cell on a path).

    ``words`` are what turns it on in a board header or after the genre command
    (``/<genre> fill``); ``help`` is the message code of its one-line explanation.
    """

    name: str
    words: tuple[str, ...]
    help: str


@dataclass(frozen=True)
class HintStep:
    """One hint: a message (code + params) and the cells it reveals."""

    code: str
    params: Mapping[str, Any]
    cells: tuple[Cell, ...]


class Genre(ABC, Generic[S]):
    """Everything the product knows about one genre."""

    # -- identity
    name: ClassVar[str]  # canonical name, as in FORMATS.md records and commands
    title: ClassVar[str]  # English display name (other languages: the catalogue's "genre-<name>")
    aliases: ClassVar[tuple[str, ...]] = ()  # other names people write
    url_pids: ClassVar[tuple[str, ...]] = ()  # puzz.link puzzle ids; the first is the one we emit
    symbols: ClassVar[Symbols]
    lattice: ClassVar[Lattice] = Lattice.LINES  # how its pictures draw the grid
    variants: ClassVar[tuple[Variant, ...]] = ()
    solution_type: ClassVar[type]  # the typed solution (see solvers.solution)
    example: ClassVar[str]  # a small board with a unique solution, as text (shown by /help)
    daily_sizes: ClassVar[Mapping[str, tuple[int, int]]]  # difficulty -> (rows, cols) of daily puzzles
    answer_help: ClassVar[str]  # message code: how to type an answer in chat
    messages: ClassVar[Mapping[str, str]] = {}  # this genre's message codes -> English wording

    # -- text notation (FORMATS.md tokens)
    def token_of(self, value: int) -> str:
        """The token of a cell value (``.`` for empty)."""
        from solvers.puzzle import default_token_of

        return default_token_of(self.symbols, value)

    def value_of(self, token: str) -> int | None:
        """The cell value of a token, or None when the genre has no such symbol."""
        from solvers.puzzle import default_value_of

        return default_value_of(self.symbols, token)

    # -- puzz.link
    @abstractmethod
    def decode_url(self, url: str, *, max_rows: int = 60, max_cols: int = 60) -> Puzzle:
        """The board of a puzz.link URL of this genre; raises ParseError."""

    @abstractmethod
    def encode_url(self, puzzle: Puzzle) -> str:
        """The https://puzz.link/p?... URL that opens this board."""

    # -- form
    @abstractmethod
    def validate(self, puzzle: Puzzle) -> None:
        """Raise InvalidPuzzle unless the givens fit the genre's form (the engine's gate)."""

    def form_problem(self, puzzle: Puzzle) -> PuzzleError | None:
        """Why these givens cannot be this genre at all (for genre detection), or None."""
        return None

    # -- solving
    @abstractmethod
    def solve(self, puzzle: Puzzle, options: SolveOptions) -> SolveResult:
        """The verdict from the genre's model (solutions of ``solution_type``); the engine re-checks."""

    @abstractmethod
    def check(self, puzzle: Puzzle, solution: S) -> list[Violation]:
        """Every broken rule (the independent checker: plain Python, no solver); [] when right."""

    def solution_from_json(self, value: Any, puzzle: Puzzle) -> S:
        """Read a FORMATS.md ``solution`` for ``puzzle``; raises ParseError when it is not that shape."""
        reader: Any = self.solution_type
        return reader.from_json(value, puzzle.rows, puzzle.cols)  # type: ignore[no-any-return]

    # -- pictures
    @abstractmethod
    def draw(self, d: Drawing, puzzle: Puzzle, solution: S | None) -> None:
        """The board (and the solution, when given) through the abstract drawing interface."""

    # -- play in chat
    @abstractmethod
    def parse_answer(self, puzzle: Puzzle, text: str) -> S:
        """A player's answer typed in chat; raises ParseError naming the cell."""

    @abstractmethod
    def hints(self, puzzle: Puzzle, solution: S) -> list[HintStep]:
        """Every hint in the order they are revealed (the same order for everyone)."""

    # -- generator
    @abstractmethod
    def generate(self, rows: int, cols: int, difficulty: str, seed: int,
                 options: SolveOptions | None = None) -> GeneratedPuzzle:
        """A puzzle with a proven unique solution, graded easy/medium/hard."""

    def preload(self) -> None:
        """Import the heavy parts (model, generator) now, so the first board does not pay for it."""

    def __repr__(self) -> str:
        return f"<genre {self.name}>"


REQUIRED_ATTRIBUTES = ("name", "title", "symbols", "solution_type", "example", "daily_sizes", "answer_help")


def missing_parts(genre: Genre[Any]) -> list[str]:
    """What a genre entry does not supply: unset attributes and unimplemented methods."""
    missing = [a for a in REQUIRED_ATTRIBUTES if not getattr(genre, a, None)]
    missing += sorted(getattr(type(genre), "__abstractmethods__", ()))
    if not inspect.isclass(getattr(genre, "solution_type", None)) or not hasattr(genre.solution_type, "from_json"):
        missing.append("solution_type.from_json")
    return missing
