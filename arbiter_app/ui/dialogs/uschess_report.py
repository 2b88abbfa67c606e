"""File ▸ Export US Chess rating report…: the readiness check first, then the three files.

The dialog shows the report the session makes
(:func:`arbiter_app.session.uschess_report.rating_report`: every section, the header the
event keeps) checked field by field, player by player, before anything is written:

- a **problem** (a missing or invalid field, format 2C) stops the report: the list says
  what to mend and *Write* stays greyed;
- a **notice** (a membership expired or an ID on no imported list, US Chess rule 23C, a
  level-2 warning) does not stop it, but the arbiter ticks *Write the report anyway*
  first, having read them.

The files go into the chosen folder, staged and moved in whole, never over an event file
(:func:`arbiter_app.session.uschess_report.guarded_folder`), as ``export --format
uschess`` writes them.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.uschess_report import Problem, RatingReport, readiness
from arbiter_app.core.warning_levels import Alert
from arbiter_app.core.words import count
from arbiter_app.exports.uschess_dbf import write_report
from arbiter_app.session.uschess_report import guarded_folder, rating_report
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import EventDocument


class UsChessReportDialog(QDialog):
    """Check the US Chess rating report, then write its three DBF files into a folder."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("US Chess rating report")
        self.setAccessibleName("US Chess rating report")
        self.report: RatingReport | None = None
        self.problems: list[Problem] = []
        self.notices: list[Alert] = []
        self.written: list[Path] = []
        self.summary = QLabel(self)
        self.summary.setAccessibleName("Whether the report is ready")
        self.summary.setWordWrap(True)
        self.checks = QListWidget(self)
        self.checks.setAccessibleName("What the readiness check found")
        self.checks.setWordWrap(True)
        self.anyway = QCheckBox("Write the report &anyway (I have read the notices)", self)
        self.anyway.setAccessibleName("Write the report anyway")
        self.anyway.toggled.connect(lambda _: self._update())
        self.folder = QLineEdit(self)
        self.folder.setAccessibleName("Folder for the report")
        self.folder.setPlaceholderText("The folder the three DBF files go into")
        self.folder.textChanged.connect(lambda _: self._update())
        self.choose = QPushButton("&Choose…", self)
        self.choose.setAccessibleName("Choose the folder")
        self.choose.clicked.connect(self.choose_folder)
        folder_row = QHBoxLayout()
        folder_label = QLabel("&Folder:", self)
        folder_label.setBuddy(self.folder)
        folder_row.addWidget(folder_label)
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.choose)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.write_button = QPushButton("&Write the report", self)
        self.write_button.setAccessibleName("Write the report")
        self.write_button.setDefault(True)
        self.buttons.addButton(self.write_button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.recheck = QPushButton("Check &again", self)
        self.recheck.setAccessibleName("Check the report again")
        self.buttons.addButton(self.recheck, QDialogButtonBox.ButtonRole.ActionRole)
        self.recheck.clicked.connect(self.check)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.checks, 1)
        layout.addWidget(self.anyway)
        layout.addLayout(folder_row)
        layout.addWidget(self.buttons)
        if document.path is not None:
            self.folder.setText(str(document.path.parent / f"{document.path.stem}-uschess"))
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 100)
        self.setMinimumHeight(self.fontMetrics().lineSpacing() * 24)
        self.check()

    def check(self) -> None:
        """Build the report and run the readiness check (the list shows what it found)."""
        try:
            self.report, self.notices = rating_report(self.document.session)
        except ArbiterError as exc:
            self.report, self.notices, self.problems = None, [], []
            self.summary.setText(f"The report cannot be made: {exc}")
            self.checks.clear()
            self._update()
            return
        self.problems = readiness(self.report)
        self.checks.clear()
        for problem in self.problems:
            self.checks.addItem(f"Problem: {problem}.")
        for notice in self.notices:
            self.checks.addItem(f"Notice: {notice}.")
        sections = count(len(self.report.sections), "section")
        players = count(sum(len(s.players) for s in self.report.sections), "player")
        if self.problems:
            self.summary.setText(
                f"The report is not ready: {count(len(self.problems), 'problem')} to mend "
                f"first ({sections}, {players}). Nothing is written until the list has no "
                "problem."
            )
        elif self.notices:
            self.summary.setText(
                f"The report is ready ({sections}, {players}) with "
                f"{count(len(self.notices), 'notice')} (US Chess rule 23C): read them, then "
                "tick the box to write it anyway."
            )
        else:
            self.summary.setText(f"The report is ready: {sections}, {players}.")
        self.anyway.setVisible(not self.problems and bool(self.notices))
        self._update()

    def ready_to_write(self) -> bool:
        """Only a report without problems, its notices (warnings) read, into a folder."""
        if self.report is None or self.problems or not self.folder.text().strip():
            return False
        return not self.notices or self.anyway.isChecked()

    def _update(self) -> None:
        self.write_button.setEnabled(self.ready_to_write())

    def choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, "Folder for the US Chess rating report", self.folder.text()
        )
        if chosen:
            self.folder.setText(chosen)

    def accept(self) -> None:
        """Write the three files; a refusal (a folder that cannot be written, an event file
        in the way) is said and the dialog stays open."""
        if not self.ready_to_write() or self.report is None:
            return
        folder = Path(self.folder.text().strip()).expanduser()
        try:
            self.written = write_report(self.report, guarded_folder(folder, self.document.path))
        except ArbiterError as exc:
            show_error(self, exc)
            return
        super().accept()
