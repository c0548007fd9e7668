"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "nurikabe-answer-help": "one character per cell: # shaded, . unshaded (numbers stay unshaded)",
    "nurikabe-hint-shaded": "{cell} is shaded.",
    "nurikabe-hint-island": "{cell} belongs to the island of the {number} at {clue_cell}.",
    "nurikabe-hint-shaded-between": "{cell} is shaded: it touches two different islands, which must stay apart.",
    "nurikabe-hint-shaded-complete": "{cell} is shaded: it borders an island that already has all its cells.",
    "nurikabe-hint-shaded-unreachable": "{cell} is shaded: no island can reach it without growing past its number.",
    "nurikabe-hint-shaded-sea-cut": "{cell} is shaded: without it the shaded cells could not all join up.",
    "nurikabe-hint-shaded-count": "{cell} is shaded: the islands already have as many cells as their numbers add up to.",
    "nurikabe-hint-shaded-demand": "{cell} is shaded: the one island that could take it must also reach a 2x2 block "
                                   "that needs an unshaded cell, and it has too few cells left for both.",
    "nurikabe-hint-shaded-shape": "{cell} is shaded: in every shape the islands around it can still take, it stays "
                                  "outside them.",
    "nurikabe-hint-island-only-way": "{cell} belongs to the island of the {number} at {clue_cell}: it is the only way "
                                     "left for that island to grow.",
    "nurikabe-hint-island-link": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: unshaded "
                                 "cells next to it can reach a number only through here.",
    "nurikabe-hint-island-pool": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: shading it "
                                 "would make a 2x2 block of shaded cells.",
    "nurikabe-hint-island-count": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: every "
                                  "cell still open is needed to give the islands their sizes.",
    "nurikabe-hint-island-budget": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: it is "
                                   "too far from the shaded cells for the few still to be placed to reach it.",
    "nurikabe-hint-island-confine": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: shading "
                                    "it would shut an island in with fewer cells than its number.",
    "nurikabe-hint-island-demand": "{cell} is unshaded, part of the island of the {number} at {clue_cell}: shading "
                                   "it would cut off a 2x2 block that only one island can keep from being all shaded.",
    "nurikabe-hint-island-shape": "{cell} belongs to the island of the {number} at {clue_cell}: every shape that "
                                  "island can still take includes it.",
    "nurikabe-no-clues": "The board has no numbers: every Nurikabe island needs one.",
    "nurikabe-bad-number": "{cell} holds {number}: Nurikabe numbers are positive (or '?').",
    "nurikabe-too-many": "The islands need {total} cells, more than the board's {area}.",
    "nurikabe-answer-size": "The answer does not have the board's size.",
    "nurikabe-shaded-clue": "{cell} holds a number but is shaded; numbers always stay unshaded.",
    "nurikabe-shaded-split": "The shaded cells are split: {count:one of them, {cell}, is|# of them, e.g. {cell}, are} cut off from the rest.",
    "nurikabe-pool": "The 2x2 block at {cell} is all shaded.",
    "nurikabe-island-no-clue": "The island of unshaded cells at {cell} holds no number.",
    "nurikabe-island-clues": "The numbers at {cell} and {other_cell} are in one island.",
    "nurikabe-island-size": "The island of the {number} at {cell} has {size:# cell|# cells}, not {number}.",
    "nurikabe-answer-token": "{cell} holds '{token}': write # for shaded and . for unshaded cells.",
    "nurikabe-form-touching": "The numbers at {cell} and {other_cell} touch; Nurikabe numbers are in different islands.",
}

JA: dict[str, str] = {
    "genre-nurikabe": "ぬりかべ",
    "nurikabe-answer-help": "1 マス 1 文字：# が黒マス、. が白マス（数字のマスは白）",
    "nurikabe-hint-shaded": "{cell} は黒マスです。",
    "nurikabe-hint-island": "{cell} は {clue_cell} の {number} の島に入ります。",
    "nurikabe-hint-shaded-between": "{cell} は黒マスです。異なる 2 つの島に接していて、島どうしはつながれません。",
    "nurikabe-hint-shaded-complete": "{cell} は黒マスです。隣の島はすでに数字の分のマスがそろっています。",
    "nurikabe-hint-shaded-unreachable": "{cell} は黒マスです。どの島も数字より大きくならずにここまで届きません。",
    "nurikabe-hint-shaded-sea-cut": "{cell} は黒マスです。ここが白だと黒マスがひとつにつながれません。",
    "nurikabe-hint-shaded-count": "{cell} は黒マスです。島のマス数はすでに数字の合計に達しています。",
    "nurikabe-hint-shaded-demand": "{cell} は黒マスです。ここに届く唯一の島は、白マスが必要な 2x2 にも届かなければならず、"
                                   "両方をまかなうマスが足りません。",
    "nurikabe-hint-shaded-shape": "{cell} は黒マスです。周りの島がまだ取りうるどの形でも、このマスは島の外になります。",
    "nurikabe-hint-island-only-way": "{cell} は {clue_cell} の {number} の島に入ります。その島が広がれる場所はここしか"
                                     "残っていません。",
    "nurikabe-hint-island-link": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。隣の白マスが数字に"
                                 "つながるには、ここを通るしかありません。",
    "nurikabe-hint-island-pool": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。黒にすると 2x2 の黒マスが"
                                 "できてしまいます。",
    "nurikabe-hint-island-count": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。島の大きさをそろえるには、"
                                  "残りのマスがすべて必要です。",
    "nurikabe-hint-island-budget": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。残りの黒マスの数では、"
                                   "黒マスからここまで届きません。",
    "nurikabe-hint-island-confine": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。黒にすると、ある島が"
                                    "数字より少ないマスに閉じ込められます。",
    "nurikabe-hint-island-demand": "{cell} は白マスで、{clue_cell} の {number} の島に入ります。黒にすると、1 つの島しか"
                                   "白マスを置けない 2x2 がその島から切り離されます。",
    "nurikabe-hint-island-shape": "{cell} は {clue_cell} の {number} の島に入ります。その島がまだ取りうるどの形にも"
                                  "このマスが含まれます。",
    "nurikabe-no-clues": "盤面に数字がありません。ぬりかべの島には数字が 1 つ必要です。",
    "nurikabe-bad-number": "{cell} の {number}：ぬりかべの数字は正の数（または ?）です。",
    "nurikabe-too-many": "島に {total} マス必要ですが、盤面は {area} マスしかありません。",
    "nurikabe-answer-size": "答えの大きさが盤面と違います。",
    "nurikabe-shaded-clue": "{cell} は数字のマスですが黒く塗られています。数字のマスは白のままです。",
    "nurikabe-shaded-split": "黒マスが分断されています。{count:{cell}のマスが|{cell} など # マスが}残りとつながっていません。",
    "nurikabe-pool": "{cell} を左上とする 2x2 がすべて黒マスです。",
    "nurikabe-island-no-clue": "{cell} の白マスの島に数字がありません。",
    "nurikabe-island-clues": "{cell} と {other_cell} の数字が同じ島に入っています。",
    "nurikabe-island-size": "{cell} の {number} の島が {size} マスになっています。",
    "nurikabe-answer-token": "{cell} の「{token}」：黒マスは #、白マスは . で書いてください。",
    "nurikabe-form-touching": "{cell} と {other_cell} の数字が隣り合っています。ぬりかべの数字は別々の島に入ります。",
}
