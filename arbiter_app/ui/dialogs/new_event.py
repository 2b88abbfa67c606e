"""New event: its name, its system and its number of rounds.

The event starts untitled; File ▸ Save as… chooses its file (the title bar
says "Untitled" until then).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from arbiter_app.core.limits import MAX_ROUNDS
from arbiter_app.core.model import System
from arbiter_app.core.words import count

SYSTEM_LABELS = {system: system.words[0].upper() + system.words[1:] for system in System}
"""Each system as a list shows it ("Double round robin")."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    name: str
    system: System
    rounds: int
    """Rounds as the arbiter counts them (a double Swiss round is a match of two games)."""

    @property
    def games(self) -> int:
        """The game columns the file plans for *rounds*."""
        return self.system.games_in(self.rounds)


class NewEventDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.setAccessibleName("New event")
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setAccessibleName("Event name")
        self.name.setPlaceholderText("e.g. City Chess Open 2026")
        form.addRow("&Name:", self.name)
        self.system = QComboBox(self)
        self.system.setAccessibleName("Tournament system")
        for system, label in SYSTEM_LABELS.items():
            self.system.addItem(label, system.value)
        form.addRow("&System:", self.system)
        self.rounds = QSpinBox(self)
        self.rounds.setAccessibleName("Rounds")
        self.rounds.setRange(1, MAX_ROUNDS)
        self.rounds.setValue(5)
        form.addRow("&Rounds:", self.rounds)
        # A double Swiss round is a match of two games: the box says so.
        self.system.currentIndexChanged.connect(lambda _i: self._show_games())
        self.rounds.valueChanged.connect(lambda _v: self._show_games())
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.name.textChanged.connect(lambda _: self._update_ok())
        self._update_ok()
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 50)

    def _show_games(self) -> None:
        system = System(self.system.currentData())
        games = system.games_per_round
        rounds = self.rounds.value()
        self.rounds.setSuffix(
            ""
            if games == 1
            else f" ({count(games, 'game')} each: {count(system.games_in(rounds), 'game')})"
        )

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))

    def result_event(self) -> NewEvent:
        return NewEvent(
            self.name.text().strip(),
            System(self.system.currentData()),
            self.rounds.value(),
        )
