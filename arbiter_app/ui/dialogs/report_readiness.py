"""File ▸ Rating report ▸ Check readiness…: what the FIDE rating report still lacks.

The list is the command line's ``arbiter-app report FILE``, line for line
(:func:`arbiter_app.sheets.readiness.text_lines`): the event's missing facts,
then each player's, what the report will leave out, the results corrected for
rating only, and for an event over 30 days its rating periods and what they ask
(FIDE C.02, Q210-Q216). A player's line opens that player's Edit dialog, an
event's line the event settings; the list is checked again after every change
to the event, so it empties as the arbiter mends it, down to "ready to send".
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.ratinglist import month_words, parse_month
from arbiter_app.core.words import rounds_words
from arbiter_app.sheets.builders import trf_text
from arbiter_app.sheets.readiness import (
    EVENT,
    Readiness,
    check,
    headline,
    period_source,
    tagged_lines,
)
from arbiter_app.sheets.source import from_session
from arbiter_app.store.outputs import write_output
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.file_actions import TRF_FILTER

PLAYER_ROLE = Qt.ItemDataRole.UserRole
"""What mends a line: the player's pairing number, or EVENT for the event's settings."""


class ReportReadinessDialog(QDialog):
    """The readiness check of the FIDE rating report, kept up to date with the event."""

    edit_player_requested = Signal(int)
    """The arbiter asked to mend a player's line: the player's pairing number."""
    settings_requested = Signal()
    """The arbiter asked to mend an event's line: the event settings."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.found: Readiness | None = None
        self.setWindowTitle("FIDE rating report: readiness")
        self.setAccessibleName("FIDE rating report readiness")
        self.summary = QLabel(self)
        self.summary.setAccessibleName("Whether the report is ready to send")
        self.summary.setWordWrap(True)
        self.lines = QListWidget(self)
        self.lines.setAccessibleName("What the readiness check found")
        self.lines.setWordWrap(True)
        self.lines.setAlternatingRowColors(True)
        self.lines.currentItemChanged.connect(lambda *_: self._update())
        self.lines.itemActivated.connect(lambda _: self.mend())
        self.hint = QLabel(
            "Double-click a player's line to edit the player, an event's line to open the "
            "event settings. The list is checked again after every change.",
            self,
        )
        self.hint.setWordWrap(True)
        # An event over 30 days is reported period by period: one report a rating period.
        self.period = QComboBox(self)
        self.period.setAccessibleName("Rating period")
        self.export_period_button = QPushButton("&Export its report…", self)
        self.export_period_button.setAccessibleName("Export the rating period's report")
        self.export_period_button.clicked.connect(self.choose_period_file)
        self.export_period_button.setAutoDefault(False)  # Return never opens a file dialog
        self.period_row = QWidget(self)
        period_layout = QHBoxLayout(self.period_row)
        period_layout.setContentsMargins(0, 0, 0, 0)
        period_label = QLabel("Rating &period:", self.period_row)
        period_label.setBuddy(self.period)
        period_layout.addWidget(period_label)
        period_layout.addWidget(self.period, 1)
        period_layout.addWidget(self.export_period_button)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self.mend_button = QPushButton("&Mend…", self)
        self.mend_button.setAccessibleName("Mend the line chosen")
        self.mend_button.clicked.connect(self.mend)
        self.buttons.addButton(self.mend_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.recheck = QPushButton("Check &again", self)
        self.recheck.setAccessibleName("Check the report again")
        self.recheck.clicked.connect(self.check)
        self.buttons.addButton(self.recheck, QDialogButtonBox.ButtonRole.ActionRole)
        self.buttons.rejected.connect(self.reject)
        # Return on a line mends it (itemActivated); no button may take Return as well.
        for button in self.buttons.buttons():
            if isinstance(button, QPushButton):
                button.setAutoDefault(False)
                button.setDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.lines, 1)
        layout.addWidget(self.hint)
        layout.addWidget(self.period_row)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 110)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 26)
        document.changed.connect(self._event_changed)
        self.check()

    def _event_changed(self, _changes: object) -> None:
        if self.isVisible():
            self.check()

    def label(self) -> str:
        """How the first line names the event: its file, or its name while untitled."""
        path = self.document.path
        return path.name if path is not None else self.document.event_name or "The event"

    def check(self) -> None:
        """Run the readiness check again and list what it found; the line chosen (its
        player, else its place) and the scroll stay where they were."""
        was_chosen, was_row = self.chosen(), self.lines.currentRow()
        scrolled = self.lines.verticalScrollBar().value()
        self.lines.clear()
        try:
            src = from_session(self.document.session)
            self.found = check(src)
        except ArbiterError as exc:
            self.found = None
            self.summary.setText(f"The report cannot be checked: {exc}")
            self._update()
            return
        found = self.found
        self.summary.setText(headline(found, self.label(), "File ▸ Export TRF…"))
        self._fill_periods(found)
        # The command line's lines, each with what mends it; headings stand out.
        for line, tag in tagged_lines(src, found, self.label())[1:]:
            item = QListWidgetItem(line.rstrip())
            heading = not line.startswith("    -") and not line.startswith("  -")
            if heading:
                font = item.font()
                font.setBold(True)
                item.setFont(font)
            if tag is None:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            item.setData(PLAYER_ROLE, tag)
            self.lines.addItem(item)
        self._choose_again(was_chosen, was_row)
        self.lines.verticalScrollBar().setValue(scrolled)
        self._update()

    def _choose_again(self, tag: int | None, row: int) -> None:
        """After a check, the same player's first line, else a mendable line at the same place."""
        tags = [self.lines.item(i).data(PLAYER_ROLE) for i in range(self.lines.count())]
        if tag not in (None, EVENT) and tag in tags:
            self.lines.setCurrentRow(tags.index(tag))
            return
        for i in range(min(row, len(tags) - 1), -1, -1):
            if tags[i] is not None:
                self.lines.setCurrentRow(i)
                return

    def _fill_periods(self, found: Readiness) -> None:
        """The rating periods of an event over 30 days that has rounds in more than one."""
        months = sorted(set(found.periods.values()))
        chosen = self.period.currentData()
        self.period.clear()
        for month in months:
            rounds = [r for r, m in sorted(found.periods.items()) if m == month]
            first = parse_month(month)
            self.period.addItem(f"{month_words(first)}: {rounds_words(rounds)}", month)
        if chosen in months:
            self.period.setCurrentIndex(months.index(chosen))
        self.period_row.setVisible(len(months) > 1)

    def choose_period_file(self) -> None:
        """Ask where the chosen period's report goes, then write it."""
        month = self.period.currentData()
        if not isinstance(month, str):
            return
        current = self.document.path
        suggested = (
            current.with_name(f"{current.stem}-{month}.trf") if current else Path(f"{month}.trf")
        )
        name, _ = QFileDialog.getSaveFileName(
            self, "Export the rating period's report", str(suggested), TRF_FILTER
        )
        if name:
            try:
                self.export_period(parse_month(month), Path(name))
            except ArbiterError as exc:
                show_error(self, exc, "The report cannot be written")

    def export_period(self, month: date, target: Path) -> None:
        """Write the FIDE rating report of the rating period of *month* to *target*: the
        rounds dated in it only, numbered from 1 (as ``export --format trf --period``)."""
        src = period_source(from_session(self.document.session), month)
        current = self.document.path
        write_output(target, trf_text(src), sources=[current] if current is not None else [])

    def chosen(self) -> int | None:
        """The line chosen: a player's number, EVENT, or None (nothing to mend there)."""
        item = self.lines.currentItem()
        if item is None:
            return None
        value = item.data(PLAYER_ROLE)
        return value if isinstance(value, int) else None

    def mend(self) -> None:
        """Open what mends the line chosen: the player's Edit dialog or the event settings."""
        chosen = self.chosen()
        if chosen is None:
            return
        if chosen == EVENT:
            self.settings_requested.emit()
        else:
            self.edit_player_requested.emit(chosen)

    def _update(self) -> None:
        self.mend_button.setEnabled(self.chosen() is not None)
