"""One result vocabulary: keys, notation, labels and the entries a result gives both players."""

from __future__ import annotations

from fractions import Fraction

import pytest

from arbiter_app.core.model import STANDARD, Colour, EntryKind, Outcome, RoundEntry
from arbiter_app.core.result import OTHER_KEYS, GameResult


def test_result_keys_map_to_results() -> None:
    assert GameResult.from_key("1") is GameResult.WHITE_WINS
    assert GameResult.from_key("0") is GameResult.BLACK_WINS
    assert GameResult.from_key("=") is GameResult.DRAW
    assert GameResult.from_key("+") is GameResult.WHITE_FORFEIT_WIN
    assert GameResult.from_key("-") is GameResult.BLACK_FORFEIT_WIN
    assert GameResult.from_key("x") is GameResult.DOUBLE_FORFEIT
    assert GameResult.from_key("X") is GameResult.DOUBLE_FORFEIT
    assert GameResult.from_key("*") is GameResult.DOUBLE_FORFEIT
    assert GameResult.from_key("5") is GameResult.DRAW
    assert GameResult.from_key("½") is GameResult.DRAW
    assert GameResult.from_key("q") is None
    assert GameResult.from_key("") is None
    assert set(OTHER_KEYS) == {"5", "½", "*"}


@pytest.mark.parametrize("result", list(GameResult))
def test_every_spelling_reads_back(result: GameResult) -> None:
    """The journal's text, the key, the sheet's label and the screen's label all parse back."""
    assert GameResult.parse(result.value) is result
    assert GameResult.from_key(result.key) is result
    assert GameResult.parse(result.sheet) is result
    assert GameResult.parse(result.label) is result


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("1-0", GameResult.WHITE_WINS),
        ("1:0", GameResult.WHITE_WINS),
        ("0 – 1", GameResult.BLACK_WINS),
        ("1/2", GameResult.DRAW),
        ("½", GameResult.DRAW),
        ("½-½", GameResult.DRAW),
        ("0.5-0.5", GameResult.DRAW),
        ("=", GameResult.DRAW),
        ("+:-", GameResult.WHITE_FORFEIT_WIN),
        ("+/-", GameResult.WHITE_FORFEIT_WIN),
        ("-/+", GameResult.BLACK_FORFEIT_WIN),
        ("- -", GameResult.DOUBLE_FORFEIT),
    ],
)
def test_the_usual_notations(text: str, result: GameResult) -> None:
    assert GameResult.parse(text) is result


@pytest.mark.parametrize("text", ["2-0", "1-2", "", "draw", "1-1"])
def test_anything_else_is_refused_with_the_accepted_spellings(text: str) -> None:
    with pytest.raises(ValueError, match=r"not a result: .* \(use 1-0, 0-1, 1/2"):
        GameResult.parse(text)


@pytest.mark.parametrize("result", list(GameResult))
def test_both_sides_of_a_result_agree_and_read_back(result: GameResult) -> None:
    white, black = result.entries(1, 2, 2100, 2000)
    assert white.opponent == 2 and black.opponent == 1
    assert white.colour is Colour.WHITE and black.colour is Colour.BLACK
    assert (white.opponent_rating, black.opponent_rating) == (2000, 2100)
    if white.kind is EntryKind.GAME:
        assert white.outcome is not None and black.outcome is not None
        assert white.outcome.pairs_with(black.outcome)
        assert white.rated is black.rated is result.is_rated
    elif result is GameResult.DOUBLE_FORFEIT:
        assert white.kind is black.kind is EntryKind.FORFEIT_LOSS
    else:
        assert {white.kind, black.kind} == {EntryKind.FORFEIT_WIN, EntryKind.FORFEIT_LOSS}
    assert GameResult.of_entries(white, black) is result
    assert result.is_forfeit is (white.kind is not EntryKind.GAME)


def test_points_and_pgn_follow_the_result() -> None:
    """A forfeit scores as a win over the board; PGN has no forfeit, so it shows the score."""
    points = {
        r: (r.entries(1, 2)[0].points(STANDARD), r.entries(1, 2)[1].points(STANDARD))
        for r in GameResult
    }
    assert points[GameResult.WHITE_FORFEIT_WIN] == points[GameResult.WHITE_WINS] == (1, 0)
    assert points[GameResult.DOUBLE_FORFEIT] == (0, 0)
    assert [r.pgn for r in GameResult][:6] == ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "*"]
    assert GameResult.DRAW.label == GameResult.DRAW.sheet == "½-½"


def test_a_game_in_progress_has_no_result() -> None:
    assert GameResult.of_entries(None, None) is None
    white, _ = GameResult.DRAW.entries(1, 2)
    assert white.outcome is Outcome.DRAW
    assert GameResult.of_entries(RoundEntry(EntryKind.NOT_PAIRED), None) is None


def test_there_is_one_result_type() -> None:
    """Issue 12: results were two enums (and a third in the pairing engine) with several
    readers; now every package uses :class:`GameResult`."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "arbiter_app"
    pattern = re.compile(r"class (\w*Result)\((enum\.)?Enum\)")
    found = sorted(
        f"{path.relative_to(root)}:{match.group(1)}"
        for path in root.rglob("*.py")
        for match in pattern.finditer(path.read_text("utf-8"))
    )
    assert found == ["core/result.py:GameResult"]


# --- the results FIDE knows (issue 23, item 3) -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "result", "white_points", "black_points"),
    [
        ("½-0", GameResult.WHITE_HALF, Fraction(1, 2), Fraction(0)),
        ("1/2-0", GameResult.WHITE_HALF, Fraction(1, 2), Fraction(0)),
        ("0.5-0", GameResult.WHITE_HALF, Fraction(1, 2), Fraction(0)),
        ("0-1/2", GameResult.BLACK_HALF, Fraction(0), Fraction(1, 2)),
        ("0-½", GameResult.BLACK_HALF, Fraction(0), Fraction(1, 2)),
        ("0-0", GameResult.BOTH_LOSE, Fraction(0), Fraction(0)),
        ("0:0", GameResult.BOTH_LOSE, Fraction(0), Fraction(0)),
    ],
)
def test_unequal_results_score_each_side_apart(
    text: str, result: GameResult, white_points: Fraction, black_points: Fraction
) -> None:
    """Laws of Chess article 12.9 (the arbiter reduces the offender's points, or declares
    the game lost and decides the opponent's score); checklist Q24 and Q180: ½-0, 0-½ and
    0-0 are games played, scored unequally, and rated (TRF ``=``/``0`` and ``0``/``0``)."""
    parsed = GameResult.parse(text)
    assert parsed is result
    white, black = parsed.entries(1, 2)
    assert white.kind is black.kind is EntryKind.GAME
    assert (white.points(STANDARD), black.points(STANDARD)) == (white_points, black_points)
    assert white.rated and black.rated
    assert not parsed.is_forfeit


@pytest.mark.parametrize(
    ("text", "result", "outcome"),
    [
        ("1-0 unrated", GameResult.WHITE_WINS_UNRATED, Outcome.WIN),
        ("1-0 UNRATED", GameResult.WHITE_WINS_UNRATED, Outcome.WIN),
        ("W-L", GameResult.WHITE_WINS_UNRATED, Outcome.WIN),
        ("½-½ unrated", GameResult.DRAW_UNRATED, Outcome.DRAW),
        ("1/2 unrated", GameResult.DRAW_UNRATED, Outcome.DRAW),
        ("d-d", GameResult.DRAW_UNRATED, Outcome.DRAW),
        ("0-1 unrated", GameResult.BLACK_WINS_UNRATED, Outcome.LOSS),
        ("0-1 nr", GameResult.BLACK_WINS_UNRATED, Outcome.LOSS),
        ("L-W", GameResult.BLACK_WINS_UNRATED, Outcome.LOSS),
    ],
)
def test_games_not_rated(text: str, result: GameResult, outcome: Outcome) -> None:
    """Checklist Q185; TRF-26 codes ``W D L``: a game played but not rated scores as
    played and carries ``rated=False`` on both sides."""
    parsed = GameResult.parse(text)
    assert parsed is result
    white, black = parsed.entries(1, 2)
    assert white.outcome is outcome and not white.rated and not black.rated
    assert not parsed.is_rated and not parsed.is_forfeit
    assert GameResult.of_entries(white, black) is result


@pytest.mark.parametrize("text", ["+- unrated", "-- nr", "1-1 unrated", "W-W", "0-0-0"])
def test_a_forfeit_or_nonsense_is_not_a_game_not_rated(text: str) -> None:
    """A forfeit is not a game (C.07 article 16), so it has no 'not rated' form."""
    with pytest.raises(ValueError, match="a game not rated"):
        GameResult.parse(text)


def test_keys_of_the_new_results() -> None:
    """h ½-0, j 0-½, z 0-0; w d l a game not rated, read from White's side as TRF's codes."""
    keys = {k: GameResult.from_key(k) for k in "hjzwdlHJZWDL"}
    assert keys["h"] is keys["H"] is GameResult.WHITE_HALF
    assert keys["j"] is GameResult.BLACK_HALF
    assert keys["z"] is GameResult.BOTH_LOSE
    assert keys["w"] is keys["W"] is GameResult.WHITE_WINS_UNRATED
    assert keys["d"] is GameResult.DRAW_UNRATED
    assert keys["l"] is GameResult.BLACK_WINS_UNRATED


def test_a_one_sided_reading_of_a_board() -> None:
    """Without Black's entry (a play-off's head-to-head), White's side is read as the usual
    result; with it, the unequal result is kept."""
    white, black = GameResult.WHITE_HALF.entries(1, 2)
    assert GameResult.of_entries(white, None) is GameResult.DRAW
    assert GameResult.of_entries(white, black) is GameResult.WHITE_HALF
