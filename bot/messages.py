"""The bot's words in English and Japanese: one catalogue, looked up by key and language.

Other modules (the daily puzzle, future front-ends) add their own keys with :func:`register`.
"""

from __future__ import annotations

from typing import Any

Catalogue = dict[str, dict[str, str]]  # key -> {"en": ..., "ja": ...}

_MESSAGES: Catalogue = {
    "start": {
        "en": "Hi! I solve pencil puzzles: Masyu, Yin-Yang, Numberlink and Shikaku.\n"
              "Send me a board as text, a puzz.link URL or a .txt file and I reply with a picture "
              "of the solution and a verdict (unique, several solutions, no solution).",
        "ja": "こんにちは！ペンシルパズル（ましゅ・しろまるくろまる・ナンバーリンク・四角に切れ）を解きます。\n"
              "盤面をテキスト、puzz.link の URL、.txt ファイルで送ると、解答の画像と判定"
              "（唯一解・複数解・解なし）を返します。",
    },
    "help_howto": {
        "en": "How to send a board:\n"
              "• in a private chat, just paste it (one row per line);\n"
              "• in a group, write /solve followed by the board, or reply /solve to a message holding one;\n"
              "• puzz.link URLs and .txt files work too;\n"
              "• /masyu, /yinyang, /numberlink, /shikaku force the genre (/numberlink fill = Flow rule).",
        "ja": "盤面の送り方:\n"
              "• 個別チャットではそのまま貼り付け（1 行 = 盤面の 1 行）\n"
              "• グループでは /solve の後に盤面を書くか、盤面のメッセージに /solve で返信\n"
              "• puzz.link の URL や .txt ファイルも使えます\n"
              "• /masyu /yinyang /numberlink /shikaku でジャンルを指定（/numberlink fill は Flow ルール）",
    },
    "help_examples": {"en": "Examples (one per genre):", "ja": "例（ジャンルごとに 1 つ）:"},
    "help_commands": {"en": "Commands:", "ja": "コマンド:"},
    "cmd_start": {"en": "what this bot does", "ja": "このボットについて"},
    "cmd_help": {"en": "how to send a board, with examples", "ja": "盤面の送り方と例"},
    "cmd_solve": {"en": "solve a board: /solve <board or puzz.link URL>", "ja": "盤面を解く: /solve <盤面または URL>"},
    "cmd_genre": {"en": "solve a {genre} board", "ja": "{genre}として解く"},
    "cmd_numberlink": {"en": "solve a Numberlink board (/numberlink fill = Flow rule)",
                       "ja": "ナンバーリンクとして解く（/numberlink fill で Flow ルール）"},
    "cmd_spoiler": {"en": "pictures behind a spoiler here: /spoiler on|off",
                    "ja": "画像をネタバレ防止にする: /spoiler on|off"},
    "no_board": {
        "en": "Send the board after the command (one row per line), or reply with {command} to a message holding it.",
        "ja": "コマンドの後に盤面を書くか（1 行 = 1 行）、盤面のメッセージに {command} で返信してください。",
    },
    "unknown_command": {"en": "I don't know /{command}. See /help.",
                        "ja": "/{command} は知らないコマンドです。/help をご覧ください。"},
    "ask_genre": {
        "en": "This board could be {options}. Which genre is it?",
        "ja": "この盤面は {options} のどれでも読めます。どのジャンルですか？",
    },
    "choice_expired": {
        "en": "That question has expired: please send the board again.",
        "ja": "この質問は期限切れです。盤面をもう一度送ってください。",
    },
    "queued": {
        "en": "Your board is #{position} in the queue; the picture follows shortly.",
        "ja": "あなたの盤面は待ち行列の {position} 番目です。少々お待ちください。",
    },
    "queue_full": {
        "en": "Sorry, I am solving too many boards right now. Please try again in a minute.",
        "ja": "ただいま混み合っています。1 分ほどしてからもう一度お試しください。",
    },
    "user_busy": {
        "en": "You already have {count} boards waiting. Please wait for their answers before sending more.",
        "ja": "すでに {count} 個の盤面が処理待ちです。答えが届いてから次を送ってください。",
    },
    "worker_crashed": {
        "en": "Sorry, the solver stopped while working on your board, so there is no answer for it. "
              "Other boards are not affected; you may try again.",
        "ja": "申し訳ありません。この盤面の処理中にソルバーが停止したため、答えを出せませんでした。"
              "他の盤面には影響ありません。もう一度お試しください。",
    },
    "worker_killed": {
        "en": "Sorry, your board took far too long and was stopped (limit {limit:g} s).",
        "ja": "申し訳ありません。時間がかかりすぎたため処理を止めました（制限 {limit:g} 秒）。",
    },
    "internal_error": {
        "en": "Sorry, something went wrong on my side. The problem has been logged.",
        "ja": "申し訳ありません。ボット側で問題が起きました。記録しましたので後ほど対応します。",
    },
    # verdicts
    "verdict_unique": {"en": "unique solution ✓", "ja": "唯一解 ✓"},
    "verdict_solved": {"en": "solved", "ja": "解けました"},
    "verdict_multiple": {"en": "several solutions (two shown, differences marked)",
                         "ja": "複数解（2 つの解を表示、違うマスに印）"},
    "verdict_none": {"en": "no solution", "ja": "解なし"},
    "verdict_timeout": {"en": "not decided within {limit:g} s", "ja": "{limit:g} 秒以内に解けませんでした"},
    "verdict_invalid": {"en": "the board breaks the rules", "ja": "盤面がルールに合っていません"},
    "verdict_error": {"en": "internal error", "ja": "内部エラー"},
    "caption_head": {"en": "{genre} {rows}×{cols}: {verdict}", "ja": "{genre} {rows}×{cols}: {verdict}"},
    "caption_time": {"en": "Solved in {seconds} s", "ja": "解答時間 {seconds} 秒"},
    "caption_time_cached": {"en": "Solved in {seconds} s (from cache)",
                            "ja": "解答時間 {seconds} 秒（キャッシュ）"},
    "caption_play": {"en": "Play: {url}", "ja": "遊ぶ: {url}"},
    "caption_why": {"en": "Why: {reason}", "ja": "理由: {reason}"},
    "none_reason": {
        "en": "No way to satisfy every rule exists for these givens.",
        "ja": "この盤面ではすべてのルールを満たす解がありません。",
    },
    "timeout_hint": {
        "en": "The board may be too large or too open. Try a smaller board, or check it for typos.",
        "ja": "盤面が大きすぎるか、ヒントが少なすぎるかもしれません。小さい盤面にするか、入力を確認してください。",
    },
    "spoiler_state": {
        "en": "Solution pictures in this chat are {state} a spoiler.",
        "ja": "このチャットの解答画像はネタバレ防止{state}。",
    },
    "spoiler_on": {"en": "behind", "ja": "あり"},
    "spoiler_off": {"en": "not behind", "ja": "なし"},
    "spoiler_usage": {"en": "Use /spoiler on or /spoiler off.",
                      "ja": "/spoiler on または /spoiler off と送ってください。"},
    "admins_only": {
        "en": "Only the group's administrators can change that.",
        "ja": "この設定はグループの管理者だけが変更できます。",
    },
    "document_too_big": {
        "en": "That file is too large for a board ({size} bytes; at most {limit}).",
        "ja": "盤面のファイルとしては大きすぎます（{size} バイト、上限 {limit}）。",
    },
    "document_unreadable": {
        "en": "I could not read that file as text. Send a plain .txt file with one board row per line.",
        "ja": "ファイルをテキストとして読めませんでした。1 行 = 盤面の 1 行の .txt ファイルを送ってください。",
    },
    "parse_hint": {"en": "/help shows an example board for each genre.",
                   "ja": "/help でジャンルごとの盤面の例を見られます。"},
    "not_a_board": {
        "en": "I read boards as text, puzz.link URLs or .txt files; pictures of puzzles are not supported.",
        "ja": "盤面はテキスト、puzz.link の URL、.txt ファイルで送ってください。パズルの画像には対応していません。",
    },
    "console_hello": {
        "en": "puzzlebot console chat. Paste a board and end it with an empty line; /help for help; "
              "Ctrl-D to quit.",
        "ja": "puzzlebot コンソールチャット。盤面を貼り付けて空行で終えてください。/help でヘルプ、Ctrl-D で終了。",
    },
    "console_choose": {
        "en": "Answer with a number or a name:",
        "ja": "番号か名前で答えてください:",
    },
    "console_picture": {"en": "Picture: {path}", "ja": "画像: {path}"},
    "console_bye": {"en": "Bye.", "ja": "さようなら。"},
}


def register(entries: Catalogue) -> None:
    """Add (or override) keys: ``register({"daily_title": {"en": "...", "ja": "..."}})``."""
    for key, texts in entries.items():
        if "en" not in texts:
            raise ValueError(f"message {key!r} needs an English text")
        _MESSAGES[key] = dict(texts)


def lang_of(code: str | None) -> str:
    """The catalogue language for a platform language code ("ja-JP" -> "ja"; unknown -> "en")."""
    return "ja" if code and code.lower().startswith("ja") else "en"


def t(lang: str, key: str, **kwargs: Any) -> str:
    """The text for ``key`` in ``lang`` (English when missing), formatted with ``kwargs``."""
    texts = _MESSAGES[key]
    template = texts.get(lang_of(lang)) or texts["en"]
    return template.format(**kwargs) if kwargs else template


def has(key: str) -> bool:
    return key in _MESSAGES
