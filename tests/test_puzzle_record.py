"""The Puzzle value and its FORMATS.md record form."""

import json

import pytest

from bot.i18n import say
from solvers.errors import InvalidPuzzle, ParseError
from solvers.notation import BLACK, WHITE
from solvers.puzzle import Puzzle, rooms_from_walls
from solvers.registry import GENRES, find_genre, get_genre
from solvers.verdict import Status
from tests.corpus import own_records, shared_params


@pytest.mark.parametrize("rec", [*own_records(), *shared_params()], ids=lambda r: r["id"])
def test_every_corpus_record_round_trips(rec: dict) -> None:
    p = Puzzle.from_record(rec)
    assert (p.rows, p.cols) == (rec["rows"], rec["cols"])
    assert p.grid_lines() == [" ".join(line.split()) for line in rec["grid"]]
    out = p.to_record()
    assert Puzzle.from_record(out) == p and Puzzle.from_record(out).key() == p.key()
    # the genre's extra fields (rooms, a star count, a rule variant) are written back unchanged
    if "regions" in rec:
        assert out["regions"] == [" ".join(line.split()) for line in rec["regions"]]
    for key in ("stars", "fill"):
        if rec.get(key):
            assert out[key] == rec[key]
    assert set(out) - {"id", "genre", "rows", "cols", "grid", "regions", "stars", "fill"} == set()


def test_circle_tokens() -> None:
    p = Puzzle.from_record({"genre": "masyu", "grid": ["W . B", ". . ."]})
    assert p[0, 0] == WHITE and p[0, 2] == BLACK and p.rows == 2 and p.cols == 3


@pytest.mark.parametrize(
    ("rec", "words"),
    [
        ({"genre": "masyu", "grid": ["W . q", ". . ."]}, "'q' at row 1, column 3"),
        ({"genre": "shikaku", "grid": ["2 . .", ". 0 ."]}, "'0' at row 2, column 2"),
        ({"genre": "chess", "grid": ["1"]}, "Unknown genre 'chess'"),
        ({"genre": "masyu", "grid": []}, "non-empty list"),
    ],
)
def test_bad_records_are_named(rec: dict, words: str) -> None:
    with pytest.raises(ParseError, match=words):
        Puzzle.from_record(rec)


def test_rooms_from_walls_numbers_rooms_by_first_cell_and_ignores_a_dangling_wall() -> None:
    # 3 x 3: the top-left cell walled off; the wall right of (1, 0) ends inside the room around it
    right = [[True, False], [True, False], [False, False]]
    down = [[True, False, False], [False, False, False]]
    assert rooms_from_walls(3, 3, right, down) == ((1, 2, 2), (2, 2, 2), (2, 2, 2))
    right[2][0] = down[1][0] = True  # now (1, 0) and (2, 0) are walled off too
    assert rooms_from_walls(3, 3, right, down) == ((1, 2, 2), (3, 2, 2), (4, 2, 2))


def test_ragged_rows_are_invalid() -> None:
    with pytest.raises(InvalidPuzzle, match="Row 2 has 2 cells, the rows above have 3"):
        Puzzle.from_record({"genre": "yinyang", "grid": ["W . B", ". ."]})


def test_registry_aliases() -> None:
    assert {"masyu", "yinyang", "numberlink", "shikaku", "slitherlink"} <= set(GENRES)
    for name, want in [("Mashu", "masyu"), ("pearl", "masyu"), ("yin-yang", "yinyang"),
                       ("しろまるくろまる", "yinyang"), ("numlin", "numberlink"), ("Arukone", "numberlink"),
                       ("flow", "numberlink"), ("rect", "shikaku"), ("四角に切れ", "shikaku")]:
        assert find_genre(name).name == want
    assert find_genre("notagenre") is None


def test_a_japanese_name_is_found_in_either_kana_and_width() -> None:
    """へやわけ is written in hiragana, but its へ looks exactly like the katakana ヘ: a player may type
    either, or the whole name in katakana or half-width kana; every way reads as the genre."""
    from solvers.registry import genres_written_in

    for name, want in [("へやわけ", "heyawake"), ("ヘやわけ", "heyawake"), ("ヘヤワケ", "heyawake"),
                       ("ﾍﾔﾜｹ", "heyawake"), ("ぬりカベ", "nurikabe"), ("ヌリカベ", "nurikabe"),
                       ("すりざーりんく", "slitherlink"), ("ヒトリニシテクレ", "hitori")]:
        assert find_genre(name) is GENRES[want], name
    for text in ("これはヘやわけです", "これはヘヤワケです", "これはへやわけです"):
        assert [g.name for g in genres_written_in(text)] == ["heyawake"], text
    assert genres_written_in("しかくの問題です") == []  # a katakana name read as hiragana is an everyday word


def test_katakana_and_hiragana_fold_into_each_other_over_the_whole_range() -> None:
    """One table turns katakana into hiragana (names looked up) and back (hiragana titles looked
    for in katakana): ァ..ヶ and ぁ..ゖ, ends included; the long-vowel mark and ・ stay."""
    from solvers.registry import _TO_HIRAGANA, _TO_KATAKANA

    assert "ァヴヶーヲ・".translate(_TO_HIRAGANA) == "ぁゔゖーを・"
    assert "ぁゔゖーを".translate(_TO_KATAKANA) == "ァヴヶーヲ"


def test_a_failing_model_is_an_error_verdict_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    from solvers.engine import solve_record

    def broken(self, puzzle, options):
        raise RuntimeError("boom")

    monkeypatch.setattr(type(get_genre("masyu")), "solve", broken)
    rid, res = solve_record({"id": "x", "genre": "masyu", "grid": ["W . .", ". . .", ". . B"]})
    assert rid == "x" and res.status is Status.ERROR and res.solution is None
    assert "bug in the bot" in say(res.message)


def test_a_board_travels_unchanged_as_a_job_payload() -> None:
    """The taskiq payload is the record: regions, variants and params survive it."""
    flow = Puzzle("numberlink", ((1, 0, 2), (0, 0, 0), (1, 0, 2)), variants=frozenset({"fill"}))
    assert Puzzle.from_record(json.loads(json.dumps(flow.to_record()))) == flow
    assert flow.key() != Puzzle("numberlink", flow.cells).key()  # the rule is part of the board
