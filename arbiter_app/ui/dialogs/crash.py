"""Unexpected errors: a dialog with a report the arbiter can copy and send.

Expected errors (:class:`ArbiterError`) are not crashes: they get a plain
message (see :mod:`arbiter_app.ui.dialogs.errors`). Everything else reaching
``sys.excepthook`` is a bug; the report says what the program was doing
without any of the event's data.
"""

from __future__ import annotations

import platform
import sys
import traceback
from collections.abc import Callable
from types import TracebackType

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import qVersion
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from arbiter_app import __version__
from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.dialogs.errors import show_error

ExceptHook = Callable[[type[BaseException], BaseException, TracebackType | None], object]


def crash_report(kind: type[BaseException], value: BaseException, tb: TracebackType | None) -> str:
    lines = [
        f"Arbiter {__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        f"Qt {qVersion()}, PySide6 {pyside_version}",
        "",
        *traceback.format_exception(kind, value, tb),
    ]
    return "\n".join(line.rstrip("\n") for line in lines)


class CrashDialog(QDialog):
    def __init__(self, report: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Arbiter — unexpected error")
        self.setAccessibleName("Unexpected error")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Something went wrong inside Arbiter. What was already written to the"
            " event file is safe: each change is saved in its own step.\n"
            "Please copy the report below and send it with a description of what"
            " you were doing.",
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.report = QPlainTextEdit(report, self)
        self.report.setReadOnly(True)
        self.report.setAccessibleName("Error report")
        self.report.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        layout.addWidget(self.report)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = buttons.addButton("Copy report", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setAccessibleName("Copy report")
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(640, 420)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.report.toPlainText())


class ExceptionHandler:
    """A ``sys.excepthook`` that shows expected errors plainly and bugs as a crash report."""

    def __init__(self, parent: Callable[[], QWidget | None] = lambda: None) -> None:
        self._parent = parent
        self.previous: ExceptHook | None = None
        self.dialogs: list[QDialog] = []

    def install(self) -> None:
        self.previous = sys.excepthook
        sys.excepthook = self

    def uninstall(self) -> None:
        if self.previous is not None:
            sys.excepthook = self.previous
            self.previous = None

    def __call__(
        self, kind: type[BaseException], value: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt) and self.previous is not None:
            self.previous(kind, value, tb)
            return
        if isinstance(value, ArbiterError):
            self.dialogs.append(show_error(self._parent(), value))
            return
        # Keep the report on standard error too, where a terminal or a log sees it.
        print(crash_report(kind, value, tb), file=sys.stderr)
        dialog = CrashDialog(crash_report(kind, value, tb), self._parent())
        dialog.open()
        self.dialogs.append(dialog)
