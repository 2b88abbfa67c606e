"""How a tie-break value was made: the article, each contribution, what was cut and why."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.points import format_points
from arbiter_app.core.tiebreaks import Explanation
from arbiter_app.ui.widgets.table import size_columns


class ExplanationDialog(QDialog):
    """Shows one :class:`Explanation`; *names* turns pairing numbers into names."""

    def __init__(
        self,
        explanation: Explanation,
        names: Mapping[int, str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.explanation = explanation
        player = names.get(explanation.tpn, str(explanation.tpn))
        value = explanation.formatted or format_points(explanation.value)
        self.setWindowTitle(f"{explanation.code} of {player}")
        self.setAccessibleName("Tie-break explanation")
        layout = QVBoxLayout(self)
        self.heading = QLabel(f"<b>{explanation.code} = {value}</b> for {player}", self)
        self.heading.setAccessibleName("Value")
        self.article = QLabel(f"{explanation.description} ({explanation.article})", self)
        self.article.setWordWrap(True)
        self.article.setAccessibleName("Article")
        layout.addWidget(self.heading)
        layout.addWidget(self.article)
        self.table = QTableWidget(len(explanation.contributions), 4, self)
        self.table.setAccessibleName("Contributions")
        self.table.setHorizontalHeaderLabels(["Round", "Opponent", "Value", "Note"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        for row, c in enumerate(explanation.contributions):
            cells = [
                "" if c.round is None else str(c.round),
                "" if c.opponent is None else f"{c.opponent}. {names.get(c.opponent, '')}",
                format_points(c.value),
                ("cut: " if c.cut and "cut" not in c.note else "") + c.note,
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c.cut:
                    # A cut contribution stays visible but struck through (C.07 article 14).
                    font = QFont(item.font())
                    font.setStrikeOut(True)
                    item.setFont(font)
                self.table.setItem(row, column, item)
        size_columns(self.table)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table)
        if not explanation.contributions:
            self.table.hide()
        self.notes = QLabel("\n".join(explanation.notes), self)
        self.notes.setWordWrap(True)
        self.notes.setAccessibleName("Notes")
        self.notes.setVisible(bool(explanation.notes))
        layout.addWidget(self.notes)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.copy_button = buttons.addButton("Copy", QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.setAccessibleName("Copy the explanation")
        self.copy_button.clicked.connect(self.copy)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(520, 360)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.explanation.render())
