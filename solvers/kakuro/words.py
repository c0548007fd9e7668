"""The genre's words: every message code it reports, in English and Japanese."""

EN: dict[str, str] = {
    "kakuro-answer-help": "the whole grid, clue cells included: a digit in every white cell, '.' in the black ones",
    "kakuro-read-help": "'.' a white cell, '#' a black cell, 'D\\R' a clue cell (down sum, right sum; "
                        "either may be left out: '17\\', '\\23')",
    "kakuro-hint-sets": "{cell} is {digit}: the sums of its runs leave only that digit.",
    "kakuro-hint-reveal": "{cell} is {digit}.",
    "kakuro-no-white": "The board has no white cells.",
    "kakuro-clue-no-run": "The clue at {cell} gives a {part} sum of {total}, but no white run starts there.",
    "kakuro-run-too-long": "The run from {cell} has {length} cells; a run holds at most 9 different digits.",
    "kakuro-impossible-sum": "The sum {total} at {cell} cannot be made from {length} different digits "
                             "({low} to {high}).",
    "kakuro-url-sum-too-large": "puzz.link cannot write the sum {total} (at most 45).",
    "kakuro-url-short": "The puzz.link URL holds only {got} of the {total} cells inside the clue row and column: "
                        "it may have been cut short when copied.",
    "kakuro-url-short-sums": "The puzz.link URL holds only {got} of the {total} sums along the top and left edges: "
                             "it may have been cut short when copied.",
    "kakuro-url-edge-white": "puzz.link needs the top row and the left column to hold only clue or black cells.",
    "kakuro-answer-size": "The answer must have {rows} rows of {cols} cells.",
    "kakuro-blank": "{count:# white cell has no digit:|# white cells have no digit, e.g.} {cell}.",
    "kakuro-digit-on-black": "{cell} is a black cell; digits go in white cells only.",
    "kakuro-repeat": "{digit} appears twice in one run: {cell} and {other_cell}.",
    "kakuro-sum": "The {direction} run of the clue at {cell} adds up to {got}, not {total}.",
    "kakuro-answer-cell": "'{token}' at {cell}: a white cell takes a digit 1-9.",
    "kakuro-answer-rows": "Your answer has {got:# row|# rows}; this {named_rows}×{named_cols} Kakuro is answered as its "
                          "whole grid, the clue row on top included: {rows} rows. Write one line per row.",
    "kakuro-answer-row-length": "Row {row} of your answer has {got:# cell|# cells}; this {named_rows}×{named_cols} "
                                "Kakuro is answered as its whole grid, the clue column on the left included: "
                                "{cols} cells per row.",
}

JA: dict[str, str] = {
    "genre-kakuro": "カックロ",
    "kakuro-answer-help": "盤全体（ヒントのマスも）: 白マスに数字、黒マスは '.'",
    "kakuro-read-help": "'.' 白マス、'#' 黒マス、'D\\R' ヒントのマス（下の合計\\右の合計。片方は省略可: '17\\'、'\\23'）",
    "kakuro-hint-sets": "{cell} は {digit} です。列と行の合計から、入る数字はそれだけです。",
    "kakuro-hint-reveal": "{cell} は {digit} です。",
    "kakuro-no-white": "盤に白マスがありません。",
    "kakuro-clue-no-run": "{cell} のヒントに合計 {total}（{part}）がありますが、そこから白マスの列が始まっていません。",
    "kakuro-run-too-long": "{cell} からの列は {length} マスです。1 つの列は最大 9 マスです。",
    "kakuro-impossible-sum": "{cell} の合計 {total} は {length} 個の異なる数字では作れません（{low}〜{high}）。",
    "kakuro-url-sum-too-large": "puzz.link では合計 {total} を書けません（最大 45）。",
    "kakuro-url-short": "puzz.link の URL には上と左のヒント列の内側の {total} マスのうち {got} マスしかありません。"
                        "コピーの途中で切れたのかもしれません。",
    "kakuro-url-short-sums": "puzz.link の URL には上と左の端の合計 {total} 個のうち {got} 個しかありません。"
                             "コピーの途中で切れたのかもしれません。",
    "kakuro-url-edge-white": "puzz.link では一番上の行と左の列はヒントか黒マスだけです。",
    "kakuro-answer-size": "答えは {rows} 行 {cols} 列で書いてください。",
    "kakuro-blank": "数字のない白マスが {count} 個あります（例: {cell}）。",
    "kakuro-digit-on-black": "{cell} は黒マスです。数字は白マスにだけ入ります。",
    "kakuro-repeat": "同じ列に {digit} が 2 つあります: {cell} と {other_cell}。",
    "kakuro-sum": "{cell} のヒントの列（{direction}）の合計が {got} で、{total} ではありません。",
    "kakuro-answer-cell": "{cell} の '{token}': 白マスには 1〜9 の数字を書きます。",
    "kakuro-answer-rows": "答えは {got} 行です。この {named_rows}×{named_cols} のカックロは上のヒントの行も含めた盤全体、"
                          "{rows} 行で答えます。1 行ずつ書いてください。",
    "kakuro-answer-row-length": "答えの {row} 行目は {got} マスです。この {named_rows}×{named_cols} のカックロは左のヒントの列も"
                                "含めた盤全体、1 行 {cols} マスで答えます。",
}
