"""Find a player in a table by name or pairing number: one search box, used in every panel.

Each row of the panels' models names its players (:data:`~arbiter_app.ui.models.table.PEOPLE_ROLE`:
both players of a board, the one player of a standings line), so the same box
finds "Nakamura" on board 4 of the pairings, in the standings, the crosstable,
the prize list and the players' list. A number finds the player with that
pairing number; words find every player whose name holds them all, accents and
case aside ("ozturk" finds "Öztürk, Ayşe"). Rows that do not match are hidden,
and the line beside the box says how many are shown ("12 of 40 players shown").
``Enter`` selects the first row found and puts the cursor in the table (in the
pairings, a result can be typed at once); ``Escape`` clears the search.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QTableView, QWidget

from arbiter_app.core.ratinglist import name_key as folded
from arbiter_app.core.words import count
from arbiter_app.ui.models.table import PEOPLE_ROLE, People


def matches(query: str, people: People) -> bool:
    """Whether a row naming *people* answers *query* (a pairing number, or words of a name)."""
    query = query.strip()
    if not query:
        return True
    if query.isdecimal():
        return any(tpn == int(query) for tpn, _ in people)
    # Names compare as the rating-list search compares them: accents and case aside.
    words = folded(query).replace(",", " ").split()
    return any(all(word in folded(name) for word in words) for _, name in people)


class PlayerSearch(QWidget):
    """A search box over *view*: hides the rows whose players do not match what is typed."""

    shown_changed = Signal(int, int)
    """(rows shown, rows in all) after each search or change of the table."""

    def __init__(
        self,
        view: QTableView,
        noun: str = "player",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.view = view
        self.noun = noun
        self.field = QLineEdit(self)
        self.field.setPlaceholderText("Find a player: name or number (Ctrl+F)")
        self.field.setAccessibleName("Find a player")
        self.field.setToolTip(
            "Type a name (or part of it) or a pairing number; Enter goes to the first line found,"
            " Escape clears"
        )
        self.field.setClearButtonEnabled(True)
        self.field.textChanged.connect(lambda _: self.apply())
        self.field.returnPressed.connect(self.go_to_first)
        self.field.installEventFilter(self)
        self.count = QLabel(self)
        self.count.setAccessibleName("Lines shown")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.field, 1)
        layout.addWidget(self.count)
        self._watched: QObject | None = None
        self._hidden: list[int] = []
        """The rows the last search hid."""
        self.watch_model()

    def watch_model(self) -> None:
        """Search again whenever the table's rows are replaced or re-sorted."""
        model = self.view.model()
        if model is None or model is self._watched:
            return
        self._watched = model
        model.modelReset.connect(self.apply)
        model.layoutChanged.connect(self.apply)
        model.rowsInserted.connect(self.apply)
        model.rowsRemoved.connect(self.apply)
        # Lines rewritten in place (a new ranking) may now name other players.
        model.dataChanged.connect(lambda *_: self.apply() if self.query.strip() else None)

    # -- searching ---------------------------------------------------------------------
    @property
    def query(self) -> str:
        return self.field.text()

    def set_query(self, text: str) -> None:
        self.field.setText(text)

    def rows_shown(self) -> list[int]:
        model = self.view.model()
        rows = model.rowCount() if model is not None else 0
        return [r for r in range(rows) if not self.view.isRowHidden(r)]

    def apply(self) -> None:
        model = self.view.model()
        if model is None:
            return
        query = self.query
        total = model.rowCount()
        if not query.strip():
            # Nothing searched: every row shows. Only rows a search hid are shown again (a
            # 10,000-line table is not walked row by row after every change).
            for row in self._hidden:
                if row < total:
                    self.view.setRowHidden(row, False)
            self._hidden = []
            self.count.setText("")
            self.shown_changed.emit(total, total)
            return
        shown = 0
        hidden: list[int] = []
        for row in range(total):
            people: Sequence[tuple[int, str]] = model.index(row, 0).data(PEOPLE_ROLE) or ()
            hit = matches(query, tuple(people))
            self.view.setRowHidden(row, not hit)
            shown += hit
            if not hit:
                hidden.append(row)
        self._hidden = hidden
        self.count.setText(f"{shown} of {count(total, self.noun)} shown")
        self.shown_changed.emit(shown, total)

    def start(self) -> None:
        """Put the cursor in the box, its text selected (Ctrl+F)."""
        self.field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.field.selectAll()

    def go_to_first(self) -> None:
        """Select the first row found and give the table the keyboard."""
        shown = self.rows_shown()
        if not shown:
            return
        model = self.view.model()
        current = self.view.currentIndex()
        column = current.column() if current.isValid() else 0
        index = model.index(shown[0], column)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        self.view.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            watched is self.field
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
        ):
            if event.key() == Qt.Key.Key_Escape and self.field.text():
                self.field.clear()
                return True
            if event.key() == Qt.Key.Key_Down:
                self.go_to_first()
                return True
        return super().eventFilter(watched, event)
