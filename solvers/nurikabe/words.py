"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "nurikabe-answer-help": "one character per cell: # shaded, . unshaded (numbers stay unshaded)",
    "nurikabe-hint-shaded": "{cell} is shaded.",
    "nurikabe-hint-island": "{cell} belongs to the island of the {number} at {clue_cell}.",
    "nurikabe-no-clues": "The board has no numbers: every Nurikabe island needs one.",
    "nurikabe-bad-number": "{cell} holds {number}: Nurikabe numbers are positive (or '?').",
    "nurikabe-too-many": "The islands need {total} cells, more than the board's {area}.",
    "nurikabe-answer-size": "The answer does not have the board's size.",
    "nurikabe-shaded-clue": "{cell} holds a number but is shaded; numbers always stay unshaded.",
    "nurikabe-shaded-split": "The shaded cells are split: {count} of them, e.g. {cell}, are cut off from the rest.",
    "nurikabe-pool": "The 2x2 block at {cell} is all shaded.",
    "nurikabe-island-no-clue": "The island of unshaded cells at {cell} holds no number.",
    "nurikabe-island-clues": "The numbers at {cell} and {other_cell} are in one island.",
    "nurikabe-island-size": "The island of the {number} at {cell} has {size} cells.",
    "nurikabe-answer-token": "{cell} holds '{token}': write # for shaded and . for unshaded cells.",
    "nurikabe-form-touching": "The numbers at {cell} and {other_cell} touch; Nurikabe numbers are in different islands.",
}

JA: dict[str, str] = {
    "genre-nurikabe": "ぬりかべ",
    "nurikabe-answer-help": "1 マス 1 文字：# が黒マス、. が白マス（数字のマスは白）",
    "nurikabe-hint-shaded": "{cell} は黒マスです。",
    "nurikabe-hint-island": "{cell} は {clue_cell} の {number} の島に入ります。",
    "nurikabe-no-clues": "盤面に数字がありません。ぬりかべの島には数字が 1 つ必要です。",
    "nurikabe-bad-number": "{cell} の {number}：ぬりかべの数字は正の数（または ?）です。",
    "nurikabe-too-many": "島に {total} マス必要ですが、盤面は {area} マスしかありません。",
    "nurikabe-answer-size": "答えの大きさが盤面と違います。",
    "nurikabe-shaded-clue": "{cell} は数字のマスですが黒く塗られています。数字のマスは白のままです。",
    "nurikabe-shaded-split": "黒マスが分断されています。{cell} など {count} マスが残りとつながっていません。",
    "nurikabe-pool": "{cell} を左上とする 2x2 がすべて黒マスです。",
    "nurikabe-island-no-clue": "{cell} の白マスの島に数字がありません。",
    "nurikabe-island-clues": "{cell} と {other_cell} の数字が同じ島に入っています。",
    "nurikabe-island-size": "{cell} の {number} の島が {size} マスになっています。",
    "nurikabe-answer-token": "{cell} の「{token}」：黒マスは #、白マスは . で書いてください。",
    "nurikabe-form-touching": "{cell} と {other_cell} の数字が隣り合っています。ぬりかべの数字は別々の島に入ります。",
}
