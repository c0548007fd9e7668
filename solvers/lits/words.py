"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "lits-read-help": "an empty grid of '.' and then, below it (or after '|' on each line), the same grid "
                      "with a room label (a letter or number) in every cell",
    "lits-read-clue": "{cell} holds '{token}', but a LITS board has no clues: write '.' there and give "
                      "the rooms as a second grid.",
    "lits-answer-help": "# for a shaded cell and . for an unshaded one",
    "lits-form-split": "The room at {cell} is in several pieces; every room must be one connected area.",
    "lits-form-small": "The room at {cell} has only {size:# cell|# cells}; a LITS room needs at least four.",
    "lits-given": "{cell} holds a clue; LITS boards have only rooms.",
    "lits-answer-size": "The answer must have {rows} rows of {cols} cells.",
    "lits-answer-symbol": "{cell} holds '{token}': write # for a shaded cell and . for an unshaded one.",
    "lits-four": "The room at {cell} has {count:# shaded cell|# shaded cells}; every room needs exactly four.",
    "lits-tetromino": "The four shaded cells of the room at {cell} are not connected.",
    "lits-square-piece": "The room at {cell} holds a 2x2 square; the piece must be an L, I, T or S.",
    "lits-same-shape": "Two {shape} pieces touch at {cell}; equal shapes may not share an edge.",
    "lits-block": "The 2x2 block at {cell} is all shaded.",
    "lits-connected": "The shaded cells are split: {count:one of them, {cell}, is|# of them, e.g. {cell}, are} cut off from the rest.",
    "lits-hint": "The room at {cell} holds the {shape} piece: {cells}.",
    "lits-room-no-piece": "No L, I, T or S fits in the room at {cell}.",
    "lits-room-stuck": "The room at {cell} has no place left for its piece once the rooms around it are settled "
                       "(no 2x2 shaded block, equal shapes never touching, all shaded cells connected).",
}

JA: dict[str, str] = {
    "genre-lits": "LITS",
    "lits-read-help": "'.' だけの盤面、その下に（または各行の '|' の後に）同じ大きさでブロックの記号（文字か数字）を書いた盤面",
    "lits-read-clue": "{cell} に '{token}' があります。LITS にヒントはありません。'.' を書き、ブロックは 2 つ目の盤面で示してください。",
    "lits-answer-help": "黒マスは #、白マスは .",
    "lits-form-split": "{cell} のブロックが分かれています。各ブロックはひとつながりである必要があります。",
    "lits-form-small": "{cell} のブロックは {size} マスしかありません。4 マス以上必要です。",
    "lits-given": "{cell} にヒントがあります。LITS の盤面はブロックだけです。",
    "lits-answer-size": "答えは {rows} 行 {cols} 列で書いてください。",
    "lits-answer-symbol": "{cell} の '{token}' は使えません。黒マスは #、白マスは . です。",
    "lits-four": "{cell} のブロックの黒マスは {count} 個です。ちょうど 4 個必要です。",
    "lits-tetromino": "{cell} のブロックの 4 つの黒マスがつながっていません。",
    "lits-square-piece": "{cell} のブロックが 2×2 の正方形です。L・I・T・S のいずれかにしてください。",
    "lits-same-shape": "{cell} で同じ形（{shape}）のピースが辺で接しています。",
    "lits-block": "{cell} の 2×2 がすべて黒マスです。",
    "lits-connected": "黒マスが分断されています。{count:{cell}のマスが|{cell} など # マスが}残りとつながっていません。",
    "lits-hint": "{cell} のブロックには {shape} が入ります（{cells}）。",
    "lits-room-no-piece": "{cell} のブロックには L・I・T・S のどれも入りません。",
    "lits-room-stuck": "{cell} のブロックは、周りのブロックが決まると（2×2 の黒マスなし、同じ形は接しない、"
                       "黒マスはすべてつながる）ピースを置く場所が残りません。",
}
