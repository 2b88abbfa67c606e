"""The standings: rank, player, points and the tie-break columns."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.rows import StandingsTable, Table

_EMPTY = Table((), (), ())


class StandingsModel(RowTableModel):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._standings = StandingsTable(_EMPTY, {}, ())

    def set_standings(self, standings: StandingsTable) -> None:
        self._standings = standings
        table = standings.table
        numeric = [1, 3, *range(4, len(table.headers))]
        tips = {
            column: f"{code}: click a value to see how it was made"
            for column, code in standings.tiebreak_columns.items()
        }
        self.set_rows(table.headers, table.rows, table.keys, numeric=numeric, tooltips=tips)

    def tiebreak_code(self, column: int) -> str | None:
        return self._standings.tiebreak_columns.get(column)

    def group(self, row: int) -> tuple[int, ...]:
        return self._standings.groups[row]

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if (
            role == Qt.ItemDataRole.ToolTipRole
            and index.isValid()
            and index.column() in self._standings.tiebreak_columns
        ):
            return "Click to see how this value was made"
        return super().data(index, role)
