"""A word-wrapped label that shows all its lines in a form.

A wrapped ``QLabel`` in a row of a ``QFormLayout`` keeps the height its text needed at the
width it first had; when the dialog then widens or narrows (a list shown, a longer text
set), its last lines are cut off, or a one-line hint does not show at all. This label asks
for the height of all its lines at the width it has, whenever either changes.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class WrappedLabel(QLabel):
    """A ``QLabel`` with word wrap whose minimum height follows its lines."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setWordWrap(True)
        # Exactly as tall as its lines: a dialog that grows (a list shown) gives the room to
        # what can use it, not to a gap around this label.
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        need = self.heightForWidth(self.width()) if self.text() else 0
        return QSize(hint.width(), max(need, 0))

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        need = self.heightForWidth(self.width()) if self.text() else 0
        if need >= 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)
