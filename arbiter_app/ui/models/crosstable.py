"""The crosstable: a grid of opponents (round robin) or one column per round (Swiss)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication

from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.rows import Table

FIXED_COLUMNS = 3
"""No., Player, Rating come before the result cells."""


class CrosstableModel(RowTableModel):
    def set_table(self, table: Table) -> None:
        last = len(table.headers) - 1
        self.set_rows(
            table.headers,
            table.rows,
            table.keys,
            numeric=(0, 2, last),
            tooltips={0: "Pairing number", last: "Points"},
            people=[((key, row[1]),) for key, row in zip(table.keys, table.rows, strict=True)],
        )

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if index.isValid() and index.column() >= FIXED_COLUMNS:
            if role == Qt.ItemDataRole.TextAlignmentRole:
                return int(Qt.AlignmentFlag.AlignCenter)
            # The diagonal of a round robin grid (a player against themself) is shaded
            # with the palette, so it follows light and dark themes.
            if (
                role == Qt.ItemDataRole.BackgroundRole
                and self.cell(index.row(), index.column()) == "×"
            ):
                return QApplication.palette().brush(QPalette.ColorRole.Mid)
        return super().data(index, role)
