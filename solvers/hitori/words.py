"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "hitori-read-help": "numbers, one in every cell (1, 2, 3...; single letters a-z stand for 10-35 "
                        "when each row is written without spaces)",
    "hitori-answer-help": "# for a shaded cell and . for an unshaded one",
    "hitori-form-empty": "The board is empty; Hitori needs a number in every cell.",
    "hitori-form-ragged": "Row {row} has {got:# cell|# cells}, the first row {cols}.",
    "hitori-form-number": "{cell} holds {number}; every Hitori cell needs a number from 1 to {max}.",
    "hitori-url-number": "puzz.link URLs can hold Hitori numbers up to {max} only.",
    "hitori-answer-size": "The answer must have {rows} rows of {cols} cells.",
    "hitori-adjacent": "Two shaded cells touch at {cell}.",
    "hitori-repeat": "The number {number} appears more than once among the unshaded cells of one line: {cells}.",
    "hitori-crowded-row": "Row {row} holds the number {number} {count} times: at most one may stay unshaded, "
                          "and shading the others always makes two shaded cells touch in that row.",
    "hitori-crowded-column": "Column {column} holds the number {number} {count} times: at most one may stay "
                             "unshaded, and shading the others always makes two shaded cells touch in that column.",
    "hitori-connected": "The unshaded cells are split: {count:one of them, {cell}, is|# of them, e.g. {cell}, are} cut off from the rest.",
    "hitori-answer-symbol": "{cell} holds '{token}': write # for a shaded cell and . for an unshaded one.",
    "hitori-hint-shaded": "{cell} is shaded.",
    "hitori-hint-unshaded": "{cell} stays unshaded.",
    "hitori-hint-sandwich": "{cell} stays unshaded: it lies between the two {number}s at {first_cell} and "
                            "{second_cell}, and one of them must be shaded, which its neighbours may not be.",
    "hitori-hint-pair": "{cell} is shaded: the two {number}s side by side at {first_cell} and {second_cell} cannot "
                        "both be shaded, so one of them stays and no other {number} in that line may.",
}

JA: dict[str, str] = {
    "genre-hitori": "ひとりにしてくれ",
    "hitori-read-help": "すべて数字（1, 2, 3…。行を空白なしで書くときは a〜z が 10〜35）",
    "hitori-answer-help": "黒マスは #、白マスは .",
    "hitori-form-empty": "盤面が空です。ひとりにしてくれは全マスに数字が必要です。",
    "hitori-form-ragged": "{row} 行目は {got} マスですが、1 行目は {cols} マスです。",
    "hitori-form-number": "{cell} の {number} は使えません。各マスには 1〜{max} の数字が必要です。",
    "hitori-url-number": "puzz.link の URL に書ける数字は {max} までです。",
    "hitori-answer-size": "答えは {rows} 行 {cols} 列で書いてください。",
    "hitori-adjacent": "{cell} で黒マスが隣り合っています。",
    "hitori-repeat": "同じ行か列の白マス {cells} に、数字 {number} が重なっています。",
    "hitori-crowded-row": "{row} 行目には {number} が {count} 個あります。白マスに残せるのは 1 つだけですが、"
                          "ほかを黒にすると必ずその行で黒マスが隣り合います。",
    "hitori-crowded-column": "{column} 列目には {number} が {count} 個あります。白マスに残せるのは 1 つだけですが、"
                             "ほかを黒にすると必ずその列で黒マスが隣り合います。",
    "hitori-connected": "白マスが分断されています。{count:{cell}のマスが|{cell} など # マスが}残りとつながっていません。",
    "hitori-answer-symbol": "{cell} の '{token}' は使えません。黒マスは #、白マスは . です。",
    "hitori-hint-shaded": "{cell} は黒マスです。",
    "hitori-hint-unshaded": "{cell} は白マスのままです。",
    "hitori-hint-sandwich": "{cell} は白マスです。{first_cell} と {second_cell} の {number} に挟まれていて、"
                            "そのどちらかが黒マスになるので、隣の {cell} は黒にできません。",
    "hitori-hint-pair": "{cell} は黒マスです。{first_cell} と {second_cell} に {number} が並んでいて両方は黒にできないので、"
                        "どちらかが白マスとして残り、同じ列（行）のほかの {number} は黒になります。",
}
