"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "yinyang-answer-help": "W or B for every cell",
    "yinyang-hint-black": "{cell} is black ●.",
    "yinyang-hint-white": "{cell} is white ○.",
    # the engine's gate
    "yinyang-bad-cell": "Row {row}, column {col} holds '{value}': Yin-Yang cells are empty, W or B.",
    "yinyang-white-2x2-given": "The given circles at rows {top}-{bottom}, columns {left}-{right} form a 2x2 "
                               "block of white, which the rules forbid.",
    "yinyang-black-2x2-given": "The given circles at rows {top}-{bottom}, columns {left}-{right} form a 2x2 "
                               "block of black, which the rules forbid.",
    # the checker
    "yinyang-format": 'A Yin-Yang answer is {{"colors": [one string of W/B per row]}}.',
    "yinyang-row-count": "The answer has {got:# row|# rows}, the board has {rows}.",
    "yinyang-row-length": "Row {row} of the answer has {got:# cell|# cells}, the board has {cols} columns.",
    "yinyang-not-colour": "Row {row}, column {col} of the answer is '{token}': every cell must be W or B.",
    "yinyang-white-given": "Row {row}, column {col} has a given white circle but is coloured otherwise.",
    "yinyang-black-given": "Row {row}, column {col} has a given black circle but is coloured otherwise.",
    "yinyang-white-2x2": "Rows {top}-{bottom}, columns {left}-{right} form a 2x2 block of white.",
    "yinyang-black-2x2": "Rows {top}-{bottom}, columns {left}-{right} form a 2x2 block of black.",
    "yinyang-white-split": "The white cells are split into {count} separate areas (one of them contains {cell}).",
    "yinyang-black-split": "The black cells are split into {count} separate areas (one of them contains {cell}).",
    # answers typed in chat
    "yinyang-no-colour": "Row {row}, column {col} has no colour: write W or B for every cell.",
    "yinyang-not-a-colour": "'{token}' at {cell} is not a colour: write W (white, ○) or B (black, ●).",
    # the generator
    "yinyang-colouring-failed": "Could not build a {rows}x{cols} Yin-Yang colouring in time.",
}

JA: dict[str, str] = {
    "genre-yinyang": "しろまるくろまる",
    "yinyang-answer-help": "すべてのマスに W（白）か B（黒）",
    "yinyang-hint-black": "{cell} は黒 ● です。",
    "yinyang-hint-white": "{cell} は白 ○ です。",
    "yinyang-bad-cell": "{row} 行 {col} 列の '{value}' は使えません。しろまるくろまるのマスは空・W・B です。",
    "yinyang-white-2x2-given": "{top}-{bottom} 行 {left}-{right} 列の与えられた丸が白の 2x2 になっていて、ルール違反です。",
    "yinyang-black-2x2-given": "{top}-{bottom} 行 {left}-{right} 列の与えられた丸が黒の 2x2 になっていて、ルール違反です。",
    "yinyang-format": 'しろまるくろまるの答えは {{"colors": [各行の W/B 文字列]}} の形です。',
    "yinyang-row-count": "答えは {got} 行ですが、盤面は {rows} 行です。",
    "yinyang-row-length": "答えの {row} 行目は {got} マスですが、盤面は {cols} 列です。",
    "yinyang-not-colour": "答えの {row} 行 {col} 列が '{token}' です。すべてのマスを W か B にしてください。",
    "yinyang-white-given": "{row} 行 {col} 列は白丸が与えられていますが、違う色になっています。",
    "yinyang-black-given": "{row} 行 {col} 列は黒丸が与えられていますが、違う色になっています。",
    "yinyang-white-2x2": "{top}-{bottom} 行 {left}-{right} 列が白の 2x2 になっています。",
    "yinyang-black-2x2": "{top}-{bottom} 行 {left}-{right} 列が黒の 2x2 になっています。",
    "yinyang-white-split": "白のマスが {count} つに分かれています({cell}を含む部分など)。",
    "yinyang-black-split": "黒のマスが {count} つに分かれています({cell}を含む部分など)。",
    "yinyang-no-colour": "{row} 行 {col} 列 に色がありません。すべてのマスに W か B を書いてください。",
    "yinyang-not-a-colour": "{cell} の '{token}' は色ではありません。W (白 ○) か B (黒 ●) を書いてください。",
    "yinyang-colouring-failed": "{rows}x{cols} のしろまるくろまるの塗り分けを時間内に作れませんでした。",
}
