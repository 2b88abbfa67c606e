"""The standings: place, player, points and the tie-break columns."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from arbiter_app.core.tiebreaks import REGISTRY, parse_spec
from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.rows import EMPTY_STANDINGS, StandingsTable


def _describe(code: str) -> str:
    spec = parse_spec(code)
    tb = REGISTRY[spec.name]
    return f"{code}: {tb.description} ({tb.article})"


class StandingsModel(RowTableModel):
    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self._standings = EMPTY_STANDINGS

    def set_standings(self, standings: StandingsTable) -> None:
        if standings is self._standings:
            return  # the very table shown (a result of the round in progress)
        self._standings = standings
        table = standings.table
        numeric = [1, 3, 4, *standings.tiebreak_columns]
        tips = {column: _describe(code) for column, code in standings.tiebreak_columns.items()}
        self.set_rows(
            table.headers,
            table.rows,
            table.keys,
            numeric=numeric,
            tooltips=tips,
            people=[((key, row[2]),) for key, row in zip(table.keys, table.rows, strict=True)],
        )

    @property
    def standings(self) -> StandingsTable:
        return self._standings

    def tiebreak_code(self, column: int) -> str | None:
        return self._standings.tiebreak_columns.get(column)

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
