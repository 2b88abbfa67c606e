"""A second window for a projector at the venue: the standings or the play-off, in large type."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QScrollArea,
    QStackedWidget,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.playoff_adapter import playoff_view, shown_standings
from arbiter_app.ui.widgets.bracket import BracketView
from arbiter_app.ui.widgets.table import size_columns

DEFAULT_SCALE = 2.0
"""The projector's type size relative to the desktop's."""

CYCLE_SECONDS = 20
"""How long each section stays on the wall while the projector cycles through them."""


class ProjectorWindow(QWidget):
    """Standings or the play-off bracket, large, no controls.

    B switches between the standings and the bracket, F11 toggles full
    screen, Escape closes. In an event of several sections the projector
    shows the window's section; PgDown and PgUp show the next and previous
    one instead, C cycles through them all (:data:`CYCLE_SECONDS` each) and
    W follows the window again.
    """

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
        self.bracket = BracketView()
        self.bracket.setAccessibleName("Play-off bracket on the projector")
        self.bracket_area = QScrollArea(self)
        self.bracket_area.setWidget(self.bracket)
        self.bracket_area.setWidgetResizable(True)
        self.bracket_area.setAccessibleName("Play-off bracket area")
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.view)
        self.pages.addWidget(self.bracket_area)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.pages)
        self.shown_section: int | None = None
        """The section on the wall (None: the one the window shows)."""
        self.cycle = QTimer(self)
        self.cycle.setInterval(CYCLE_SECONDS * 1000)
        self.cycle.timeout.connect(lambda: self.step_section(1))
        self.set_scale(scale)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        document.changed.connect(self.on_changed)
        self.refresh()

    def set_scale(self, scale: float) -> None:
        font = QFont(self.font())
        font.setPointSizeF(max(6.0, QFont().pointSizeF() * scale))
        self.view.setFont(font)
        self.view.horizontalHeader().setFont(font)
        self.bracket.setFont(font)
        title_font = QFont(font)
        title_font.setBold(True)
        title_font.setPointSizeF(font.pointSizeF() * 1.3)
        self.title.setFont(title_font)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.anything:
            self.refresh()

    @contextmanager
    def _reading(self) -> Iterator[None]:
        numbers = [s.number for s in self.document.sections]
        if self.shown_section is None or self.shown_section not in numbers:
            self.shown_section = None
            yield
            return
        with self.document.reading_section(self.shown_section):
            yield

    def step_section(self, by: int) -> None:
        """Show the next (*by* 1) or previous (-1) section, round the list."""
        numbers = [s.number for s in self.document.sections]
        if len(numbers) < 2:
            return
        at = self.shown_section if self.shown_section in numbers else self.document.section.number
        self.shown_section = numbers[(numbers.index(at) + by) % len(numbers)]
        self.refresh()

    def set_cycling(self, on: bool) -> None:
        """Cycle through the sections (on) or stay on the one shown."""
        if on and len(self.document.sections) > 1:
            self.cycle.start()
        else:
            self.cycle.stop()

    def follow_window(self) -> None:
        self.cycle.stop()
        self.shown_section = None
        self.refresh()

    def refresh(self) -> None:
        with self._reading():
            self._show()

    def _show(self) -> None:
        event = self.document.tournament
        shown = "play-off" if self.showing_bracket else "standings"
        self.setWindowTitle(f"{event.name or 'Arbiter'} — {shown}")
        table = shown_standings(self.document)
        # The projector shows what the standings panel shows by default: the last complete
        # round, so the order on the wall does not jump while games are played.
        stage = table.standings.title if table.standings is not None else "Standings"
        self.title.setText(
            f"{event.name}  ·  play-off" if self.showing_bracket else f"{event.name}  ·  {stage}"
        )
        self.model.set_standings(table)
        doc = self.document
        state = doc.playoff_state()
        names = {p.tpn: p.name for p in doc.tournament.players}
        self.bracket.set_stages(playoff_view(doc.event_state().playoff, state, names).stages)
        size_columns(self.view)
        header = self.view.horizontalHeader()
        if self.model.columnCount() > 2:
            header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.view.resizeRowsToContents()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Keys rather than shortcuts: the projector window is rarely the active one.
        if event.matches(QKeySequence.StandardKey.FullScreen) or event.key() == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif event.key() == Qt.Key.Key_Escape:
            self.close()
        elif event.key() == Qt.Key.Key_B:
            self.toggle_bracket()
        elif event.key() == Qt.Key.Key_PageDown:
            self.step_section(1)
        elif event.key() == Qt.Key.Key_PageUp:
            self.step_section(-1)
        elif event.key() == Qt.Key.Key_C:
            self.set_cycling(not self.cycle.isActive())
        elif event.key() == Qt.Key.Key_W:
            self.follow_window()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    @property
    def showing_bracket(self) -> bool:
        return self.pages.currentWidget() is self.bracket_area

    def toggle_bracket(self) -> None:
        self.pages.setCurrentWidget(self.view if self.showing_bracket else self.bracket_area)
        self.refresh()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
