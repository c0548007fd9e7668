"""The genre's words: every message code it reports, in each language the bot speaks."""

EN: dict[str, str] = {
    "shikaku-answer-help": "one letter per cell, the same letter for all cells of one rectangle",
    "shikaku-hint": "The {number} at {cell} is the {height}×{width} rectangle covering {span}.",
    # the board's form (genre detection)
    "shikaku-form-too-big": "The number {number} at {cell} is larger than the board ({area} cells).",
    "shikaku-form-no-numbers": "There are no numbers on the board; Shikaku needs one number per rectangle.",
    "shikaku-form-total": "The numbers add up to {total}, but the board has {area} cells; "
                          "in Shikaku they must add up to the board's area.",
    "shikaku-form-total-unknown": "The numbers add up to {total} (plus {unknown} '?'), "
                                  "more than the board's {area} cells.",
    # the engine's gate
    "shikaku-bad-number": "{cell} holds {number}: Shikaku numbers are positive (or '?').",
    "shikaku-no-numbers": "The board has no numbers: every Shikaku rectangle needs one.",
    "shikaku-total": "The numbers add up to {total}, but the board has {rows}x{cols} = {area} cells; "
                     "in Shikaku they must be equal.",
    "shikaku-total-unknown": "The numbers add up to {total} and the {unknown} '?' need at least one cell each, "
                             "but the board has only {area} cells.",
    "shikaku-no-room": "The {number} at {cell} fits no rectangle: every {number}-cell rectangle through it "
                       "leaves the board or covers another number.",
    # the model
    "shikaku-stuck-cell": "This puzzle has no solution: once the forced rectangles are placed, "
                          "no rectangle is left for {cell}.",
    "shikaku-stuck-number": "This puzzle has no solution: once the forced rectangles are placed, "
                            "no rectangle is left for the {number} at {cell}.",
    "shikaku-too-many-rectangles": "This board leaves too many possible rectangles to search (very large or "
                                   "'?' numbers); give more numbers or the values of some '?'.",
    # the checker
    "shikaku-rect-outside": "Rectangle {index} of the answer, {rect}, does not lie inside the "
                            "{rows}x{cols} board.",
    "shikaku-overlap": "{cell} is inside two rectangles ({other_span} and {span}).",
    "shikaku-one-number": "The rectangle over {span} holds {count} numbers; each rectangle must hold exactly one.",
    "shikaku-area": "The {number} at {cell} is in a rectangle of {size:# cell|# cells} ({span}).",
    "shikaku-tiling": "{count:# cell is in no rectangle:|# cells are in no rectangle, e.g.} {cell}.",
    "shikaku-unboxed": "{count:The number at {cell} is in no rectangle yet|# numbers are in no rectangle yet, "
                       "e.g. the one at {cell}}.",
    "shikaku-no-rectangles": "No rectangle is drawn yet.",
    # answers typed in chat
    "shikaku-answer-unlabelled": "{cell} has no region letter: give every cell the letter of its rectangle.",
    "shikaku-answer-not-rectangle": "The cells marked '{label}' do not form one rectangle: {cell} lies between "
                                    "them but is marked '{token}'. Use a different letter for each rectangle.",
    # the generator
}

JA: dict[str, str] = {
    "genre-shikaku": "四角に切れ",
    "shikaku-answer-help": "1 マス 1 文字、同じ長方形のマスは同じ文字",
    "shikaku-hint": "{cell} の {number} は {span}の {height}×{width} の長方形です。",
    "shikaku-form-too-big": "{cell}の数字 {number} は盤面のマス数 ({area}) より大きいです。",
    "shikaku-form-no-numbers": "盤面に数字がありません。四角に切れでは長方形ごとに数字が 1 つ必要です。",
    "shikaku-form-total": "数字の合計は {total} ですが、盤面は {area} マスです。四角に切れでは合計が盤面のマス数と等しくなります。",
    "shikaku-form-total-unknown": "数字の合計 {total} (と '?' {unknown} 個) が盤面のマス数 {area} を超えています。",
    "shikaku-bad-number": "{cell}の {number} は使えません。四角に切れの数字は正の数か '?' です。",
    "shikaku-no-numbers": "盤面に数字がありません。四角に切れの長方形にはそれぞれ数字が一つ必要です。",
    "shikaku-total": "数字の合計は {total} ですが、盤面は {rows}x{cols} = {area} マスです。四角に切れでは一致が必要です。",
    "shikaku-total-unknown": "数字の合計 {total} と '?' {unknown} 個(各 1 マス以上)が、盤面の {area} マスに収まりません。",
    "shikaku-no-room": "{cell}の {number} を含む面積 {number} の長方形は、どれも盤面からはみ出すか他の数字を含みます。",
    "shikaku-stuck-cell": "このパズルには解がありません。確定する長方形を置くと、{cell}を覆える長方形が残りません。",
    "shikaku-stuck-number": "このパズルには解がありません。確定する長方形を置くと、{cell}の {number}を覆える長方形が残りません。",
    "shikaku-too-many-rectangles": "考えられる長方形が多すぎて探索できません(大きな数字や '?')。"
                                   "数字を増やすか '?' の値を入れてください。",
    "shikaku-rect-outside": "答えの {index} 番目の長方形 {rect} が {rows}x{cols} の盤面に収まっていません。",
    "shikaku-overlap": "{cell}が二つの長方形に含まれています。",
    "shikaku-one-number": "長方形 ({span}) に数字が {count} 個あります。ちょうど一つにしてください。",
    "shikaku-area": "{cell}の {number} の長方形が {size} マスになっています。",
    "shikaku-tiling": "{count:{cell}のマスはまだどの長方形にも入っていません|どの長方形にも入っていないマスが # 個あります({cell}など)}。",
    "shikaku-unboxed": "{count:{cell}の数字はまだどの長方形にも入っていません|まだどの長方形にも入っていない数字が # 個"
                       "あります({cell}など)}。",
    "shikaku-no-rectangles": "長方形がまだ描かれていません。",
    "shikaku-answer-unlabelled": "{cell} に文字がありません。すべてのマスに長方形の文字を書いてください。",
    "shikaku-answer-not-rectangle": "'{label}' のマスが 1 つの長方形になっていません ({cell} が '{token}' です)。"
                                    "長方形ごとに別の文字を使ってください。",
}
