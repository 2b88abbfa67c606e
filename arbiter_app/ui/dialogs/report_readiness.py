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

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.sheets.readiness import EVENT, Readiness, check, headline, tagged_lines
from arbiter_app.sheets.source import from_session
from arbiter_app.ui.document import EventDocument

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
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.lines, 1)
        layout.addWidget(self.hint)
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
        """Run the readiness check again and list what it found."""
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
        self.summary.setText(headline(found, self.label()))
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
        self._update()

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
