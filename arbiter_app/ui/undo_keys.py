"""Ctrl+Z in a box with nothing typed to take back undoes the event's last action.

A text box takes Ctrl+Z (and Ctrl+Shift+Z, Ctrl+Y) for itself whenever it has the
keyboard, even with nothing of its own to undo: with the cursor left in the round
number or a search box, the arbiter's Ctrl+Z did nothing to the event (issue 26).
Here a box keeps the keys only while it has typing of its own to take back or
bring back; otherwise they go to the window's Edit ▸ Undo and Redo.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

__all__ = ["UndoKeys", "has_own_history"]


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
        app = QCoreApplication.instance()
        if app is not None:
            # Removed by Qt when this object goes with its window.
            app.installEventFilter(self)

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
