"""A file open for writing in another window opens read-only, as the lock's message promises:
the panels show it, every changing action is off with the reason, the title says so."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import app
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Event
from arbiter_app.core.result import GameResult
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.read_only import READ_ONLY
from arbiter_app.ui.settings import Settings
from tests.ui.conftest import document_in_file, document_of


@pytest.fixture
def writer(tmp_path: Path, rr_event: Event) -> Iterator[EventDocument]:
    """The first window's event, holding the file's write lock."""
    document = document_in_file(tmp_path / "club.arbiter", rr_event)
    yield document
    document.close()


def _window(qtbot: QtBot, settings: Settings, rr_event: Event) -> MainWindow:
    window = MainWindow(document_of(rr_event), settings, app.services())
    qtbot.addWidget(window)
    return window


def _answer(qtbot: QtBot, window: MainWindow, key: Qt.Key, asked: list[str]) -> None:
    def press() -> None:
        shown = [b for b in window.findChildren(QMessageBox, "arbiter-read-only") if b.isVisible()]
        assert len(shown) == 1
        box = shown[0]
        asked.append(box.text())
        qtbot.keyClick(box, key)

    QTimer.singleShot(0, press)


def test_a_locked_file_opens_read_only_with_every_change_off(
    qtbot: QtBot, settings: Settings, rr_event: Event, writer: EventDocument
) -> None:
    path = writer.path
    assert path is not None
    window = _window(qtbot, settings, rr_event)
    asked: list[str] = []
    _answer(qtbot, window, Qt.Key.Key_Return, asked)  # Open read-only is the default
    assert window.files.open_path(path)
    assert asked[0].startswith("club.arbiter is already open for writing in another window")
    assert asked[0].endswith("Open it read-only?")
    document = window.document
    assert document.read_only and document.path == path
    assert "club.arbiter (read-only)" in window.windowTitle()
    assert window.state_label.text().endswith("; read-only")
    # The panels show the event as saved.
    assert window.players.model.rowCount() == len(rr_event.players)
    # Every action that changes the event is off, with the reason.
    for action in (
        window.pair_action,
        window.results_action,
        window.settings_action,
        window.undo_action,
        window.save_as_action,
        window.players.add_action,
        window.players.edit_action,
        window.players.numbers_action,
    ):
        assert not action.isEnabled(), action.text()
        assert action.toolTip() == READ_ONLY
    assert not window.pairings.pair_button.isEnabled()
    assert window.pairings.pair_button.toolTip() == READ_ONLY
    # Undo names nothing it cannot take back.
    assert window.undo_action.text() == "&Undo"
    assert not window.prizes.set_button.isEnabled()
    # The session refuses a change all the same (a key that slips through says why).
    with pytest.raises(ArbiterError, match="read-only"):
        document.set_result(3, 1, GameResult.DRAW)
    # The first window still writes the file.
    writer.set_result(3, 1, GameResult.DRAW)


def test_cancel_keeps_the_event_open_and_a_writable_event_gets_its_actions_back(
    qtbot: QtBot, settings: Settings, rr_event: Event, writer: EventDocument, tmp_path: Path
) -> None:
    path = writer.path
    assert path is not None
    window = _window(qtbot, settings, rr_event)
    before = window.document.session
    asked: list[str] = []
    _answer(qtbot, window, Qt.Key.Key_Escape, asked)
    assert not window.files.open_path(path)
    assert asked and window.document.session is before
    _answer(qtbot, window, Qt.Key.Key_Return, asked)
    assert window.files.open_path(path)
    assert not window.settings_action.isEnabled()
    # Another event, writable: the actions come back with their own tips.
    other = tmp_path / "other.arbiter"
    document_in_file(other, rr_event).close()
    assert window.files.open_path(other)
    assert not window.document.read_only
    assert window.settings_action.isEnabled()
    assert window.settings_action.toolTip() != READ_ONLY
    assert window.prizes.set_button.isEnabled()
    assert "(read-only)" not in window.windowTitle()


def test_a_read_only_window_follows_the_writers_actions(
    qtbot: QtBot, settings: Settings, rr_event: Event, writer: EventDocument
) -> None:
    """Issue 26: two windows on one file; the read-only one (a deputy's screen) reloads its
    panels after each of the writer's actions, keeping what it had selected."""
    from arbiter_app.session.commands import EditPlayer

    path = writer.path
    assert path is not None
    window = _window(qtbot, settings, rr_event)
    _answer(qtbot, window, Qt.Key.Key_Return, [])
    assert window.files.open_path(path)
    reader = window.document
    assert reader.read_only
    assert reader.session.board(3, 1).result is GameResult.BLACK_WINS  # type: ignore[union-attr]
    assert window.players.select_player(3)
    # Nothing written: nothing read again.
    assert not reader.follow_writer()
    writer.set_result(3, 1, GameResult.DRAW)
    writer.run(EditPlayer(tpn=2, name="Renamed, Bea"))
    # The window notices on its own (its timer), within a few seconds.
    board = lambda: reader.session.board(3, 1)  # noqa: E731
    qtbot.waitUntil(lambda: board().result is GameResult.DRAW, timeout=5000)  # type: ignore[union-attr]
    model = window.players.model
    qtbot.waitUntil(lambda: model.cell(model.row_of(2) or 0, 2) == "Renamed, Bea", timeout=5000)
    assert window.players.selected_tpn() == 3
    assert reader.read_only and "(read-only)" in window.windowTitle()
