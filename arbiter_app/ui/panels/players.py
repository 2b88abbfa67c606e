"""The players panel: everyone entered, filterable and sortable."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.player import PlayerDialog
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.players import PlayersModel
from arbiter_app.ui.models.table import SortProxy
from arbiter_app.ui.rows import player_rows
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.table import size_columns


class PlayersPanel(QWidget):
    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = PlayersModel(self)
        self.proxy = SortProxy(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.filter = QLineEdit(self)
        self.filter.setPlaceholderText("Filter players (name, federation, number…)")
        self.filter.setAccessibleName("Filter players")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setAccessibleName("Players")
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(True)
        self.add_button = QPushButton("Add player…", self)
        self.add_button.setAccessibleName("Add a player")
        self.add_button.setToolTip("Register a player before the first round is paired")
        self.add_button.clicked.connect(self.ask_new_player)
        bar = QHBoxLayout()
        bar.addWidget(self.filter, 1)
        bar.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.view)
        self.deferred = DeferredRefresh(self, self.refresh)
        document.changed.connect(self.on_changed)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.event or changes.players or changes.results:
            self.deferred.request()

    def ask_new_player(self) -> None:
        dialog = PlayerDialog(self)
        dialog.accepted.connect(lambda: self.add_player(dialog.fields()))
        dialog.open()

    def add_player(self, fields: dict[str, object]) -> bool:
        try:
            self.document.add_player(fields)
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        return True

    def refresh(self) -> None:
        self.model.set_players(player_rows(self.document.tournament))
        size_columns(self.view)
