"""Help menu: the guide offline in a viewer, the keyboard reference, About with the version."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from arbiter_app import __version__, app
from arbiter_app.ui.help import GUIDE, guide_pages, keyboard_reference
from arbiter_app.ui.settings import Settings


def test_f1_opens_the_guide_and_its_links_stay_inside(
    qtbot: QtBot, settings: Settings, tmp_path: Path
) -> None:
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    # F1 is the action's key (pressed, it goes to whichever window is active; other
    # tests' windows may be).
    assert window.guide_action.shortcut() == QKeySequence("F1")
    window.guide_action.trigger()
    guide = window.guide
    assert guide is not None and guide.isVisible()
    assert guide.pages.count() == len(guide_pages()) >= 10
    assert guide.shown == GUIDE / "index.md"
    assert "a guide for the chief arbiter" in guide.text.toPlainText()
    # A link to another page of the guide opens it in the viewer.
    guide.follow(QUrl("desktop.md"))
    assert guide.shown == GUIDE / "desktop.md"
    assert guide.pages.currentItem().text() == "The desktop app"
    # A web link is not followed (no network at the venue).
    guide.follow(QUrl("https://handbook.fide.com/"))
    assert guide.shown == GUIDE / "desktop.md"


def test_keyboard_reference_and_about(qtbot: QtBot, settings: Settings) -> None:
    window = app.create_window(settings, demo=True)
    qtbot.addWidget(window)
    reference = keyboard_reference()
    assert reference.startswith("# Keyboard shortcuts")
    assert "`Ctrl+Shift+N`" in reference and "## " not in reference
    guide = window.show_keys()
    assert "Ctrl+Shift+N" in guide.text.toPlainText()
    box = window.show_about()
    assert isinstance(box, QMessageBox)
    assert box.text() == f"Arbiter {__version__}"
    box.close()
