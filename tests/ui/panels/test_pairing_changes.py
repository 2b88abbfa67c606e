"""Changing a board by hand, and correcting results, in a ``.arbiter`` file through the panel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import EntryKind, Outcome
from arbiter_app.core.pairing import Board, Moved, RoundPairing, move_onto_board
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, EnterResult, RecordPairings
from arbiter_app.ui.dialogs.pairing import Candidate, PairingDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.pairings import PairingsPanel
from tests.support.sessions import TickingClock, run_entry
from tests.support.warning_dialogs import click_through
from tests.ui.conftest import shown_pairings_panel


def five_players(path: Path) -> Session:
    """Round 1 played (5 had the bye); round 2 paired 2–5 and 3–4, 1 has a half-point bye."""
    session = Session.create(
        path, name="Club Swiss", system="swiss", rounds=4, clock=TickingClock(), durable=False
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100), ("Cid", 2000), ("Dee", 1900)):
        session.run(AddPlayer(name=name, rating=rating))
    session.run(AddPlayer(name="Eve", rating=1800))
    session.run(RecordPairings(round=1, boards=[[1, 3], [4, 2]], byes=[[5, "pairing-bye"]]))
    session.run(EnterResult(round=1, board=1, result="1-0"))
    session.run(EnterResult(round=1, board=2, result="1/2"))
    session.run(RecordPairings(round=2, boards=[[2, 5], [3, 4]], byes=[[1, "half-bye"]]))
    return session


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "club.arbiter"


@pytest.fixture
def document(path: Path) -> Iterator[EventDocument]:
    document = EventDocument(five_players(path))
    yield document
    document.close()


@pytest.fixture
def panel(qtbot: QtBot, document: EventDocument) -> PairingsPanel:
    panel = shown_pairings_panel(qtbot, document)
    panel.show_round(2)
    panel.view.setFocus()
    return panel


def session_of(document: EventDocument) -> Session:
    return document.session


def stored_boards(path: Path, round_no: int) -> list[tuple[int, int]]:
    """The boards as another program reading the file sees them."""
    with Session.open(path, readonly=True) as other:
        return [(b.white, b.black) for b in other.boards(round_no)]


def open_dialog(panel: PairingsPanel, row: int) -> PairingDialog:
    panel.select_row(row)
    panel.change_button.click()
    dialog = panel.pairing_dialog
    assert dialog is not None and dialog.isVisible()
    return dialog


def click_ok(qtbot: QtBot, dialog: PairingDialog) -> None:
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def choose(qtbot: QtBot, dialog: PairingDialog, colour: str, tpn: int) -> None:
    """Pick *tpn* in the White or Black box with the keyboard, as the arbiter would."""
    box = dialog.white if colour == "White" else dialog.black
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_Home)
    while box.currentData() != tpn:
        before = box.currentIndex()
        qtbot.keyClick(box, Qt.Key.Key_Down)
        assert box.currentIndex() != before, f"{tpn} is not offered"


def black_of_board_2(qtbot: QtBot, panel: PairingsPanel, tpn: int) -> PairingDialog:
    """Change pairing on board 2 (3–4), *tpn* chosen as Black."""
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "Black", tpn)
    return dialog


def test_the_dialog_offers_every_player_the_round_can_pair(
    qtbot: QtBot, panel: PairingsPanel
) -> None:
    dialog = open_dialog(panel, 1)
    offered = [dialog.white.itemData(i) for i in range(dialog.white.count())]
    # Board 2 is 3–4, then board 1's 2 and 5, then 1 with a half-point bye.
    assert offered == [3, 4, 2, 5, 1]
    assert dialog.white.itemText(2) == "2. Ben (board 1, White)"
    assert dialog.white.itemText(4) == "1. Ann (half-point bye (½))"
    assert dialog.choice() == (3, 4)
    assert dialog.windowTitle() == "Change the pairing of board 2, round 2"
    assert dialog.effect.text() == "No other board changes."
    assert not dialog.give_bye.isVisible()
    dialog.reject()


def test_a_player_from_another_board_swaps_places(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    """Board 2 takes 2 from board 1; 4, displaced, plays 5 there as White (FIDE C.02)."""
    dialog = black_of_board_2(qtbot, panel, 2)
    assert dialog.effect.text() == "Board 1: 4. Dee – 5. Eve."
    assert not dialog.give_bye.isVisible()
    click_ok(qtbot, dialog)
    assert stored_boards(path, 2) == [(4, 5), (3, 2)]
    entry = session_of(document).journal()[-1]
    assert entry.arguments == {"round": 2, "board": 2, "white": 3, "black": 2, "swap": True}
    assert document.undo_label() == "swap onto board 2, round 2"
    assert [panel.model.cell(r, 1) + " v " + panel.model.cell(r, 3) for r in (0, 1)] == [
        "4. Dee v 5. Eve",
        "3. Cid v 2. Ben",
    ]


def test_a_swap_that_repeats_a_game_names_every_board_it_changes(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    """5 comes to board 2; 4, displaced, would meet 2 again on board 1 (C.04.1 b)."""
    dialog = black_of_board_2(qtbot, panel, 5)
    assert dialog.effect.text() == "Board 1: 2. Ben – 4. Dee."
    log = click_through(["Confirm"])
    click_ok(qtbot, dialog)
    (box,) = log.seen
    assert str(box["text"]).startswith(
        "Round 2 changed by hand (board 2: 3 Cid v 5 Eve; board 1: 2 Ben v 4 Dee) breaks this"
        " pairing rule."
    )
    assert "players 2 and 4 already played each other in round 1" in str(box["details"])
    assert box["default"] == "Cancel"
    assert stored_boards(path, 2) == [(2, 4), (3, 5)]


def test_a_displaced_player_gets_the_bye_or_is_left_without_a_board(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "White", 1)  # Ann leaves her half-point bye; 3 is displaced
    assert dialog.effect.text() == "3. Cid gets the pairing-allocated bye."
    assert dialog.give_bye.isVisible()
    assert dialog.give_bye.text() == "Give 3. Cid the pairing-allocated bye"
    qtbot.mouseClick(dialog.give_bye, Qt.MouseButton.LeftButton)
    assert dialog.effect.text() == "3. Cid has no board this round."
    qtbot.mouseClick(dialog.give_bye, Qt.MouseButton.LeftButton)
    click_ok(qtbot, dialog)
    assert stored_boards(path, 2) == [(2, 5), (1, 4)]
    assert document.tournament.entry(3, 2).kind is EntryKind.PAIRING_BYE
    rows = [panel.model.pairing(r) for r in range(panel.model.rowCount())]
    assert [(r.white, r.result_text) for r in rows if not r.is_board] == [
        (3, "pairing-allocated bye (1)")
    ]


def test_swapping_colours_is_stored_in_the_file(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    dialog = open_dialog(panel, 0)
    qtbot.mouseClick(dialog.swap_button, Qt.MouseButton.LeftButton)
    assert dialog.choice() == (5, 2)
    click_ok(qtbot, dialog)
    assert stored_boards(path, 2) == [(5, 2), (3, 4)]
    entry = session_of(document).journal()[-1]
    assert entry.command == "change_pairing"
    # No rule was broken, so nothing was confirmed.
    assert entry.arguments == {"round": 2, "board": 1, "white": 5, "black": 2}
    assert panel.model.cell(0, 1) == "5. Eve"
    assert panel.model.cell(0, 3) == "2. Ben"


def test_a_player_with_a_bye_goes_on_the_board(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "White", 4)
    choose(qtbot, dialog, "Black", 1)
    assert dialog.choice() == (4, 1)
    click_ok(qtbot, dialog)
    assert stored_boards(path, 2) == [(2, 5), (4, 1)]
    event = document.tournament
    # The half-point bye is gone with the game; 3, taken off the board, is not paired.
    assert event.entry(1, 2).kind is not EntryKind.HALF_BYE
    # 3, taken off the board with nobody on the bye, gets the pairing-allocated bye.
    assert event.entry(3, 2).kind is EntryKind.PAIRING_BYE


def test_a_change_breaking_a_rule_shows_it_and_waits_for_confirmation(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    """The session's level-3 question (FIDE C.02, manual pairings) is put by the window's
    one dialog helper: the rule and its article first, Cancel the default."""
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "Black", 1)
    assert dialog.choice() == (3, 1)
    log = click_through(["Confirm"])
    click_ok(qtbot, dialog)
    (box,) = log.seen
    assert box["title"] == "Please confirm"
    # 4, displaced, gets the pairing-allocated bye: the question names it with the board,
    # and the bye above the lowest score it can go to as well (C.04.3 2.3.1 [C5], Q66).
    assert box["text"] == (
        "Round 2 changed by hand (board 2: 3 Cid v 1 Ann; 4 Dee gets the pairing-allocated"
        " bye) breaks these 2 pairing rules. Change it anyway? The change is journalled with"
        " the rules it breaks."
    )
    assert "already played each other in round 1" in str(box["details"])
    assert "player 4 gets the pairing-allocated bye on a score of" in str(box["details"])
    assert "C.04.1" in str(box["details"])  # the article
    assert sorted(box["buttons"]) == ["Cancel", "Confirm"]  # type: ignore[type-var]
    assert box["default"] == "Cancel"
    assert stored_boards(path, 2) == [(2, 5), (3, 1)]
    entry = session_of(document).journal()[-1]
    assert entry.command == "change_pairing"
    assert entry.arguments == {
        "round": 2,
        "board": 2,
        "white": 3,
        "black": 1,
        "swap": True,
        "confirm": True,
    }
    # The override is recorded with the rule it breaks.
    overrides = [
        k for k in session_of(document).state.tables["records"] if k[0] == "pairing-override"
    ]
    assert overrides == [("pairing-override", "2.2")]
    assert panel.model.cell(1, 3) == "1. Ann"


def test_cancelling_the_confirmation_changes_nothing(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    journal = session_of(document).journal()
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "Black", 1)
    log = click_through(["Cancel"])
    click_ok(qtbot, dialog)
    assert len(log.seen) == 1
    assert session_of(document).journal() == journal
    assert stored_boards(path, 2) == [(2, 5), (3, 4)]
    assert document.tournament.entry(1, 2).kind is EntryKind.HALF_BYE


def test_cancelling_the_dialog_changes_nothing(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    journal = session_of(document).journal()
    dialog = open_dialog(panel, 0)
    qtbot.mouseClick(dialog.swap_button, Qt.MouseButton.LeftButton)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert session_of(document).journal() == journal
    assert stored_boards(path, 2) == [(2, 5), (3, 4)]
    # OK on the board as it was runs nothing either.
    dialog = open_dialog(panel, 0)
    click_ok(qtbot, dialog)
    assert session_of(document).journal() == journal


def test_the_same_player_twice_is_not_accepted(qtbot: QtBot, panel: PairingsPanel) -> None:
    dialog = open_dialog(panel, 0)
    choose(qtbot, dialog, "Black", 2)
    assert dialog.choice() == (2, 2)
    click_ok(qtbot, dialog)
    assert dialog.isVisible()
    assert dialog.problem.isVisible()
    assert "cannot play themself" in dialog.problem.text()
    dialog.reject()


def test_a_board_with_a_result_keeps_its_pairing_and_says_why(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument
) -> None:
    journal = session_of(document).journal()
    panel.show_round(1)
    panel.select_row(0)
    assert panel.change_button.isEnabled()
    panel.change_button.click()
    box = panel.message
    assert box is not None and box.isVisible()
    assert box.text() == "Board 1 of round 1 has its result (1-0): its pairing stays as it is."
    assert "undo the result first" in box.informativeText()
    assert panel.pairing_dialog is None
    assert session_of(document).journal() == journal


def test_the_context_menu_and_the_button_follow_the_selection(
    qtbot: QtBot, panel: PairingsPanel
) -> None:
    bye_row = 2  # after the two boards: 1's half-point bye
    assert not panel.model.pairing(bye_row).is_board
    panel.select_row(bye_row)
    assert not panel.change_button.isEnabled()
    assert not panel.context_menu().actions()[0].isEnabled()
    panel.select_row(1)
    assert panel.change_button.isEnabled()
    menu = panel.context_menu()
    action, results, rating = menu.actions()
    assert action.text() == "Change pairing…" and action.isEnabled()
    assert results.text() == "Result" and results.isEnabled()
    assert rating.text() == "Correct for the rating report only…"
    action.trigger()
    assert panel.pairing_dialog is not None and panel.pairing_dialog.choice() == (3, 4)
    panel.pairing_dialog.reject()


def test_a_refusal_for_another_reason_is_shown_plainly(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument
) -> None:
    journal = session_of(document).journal()
    # 5 plays on board 1: the session refuses to put them on board 2 as well.
    panel.apply_pairing(2, 2, 3, 5)
    box = panel.message
    assert box is not None and "plays on board 1" in box.text()
    assert session_of(document).journal() == journal


def test_untitled_the_change_is_checked_as_in_a_file(qtbot: QtBot, document: EventDocument) -> None:
    """One path: the same change on the same event, untitled, gets the same questions."""
    untitled = EventDocument(untitled_copy(document.session))
    panel = PairingsPanel(untitled)
    qtbot.addWidget(panel)
    panel.show_round(2)
    journal = untitled.session.journal()
    assert not panel.apply_pairing(2, 2, 3, 5)
    assert panel.message is not None and "plays on board 1" in panel.message.text()
    assert untitled.session.journal() == journal
    untitled.close()


def untitled_copy(session: Session) -> Session:
    """An untitled event holding the same journal as *session* (its commands run again)."""
    copy = Session.create_untitled(name="Club Swiss", rounds=4, clock=TickingClock())
    for entry in session.journal()[1:]:
        run_entry(copy, entry.command, **entry.arguments)
    return copy


def test_pairing_dialog_by_fields(qtbot: QtBot) -> None:
    candidates = [
        Candidate(3, "Cid", "White on this board"),
        Candidate(4, "Dee", "Black on this board"),
        Candidate(1, "Ann", "board 1, White"),
        Candidate(2, "Ben", "board 1, Black"),
    ]
    round_2 = RoundPairing(2, (Board(1, 1, 2), Board(2, 3, 4)))

    def preview(white: int, black: int, bye: bool) -> Moved:
        return move_onto_board(round_2, 2, white, black, bye_to_displaced=bye)

    dialog = PairingDialog(2, 2, 3, 4, candidates, preview, "bye")
    qtbot.addWidget(dialog)
    assert not dialog.changed and not dialog.moves_others
    dialog.swap_colours()
    assert dialog.changed and dialog.choice() == (4, 3)
    assert dialog.effect.text() == "No other board changes."
    dialog.set_players(1, 2)
    assert dialog.effect.text() == "Board 1: 3. Cid – 4. Dee."
    assert dialog.moves_others
    dialog.set_players(4, 3)
    dialog.accept()
    assert dialog.result() == PairingDialog.DialogCode.Accepted


# -- results corrections ----------------------------------------------------------------------


def test_retyping_a_result_corrects_it(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "1")
    assert session_of(document).journal()[-1].command == "enter_result"
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "=")
    entry = session_of(document).journal()[-1]
    assert entry.command == "correct_result"
    assert entry.arguments == {"round": 2, "board": 1, "result": "1/2-1/2"}
    assert panel.model.cell(0, 2) == "½-½"
    with Session.open(path, readonly=True) as other:
        assert other.event.entry(2, 2).outcome is Outcome.DRAW
        assert other.event.entry(5, 2).outcome is Outcome.DRAW
    assert document.undo_label() == "result of board 1, round 2: ½-½"


def test_a_result_is_cleared_by_undo_only(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    """The session has no command that clears a result: undo takes an entered one back.

    A key that is no result (Delete, Backspace) changes nothing.
    """
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "0")
    journal = session_of(document).journal()
    for key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
        panel.select_row(0)
        qtbot.keyClick(panel.view, key)
    assert session_of(document).journal() == journal
    assert panel.model.cell(0, 2) == "0-1"
    document.undo()
    assert panel.model.cell(0, 2) == ""
    assert panel.summary.text() == "2 boards, 2 without a result"
    with Session.open(path, readonly=True) as other:
        assert [b.result for b in other.boards(2)] == [None, None]


def test_a_board_with_a_result_is_refused_before_any_rule_is_asked(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument
) -> None:
    """3–1 would break a rule too, but the result comes first: no confirmation is offered."""
    panel.select_row(1)
    qtbot.keyClicks(panel.view, "1")
    journal = session_of(document).journal()
    assert not panel.apply_pairing(2, 2, 3, 1)
    box = panel.message
    assert box is not None and "has a result" in box.text()
    assert "Confirm" not in [b.text() for b in box.buttons()]
    assert session_of(document).journal() == journal


def test_a_double_forfeit_typed_is_stored_as_such(
    qtbot: QtBot, panel: PairingsPanel, document: EventDocument, path: Path
) -> None:
    panel.select_row(0)  # board 1 of round 2: 2 v 5
    qtbot.keyClicks(panel.view, "x")
    entry = session_of(document).journal()[-1]
    assert (entry.command, entry.arguments["result"]) == ("enter_result", "--")
    with Session.open(path, readonly=True) as stored:
        assert stored.event.entry(2, 2).kind is EntryKind.FORFEIT_LOSS
        assert stored.event.entry(5, 2).kind is EntryKind.FORFEIT_LOSS
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "1")
    entry = session_of(document).journal()[-1]
    assert (entry.command, entry.arguments["result"]) == ("correct_result", "1-0")


@pytest.fixture
def font_scaled(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[float]:
    """The application's font at *scale* times its size for one test (then as it was):
    what a machine with other fonts, or a larger desktop font, gives the dialog."""
    scale = float(request.param)
    before = QApplication.font()
    font = QFont(before)
    font.setPointSizeF(before.pointSizeF() * scale)
    QApplication.setFont(font)
    yield scale
    QApplication.setFont(before)


@pytest.mark.parametrize("font_scaled", [0.75, 1.0, 1.5, 2.5], indirect=True)
def test_the_dialog_lays_out_every_control_and_each_takes_its_click_whatever_the_font(
    qtbot: QtBot, panel: PairingsPanel, font_scaled: float
) -> None:
    """Issue 26: with fonts other than Noto the click on the bye's box missed it (the box
    was as wide as the row; a check box takes clicks on its mark and text only)."""
    dialog = open_dialog(panel, 1)
    choose(qtbot, dialog, "White", 1)
    qtbot.wait(20)  # the layout settles, as on screen
    room = dialog.rect()
    for widget in dialog.findChildren(QWidget):
        if widget.isVisible() and widget.parent() is dialog:
            assert room.contains(widget.geometry()), (widget.accessibleName(), font_scaled)
    assert dialog.give_bye.isVisible() and dialog.give_bye.isChecked()
    qtbot.mouseClick(dialog.give_bye, Qt.MouseButton.LeftButton)
    assert not dialog.give_bye.isChecked()
    assert dialog.effect.text() == "3. Cid has no board this round."
    dialog.reject()
