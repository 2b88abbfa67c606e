"""One result vocabulary: keys, notation, labels and the entries a result gives both players."""

from __future__ import annotations

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
        assert black.outcome is (white.outcome.opposite if white.outcome else None)
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
    assert [r.pgn for r in GameResult] == ["1-0", "0-1", "1/2-1/2", "1-0", "0-1", "*"]
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
