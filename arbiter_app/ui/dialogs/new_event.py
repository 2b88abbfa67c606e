"""New event: where its file goes, its name, its system and its number of rounds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from arbiter_app.core.model import System

SYSTEM_LABELS = {
    System.SWISS: "Swiss",
    System.ROUND_ROBIN: "Round robin",
    System.DOUBLE_ROUND_ROBIN: "Double round robin",
    System.DOUBLE_SWISS: "Double Swiss",
}


@dataclass(frozen=True, slots=True)
class NewEvent:
    path: Path
    name: str
    system: System
    rounds: int


class NewEventDialog(QDialog):
    def __init__(self, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New event")
        self.setAccessibleName("New event")
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setAccessibleName("Event name")
        self.name.setPlaceholderText("e.g. City Chess Open 2026")
        form.addRow("&Name:", self.name)
        self.system = QComboBox(self)
        self.system.setAccessibleName("Tournament system")
        for system, label in SYSTEM_LABELS.items():
            self.system.addItem(label, system.value)
        form.addRow("&System:", self.system)
        self.rounds = QSpinBox(self)
        self.rounds.setAccessibleName("Rounds")
        self.rounds.setRange(1, 99)
        self.rounds.setValue(5)
        form.addRow("&Rounds:", self.rounds)
        self.path = QLineEdit(str(folder / "event.arbiter"), self)
        self.path.setAccessibleName("File")
        browse = QPushButton("Browse…", self)
        browse.setAccessibleName("Choose the file")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form.addRow("File:", row)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self.name.textChanged.connect(self._name_changed)
        self._update_ok()
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, "New event file", self.path.text(), "Arbiter events (*.arbiter)"
        )
        if name:
            self.path.setText(name if name.endswith(".arbiter") else name + ".arbiter")

    def _name_changed(self, text: str) -> None:
        # The file is named after the event until the arbiter picks another name.
        current = Path(self.path.text())
        stem = "".join(ch if ch.isalnum() or ch in " -_" else "_" for ch in text).strip()
        if stem:
            self.path.setText(str(current.with_name(f"{stem}.arbiter")))
        self._update_ok()

    def _update_ok(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(self.name.text().strip()))

    def result_event(self) -> NewEvent:
        return NewEvent(
            Path(self.path.text()),
            self.name.text().strip(),
            System(self.system.currentData()),
            self.rounds.value(),
        )
