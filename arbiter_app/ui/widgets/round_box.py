"""A spin box of the event's game columns, shown as the arbiter says them.

The boards of a round are kept by game column; in a double Swiss a round is two of
them. The box holds the column and shows "Round 3", or "Round 2, game 1" in a double
Swiss (:meth:`System.game_name`), so the Pairings panels read as ``pair`` prints.
Typed text is read the same way: "5", "round 5" or "round 2, game 1" (a round alone
is its first game).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QSpinBox, QWidget

from arbiter_app.core.model import System

_TYPED = re.compile(r"\s*(?:round\s*)?(\d+)\s*(?:,?\s*game\s*(\d*))?\s*", re.IGNORECASE)


class RoundBox(QSpinBox):
    """A game column (the spin box's value) shown as "Round 2, game 1" or "Round 3"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._system = System.SWISS
        self._fit()

    @property
    def system(self) -> System:
        return self._system

    def set_system(self, system: System) -> None:
        """Show the columns as *system* counts its rounds (a new event, or a new system)."""
        if system is self._system:
            return
        self._system = system
        self._fit()
        self.lineEdit().setText(self.textFromValue(self.value()))

    def _fit(self) -> None:
        widest = self.textFromValue(self._system.first_game(999) + self._system.games_per_round - 1)
        metrics = self.fontMetrics()
        self.setMinimumWidth(metrics.horizontalAdvance(widest) + 4 * metrics.height())

    def textFromValue(self, value: int) -> str:
        if value < 1:
            return "Round 0"  # nothing paired yet: the box is disabled
        said = self._system.game_name(value)
        return said[:1].upper() + said[1:]

    def _column(self, text: str) -> int | None:
        typed = _TYPED.fullmatch(text)
        if typed is None:
            return None
        round_no = int(typed[1])
        game = int(typed[2]) if typed[2] else 1
        if round_no < 1 or not 1 <= game <= self._system.games_per_round:
            return None
        return self._system.first_game(round_no) + game - 1

    def valueFromText(self, text: str) -> int:
        column = self._column(text)
        return self.value() if column is None else column

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        column = self._column(text)
        if column is not None and self.minimum() <= column <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos
