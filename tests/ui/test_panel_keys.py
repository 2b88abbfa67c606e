"""Alt+1 … Alt+8 bring each panel forward (View ▸ Go to …), listed in the keyboard reference."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget
from pytestqt.qtbot import QtBot

from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.help import keyboard_reference
from arbiter_app.ui.main_window import MainWindow
from arbiter_app.ui.settings import Settings


def test_alt_and_a_number_raise_each_panel_and_put_the_keyboard_in_it(
    qtbot: QtBot, document: EventDocument, settings: Settings
) -> None:
    window = MainWindow(document, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()  # on a real X server the keys go to the active window only
    qtbot.waitUntil(window.isActiveWindow)
    docks = list(window.docks.values())
    assert len(window.panel_actions) == len(docks) == 8
    for number, dock in enumerate(docks, start=1):
        action = window.panel_actions[number - 1]
        assert action.shortcut().toString() == f"Alt+{number}"
        qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.AltModifier)

        # The dock's tab is the one shown: its panel is visible, the keyboard is inside it
        # (once the event loop has raised the tab: at once offscreen, later on a real X server).
        def inside(dock: QDockWidget = dock) -> bool:
            focus = window.focusWidget()
            return focus is not None and dock.isAncestorOf(focus)

        qtbot.waitUntil(inside, timeout=2000)
        assert dock.widget().isVisible(), dock.windowTitle()
    assert "`Alt+1` … `Alt+8`" in keyboard_reference()
