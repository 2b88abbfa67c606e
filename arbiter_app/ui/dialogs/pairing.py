"""Change one board of a round by hand: who plays White, who plays Black.

The dialog only offers what the session's ``change_pairing`` command can do
(:mod:`arbiter_app.session.round_commands`): the two players of the board
(swapped, or one of them replaced) and the players of the round who have no
board (a bye, an absence). A player on another board must first be taken off
that board, because the file changes one board at a time. Whether the new
board breaks a pairing rule is the session's question; the panel asks the
arbiter to confirm when it does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QWidget,
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A player who may go on the board; *where* says where they are now in the round."""

    tpn: int
    name: str
    where: str

    @property
    def label(self) -> str:
        return f"{self.tpn}. {self.name} ({self.where})"


class PairingDialog(QDialog):
    """White and Black of one board, chosen among *candidates*; OK needs two different players."""

    def __init__(
        self,
        round_no: int,
        board: int,
        white: int,
        black: int,
        candidates: Sequence[Candidate],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.round_no, self.board = round_no, board
        self.before = (white, black)
        title = f"Change the pairing of board {board}, round {round_no}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        names = {c.tpn: c.name for c in candidates}
        form = QFormLayout(self)
        now = QLabel(
            f"Now: {white}. {names.get(white, '?')} (White) – {black}. {names.get(black, '?')}"
            " (Black)",
            self,
        )
        now.setAccessibleName("The board now")
        form.addRow(now)
        self.white = self._combo("White", candidates, white)
        self.black = self._combo("Black", candidates, black)
        form.addRow("&White:", self.white)
        form.addRow("&Black:", self.black)
        self.swap_button = QPushButton("&Swap colours", self)
        self.swap_button.setAccessibleName("Swap colours")
        self.swap_button.setToolTip("Give White's colour to Black and Black's to White")
        self.swap_button.clicked.connect(self.swap_colours)
        form.addRow("", self.swap_button)
        note = QLabel(
            "Players on other boards are not offered: the file changes one board at a time,"
            " so take a player off their board first. A player taken off this board has no"
            " game this round (or the bye they asked for); a player given this board loses"
            " their bye.",
            self,
        )
        note.setWordWrap(True)
        note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        note.setAccessibleName("Which players are offered")
        form.addRow(note)
        self.problem = QLabel(self)
        self.problem.setAccessibleName("Problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.resize(self.fontMetrics().horizontalAdvance("x") * 72, self.sizeHint().height())

    def _combo(self, colour: str, candidates: Sequence[Candidate], current: int) -> QComboBox:
        box = QComboBox(self)
        box.setAccessibleName(colour)
        for candidate in candidates:
            box.addItem(candidate.label, candidate.tpn)
        box.setCurrentIndex(max(0, box.findData(current)))
        return box

    def choice(self) -> tuple[int, int]:
        """(White, Black) as chosen."""
        return int(self.white.currentData()), int(self.black.currentData())

    @property
    def changed(self) -> bool:
        return self.choice() != self.before

    def set_players(self, white: int, black: int) -> None:
        self.white.setCurrentIndex(self.white.findData(white))
        self.black.setCurrentIndex(self.black.findData(black))

    def swap_colours(self) -> None:
        white, black = self.choice()
        self.set_players(black, white)

    def accept(self) -> None:
        white, black = self.choice()
        if white == black:
            self.problem.setText(f"Player {white} cannot play themself: choose two players.")
            self.problem.show()
            return
        super().accept()
