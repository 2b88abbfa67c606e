"""Give the pairing numbers before round 1: by rating, by lot, as drawn at the venue, by hand.

By lot the session draws from a fresh seed it keeps in the journal, so the
draw can be reproduced and printed on the protocol; a physical draw is typed
in here, one drawn number per player, with its witnesses (it goes on the lot
protocol too); by hand the arbiter types each player's number.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import RuleError
from arbiter_app.core.model import Player, System
from arbiter_app.core.pairing.ranking import TournamentRating
from arbiter_app.ui.dialogs.errors import show_error

METHODS = (
    ("rating", "By rating: highest first, then title, then as chosen (FIDE C.04.2 article 2.2)"),
    ("lot", "By lot: the app draws; the seed is kept in the journal to reproduce the draw"),
    ("draw", "As drawn at the venue: type each player's drawn number and the witnesses"),
    ("order", "By hand: type each player's new number below"),
)
US_RATING_METHOD = "By rating: highest first, then as chosen (US Chess 28J and 29A)"
"""The ranking by rating in the words of a US Chess event (28J: the top half meets the
bottom half in rating order; 29A: rank is score, then rating)."""
TIE_ORDERS = (
    ("name", "by name"),
    ("fide-id", "by FIDE ID, lowest first"),
    ("lot", "by lot (the seed is kept in the journal)"),
)
"""How players equal on rating and title are ordered (FIDE C.04.2 article 2.2)."""

TYPED = ("draw", "order")
"""The methods whose numbers are typed in the table."""

DRAWN_COLUMN = 3


class PairingNumbersDialog(QDialog):
    """How the players get their pairing numbers."""

    def __init__(
        self,
        players: Sequence[Player],
        system: System = System.SWISS,
        parent: QWidget | None = None,
        *,
        us_chess: bool = False,
    ) -> None:
        super().__init__(parent)
        self.players = tuple(players)
        self.setWindowTitle("Pairing numbers")
        self.setAccessibleName("Pairing numbers")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Pairing numbers are given once, before round 1 is paired. Every player is "
            "renumbered; the change can be undone.",
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.method_group = QButtonGroup(self)
        self.method_buttons: dict[str, QRadioButton] = {}
        for key, label in METHODS:
            if key == "rating" and us_chess:
                label = US_RATING_METHOD
            button = QRadioButton(label, self)
            button.setAccessibleName(label)
            self.method_group.addButton(button)
            self.method_buttons[key] = button
            layout.addWidget(button)
        # By rating: which rating orders the list, and how equal players are ordered
        # (FIDE C.04.2 article 2.2; FIDE C.02, questions 145 and 146).
        self.rating_choice = QComboBox(self)
        self.rating_choice.setAccessibleName("Tournament rating")
        for rating in TournamentRating:
            self.rating_choice.addItem(f"{rating.value}: {rating.words}", rating.value)
        self.ties_choice = QComboBox(self)
        self.ties_choice.setAccessibleName("Equal players")
        for key, label in TIE_ORDERS:
            self.ties_choice.addItem(label, key)
        # The form lives in a widget of the dialog, so Qt alone owns and deletes it.
        holder = QWidget(self)
        rule = QFormLayout(holder)
        rule.setContentsMargins(24, 0, 0, 0)
        rule.addRow("Rating:", self.rating_choice)
        rule.addRow("Equal rating and title:", self.ties_choice)
        layout.insertWidget(layout.indexOf(self.method_buttons["lot"]), holder)
        # A round robin draws its numbers (FIDE C.05 article 7.2); a Swiss ranks them.
        self.method_buttons["lot" if system.is_round_robin else "rating"].setChecked(True)
        self.table = QTableWidget(len(self.players), 4, self)
        self.table.setAccessibleName("Drawn numbers")
        self.table.setHorizontalHeaderLabels(["No.", "Name", "Rating", "Drawn number"])
        self.table.verticalHeader().hide()
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(
            QAbstractItemView.EditTrigger.AllEditTriggers
            & ~QAbstractItemView.EditTrigger.CurrentChanged
        )
        for row, player in enumerate(self.players):
            cells = (str(player.tpn), player.name, str(player.rating or ""), "")
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column != DRAWN_COLUMN:
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                align = Qt.AlignmentFlag.AlignVCenter
                if column in (0, 2, DRAWN_COLUMN):
                    align |= Qt.AlignmentFlag.AlignRight
                item.setTextAlignment(align)
                self.table.setItem(row, column, item)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumSize(420, 220)
        layout.addWidget(self.table)
        self.witnesses_field = QLineEdit(self)
        self.witnesses_field.setAccessibleName("Witnesses")
        self.witnesses_field.setPlaceholderText("Witnesses of the draw, separated by commas")
        layout.addWidget(self.witnesses_field)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Renumber")
        ok.setAccessibleName("Renumber")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.method_group.buttonToggled.connect(lambda *_: self._update())
        self._update()

    def _update(self) -> None:
        method = self.method()
        self.table.setEnabled(method in TYPED)
        header = "Drawn number" if method == "draw" else "New number"
        self.table.setHorizontalHeaderItem(DRAWN_COLUMN, QTableWidgetItem(header))
        self.witnesses_field.setEnabled(method in ("lot", "draw"))
        self.rating_choice.setEnabled(method == "rating")
        self.ties_choice.setEnabled(method == "rating")

    def ranking_rule(self) -> tuple[str, str]:
        """The tournament rating (``FIDE``, ``NRO``, …) and the order of equal players
        (``name``, ``fide-id``, ``lot``) chosen for a renumbering by rating."""
        return str(self.rating_choice.currentData()), str(self.ties_choice.currentData())

    def witnesses(self) -> tuple[str, ...]:
        """Who saw the draw (a draw by lot or at the venue; none for the other methods)."""
        if self.method() not in ("lot", "draw"):
            return ()
        return tuple(w.strip() for w in self.witnesses_field.text().split(",") if w.strip())

    def set_method(self, key: str) -> None:
        self.method_buttons[key].setChecked(True)

    def method(self) -> str:
        for key, button in self.method_buttons.items():
            if button.isChecked():
                return key
        return "rating"

    def set_drawn(self, tpn: int, number: int | str) -> None:
        """Type the number player *tpn* drew (as the arbiter would in the table)."""
        row = next(i for i, p in enumerate(self.players) if p.tpn == tpn)
        cell = self.table.item(row, DRAWN_COLUMN)
        assert cell is not None
        cell.setText(str(number))

    def order(self) -> list[int]:
        """The present pairing numbers in the order drawn (the new number 1 first).

        Raises RuleError naming the player whose drawn number is missing, not a
        number, out of range or drawn twice.
        """
        count = len(self.players)
        holder: dict[int, Player] = {}
        for row, player in enumerate(self.players):
            cell = self.table.item(row, DRAWN_COLUMN)
            text = cell.text().strip() if cell is not None else ""
            who = f"{player.tpn} {player.name}"
            if not text:
                raise RuleError(f"type the number {who} drew (row {row + 1})")
            try:
                drawn = int(text)
            except ValueError:
                raise RuleError(f"the number {who} drew is not a number: {text!r}") from None
            if not 1 <= drawn <= count:
                raise RuleError(f"{who} drew {drawn}; the numbers go from 1 to {count}")
            if drawn in holder:
                first = holder[drawn]
                raise RuleError(f"{first.tpn} {first.name} and {who} both drew {drawn}")
            holder[drawn] = player
        return [holder[n].tpn for n in range(1, count + 1)]

    def accept(self) -> None:
        # A typo in the drawn numbers keeps the dialog open with what was typed.
        if self.method() in TYPED:
            try:
                self.order()
            except RuleError as exc:
                show_error(self, exc)
                return
        super().accept()
