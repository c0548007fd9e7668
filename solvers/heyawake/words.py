"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "heyawake-answer-help": "# for a shaded cell, . for an unshaded one",
    "heyawake-symbols": "'.' or a number 0 and up (a room's count, in any cell of the room), then the rooms",
    "heyawake-answer-symbol": "{cell} holds '{token}': write # (shaded) or . (unshaded).",
    "heyawake-url-short": "The puzz.link URL gives only {got} of the {total} rooms of a {rows}x{cols} board: "
                          "it may have been cut short when copied.",
    "heyawake-shape": "A Heyawake board must be a rectangle of cells.",
    "heyawake-room-split": "The room at {cell} is not one connected area.",
    "heyawake-two-numbers": "{cell} and {other_cell} are in the same room and both hold a number.",
    "heyawake-number-too-big": "The {number} at {cell} cannot be: its room of {size:# cell|# cells} holds at most "
                               "{most:# shaded cell|# shaded cells} without two touching.",
    "heyawake-size": "The answer must cover the {rows} x {cols} board.",
    "heyawake-adjacent": "The shaded cells {cell} and {other_cell} touch.",
    "heyawake-split": "The unshaded cells are split: {count:one of them, {cell}, is|# of them, e.g. {cell}, are} cut off from the rest.",
    "heyawake-count": "The room of the {number} at {cell} has {got:# shaded cell|# shaded cells}.",
    "heyawake-run": "The unshaded cells from {cell} to {other_cell} cross two room borders.",
    "heyawake-hint-shade-white": "{cell} is unshaded: it touches a shaded cell.",
    "heyawake-hint-room-white": "{cell} is unshaded: its room has all its shaded cells.",
    "heyawake-hint-room-shaded": "{cell} is shaded: its room needs every other cell of that row or column.",
    "heyawake-hint-border-shaded": "{cell} is shaded: otherwise unshaded cells would run across two room borders.",
    "heyawake-hint-wall-white": "{cell} is unshaded: shading it would wall off some unshaded cells.",
    "heyawake-hint-trial-shaded": "{cell} is shaded: leaving it unshaded leads to a contradiction.",
    "heyawake-hint-trial-white": "{cell} is unshaded: shading it leads to a contradiction.",
    "heyawake-hint-shaded": "{cell} is shaded.",
}

JA: dict[str, str] = {
    "genre-heyawake": "へやわけ",
    "heyawake-answer-help": "黒マスは #、白マスは .",
    "heyawake-symbols": "'.' か 0 以上の数（部屋の黒マスの数。部屋のどのマスでも）、続けて部屋の区切り",
    "heyawake-answer-symbol": "{cell} の '{token}' は使えません。# （黒）か . （白）で書いてください。",
    "heyawake-url-short": "puzz.link の URL には {rows}×{cols} の盤面の {total} 部屋のうち {got} 部屋しかありません。"
                          "コピーの途中で切れたのかもしれません。",
    "heyawake-shape": "へやわけの盤は長方形にしてください。",
    "heyawake-room-split": "{cell} の部屋がつながっていません。",
    "heyawake-two-numbers": "{cell} と {other_cell} は同じ部屋で、どちらにも数があります。",
    "heyawake-number-too-big": "{cell} の {number} はありえません。{size} マスの部屋には、黒マスを隣り合わせずに"
                               "最大 {most} マスしか塗れません。",
    "heyawake-size": "答えは {rows}×{cols} の盤全体に書いてください。",
    "heyawake-adjacent": "黒マス {cell} と {other_cell} が隣り合っています。",
    "heyawake-split": "白マスが分断されています。{count:{cell}のマスが|{cell} など # マスが}残りとつながっていません。",
    "heyawake-count": "{cell} の {number} の部屋の黒マスは {got} 個です。",
    "heyawake-run": "{cell} から {other_cell} までの白マスが 2 つの部屋の境界をまたいでいます。",
    "heyawake-hint-shade-white": "{cell} は白マスです。黒マスに隣り合っています。",
    "heyawake-hint-room-white": "{cell} は白マスです。部屋の黒マスはもうそろっています。",
    "heyawake-hint-room-shaded": "{cell} は黒マスです。部屋の数には一つおきに全部黒が必要です。",
    "heyawake-hint-border-shaded": "{cell} は黒マスです。白マスが 2 つの境界をまたいでしまいます。",
    "heyawake-hint-wall-white": "{cell} は白マスです。黒にすると白マスが分断されます。",
    "heyawake-hint-trial-shaded": "{cell} は黒マスです。白にすると矛盾が起きます。",
    "heyawake-hint-trial-white": "{cell} は白マスです。黒にすると矛盾が起きます。",
    "heyawake-hint-shaded": "{cell} は黒マスです。",
}
