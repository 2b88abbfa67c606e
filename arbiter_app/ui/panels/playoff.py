"""The play-off panel: the "what to do now" card above the bracket drawing."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

from arbiter_app.ui.playoff_view import PlayoffView
from arbiter_app.ui.widgets.bracket import BracketView
from arbiter_app.ui.widgets.playoff_card import PlayoffCard


class PlayoffPanel(QWidget):
    action_requested = Signal(str)
    """The key of the card's button the arbiter pressed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.card = PlayoffCard(self)
        self.card.action_triggered.connect(self.action_requested)
        self.bracket = BracketView()
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setAccessibleName("Play-off bracket area")
        self.scroll_area.setWidget(self.bracket)
        self.scroll_area.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.card)
        layout.addWidget(self.scroll_area, 1)
        self.set_view(PlayoffView(None))

    def set_view(self, view: PlayoffView) -> None:
        self.card.set_step(view.step)
        self.bracket.set_stages(view.stages)
