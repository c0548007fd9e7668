"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "masyu-answer-help": "draw the loop with ─ │ ┌ ┐ └ ┘ and · for an empty cell",
    "masyu-hint": "{cell} is {symbol}: the line goes {dirs}.",
    # the engine's gate
    "masyu-bad-cell": "Row {row}, column {col} holds {value}; Masyu cells are empty, white or black pearls.",
    # the checker (line-off-board and line-mismatch are the catalogue's generic line codes)
    "masyu-format": "A Masyu solution must be {{'loop': [rows of connection masks]}}.",
    "masyu-dead-end": "The loop stops at {cell}.",
    "masyu-branch": "The loop branches or crosses at {cell}.",
    "masyu-white-unvisited": "The loop does not pass the white pearl at {cell}.",
    "masyu-black-unvisited": "The loop does not pass the black pearl at {cell}.",
    "masyu-white-straight": "The loop must go straight through the white pearl at {cell}.",
    "masyu-white-turn": "The loop must turn in a cell next to the white pearl at {cell}, "
                        "but goes straight on both sides.",
    "masyu-black-turn": "The loop must turn on the black pearl at {cell}.",
    "masyu-black-straight": "After the black pearl at {cell} the loop must go straight through {next_cell}.",
    "masyu-no-loop": "No loop is drawn.",
    "masyu-single-loop": "The drawing has {count} separate pieces; Masyu needs exactly one loop.",
}

JA: dict[str, str] = {
    "genre-masyu": "ましゅ",
    "masyu-answer-help": "ループを ─ │ ┌ ┐ └ ┘ で、線のないマスは · で",
    "masyu-hint": "{cell} は {symbol}（{dirs}へ線）です。",
    "masyu-bad-cell": "{row} 行 {col} 列の値 {value} は使えません。ましゅのマスは空白・白丸・黒丸です。",
    "masyu-format": "ましゅの解答は {{'loop': [接続マスクの行]}} の形にしてください。",
    "masyu-dead-end": "{cell} で線が途切れています。",
    "masyu-branch": "{cell} で線が分岐または交差しています。",
    "masyu-white-unvisited": "{cell} の白丸を線が通っていません。",
    "masyu-black-unvisited": "{cell} の黒丸を線が通っていません。",
    "masyu-white-straight": "{cell} の白丸では線がまっすぐ通らなければなりません。",
    "masyu-white-turn": "{cell} の白丸の前後どちらかのマスで線が曲がらなければなりません。",
    "masyu-black-turn": "{cell} の黒丸では線が直角に曲がらなければなりません。",
    "masyu-black-straight": "{cell} の黒丸の隣 ({next_cell}) では線が曲がらずに直進しなければなりません。",
    "masyu-no-loop": "ループが描かれていません。",
    "masyu-single-loop": "線が {count} 個に分かれています。ループは 1 つでなければなりません。",
}
