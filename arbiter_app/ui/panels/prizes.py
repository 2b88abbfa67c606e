"""The prizes panel: the fund, then each player's money and tour points after any play-off.

Money is shared as the regulation says (GCT 2023 2.6/3.6: a fixed amount to
the play-off winner first, the rest pooled; 2.8/3.8: other ties share
equally); the session computes it (:mod:`arbiter_app.session.prize_queries`).
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.models.prizes import PrizesModel
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.table import size_columns

CURRENCIES = ("USD", "EUR", "GBP", "CHF", "INR", "CAD", "AUD")
"""Offered in the currency box; any other three-letter code can be typed."""


class PrizesPanel(QWidget):
    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.model = PrizesModel(self)
        self.fund = QLineEdit(self)
        self.fund.setAccessibleName("Prize fund")
        self.fund.setPlaceholderText("Place prizes, first place first: 100000, 65000, 48000")
        self.fund.returnPressed.connect(self.set_fund)
        self.currency = QComboBox(self)
        self.currency.setEditable(True)
        self.currency.setAccessibleName("Currency")
        line = self.currency.lineEdit()
        if line is not None:  # the typing field is what a screen reader lands on
            line.setAccessibleName("Currency")
        self.currency.setToolTip("The currency of the prizes: a three-letter code (ISO 4217)")
        self.currency.addItems(CURRENCIES)
        self.currency.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.currency.setMinimumContentsLength(4)
        self.set_button = QPushButton("Set fund", self)
        self.set_button.setAccessibleName("Set the prize fund")
        self.set_button.clicked.connect(self.set_fund)
        self.rule = QLabel(self)
        self.rule.setWordWrap(True)
        self.rule.setAccessibleName("How the prizes are shared")
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Prizes")
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        bar = QHBoxLayout()
        bar.addWidget(self.fund, 1)
        bar.addWidget(self.currency)
        bar.addWidget(self.set_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(bar)
        layout.addWidget(self.rule)
        layout.addWidget(self.view)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def set_fund(self) -> bool:
        amounts = self.fund.text().replace(",", " ").split()
        if not amounts:
            return False
        try:
            # The session checks the code (arbiter_app.core.prizes.currency_code).
            self.document.set_prize_fund(amounts, self.currency.currentText())
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        return True

    def refresh(self) -> None:
        try:
            found = self.document.prize_list()
        except ArbiterError as exc:
            self.model.set_prizes([])
            self.rule.setText(f"The prizes cannot be shared yet: {exc}")
            return
        if found is None:
            self.model.set_prizes([])
            self.rule.setText("Type the place prizes and press Enter to share them.")
            return
        rows, prizes = found
        currency = self.document.prize_currency() or ""
        if currency:
            self.currency.setCurrentText(currency)
        self.model.set_prizes(rows, currency)
        text = prizes.rule
        if prizes.unassigned:
            text += f" Not assigned: {prizes.unassigned}."
        # The core says when the list is not the final one (not final yet; a play-off
        # that no longer matches the standings).
        note = self.document.event_state().prizes_note
        if note:
            text = f"{note}\n{text}"
        self.rule.setText(text)
        size_columns(self.view)
        self.view.horizontalHeader().setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
