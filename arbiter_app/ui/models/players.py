"""The players table: pairing number, title, name, rating, federation, FIDE ID (the US Chess
ID in a US Chess event), points."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from arbiter_app.core.points import format_points
from arbiter_app.ui.models.table import Index, RowTableModel
from arbiter_app.ui.rows import PlayerRow

HEADERS = ("No.", "Title", "Name", "Rating", "Fed.", "FIDE ID", "Points", "Status", "Present")
US_CHESS_HEADERS = (*HEADERS[:5], "US Chess ID", *HEADERS[6:])
"""A US Chess event's players are known by their US Chess IDs (rule 23C: every player a
member), as a TD registers and reports them."""
NUMERIC = (0, 3, 6)
PRESENT = 8
"""The column of the check-in (a check box before round 1 is paired)."""
TOOLTIPS = {
    0: "Pairing number",
    3: "FIDE rating",
    6: "Points scored so far",
    PRESENT: "Checked in before round 1 (Space marks the selected player), or absent from a "
    "coming round",
}
US_CHESS_TOOLTIPS = {
    **TOOLTIPS,
    3: "US Chess rating of the event's rating system (rule 5C)",
    5: "US Chess ID (the player's national ID)",
}


class PlayersModel(RowTableModel):
    """Players who withdrew or were disqualified are shown greyed out."""

    present_toggled = Signal(int, bool)
    """A player's check box was clicked: (pairing number, present). The panel runs the
    command; the model changes only when the event does."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._inactive: frozenset[int] = frozenset()
        self._present: frozenset[int] = frozenset()
        self._checking_in = False
        self._attendance: dict[int, str] = {}

    def set_players(
        self,
        players: Sequence[PlayerRow],
        inactive: Collection[int] | None = None,
        *,
        present: Collection[int] | None = None,
        attendance: dict[int, str] | None = None,
        us_chess: bool = False,
    ) -> None:
        """Show *players*; *inactive* (default: those whose status is not "active") are greyed.

        *us_chess*: a US Chess event, whose players are shown with their US Chess IDs.

        *present*: the players checked in, while check-in is open (None once round 1 is
        paired: no check box); *attendance*: the Present column's words for a player
        (an absence from a coming round).
        """
        if inactive is None:
            inactive = [p.tpn for p in players if p.status != "active"]
        self._inactive = frozenset(inactive)
        self._checking_in = present is not None
        self._present = frozenset(present or ())
        self._attendance = dict(attendance or {})
        self.set_rows(
            US_CHESS_HEADERS if us_chess else HEADERS,
            [
                (
                    str(p.tpn),
                    p.title,
                    p.name,
                    str(p.rating) if p.rating else "unrated",
                    p.federation,
                    p.national_id if us_chess else p.fide_id,
                    format_points(p.score),
                    p.status,
                    self._attendance.get(p.tpn, "present" if p.tpn in self._present else ""),
                )
                for p in players
            ],
            [p.tpn for p in players],
            numeric=NUMERIC,
            tooltips=US_CHESS_TOOLTIPS if us_chess else TOOLTIPS,
            people=[((p.tpn, p.name),) for p in players],
        )

    def is_inactive(self, row: int) -> bool:
        return self.key(row) in self._inactive

    def is_present(self, row: int) -> bool:
        return self.key(row) in self._present

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if self._checks(index):
            flags |= Qt.ItemFlag.ItemIsUserCheckable
        return flags

    def _checks(self, index: Index) -> bool:
        return (
            self._checking_in
            and index.isValid()
            and index.column() == PRESENT
            and 0 <= index.row() < self.rowCount()
            and not self.is_inactive(index.row())
        )

    def setData(self, index: Index, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role == Qt.ItemDataRole.CheckStateRole and self._checks(index):
            checked = Qt.CheckState(value) == Qt.CheckState.Checked
            self.present_toggled.emit(self.key(index.row()), checked)
            return False  # the event changes through the command, then the model
        return super().setData(index, value, role)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.CheckStateRole:
            if not self._checks(index):
                return None
            present = self.is_present(index.row())
            return Qt.CheckState.Checked if present else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole and index.isValid():
            if 0 <= index.row() < self.rowCount() and self.is_inactive(index.row()):
                palette = QApplication.palette()
                return palette.brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            return None
        return super().data(index, role)
