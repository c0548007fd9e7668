"""The genre's words: every message code it reports, in English and Japanese."""

EN: dict[str, str] = {
    "hashiwokakero-answer-help": "redraw the board: the island numbers, '.' for water, "
                                 "'-' or '=' for single or double bridges across, '|' or 'H' down",
    "hashiwokakero-hint-single": "{cell} and {other_cell} are joined by one bridge.",
    "hashiwokakero-hint-double": "{cell} and {other_cell} are joined by two bridges.",
    "hashiwokakero-hint-count": "{cell} and {other_cell}: {count:# bridge|# bridges}. Count what each island's number "
                                "needs against what its neighbours can still take: no other number fits.",
    "hashiwokakero-hint-group": "{cell} and {other_cell}: {count:# bridge|# bridges}. More would close a group of islands "
                                "off from the rest.",
    "hashiwokakero-hint-cut": "{cell} and {other_cell}: {count:# bridge|# bridges}. It is the only way left to connect "
                              "the islands on either side.",
    "hashiwokakero-no-islands": "The board has no islands (numbers 1-8).",
    "hashiwokakero-bad-number": "{cell} holds {number}; islands hold 1-8.",
    "hashiwokakero-no-room": "The {number} at {cell} can reach at most {most:# bridge|# bridges}: too few islands in sight.",
    "hashiwokakero-odd-total": "The island numbers add up to {total}, an odd number; every bridge has two ends.",
    "hashiwokakero-bad-bridge": "Bridge {index} is not [row, column, row, column, count].",
    "hashiwokakero-end-not-island": "Bridge {index} ends at {cell}, which is not an island.",
    "hashiwokakero-bridge-count": "The bridge from {cell} to {other_cell} is {count}-fold; bridges are single or double.",
    "hashiwokakero-not-straight": "{cell} and {other_cell} are not in one row or column.",
    "hashiwokakero-pair-twice": "{cell} and {other_cell} are joined twice; give one single or double bridge.",
    "hashiwokakero-over-island": "The bridge from {cell} to {other_cell} passes over the island at {island_cell}.",
    "hashiwokakero-crossing": "Two bridges cross at {cell}.",
    "hashiwokakero-count": "The {number} at {cell} has {count:# bridge|# bridges}, not {number} (a double bridge counts as two).",
    "hashiwokakero-connected": "{count:# island is cut off from the rest:|# islands are cut off from the rest, e.g.} {cell}.",
    "hashiwokakero-answer-island": "{cell} is the island {number}, but the answer has '{token}' there.",
    "hashiwokakero-answer-symbol": "'{token}' at {cell} is neither water ('.') nor a bridge (- = | H).",
    "hashiwokakero-answer-stray": "The bridge piece '{token}' at {cell} joins no two islands.",
    "hashiwokakero-answer-nowhere": "The bridge from {cell} does not reach another island.",
    "hashiwokakero-answer-mixed": "The bridge from {cell} to {other_cell} mixes single and double pieces.",
}

JA: dict[str, str] = {
    "genre-hashiwokakero": "橋をかけろ",
    "hashiwokakero-answer-help": "盤を書き直す: 島の数字、海は '.'、横の橋は '-'（1 本）か '='（2 本）、"
                                 "縦の橋は '|'（1 本）か 'H'（2 本）",
    "hashiwokakero-hint-single": "{cell} と {other_cell} の間に橋が 1 本かかります。",
    "hashiwokakero-hint-double": "{cell} と {other_cell} の間に橋が 2 本かかります。",
    "hashiwokakero-hint-count": "{cell} と {other_cell} の橋は {count} 本です。島の数字と、隣がまだ受けられる本数を"
                                "数えると、ほかの本数は入りません。",
    "hashiwokakero-hint-group": "{cell} と {other_cell} の橋は {count} 本です。これ以上かけると島のグループが"
                                "ほかから切り離されます。",
    "hashiwokakero-hint-cut": "{cell} と {other_cell} の橋は {count} 本です。両側の島をつなぐ道はここしか残っていません。",
    "hashiwokakero-no-islands": "盤に島（1〜8 の数字）がありません。",
    "hashiwokakero-bad-number": "{cell} の {number} は使えません。島の数字は 1〜8 です。",
    "hashiwokakero-no-room": "{cell} の {number} には最大 {most} 本しか橋をかけられません。",
    "hashiwokakero-odd-total": "島の数字の合計が {total}（奇数）です。橋の端は必ず 2 つです。",
    "hashiwokakero-bad-bridge": "{index} 番目の橋が [行, 列, 行, 列, 本数] の形ではありません。",
    "hashiwokakero-end-not-island": "{index} 番目の橋の端 {cell} は島ではありません。",
    "hashiwokakero-bridge-count": "{cell} から {other_cell} への橋が {count} 本です。橋は 1 本か 2 本です。",
    "hashiwokakero-not-straight": "{cell} と {other_cell} は同じ行・列にありません。",
    "hashiwokakero-pair-twice": "{cell} と {other_cell} の橋が 2 回書かれています。",
    "hashiwokakero-over-island": "{cell} から {other_cell} への橋が {island_cell} の島の上を通っています。",
    "hashiwokakero-crossing": "{cell} で橋が交差しています。",
    "hashiwokakero-count": "{cell} の {number} にかかる橋は {count} 本です。",
    "hashiwokakero-connected": "ほかから切り離された島が {count} 個あります（例: {cell}）。",
    "hashiwokakero-answer-island": "{cell} は島 {number} ですが、答えでは '{token}' です。",
    "hashiwokakero-answer-symbol": "{cell} の '{token}' は海（'.'）でも橋（- = | H）でもありません。",
    "hashiwokakero-answer-stray": "{cell} の橋 '{token}' が 2 つの島をつないでいません。",
    "hashiwokakero-answer-nowhere": "{cell} からの橋が別の島に届いていません。",
    "hashiwokakero-answer-mixed": "{cell} から {other_cell} への橋で 1 本と 2 本が混ざっています。",
}
