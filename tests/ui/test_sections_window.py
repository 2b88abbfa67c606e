"""The section switcher, the Sections menu's refusals, Undo naming another section's action,
and the projector showing and cycling through the sections."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app.core.model import Colour
from arbiter_app.session import Session
from arbiter_app.session.commands import AddPlayer, AddSection
from arbiter_app.ui.dialogs.sections import MovePlayerDialog, QuadsDialog
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.sessions import TickingClock
from tests.support.warning_dialogs import AgreeToAll
from tests.ui.test_full_flow import ok_of, the_open


def _document(path: Path) -> EventDocument:
    session = Session.create(
        path,
        name="Saturday Club",
        system="swiss",
        rounds=3,
        settings={"section_name": "Open"},
        clock=TickingClock(),
        durable=False,
    )
    for name, rating in (("Ann", 2200), ("Ben", 2100)):
        session.run(AddPlayer(name=name, rating=rating))
    session.run(AddSection(name="Reserve", system="swiss", rounds=3))
    session.select("Reserve")
    for name, rating in (("Cid", 1500), ("Dee", 1400), ("Eve", 1300)):
        session.run(AddPlayer(name=name, rating=rating))
    session.select("Open")
    document = EventDocument(session)
    document.warnings = AgreeToAll()
    return document


def _window(qtbot: QtBot, document: EventDocument, settings: Settings) -> MainWindow:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def test_the_switcher_shows_each_section_everywhere(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    document = _document(tmp_path / "s.arbiter")
    window = _window(qtbot, document, settings)
    bar = window.sections_bar
    assert bar.isVisible()
    assert [bar.combo.itemText(i) for i in range(bar.combo.count())] == [
        "Open (Swiss, 3 rounds, 2 players)",
        "Reserve (Swiss, 3 rounds, 3 players)",
    ]
    assert window.windowTitle().startswith("Saturday Club - Open — ")
    window.docks["players"].raise_()
    assert window.players.model.rowCount() == 2
    qtbot.keyClick(window, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert bar.combo.currentText().startswith("Reserve")
    assert window.windowTitle().startswith("Saturday Club - Reserve — ")
    assert document.event_name == "Saturday Club"  # Save as… names the file after the event
    assert window.players.model.rowCount() == 3
    assert window.standings.model.rowCount() == 3
    # Undo names the section of the action it takes back when it is not the one shown.
    qtbot.keyClick(window, Qt.Key.Key_PageUp, Qt.KeyboardModifier.ControlModifier)
    assert window.undo_action.text() == "&Undo registration of Eve (Reserve)"
    bar.combo.setCurrentIndex(1)
    bar.combo.activated.emit(1)
    assert window.undo_action.text() == "&Undo registration of Eve"
    document.close()


def test_quads_are_refused_with_the_reason_and_moving_after_round_1_too(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    document = _document(tmp_path / "s.arbiter")
    window = _window(qtbot, document, settings)
    document.select_section("Reserve")
    window.sections_menu.quads_action.trigger()
    dialog = the_open(window, QuadsDialog)
    assert dialog.preview.toPlainText() == "Quad 1: 3 players, a round robin of 3 rounds\n" + (
        "    Cid (1500)\n    Dee (1400)\n    Eve (1300)"
    )
    dialog.remainder.setCurrentIndex(dialog.remainder.findData("house-player"))
    dialog.group_size.setValue(5)
    assert "house player completes a bottom group one player short" in (
        dialog.preview.toPlainText()
    )
    assert not ok_of(dialog).isEnabled()
    dialog.reject()
    document.pair_next_round(Colour.WHITE)
    window.sections_menu.move_action.trigger()
    move = the_open(window, MovePlayerDialog)
    move.accept()
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "round 1 is paired already" in boxes[-1].text()
    document.close()


def test_the_projector_shows_another_section_and_cycles(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    document = _document(tmp_path / "s.arbiter")
    window = _window(qtbot, document, settings)
    projector = window.show_projector()
    assert projector.title.text().startswith("Saturday Club - Open")
    assert projector.model.rowCount() == 2
    qtbot.keyClick(projector, Qt.Key.Key_PageDown)
    assert projector.title.text().startswith("Saturday Club - Reserve")
    assert projector.title.text().count("Reserve") == 1
    assert projector.model.rowCount() == 3
    # A long list turning its page says the heading again: of the section on the wall.
    projector.view.page_turned.emit()
    assert projector.title.text().startswith("Saturday Club - Reserve")
    # The window still shows its own section.
    window.docks["players"].raise_()
    assert document.section.name == "Open" and window.players.model.rowCount() == 2
    qtbot.keyClick(projector, Qt.Key.Key_C)
    assert projector.cycle.isActive()
    projector.cycle.timeout.emit()
    assert projector.title.text().startswith("Saturday Club - Open")
    projector.cycle.timeout.emit()
    assert projector.title.text().startswith("Saturday Club - Reserve")
    qtbot.keyClick(projector, Qt.Key.Key_W)
    assert not projector.cycle.isActive()
    assert projector.title.text().startswith("Saturday Club - Open")
    projector.close()
    document.close()
