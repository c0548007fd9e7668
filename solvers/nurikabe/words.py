"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "nurikabe-answer-help": "one character per cell: # shaded, . unshaded (numbers stay unshaded)",
    "nurikabe-hint-shaded": "{cell} is shaded.",
    "nurikabe-hint-island": "{cell} belongs to the island of the {number} at {clue}.",
    "nurikabe-no-clues": "The board has no numbers: every Nurikabe island needs one.",
    "nurikabe-bad-number": "{cell} holds {number}: Nurikabe numbers are positive (or '?').",
    "nurikabe-too-many": "The islands need {total} cells, more than the board's {area}.",
    "nurikabe-answer-size": "The answer does not have the board's size.",
    "nurikabe-shaded-clue": "A numbered cell is shaded; numbers always stay unshaded.",
    "nurikabe-shaded-split": "The shaded cells are not all connected.",
    "nurikabe-pool": "A 2x2 block is all shaded.",
    "nurikabe-island-no-clue": "An island of unshaded cells holds no number.",
    "nurikabe-island-clues": "An island holds more than one number.",
    "nurikabe-island-size": "The island of a {number} has {size} cells.",
    "nurikabe-answer-token": "{cell} holds '{token}': write # for shaded and . for unshaded cells.",
    "nurikabe-form-touching": "The numbers at {cell} and {other} touch; Nurikabe numbers are in different islands.",
}

JA: dict[str, str] = {
    "genre-nurikabe": "ぬりかべ",
    "nurikabe-answer-help": "1 マス 1 文字：# が黒マス、. が白マス（数字のマスは白）",
    "nurikabe-hint-shaded": "{cell} は黒マスです。",
    "nurikabe-hint-island": "{cell} は {clue} の {number} の島に入ります。",
    "nurikabe-no-clues": "盤面に数字がありません。ぬりかべの島には数字が 1 つ必要です。",
    "nurikabe-bad-number": "{cell} の {number}：ぬりかべの数字は正の数（または ?）です。",
    "nurikabe-too-many": "島に {total} マス必要ですが、盤面は {area} マスしかありません。",
    "nurikabe-answer-size": "答えの大きさが盤面と違います。",
    "nurikabe-shaded-clue": "数字のマスが黒く塗られています。数字のマスは白のままです。",
    "nurikabe-shaded-split": "黒マスがひとつながりになっていません。",
    "nurikabe-pool": "2x2 の黒マスの固まりがあります。",
    "nurikabe-island-no-clue": "数字を含まない白マスの島があります。",
    "nurikabe-island-clues": "数字を 2 つ以上含む島があります。",
    "nurikabe-island-size": "{number} の島が {size} マスになっています。",
    "nurikabe-answer-token": "{cell} の「{token}」：黒マスは #、白マスは . で書いてください。",
    "nurikabe-form-touching": "{cell} と {other} の数字が隣り合っています。ぬりかべの数字は別々の島に入ります。",
}
