"""Ctrl+Z in a box with nothing typed to take back undoes the event's last action.

A text box takes Ctrl+Z (and Ctrl+Shift+Z, Ctrl+Y) for itself whenever it has the
keyboard, even with nothing of its own to undo: with the cursor left in the round
number or a search box, the arbiter's Ctrl+Z did nothing to the event (issue 26).
Here a box keeps the keys only while it has typing of its own to take back or
bring back; otherwise they go to the window's Edit ▸ Undo and Redo.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["TEXT_BOXES", "UndoKeys", "has_own_history"]

TEXT_BOXES = (QLineEdit, QAbstractSpinBox, QComboBox, QPlainTextEdit, QTextEdit)
"""The widgets that take the undo keys for their own typing."""


def has_own_history(widget: QWidget, undo: bool) -> bool:
    """Whether *widget* has typing of its own to undo (*undo*) or redo; any widget that is
    not a text box is left to decide for itself (True)."""
    edit: QWidget | None = widget
    if isinstance(widget, QAbstractSpinBox | QComboBox):
        edit = widget.findChild(QLineEdit)
        if edit is None:
            return False  # a combo box that cannot be typed in has nothing to undo
    if isinstance(edit, QLineEdit):
        if edit.isReadOnly():
            return False
        return edit.isUndoAvailable() if undo else edit.isRedoAvailable()
    if isinstance(edit, QPlainTextEdit | QTextEdit):
        if edit.isReadOnly():
            return False
        document = edit.document()
        return document.isUndoAvailable() if undo else document.isRedoAvailable()
    return True


class UndoKeys(QObject):
    """Sends the undo and redo keys of *window*'s boxes to its actions when the box has
    nothing of its own to undo or redo."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        app = QApplication.instance()
        if isinstance(app, QApplication):
            # The box that gets the keyboard is watched from then on (an application-wide
            # filter would see every event of the program).
            app.focusChanged.connect(self._watch)

    def _watch(self, _old: QWidget | None, new: QWidget | None) -> None:
        if new is not None and isinstance(new, TEXT_BOXES) and self._window.isAncestorOf(new):
            new.installEventFilter(self)  # once: installing again only moves it first

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and isinstance(watched, QWidget)
            and self._window.isAncestorOf(watched)
        ):
            undo = event.matches(QKeySequence.StandardKey.Undo)
            redo = event.matches(QKeySequence.StandardKey.Redo)
            if (undo or redo) and not has_own_history(watched, undo):
                # Not taken by the box: the window's shortcut (Edit ▸ Undo / Redo) runs.
                event.ignore()
                return True
        return super().eventFilter(watched, event)
