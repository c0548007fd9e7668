"""日本語: message codes in Japanese. A code missing here is shown in English."""

from __future__ import annotations


def cell(r: int, c: int) -> str:
    return f"{r + 1} 行 {c + 1} 列"


WORDS: dict[str, str] = {"and": "と", "list-sep": "、", "up": "上", "right": "右", "down": "下", "left": "左"}

TEXTS: dict[str, str] = {
    # -- genres -------------------------------------------------------------------------------------
    "genre-masyu": "ましゅ",
    "genre-yinyang": "しろまるくろまる",
    "genre-numberlink": "ナンバーリンク",
    "genre-shikaku": "四角に切れ",
    # -- the engine: records, boards and solutions -----------------------------------------------
    "record-not-object": "レコードは JSON オブジェクトにしてください。",
    "record-no-genre": "レコードに 'genre' がありません。",
    "record-bad-grid": "'grid' は行の文字列からなる空でないリストにしてください。",
    "record-size-mismatch": "レコードの {field}={said} ですが、grid は {size} です。",
    "unknown-genre": "不明なジャンル '{genre}' です。使えるジャンル: {known}。",
    "unknown-symbol": "{cell} の記号 '{token}' は使えません。{genre} のマスは {symbols} です。",
    "empty-board": "盤面が空です。",
    "not-rectangle": "{row} 行目は {got} マスですが、上の行は {width} マスです。盤面は長方形にしてください。",
    "line-off-board": "{cell} の線が盤面の外 ({dir}) に出ています。",
    "line-mismatch": "{cell} の線は{dir}に伸びていますが、{other_cell} からつながっていません。",
    "answer-not-text": "答えは文字で送ってください。",
    "answer-empty": "答えが空です。解いた盤面を 1 行ずつ書いてください。",
    "answer-row-count": "答えは {got} 行ですが、パズルは {rows} 行です。1 行ずつ書いてください。",
    "answer-row-length": "答えの {row} 行目は {got} マスですが、パズルは {cols} 列です。",
    "answer-line-symbol": "{cell} の '{token}' は読めません。1 マスに線の記号を 1 つ書いてください。",
    "answer-bad-mask": "{cell} のマスク {mask} は使えません (上=1, 右=2, 下=4, 左=8 の和で 0〜15)。",
    "answer-off-board": "{cell} の線が盤の外に出ています。",
    "answer-not-joined": "{cell} の線が {other_cell} につながっていません。",
    "solution-shape": "解答は '{key}' を持つオブジェクトにしてください。",
    "solution-rows": "解答の '{key}' は {rows} 行のリストにしてください。",
    "solution-row-count": "解答の '{key}' は {got} 行ですが、盤面は {rows} 行です。",
    "solution-row": "解答の '{key}' の {row} 行目が行になっていません。",
    "solution-row-length": "解答の '{key}' の {row} 行目は {got} 個ですが、盤面は {cols} 列です。",
    "solution-mask": "解答の {cell}: {token!r} は 0〜15 の接続マスクではありません。",
    "solution-color": "解答の {cell}: '{token}' は W でも B でもありません。",
    "solution-rect": "解答の {index} 番目の長方形が [上, 左, 高さ, 幅] になっていません。",
    "internal-model-failed": "内部エラー: ソルバーが失敗しました。パズルではなくボットの不具合です。",
    "internal-check-failed": "内部エラー: ソルバーの答えが検査に通りませんでした。パズルではなくボットの不具合です。",
    "internal-multiple-without-two": "内部エラー: 「複数解」なのに異なる解が 2 つありません。ボットの不具合です。",
    "circles": "'.'、'W'、'B'",
    "numbers": "'.' または正の数",
    "digits": "'.' または 0〜3 の数",
    "no-solution": "このパズルには解がありません。",
    "timeout": "制限時間 ({seconds} 秒) 内に解き終わりませんでした。",
    "unknown-difficulty": "難易度 '{difficulty}' は使えません。easy, medium, hard のいずれかにしてください。",
    "generate-size-not-numbers": "サイズは 10x10 のように整数2つで指定してください。",
    "generate-size-out-of-range": "{rows}x{cols} の {genre} は作れません。縦横はそれぞれ {min}〜{max}、"
                                  "マス数は {max_cells} 以下にしてください (例: 10x10)。",
    "generation-unproven": "内部エラー: 生成した問題に唯一解の証明がありません。",
    "generation-failed": "時間内に {rows}x{cols} の{genre}を作れませんでした。別のシードで試してください。",
    # -- masyu (genre codes) ----------------------------------------------------------------------
    "masyu-answer-help": "ループを ─ │ ┌ ┐ └ ┘ で、線のないマスは · で",
    "masyu-hint": "{cell} は {symbol}（{dirs}へ線）です。",
    # -- yinyang (genre codes) --------------------------------------------------------------------
    "yinyang-answer-help": "すべてのマスに W（白）か B（黒）",
    "yinyang-hint-black": "{cell} は黒 ● です。",
    "yinyang-hint-white": "{cell} は白 ○ です。",
    # -- numberlink (genre codes) -----------------------------------------------------------------
    "numberlink-answer-help": "線を ─ │ ┌ ┐ └ ┘ で、端は数字、空きマスは · で",
    "numberlink-hint": "{cell} は {symbol}（{dirs}へ線）です。",
    "numberlink-fill-help": "/numberlink fill: Flow ルール（すべてのマスを線が通る）",
    # -- shikaku (genre codes) --------------------------------------------------------------------
    "shikaku-answer-help": "1 マス 1 文字、同じ長方形のマスは同じ文字",
    "shikaku-hint": "{cell} の {number} は {rows}・{columns} の {height}×{width} の長方形です。",
    # -- the bot ------------------------------------------------------------------------------------
}
