"""Expected errors (bad input, refused actions) shown as a plain message, nothing lost."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox, QWidget

from arbiter_app.core.errors import ArbiterError, InputError
from arbiter_app.core.words import count, sentence


def error_text(exc: ArbiterError) -> tuple[str, str]:
    """A one-line summary and the details (every issue of an input error, one a line)."""
    if isinstance(exc, InputError) and len(exc.issues) > 1:
        return (f"{count(len(exc.issues), 'problem')} were found; nothing was changed.", str(exc))
    # Refusals are written to read inside other messages; alone in a box, each is a sentence.
    return (sentence(str(exc)) or type(exc).__name__, "")


def show_error(parent: QWidget | None, exc: ArbiterError, title: str = "Arbiter") -> QMessageBox:
    """Show *exc* in a modal message box (opened, not executed, so tests can close it)."""
    summary, details = error_text(exc)
    box = QMessageBox(
        QMessageBox.Icon.Warning, title, summary, QMessageBox.StandardButton.Ok, parent
    )
    box.setAccessibleName("Error")
    if details:
        box.setDetailedText(details)
    box.setObjectName("arbiter-error")
    box.open()
    return box
