"""日本語: message codes in Japanese. A code missing here is shown in English."""

from __future__ import annotations


def cell(r: int, c: int) -> str:
    return f"{r + 1} 行 {c + 1} 列"


def span(r1: int, c1: int, r2: int, c2: int) -> str:
    """A block of cells from corner to corner: "1 行 2〜4 列" (a range only where it spans more)."""
    rows = f"{r1 + 1}" if r1 == r2 else f"{r1 + 1}〜{r2 + 1}"
    cols = f"{c1 + 1}" if c1 == c2 else f"{c1 + 1}〜{c2 + 1}"
    return f"{rows} 行 {cols} 列"


WORDS: dict[str, str] = {"series-sep": "・", "series-last": "・", "command-sep": " ",
                         "or": "・", "and": "と", "list-sep": "、", "up": "上", "right": "右", "down": "下", "left": "左"}

TEXTS: dict[str, str] = {
    # -- genres -------------------------------------------------------------------------------------
    # -- the engine: records, boards and solutions -----------------------------------------------
    "record-not-object": "レコードは JSON オブジェクトにしてください。",
    "record-no-genre": "レコードに 'genre' がありません。",
    "record-bad-grid": "'grid' は行の文字列からなる空でないリストにしてください。",
    "record-size-mismatch": "レコードの {field}={said} ですが、grid は {size} です。",
    "unknown-genre": "不明なジャンル '{genre}' です。使えるジャンル: {known}。",
    "unknown-symbol": "{cell}の記号 '{token}' は使えません。{genre} のマスは {symbols} です。",
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
    "regions-missing": "{genre} の盤面には部屋が必要です。問題の下に同じ大きさの部屋の盤面を貼るか、各行を「問題 | 部屋」の形にしてください。",
    "regions-missing-grid": "問題の盤面と同じ大きさの部屋の盤面を上下に並べてください（{rows} 行は奇数です）。または各行を「問題 | 部屋」の形にしてください。",
    "regions-side-width": "各行の '|' の後には、前と同じ数の部屋の記号が必要です。",
    "regions-blank": "部屋の盤面が '.' だけです。各マスに部屋の記号（文字か数字、同じ部屋は同じ記号）を、"
                     "ヒントの盤面の下か各行の '|' の後に書いてください。",
    "regions-not-used": "{genre} に部屋はありません。部屋の盤面は不要です。",
    "regions-size": "部屋の盤面は盤面と同じ {rows} 行 {cols} 列にしてください。",
    "region-split": "部屋 {region} が2つに分かれています（{cell} と {other_cell}）。部屋はつながった1つの領域です。",
    "record-bad-regions": "レコードの 'regions' は部屋番号の行のリストにしてください。",
    "param-out-of-range": "'{name}' は {low} 以上 {high} 以下にしてください（今は {value}）。",
    "solution-mark": "解答の {cell}: '{token}' は '{mark}' でも '.' でもありません。",
    "solution-number": "解答の {cell}: '{token}' は数字でも '.' でもありません。",
    "solution-bridge": "解答の {index} 番目の橋が [行, 列, 行, 列, 本数] になっていません。",
    "internal-model-failed": "内部エラー: ソルバーが失敗しました。パズルではなくボットの不具合です。",
    "internal-check-failed": "内部エラー: ソルバーの答えが検査に通りませんでした。パズルではなくボットの不具合です。",
    "internal-multiple-without-two": "内部エラー: 「複数解」なのに異なる解が 2 つありません。ボットの不具合です。",
    "circles": "'.'、'W'、'B'",
    "numbers": "'.' または正の数",
    "digits": "'.' または 0〜3 の数",
    # -- reading boards, URLs and game IDs -----------------------------------------------------------
    "no-board": "盤面が見つかりません。1 行に 1 行分のマスを書いてください (例: 'W . . B')。puzz.link の URL でも構いません。",
    "genre-no-board": "{genre}とありますが、その下に盤面がありません。ジャンル名の次の行から盤面を 1 行ずつ、同じメッセージで送ってください (puzz.link の URL でも可)。",
    "read-internal-error": "申し訳ありません、この盤面を読み取れませんでした (内部エラー)。書式を確認してください。",
    "board-not-text": "盤面はテキストで送ってください。",
    "text-too-long": "テキストが {length} 文字あります。読み取れるのは {max} 文字までです。",
    "genre-not-name": "ジャンルは '{example}' のような名前で指定します。",
    "too-many-lines": "テキストが {lines} 行あります。盤面は {max} 行までです。",
    "board-too-many-rows": "盤面が {rows} 行あります。上限は {max_rows} 行 {max_cols} 列です。",
    "board-too-big": "盤面が {rows} 行 {cols} 列あります。上限は {max_rows} 行 {max_cols} 列です。",
    "board-too-small": "盤面は {rows} 行 {cols} 列です。パズルには少なくとも {min_rows} 行 {min_cols} 列が必要です。",
    "url-other-genre": "puzz.link の URL は{genre} ('{pid}') ですが、{wanted}が指定されました。",
    "record-other-genre": "レコードのジャンルは{genre} ('{word}') ですが、{wanted}が指定されました。どちらか 1 つにしてください。",
    "header-other-genre": "盤面と一緒のテキストには{genre} ('{word}') とありますが、{wanted}が指定されました。どちらか 1 つにしてください。",
    "game-id-other-genre": "これは Simon Tatham's Puzzles の {game} のゲーム ID です。{genre}の盤面にはなりません。",
    "record-not-json": "JSON のレコードのようですが、正しい JSON ではありません。",
    # -- パズルサイトからコピーした盤面 (solvers/reading/sites.py) ---------------------------------------
    "page-too-long": "ページが {length} 文字あります。読み取れるのは {max} 文字までです。盤面の <div> だけを"
                     "コピーしてください (盤面を右クリック→検証→要素をコピー)。",
    "page-no-board": "この HTML に盤面が見つかりません。盤面のマスを含む <div> をコピーするか、対応サイトの"
                     "ページを送ってください (/help を参照)。",
    "site-no-board": "{site} のこのページには盤面のマスがありません。盤面を含む <div> をコピーしてください"
                     " (盤面を右クリック→検証→要素をコピー)。",
    "site-board-in-script": "{site} のこのページは盤面をスクリプトで描くため、保存したソースにはマスがありません。"
                            "ブラウザの開発者ツールから盤面の <div> をコピーしてください。",
    "site-genre-unsupported": "{site} の {genre} の盤面です。このジャンルにはまだ対応していません。",
    "site-other-genre": "このページの盤面は {site} の{genre}ですが、{wanted}が指定されました。",
    "site-cells-missing": "コピーした盤面は {rows} 行 {cols} 列ですが、{first_cell} から {count} マスが欠けています。"
                          "盤面全体をコピーしてください。",
    "site-row-missing": "コピーした盤面に抜けがあります ({after} 行目の後に {count} 行)。盤面全体をコピーしてください。",
    "site-column-missing": "コピーした盤面に抜けがあります ({after} 列目の後に {count} 列)。盤面全体をコピーしてください。",
    "site-rooms-unknown": "部屋のある盤面ですがサイト名がないため、ジャンルが分かりません。ジャンルのコマンド "
                          "(/help を参照) と一緒に送るか、ページのアドレスごとコピーしてください。",
    "site-too-many-cells": "ページに {max} を超えるマスがあります。読み取れる盤面は {max_rows} 行 {max_cols} 列までです。",
    "site-cell-unplaced": "{total} マスのうち {count} マスに位置 (top/left) がありません。盤面の <div> をそのまま"
                          "コピーしてください。",
    "site-not-square": "位置のないマスが {count} 個あり、正方形の盤面になりません。マスのスタイルごと盤面の "
                       "<div> をコピーしてください。",
    "site-cell-text": "{cell} の '{text}' は知らない手がかりです。",
    "site-json-broken": "{site} の {key} のデータが正しい JSON ではありません。行全体をコピーしてください。",
    "site-json-field": "{site} のパズルデータに正しい {field} がありません。",
    "site-json-size": "パズルデータのマスが {count} 個あり、{rows} 行 {cols} 列に合いません。",
    "first-row-width": "1 行目は {got} マスですが、下の行は {width} マスです。盤面は長方形にしてください。",
    "header-no-genre": "1 行目の '{word}' は知っているジャンル名ではなく、盤面の行でもありません（下の行は {width} マス）。使えるジャンル: {known}。",
    "size-line-mismatch": "サイズの行は {said} ですが、盤面は {rows} 行 {cols} 列です "
                          "({size} (幅x高さ) と書くか、サイズの行を省いてください)。",
    "fits-no-genre": "この盤面はどのジャンルにも合いません。{reasons}"
                     "盤面を直すか、1 行目にジャンル名 ({known}) を書いてください。",
    "as-genre": "{genre}として: {text}",
    "mixed-symbols": "盤面に {first_cell}の '{first}' と {second_cell}の '{second}' が混ざっています。両方を使うジャンルはありません。",
    "ambiguous-genre": "この盤面は {genres} のどれとも読めます。ジャンルを選んでください (1 行目にジャンル名を書いても可)。",
    "two-genres": "ジャンルが 2 つ書かれています: '{first}' と '{second}'。どちらか 1 つにしてください。",
    "read-table-header": "Markdown の表です。'|---|' の行の上の 1 行目は見出しです。その行が盤面の 1 行目なら "
                         "'|---|' の行を消して、そうでなければ（列の番号や空白なら）その行を消して送ってください。",
    "two-sizes": "サイズが 2 つ書かれています: {first} と {second}。",
    "read-unknown-symbol": "{cell}の記号 '{token}' は使えません。{genre} のマスは {symbols} です。",
    "read-unknown-symbol-board": "{cell}の記号 '{token}' は使えません。盤面のマスは {symbols} です。",
    "read-help-circles": "'.'・W/O/1/○ (白丸)・B/x/2/● (黒丸)",
    "read-help-numbers": "数字・'?'・空白マスを表す '.'、'0'、'-'、'_'、'・'",
    "read-help-digits": "0〜3 の数字・空白マスを表す '.'、'-'、'_'、'・'",
    "read-help-any": "数字・'.'・丸 (W/B、O/x、○/●)",
    "read-number-too-large": "{cell} の数字 {number} は大きすぎます (最大 {max})。",
    "read-number-above": "{cell} の数字 {number} は{genre}には大きすぎます (最大 {max})。",
    "game-id-bad-char": "ゲーム ID のデータの {position} 文字目 '{char}' は使えません。",
    "game-id-bad-count": "ゲーム ID のデータのマス数がサイズ {size} ({cells_count} マス) と合いません。",
    "game-id-random-seed": "これは Simon Tatham's Puzzles のランダムシード ID（'#' 付き）です。盤面にできるのは sgt 自身の生成器だけです。代わりにゲーム ID（Game ▸ Specific… の ':' 付きの ID）をコピーしてください。",
    "url-not-puzzlink": "puzz.link の URL (https://puzz.link/p?<ジャンル>/<列>/<行>/<データ>) ではないようです。",
    "url-size-absurd": "puzz.link の URL の盤面サイズ {size} (列 x 行) はどの盤面よりはるかに大きいです。"
                       "ジャンルの後の数字を確かめてください。",
    "url-no-size": "puzz.link の URL の '{pid}' の後に盤面サイズがありません ({pid}/<列>/<行>/<データ> の形です)。",
    "size-empty": "盤面サイズ {size} は空です。",
    "url-bad-circle-char": "puzz.link のデータの {position} 文字目 '{char}' は使えません (丸は 0-9 と a-q で書かれます)。",
    "url-cut-off": "puzz.link のデータの {position} 文字目で途切れているか壊れています "
                   "('{char}' の後には16進数 {width} 桁が必要です)。",
    "url-short": "puzz.link の URL には {rows}×{cols} の盤面の {total} マスのうち {got} マスしかありません。"
                 "コピーの途中で切れたのかもしれません。",
    "url-short-borders": "puzz.link の URL には {rows}×{cols} の盤面の部屋の境界 {total} 文字のうち {got} 文字しかありません。"
                         "コピーの途中で切れたのかもしれません。",
    "url-bad-char": "puzz.link のデータの {position} 文字目 '{char}' は使えません。",
    "url-zero-clue": "puzz.link のデータで {cell} が 0 です。数字は正の数にしてください。",
    "url-number-too-large": "数字 {number} は puzz.link の URL に書ける上限 ({max}) を超えています。",
    "url-circles-only": "{genre}の盤面には空白・白丸・黒丸しか置けません。",
    "url-numbers-only": "{genre}の盤面には正の数と '?' しか置けません。",
    "url-unsupported": "puzz.link のジャンル '{pid}' には対応していません。対応: {pids}。",
    "no-solution": "このパズルには解がありません。",
    "clue-impossible": "{cell} のヒントはこの盤面では成り立ちません。入力ミスがないか確認してください。",
    "clues-conflict-many": "画像で印を付けた {count} 個のヒントは同時には成り立ちません。入力ミスがないか確認してください。",
    "clues-conflict": "次の {count} 個のヒントは同時には成り立ちません: {cells}。入力ミスがないか確認してください。",
    "timeout": "制限時間 ({seconds} 秒) 内に解き終わりませんでした。",
    "unknown-difficulty": "難易度 '{difficulty}' は使えません。easy, medium, hard のいずれかにしてください。",
    "generate-size-not-numbers": "サイズは 10x10 のように整数2つで指定してください。",
    "generate-size-out-of-range": "{rows}x{cols} の {genre} は作れません。縦横はそれぞれ {min}〜{max}、"
                                  "マス数は {cell_limit} 以下にしてください (例: 10x10)。",
    "generation-unproven": "内部エラー: 生成した問題に唯一解の証明がありません。",
    "generation-failed": "時間内に {rows}x{cols} の{genre}を作れませんでした。別のシードで試してください。",
    # -- masyu (genre codes) ----------------------------------------------------------------------
    # -- yinyang (genre codes) --------------------------------------------------------------------
    # -- numberlink (genre codes) -----------------------------------------------------------------
    # -- shikaku (genre codes) --------------------------------------------------------------------
    # -- the bot ------------------------------------------------------------------------------------
    "start": "こんにちは！ペンシルパズル（{titles}）を解きます。\n"
             "盤面をテキスト、puzz.link の URL、.txt ファイル、盤面の画像（スクリーンショットや写真）で送ると、解答の画像と判定"
             "（唯一解・複数解・解なし）を返します。",
    "start_console": "こんにちは！ペンシルパズル（{titles}）を解きます。\n"
                     "盤面をテキスト（空行で終える）、puzz.link の URL、画像ファイル（スクリーンショットや写真）のパスで"
                     "貼り付けると、解答の画像をファイルに保存し、判定（唯一解・複数解・解なし）を返します。",
    "help_howto": "盤面の送り方:\n"
                  "• 個別チャットではそのまま貼り付け（1 行 = 盤面の 1 行）\n"
                  "• グループでは /solve の後に盤面を書くか、盤面のメッセージに /solve で返信\n"
                  "• puzz.link の URL や .txt ファイルも使えます\n"
                  "• 盤面の画像（スクリーンショットや写真: PNG、JPEG、WebP）も読み取ります。読み取った盤面を示してから解きます",
    "help_howto_console": "盤面の送り方:\n"
                          "• 盤面を貼り付けて空行で終える（1 行 = 盤面の 1 行）。/solve の次の行から盤面を書いても可\n"
                          "• puzz.link の URL も使えます\n"
                          "• 盤面の画像（スクリーンショットや写真: PNG、JPEG、WebP）も読み取ります。/image ファイルのパス で"
                          "送るか、ファイルのパスを貼り付けてください。読み取った盤面を示してから解きます",
    "help_genres": "• {commands} でジャンルを指定",
    "help_genres_variants": "• {commands} でジャンルを指定。{variants}",
    "help_examples": "例（ジャンルごとに 1 つ）:",
    "help_commands": "コマンド:",
    "cmd_start": "このボットについて",
    "cmd_help": "盤面の送り方と例",
    "cmd_solve": "盤面を解く: /solve <盤面または URL>",
    "cmd_genre": "{genre}として解く",
    "cmd_genre_variants": "{genre}として解く。{variants}",
    "cmd_spoiler": "画像をネタバレ防止にする: /spoiler on|off",
    "cmd_spoiler_console": "",  # (画像はファイル: /help に載せない)
    "no_board": "コマンドの後に盤面を書くか（1 行 = 1 行）、盤面のメッセージに {command} で返信してください。",
    "no_board_console": "{command} の次の行から盤面を書き（1 行 = 1 行）、空行で終えてください。",
    "unknown_command": "/{command} は知らないコマンドです。/help をご覧ください。",
    "ask_genre": "この盤面は {options} のどれでも読めます。どのジャンルですか？",
    "choice_expired": "この質問は期限切れです。盤面をもう一度送ってください。",
    "queued": "あなたの盤面は待ち行列の {position} 番目です。少々お待ちください。",
    "queue_full": "ただいま混み合っています。1 分ほどしてからもう一度お試しください。",
    "user_busy": "すでに {count} 個の盤面が処理待ちです。答えが届いてから次を送ってください。",
    "worker_crashed": "申し訳ありません。この盤面の処理中にソルバーが停止したため、答えを出せませんでした。"
                      "他の盤面には影響ありません。もう一度お試しください。",
    "worker_killed": "申し訳ありません。時間がかかりすぎたため処理を止めました（制限 {limit:g} 秒）。",
    "solver_unavailable": "申し訳ありません。ソルバーが一時的に使えないため、いまは解けません。数分後にもう一度お試しください。",
    "bot_restarting": "申し訳ありません。ボットを再起動中のため、この盤面は解けませんでした。1 分ほどしてからもう一度送ってください。",
    "board_too_large": "申し訳ありません。この盤面は大きすぎて、使えるメモリの範囲では解けません。もっと小さな盤面でお試しください。",
    "internal_error": "申し訳ありません。ボット側で問題が起きました。記録しましたので後ほど対応します。",
    "verdict_unique": "唯一解 ✓",
    "verdict_solved": "解けました",
    "verdict_multiple": "複数解（2 つの解を表示、違うマスに印）",
    "verdict_none": "解なし",
    "verdict_timeout": "{limit:g} 秒以内に解けませんでした",
    "verdict_invalid": "盤面がルールに合っていません",
    "verdict_error": "内部エラー",
    "caption_head": "{genre} {rows}×{cols}: {verdict}",
    "caption_rule": "ルール: {rule}",
    "caption_time": "解答時間 {seconds} 秒",
    "caption_time_cached": "解答時間 {seconds} 秒（キャッシュ）",
    "caption_play": "遊ぶ: {url}",
    "caption_why": "理由: {reason}",
    "none_reason": "この盤面ではすべてのルールを満たす答えがなく、原因となる少数のヒントも特定できませんでした。盤面に打ち間違いがないか確かめてください。",
    "verdict_timeout_solution": "解あり（唯一性は未確認）",
    "timeout_solution": "この解は正しいです。ただし、解がこれだけかどうかは {limit:g} 秒以内に確かめられませんでした。",
    "timeout_hint": "盤面が大きすぎるか、ヒントが少なすぎるかもしれません。小さい盤面にするか、入力を確認してください。",
    "spoiler_state": "このチャットの解答画像はネタバレ防止{state}。",
    "spoiler_on": "あり",
    "spoiler_off": "なし",
    "spoiler_usage": "/spoiler on または /spoiler off と送ってください。",
    "admins_only": "この設定はグループの管理者だけが変更できます。",
    "document_too_big": "盤面のファイルとしては大きすぎます（{size} バイト、上限 {limit}）。",
    "document_unreadable": "このファイルをテキストとして読めませんでした（{reason}）。盤面はテキスト形式の .txt ファイル"
                           "（UTF-8、UTF-16、Shift-JIS、EUC-JP）で 1 行 = 盤面の 1 行にして送るか、メッセージに貼り付けてください。",
    "document_binary": "画像や圧縮ファイルなどのバイナリファイルのようです",
    "document_encoding": "文字コードを判別できませんでした",
    "misspelt_genre": "1 行目の '{word}' は知らないジャンル名です。{genre}（'{name}'）のことですか？",
    "parse_hint": "/help でジャンルごとの盤面の例を見られます。",
    "not_a_board": "盤面はテキスト、puzz.link の URL、.txt ファイル、または盤面の画像（PNG、JPEG、WebP）で送ってください。",
    "image_usage": "盤面の画像は /image ファイル名 で送ってください（PNG、JPEG、WebP）。",
    "image_cannot_open": "{path} を開けませんでした: {reason}。",
    "image_read": "画像からこの盤面を読み取りました（違うところがあればコピーして直し、送り返してください）:",
    "image_unsure": "画像からこの盤面を読み取りましたが、{count} マスに自信がありません: {which}。そのマスを直して送り返すか、"
                    "「{button}」を押してこのまま解いてください。",
    "image_size_unsure": "画像から {rows}x{cols} の盤面を読み取りましたが、線がかすれていて行数か列数を数え間違えたかもしれません。"
                         "下の盤面を確かめて、直して送り返すか「{button}」を押してこのまま解いてください。",
    "image_cell": "{row} 行 {col} 列: {token}",
    "image_cell_or": "{row} 行 {col} 列: {token}（{alternatives} かも）",
    "image_misread": "画像の問題は答えがひとつのはずなので、どこかのマスを読み違えたかもしれません。"
                     "上の盤面を画像と見比べて、違うところがあれば直して送り返してください。",
    "image_solve_as_read": "このまま解く",
    "image_unreadable": "その画像から盤面を読み取れませんでした: {reason}",
    "image_too_big": "画像が大きすぎます（{size} MB、上限 {limit} MB）。小さめのスクリーンショットか写真を送ってください。",
    "image_timeout": "画像が大きく、読み取りに時間がかかりすぎました。盤面だけの小さめのスクリーンショットか写真を送ってください。",
    "image_timeout_busy": "いま混み合っていて、画像の読み取りに時間がかかりすぎました（画像のせいではありません）。1 分ほどしてからもう一度送ってください。",
    "image_timeout_hard": "画像の読み取りに時間がかかりすぎました。盤面だけを正面から写した、鮮明なスクリーンショットか写真を送ってください。",
    "image_why_too-large": "ファイルが大きすぎます。{limit} MB 以下の画像を送ってください。",
    "image_why_not-an-image": "開ける画像ではありません。PNG、JPEG、WebP のスクリーンショットか写真を送ってください。",
    "image_why_too-many-pixels": "画素数が多すぎます。小さめの画像を送ってください。",
    "image_why_too-small": "小さすぎて読めません。大きめのスクリーンショットか写真を送ってください。",
    "image_why_blank": "何も写っていないようです。パズルの盤面のスクリーンショットか写真を送ってください。",
    "image_why_no-grid": "パズルの盤面が見つかりませんでした。盤面全体がまっすぐ鮮明に写った画像を送ってください。",
    "image_why_grid-size": "見つけた盤面の大きさ（5x5 から 40x40 マス以外）には対応していません。",
    "image_why_unclear": "盤面は見つかりましたが、ほとんどのマスを読み取れませんでした。明るく鮮明に、正面から撮った画像を送ってください。",
    "image_why_no-clues": "盤面は見つかりましたが、丸も数字もありませんでした。",
    "image_why_small-board": "盤面は見つかりましたが、写真の中で小さすぎて読めません（1 マスが数ピクセル）。盤面が画像の大部分を占めるように、近づいて撮るか、スクリーンショットなら撮る前に拡大してください。",
    "console_hello": "puzzlebot コンソールチャット。盤面を貼り付けて空行で終えてください。/help でヘルプ、Ctrl-D か /quit で終了。",
    "console_choose": "番号か名前で答えてください:",
    "console_choose_range": "1〜{count} の番号（または一覧の名前）で答えるか、別の盤面を貼り付けてください。",
    "console_picture": "画像: {path}",
    "console_bye": "さようなら。",
    "console_spoiler": "コンソールは画像をファイルに保存するだけなので、ここではネタバレ防止はありません。"
                       "/spoiler on|off は Telegram と Discord のチャットで解答画像をネタバレ防止にするかを決めます"
                       "（グループでは既定でオン、個人チャットではオフ）。",
    # -- the daily puzzle (was bot/daily/texts.py) ---------------------------------------------------
    "cmd_daily": "今日のパズル: /daily [ジャンル] [easy|medium|hard]",
    "cmd_solution": "今日のパズルの答え（ネタバレ防止付き）",
    "cmd_solution_console": "今日のパズルの答え（画像をファイルに保存）",
    "cmd_hint": "今日のパズルのヒント（1 マスずつ）",
    "cmd_stats": "連続記録と今日のランキング",
    "cmd_answer": "今日のパズルに答える: /answer <盤面>（投稿への返信でも可）",
    "cmd_answer_console": "今日のパズルに答える: /answer <盤面>",
    "cmd_subscribe": "毎日パズルを配信: /subscribe [ジャンル|mix] [easy|medium|hard] [HH:MM]",
    "cmd_subscribe_console": "起動中は毎日パズルを配信: /subscribe [ジャンル|mix] [easy|medium|hard] [HH:MM]",
    "cmd_unsubscribe": "配信を止める: /unsubscribe [ジャンル]",
    "daily_date": "{date.year}年{date.month}月{date.day}日",
    "daily_caption": "🧩 今日の{genre}・{date}\n{rows}×{cols}・{difficulty}{play}\n"
                     "この画像に返信して答えを 1 行ずつ書いてください: {notation}。\n"
                     "/hint でヒント、/solution で答え、/stats でランキング。",
    "daily_caption_console": "🧩 今日の{genre}・{date}\n{rows}×{cols}・{difficulty}{play}\n"
                             "/answer の次の行から答えを 1 行ずつ書き、最後に空行を送ってください: {notation}。\n"
                             "/hint でヒント、/solution で答え、/stats でランキング。",
    "daily_play": "\nオンラインで遊ぶ: {url}",
    "daily_making_now": "今日の{genre}（{difficulty}）を作っています。少々お待ちください…",
    "daily_preparing": "今日の{genre}（{difficulty}）は準備中です。1 分ほどしてからもう一度どうぞ。",
    "daily_not_made": "今日の{genre}（{difficulty}）を今は作れませんでした。しばらくしてからもう一度、または別のジャンルか難易度でどうぞ。",
    "daily_usage": "{words} がわかりませんでした。/daily [ジャンル] [easy|medium|hard] の形で"
                   "送ってください（例: /daily {example} hard）。",
    "daily_about": "（{genre} {rows}×{cols}・{difficulty}）",
    "daily_none_here": "このチャットにはまだ今日のパズルがありません。先に /daily を送り、その画像に返信してください。",
    "daily_none_here_for": "このチャットにはまだ今日のパズルがないので /{command} できません。"
                           "/daily で今日のパズルを出してから、もう一度 /{command} を送ってください。",
    "daily_none_here_console": "まだ今日のパズルがありません。先に /daily を送り、/answer で答えを書いてください。",
    "daily_solution": "今日の{genre}の答え・{date}（{rows}×{cols}、{difficulty}）",
    "daily_name": "{name} さん",
    "daily_name_unknown": "あなた",
    "daily_right": "✅ {name}正解！ {time}{hints}。このチャットで {rank} 位です。",
    "daily_right_hints": "（ヒント {count} 回）",
    "daily_already": "{name}はもう {time} で解いています。",
    "daily_wrong": "❌ {name}、まだ違います: {reason}",
    "daily_unreadable": "🤔 答えとして読めませんでした: {reason}\n解いた盤面を 1 行ずつ書いてください: {notation}。",
    "daily_no_answer": "/answer の後に答えを 1 行ずつ書いてください: {notation}。",
    "daily_hint": "💡 {name}へのヒント {number}/{total}: {text}",
    "daily_hint_solved": "{name}はもう解いています。",
    "daily_hint_none": "{name}、ヒントはもうありません。",
    "daily_stats_user": "📊 {name}: 連続 {streak} 日、最高 {best} 日、解いた日数 {total} 日。",
    "daily_stats_head": "今日のこのチャット:",
    "daily_stats_empty": "このチャットでは今日のパズルにまだ誰も挑戦していません。",
    "daily_stats_solved": "{place}. {name} — {genre} {difficulty} — {time}、ヒント {hints} 回",
    "daily_stats_playing": "… {name} — {genre} {difficulty} — 挑戦中（ヒント {hints} 回、誤答 {wrong} 回）",
    "web_play_it": "▶ 解いてみる",
    "web_board_solved": "正解です！",
    "web_title_board": "{genre} · 解いてみる",
    "web_hint_text": "💡 ヒント {number}/{total}: {text}",
    "web_hint_none": "ヒントはもうありません。",
    "web_play_private": "今日のパズルを遊ぶあなた専用のリンクです（あなたの名前で記録されます。共有しないでください）:",
    "web_play": "▶ 遊ぶ",
    "web_title": "{genre} · 今日のパズル",
    "web_undo": "戻す",
    "web_redo": "やり直す",
    "web_clear": "消去",
    "web_check": "チェック",
    "web_submit": "提出",
    "web_mode_line": "線",
    "web_mode_cross": "×",
    "web_mode_shade": "黒",
    "web_mode_dot": "・",
    "web_mode_mark": "記号",
    "web_mode_erase": "消しゴム",
    "web_hint": "ヒント",
    "web_check_ok": "今のところルール違反はありません。",
    "web_nothing_yet": "まだ何も書き込まれていません。先に盤面に答えを書き込んでください。",
    "web_solved": "正解！チャットに知らせました。",
    "web_already": "もう解いています。",
    "web_not_signed": "答えを提出するには、ボットの「遊ぶ」ボタンからこのページを開いてください。",
    "web_help_cell-loop": "マスの中心をなぞって線を引きます。線をもう一度なぞると消えます。",
    "web_help_edge-loop": "格子線をなぞってループを引きます。辺をタップすると 線 / × / なし が切り替わります。",
    "web_help_shade": "マスをタップで黒、もう一度で点、もう一度で消去。",
    "web_help_mark": "マスをタップで記号、もう一度で ×、もう一度で消去。",
    "web_help_number": "マスをタップして数字を入力します。",
    "web_help_rect": "角から角へドラッグして長方形を描きます。長方形をタップすると消えます。",
    "web_help_bridge": "島から島へドラッグして橋を架けます（3 回目で消えます）。",
    "web_help_loop-shade": "線：マスの中心をなぞってループを引きます。黒：マスをタップで黒、もう一度で点、もう一度で消去。",
    "web_rate_limited": "短い間に試しすぎです。1 分待ってください。",
    "web_unknown_puzzle": "このパズルは存在しません。",
    "web_link_invalid": "このリンクは（もう）有効ではありません。",
    "web_notice_title": "パズルがありません",
    "web_notice_help": "チャットの投稿からもう一度パズルを開いてください（今日のパズルは /daily で表示されます）。",
    "daily_hint_private": "💡 {name}、ヒント {number}/{total} を個別メッセージで送りました（ほかの人のネタバレにならないように）。",
    "daily_right_unranked": "✅ {name}正解！ {time}{hints}。{seen}を見た後なので順位には入りません。",
    "daily_seen_solution": "答え",
    "daily_seen_hints": "ほかの人へのヒント",
    "daily_stats_unranked": "– {name} — {genre} {difficulty} — {time}、ヒント {hints} 回、順位外（{seen}を見た後）",
    "daily_subscribed": "🗓 このチャットに毎日 {time}（{zone}）に{what}を配信します。/unsubscribe で停止。",
    "daily_what_genre": "{genre}（{difficulty}）",
    "daily_what_mix": "日替わりジャンルのパズル（{difficulty}）",
    "daily_subscribed_note": "",  # (コンソールでは投稿の条件を添える)
    "daily_subscribed_note_console": "コンソールでは起動中にしか投稿しません。{time} に開いておくか、いつでも /daily で今日の問題を出せます。",
    "daily_subscribe_usage": "{words} がわかりませんでした。/subscribe [ジャンル|mix] [easy|medium|hard] [HH:MM] の形で"
                             "送ってください（例: /subscribe {example} hard 08:30）。",
    "daily_unsubscribed": "このチャットの配信を {count} 件止めました。",
    "daily_not_subscribed": "このチャットは配信を受けていません。",
    "daily_unavailable": "今日のパズルは現在利用できません（データベースを開けません）。盤面の解答は使えます。",
    "daily_mix": "日替わり",
    "difficulty_easy": "やさしい",
    "difficulty_medium": "ふつう",
    "difficulty_hard": "むずかしい",
    # -- end of the bot's section --------------------------------------------------------------------
    # -- slitherlink (genre codes) ------------------------------------------------------------------
    # -- pictures (bot/pictures.py: the title strip of a result picture) ------------------------------
    "picture-title": "{genre} {rows}×{cols} · {verdict}",
    "verdict-unique": "唯一解",
    "verdict-solved": "解",
    "verdict-timeout-solution": "解（時間内に唯一性は未確認）",
    "verdict-multiple": "複数解：2つの解と異なるマス",
    "verdict-multiple-one": "複数解：そのうちの1つ",
    "verdict-none": "解なし",
    "verdict-invalid": "問題が不正です",
    "verdict-timeout": "時間切れ",
    "verdict-error": "内部エラー",
    "verdict-marked": "（印のマス）",
}

# Words people type to the bot (difficulties), lower case -> what they mean.
UNDERSTANDS: dict[str, str] = {
    "かんたん": "easy", "簡単": "easy", "やさしい": "easy", "ふつう": "medium", "普通": "medium",
    "むずかしい": "hard", "難しい": "hard",
}
