"""The standings panel; a click on a tie-break value opens its explanation."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.tiebreaks import TieBreakContext, explain, parse_spec
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.explanation import ExplanationDialog
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.rows import standings_table


class StandingsPanel(QWidget):
    explanation_shown = Signal(object)
    """The :class:`ExplanationDialog` just opened (tests and the projector listen)."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = StandingsModel(self)
        self.caption = QLabel(self)
        self.caption.setAccessibleName("Standings caption")
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Standings")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setStretchLastSection(False)
        self.view.clicked.connect(self.on_clicked)
        self.view.activated.connect(self.on_clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.view)
        document.changed.connect(self.on_changed)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.anything:
            self.refresh()

    def refresh(self) -> None:
        event = self.document.tournament
        self.model.set_standings(standings_table(event))
        played, planned = event.rounds_played, event.rounds
        self.caption.setText(f"After round {played} of {planned}")
        self.view.resizeColumnsToContents()
        if self.model.columnCount() > 2:
            # The name takes the spare width, so the figures stay next to each other.
            self.view.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)

    def on_clicked(self, index: QModelIndex) -> None:
        code = self.model.tiebreak_code(index.column())
        if code is None:
            return
        tpn = self.model.key(index.row())
        self.show_explanation(code, tpn, self.model.group(index.row()))

    def show_explanation(
        self, code: str, tpn: int, group: tuple[int, ...]
    ) -> ExplanationDialog | None:
        event = self.document.tournament
        try:
            spec = parse_spec(code)
            explanation = explain(TieBreakContext(event), spec, tpn, group)
        except ArbiterError as exc:
            show_error(self, exc)
            return None
        names = {p.tpn: p.name for p in event.players}
        dialog = ExplanationDialog(explanation, names, self)
        dialog.open()
        self.explanation_shown.emit(dialog)
        return dialog
