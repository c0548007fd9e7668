"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "slitherlink-answer-help": "draw the loop on the dots, one line per row of dots, "
                               "with ─ │ ┌ ┐ └ ┘ and · for a dot the loop skips",
    "slitherlink-hint": "The dot at {dot_cell} (counting dots from the top left) is {symbol}: "
                        "the loop goes {dirs}.",
    "slitherlink-bad-clue": "{cell} holds {value}: Slitherlink cells hold '.' or a number 0-3.",
    "slitherlink-url-four": "The puzz.link data puts a 4 at {cell}; Slitherlink numbers are 0-3.",
    "slitherlink-url-char": "The puzz.link data has an unexpected character '{char}' at position {position}.",
    "slitherlink-url-genre": "This puzz.link URL ('{pid}') is not a Slitherlink puzzle.",
    "slitherlink-size": "The loop must be given on the {rows} x {cols} grid of dots.",
    "slitherlink-off-board": "The loop leaves the grid of dots at the dot at {dot_cell}.",
    "slitherlink-mismatch": "The line at the dot at {dot_cell} is not continued by the dot at {other_cell}.",
    "slitherlink-dead-end": "The loop ends at the dot at {dot_cell}.",
    "slitherlink-branch": "The loop branches at the dot at {dot_cell}.",
    "slitherlink-no-loop": "No loop is drawn.",
    "slitherlink-loops": "The lines form {count} separate loops, not one.",
    "slitherlink-clue": "The {clue} at {cell} has {got} sides on the loop.",
}

JA: dict[str, str] = {
    "genre-slitherlink": "スリザーリンク",
    "slitherlink-answer-help": "点の上にループを描く: 点の行ごとに 1 行、─ │ ┌ ┐ └ ┘ で、線の通らない点は ·",
    "slitherlink-hint": "{dot_cell} の点（左上から数えて）は {symbol}（{dirs}へ線）です。",
    "slitherlink-bad-clue": "{cell} の {value} は使えません。スリザーリンクのマスは '.' か 0〜3 の数です。",
    "slitherlink-url-four": "puzz.link のデータで {cell} が 4 です。スリザーリンクの数字は 0〜3 です。",
    "slitherlink-url-char": "puzz.link のデータの {position} 文字目 '{char}' は使えません。",
    "slitherlink-url-genre": "この puzz.link の URL ('{pid}') はスリザーリンクではありません。",
    "slitherlink-size": "ループは {rows}×{cols} の点の上に描いてください。",
    "slitherlink-off-board": "{dot_cell} の点で線が盤の外に出ています。",
    "slitherlink-mismatch": "{dot_cell} の点の線が {other_cell} の点につながっていません。",
    "slitherlink-dead-end": "{dot_cell} の点で線が途切れています。",
    "slitherlink-branch": "{dot_cell} の点で線が分岐しています。",
    "slitherlink-no-loop": "ループが描かれていません。",
    "slitherlink-loops": "線が 1 つのループではなく {count} 個のループになっています。",
    "slitherlink-clue": "{cell} の {clue} の周りでループが通る辺は {got} 本です。",
}
