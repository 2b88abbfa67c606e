"""The Pairings by name panel: "where do I play?", every player of a round alphabetically.

The same rows as the printed sheet and the projector's list
(:func:`arbiter_app.exports.by_name.by_name_rows`), for the round chosen
beside the list (the latest paired round unless the arbiter picks another).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.words import count
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.models.by_name import ByNameModel
from arbiter_app.ui.round_lists import names_of_round
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.round_box import RoundBox
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns


class ByNamePanel(QWidget):
    """Every player of a round in alphabetical order, with a search box."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = ByNameModel(self)
        self.round = RoundBox(self)
        self.round.setAccessibleName("Round shown by name")
        # The spin box's own text field is what screen readers land on.
        self.round.lineEdit().setAccessibleName("Round shown by name")
        self._shown_round = 0
        self._followed = 0
        """The round shown by itself (the game played now), followed while the arbiter
        does not choose another."""
        self.round.valueChanged.connect(self._round_chosen)
        self.summary = QLabel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Pairings by name")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.search = PlayerSearch(self.view, "player", self)
        bar = QHBoxLayout()
        bar.addWidget(self.round)
        bar.addWidget(self.summary, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.search)
        layout.addWidget(self.view)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def _round_chosen(self, value: int) -> None:
        if value != self._shown_round:
            # The arbiter's choice: the list stays on it when a later round is paired.
            self._shown_round = value
            self.refresh()

    def refresh(self) -> None:
        # The round numbers of the Pairings & results panel (a game column each).
        latest = self.document.paired_rounds()
        # Following the venue unless the arbiter chose another round.
        on_latest = self._shown_round == self._followed
        self.round.blockSignals(True)
        self.round.set_system(self.document.tournament.system)
        self.round.setRange(min(1, latest), latest)
        if on_latest:
            # A new pairing shows at once: the game played now (game 1 of a new double
            # Swiss match).
            self._followed = self.document.current_game()
            self.round.setValue(self._followed)
        self.round.blockSignals(False)
        shown = self.round.value()
        self._shown_round = shown
        rows = names_of_round(self.document, shown)
        self.model.set_names(rows)
        self.summary.setText(
            f"{count(len(rows), 'player')} in alphabetical order"
            if rows
            else "No round has been paired yet."
        )
        size_columns(self.view, stretch=(0, 5))
