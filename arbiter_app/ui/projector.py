"""A second window for a projector at the venue: the standings in large type."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.rows import standings_table

DEFAULT_SCALE = 2.0
"""The projector's type size relative to the desktop's."""


class ProjectorWindow(QWidget):
    """Standings only, large, no controls; F11 toggles full screen, Escape closes."""

    def __init__(
        self, document: EventDocument, scale: float = DEFAULT_SCALE, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.document = document
        self.setAccessibleName("Projector")
        self.title = QLabel(self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title.setAccessibleName("Event")
        self.model = StandingsModel(self)
        self.view = QTableView(self)
        self.view.setModel(self.model)
        self.view.setAccessibleName("Standings on the projector")
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.view.verticalHeader().hide()
        self.view.setAlternatingRowColors(True)
        self.view.setShowGrid(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.view)
        self.set_scale(scale)
        QShortcut(QKeySequence(QKeySequence.StandardKey.FullScreen), self, self.toggle_full_screen)
        QShortcut(QKeySequence(Qt.Key.Key_F11), self, self.toggle_full_screen)
        QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.close)
        document.changed.connect(self.on_changed)
        self.refresh()

    def set_scale(self, scale: float) -> None:
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, QFont().pointSizeF() * scale))
        self.view.setFont(font)
        self.view.horizontalHeader().setFont(font)
        title_font = QFont(font)
        title_font.setBold(True)
        title_font.setPointSizeF(font.pointSizeF() * 1.3)
        self.title.setFont(title_font)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.anything:
            self.refresh()

    def refresh(self) -> None:
        event = self.document.tournament
        self.setWindowTitle(f"{event.name or 'Arbiter'} — standings")
        self.title.setText(
            f"{event.name}  ·  standings after round {event.rounds_played} of {event.rounds}"
        )
        self.model.set_standings(standings_table(event, self.document.standings_options))
        self.view.resizeColumnsToContents()
        header = self.view.horizontalHeader()
        if self.model.columnCount() > 2:
            header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.view.resizeRowsToContents()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
