"""Correct a board's result for the rating report only (FIDE C.04.2 article 4.3).

The dialog takes the result the rating report is to give the game and why; the
pairings and standings keep the result played. The session asks its level-3
question when OK runs the command (:mod:`arbiter_app.session.rating_corrections`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QWidget,
)

from arbiter_app.core.rating_correction import ARTICLE
from arbiter_app.core.result import GameResult


class RatingCorrectionDialog(QDialog):
    """The result for the rating report of one board, and the reason; OK needs a result other
    than the one played and a reason."""

    def __init__(self, board: str, played: GameResult, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Correct for the rating report only")
        self.played = played
        layout = QFormLayout(self)
        note = QLabel(
            f"{board}: the pairings and standings keep {played.label}; the rating report "
            f"gives the result chosen here, with a line saying so ({ARTICLE}).",
            self,
        )
        note.setWordWrap(True)
        layout.addRow(note)
        self.result_box = QComboBox(self)
        self.result_box.setAccessibleName("Result in the rating report")
        for result in GameResult:
            if result is not played:
                self.result_box.addItem(result.label, result)
        layout.addRow("Result in the rating report:", self.result_box)
        self.reason_edit = QLineEdit(self)
        self.reason_edit.setAccessibleName("Reason")
        self.reason_edit.setPlaceholderText("for example: both scoresheets signed 0-1")
        layout.addRow("Reason:", self.reason_edit)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addRow(self.buttons)
        self.reason_edit.textChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.reason_edit.text().strip()))

    def choice(self) -> tuple[GameResult, str]:
        """The result the report is to give, and the reason."""
        result = self.result_box.currentData()
        assert isinstance(result, GameResult)
        return result, self.reason_edit.text().strip()
