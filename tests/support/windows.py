"""The real window in tests: shown on a session, and saved under a new name by the keys."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLineEdit
from pytestqt.qtbot import QtBot

from arbiter_app.session import Session
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings
from tests.support.warning_dialogs import AgreeToAll
from tests.ui.test_full_flow import CTRL, SHIFT, answering, retype


def shown_window(qtbot: QtBot, session: Session, settings: Settings) -> MainWindow:
    """The main window on *session*, shown at a laptop's size, every question agreed to."""
    document = EventDocument(session)
    document.warnings = AgreeToAll()
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.resize(1300, 760)
    window.show()
    qtbot.waitExposed(window)
    # On a real X server the window has the keyboard only once it is activated (offscreen
    # activates every window it shows); the tests type into it.
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def save_as_by_keys(
    qtbot: QtBot, window: MainWindow, settings: Settings, folder: Path, stem: str
) -> None:
    """File ▸ Save as… by Ctrl+Shift+S, the name typed in the dialog (opened in *folder*)."""
    settings.add_recent(folder / "last-week.arbiter")  # the dialog opens in that folder

    def save_here(dialog: QFileDialog) -> None:
        name = dialog.findChild(QLineEdit, "fileNameEdit")
        assert name is not None
        name.setCompleter(None)
        retype(qtbot, name, stem)
        qtbot.keyClick(name, Qt.Key.Key_Return)

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    with answering(window, QFileDialog, save_here):
        qtbot.keyClick(window, Qt.Key.Key_S, CTRL | SHIFT)
