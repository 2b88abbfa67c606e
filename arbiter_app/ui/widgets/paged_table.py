"""A table for a wall: type as large as the screen allows, no scroll bars, pages that turn.

On a projector nobody scrolls. The table picks its type size from the
height of its screen (a larger screen, larger type), shrinks it until every
column fits the width, shows as many rows as fit the height, and turns to
the next page of a long list every few seconds by itself.
"""

from __future__ import annotations

import math

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QTableView, QWidget

from arbiter_app.ui.widgets.table import measured_widths, size_columns

PAGE_SECONDS = 8
"""How long a page of a long list stays up before the next one."""

LINES_PER_SCREEN = 22
"""Lines of text the type is sized for at scale 2 (a 768-pixel screen: 20-pixel type)."""

SHORT_LIST = 14
"""A list shorter than this is set in the type of a list this long (the type stays sane)."""

MIN_PIXELS = 9
"""The smallest type the table shrinks to; below it a column would rather be cut."""


class PagedTable(QTableView):
    """A read-only table sized to its window, paging itself when its rows do not fit."""

    page_turned = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.verticalHeader().hide()
        self.setAlternatingRowColors(True)
        self.setShowGrid(False)
        self.scale = 2.0
        self.stretch: tuple[int, ...] = ()
        self.page = 0
        self.rows_per_page = 1
        self.timer = QTimer(self)
        self.timer.setInterval(PAGE_SECONDS * 1000)
        self.timer.timeout.connect(self.next_page)

    @property
    def pages(self) -> int:
        model = self.model()
        rows = model.rowCount() if model is not None else 0
        return max(1, math.ceil(rows / max(self.rows_per_page, 1)))

    def fit(self) -> None:
        """Choose the type size, the column widths and the rows on a page for the window now."""
        model = self.model()
        if model is None:
            return
        height = max(self.height(), 100)
        # The type grows with the screen, and with a short list (ten boards fill the wall):
        # LINES_PER_SCREEN lines at scale 2, never fewer than SHORT_LIST lines.
        lines = max(SHORT_LIST, min(model.rowCount() + 1, LINES_PER_SCREEN))
        pixels = max(MIN_PIXELS, int(height / lines / 1.5 * self.scale / 2.0))
        for _ in range(4):
            self._set_pixels(pixels)
            needed = sum(measured_widths(self, self.padding))
            room = self.viewport().width()
            if needed <= room or pixels <= MIN_PIXELS:
                break
            pixels = max(MIN_PIXELS, int(pixels * room / needed))
        size_columns(self, stretch=self.stretch, padding=self.padding)
        line = int(self.fontMetrics().height() * 1.45)
        self.verticalHeader().setMinimumSectionSize(line)
        self.verticalHeader().setDefaultSectionSize(line)
        header_height = self.horizontalHeader().sizeHint().height()
        self.rows_per_page = max(1, (self.height() - header_height - 2 * self.frameWidth()) // line)
        self.show_page(min(self.page, self.pages - 1))
        if self.pages > 1:
            if not self.timer.isActive():
                self.timer.start()
        else:
            self.timer.stop()

    @property
    def padding(self) -> int:
        """Room on each side of a cell's text, half a letter: the columns do not touch."""
        return max(4, self.fontMetrics().height() // 3)

    def _set_pixels(self, pixels: int) -> None:
        font = QFont(self.font())
        font.setPixelSize(pixels)
        self.setFont(font)
        bold = QFont(font)
        bold.setBold(True)
        self.horizontalHeader().setFont(bold)
        pad = self.padding
        self.setStyleSheet(f"QTableView::item {{ padding-left: {pad}px; padding-right: {pad}px; }}")

    def show_page(self, page: int) -> None:
        """Show the rows of page *page* (counted from 0) and hide the others."""
        model = self.model()
        if model is None:
            return
        self.page = page % self.pages
        first = self.page * self.rows_per_page
        for row in range(model.rowCount()):
            self.setRowHidden(row, not first <= row < first + self.rows_per_page)
        self.page_turned.emit()

    def restart(self) -> None:
        """Back to the first page, which stays up a whole turn before the next."""
        self.page = 0
        if self.timer.isActive():
            self.timer.start()

    def next_page(self) -> None:
        self.show_page(self.page + 1)

    def page_text(self) -> str:
        """ "page 2 of 3" when the list has several pages, else nothing."""
        return f"page {self.page + 1} of {self.pages}" if self.pages > 1 else ""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()
