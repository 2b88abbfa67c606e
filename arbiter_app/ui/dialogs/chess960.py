"""Round ▸ Draw Chess960 position…: a round's starting position, drawn here or at the venue.

Every board of a Chess960 round starts from the same position, drawn before the
round (FIDE Laws of Chess, Guidelines II.1-II.2), or one position serves every
round when the regulations say so. The application draws from a fresh seed the
journal keeps (the same seed always gives the same number), or the arbiter types
the number drawn at the venue (0 to 959; 518 is the standard position) and the
witnesses. The position shown as the number is typed is python-chess's, as
printed on the sheets. OK builds the session's ``draw_chess960_position``; the
session decides what is allowed and refuses with its reason.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.chess960 import ARTICLE, POSITIONS, STANDARD_POSITION, back_rank
from arbiter_app.session.commands import UNSET, DrawChess960Position


class Chess960Dialog(QDialog):
    """Which round (or every round), and whether the application draws or the number drawn at
    the venue is typed."""

    def __init__(self, round_no: int, rounds: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Draw Chess960 position")
        self.setAccessibleName("Draw Chess960 position")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Every board of the round starts from the same position, drawn before the "
            f"round ({ARTICLE}). The draw goes into the journal and the protocol of the "
            "drawing of lots; Undo takes it back.",
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.round_box = QSpinBox(self)
        self.round_box.setAccessibleName("Round")
        self.round_box.setRange(1, max(1, rounds))
        self.round_box.setValue(min(max(1, round_no), max(1, rounds)))
        form.addRow("&Round:", self.round_box)
        self.every_round = QRadioButton("One position for &every round of the event", self)
        self.one_round = QRadioButton("For this round &only", self)
        self.one_round.setChecked(True)
        scope = QButtonGroup(self)
        scope.addButton(self.one_round)
        scope.addButton(self.every_round)
        form.addRow(self.one_round)
        form.addRow(self.every_round)
        self.seeded = QRadioButton("&Drawn by the application (the seed is kept)", self)
        self.physical = QRadioButton("Drawn at the &venue: type the number", self)
        self.seeded.setChecked(True)
        how = QButtonGroup(self)
        how.addButton(self.seeded)
        how.addButton(self.physical)
        form.addRow(self.seeded)
        form.addRow(self.physical)
        self.number_box = QSpinBox(self)
        self.number_box.setAccessibleName("Number drawn")
        self.number_box.setRange(0, POSITIONS - 1)
        self.number_box.setValue(STANDARD_POSITION)
        form.addRow("&Number drawn:", self.number_box)
        self.preview = QLabel(self)
        self.preview.setAccessibleName("Position of the number")
        form.addRow("Position:", self.preview)
        self.witnesses_edit = QLineEdit(self)
        self.witnesses_edit.setAccessibleName("Witnesses")
        self.witnesses_edit.setPlaceholderText("names, separated by commas")
        # Room for the placeholder and two names, in the font the screen has.
        self.witnesses_edit.setMinimumWidth(
            self.witnesses_edit.fontMetrics().horizontalAdvance("names, separated by commas")
            + 4 * self.witnesses_edit.fontMetrics().averageCharWidth()
        )
        form.addRow("&Witnesses:", self.witnesses_edit)
        layout.addLayout(form)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        for button in (self.every_round, self.one_round, self.seeded, self.physical):
            button.toggled.connect(self._sync)
        self.number_box.valueChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        self.round_box.setEnabled(self.one_round.isChecked())
        typed = self.physical.isChecked()
        self.number_box.setEnabled(typed)
        number = self.number_box.value()
        standard = " (the standard position)" if number == STANDARD_POSITION else ""
        self.preview.setText(f"{back_rank(number)}{standard}" if typed else "drawn on OK")

    def command(self) -> DrawChess960Position:
        """The session's command for what the dialog says."""
        witnesses = [w.strip() for w in self.witnesses_edit.text().split(",") if w.strip()]
        return DrawChess960Position(
            round=self.round_box.value() if self.one_round.isChecked() else UNSET,
            number=self.number_box.value() if self.physical.isChecked() else UNSET,
            witnesses=witnesses or UNSET,
        )
