"""Keyboard-first result entry: 1, 0, =, +, - on a board, Enter moves to the next board."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import EntryKind, Event, Outcome
from arbiter_app.core.result import GameResult
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.panels.pairings import PairingsPanel
from tests.ui.conftest import document_of


def make_panel(qtbot: QtBot, event: Event) -> tuple[PairingsPanel, EventDocument]:
    document = document_of(event)
    panel = PairingsPanel(document)
    qtbot.addWidget(panel)
    panel.show()
    panel.view.setFocus()
    return panel, document


def test_opens_on_the_last_round_played(qtbot: QtBot, rr_event: Event) -> None:
    panel, _ = make_panel(qtbot, rr_event)
    assert panel.round.value() == 3
    assert panel.round.maximum() == 3
    assert panel.summary.text() == "2 boards, all results in"


def test_typing_results_enters_them_and_moves_down(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    # The last round played: corrections of older rounds are limited in FIDE mode (C.02).
    panel.show_round(3)
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "=")
    assert document.tournament.entry(1, 3).outcome is Outcome.DRAW
    assert document.tournament.entry(2, 3).outcome is Outcome.DRAW
    assert panel.current_row() == 1
    qtbot.keyClicks(panel.view, "0")
    # Board 2 of round 3 is 3 (White) against 4: Black wins.
    assert document.tournament.entry(4, 3).outcome is Outcome.WIN
    assert document.tournament.entry(3, 3).outcome is Outcome.LOSS
    assert panel.model.data(panel.model.index(1, 2)) == "0-1"
    # On the last board the cursor stays put.
    assert panel.current_row() == 1


def test_forfeit_keys(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    panel.show_round(2)
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "+")
    assert document.tournament.entry(3, 2).kind is EntryKind.FORFEIT_WIN
    assert document.tournament.entry(1, 2).kind is EntryKind.FORFEIT_LOSS
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "-")
    assert document.tournament.entry(3, 2).kind is EntryKind.FORFEIT_LOSS
    assert document.tournament.entry(1, 2).kind is EntryKind.FORFEIT_WIN
    assert panel.model.data(panel.model.index(0, 2)) == "- +"


def test_enter_and_arrows_move_between_boards(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    panel.select_row(0)
    qtbot.keyClick(panel.view, Qt.Key.Key_Return)
    assert panel.current_row() == 1
    qtbot.keyClick(panel.view, Qt.Key.Key_Up)
    assert panel.current_row() == 0
    qtbot.keyClick(panel.view, Qt.Key.Key_Down)
    assert panel.current_row() == 1
    # Other keys change nothing.
    before = document.tournament
    qtbot.keyClicks(panel.view, "qk?")  # z is 0-0 now (Laws of Chess 12.9)
    assert document.tournament is before


def test_double_forfeit_and_the_other_draw_keys(qtbot: QtBot, rr_event: Event) -> None:
    """x (or *) is a double forfeit, both lose; 5 and ½ are draws, as other programs take them."""
    panel, document = make_panel(qtbot, rr_event)
    panel.show_round(2)
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "x")
    assert document.tournament.entry(3, 2).kind is EntryKind.FORFEIT_LOSS
    assert document.tournament.entry(1, 2).kind is EntryKind.FORFEIT_LOSS
    assert panel.model.data(panel.model.index(0, 2)) == "- -"
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "5")
    assert document.tournament.entry(3, 2).outcome is Outcome.DRAW
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "X")
    assert panel.model.data(panel.model.index(0, 2)) == "- -"
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "½")
    assert document.tournament.entry(1, 2).outcome is Outcome.DRAW


def test_a_bye_row_takes_no_result(qtbot: QtBot, swiss_event: Event) -> None:
    panel, document = make_panel(qtbot, swiss_event)
    panel.show_round(1)
    bye_row = next(r for r in range(panel.model.rowCount()) if not panel.model.pairing(r).is_board)
    panel.select_row(bye_row)
    before = document.tournament
    qtbot.keyClicks(panel.view, "1")
    assert document.tournament is before
    # Enter skips to the next board, and there is none after the bye.
    qtbot.keyClick(panel.view, Qt.Key.Key_Enter)
    assert panel.current_row() == bye_row


def test_undo_refreshes_the_round_shown(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    panel.select_row(0)
    qtbot.keyClicks(panel.view, "1")
    assert panel.model.data(panel.model.index(0, 2)) == "1-0"
    document.undo()
    assert panel.model.data(panel.model.index(0, 2)) == "0-1"


def test_a_round_without_pairings_says_so(qtbot: QtBot, rr_event: Event) -> None:
    from dataclasses import replace

    panel, _ = make_panel(qtbot, replace(rr_event, planned_rounds=4))
    panel.show_round(4)
    assert panel.model.rowCount() == 0
    assert panel.summary.text() == "No pairings for this round yet"


def _answer_correction(panel: PairingsPanel, choose: str, seen: list[str]) -> None:
    """Answer the correction question when it shows (it is modal)."""

    def answer() -> None:
        box = panel.correction_box
        if box is None or not box.isVisible():
            QTimer.singleShot(10, answer)
            return
        seen.append(box.text())
        (button,) = [b for b in box.buttons() if b.text().startswith(choose)]
        button.click()

    QTimer.singleShot(0, answer)


@pytest.mark.correction_box
def test_typing_over_a_result_asks_and_keeps_it_unless_told(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    panel.show_round(3)
    panel.select_row(0)  # board 1: 2 beat 1
    seen: list[str] = []
    _answer_correction(panel, "Keep", seen)
    qtbot.keyClicks(panel.view, "1")
    assert seen == ["Board 1, Ada – Bea, has the result 0-1. Change it to 1-0?"]
    assert document.tournament.entry(1, 3).outcome is Outcome.LOSS
    assert panel.current_row() == 0  # kept: the cursor stays on the board
    assert isinstance(panel.correction_box, QMessageBox)
    assert panel.correction_box.defaultButton().text() == "Keep 0-1"
    _answer_correction(panel, "Change", seen)
    qtbot.keyClicks(panel.view, "1")
    assert document.tournament.entry(1, 3).outcome is Outcome.WIN
    assert panel.current_row() == 1
    QApplication.processEvents()


@pytest.mark.correction_box
def test_the_same_result_typed_again_asks_nothing(qtbot: QtBot, rr_event: Event) -> None:
    panel, document = make_panel(qtbot, rr_event)
    panel.show_round(1)
    panel.select_row(0)
    before = document.tournament
    qtbot.keyClicks(panel.view, "1")  # board 1 is 1-0 already
    assert panel.correction_box is None
    assert document.tournament is before
    assert panel.current_row() == 1


def test_a_result_typed_rewrites_its_board_only(qtbot: QtBot, swiss_event: Event) -> None:
    """A result rewrites the one line of its board (not the round: 5,000 boards at 10,000
    players), as a refresh of the whole round would show it."""
    panel, document = make_panel(qtbot, swiss_event)
    last = panel.round.value()
    board_rows = [r for r in range(panel.model.rowCount()) if panel.model.pairing(r).is_board]
    row = board_rows[-1]
    resets: list[bool] = []
    spans: list[tuple[int, int]] = []
    panel.model.modelReset.connect(lambda: resets.append(True))
    panel.model.dataChanged.connect(lambda a, b: spans.append((a.row(), b.row())))
    before = [panel.model.pairing(r) for r in range(panel.model.rowCount())]
    pairing = before[row]
    assert pairing.board is not None
    whole_rounds: list[int] = []
    read_round = document.boards
    document.boards = lambda round_no: whole_rounds.append(round_no) or read_round(round_no)  # type: ignore[method-assign]
    document.set_result(last, pairing.board, GameResult.DRAW)
    assert whole_rounds == []  # the round's boards were not read again
    assert resets == []
    assert spans == [(row, row)]
    assert panel.model.data(panel.model.index(row, 2)) == GameResult.DRAW.label
    assert panel.model.pairing(row).result is GameResult.DRAW
    after = [panel.model.pairing(r) for r in range(panel.model.rowCount())]
    assert [a for i, a in enumerate(after) if i != row] == [
        b for i, b in enumerate(before) if i != row
    ]
    # The same as a refresh of the whole round would show.
    partial = [panel.model.cell(r, c) for r in range(panel.model.rowCount()) for c in range(4)]
    panel.refresh()
    assert partial == [
        panel.model.cell(r, c) for r in range(panel.model.rowCount()) for c in range(4)
    ]


def test_a_pairing_cancelled_records_nothing(
    qtbot: QtBot, swiss_event: Event, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pairing a big round runs in a process of its own; Cancel stops it and the event is
    as it was (nothing recorded, nothing to undo)."""
    import time

    from PySide6.QtWidgets import QProgressDialog

    import arbiter_app.session.pairing as pairing_module
    from arbiter_app.ui.widgets.busy import SHOW_AFTER_MS

    panel, document = make_panel(qtbot, swiss_event)
    before = document.tournament
    label = document.undo_label()
    rounds = document.paired_rounds()

    def slow(*args: object, **kwargs: object) -> object:
        time.sleep(30)
        raise AssertionError("the cancelled pairing went on")

    monkeypatch.setattr(pairing_module, "pair_round", slow)

    def cancel() -> None:
        bars = [
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QProgressDialog) and w.isVisible()
        ]
        if bars:
            bars[0].cancel()
        else:
            QTimer.singleShot(50, cancel)

    QTimer.singleShot(SHOW_AFTER_MS, cancel)
    started = time.monotonic()
    assert not panel.pair_next_round()
    assert time.monotonic() - started < 10
    assert panel.summary.text() == f"Pairing of round {rounds + 1} cancelled: nothing recorded."
    assert document.paired_rounds() == rounds
    assert document.undo_label() == label
    assert document.tournament.entries == before.entries


def test_a_long_summary_wraps_instead_of_widening_the_panel(qtbot: QtBot, rr_event: Event) -> None:
    """The colour drawn by lot and its nineteen-digit seed once made the summary so long that
    the window grew past the screen's right edge; now the text wraps in the room left."""
    panel, _ = make_panel(qtbot, rr_event)
    narrow = panel.minimumSizeHint().width()
    panel.colour_note = (
        "colour drawn by lot: Black for the top-ranked player (seed 1422083336351002607)"
    )
    panel.show_round(1)
    assert panel.colour_note in panel.summary.text()
    text_width = panel.summary.fontMetrics().horizontalAdvance(panel.summary.text())
    assert panel.minimumSizeHint().width() < narrow + text_width // 2
    assert panel.summary.wordWrap()
    # The summary is shown across the panel, on its own line under the buttons.
    qtbot.waitUntil(lambda: panel.summary.width() > panel.width() // 2)
    assert panel.summary.geometry().top() >= panel.round.geometry().bottom()


def test_the_summary_starts_where_the_search_field_s_text_starts(
    qtbot: QtBot, rr_event: Event
) -> None:
    """The line above the boards is in line with the text of the search field below it, not
    flush with the panel's edge (it read as cramped against the dock's frame)."""
    panel, _ = make_panel(qtbot, rr_event)
    qtbot.waitExposed(panel)
    assert_in_line_with_the_search(panel, panel.summary, panel.search)


def assert_in_line_with_the_search(panel: QWidget, label: QLabel, search: QWidget) -> None:
    """*label*'s text starts where the text of *search*'s field starts (within 3 pixels)."""
    field = search.findChild(QLineEdit)
    assert field is not None
    cursor = field.cursorRect()
    text_x = field.mapTo(panel, cursor.topLeft()).x() + cursor.width() // 2
    label_x = label.mapTo(panel, label.contentsRect().topLeft()).x() + label.indent()
    assert label.indent() > 0
    assert abs(label_x - text_x) <= 3, (label_x, text_x)
