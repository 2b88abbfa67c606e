"""A late entry's rounds missed, one by one: what the player gets in each round paired
before they joined (FIDE C.04.2 article 2.4; US Chess 28K). The choices and the default
come from the rules (:mod:`arbiter_app.core.attendance`); the session refuses a choice the
event's rule set does not allow."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QWidget

from arbiter_app.core.model import System

MISSED_WORDS = {
    "not-paired": "Not paired: 0 points",
    "zero-bye": "Zero-point bye: 0 points",
    "half-bye": "Half-point bye: ½ point",
    "full-bye": "Full-point bye: 1 point (where the rules allow it)",
}
"""The words for each choice of the session's ``late_entry``."""


class MissedRounds:
    """One choice a missed round, round 1 first: boxes the dialog puts in its own form
    (:meth:`rows`), so that they line up with its other fields. In a double Swiss each game
    of a match missed has its own ("Round 1, game 2"), as the file keeps it."""

    def __init__(
        self,
        rounds: int,
        choices: tuple[str, ...],
        default: str,
        parent: QWidget,
        system: System = System.SWISS,
    ) -> None:
        self.boxes: list[QComboBox] = []
        self.names = [system.game_name(column).capitalize() for column in range(1, rounds + 1)]
        for name in self.names:
            box = QComboBox(parent)
            box.setAccessibleName(f"{name} missed counts as")
            for key in choices:
                box.addItem(MISSED_WORDS[key], key)
            box.setCurrentIndex(max(box.findData(default), 0))
            self.boxes.append(box)

    def rows(self) -> list[tuple[str, QComboBox]]:
        """``(label, box)`` for each round missed."""
        return [(f"{name}:", box) for name, box in zip(self.names, self.boxes, strict=True)]

    def set_all(self, key: str) -> None:
        """Every round the same (the dialog's "Missed rounds" choice changed)."""
        for box in self.boxes:
            box.setCurrentIndex(max(box.findData(key), 0))

    def set_round(self, round_no: int, key: str) -> None:
        box = self.boxes[round_no - 1]
        box.setCurrentIndex(max(box.findData(key), 0))

    def chosen(self) -> list[str]:
        return [str(box.currentData()) for box in self.boxes]
