"""A club Swiss day on the real window and the real session, keyboard first (issue 12).

The window starts on an untitled event. File ▸ New (Ctrl+N) names it; six
players are added in no order of rating; round 1 is paired by the initial
ranking (FIDE C.04.2: rating, then title, then name); results are typed on the
boards; a late entry joins before round 2 and a player withdraws; the standings
after each complete round are read; File ▸ Save as… (Ctrl+Shift+S) gives the
event its file; the window is closed without a question (everything is in the
file) and the file, opened again, shows the same standings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.session import Session
from arbiter_app.ui.dialogs.new_event import NewEventDialog
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.dialogs.player_status import WithdrawDialog
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.windows import save_as_by_keys
from tests.ui.test_full_flow import CTRL, answering, click, ok_of, retype, the_open

ENTRIES = (
    ("Dale, Ivo", "1650"),
    ("Berg, Ana", "2210"),
    ("Fox, Ugo", "1480"),
    ("Amis, Kai", "2390"),
    ("Eck, Lea", "1720"),
    ("Cole, Ned", "1990"),
)
"""Registered in this order; the initial ranking is by rating (C.04.2)."""

RESULTS_1 = "1=0"  # board 1 White wins, board 2 drawn, board 3 Black wins
RESULTS_2 = "0=1="


def add_player(window: MainWindow, qtbot: QtBot, name: str, rating: str) -> PlayerDialog:
    """Players ▸ Add player… (or Late entry…), filled by keys, OK by Enter."""
    players = window.players
    click(qtbot, players.button(players.add_action))
    dialog = the_open(window, PlayerDialog)
    qtbot.keyClicks(dialog.name, name)
    retype(qtbot, dialog.rating, rating)
    return dialog


def type_results(window: MainWindow, qtbot: QtBot, keys: str) -> None:
    panel = window.pairings
    panel.view.setFocus()
    panel.select_row(0)
    qtbot.keyClicks(panel.view, keys)


def standings(window: MainWindow) -> list[tuple[str, ...]]:
    model = window.standings.model
    return [
        tuple(model.cell(r, c) for c in range(model.columnCount())) for r in range(model.rowCount())
    ]


def test_a_club_swiss_day(qtbot: QtBot, settings: Settings, tmp_path: Path) -> None:
    window = app.create_window(settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    document = window.document
    assert document.session.untitled and window.windowTitle().startswith("Untitled — ")

    # -- File ▸ New: name, Swiss, 3 rounds -------------------------------------------------
    qtbot.keyClick(window, Qt.Key.Key_N, CTRL)
    new = the_open(window, NewEventDialog)
    qtbot.keyClicks(new.name, "Thursday Club Swiss")
    retype(qtbot, new.rounds, "3")
    qtbot.keyClick(new.name, Qt.Key.Key_Return)
    assert document.tournament.name == "Thursday Club Swiss" and document.path is None

    # -- players, in no order of rating ----------------------------------------------------
    window.docks["players"].raise_()
    for name, rating in ENTRIES:
        dialog = add_player(window, qtbot, name, rating)
        qtbot.keyClick(dialog.rating, Qt.Key.Key_Return)
    by_rating = [name for name, _ in sorted(ENTRIES, key=lambda e: -int(e[1]))]
    # Numbered by the initial ranking while registration is open (C.04.2).
    assert [p.name for p in document.tournament.players] == by_rating
    assert window.isWindowModified()

    # -- round 1: paired by rating, the colour of the top player drawn -----------------------
    window.docks["pairings"].raise_()
    with answering(window, QMessageBox, lambda box: click(qtbot, box.buttons()[0])):
        click(qtbot, window.pairings.pair_button)
    rows = [window.pairings.model.pairing(r) for r in range(window.pairings.model.rowCount())]
    assert [(r.white, r.black) for r in rows][:1] in ([(1, 4)], [(4, 1)])  # 1 meets 4 (top half)
    # The first button draws the colour by lot; the panel says what was drawn.
    assert window.pairings.summary.text().startswith(
        "3 boards, 3 without a result · colour drawn by lot: "
    )
    type_results(window, qtbot, RESULTS_1)
    assert window.pairings.summary.text().startswith("3 boards, all results in · colour drawn")
    after_1 = standings(window)
    assert window.standings.caption.text().startswith("Standings after round 1 of 3")
    assert sorted(row[4] for row in after_1) == sorted(["0", "0", "½", "½", "1", "1"])

    # -- a late entry before round 2, and a withdrawal ---------------------------------------
    window.docks["players"].raise_()
    late = add_player(window, qtbot, "Gil, Mo", "1800")
    assert late.windowTitle() == "Late entry"
    qtbot.keyClick(late.rating, Qt.Key.Key_Return)
    assert "Gil, Mo" in [p.name for p in document.tournament.players]
    assert document.session.journal()[-1].command == "late_entry"
    fox = next(p.tpn for p in document.tournament.players if p.name == "Fox, Ugo")
    assert window.players.select_player(fox)
    click(qtbot, window.players.button(window.players.withdraw_action))
    withdraw = the_open(window, WithdrawDialog)
    assert withdraw.round() == 2
    click(qtbot, ok_of(withdraw))
    assert document.tournament.player(fox).withdrawn_from_round == 2

    # -- round 2 ----------------------------------------------------------------------------
    window.docks["pairings"].raise_()
    click(qtbot, window.pairings.pair_button)
    paired = [window.pairings.model.pairing(r) for r in range(window.pairings.model.rowCount())]
    boards = [p for p in paired if p.is_board]
    assert len(boards) == 3 and fox not in {p.white for p in boards} | {p.black for p in boards}
    type_results(window, qtbot, RESULTS_2[: len(boards)])
    assert window.standings.caption.text().startswith("Standings after round 2 of 3")
    after_2 = standings(window)

    # -- File ▸ Save as…, by keys -----------------------------------------------------------
    target = tmp_path / "thursday.arbiter"
    save_as_by_keys(qtbot, window, settings, tmp_path, "thursday")
    assert document.path == target and not window.isWindowModified()
    journal = [e.hash for e in document.session.journal()]

    # -- closed without a question, opened again: the same event -----------------------------
    assert window.close()
    assert window.unsaved_box is None
    again = app.create_window(settings)
    qtbot.addWidget(again)
    assert again.files.open_path(target)
    assert standings(again) == after_2
    assert again.standings.caption.text().startswith("Standings after round 2 of 3")
    assert [e.hash for e in again.document.session.journal()] == journal
    with Session.open(target, readonly=True) as reader:
        assert reader.verify() == []
    again.document.close()
