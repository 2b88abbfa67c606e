"""The window's one way to put FIDE C.02 warnings to the arbiter.

Every action of the window runs through :class:`~arbiter_app.ui.document.EventDocument`,
and the document asks here when the session answers with questions
(:class:`~arbiter_app.core.warning_levels.ConfirmationNeeded`):

- level 3: one dialog, *Confirm* or *Cancel*, Cancel the default (Enter and
  Escape both cancel);
- level 4: a first dialog with the question, then a second one stating the
  consequences, each with Cancel as the default;
- level 2: an information box after the action, to acknowledge.

Level 5 never gets here: the session refuses, and the refusal is shown as an
error. Nothing can switch the questions off.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QMessageBox, QWidget

from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded, Level

TITLES = {
    Level.NOTICE: "Notice",
    Level.CONFIRM: "Please confirm",
    Level.CONFIRM_CONSEQUENCES: "Please confirm (step 1 of 2)",
}


class WarningDialogs:
    """Asks the questions of an action and shows its notices, as dialogs over *parent*."""

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent
        self.shown: list[QMessageBox] = []
        """Every box shown, latest last (what the arbiter saw; tests read it)."""

    def confirm(self, question: ConfirmationNeeded) -> Confirmation:
        """The arbiter's answer to every question of *question*, or None if one was cancelled."""
        tokens: list[str] = []
        for alert in question.warnings:
            if not self._ask(alert):
                return None
            if alert.level is Level.CONFIRM_CONSEQUENCES:
                if not self._consequences(alert):
                    return None
                tokens.append(alert.token)
        return tokens or True

    def acknowledge(self, notices: Sequence[Alert]) -> None:
        """Show the level-2 notices of an action that was done."""
        for alert in notices:
            box = self._box(QMessageBox.Icon.Information, TITLES[Level.NOTICE], alert.question)
            _describe(box, alert.consequences, alert.article)
            box.setAccessibleName("Notice")
            box.addButton(QMessageBox.StandardButton.Ok)
            box.exec()

    def _ask(self, alert: Alert) -> bool:
        box = self._box(QMessageBox.Icon.Warning, TITLES[alert.level], alert.question)
        box.setAccessibleName(f"Level {int(alert.level)} question")
        if alert.level is Level.CONFIRM_CONSEQUENCES:
            # The consequences get a dialog of their own: here only where the rule is.
            box.setInformativeText(_details((), alert.article))
            label = "Continue…"
        else:
            _describe(box, alert.consequences, alert.article)
            label = "Confirm"
        return self._answered(box, label)

    def _consequences(self, alert: Alert) -> bool:
        box = self._box(QMessageBox.Icon.Warning, "Consequences (step 2 of 2)", "If you go ahead:")
        box.setAccessibleName("Level 4 consequences")
        _describe(box, alert.consequences, alert.article)
        return self._answered(box, "Accept the consequences")

    def _box(self, icon: QMessageBox.Icon, title: str, text: str) -> QMessageBox:
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.NoButton, self.parent)
        box.setObjectName("arbiter-warning")
        self.shown.append(box)
        return box

    @staticmethod
    def _answered(box: QMessageBox, label: str) -> bool:
        accept = box.addButton(label, QMessageBox.ButtonRole.AcceptRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        # Cancel is the default: Enter pressed out of habit changes nothing.
        box.setDefaultButton(cancel)
        box.setEscapeButton(cancel)
        box.exec()
        return box.clickedButton() is accept


LONG_LINE = 240
"""Characters of one consequence shown in the box; a longer one (the engine's 247
pairings of a round) is cut there, all of it under Show Details (issue 26)."""

SHOWN_LINES = 10
"""Consequences listed in the box; the rest are counted, all of them under Show Details."""


def _details(lines: Sequence[str], article: str) -> str:
    """The consequences as a list, then the article, as its own sentence."""
    rule = article[:1].upper() + article[1:]
    text = "\n".join(f"• {line}" for line in lines)
    return f"{text}\n\n{rule}" if text else rule


def shortened(line: str) -> str:
    """*line* as the box shows it: whole when short, else cut after a list's item (at a
    comma or semicolon) before :data:`LONG_LINE` characters."""
    if len(line) <= LONG_LINE:
        return line
    head = line[:LONG_LINE]
    cut = max(head.rfind(", "), head.rfind("; "))
    return f"{head[: cut if cut > LONG_LINE // 2 else LONG_LINE].rstrip()} … (Show Details)"


def _summary(lines: Sequence[str], article: str) -> str:
    """The consequences as the box lists them: the first :data:`SHOWN_LINES`, each
    :func:`shortened`, the rest counted; then the article."""
    shown = [shortened(line) for line in lines[:SHOWN_LINES]]
    rest = len(lines) - len(shown)
    if rest:
        shown.append(f"… and {rest} more (Show Details)")
    return _details(shown, article)


def _describe(box: QMessageBox, lines: Sequence[str], article: str) -> None:
    """The consequences in *box*: summarised, and all of them under Show Details when the
    summary leaves any out."""
    summary = _summary(lines, article)
    box.setInformativeText(summary)
    full = _details(lines, article)
    if full != summary:
        box.setDetailedText(full)
