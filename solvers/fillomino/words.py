"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "fillomino-answer-help": "one number per cell, rows of digits (or numbers separated by spaces)",
    "fillomino-hint": "{cell} is in an area of {number}.",
    "fillomino-bad-number": "{cell} holds {number}: Fillomino givens are positive numbers.",
    "fillomino-too-big": "The {number} at {cell} is larger than the board ({area} cells).",
    "fillomino-answer-size": "The answer does not have the board's size.",
    "fillomino-blank": "{count:# cell has no number:|# cells have no number, e.g.} {cell}; every cell needs one.",
    "fillomino-given-changed": "{cell} is a given {number}; givens stay as they are.",
    "fillomino-area-big": "The area of {number}s at {cell} has {size} cells, more than {number}.",
    "fillomino-area-small": "The area of {number}s at {cell} has only {size:# cell|# cells}.",
    "fillomino-answer-token": "{cell} holds '{token}': write a positive number in every cell.",
    "fillomino-form-joined": "The givens {number} joined at {cell} make an area larger than {number}.",
    "fillomino-form-no-room": "The {number} at {cell} has no room for an area of {number} cells.",
    "fillomino-form-pairs": "Every number appears exactly twice: this looks like a Numberlink board.",
}

JA: dict[str, str] = {
    "genre-fillomino": "フィルオミノ",
    "fillomino-answer-help": "1 マス 1 つの数字（数字の列、または空白区切り）",
    "fillomino-hint": "{cell} は {number} のブロックに入ります。",
    "fillomino-bad-number": "{cell} の {number}：フィルオミノの数字は正の数です。",
    "fillomino-too-big": "{cell} の {number} は盤面（{area} マス）より大きいです。",
    "fillomino-answer-size": "答えの大きさが盤面と違います。",
    "fillomino-blank": "{count:{cell}のマスに数字がありません|{cell} など # マスに数字がありません}。すべてのマスに数字が必要です。",
    "fillomino-given-changed": "{cell} は問題の {number} です。問題の数字は変えられません。",
    "fillomino-area-big": "{cell} の {number} のブロックが {size} マスあり、{number} より多いです。",
    "fillomino-area-small": "{cell} の {number} のブロックが {size} マスしかありません。",
    "fillomino-answer-token": "{cell} の「{token}」：すべてのマスに正の数を書いてください。",
    "fillomino-form-joined": "{cell} でつながった {number} が {number} マスより大きいブロックになっています。",
    "fillomino-form-no-room": "{cell} の {number} には {number} マスのブロックを作る余地がありません。",
    "fillomino-form-pairs": "どの数字もちょうど 2 回ずつ現れます。ナンバーリンクの盤面のようです。",
}
