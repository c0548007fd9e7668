"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "numberlink-answer-help": "draw the paths with ─ │ ┌ ┐ └ ┘, the number at each end, · for an empty cell",
    "numberlink-hint": "{cell} is {symbol}: the path goes {dirs}.",
    "numberlink-fill-help": "/numberlink fill: the Flow rule (every cell on a path)",
    "numberlink-fill-rule": "the Flow rule (every cell on a path)",
    # the board's form (genre detection)
    "numberlink-form-no-numbers": "There are no numbers on the board; Numberlink needs pairs of equal numbers.",
    "numberlink-form-once": "Number {number} appears once ({clue_cells}); "
                            "Numberlink needs each number exactly twice.",
    "numberlink-form-times": "Number {number} appears {times:once|# times} ({clue_cells}); "
                             "Numberlink needs each number exactly twice.",
    # the engine's gate
    "numberlink-unknown-clue": "{cell} holds a '?' clue; Numberlink boards with unknown numbers "
                               "are not supported.",
    "numberlink-bad-value": "{cell} holds {value}; Numberlink cells are empty or a positive number.",
    "numberlink-no-numbers": "The board has no numbers; Numberlink needs pairs of numbers to join.",
    "numberlink-once": "Number {number} appears once ({clue_cells}); Numberlink needs each number exactly twice.",
    "numberlink-times": "Number {number} appears {times:once|# times} ({clue_cells}); "
                        "Numberlink needs each number exactly twice.",
    # the checker
    "numberlink-off-board": "The line at {cell} leaves the board ({dir}).",
    "numberlink-mismatch": "The line at {cell} goes {dir} but {to_cell} does not connect back.",
    "numberlink-endpoint": "The number {number} at {cell} must be the end of exactly one line "
                           "(it has {count} connections).",
    "numberlink-dead-end": "A line stops at {cell}, which holds no number.",
    "numberlink-branch": "Lines branch or cross at {cell}.",
    "numberlink-fill": "The cell at {cell} is empty; under the Flow rule every cell is used.",
    "numberlink-wrong-pair": "The line from the {number} at {cell} ends at the {other} at {end_cell}.",
    "numberlink-stray-loop": "A closed loop through {cell} joins no numbers.",
}

JA: dict[str, str] = {
    "genre-numberlink": "ナンバーリンク",
    "numberlink-answer-help": "線を ─ │ ┌ ┐ └ ┘ で、端は数字、空きマスは · で",
    "numberlink-hint": "{cell} は {symbol}（{dirs}へ線）です。",
    "numberlink-fill-help": "/numberlink fill: Flow ルール（すべてのマスを線が通る）",
    "numberlink-fill-rule": "Flow ルール（すべてのマスを線が通る）",
    "numberlink-form-no-numbers": "盤面に数字がありません。ナンバーリンクには同じ数字のペアが必要です。",
    "numberlink-form-once": "数字 {number} が 1 回出てきます ({clue_cells})。ナンバーリンクでは各数字がちょうど 2 回必要です。",
    "numberlink-form-times": "数字 {number} が {times} 回出てきます ({clue_cells})。"
                             "ナンバーリンクでは各数字がちょうど 2 回必要です。",
    "numberlink-unknown-clue": "{cell}に '?' があります。数字が不明なナンバーリンクには対応していません。",
    "numberlink-bad-value": "{cell}の値 {value} は使えません。マスは空白か正の数です。",
    "numberlink-no-numbers": "盤面に数字がありません。ナンバーリンクには結ぶ数字のペアが必要です。",
    "numberlink-once": "数字 {number} が 1 回しかありません ({clue_cells})。ナンバーリンクでは各数字がちょうど 2 回必要です。",
    "numberlink-times": "数字 {number} が {times} 回あります ({clue_cells})。ナンバーリンクでは各数字がちょうど 2 回必要です。",
    "numberlink-off-board": "{cell} の線が盤面の外 ({dir}) に出ています。",
    "numberlink-mismatch": "{cell} の線は{dir}に伸びていますが、{to_cell}からつながっていません。",
    "numberlink-endpoint": "{cell} の数字 {number} からはちょうど 1 本の線が出なければなりません (今は {count} 本)。",
    "numberlink-dead-end": "{cell} (数字なし) で線が途切れています。",
    "numberlink-branch": "{cell} で線が分岐または交差しています。",
    "numberlink-fill": "{cell} が空いています。フロールールでは全マスを使います。",
    "numberlink-wrong-pair": "{cell} の {number} からの線が {end_cell} の {other} につながっています。",
    "numberlink-stray-loop": "{cell} を通る線は数字を結ばない閉じたループです。",
}
