"""A second window for a projector at the venue: standings, pairings or the play-off, large.

Each page is scaled to fit the screen it is on, without scroll bars: the
type grows with the screen and shrinks until the widest line fits; a list
longer than the screen shows page after page by itself
(:class:`~arbiter_app.ui.widgets.paged_table.PagedTable`); the bracket is
drawn as large as the window allows. The window goes full screen on the
screen chosen for it (the second monitor when there is one).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
    QPixmap,
    QResizeEvent,
    QScreen,
)
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.ui.document import Changes, EventDocument
from arbiter_app.ui.models.by_name import ByNameModel
from arbiter_app.ui.models.standings import StandingsModel
from arbiter_app.ui.models.table import RowTableModel
from arbiter_app.ui.playoff_adapter import playoff_view, shown_standings
from arbiter_app.ui.round_lists import BOARD_HEADERS, boards_of_round, names_of_round
from arbiter_app.ui.widgets.bracket import BracketView
from arbiter_app.ui.widgets.paged_table import MIN_PIXELS, PagedTable

DEFAULT_SCALE = 2.0
"""The projector's type size relative to the desktop's."""

PAGES = ("standings", "pairings", "names", "bracket", "qr")
"""What the projector can show; the keys S, P, N, B and Q choose them."""

_TITLES = {
    "pairings": "pairings",
    "names": "pairings by name",
    "bracket": "play-off",
    "qr": "the players' page",
}
_KEYS = {
    Qt.Key.Key_S: "standings",
    Qt.Key.Key_P: "pairings",
    Qt.Key.Key_N: "names",
    Qt.Key.Key_Q: "qr",
}

NOT_PUBLISHED = (
    "The players' page is not published. Start it in the main window: "
    "View ▸ Publish on the local network…"
)
"""What the QR page says while no players' page is served."""

SCAN = "Pairings, standings and where you play, on your phone: scan the code."
"""The line under the code on the QR page."""

CORNER_SHARE = 0.14
"""The corner code's side, as a part of the window's height (read from the first rows)."""

CODE_SHARE = 0.62
"""The QR page's code's side, as a part of the window's smaller side."""


def code_pixmap(url: str, side: int) -> QPixmap:
    """The QR code of *url*, *side* pixels square, its modules kept sharp (scaled without
    smoothing from segno's image, :func:`arbiter_app.web.qr.qr_png`)."""
    from arbiter_app.web.qr import qr_png

    pixmap = QPixmap()
    pixmap.loadFromData(qr_png(url, scale=8))
    return pixmap.scaled(
        side,
        side,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.FastTransformation,
    )


def second_screen() -> QScreen | None:
    """The screen a projector is usually on: the first one that is not the primary."""
    primary = QGuiApplication.primaryScreen()
    others = [s for s in QGuiApplication.screens() if s is not primary]
    return others[0] if others else None


WINDOWED = QSize(1024, 768)
"""The projector's size as a window, when the screen has room for it."""

ROOM_FOR_THE_FRAME = 0.88
"""At most this part of the free screen, so the title bar and frame fit too."""


def place_within(window: QWidget, screen: QScreen | None) -> None:
    """Size *window* to :data:`WINDOWED` or less and centre it on *screen*'s free area
    (without the task bar), so all of it, frame included, is on the screen."""
    if screen is None:
        window.resize(WINDOWED)
        return
    room = screen.availableGeometry()
    size = WINDOWED.boundedTo(
        QSize(int(room.width() * ROOM_FOR_THE_FRAME), int(room.height() * ROOM_FOR_THE_FRAME))
    )
    window.resize(size)
    window.move(
        room.x() + (room.width() - size.width()) // 2,
        room.y() + (room.height() - size.height()) // 2,
    )


CYCLE_SECONDS = 20
"""How long each section stays on the wall while the projector cycles through them."""


class ProjectorWindow(QWidget):
    """Standings, the round's pairings (by board or by name) or the play-off bracket.

    S, P, N and B choose the page (B goes back and forth between the standings
    and the bracket), Q the players' page's QR code (while it is published, a
    smaller code sits in the corner of the other pages), → or Space turns a long
    list's page, F11 toggles full
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
        self.scale = scale
        self.setAccessibleName("Projector")
        self.title = QLabel(self)
        self.title.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # The heading wraps rather than widen the window past its screen (the corner code
        # beside it takes its share of the line).
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.title.setAccessibleName("Event")
        self.model = StandingsModel(self)
        self.view = self._table("Standings on the projector", self.model, (2,))
        self.boards_model = RowTableModel(self)
        self.boards_model.centred = frozenset({2, 3, 4})
        self.boards_view = self._table("Pairings on the projector", self.boards_model, (1, 5))
        self.names_model = ByNameModel(self)
        self.names_view = self._table("Pairings by name on the projector", self.names_model, (0, 5))
        self.bracket = BracketView()
        self.bracket.setAccessibleName("Play-off bracket on the projector")
        self.bracket_area = QScrollArea(self)
        self.bracket_area.setWidget(self.bracket)
        self.bracket_area.setWidgetResizable(True)
        self.bracket_area.setAccessibleName("Play-off bracket area")
        for policy in (
            self.bracket_area.setHorizontalScrollBarPolicy,
            self.bracket_area.setVerticalScrollBarPolicy,
        ):
            policy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.players_page: str | None = None
        """The players' page's address while it is published (None: not published)."""
        self.qr_page = QWidget(self)
        self.qr_page.setAccessibleName("The players' page's QR code on the projector")
        self.qr_code = QLabel(self.qr_page)
        self.qr_code.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_code.setAccessibleName("QR code of the players' page")
        self.qr_text = QLabel(self.qr_page)
        self.qr_text.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr_text.setWordWrap(True)
        self.qr_text.setAccessibleName("The players' page's address")
        qr_layout = QVBoxLayout(self.qr_page)
        qr_layout.addStretch(1)
        qr_layout.addWidget(self.qr_code)
        qr_layout.addWidget(self.qr_text)
        qr_layout.addStretch(1)
        self.corner = QLabel(self)
        self.corner.setAccessibleName("QR code of the players' page, in the corner")
        self.corner.hide()
        self.pages = QStackedWidget(self)
        self.page_widgets: dict[str, QWidget] = {
            "standings": self.view,
            "pairings": self.boards_view,
            "names": self.names_view,
            "bracket": self.bracket_area,
            "qr": self.qr_page,
        }
        for widget in self.page_widgets.values():
            self.pages.addWidget(widget)
        layout = QVBoxLayout(self)
        heading = QHBoxLayout()
        heading.addWidget(self.title, 1)
        heading.addWidget(self.corner)
        layout.addLayout(heading)
        layout.addWidget(self.pages, 1)
        self._contents: dict[PagedTable, object] = {}
        """What each list showed when it was last filled (section, round or standings)."""
        self.shown_section: int | None = None
        """The section on the wall (None: the one the window shows)."""
        self.cycle = QTimer(self)
        self.cycle.setInterval(CYCLE_SECONDS * 1000)
        self.cycle.timeout.connect(lambda: self.step_section(1))
        self.set_scale(scale)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        document.changed.connect(self.on_changed)
        self.refresh()

    def _table(self, name: str, model: RowTableModel, stretch: tuple[int, ...]) -> PagedTable:
        table = PagedTable(self)
        table.setModel(model)
        table.setAccessibleName(name)
        table.stretch = stretch
        table.page_turned.connect(self._show_title)
        return table

    # -- what is shown ------------------------------------------------------------------
    @property
    def shown(self) -> str:
        """The page on the wall: one of :data:`PAGES`."""
        current = self.pages.currentWidget()
        return next(k for k, w in self.page_widgets.items() if w is current)

    def show_page(self, page: str) -> None:
        """Put *page* on the wall, from its first page (the leaders, board 1): a list comes
        back to the wall from its start, not from where it was when it left (issue 26)."""
        widget = self.page_widgets[page]
        if widget is not self.pages.currentWidget() and isinstance(widget, PagedTable):
            widget.restart()
        self.pages.setCurrentWidget(widget)
        self.refresh()

    @property
    def showing_bracket(self) -> bool:
        return self.shown == "bracket"

    def toggle_bracket(self) -> None:
        self.show_page("standings" if self.showing_bracket else "bracket")

    def set_scale(self, scale: float) -> None:
        self.scale = scale
        for table in self.tables():
            table.scale = scale
        self.refresh()

    def tables(self) -> tuple[PagedTable, ...]:
        return (self.view, self.boards_view, self.names_view)

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
        doc = self.document
        table = shown_standings(doc)
        self.model.set_standings(table)
        round_no = doc.current_game()  # game 1 of a double Swiss match until it is played
        # A list that is another one now (another round, section or standings) starts
        # again from its first page.
        section = doc.section.number
        title = table.standings.title if table.standings is not None else ""
        contents = {
            self.view: (section, title),
            self.boards_view: (section, round_no),
            self.names_view: (section, round_no),
        }
        for view, shown in contents.items():
            if self._contents.get(view) != shown:
                view.restart()
            self._contents[view] = shown
        lines = boards_of_round(doc, round_no)
        self.boards_model.set_rows(BOARD_HEADERS, lines, list(range(len(lines))), numeric=(0, 2, 4))
        self.names_model.set_names(names_of_round(doc, round_no))
        names = {p.tpn: p.name for p in doc.tournament.players}
        state = doc.playoff_state()
        self.bracket.set_stages(playoff_view(doc.event_state().playoff, state, names).stages)
        for view in self.tables():
            view.fit()
        self.fit_bracket()
        self._show_code()
        self._set_title()

    # -- the players' page's QR code -----------------------------------------------------
    def set_players_page(self, url: str | None) -> None:
        """The players' page is published at *url* (None: no longer published): the Q page
        shows its code large, the other pages a smaller one in the corner."""
        self.players_page = url
        self._show_code()
        with self._reading():
            self._set_title()

    def _show_code(self) -> None:
        url = self.players_page
        on_qr_page = self.pages.currentWidget() is self.qr_page
        self.corner.setVisible(url is not None and not on_qr_page)
        height = max(self.height(), 300)
        if url is None:
            self.qr_code.clear()
            self.qr_text.setText(NOT_PUBLISHED)
            self.corner.clear()
        else:
            side = int(min(self.width(), height) * CODE_SHARE)
            self.qr_code.setPixmap(code_pixmap(url, side))
            self.qr_text.setText(f"{url}\n{SCAN}")
            corner = max(64, int(height * CORNER_SHARE))
            self.corner.setPixmap(code_pixmap(url, corner))
            self.corner.setToolTip(url)
        font = QFont(self.view.font())
        font.setPixelSize(max(MIN_PIXELS, int(height / 24 * self.scale / DEFAULT_SCALE)))
        self.qr_text.setFont(font)

    def _show_title(self) -> None:
        """The heading again (a page turned, the window resized), of the section shown."""
        with self._reading():
            self._set_title()

    def _set_title(self) -> None:
        event = self.document.tournament
        shown = self.shown
        table = shown_standings(self.document)
        round_no = self.document.current_game()
        if shown == "standings":
            # The last complete round, as the standings panel shows by default: the order on
            # the wall does not jump while games are played.
            heading = table.standings.title if table.standings is not None else "Standings"
        elif shown == "bracket":
            heading = "play-off"
        elif shown == "qr":
            heading = "the players' page" if self.players_page else ""
        elif round_no:
            said = event.system.game_name(round_no)  # "round 2, game 1" in a double Swiss
            heading = f"{said[:1].upper()}{said[1:]}: {_TITLES[shown]}"
        else:
            heading = "No round has been paired yet"
        page = self.page_widgets[shown]
        turn = page.page_text() if isinstance(page, PagedTable) else ""
        # Several sections: the event's name says which one the wall shows ("Saturday Club -
        # Reserve"; the cycle moves on by itself).
        self.title.setText("  ·  ".join(t for t in (event.name, heading, turn) if t))
        self.setWindowTitle(f"{event.name or 'Arbiter'} — {_TITLES.get(shown, shown)}")
        font = QFont(self.view.font())
        font.setBold(True)
        font.setPixelSize(int(font.pixelSize() * 1.3) if font.pixelSize() > 0 else 24)
        self.title.setFont(font)

    # -- the bracket, as large as the window allows -------------------------------------
    def fit_bracket(self) -> None:
        room = self.bracket_area.viewport().size()
        if room.width() < 50 or room.height() < 50:
            room = QSize(max(self.width(), 400), max(self.height() - 60, 300))
        pixels = max(MIN_PIXELS, int(self.height() / 30 * self.scale / 2.0))
        for _ in range(4):
            font = QFont(self.bracket.font())
            font.setPixelSize(pixels)
            self.bracket.setFont(font)
            need = self.bracket.sizeHint()
            ratio = min(room.width() / max(need.width(), 1), room.height() / max(need.height(), 1))
            if ratio >= 1 or pixels <= MIN_PIXELS:
                break
            pixels = max(MIN_PIXELS, int(pixels * ratio * 0.97))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit_bracket()
        self._show_code()
        with self._reading():
            self._show_title()

    # -- screens ------------------------------------------------------------------------
    def show_on(self, screen: QScreen) -> None:
        """Full screen on *screen* (the projector's monitor)."""
        if self.isFullScreen():
            self.showNormal()
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        self.showFullScreen()
        self.refresh()

    # -- keys ---------------------------------------------------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Keys rather than shortcuts: the projector window is rarely the active one.
        key = event.key()
        page = self.page_widgets[self.shown]
        if event.matches(QKeySequence.StandardKey.FullScreen) or key == Qt.Key.Key_F11:
            self.toggle_full_screen()
        elif key == Qt.Key.Key_Escape:
            self.close()
        elif key == Qt.Key.Key_B:
            self.toggle_bracket()
        elif key in _KEYS:
            self.show_page(_KEYS[Qt.Key(key)])
        elif key in (Qt.Key.Key_Right, Qt.Key.Key_Space) and isinstance(page, PagedTable):
            page.next_page()
        elif key == Qt.Key.Key_PageDown:
            self.step_section(1)
        elif key == Qt.Key.Key_PageUp:
            self.step_section(-1)
        elif key == Qt.Key.Key_C:
            self.set_cycling(not self.cycle.isActive())
        elif key == Qt.Key.Key_W:
            self.follow_window()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def toggle_full_screen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()
