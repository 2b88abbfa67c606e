"""How a round was paired: the engine's log of the round, recomputed, read-only.

The text is :meth:`arbiter_app.session.pairing_log.RoundExplanation.lines`, the same as
``pair --explain-round N`` prints: each score group, transposition and interchange with
its rule and rating difference (US Chess 29E5), and whether the recorded round is still
the engine's. Any engine that fills ``RoundPairing.log`` is shown the same way; one that
writes none is named as not explaining its pairings yet.
"""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
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
        self.text = QPlainTextEdit("\n".join(explanation.lines()), self)
        self.text.setReadOnly(True)
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setAccessibleName("Pairing log")
        metrics = self.text.fontMetrics()
        # Wide enough for the longest line of the log (within reason): its lines do not wrap.
        widest = max((len(line) for line in explanation.lines()), default=0)
        self.text.setMinimumSize(
            metrics.horizontalAdvance("x") * (min(max(widest, 60), 130) + 8),
            metrics.lineSpacing() * 24,
        )
        layout.addWidget(self.text)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
