"""Columns are sized to their contents when the table's shape changes, not after every result."""

from __future__ import annotations

from PySide6.QtWidgets import QTableView
from pytestqt.qtbot import QtBot

from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.widgets.table import size_columns


def test_columns_are_sized_again_only_when_the_shape_changes(qtbot: QtBot) -> None:
    model = RowTableModel()
    view = QTableView()
    qtbot.addWidget(view)
    view.setModel(model)
    model.set_rows(("No.", "Player"), [("1", "Ada")], [1])
    size_columns(view)
    narrow = view.columnWidth(1)
    # Same headers, a longer name: the arbiter's columns stay where they are.
    model.set_rows(("No.", "Player"), [("1", "Ada Lovelace-Byron of Somewhere Far")], [1])
    size_columns(view)
    assert view.columnWidth(1) == narrow
    size_columns(view, force=True)
    wide = view.columnWidth(1)
    assert wide > narrow
    # Other headers (another tie-break list): sized again.
    model.set_rows(("No.", "Player", "BH"), [("1", "Ada", "12½")], [1])
    size_columns(view)
    assert view.columnWidth(1) < wide
