"""How a round was paired: the engine's log of the round, recomputed, read-only.

The text is :meth:`arbiter_app.session.pairing_log.RoundExplanation.lines`, the same as
``pair --explain-round N`` prints: each score group, transposition and interchange with
its rule and rating difference (US Chess 29E5), and whether the recorded round is still
the engine's. Any engine that fills ``RoundPairing.log`` is shown the same way; one that
writes none is named as not explaining its pairings yet. A line longer than the box wraps
under its own text, so nothing is cut off at the edge or has to be scrolled sideways.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase, QTextBlockFormat, QTextCursor
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.session.pairing_log import RoundExplanation


class PairingLogDialog(QDialog):
    """Shows one :class:`RoundExplanation`: a heading and the log, read-only."""

    def __init__(self, explanation: RoundExplanation, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.explanation = explanation
        self.setWindowTitle(f"How round {explanation.round} was paired")
        self.setAccessibleName("Pairing log")
        layout = QVBoxLayout(self)
        if not explanation.explained:
            heading = "The engine that paired this round does not explain its pairings."
        elif explanation.matches:
            heading = "The engine's pairing, step by step; the recorded round is the same."
        else:
            heading = "The engine's pairing, step by step; the recorded round differs from it."
        self.heading = QLabel(heading, self)
        self.heading.setWordWrap(True)
        self.heading.setAccessibleName("Summary")
        layout.addWidget(self.heading)
        lines = explanation.lines()
        self.text = QTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName("Pairing log")
        _write_hanging(self.text, lines)
        metrics = self.text.fontMetrics()
        # Wide enough for most lines of the log; a longer one wraps under its own indent.
        widest = max((len(line) for line in lines), default=0)
        self.text.setMinimumSize(
            metrics.horizontalAdvance("x") * (min(max(widest, 60), 110) + 8),
            metrics.lineSpacing() * 24,
        )
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)


HANG = 4
"""Characters by which a wrapped line of the log is indented beyond the line's own indent."""


def _write_hanging(edit: QTextEdit, lines: list[str] | tuple[str, ...]) -> None:
    """*lines* into *edit*, a paragraph each, kept as written (leading spaces included, so
    the text reads as ``pair --explain`` prints it); a line longer than the box wraps, and
    its continuation starts under the line's text, a little further in, so the log's
    structure (bracket, pairs, reasons) still shows."""
    space = edit.fontMetrics().horizontalAdvance(" ")
    cursor = QTextCursor(edit.document())
    for i, line in enumerate(lines):
        indent = (len(line) - len(line.lstrip(" ")) + HANG) * space
        block = QTextBlockFormat()
        block.setLeftMargin(indent)
        block.setTextIndent(-indent)
        if i == 0:
            cursor.setBlockFormat(block)
        else:
            cursor.insertBlock(block)
        cursor.insertText(line)
    edit.moveCursor(QTextCursor.MoveOperation.Start)
