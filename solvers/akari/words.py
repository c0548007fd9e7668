"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "akari-answer-help": "mark the lights: * for a light, . for any other cell "
                         "(black cells may be copied as # or their number)",
    "akari-read-help": ". (white cell), # (black cell), 0-4 (black cell with a number)",
    "akari-bad-number": "The number {number} at {cell} is not 0-4.",
    "akari-no-room": "The {number} at {cell} has only {room:# white cell|# white cells} around it.",
    "akari-url-char": "The puzz.link data has an unexpected character '{char}'.",
    "akari-url-genre": "This puzz.link URL ('{pid}') is not an Akari puzzle.",
    "akari-answer-symbol": "'{token}' at {cell} is neither a light (*) nor an empty cell (.).",
    "akari-light-on-black": "A light stands on the black cell {cell}.",
    "akari-lights-see": "The lights at {cell} and {other_cell} shine on each other.",
    "akari-dark": "{count:# white cell is not lit:|# white cells are not lit, e.g.} {cell}.",
    "akari-clue": "The {number} at {cell} has {got} lights around it.",
    "akari-answer-size": "The answer must have {rows} rows of {cols} cells.",
    "akari-hint-forced": "There is a light at {cell}: the numbers and the cells only one place "
                         "can light force it.",
    "akari-hint-trial": "There is a light at {cell}: try the opposite at {trial_cell} and a rule breaks, "
                        "and this light follows.",
    "akari-hint-reveal": "There is a light at {cell}.",
    "akari-generation-failed": "No unique Akari of {rows}x{cols} could be made in time.",
}

JA: dict[str, str] = {
    "genre-akari": "美術館",
    "akari-answer-help": "照明の位置: 照明は *、その他のマスは .（黒マスは # か数字のままでも可）",
    "akari-read-help": ".（白マス）、#（黒マス）、0〜4（数字付きの黒マス）",
    "akari-bad-number": "{cell} の数字 {number} は 0〜4 ではありません。",
    "akari-no-room": "{cell} の {number} の周りには白マスが {room} つしかありません。",
    "akari-url-char": "puzz.link のデータに使えない文字 '{char}' があります。",
    "akari-url-genre": "この puzz.link の URL ('{pid}') は美術館ではありません。",
    "akari-answer-symbol": "{cell} の '{token}' は照明 (*) でも空きマス (.) でもありません。",
    "akari-light-on-black": "黒マス {cell} に照明があります。",
    "akari-lights-see": "{cell} と {other_cell} の照明が互いを照らしています。",
    "akari-dark": "照らされていない白マスが {count} 個あります（例: {cell}）。",
    "akari-clue": "{cell} の {number} の周りの照明は {got} 個です。",
    "akari-answer-size": "答えは {rows} 行 {cols} 列で書いてください。",
    "akari-hint-forced": "{cell} に照明があります。数字と、照らせる場所が 1 つしかないマスから決まります。",
    "akari-hint-trial": "{cell} に照明があります。{trial_cell} を逆にするとルールに反するので、この照明が決まります。",
    "akari-hint-reveal": "{cell} に照明があります。",
    "akari-generation-failed": "{rows}×{cols} の美術館を時間内に作れませんでした。",
}
