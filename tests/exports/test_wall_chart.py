"""The US wall chart: by pairing number, a cell per round with the result, the opponent's
number, the colour and the running score; US Chess ID and rating beside the name."""

from __future__ import annotations

from arbiter_app.core.model import Colour, EntryKind, Event, Outcome, Player, RoundEntry
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.wall_chart import result_code, wall_chart_rows, wall_chart_sheet

W, B = Colour.WHITE, Colour.BLACK


def _event() -> Event:
    players = (
        Player(1, "ALDEN, ROSA", rating=2150, national_id="12000001", national_rating=2140),
        Player(2, "BRANDT, OWEN", national_id="12000002", national_rating=1985),
        Player(3, "CASTELLO, MIRA", national_id="12000003", national_rating=1920),
        Player(4, "DUARTE, FELIX", national_id="12000004"),
        Player(5, "EKWUEME, NIA", national_id="12000005", national_rating=1610),
    )
    entries = {
        1: (RoundEntry.game(3, W, Outcome.WIN), RoundEntry.game(2, B, Outcome.DRAW),
            RoundEntry(EntryKind.HALF_BYE)),
        2: (RoundEntry(EntryKind.FORFEIT_WIN, 4, W), RoundEntry.game(1, W, Outcome.DRAW),
            RoundEntry.game(3, B, Outcome.LOSS)),
        3: (RoundEntry.game(1, B, Outcome.LOSS), RoundEntry(EntryKind.PAIRING_BYE),
            RoundEntry.game(2, W, Outcome.WIN)),
        4: (RoundEntry(EntryKind.FORFEIT_LOSS, 2, B), RoundEntry(EntryKind.WITHDRAWN),
            RoundEntry(EntryKind.WITHDRAWN)),
        5: (RoundEntry(EntryKind.PAIRING_BYE), RoundEntry(EntryKind.ZERO_BYE),
            RoundEntry(EntryKind.NOT_PAIRED)),
    }  # fmt: skip
    return Event(players=players, entries=entries, planned_rounds=4)


def test_cells_by_pairing_number_with_colour_and_running_score() -> None:
    rows = wall_chart_rows(_event())
    assert [(r.number, r.member_id, r.rating) for r in rows] == [
        (1, "12000001", "2140"),  # the US Chess rating beside the name
        (2, "12000002", "1985"),
        (3, "12000003", "1920"),
        (4, "12000004", "unr."),
        (5, "12000005", "1610"),
    ]
    assert [r.cells for r in rows] == [
        ("W3 w 1", "D2 b 1½", "H--- 2", ""),
        ("X4 1", "D1 w 1½", "L3 b 1½", ""),
        ("L1 b 0", "B--- 1", "W2 w 2", ""),
        ("F2 0", "U--- 0", "U--- 0", ""),
        ("B--- 1", "U--- 1", "U--- 1", ""),
    ]
    assert [r.total for r in rows] == ["2", "1½", "2", "0", "1"]


def test_a_forfeit_without_its_opponent_says_so() -> None:
    assert result_code(RoundEntry(EntryKind.FORFEIT_WIN)) == "X---"


def test_the_sheet_and_its_html() -> None:
    sheet = wall_chart_sheet(_event())
    (table,) = sheet.tables()
    assert [c.title for c in table.columns] == [
        "No", "Name", "US Chess ID", "Rtg", "Rd 1", "Rd 2", "Rd 3", "Rd 4", "Total",
    ]  # fmt: skip
    assert table.rows[0] == ("1", "ALDEN, ROSA", "12000001", "2140", "W3 w 1", "D2 b 1½",
                             "H--- 2", "", "2")  # fmt: skip
    html = sheet_to_html(sheet)
    # A cell is kept on one line: non-breaking spaces and hyphens.
    assert "Wall chart" in html and "H\u2011\u2011\u2011\xa02" in html
    assert "B--- full-point bye" in html


def test_a_game_without_its_result_is_blank_not_unplayed() -> None:
    rows = wall_chart_rows(_event(), frozenset({(3, 2), (3, 3)}))
    assert rows[1].cells[2] == "" and rows[2].cells[2] == ""
    assert rows[0].cells[2] == "H--- 2"
