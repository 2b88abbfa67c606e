"""Pairings by name: every player of a round, alphabetical, with board, colour and opponent."""

from __future__ import annotations

from arbiter_app.core.model import EntryKind
from arbiter_app.exports.by_name import by_name_rows, pairings_by_name_sheet
from arbiter_app.exports.html import sheet_to_html
from arbiter_app.exports.pairings import bye_words, round_from_event
from tests.support.compact import event_from_text

NAMES = {
    1: "Zimmer, Anna",
    2: "Öztürk, Ayşe",
    3: "Abbott, Carl",
    4: "nakamura, Hikaru",
    5: "Brown, Dee",
}


def test_every_player_once_in_alphabetical_order_accents_and_case_aside() -> None:
    rs = round_from_event(
        event_from_text("1: +W2\n2: -B1\n3: =W4\n4: =B3\n5: +BYE", names=NAMES), 1
    )
    rows = by_name_rows(rs)
    assert [r.name for r in rows] == [
        "Abbott, Carl",
        "Brown, Dee",
        "nakamura, Hikaru",
        "Öztürk, Ayşe",
        "Zimmer, Anna",
    ]
    where = {r.name: (r.board, r.colour, r.opponent) for r in rows}
    board_of = {b.white.tpn: b.board for b in rs.boards}
    assert where["Zimmer, Anna"] == (str(board_of[1]), "White", "Öztürk, Ayşe (2)")
    assert where["Öztürk, Ayşe"] == (str(board_of[1]), "Black", "Zimmer, Anna (1)")
    assert where["nakamura, Hikaru"] == (str(board_of[3]), "Black", "Abbott, Carl (3)")
    assert where["Brown, Dee"] == ("–", "", "pairing-allocated bye")


def test_us_chess_says_bye_where_fide_says_pairing_allocated_bye() -> None:
    assert bye_words(EntryKind.PAIRING_BYE, us_chess=True) == "bye"
    assert bye_words(EntryKind.PAIRING_BYE, us_chess=False) == "pairing-allocated bye"
    assert bye_words(EntryKind.HALF_BYE, us_chess=True) == "half-point bye (requested)"


def test_the_sheet_lists_everyone_and_says_how_many() -> None:
    rs = round_from_event(
        event_from_text("1: +W2\n2: -B1\n3: =W4\n4: =B3\n5: +BYE", names=NAMES), 1
    )
    sheet = pairings_by_name_sheet(rs, us_chess=True)
    assert sheet.title == "Pairings by name — round 1"
    table = sheet.tables()[0]
    assert [c.title for c in table.columns] == [
        "Player",
        "No",
        "Pts",
        "Board",
        "Colour",
        "Opponent",
    ]
    assert len(table.rows) == 5
    assert table.rows[1][5] == "bye"
    assert sheet.footer.startswith("5 players in alphabetical order")
    assert "Öztürk, Ayşe" in sheet_to_html(sheet)


def test_a_us_chess_event_s_sheets_and_panel_say_bye() -> None:
    from arbiter_app.core.model import RuleSet
    from arbiter_app.exports.pairings import pairings_sheet
    from arbiter_app.ui.rows import pairing_rows

    text = "1: +W2\n2: -B1\n3: =W4\n4: =B3\n5: +BYE"
    for rule_set, words in ((RuleSet.USCF, "bye"), (RuleSet.FIDE_2024, "pairing-allocated bye")):
        event = event_from_text(text, names=NAMES, rule_set=rule_set)
        rs = round_from_event(event, 1)
        assert rs.us_chess is (rule_set is RuleSet.USCF)
        assert pairings_sheet(rs).tables()[1].rows[0][3] == words
        assert [r.opponent for r in by_name_rows(rs) if r.board == "–"] == [words]
        rows = pairing_rows(event, 1, [])
        assert [r.result_text for r in rows if r.black is None] == [f"{words} (1)"]
