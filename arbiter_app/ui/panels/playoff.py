"""The play-off panel: the "what to do now" card above the bracket drawing."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QScrollArea, QVBoxLayout, QWidget

from arbiter_app.core.errors import ArbiterError
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.playoff_adapter import playoff_view
from arbiter_app.ui.playoff_runner import PlayoffRunner, Prompter
from arbiter_app.ui.playoff_view import PlayoffStep, PlayoffView
from arbiter_app.ui.read_only import hold
from arbiter_app.ui.widgets.bracket import BracketView
from arbiter_app.ui.widgets.deferred import DeferredRefresh
from arbiter_app.ui.widgets.playoff_card import PlayoffCard


class PlayoffPanel(QWidget):
    action_requested = Signal(str)
    """The key of the card's button the arbiter pressed."""

    def __init__(
        self, document: EventDocument, prompter: Prompter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.document = document
        self.runner = PlayoffRunner(document, prompter)
        self.card = PlayoffCard(self)
        self.card.action_triggered.connect(self.action_requested)
        self.card.action_triggered.connect(self.run)
        self.bracket = BracketView()
        self.scroll_area = QScrollArea(self)
        self.scroll_area.setAccessibleName("Play-off bracket area")
        self.scroll_area.setWidget(self.bracket)
        self.scroll_area.setWidgetResizable(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.card)
        layout.addWidget(self.scroll_area, 1)
        # Keeps the card at the top when there is no drawing below it.
        layout.addStretch(0)
        self.deferred = DeferredRefresh(self, self.refresh, document.changed)

    def refresh(self) -> None:
        doc = self.document
        try:
            state = doc.playoff_state()
            names = {p.tpn: p.name for p in doc.tournament.players}
            # The core says whether the play-off can start, goes on, or no longer matches.
            view = playoff_view(doc.event_state().playoff, state, names)
        except ArbiterError as exc:
            view = PlayoffView(PlayoffStep("The play-off cannot go on", "", str(exc)))
        self.set_view(view)

    def set_view(self, view: PlayoffView) -> None:
        self.card.set_step(view.step)
        # Read-only: the card still says what comes next; its buttons are off.
        hold(self.document.read_only, self.card.buttons)
        self.bracket.set_stages(view.stages)
        # Without a play-off the card says so; an empty drawing would only take room.
        self.scroll_area.setVisible(bool(view.stages) or view.step is not None)

    def run(self, key: str) -> None:
        try:
            self.runner.run(key)
        except ArbiterError as exc:
            show_error(self, exc)
