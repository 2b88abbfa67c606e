"""Change one board of a round by hand: who plays White, who plays Black.

Every player the round can pair is offered: the board's two players, players on
other boards, the player with the pairing-allocated bye and players without a
board (FIDE C.02, manual pairings). What the change does to the rest of the
round is the core's :func:`~arbiter_app.core.pairing.manual.move_onto_board`,
shown under the choice before OK: a player taken from another board is
replaced there by the player this board no longer needs, a player taken from
the bye leaves it to them, and a displaced player with no place left gets the
pairing-allocated bye when nobody has it (a box lets the arbiter leave them
without a board instead). Whether the new boards break a pairing rule is the
session's question; the panel asks the arbiter to confirm when they do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from arbiter_app.core.errors import RuleError
from arbiter_app.core.pairing.manual import Moved

Preview = Callable[[int, int, bool], Moved]
"""(White, Black, give a displaced player the bye) -> the round after the change."""


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
    """White and Black of one board, chosen among *candidates*; OK needs two different players.

    *preview* says what the choice does to the rest of the round; *bye_word* is the
    event's name for the pairing-allocated bye ("bye" in a US Chess event, 22C).
    """

    def __init__(
        self,
        round_no: int,
        board: int,
        white: int,
        black: int,
        candidates: Sequence[Candidate],
        preview: Preview,
        bye_word: str = "pairing-allocated bye",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.round_no, self.board = round_no, board
        self.before = (white, black)
        self._preview, self._bye_word = preview, bye_word
        self.moved: Moved | None = None
        title = f"Change the pairing of board {board}, round {round_no}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.names = {c.tpn: c.name for c in candidates}
        form = self.form = QFormLayout(self)
        now = QLabel(f"Now: {self._named(white)} (White) – {self._named(black)} (Black)", self)
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
        self.effect = QLabel(self)
        self.effect.setAccessibleName("What the change does")
        self.effect.setWordWrap(True)
        form.addRow("Then:", self.effect)
        self.give_bye = QCheckBox(f"Give the displaced player the {bye_word}", self)
        self.give_bye.setAccessibleName(f"Give the displaced player the {bye_word}")
        self.give_bye.setChecked(True)
        self.give_bye.toggled.connect(self._update)
        policy = self.give_bye.sizePolicy()
        policy.setRetainSizeWhenHidden(True)  # the dialog keeps its size as the box comes and goes
        # As wide as its text, not as the row: a check box reacts only to clicks on its mark
        # and text, so a wider box has blank space that takes clicks and does nothing (with a
        # narrower font the middle of the row lay beyond the text). The dialog grows to it.
        policy.setHorizontalPolicy(QSizePolicy.Policy.Fixed)
        self.give_bye.setSizePolicy(policy)
        form.addRow("", self.give_bye)
        note = QLabel(
            "A player from another board swaps places with the player this board no longer"
            f" needs; a player taken from the {bye_word} leaves it to them.",
            self,
        )
        note.setWordWrap(True)
        note.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        note.setAccessibleName("How players move")
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
        self.white.currentIndexChanged.connect(self._update)
        self.black.currentIndexChanged.connect(self._update)
        self._update()
        self.resize(self.fontMetrics().horizontalAdvance("x") * 80, self.sizeHint().height())

    def _named(self, tpn: int) -> str:
        return f"{tpn}. {self.names.get(tpn, '?')}"

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

    @property
    def moves_others(self) -> bool:
        """The change reaches beyond this board: another board, or the bye given."""
        moved = self.moved
        return moved is not None and (len(moved.changed) > 1 or moved.bye is not None)

    def set_players(self, white: int, black: int) -> None:
        self.white.setCurrentIndex(self.white.findData(white))
        self.black.setCurrentIndex(self.black.findData(black))

    def swap_colours(self) -> None:
        white, black = self.choice()
        self.set_players(black, white)

    def _update(self) -> None:
        """Say what the choice does to the rest of the round, before OK."""
        white, black = self.choice()
        self.problem.hide()
        self.moved = None
        if white == black:
            self._show_effect(f"{self._named(white)} cannot play themself: choose two players.")
            return
        try:
            with_bye = self._preview(white, black, True)
            self.moved = (
                with_bye if self.give_bye.isChecked() else self._preview(white, black, False)
            )
        except RuleError as exc:
            self._show_effect(f"{str(exc)[0].upper()}{str(exc)[1:]}.")
            return
        self.give_bye.setVisible(with_bye.bye is not None)
        if with_bye.bye is not None:
            self.give_bye.setText(f"Give {self._named(with_bye.bye)} the {self._bye_word}")
        self._show_effect(self._effect_text(self.moved))

    def _show_effect(self, text: str) -> None:
        self.effect.setText(text)
        if self.moved is None:
            self.give_bye.hide()
        # A longer answer (several boards changed) makes the dialog taller, never cut off.
        layout = self.form
        layout.activate()
        needed = (
            layout.totalHeightForWidth(self.width())
            if layout.hasHeightForWidth()
            else layout.totalSizeHint().height()
        )
        if needed > self.height():
            self.resize(self.width(), needed)

    def _effect_text(self, moved: Moved) -> str:
        boards = {b.number: b for b in moved.pairing.boards}
        lines = [
            f"Board {n}: {self._named(boards[n].white)} – {self._named(boards[n].black)}."
            for n in moved.changed[1:]
        ]
        if moved.bye is not None:
            lines.append(f"{self._named(moved.bye)} gets the {self._bye_word}.")
        lines += [f"{self._named(t)} has no board this round." for t in moved.unpaired]
        return "\n".join(lines) or "No other board changes."

    def accept(self) -> None:
        white, black = self.choice()
        if white == black:
            self.problem.setText(f"Player {white} cannot play themself: choose two players.")
            self.problem.show()
            return
        if self.moved is None:
            self.problem.setText(self.effect.text())
            self.problem.show()
            return
        super().accept()
