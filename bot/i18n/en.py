"""English: every message code's words (the genres' own codes are in their ``messages`` tables)."""

from __future__ import annotations


def cell(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


WORDS: dict[str, str] = {"and": " and ", "list-sep": "; "}

TEXTS: dict[str, str] = {
    # -- the engine: records, boards and solutions -----------------------------------------------
    "record-not-object": "A record must be a JSON object.",
    "record-no-genre": "The record has no 'genre'.",
    "record-bad-grid": "The record's 'grid' must be a non-empty list of row strings.",
    "record-size-mismatch": "The record says {field}={said} but its grid has {size}.",
    "unknown-genre": "Unknown genre '{genre}'. Known genres: {known}.",
    "unknown-symbol": "Unknown symbol '{token}' at {cell}: {genre} cells are {symbols}.",
    "empty-board": "The board is empty.",
    "not-rectangle": "Row {row} has {got} cells, the rows above have {width}: the board must be a rectangle.",
    "line-off-board": "The line at {cell} leaves the board ({dir}).",
    "line-mismatch": "The line at {cell} goes {dir} but {other_cell} does not connect back.",
    "answer-not-text": "The answer must be text.",
    "answer-empty": "The answer is empty: write the solved grid, one line per row.",
    "answer-row-count": "Rows in your answer: {got}; the puzzle has {rows}. Write one line per row.",
    "answer-row-length": "Row {row} of your answer has {got} cells; the puzzle has {cols} columns.",
    "answer-line-symbol": "{cell} holds '{token}': write one line symbol per cell.",
    "answer-bad-mask": "{cell} has mask {mask}; masks are 0-15 (up=1, right=2, down=4, left=8).",
    "answer-off-board": "The line at {cell} goes {dir}, off the board.",
    "answer-not-joined": "The line at {cell} goes {dir}, but {other_cell} has no line coming {back}.",
    "solution-shape": "The solution must be an object with '{key}'.",
    "solution-rows": "The solution's '{key}' must be a list of {rows} rows.",
    "solution-row-count": "The solution has {got} rows in '{key}', the board has {rows}.",
    "solution-row": "Row {row} of the solution's '{key}' is not a row.",
    "solution-row-length": "Row {row} of the solution's '{key}' has {got} entries, the board has {cols}.",
    "solution-mask": "At {cell} of the solution: {token!r} is not a connection mask 0-15.",
    "solution-color": "At {cell} of the solution: '{token}' is not W or B.",
    "solution-rect": "Rectangle {index} of the solution is not [top, left, height, width].",
    "internal-model-failed": "Internal error: the solver failed on this board. "
                             "This is a bug in the bot, not in your puzzle.",
    "internal-check-failed": "Internal error: the solver's {which} broke a rule ({rule}). "
                             "This is a bug in the bot, not in your puzzle.",
    "internal-multiple-without-two": "Internal error: 'multiple' came without two different solutions.",
    "circles": "'.', 'W' or 'B'",
    "numbers": "'.' or a positive number",
    "digits": "'.' or a number 0-3",
    "unknown-difficulty": "Unknown difficulty '{difficulty}': use easy, medium or hard.",
    "generate-size-not-numbers": "The size must be two whole numbers, like 10x10.",
    "generate-size-out-of-range": "Cannot generate a {rows}x{cols} {genre}: rows and columns must each be between "
                                  "{min} and {max}, with at most {max_cells} cells (for example 10x10).",
    "generation-unproven": "Internal error: a generated puzzle came without a uniqueness proof.",
    "generation-failed": "Could not generate a unique {rows}x{cols} {genre} in time; try another seed.",
    # -- verdicts -----------------------------------------------------------------------------------
    "no-solution": "This puzzle has no solution.",
    "timeout": "The solver ran out of time ({seconds} s) before it could settle this board.",
}
