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
    results_end = 0
    """The first column after the result cells (Points; the tie-breaks follow it)."""

    def set_table(self, table: Table, *, tiebreaks: int = 0, rules: str = "FIDE C.07") -> None:
        """Show *table*; its last *tiebreaks* columns are tie-break values, defined by
        *rules* (FIDE C.07, or US Chess 34E)."""
        points = len(table.headers) - 1 - tiebreaks
        self.results_end = points
        after = tuple(range(points + 1, len(table.headers)))
        self.set_rows(
            table.headers,
            table.rows,
            table.keys,
            numeric=(0, 2, points, *after),
            tooltips={
                0: "Pairing number",
                points: "Points",
                **{c: f"Tie-break {table.headers[c]} ({rules})" for c in after},
            },
            people=[((key, row[1]),) for key, row in zip(table.keys, table.rows, strict=True)],
        )

    def data(
        self,
        index: QModelIndex | QPersistentModelIndex,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if index.isValid() and FIXED_COLUMNS <= index.column() < self.results_end:
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
