"""Bad input: every problem is reported at once, each with its line and column."""

from __future__ import annotations

import pytest

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.trf import parse_trf
from arbiter_app.core.trf.records import cell_start
from tests.core.trf.tec import TEC_TRF

BASE = TEC_TRF.read_text(encoding="utf-8")
LINES = BASE.splitlines()
HEADER = next(i for i, line in enumerate(LINES) if line.startswith("001"))
"""Records before the first player record in tec-2024.trf."""


def _player_line(tpn: int) -> int:
    """1-based line number of player *tpn*'s record."""
    return HEADER + tpn


def _edit(lines: list[str], line_no: int, column: int, text: str) -> None:
    """Overwrite *text* at 1-based *column* of 1-based *line_no*."""
    line = lines[line_no - 1].ljust(column - 1 + len(text))
    lines[line_no - 1] = line[: column - 1] + text + line[column - 1 + len(text) :]


def _issues(lines: list[str]) -> tuple[Issue, ...]:
    with pytest.raises(InputError) as caught:
        parse_trf("\n".join(lines) + "\n", "tec.trf")
    return caught.value.issues


def _result_col(round_no: int) -> int:
    return cell_start(round_no) + 10


def _opponent_col(round_no: int) -> int:
    return cell_start(round_no) + 3


def test_the_base_file_is_clean() -> None:
    assert parse_trf(BASE).warnings == ()
    assert LINES[_player_line(1) - 1].startswith("001    1 ")


def test_unknown_result_code_is_named_where_it_stands() -> None:
    """A code TRF does not define in a round with no opponent cannot be a game whose result
    is not known (that one is read: tests/core/trf/test_unknown_results.py): refused."""
    lines = list(LINES)
    _edit(lines, _player_line(1), _opponent_col(1), "0000 - X")
    issues = _issues(lines)
    issue = next(i for i in issues if i.column == 99)
    assert (issue.line, issue.column) == (_player_line(1), 99)
    assert "unknown result code 'X'" in issue.message
    assert "player 1, round 1" in issue.message
    assert str(issue).startswith(f"tec.trf:{_player_line(1)}:99: ")


def test_an_opponent_who_is_not_a_player() -> None:
    lines = list(LINES)
    _edit(lines, _player_line(1), _opponent_col(1), "  99")
    issues = _issues(lines)
    assert (
        Issue("tec.trf", _player_line(1), 92, "round 1: player 1's opponent 99 is not in the file")
        in issues
    )
    # Player 9 still names player 1, whose record now names someone else.
    assert any(i.line == _player_line(9) and "player 9 meets player 1" in i.message for i in issues)


def test_a_one_sided_result() -> None:
    """Player 5 lost to 13 in round 1; make 5's line claim the win too."""
    lines = list(LINES)
    assert lines[_player_line(5) - 1][cell_start(1) : cell_start(1) + 10] == "    13 w 0"
    _edit(lines, _player_line(5), _result_col(1), "1")
    (issue,) = _issues(lines)
    assert (issue.line, issue.column) == (_player_line(5), 99)
    assert "player 5's result '1' against player 13 does not match player 13's result '1'" in (
        issue.message
    )
    assert f"line {_player_line(13)}" in issue.message


def test_both_players_with_the_same_colour() -> None:
    lines = list(LINES)
    _edit(lines, _player_line(5), _result_col(1) - 2, "b")
    (issue,) = _issues(lines)
    assert (issue.line, issue.column) == (_player_line(5), 97)
    assert "players 5 and 13 both have black" in issue.message


def test_a_game_on_one_record_only() -> None:
    lines = list(LINES)
    _edit(lines, _player_line(13), _opponent_col(1), "   7")
    issues = _issues(lines)
    assert any(
        i.line == _player_line(5)
        and "player 5 meets player 13, but player 13's record" in i.message
        for i in issues
    )


def test_every_problem_is_reported_at_once() -> None:
    lines = list(LINES)
    _edit(lines, _player_line(3), 49, "2x00")  # rating
    _edit(lines, _player_line(4), _result_col(2), "Q")  # result code
    _edit(lines, _player_line(6), _result_col(1) - 2, "x")  # colour
    issues = _issues(lines)
    where = {(i.line, i.column) for i in issues}
    assert {(_player_line(3), 49), (_player_line(4), 109), (_player_line(6), 97)} <= where
    messages = " | ".join(i.message for i in issues)
    assert "player 3's rating: '2x00' is not a whole number" in messages
    assert "the colour 'x' is not w, b or -" in messages


def test_cells_out_of_line() -> None:
    lines = list(LINES)
    line = lines[_player_line(2) - 1]
    lines[_player_line(2) - 1] = line[:89] + " " + line[89:]  # everything shifted right
    issues = _issues(lines)
    assert issues[0].line == _player_line(2)
    assert "out of line" in issues[0].message


@pytest.mark.parametrize(
    ("cell", "column", "words"),
    [
        ("  0000 w 1", 92, "needs an opponent"),
        ("     5 - H", 92, "has no opponent, but player 5 is named"),
        ("    1x w 1", 92, "is not a pairing number"),
        ("     9 w  ", 99, "has no result code"),
    ],
)
def test_malformed_cells(cell: str, column: int, words: str) -> None:
    lines = list(LINES)
    _edit(lines, _player_line(1), cell_start(1) + 1, cell)
    issues = _issues(lines)
    assert any(i.column == column and words in i.message for i in issues), issues


def test_points_column_disagreeing_is_a_warning() -> None:
    """Derived data: the results decide; the document says where the column is wrong."""
    lines = list(LINES)
    _edit(lines, _player_line(2), 81, " 4.5")
    doc = parse_trf("\n".join(lines) + "\n", "tec.trf")
    (warning,) = doc.warnings
    assert (warning.line, warning.column) == (_player_line(2), 81)
    assert "says 4.5 but the results add up to 4" in warning.message
    assert doc.event.score(2) == 4
    _edit(lines, _player_line(3), 81, "3,x5")
    doc = parse_trf("\n".join(lines) + "\n", "tec.trf")
    assert [(w.line, w.column) for w in doc.warnings] == [
        (_player_line(2), 81),
        (_player_line(3), 81),
    ]
    assert "'3,x5' is not a score like 11.5" in doc.warnings[1].message


def test_header_problems() -> None:
    text = "\n".join(
        [
            "012 One",
            "012 Two",
            "132" + " " * 88 + "24/02/30",
            "142 five",
            "152 R",
            "162  W 1.0    Q 0.5",
            *LINES[HEADER:],
            "240 Q 003    1",
            "240 H 003   77",
            "240 F 003    1    1",
            "260 001 005    2",
            "260 001 005    2   42",
            "ARB SYSTEM triple-swiss",
        ]
    )
    with pytest.raises(InputError) as caught:
        parse_trf(text, "h.trf")
    found = {(i.line, i.column): i.message for i in caught.value.issues}
    assert "appears again (first on line 1)" in found[(2, 1)]
    assert (3, 92) not in found  # a date that is no date is a warning, never a refusal
    assert "not a whole number" in found[(4, 5)]
    assert "is not W or B" in found[(5, 5)]
    assert "unknown result code 'Q'" in found[(6, 15)]
    n = 6 + 16
    assert "is not F, H or Z" in found[(n + 1, 5)]
    assert "there is no player 77" in found[(n + 2, 11)]
    assert "player 1 already has a bye for round 3 (line 25)" in found[(n + 3, 16)]
    assert "needs two players or more" in found[(n + 4, 13)]
    assert "there is no player 42" in found[(n + 5, 5)]
    assert "triple-swiss" in found[(n + 6, 5)]


def test_duplicate_pairing_number() -> None:
    lines = [*LINES, LINES[_player_line(16) - 1]]
    issues = _issues(lines)
    assert any(
        i.line == len(lines) and "pairing number 16 is used again" in i.message for i in issues
    )


def test_two_pairing_allocated_byes_in_a_round() -> None:
    lines = list(LINES)
    # Round 3: player 6 has the PAB; give player 12 one too in round 5, and 9 keeps its own.
    _edit(lines, _player_line(12), cell_start(5) + 1, "  0000 - U")
    issues = _issues(lines)
    assert any(
        "more than one pairing-allocated bye (U) (players 9, 12)" in i.message for i in issues
    )


def test_input_error_message_lists_every_issue() -> None:
    lines = list(LINES)
    _edit(lines, _player_line(1), _opponent_col(1), "0000 - X")
    _edit(lines, _player_line(3), 49, "abcd")
    with pytest.raises(InputError) as caught:
        parse_trf("\n".join(lines), "tec.trf")
    text = str(caught.value)
    assert f"tec.trf:{_player_line(1)}:99" in text and f"tec.trf:{_player_line(3)}:49" in text


def test_a_number_of_thousands_of_digits_is_said_not_converted() -> None:
    """Found by the fuzz long run: int() refuses a string of more than 4,300 digits (a
    line that long is now refused whole, issue 27; a number nearly as long still is not
    converted)."""
    from arbiter_app.core.errors import InputError
    from arbiter_app.core.trf import parse_trf

    with pytest.raises(InputError) as refused:
        parse_trf("012 Open\nXXR " + "9" * 4090 + "\n", "long.trf")
    assert str(refused.value) == (
        "long.trf:2:5: record XXR (number of rounds): a number of 4,090 digits is no TRF value"
    )


def test_a_date_with_a_huge_number_is_warned_about_not_raised() -> None:
    """Issue 13's ``042 2024/01/99999999999999999999`` (and thousands of digits)."""
    from arbiter_app.core.trf.dates import read_date

    for text in ("2024/01/99999999999999999999", "2024/01/" + "9" * 5000, "9" * 5000 + "/1/1"):
        assert read_date(text) is None
    assert str(read_date("18 September 2024")) == "2024-09-18"
