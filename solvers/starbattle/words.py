"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "starbattle-answer-help": "mark the stars: * for a star, . for any other cell",
    "starbattle-read-help": "the region grid (a letter or number per cell, equal labels one region), "
                            "with the star count in the first line (\"starbattle 2\")",
    "starbattle-given": "{cell} holds a number; Star Battle cells hold nothing (the puzzle is its regions).",
    "starbattle-not-square": "A Star Battle board is square; this one has {rows:# row|# rows} and {cols:# column|# columns}.",
    "starbattle-bad-stars": "{stars:# star per line does|# stars per line do} not fit a board {size:# cell|# cells} wide.",
    "starbattle-stars-touch": "{stars:# star|# stars} per line cannot fit a {size}x{size} board: two neighbouring rows "
                              "need {need} stars, but with no two stars touching (diagonals included) they hold "
                              "{most} at most.",
    "starbattle-region-count": "The board has {regions} regions; a {size}x{size} board needs {size}.",
    "starbattle-region-split": "Region {region} (at {cell}) is not one connected area.",
    "starbattle-url-genre": "This puzz.link URL ('{pid}') is not a Star Battle puzzle.",
    "starbattle-url-stars": "The puzz.link URL does not say how many stars each line holds.",
    "starbattle-param-stars": "★ {value} in every row, column and region",
    "starbattle-answer-symbol": "'{token}' at {cell} is neither a star (*) nor an empty cell (.).",
    "starbattle-answer-size": "The answer must have {rows} rows of {cols} cells.",
    "starbattle-row": "Row {row} has {got:# star|# stars} instead of {stars}.",
    "starbattle-column": "Column {column} has {got:# star|# stars} instead of {stars}.",
    "starbattle-region": "The region at {cell} has {got:# star|# stars} instead of {stars}.",
    "starbattle-touch": "The stars at {cell} and {other_cell} touch.",
    "starbattle-row-stuck": "Row {row} cannot hold exactly {stars:# star|# stars} once the stars the other rows, columns "
                            "and regions force are placed (no two stars touching, diagonals included).",
    "starbattle-column-stuck": "Column {column} cannot hold exactly {stars:# star|# stars} once the stars the other rows, "
                               "columns and regions force are placed (no two stars touching, diagonals included).",
    "starbattle-row-crowded": "The regions that can only put their stars in row {row} need more stars than "
                              "that row still takes ({stars} per row in all).",
    "starbattle-column-crowded": "The regions that can only put their stars in column {column} need more stars "
                                 "than that column still takes ({stars} per column in all).",
    "starbattle-region-stuck": "The region at {cell} cannot hold exactly {stars:# star|# stars} once the stars the rows, "
                               "columns and other regions force are placed (no two stars touching, diagonals "
                               "included).",
    "starbattle-rows-stuck": "Rows {first} and {last} cannot hold exactly {stars} stars between them once the "
                             "stars the other rows, columns and regions force are placed (no two stars touching, "
                             "diagonals included).",
    "starbattle-columns-stuck": "Columns {first} and {last} cannot hold exactly {stars} stars between them once "
                                "the stars the other rows, columns and regions force are placed (no two stars "
                                "touching, diagonals included).",
    "starbattle-rows-crowded": "The regions that can only put their stars in rows {first} to {last} need {got} "
                               "more stars, but those rows take only {need} more.",
    "starbattle-columns-crowded": "The regions that can only put their stars in columns {first} to {last} need "
                                  "{got} more stars, but those columns take only {need} more.",
    "starbattle-rows-short": "Rows {first} to {last} need {need} more stars, but the regions that can still put "
                             "stars in them have only {got} left to place.",
    "starbattle-columns-short": "Columns {first} to {last} need {need} more stars, but the regions that can still "
                                "put stars in them have only {got} left to place.",
    "starbattle-row-short": "Row {row} needs {need:# more star|# more stars}, but the regions that can still put stars in it "
                            "have only {got} left to place.",
    "starbattle-column-short": "Column {column} needs {need:# more star|# more stars}, but the regions that can still put "
                               "stars in it have only {got} left to place.",
    "starbattle-hint-forced": "There is a star at {cell}: with no two stars touching and every row, column "
                              "and region holding its number of stars, no other place is left for it.",
    "starbattle-hint-reveal": "There is a star at {cell}.",
}

JA: dict[str, str] = {
    "genre-starbattle": "スターバトル",
    "starbattle-answer-help": "星の位置: 星は *、その他のマスは .",
    "starbattle-read-help": "ブロックの盤面（マスごとに文字か数字、同じ記号が 1 つのブロック）、1 行目に星の数（「starbattle 2」）",
    "starbattle-given": "{cell} に数字があります。スターバトルのマスは空です（問題はブロック分けだけです）。",
    "starbattle-not-square": "スターバトルの盤面は正方形です。この盤面は {rows} 行 {cols} 列です。",
    "starbattle-bad-stars": "幅 {size} の盤面に 1 列 {stars} 個の星は入りません。",
    "starbattle-stars-touch": "{size}×{size} の盤面に 1 列 {stars} 個の星は入りません。隣り合う 2 行には {need} 個の星が"
                              "必要ですが、星同士が（斜めも含めて）接しないように置けるのは {most} 個までです。",
    "starbattle-region-count": "ブロックが {regions} 個あります。{size}×{size} の盤面には {size} 個必要です。",
    "starbattle-region-split": "ブロック {region}（{cell}）が 1 つにつながっていません。",
    "starbattle-url-genre": "この puzz.link の URL ('{pid}') はスターバトルではありません。",
    "starbattle-url-stars": "puzz.link の URL に星の数がありません。",
    "starbattle-param-stars": "各行・各列・各ブロックに★ {value} 個",
    "starbattle-answer-symbol": "{cell} の '{token}' は星 (*) でも空きマス (.) でもありません。",
    "starbattle-answer-size": "答えは {rows} 行 {cols} 列で書いてください。",
    "starbattle-row": "{row} 行目の星は {stars} 個ではなく {got} 個です。",
    "starbattle-column": "{column} 列目の星は {stars} 個ではなく {got} 個です。",
    "starbattle-region": "{cell} のブロックの星は {stars} 個ではなく {got} 個です。",
    "starbattle-touch": "{cell} と {other_cell} の星が接しています。",
    "starbattle-row-stuck": "ほかの行・列・ブロックで決まる星を置くと（星同士は斜めも含めて接しない）、"
                            "{row} 行目にちょうど {stars} 個の星を置けません。",
    "starbattle-column-stuck": "ほかの行・列・ブロックで決まる星を置くと（星同士は斜めも含めて接しない）、"
                               "{column} 列目にちょうど {stars} 個の星を置けません。",
    "starbattle-row-crowded": "{row} 行目にしか星を置けないブロックが、この行に残る星の数より多くの星を必要とします"
                              "（1 行に {stars} 個）。",
    "starbattle-column-crowded": "{column} 列目にしか星を置けないブロックが、この列に残る星の数より多くの星を必要とします"
                                 "（1 列に {stars} 個）。",
    "starbattle-region-stuck": "ほかの行・列・ブロックで決まる星を置くと（星同士は斜めも含めて接しない）、"
                               "{cell} のブロックにちょうど {stars} 個の星を置けません。",
    "starbattle-rows-stuck": "ほかの行・列・ブロックで決まる星を置くと（星同士は斜めも含めて接しない）、"
                             "{first} 行目と {last} 行目に合わせてちょうど {stars} 個の星を置けません。",
    "starbattle-columns-stuck": "ほかの行・列・ブロックで決まる星を置くと（星同士は斜めも含めて接しない）、"
                                "{first} 列目と {last} 列目に合わせてちょうど {stars} 個の星を置けません。",
    "starbattle-rows-crowded": "{first}～{last} 行目にしか星を置けないブロックがあと {got} 個の星を必要としますが、"
                               "これらの行に入る星はあと {need} 個だけです。",
    "starbattle-columns-crowded": "{first}～{last} 列目にしか星を置けないブロックがあと {got} 個の星を必要としますが、"
                                  "これらの列に入る星はあと {need} 個だけです。",
    "starbattle-rows-short": "{first}～{last} 行目にはあと {need} 個の星が必要ですが、そこに星を置けるブロックに"
                             "残る星は {got} 個だけです。",
    "starbattle-columns-short": "{first}～{last} 列目にはあと {need} 個の星が必要ですが、そこに星を置けるブロックに"
                                "残る星は {got} 個だけです。",
    "starbattle-row-short": "{row} 行目にはあと {need} 個の星が必要ですが、そこに星を置けるブロックに残る星は "
                            "{got} 個だけです。",
    "starbattle-column-short": "{column} 列目にはあと {need} 個の星が必要ですが、そこに星を置けるブロックに残る星は "
                               "{got} 個だけです。",
    "starbattle-hint-forced": "{cell} に星があります。星同士が接しないことと、行・列・ブロックの星の数から、"
                              "その行・列・ブロックに他の場所が残りません。",
    "starbattle-hint-reveal": "{cell} に星があります。",
}
