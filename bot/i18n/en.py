"""English: every message code's words (the genres' own codes are in their ``messages`` tables)."""

from __future__ import annotations


def cell(r: int, c: int) -> str:
    return f"row {r + 1}, column {c + 1}"


def span(r1: int, c1: int, r2: int, c2: int) -> str:
    """A block of cells from corner to corner: "row 1, columns 2-4" (a range only where it spans more)."""
    rows = f"row {r1 + 1}" if r1 == r2 else f"rows {r1 + 1}-{r2 + 1}"
    cols = f"column {c1 + 1}" if c1 == c2 else f"columns {c1 + 1}-{c2 + 1}"
    return f"{rows}, {cols}"


WORDS: dict[str, str] = {"series-sep": ", ", "series-last": " and ", "command-sep": ", ",
                         "or": " or ", "and": " and ", "list-sep": "; "}

TEXTS: dict[str, str] = {
    # -- the engine: records, boards and solutions -----------------------------------------------
    "record-not-object": "A record must be a JSON object.",
    "record-no-genre": "The record has no 'genre'.",
    "record-bad-grid": "The record's 'grid' must be a non-empty list of row strings.",
    "record-size-mismatch": "The record says {field}={said} but its grid has {size}.",
    "unknown-genre": "Unknown genre '{genre}'. Known genres: {known}.",
    "unknown-symbol": "Unknown symbol '{token}' at {cell}: {genre} cells are {symbols}.",
    "empty-board": "The board is empty.",
    "not-rectangle": "Row {row} has {got:# cell|# cells}, the rows above have {width}: the board must be a rectangle.",
    "line-off-board": "The line at {cell} leaves the board ({dir}).",
    "line-mismatch": "The line at {cell} goes {dir} but {other_cell} does not connect back.",
    "answer-not-text": "The answer must be text.",
    "answer-empty": "The answer is empty: write the solved grid, one line per row.",
    "answer-row-count": "Your answer has {got:# row|# rows}; the puzzle has {rows}. Write one line per row.",
    "answer-row-length": "Row {row} of your answer has {got:# cell|# cells}; the puzzle has {cols} columns.",
    "answer-line-symbol": "{cell} holds '{token}': write one line symbol per cell.",
    "answer-bad-mask": "{cell} has mask {mask}; masks are 0-15 (up=1, right=2, down=4, left=8).",
    "answer-off-board": "The line at {cell} goes {dir}, off the board.",
    "answer-not-joined": "The line at {cell} goes {dir}, but {other_cell} has no line coming {back}.",
    "solution-shape": "The solution must be an object with '{key}'.",
    "solution-rows": "The solution's '{key}' must be a list of {rows} rows.",
    "solution-row-count": "The solution has {got:# row|# rows} in '{key}', the board has {rows}.",
    "solution-row": "Row {row} of the solution's '{key}' is not a row.",
    "solution-row-length": "Row {row} of the solution's '{key}' has {got:# entry|# entries}, the board has {cols}.",
    "solution-mask": "At {cell} of the solution: {token!r} is not a connection mask 0-15.",
    "solution-color": "At {cell} of the solution: '{token}' is not W or B.",
    "solution-rect": "Rectangle {index} of the solution is not [top, left, height, width].",
    "regions-missing": "A {genre} board needs its rooms: paste the region grid below the clue grid (the same size), or each row as 'clues | rooms'.",
    "regions-missing-grid": "I need the clue grid and the room grid of the same size, one below the other ({rows} rows is an odd number), or each row as 'clues | rooms'.",
    "regions-side-width": "Each row needs as many room labels after '|' as cells before it.",
    "regions-blank": "The room grid holds only '.': give each cell its room's label (a letter or number, the same "
                     "for all cells of one room), below the clue grid or after '|' on each row.",
    "regions-not-used": "{genre} boards have no rooms; leave the region grid out.",
    "regions-size": "The region grid must have {rows} rows of {cols} cells, as the board.",
    "region-split": "Room {region} is in two pieces ({cell} and {other_cell}); each room must be one connected area.",
    "record-bad-regions": "The record's 'regions' must be a list of rows of region numbers.",
    "param-out-of-range": "'{name}' must be between {low} and {high} (it is {value}).",
    "solution-mark": "At {cell} of the solution: '{token}' is neither '{mark}' nor '.'.",
    "solution-number": "At {cell} of the solution: '{token}' is not a number or '.'.",
    "solution-bridge": "Bridge {index} of the solution is not [row, column, row, column, count].",
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
                                  "{min} and {max}, with at most {cell_limit} cells (for example 10x10).",
    "generation-unproven": "Internal error: a generated puzzle came without a uniqueness proof.",
    "generation-failed": "Could not generate a unique {rows}x{cols} {genre} in time; try another seed.",
    # -- reading boards, URLs and game IDs -----------------------------------------------------------
    "no-board": "I found no board. Send one row per line, e.g. 'W . . B', or a puzz.link URL.",
    "genre-no-board": "I see {genre} but no board below it. Send the board in the same message, one row per "
                      "line under the genre's name, or a puzz.link URL.",
    "genre-no-board_cli": "I see {genre} but no board below it: write the board's rows under the genre's name, "
                          "in the same file or input, or give a puzz.link URL.",
    "read-internal-error": "Sorry, I could not read this board (an internal error); please check its format.",
    "board-not-text": "The board must be text.",
    "text-too-long": "The text is {length} characters long; I read at most {max}.",
    "genre-not-name": "The genre must be a name such as '{example}'.",
    "too-many-lines": "The text has {lines} lines; a board has at most {max} rows.",
    "board-too-many-rows": "The board has {rows} rows; the limit is {max_rows} rows by {max_cols} columns.",
    "board-too-big": "The board has {rows} rows by {cols} columns; the limit is {max_rows} rows by {max_cols} columns.",
    "board-too-small": "The board has {rows:# row|# rows} and {cols:# column|# columns}; a puzzle needs at least {min_rows} rows "
                       "and {min_cols} columns.",
    "url-other-genre": "The puzz.link URL's genre is {genre} ('{pid}'), but you asked for {wanted}.",
    "header-other-genre": "The text with the board names {genre} ('{word}'), but you asked for {wanted}. Keep one.",
    "record-other-genre": "The record's genre is {genre} ('{word}'), but you asked for {wanted}. Keep one.",
    "record-other-genre_cli": "the record's genre is {genre} ('{word}'), but --genre asks for {wanted}: "
                              "leave out --genre to read it as {genre}",
    "header-other-genre_cli": "the text with the board names {genre} ('{word}'), but --genre asks for {wanted}: "
                              "leave out --genre to read it as {genre}, or take out that word",
    "game-id-other-genre": "This is a {game} game ID from Simon Tatham's Puzzles; it cannot be read as {genre}.",
    "record-not-json": "The text starts like a JSON record but is not valid JSON.",
    # -- boards copied from puzzle sites (solvers/reading/sites.py) --------------------------------------
    "page-too-long": "The page is {length} characters long; I read pages of at most {max}. Copy just the "
                     "board's <div> (right-click the board, Inspect, copy the element).",
    "page-no-board": "I found no board in this HTML. Copy the <div> that holds the board's cells, or send the "
                     "puzzle's page from one of the sites I read (see /help).",
    "page-no-board_cli": "I found no board in this HTML. Save the <div> that holds the board's cells, or the "
                         "puzzle's page from one of the sites I read (docs/user-guide.md lists them).",
    "site-no-board": "This page from {site} holds no board cells. Copy the <div> that holds the board "
                     "(right-click the board, Inspect, copy the element).",
    "site-board-in-script": "This page from {site} draws its board with a script, so the saved source has no "
                            "cells. Copy the board's <div> from the browser's developer tools instead.",
    "site-genre-unsupported": "This is a {genre} board from {site}; this genre isn't supported yet.",
    "site-other-genre": "This page's board is {genre} ({site}), but you asked for {wanted}.",
    "site-other-genre_cli": "this page's board is {genre} ({site}), but --genre asks for {wanted}: "
                            "leave out --genre to read it as {genre}",
    "site-cells-missing": "The copied board has {rows} rows and {cols} columns but {count:# cell is|# cells are} missing, "
                          "from {first_cell} on. Copy the whole board.",
    "site-row-missing": "The copied board has a gap: {count:# row|# rows} missing after row {after}. Copy the whole board.",
    "site-column-missing": "The copied board has a gap: {count:# column|# columns} missing after column {after}. Copy the "
                           "whole board.",
    "site-rooms-unknown": "This board has rooms but names no site, so I cannot tell its genre: send it with the "
                          "genre's command (see /help) or copy it with the page's address.",
    "site-rooms-unknown_cli": "This board has rooms but names no site, so I cannot tell its genre: name it "
                              "with --genre GENRE or save it with the page's address.",
    "site-too-many-cells": "The page holds more than {max} cells; the largest board I read is {max_rows} rows by "
                           "{max_cols} columns.",
    "site-cell-unplaced": "{count} of the {total} cells have no position (top/left); copy the board's <div> "
                          "as it is.",
    "site-not-square": "I found {count} cells without positions, which is not a square board; copy the "
                       "board's <div> with its cells' styles.",
    "site-cell-text": "{cell} holds '{text}', which is not a clue I know.",
    "site-json-broken": "The {key} data from {site} is not valid JSON; copy the whole line.",
    "site-json-field": "The puzzle data from {site} has no valid {field}.",
    "site-json-size": "The puzzle data has {count} cells for {rows} rows of {cols}.",
    "first-row-width": "Row 1 has {got:# cell|# cells}, the rows below have {width}: the board must be a rectangle.",
    "header-no-genre": "The first line '{word}' is no genre I know, nor a row of this board (the rows below have {width} cells). Known genres: {known}.",
    "size-line-mismatch": "The size line says {said}, but the board has {rows} rows and {cols} columns "
                          "(write it as {size}, width x height, or leave it out).",
    "fits-no-genre": "This board fits no genre I know. {reasons}"
                     "Fix the board, or add a first line naming the genre ({known}).",
    "as-genre": "As {genre}: {text}",
    "mixed-symbols": "The board mixes '{first}' at {first_cell} and '{second}' at {second_cell}; no genre has both "
                     "kinds of symbol.",
    "ambiguous-genre": "This board could be {genres}. Which genre is it? (Or add a first line naming the genre.)",
    "two-genres": "The text names two genres: '{first}' and '{second}'. Keep one.",
    "read-table-header": "This is a markdown table: its first row, above the '|---|' line, is its header. If "
                         "that row is the board's first row, send the board without the '|---|' line; if it "
                         "is not (column labels, or blank), send the board without it.",
    "two-sizes": "The text gives two sizes: {first} and {second}.",
    "read-unknown-symbol": "Unknown symbol '{token}' at {cell}: {genre} cells are {symbols}.",
    "read-unknown-symbol-board": "Unknown symbol '{token}' at {cell}: board cells are {symbols}.",
    "read-help-circles": "'.', W/O/1/○ (white) or B/x/2/● (black)",
    "read-help-numbers": "numbers, '?', or '.', '0', '-', '_', '・' for an empty cell",
    "read-help-digits": "numbers 0-3, or '.', '-', '_', '・' for an empty cell",
    "read-help-any": "numbers, '.', or circles (W/B, O/x, ○/●)",
    "read-number-too-large": "The number {number} at {cell} is too large (at most {max}).",
    "read-number-above": "The number {number} at {cell} is too large for {genre} (at most {max}).",
    "game-id-bad-char": "The game ID has an unexpected character '{char}' at position {position} of its data.",
    "game-id-bad-count": "The game ID describes {got:# cell|# cells}, but its size {size} has {cells_count}.",
    "game-id-random-seed": "This is a random-seed ID from Simon Tatham's Puzzles (with '#'): only sgt's own generator can turn it into a board. Copy the game ID instead (Game ▸ Specific…, the ID with ':').",
    "url-not-puzzlink": "This does not look like a puzz.link URL (https://puzz.link/p?<genre>/<columns>/<rows>/<data>).",
    "url-size-absurd": "The puzz.link URL's board size {size} (columns x rows) is far larger than any board; "
                       "check the numbers after the genre.",
    "url-no-size": "The puzz.link URL has no board size after '{pid}' (expected {pid}/<columns>/<rows>/<data>).",
    "size-empty": "The board size {size} is empty.",
    "url-bad-circle-char": "The puzz.link data has an unexpected character '{char}' at position {position} "
                           "(circles are written with 0-9 and a-q).",
    "url-cut-off": "The puzz.link data is cut off or damaged at position {position} "
                   "('{char}' must be followed by {width} hex digits).",
    "url-short": "The puzz.link URL holds only {got} of the {total} cells of a {rows}x{cols} board: "
                 "it may have been cut short when copied.",
    "url-short-borders": "The puzz.link URL holds only {got} of the {total} characters of the room borders "
                         "of a {rows}x{cols} board: it may have been cut short when copied.",
    "url-bad-char": "The puzz.link data has an unexpected character '{char}' at position {position}.",
    "url-zero-clue": "The puzz.link data puts a 0 at {cell}; clues must be positive.",
    "url-number-too-large": "The number {number} is too large for a puzz.link URL (at most {max}).",
    "url-circles-only": "A {genre} board can only hold empty cells, white and black circles.",
    "url-numbers-only": "A {genre} board can only hold positive numbers and '?'.",
    "url-unsupported": "puzz.link genre '{pid}' is not one I can read; I read {pids} URLs.",
    # -- verdicts -----------------------------------------------------------------------------------
    "no-solution": "This puzzle has no solution.",
    "clue-impossible": "The clue at {cell} cannot hold on this board. Check it for a typo.",
    "clues-conflict-many": "These {count} clues, marked on the picture, cannot all hold together. Check them for a typo.",
    "clues-conflict": "These {count} clues cannot hold together: {cells}. Check them for a typo.",
    "timeout": "The solver ran out of time ({seconds} s) before it could settle this board.",
    # -- pictures (bot/pictures.py: the title strip of a result picture) ------------------------------
    "picture-title": "{genre} {rows}×{cols} · {verdict}",
    "verdict-unique": "unique solution",
    "verdict-solved": "a solution",
    "verdict-timeout-solution": "a checked solution (uniqueness not settled in time)",
    "verdict-multiple": "not unique: two solutions, differences highlighted",
    "verdict-multiple-one": "not unique: one of several solutions",
    "verdict-none": "no solution",
    "verdict-invalid": "invalid puzzle",
    "verdict-timeout": "time limit reached",
    "verdict-error": "internal error",
    "verdict-marked": " (see the marked cells)",
    # -- the bot (chat texts; was bot/messages.py) -----------------------------------------------------
    "start": "Hi! I solve pencil puzzles: {titles}.\n"
             "Send me a board as text, a puzz.link URL, a .txt file or a picture of the grid (a screenshot "
             "or photo) and I reply with a picture of the solution and a verdict (unique, several "
             "solutions, no solution).",
    "start_console": "Hi! I solve pencil puzzles: {titles}.\n"
                     "Paste a board as text (ending it with an empty line), a puzz.link URL or a picture "
                     "file's path (a screenshot or photo) and I answer with a picture of the solution, saved "
                     "to a file, and a verdict (unique, several solutions, no solution).",
    "help_howto": "How to send a board:\n"
                  "• in a private chat, just paste it (one row per line);\n"
                  "• in a group, write /solve followed by the board, or reply /solve to a message holding one;\n"
                  "• puzz.link URLs and .txt files work too;\n"
                  "• so does a picture of the grid (a screenshot or photo: PNG, JPEG, WebP): I show what I read, "
                  "then solve it;",
    "help_howto_console": "How to send a board:\n"
                          "• paste it (one row per line) and end it with an empty line, or write /solve and "
                          "the board on the lines below it;\n"
                          "• puzz.link URLs work too;\n"
                          "• so does a picture of the grid (a screenshot or photo: PNG, JPEG, WebP): send it with "
                          "/image PATH or paste the file's path; I show what I read, then solve it;",
    "help_genres": "• {commands} force the genre.",
    "help_genres_variants": "• {commands} force the genre; {variants}.",
    "help_examples": "Examples (one per genre):",
    "help_commands": "Commands:",
    "cmd_start": "what this bot does",
    "cmd_help": "how to send a board, with examples",
    "cmd_solve": "solve a board: /solve <board or puzz.link URL>",
    "cmd_genre": "solve {genre} boards",
    "cmd_genre_variants": "solve {genre} boards; {variants}",
    "cmd_spoiler": "pictures behind a spoiler here: /spoiler on|off",
    "cmd_spoiler_console": "",  # (pictures here are files: /spoiler only says so; left out of /help)
    "no_board": "Send the board after the command (one row per line), or reply with {command} to a message holding it.",
    "no_board_console": "Write the board on the lines below {command} (one row per line) and end it with an empty line.",
    "unknown_command": "I don't know /{command}. See /help.",
    "ask_genre": "This board could be {options}. Which genre is it?",
    "choice_expired": "That question has expired: please send the board again.",
    "queued": "Your board is #{position} in the queue; the picture follows shortly.",
    "queue_full": "Sorry, I am solving too many boards right now. Please try again in a minute.",
    "user_busy": "You already have {count} boards waiting. Please wait for their answers before sending more.",
    "worker_crashed": "Sorry, the solver stopped while working on your board, so there is no answer for it. "
                      "Other boards are not affected; you may try again.",
    "worker_killed": "Sorry, your board took far too long and was stopped (limit {limit:g} s).",
    "solver_unavailable": "Sorry, the solver is temporarily unavailable, so I cannot solve your board now. "
                          "Please try again in a few minutes.",
    "bot_restarting": "Sorry, the bot is restarting, so your board was not solved. Please send it again in a minute.",
    "board_too_large": "Sorry, this board is too large for me: solving it needs more memory than I may use. "
                       "Try a smaller board.",
    "internal_error": "Sorry, something went wrong on my side. The problem has been logged.",
    "verdict_unique": "unique solution ✓",
    "verdict_solved": "solved",
    "verdict_multiple": "several solutions (two shown, differences marked)",
    "verdict_none": "no solution",
    "verdict_timeout": "not decided within {limit:g} s",
    "verdict_invalid": "the board breaks the rules",
    "verdict_error": "internal error",
    "caption_head": "{genre} {rows}×{cols}: {verdict}",
    "caption_rule": "Rule: {rule}.",
    "caption_time": "Solved in {seconds} s",
    "caption_time_cached": "Solved in {seconds} s (from cache)",
    "caption_play": "Play: {url}",
    "caption_why": "Why: {reason}",
    "none_reason": "No answer keeps every rule with these givens, and no small set of clues stands out as the cause: check the board for a typo.",
    "verdict_timeout_solution": "a solution, uniqueness not settled",
    "timeout_solution": "This solution is right; whether it is the only one was not settled in {limit:g} s.",
    "timeout_hint": "The board may be too large or too open. Try a smaller board, or check it for typos.",
    "spoiler_state": "Solution pictures in this chat are {state} a spoiler.",
    "spoiler_on": "behind",
    "spoiler_off": "not behind",
    "spoiler_usage": "Use /spoiler on or /spoiler off.",
    "admins_only": "Only the group's administrators can change that.",
    "document_too_big": "That file is too large for a board ({size} bytes; at most {limit}).",
    "document_unreadable": "I could not read this file as text ({reason}). Send the board as a plain .txt file "
                           "(UTF-8, UTF-16, Shift-JIS or EUC-JP), one board row per line, or paste it as a message.",
    "document_binary": "it looks like a binary file, such as a picture or an archive",
    "document_encoding": "its characters are in an encoding I do not know",
    "misspelt_genre": "'{word}' on the first line is no genre name I know: did you mean {genre} ('{name}')?",
    "parse_hint": "/help shows an example board for each genre.",
    "not_a_board": "I read boards as text, puzz.link URLs, .txt files or pictures of the grid (PNG, JPEG, WebP); "
                   "this message has none of those.",
    "image_usage": "Send a picture of a board with /image PATH (a PNG, JPEG or WebP file).",
    "image_cannot_open": "I could not open {path}: {reason}.",
    "image_read": "I read this board from your picture (copy it, fix a cell and send it back if anything is off):",
    "image_unsure": "I read this board from your picture, but I am not sure of {count:# cell|# cells}: {which}. Send the "
                    "board back with those cells fixed, or press \"{button}\" to solve it as it is.",
    "image_size_unsure": "I read a {rows}x{cols} board from your picture, but its lines are faint, so I may have "
                         "counted the rows or columns wrong. Check the board below: send it back fixed, or press "
                         "\"{button}\" to solve it as it is.",
    "image_cell": "row {row}, column {col}: read {token}",
    "image_cell_or": "row {row}, column {col}: read {token} (or {alternatives})",
    "image_misread": "A puzzle from a picture should have exactly one solution, so I may have misread a cell: "
                     "compare the board above with your picture, and send it back fixed if anything is off.",
    "image_solve_as_read": "Solve as read",
    "image_unreadable": "I could not read a board in that picture: {reason}",
    "image_too_big": "That picture is too large ({size} MB; at most {limit} MB). Send a smaller screenshot or photo.",
    "image_timeout": "Reading that picture took too long: it is a large one. Send a smaller screenshot or photo of "
                     "just the grid.",
    "image_timeout_busy": "Reading that picture took too long because I am busy right now; the picture is not "
                          "the problem. Send it again in a minute.",
    "image_timeout_hard": "Reading that picture took too long. Send a sharper screenshot or photo of just the grid, "
                          "straight on.",
    "image_why_too-large": "the file is too large; send a picture of at most {limit} MB.",
    "image_why_not-an-image": "the file is not a picture I can open; send a PNG, JPEG or WebP screenshot or photo.",
    "image_why_too-many-pixels": "it has too many pixels; send a smaller picture.",
    "image_why_too-small": "it is too small to read; send a larger screenshot or photo.",
    "image_why_blank": "it looks empty; send a screenshot or photo of the puzzle's grid.",
    "image_why_no-grid": "I could not find a puzzle grid in it; send a straight, sharp screenshot or photo with "
                         "the whole grid in view.",
    "image_why_grid-size": "the grid I found is no board size I read (5x5 to 40x40 cells).",
    "image_why_unclear": "I found a grid but could not make out most of its cells; send a sharper, better lit "
                         "picture taken straight on.",
    "image_why_no-clues": "I found a grid but no circles or numbers in it.",
    "image_why_small-board": "I found a grid, but it is too small in the picture to read (a few pixels a cell); take "
                             "the photo closer, or zoom in before taking the screenshot, so the grid fills most of "
                             "the picture.",
    "console_hello": "puzzlebot console chat. Paste a board and end it with an empty line; /help for help; "
                     "Ctrl-D or /quit to quit.",
    "console_choose": "Answer with a number or a name:",
    "console_choose_range": "Answer with a number from 1 to {count} (or a name from the list), or paste another board.",
    "console_picture": "Picture: {path}",
    "console_bye": "Bye.",
    "console_spoiler": "The console saves every picture to a file, so nothing is hidden here. /spoiler on|off is "
                       "for Telegram and Discord chats: it puts solution pictures behind a spoiler there "
                       "(by default in groups, not in private chats).",
    # -- the daily puzzle (was bot/daily/texts.py) ---------------------------------------------------
    "cmd_daily": "today's puzzle: /daily [genre] [easy|medium|hard]",
    "cmd_solution": "the daily puzzle's solution (behind a spoiler)",
    "cmd_solution_console": "the daily puzzle's solution (its picture saved to a file)",
    "cmd_hint": "one more cell of the daily puzzle",
    "cmd_stats": "your streak and today's leaderboard",
    "cmd_answer": "answer the daily puzzle: /answer <grid> (or reply to the post)",
    "cmd_answer_console": "answer the daily puzzle: /answer <grid>",
    "cmd_subscribe": "daily puzzle every day: /subscribe [genre|mix] [easy|medium|hard] [HH:MM]",
    "cmd_subscribe_console": "daily puzzle every day while this chat is open: "
                             "/subscribe [genre|mix] [easy|medium|hard] [HH:MM]",
    "cmd_unsubscribe": "stop the daily puzzle: /unsubscribe [genre]",
    "daily_date": "{date:%a %d %b %Y}",
    "daily_caption": "🧩 Daily {genre} · {date}\n{rows}×{cols} · {difficulty}{play}\n"
                     "Reply to this picture with your answer, one line per row: {notation}.\n"
                     "/hint for a hint, /solution for the answer, /stats for the leaderboard.",
    "daily_caption_console": "🧩 Daily {genre} · {date}\n{rows}×{cols} · {difficulty}{play}\n"
                             "Answer with /answer and the solved grid on the lines below it, then an empty line; "
                             "one line per row: {notation}.\n/hint for a hint, /solution for the answer, "
                             "/stats for the leaderboard.",
    "daily_play": "\nPlay online: {url}",
    "daily_making_now": "Making today's {genre} ({difficulty}) now, one moment…",
    "daily_preparing": "Today's {genre} ({difficulty}) is still being prepared. Try again in a minute.",
    "daily_not_made": "I could not make today's {genre} ({difficulty}) just now. Try again later, or try "
                      "another genre or difficulty.",
    "daily_usage": "I did not understand {words}. Use /daily [genre] [easy|medium|hard], e.g. /daily {example} hard.",
    "daily_about": "({genre} {rows}×{cols}, {difficulty}) ",
    "daily_none_here": "There is no daily puzzle in this chat today yet: send /daily first, then reply to its picture.",
    "daily_none_here_for": "There is no daily puzzle in this chat today yet, so nothing to /{command}: "
                           "send /daily to get today's puzzle, then /{command} again.",
    "daily_none_here_console": "There is no daily puzzle here today yet: send /daily first, then /answer with your grid.",
    "daily_solution": "Solution of the daily {genre} · {date} ({rows}×{cols}, {difficulty})",
    "daily_name": "{name}",
    "daily_name_unknown": "you",
    "daily_right": "✅ {name} solved it in {time}{hints}! #{rank} in this chat.",
    "daily_right_hints": " with {count:# hint|# hints}",
    "daily_already": "You already solved this one in {time}, {name}.",
    "daily_wrong": "❌ Not right yet, {name}: {reason}",
    "daily_unreadable": "🤔 I could not read that as an answer: {reason}\n"
                        "Write the solved grid, one line per row: {notation}.",
    "daily_no_answer": "Write your answer after /answer, one line per row: {notation}.",
    "daily_hint": "💡 Hint {number}/{total} for {name}: {text}",
    "daily_hint_solved": "You already solved it, {name}: no hint needed.",
    "daily_hint_none": "No hints left, {name}: every cell has been revealed.",
    "daily_stats_user": "📊 {name}: streak {streak:# day|# days}, best {best}, {total:# day|# days} solved.",
    "daily_stats_head": "Today in this chat:",
    "daily_stats_empty": "Nobody has played today's puzzle in this chat yet.",
    "daily_stats_solved": "{place}. {name} — {genre} {difficulty} — {time}, {hints:# hint|# hints}",
    "daily_stats_playing": "… {name} — {genre} {difficulty} — playing ({hints:# hint|# hints}, {wrong} wrong)",
    "daily_hint_private": "💡 {name}, I sent you hint {number}/{total} in a private message, so the others can still play fair.",
    "daily_right_unranked": "✅ {name} solved it in {time}{hints}, after seeing {seen}: not ranked.",
    "web_play_it": "▶ Play it",
    "web_board_solved": "Right! That is the solution.",
    "web_title_board": "{genre} · play it",
    "web_hint_text": "💡 Hint {number}/{total}: {text}",
    "web_hint_none": "No more hints.",
    "web_play_private": "Your own link to play today's puzzle (it names you: do not share it):",
    "web_play": "▶ Play",
    "web_title": "{genre} · daily puzzle",
    "web_undo": "Undo",
    "web_redo": "Redo",
    "web_clear": "Clear",
    "web_check": "Check",
    "web_submit": "Submit",
    "web_mode_line": "Line",
    "web_mode_cross": "×",
    "web_mode_shade": "Shade",
    "web_mode_dot": "Dot",
    "web_mode_mark": "Mark",
    "web_mode_erase": "Erase",
    "web_hint": "Hint",
    "web_check_ok": "No broken rule so far.",
    "web_nothing_yet": "Nothing is filled in yet: put your answer on the board first.",
    "web_solved": "Solved! The chat has been told.",
    "web_already": "You had already solved it.",
    "web_not_signed": "Open this page from the bot's Play button to submit your answer.",
    "web_help_cell-loop": "Drag between cell centres to draw the line; drag over a line again to erase it.",
    "web_help_edge-loop": "Drag along the grid lines to draw the loop; tap an edge to cycle line / cross / nothing.",
    "web_help_shade": "Tap a cell to shade it, again for a dot, again to clear.",
    "web_help_mark": "Tap a cell to place a mark, again for a cross, again to clear.",
    "web_help_number": "Tap a cell, then type or tap a number.",
    "web_help_rect": "Drag from corner to corner to draw a rectangle; tap a rectangle to remove it.",
    "web_help_bridge": "Drag from island to island to add a bridge (a third time removes it).",
    "web_help_loop-shade": "Line: drag between cell centres to draw the loop. Shade: tap a cell to shade it, again for a dot, again to clear.",
    "web_rate_limited": "Too many tries in a short time: wait a minute.",
    "web_unknown_puzzle": "This puzzle does not exist (any more).",
    "web_link_invalid": "This link is not valid (any more).",
    "web_notice_title": "No puzzle here",
    "web_notice_help": "Open the puzzle again from its post in the chat (/daily shows today's).",
    "daily_seen_solution": "the solution",
    "daily_seen_hints": "hints given to others",
    "daily_stats_unranked": "– {name} — {genre} {difficulty} — {time}, {hints:# hint|# hints}, not ranked (after seeing {seen})",
    "daily_subscribed": "🗓 This chat now gets {what} every day at {time} ({zone}). /unsubscribe to stop.",
    "daily_what_genre": "the daily {genre} ({difficulty})",
    "daily_what_mix": "the daily puzzle (a different genre each day, {difficulty})",
    "daily_subscribed_note": "",  # (the console's says when its posts go out)
    "daily_subscribed_note_console": "The console chat posts only while it is running: keep it open at {time} to "
                                     "get the puzzle here, or ask for it any time with /daily.",
    "daily_subscribe_usage": "I did not understand {words}. Use /subscribe [genre|mix] [easy|medium|hard] [HH:MM], "
                             "e.g. /subscribe {example} hard 08:30.",
    "daily_unsubscribed": "Stopped {count:# daily subscription|# daily subscriptions} in this chat.",
    "daily_not_subscribed": "This chat has no daily subscription.",
    "daily_unavailable": "The daily puzzle is unavailable right now (its database cannot be opened). "
                         "Solving boards still works.",
    "daily_mix": "mix",
    "difficulty_easy": "easy",
    "difficulty_medium": "medium",
    "difficulty_hard": "hard",
    # -- the command line (English only) ----------------------------------------------------------------
    "cli-bad-json": "line {line} is not valid JSON ({error} at column {column})",
    "cli-cannot-read": "cannot read {file}: {reason}",
    "cli-cannot-write": "cannot write {file}: {reason}",
    "cli-parse-empty": "the argument is empty: give a file, a puzz.link URL, or - for standard input",
    "cli-parse-picture": "{file} is a picture: read its board with puzzlebot read-image {file}",
    "cli-parse-binary": "{file} is not text (it looks like a binary file, such as an archive): parse reads "
                        "a board typed as text, a puzz.link URL or a saved page",
    "cli-parse-picture-stdin": "the standard input is a picture: save it and read its board with "
                               "puzzlebot read-image FILE",
    "cli-verdict-not-record": "this is a verdict of puzzlebot solve, not a puzzle record (it has no 'grid'); "
                              "give the records themselves",
    "cli-no-solution": "the record has no 'solution' to draw (use --view puzzle)",
    "cli-solution-broken": "the record's 'solution' is not a solution of its board: {rule} "
                           "(use --view puzzle to draw the givens)",
    "cli-no-genre": "Name the genre: puzzlebot generate GENRE (or --genre GENRE).",
    "cli-image-other-genre": "the picture reads as {genre}, not {wanted}: leave out --genre to take it as "
                             "read, or name its genre",
    "cli-bad-size": "--size must look like 10x10 (rows x columns), not '{size}'",
    # -- end of the bot's section --------------------------------------------------------------------
}

# Words people type to the bot (difficulties, the daily "mix"), lower case -> what they mean.
UNDERSTANDS: dict[str, str] = {
    "easy": "easy", "e": "easy", "medium": "medium", "normal": "medium", "m": "medium",
    "hard": "hard", "h": "hard", "difficult": "hard",
    "mix": "mix", "mixed": "mix", "any": "mix", "random": "mix", "all": "mix",
}
