"""The crosstable panel."""

from __future__ import annotations

import contextlib

from PySide6.QtWidgets import QAbstractItemView, QTableView, QVBoxLayout, QWidget

from arbiter_app.core.errors import ArbiterError
from arbiter_app.exports.standings import tiebreak_article
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.models.crosstable import CrosstableModel
from arbiter_app.ui.playoff_adapter import shown_standings
from arbiter_app.ui.rows import crosstable
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns


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
        self.search = PlayerSearch(self.view, "player", self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addWidget(self.view)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def refresh(self) -> None:
        event = self.document.tournament
        standings = None
        # A Swiss wall chart is in standings order; both kinds end with the tie-breaks.
        with contextlib.suppress(ArbiterError):
            standings = shown_standings(self.document).standings
        codes = standings.codes if standings is not None else ()
        self.model.set_table(
            crosstable(event, standings),
            tiebreaks=len(codes),
            rules=tiebreak_article(event.effective_rule_set),
        )
        size_columns(self.view, stretch=(1,))
