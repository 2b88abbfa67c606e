"""Answering the window's FIDE C.02 questions in tests.

:class:`Answers` stands in for the dialogs in tests about something else (it
records what was asked and answers as told); :func:`click_through` drives the
real modal dialogs, clicking a button of each box as it opens.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded, Level
from arbiter_app.ui.dialogs.warning_levels import WarningDialogs


class Answers(WarningDialogs):
    """Answers every question with *answer* (None: cancels) and keeps what was asked."""

    def __init__(self, answer: Confirmation) -> None:
        super().__init__()
        self.answer = answer
        self.asked: list[ConfirmationNeeded] = []
        self.acknowledged: list[Alert] = []

    def confirm(self, question: ConfirmationNeeded) -> Confirmation:
        self.asked.append(question)
        return self.answer

    def acknowledge(self, notices: Sequence[Alert]) -> None:
        self.acknowledged.extend(notices)


class AgreeToAll(Answers):
    """Says yes to every question, level-4 consequences accepted, as an arbiter clicking
    through would (the tokens of the level-4 warnings asked), and keeps what was asked."""

    def __init__(self) -> None:
        super().__init__(True)

    def confirm(self, question: ConfirmationNeeded) -> Confirmation:
        self.asked.append(question)
        tokens = [w.token for w in question.warnings if w.level is Level.CONFIRM_CONSEQUENCES]
        return tokens or True


class BoxLog:
    """What the boxes clicked through showed: title, text, details, buttons, default."""

    def __init__(self) -> None:
        self.seen: list[dict[str, object]] = []


def click_through(labels: Sequence[str], log: BoxLog | None = None) -> BoxLog:
    """Click *labels* in order, one in each modal box as it opens (the next box waits
    for the previous click). Each box's contents are recorded before the click."""
    record = log or BoxLog()
    pending = list(labels)

    def poll() -> None:
        if not pending:
            return
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.isVisible():
            default = box.defaultButton()
            record.seen.append(
                {
                    "title": box.windowTitle(),
                    "text": box.text(),
                    "details": box.informativeText(),
                    "buttons": [b.text() for b in box.buttons()],
                    "default": default.text() if default is not None else None,
                    "icon": box.icon(),
                }
            )
            label = pending.pop(0)
            (button,) = [b for b in box.buttons() if b.text() == label]
            button.click()
        QTimer.singleShot(10, poll)

    QTimer.singleShot(0, poll)
    return record
