"""The words people read: counts take the right noun ("1 cell", "2 cells"), never "cell(s)"."""

from __future__ import annotations

import string

import pytest

from bot.i18n import LANGUAGES, catalogue, say, t
from solvers.errors import Message
from solvers.registry import GENRES


def _templates() -> list[tuple[str, str, str]]:
    """(language, code, template) for the bot's catalogues and every genre's own words."""
    out = [(lang, code, text) for lang in LANGUAGES for code, text in catalogue(lang).TEXTS.items()]
    out += [(lang, code, text) for g in GENRES.values() for lang, words in g.messages.items()
            for code, text in words.items()]
    return out


def test_no_template_hedges_a_plural() -> None:
    assert [(lang, code) for lang, code, text in _templates() if "(s)" in text or "(es)" in text] == []


def test_every_plural_choice_has_two_forms_and_fills_in() -> None:
    """A ``{n:one|other}`` field is read with a whole number: both forms fill in for 1 and for 2."""
    for lang, code, text in _templates():
        for _, field, spec, _ in string.Formatter().parse(text):
            if field and spec and "|" in spec:
                assert spec.count("|") == 1, (lang, code)
                for n in (1, 2):
                    said = say(Message(code, {field: n}), lang)
                    assert "|" not in said and "#" not in said.replace("# for", ""), (lang, code, said)


@pytest.mark.parametrize(("msg", "one", "two"), [
    (Message("shikaku-tiling", {"count": 1, "cell": (0, 0)}), "1 cell is in no rectangle: row 1, column 1.",
     "2 cells are in no rectangle, e.g. row 1, column 1."),
    (Message("sudoku-blank", {"count": 1, "n": 9, "cell": (2, 3)}), "1 cell has no number 1-9: row 3, column 4.",
     "2 cells have no number 1-9, e.g. row 3, column 4."),
    (Message("nurikabe-island-size", {"number": 3, "cell": (0, 0), "size": 1}),
     "The island of the 3 at row 1, column 1 has 1 cell, not 3.",
     "The island of the 3 at row 1, column 1 has 2 cells, not 3."),
    (Message("starbattle-row-short", {"row": 2, "need": 1, "got": 0}), "Row 2 needs 1 more star, but",
     "Row 2 needs 2 more stars, but"),
    (Message("hashiwokakero-connected", {"count": 1, "cell": (0, 0)}),
     "1 island is cut off from the rest: row 1, column 1.", "2 islands are cut off from the rest, e.g."),
])
def test_a_count_of_one_takes_the_singular(msg: Message, one: str, two: str) -> None:
    assert say(msg).startswith(one)
    key = next(k for k in ("count", "size", "need") if k in msg.params)
    assert say(Message(msg.code, {**msg.params, key: 2})).startswith(two)


def test_the_bots_own_counts() -> None:
    assert t("en", "daily_stats_user", name="Ann", streak=1, best=4, total=7) == (
        "📊 Ann: streak 1 day, best 4, 7 days solved.")
    assert t("en", "daily_right_hints", count=1) == " with 1 hint"
    assert t("en", "board-too-small", rows=1, cols=3, min_rows=2, min_cols=2).startswith(
        "The board has 1 row and 3 columns;")
    assert say(Message("starbattle-stars-touch", {"stars": 1, "size": 2, "need": 2, "most": 1})).startswith(
        "1 star per line cannot fit a 2x2 board")
    assert "マスが 1 個" in say(Message("sudoku-blank", {"count": 1, "n": 9, "cell": (0, 0)}), "ja")


def test_a_count_held_as_a_numpy_integer_picks_its_noun_too() -> None:
    """Counts worked out with numpy reach the words as numpy integers, not Python ints."""
    import numpy as np

    one = Message("shikaku-tiling", {"count": np.int64(1), "cell": (0, 0)})
    assert say(one, "en") == "1 cell is in no rectangle: row 1, column 1."


NEVER_ONE = {"yinyang-white-split", "yinyang-black-split"}  # the count of parts a colour is split into: 2 or more


def test_japanese_says_e_g_only_of_more_than_one() -> None:
    """「3 行 4 列 など 1 マス」 ("row 3, column 4 and others: 1 cell") read wrong: with a count of one
    the cell is the only one. A Japanese template that says など beside a count says it only when
    the count is more than one."""
    etc = []
    for lang, code, text in _templates():
        fields = {f for _, f, _, _ in string.Formatter().parse(text) if f}
        if lang != "ja" or "など" not in text or "count" not in fields or code in NEVER_ONE:
            continue
        params = {"count": 1, "cell": (2, 3), "number": 5, "n": 9}
        one, three = say(Message(code, params), "ja"), say(Message(code, {**params, "count": 3}), "ja")
        if "など" in one:
            etc.append(code)
        else:
            assert "3 行 4 列" in one and "など" in three, (code, one, three)
    assert etc == []
    assert say(Message("hitori-connected", {"count": 1, "cell": (2, 3)}), "ja") == (
        "白マスが分断されています。3 行 4 列のマスが残りとつながっていません。")
