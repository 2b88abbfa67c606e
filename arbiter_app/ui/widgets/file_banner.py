"""The banner across the top of the main window when the open file is not as Arbiter left it.

A file whose journal does not verify was changed by something else; Arbiter still
opens it so the arbiter can read the event, and says so here in plain words, as the
command line says it on standard error (the session's ``file_warnings``). A crash's
unfinished action that opening rolled back is said here too. The banner stays until
another event is opened.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolBar, QWidget

_STYLE = (
    "QToolBar#file-banner { background: #fff4ce; border-bottom: 1px solid #c9a227; }"
    "QLabel { color: #3b2f00; padding: 4px 8px; }"
)


class FileBanner(QToolBar):
    """A fixed bar holding one sentence per warning; hidden when there is none."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("File warning", parent)
        self.setObjectName("file-banner")
        self.setAccessibleName("File warning")
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)
        self.setStyleSheet(_STYLE)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        # The whole width of the window: a wrapped label would otherwise keep its narrow hint.
        self.label.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.label.setMinimumWidth(600)
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.addWidget(self.label)
        self.setVisible(False)

    def show_warnings(self, warnings: Sequence[str]) -> None:
        text = "\n".join(f"⚠ {_sentence(w)}" for w in warnings)
        self.label.setText(text)
        self.setVisible(bool(warnings))


def _sentence(warning: str) -> str:
    """The warning as a sentence: a capital letter after the file's name, a full stop."""
    name, sep, rest = warning.partition(": ")
    body = rest if sep else warning
    body = body[:1].upper() + body[1:]
    if not body.endswith("."):
        body += "."
    return f"{name}: {body}" if sep else body
