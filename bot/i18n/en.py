"""English: every message code's words (the genres' own codes are in their ``messages`` tables)."""

from __future__ import annotations


def cell(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


WORDS: dict[str, str] = {"or": " or ", "and": " and ", "list-sep": "; "}

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
    # -- reading boards, URLs and game IDs -----------------------------------------------------------
    "no-board": "I found no board. Send one row per line, e.g. 'W . . B', or a puzz.link URL.",
    "read-internal-error": "Sorry, I could not read this board (an internal error); please check its format.",
    "board-not-text": "The board must be text.",
    "text-too-long": "The text is {length} characters long; I read at most {max}.",
    "genre-not-name": "The genre must be a name such as '{example}'.",
    "too-many-lines": "The text has {lines} lines; a board has at most {max} rows.",
    "board-too-many-rows": "The board has {rows} rows; the limit is {max_rows} rows by {max_cols} columns.",
    "board-too-big": "The board has {rows} rows by {cols} columns; the limit is {max_rows} rows by {max_cols} columns.",
    "board-too-small": "The board has {rows} row(s) and {cols} column(s); a puzzle needs at least {min_rows} rows "
                       "and {min_cols} columns.",
    "url-other-genre": "The puzz.link URL is a {genre} puzzle ('{pid}'), but you asked for {wanted}.",
    "game-id-other-genre": "This is a {game} game ID from Simon Tatham's Puzzles; it cannot be a {genre} board.",
    "record-not-json": "The text starts like a JSON record but is not valid JSON.",
    "first-row-width": "Row 1 has {got} cells, the rows below have {width}: the board must be a rectangle.",
    "size-line-mismatch": "The size line says {said}, but the board has {rows} rows and {cols} columns "
                          "(write it as {size}, width x height, or leave it out).",
    "fits-no-genre": "This board fits no genre I know. {reasons} "
                     "Fix the board, or add a first line naming the genre ({known}).",
    "as-genre": "As {genre}: {text}",
    "mixed-circles-numbers": "The board mixes circles ('{circle}' at {circle_cell}) and numbers "
                             "('{number}' at {number_cell}); a board holds one or the other.",
    "ambiguous-genre": "This board could be {genres}. Which genre is it? (Or add a first line naming the genre.)",
    "two-genres": "The text names two genres: '{first}' and '{second}'. Keep one.",
    "two-sizes": "The text gives two sizes: {first} and {second}.",
    "read-unknown-symbol": "Unknown symbol '{token}' at {cell}: {genre} cells are {symbols}.",
    "read-unknown-symbol-board": "Unknown symbol '{token}' at {cell}: board cells are {symbols}.",
    "read-help-circles": "'.', W/O/1/○ (white) or B/x/2/● (black)",
    "read-help-numbers": "numbers, '?', or '.', '0', '-', '_', '・' for an empty cell",
    "read-help-digits": "digits, or '.', '-', '_', '・' for an empty cell",
    "read-help-any": "numbers, '.', or circles (W/B, O/x, ○/●)",
    "read-number-too-large": "The number {number} at {cell} is too large (at most {max}).",
    "game-id-bad-char": "The game ID has an unexpected character '{char}' at position {position} of its data.",
    "game-id-bad-count": "The game ID describes {got} cells, but its size {size} has {cells_count}.",
    "url-not-puzzlink": "This does not look like a puzz.link URL (https://puzz.link/p?<genre>/<columns>/<rows>/<data>).",
    "url-no-size": "The puzz.link URL has no board size after '{pid}' (expected {pid}/<columns>/<rows>/<data>).",
    "size-empty": "The board size {size} is empty.",
    "url-bad-circle-char": "The puzz.link data has an unexpected character '{char}' at position {position} "
                           "(circles are written with 0-9 and a-q).",
    "url-cut-off": "The puzz.link data is cut off or damaged at position {position} "
                   "('{char}' must be followed by {width} hex digits).",
    "url-bad-char": "The puzz.link data has an unexpected character '{char}' at position {position}.",
    "url-zero-clue": "The puzz.link data puts a 0 at {cell}; clues must be positive.",
    "url-number-too-large": "The number {number} is too large for a puzz.link URL (at most {max}).",
    "url-circles-only": "A {genre} board can only hold empty cells, white and black circles.",
    "url-numbers-only": "A {genre} board can only hold positive numbers and '?'.",
    "url-unsupported": "puzz.link genre '{pid}' is not one I can read; I read {pids} URLs.",
    # -- verdicts -----------------------------------------------------------------------------------
    "no-solution": "This puzzle has no solution.",
    "timeout": "The solver ran out of time ({seconds} s) before it could settle this board.",
    # -- pictures (bot/pictures.py: the title strip of a result picture) ------------------------------
    "picture-title": "{genre} {rows}×{cols} · {verdict}",
    "verdict-unique": "unique solution",
    "verdict-solved": "a solution",
    "verdict-timeout-solution": "a solution (time ran out before uniqueness was proven)",
    "verdict-multiple": "not unique: two solutions, differences highlighted",
    "verdict-multiple-one": "not unique: one of several solutions",
    "verdict-none": "no solution",
    "verdict-invalid": "invalid puzzle",
    "verdict-timeout": "time limit reached",
    "verdict-error": "internal error",
    "verdict-marked": " (see the marked cells)",
}
