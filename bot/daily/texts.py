"""The daily puzzle's words (English and Japanese), added to :mod:`bot.messages`."""

from __future__ import annotations

from bot import messages

NOTATION = {
    "masyu": {"en": "draw the loop with ─ │ ┌ ┐ └ ┘ and · for an empty cell",
              "ja": "ループを ─ │ ┌ ┐ └ ┘ で、線のないマスは · で"},
    "numberlink": {"en": "draw the paths with ─ │ ┌ ┐ └ ┘, the number at each end, · for an empty cell",
                   "ja": "線を ─ │ ┌ ┐ └ ┘ で、端は数字、空きマスは · で"},
    "yinyang": {"en": "W or B for every cell", "ja": "すべてのマスに W（白）か B（黒）"},
    "shikaku": {"en": "one letter per cell, the same letter for all cells of one rectangle",
                "ja": "1 マス 1 文字、同じ長方形のマスは同じ文字"},
}

TEXTS = {
    "cmd_daily": {"en": "today's puzzle: /daily [genre] [easy|medium|hard]",
                  "ja": "今日のパズル: /daily [ジャンル] [easy|medium|hard]"},
    "cmd_solution": {"en": "the daily puzzle's solution (behind a spoiler)",
                     "ja": "今日のパズルの答え（ネタバレ防止付き）"},
    "cmd_hint": {"en": "one more cell of the daily puzzle", "ja": "今日のパズルのヒント（1 マスずつ）"},
    "cmd_stats": {"en": "your streak and today's leaderboard", "ja": "連続記録と今日のランキング"},
    "cmd_answer": {"en": "answer the daily puzzle: /answer <grid> (or reply to the post)",
                   "ja": "今日のパズルに答える: /answer <盤面>（投稿への返信でも可）"},
    "cmd_subscribe": {"en": "daily puzzle every day: /subscribe [genre|mix] [easy|medium|hard] [HH:MM]",
                      "ja": "毎日パズルを配信: /subscribe [ジャンル|mix] [easy|medium|hard] [HH:MM]"},
    "cmd_unsubscribe": {"en": "stop the daily puzzle: /unsubscribe [genre]",
                        "ja": "配信を止める: /unsubscribe [ジャンル]"},
    "daily_caption": {
        "en": "🧩 Daily {genre} · {date}\n{rows}×{cols} · {difficulty}{play}\n"
              "Reply to this picture with your answer, one line per row ({notation}). "
              "/hint for a hint, /solution for the answer, /stats for the leaderboard.",
        "ja": "🧩 今日の{genre}・{date}\n{rows}×{cols}・{difficulty}{play}\n"
              "この画像に返信して答えを 1 行ずつ書いてください（{notation}）。"
              "/hint でヒント、/solution で答え、/stats でランキング。",
    },
    "daily_play": {"en": "\nPlay online: {url}", "ja": "\nオンラインで遊ぶ: {url}"},
    "daily_preparing": {
        "en": "Today's {genre} ({difficulty}) is still being prepared. Try again in a minute.",
        "ja": "今日の{genre}（{difficulty}）は準備中です。1 分ほどしてからもう一度どうぞ。",
    },
    "daily_usage": {
        "en": "I did not understand {words}. Use /daily [genre] [easy|medium|hard], e.g. /daily masyu hard.",
        "ja": "{words} がわかりませんでした。/daily [ジャンル] [easy|medium|hard] の形で"
              "送ってください（例: /daily masyu hard）。",
    },
    "daily_none_here": {
        "en": "There is no daily puzzle in this chat today yet: send /daily first, then reply to its picture.",
        "ja": "このチャットにはまだ今日のパズルがありません。先に /daily を送り、その画像に返信してください。",
    },
    "daily_solution": {"en": "Solution of the daily {genre} · {date} ({rows}×{cols}, {difficulty})",
                       "ja": "今日の{genre}の答え・{date}（{rows}×{cols}、{difficulty}）"},
    "daily_right": {"en": "✅ {name} solved it in {time}{hints}! #{rank} in this chat.",
                    "ja": "✅ {name} さん正解！ {time}{hints}。このチャットで {rank} 位です。"},
    "daily_right_hints": {"en": " with {count} hint(s)", "ja": "（ヒント {count} 回）"},
    "daily_already": {"en": "You already solved this one in {time}, {name}.",
                      "ja": "{name} さんはもう {time} で解いています。"},
    "daily_wrong": {"en": "❌ Not right yet, {name}: {reason}", "ja": "❌ {name} さん、まだ違います: {reason}"},
    "daily_unreadable": {
        "en": "🤔 I could not read that as an answer: {reason}\nWrite the solved grid, one line per row: {notation}.",
        "ja": "🤔 答えとして読めませんでした: {reason}\n解いた盤面を 1 行ずつ書いてください: {notation}。",
    },
    "daily_no_answer": {"en": "Write your answer after /answer, one line per row: {notation}.",
                        "ja": "/answer の後に答えを 1 行ずつ書いてください: {notation}。"},
    "daily_hint": {"en": "💡 Hint {number}/{total} for {name}: {text}",
                   "ja": "💡 {name} さんへのヒント {number}/{total}: {text}"},
    "daily_hint_solved": {"en": "You already solved it, {name}: no hint needed.",
                          "ja": "{name} さんはもう解いています。"},
    "daily_hint_none": {"en": "No hints left, {name}: every cell has been revealed.",
                        "ja": "{name} さん、ヒントはもうありません。"},
    "daily_stats_user": {"en": "📊 {name}: streak {streak} day(s), best {best}, {total} day(s) solved.",
                         "ja": "📊 {name} さん: 連続 {streak} 日、最高 {best} 日、解いた日数 {total} 日。"},
    "daily_stats_head": {"en": "Today in this chat:", "ja": "今日のこのチャット:"},
    "daily_stats_empty": {"en": "Nobody has played today's puzzle in this chat yet.",
                          "ja": "このチャットでは今日のパズルにまだ誰も挑戦していません。"},
    "daily_stats_solved": {"en": "{place}. {name} — {genre} {difficulty} — {time}, {hints} hint(s)",
                           "ja": "{place}. {name} — {genre} {difficulty} — {time}、ヒント {hints} 回"},
    "daily_stats_playing": {"en": "… {name} — {genre} {difficulty} — playing ({hints} hint(s), {wrong} wrong)",
                            "ja": "… {name} — {genre} {difficulty} — 挑戦中（ヒント {hints} 回、誤答 {wrong} 回）"},
    "daily_subscribed": {"en": "🗓 This chat now gets {what} every day at {time} ({zone}). /unsubscribe to stop.",
                         "ja": "🗓 このチャットに毎日 {time}（{zone}）に{what}を配信します。/unsubscribe で停止。"},
    "daily_what_genre": {"en": "the daily {genre} ({difficulty})", "ja": "{genre}（{difficulty}）"},
    "daily_what_mix": {"en": "the daily puzzle (a different genre each day, {difficulty})",
                       "ja": "日替わりジャンルのパズル（{difficulty}）"},
    "daily_subscribe_usage": {
        "en": "I did not understand {words}. Use /subscribe [genre|mix] [easy|medium|hard] [HH:MM], "
              "e.g. /subscribe masyu hard 08:30.",
        "ja": "{words} がわかりませんでした。/subscribe [ジャンル|mix] [easy|medium|hard] [HH:MM] の形で"
              "送ってください（例: /subscribe masyu hard 08:30）。",
    },
    "daily_unsubscribed": {"en": "Stopped {count} daily subscription(s) in this chat.",
                           "ja": "このチャットの配信を {count} 件止めました。"},
    "daily_not_subscribed": {"en": "This chat has no daily subscription.",
                             "ja": "このチャットは配信を受けていません。"},
    "daily_unavailable": {"en": "The daily puzzle is unavailable right now (its database cannot be opened). "
                                "Solving boards still works.",
                          "ja": "今日のパズルは現在利用できません（データベースを開けません）。盤面の解答は使えます。"},
    "daily_mix": {"en": "mix", "ja": "日替わり"},
    "difficulty_easy": {"en": "easy", "ja": "やさしい"},
    "difficulty_medium": {"en": "medium", "ja": "ふつう"},
    "difficulty_hard": {"en": "hard", "ja": "むずかしい"},
}


def register() -> None:
    messages.register(TEXTS)


def notation(genre: str, lang: str) -> str:
    return NOTATION[genre]["ja" if lang == "ja" else "en"]


def duration(seconds: float | None) -> str:
    """``m:ss`` or ``h:mm:ss``."""
    if seconds is None:
        return "?"
    s = max(0, int(round(seconds)))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
