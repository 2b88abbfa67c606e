"""The prizes panel: the fund and the category prizes, then each player's money and tour points.

Money is shared as the regulation says (GCT 2023 2.6/3.6: a fixed amount to
the play-off winner first, the rest pooled; 2.8/3.8: other ties share
equally); categories (best under 1800, junior, woman, unrated, club,
federation) are written one per line, ``U1800: rating<1800: 200,100``, and
given out under the award rule chosen beside them (one prize each, the one
worth most: US Chess 32B; or place prizes first; or no one-prize rule). The
session computes it all (:mod:`arbiter_app.session.prize_queries`).
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.category_prizes import AwardRule
from arbiter_app.core.errors import ArbiterError, NoPrizeFund
from arbiter_app.core.prizes import PrizeFund, format_money
from arbiter_app.session.commands import SetPrizeCategories, SetPrizeFund
from arbiter_app.session.playoff_commands import stored_fund
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.prizes import PrizesModel
from arbiter_app.ui.read_only import hold
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.search import PlayerSearch
from arbiter_app.ui.widgets.table import size_columns

PRIZE_FUND_HINT = (
    "Set it in the Prizes panel (View ▸ Prizes): type the place prizes in the prize fund box "
    "and press Enter."
)
"""Where the window's user sets the prize fund the core says is missing."""

CURRENCIES = ("USD", "EUR", "GBP", "CHF", "INR", "CAD", "AUD")
"""Offered in the currency box; any other three-letter code can be typed."""

AWARD_RULES = (
    (AwardRule.BEST_PRIZE, "One prize each, the one worth most (US Chess 32B)"),
    (AwardRule.PLACE_FIRST, "One prize each, place prizes first"),
    (AwardRule.ALL_PRIZES, "Several prizes allowed"),
)

CATEGORY_HINT = (
    "One category a line, NAME: CONDITION: PRIZES, such as\n"
    "U1800: rating<1800: 200, 100\nJunior: age<20: 75\nWomen: sex=w: 75\n"
    "Unrated: unrated: 50\nRiverside: club=Riverside: 40"
)


def announced_fund(document: EventDocument) -> PrizeFund | None:
    """The place prizes announced for the event shown (None while none is set)."""
    return stored_fund(document.session.state)[0]


def amount_text(amount: Decimal) -> str:
    """An amount as the arbiter types it: whole units without cents (``65000``), else to
    the cent (``77666.67``)."""
    return str(int(amount)) if amount == amount.to_integral_value() else format_money(amount)


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
        self.categories_box = self._categories_box()
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
        layout.addWidget(self.categories_box)
        self.search = PlayerSearch(self.view, "player", self)
        layout.addWidget(self.rule)
        layout.addWidget(self.search)
        layout.addWidget(self.view, 1)
        # Before the deferred refresh: another event's fund typed here is not this one's.
        document.changed.connect(self._on_changed)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def _categories_box(self) -> QGroupBox:
        box = QGroupBox("Category prizes", self)
        box.setCheckable(True)
        box.setChecked(False)  # folded away until the arbiter wants categories
        self.categories = QPlainTextEdit(box)
        self.categories.setAccessibleName("Category prizes")
        self.categories.setPlaceholderText(CATEGORY_HINT)
        self.categories.setTabChangesFocus(True)
        # Five lines show; the box does not take the height the prize table needs.
        self.categories.setFixedHeight(self.fontMetrics().lineSpacing() * 5 + 12)
        box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.award_rule = QComboBox(box)
        self.award_rule.setAccessibleName("Who receives what")
        for rule, label in AWARD_RULES:
            self.award_rule.addItem(label, rule.value)
        self.categories_button = QPushButton("Set categories", box)
        self.categories_button.setAccessibleName("Set the category prizes")
        self.categories_button.clicked.connect(self.set_categories)
        row = QHBoxLayout()
        row.addWidget(QLabel("Who receives what:", box))
        row.addWidget(self.award_rule, 1)
        row.addWidget(self.categories_button)
        inner = QVBoxLayout(box)
        inner.addWidget(self.categories)
        inner.addLayout(row)
        box.toggled.connect(self._fold)
        self._fold(False)
        return box

    def _fold(self, shown: bool) -> None:
        for widget in (self.categories, self.award_rule, self.categories_button):
            widget.setVisible(shown)

    def set_categories(self) -> bool:
        """Announce the categories typed (one a line) under the award rule chosen."""
        lines = [line.strip() for line in self.categories.toPlainText().splitlines()]
        try:
            announce = SetPrizeCategories(
                categories=[line for line in lines if line],
                rule=str(self.award_rule.currentData()),
            )
            self.document.run(announce)
        except NoPrizeFund as exc:
            show_error(self, ArbiterError(f"{exc}. {PRIZE_FUND_HINT}"))
            return False
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        return True

    def set_fund(self) -> bool:
        amounts = self.fund.text().replace(",", " ").split()
        if not amounts:
            return False
        try:
            # The session checks the code (arbiter_app.core.prizes.currency_code).
            self.document.run(SetPrizeFund(prizes=amounts, currency=self.currency.currentText()))
        except ArbiterError as exc:
            show_error(self, exc)
            return False
        return True

    def _on_changed(self, changes: Changes) -> None:
        if changes.event:
            self.fund.setModified(False)  # the next refresh shows the new event's fund

    def _show_fund(self) -> None:
        """The announced place prizes in the box, as stored, empty while none is set (so Enter
        never sets another event's fund); not while the arbiter is typing a new one there."""
        if self.fund.hasFocus() and self.fund.isModified():
            return
        fund = announced_fund(self.document)
        self.fund.setText("" if fund is None else ", ".join(amount_text(p) for p in fund.prizes))
        self.currency.setCurrentText(CURRENCIES[0] if fund is None else fund.currency)

    def refresh(self) -> None:
        self._show_fund()
        hold(
            self.document.read_only,
            (self.fund, self.set_button, self.categories_box, self.categories_button),
            restore=True,
        )
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
        self.model.set_prizes(rows, currency, named=bool(prizes.categories))
        self._show_categories(prizes.categories)
        text = prizes.rule
        if prizes.award_rule:
            text = f"{prizes.award_rule} {text}"
        if prizes.unassigned:
            text += f" Not assigned: {prizes.unassigned}."
        # The core says when the list is not the final one (not final yet; a play-off
        # that no longer matches the standings).
        note = self.document.event_state().prizes_note
        if note:
            text = f"{note}\n{text}"
        self.rule.setText(text)
        size_columns(self.view, stretch=(self.model.columnCount() - 1,))

    def _show_categories(self, announced: tuple[str, ...]) -> None:
        """The announced categories in the box (unless the arbiter is typing there)."""
        if self.categories.hasFocus():
            return
        texts, rule = self.document.prize_categories()
        self.categories.setPlainText("\n".join(texts))
        index = self.award_rule.findData(rule)
        self.award_rule.setCurrentIndex(max(index, 0))
        if announced:
            self.categories_box.setChecked(True)
