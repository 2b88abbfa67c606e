"""The players table: pairing number, title, name, rating, federation, FIDE ID, points."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from arbiter_app.core.points import format_points
from arbiter_app.ui.models.table import Index, RowTableModel
from arbiter_app.ui.rows import PlayerRow

HEADERS = ("No.", "Title", "Name", "Rating", "Fed.", "FIDE ID", "Points", "Status")
NUMERIC = (0, 3, 6)
TOOLTIPS = {0: "Pairing number", 3: "FIDE rating", 6: "Points scored so far"}


class PlayersModel(RowTableModel):
    """Players who withdrew or were disqualified are shown greyed out."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self._inactive: frozenset[int] = frozenset()

    def set_players(
        self, players: Sequence[PlayerRow], inactive: Collection[int] | None = None
    ) -> None:
        """Show *players*; *inactive* (default: those whose status is not "active") are greyed."""
        if inactive is None:
            inactive = [p.tpn for p in players if p.status != "active"]
        self._inactive = frozenset(inactive)
        self.set_rows(
            HEADERS,
            [
                (
                    str(p.tpn),
                    p.title,
                    p.name,
                    str(p.rating) if p.rating else "unrated",
                    p.federation,
                    p.fide_id,
                    format_points(p.score),
                    p.status,
                )
                for p in players
            ],
            [p.tpn for p in players],
            numeric=NUMERIC,
            tooltips=TOOLTIPS,
            people=[((p.tpn, p.name),) for p in players],
        )

    def is_inactive(self, row: int) -> bool:
        return self.key(row) in self._inactive

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.ForegroundRole and index.isValid():
            if 0 <= index.row() < self.rowCount() and self.is_inactive(index.row()):
                palette = QApplication.palette()
                return palette.brush(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            return None
        return super().data(index, role)
