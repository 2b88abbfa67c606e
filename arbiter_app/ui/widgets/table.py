"""Table view helpers shared by the panels."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableView

SIZING_SAMPLE_ROWS = 60
"""Rows measured when columns are sized to their contents: the top of a 1,000-player table
is as wide as the rest, and measuring every row after each result cost seconds."""


_SIZED = "arbiter_sized_for"
"""The view property holding the table shape the columns were last sized for."""


def size_columns(view: QTableView, *, force: bool = False) -> None:
    """Size *view*'s columns to their contents, measuring a sample of rows (plus the visible ones).

    Columns are sized again only when the table's shape changed (its headers,
    or rows arriving in an empty table): a result typed keeps the columns
    where the arbiter sees them, and spares a measurement of every cell.
    """
    model = view.model()
    if model is None:
        return
    headers = tuple(
        str(model.headerData(c, Qt.Orientation.Horizontal)) for c in range(model.columnCount())
    )
    shape = repr((headers, model.rowCount() > 0))
    if not force and view.property(_SIZED) == shape:
        return
    view.setProperty(_SIZED, shape)
    view.horizontalHeader().setResizeContentsPrecision(SIZING_SAMPLE_ROWS)
    view.resizeColumnsToContents()
