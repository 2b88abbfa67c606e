"""The crosstable panel."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QTableView, QVBoxLayout, QWidget

from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.crosstable import CrosstableModel
from arbiter_app.ui.rows import crosstable


class CrosstablePanel(QWidget):
    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = CrosstableModel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Crosstable")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        document.changed.connect(self.on_changed)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.event or changes.players or changes.results:
            self.refresh()

    def refresh(self) -> None:
        self.model.set_table(crosstable(self.document.tournament))
        self.view.resizeColumnsToContents()
