"""Preferences: appearance, the projector's type size, the folder for automatic backups and
the download of FIDE's rating lists (off by default)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.store.backups import backup_folder, set_backup_folder
from arbiter_app.store.fide_download import (
    DEFAULT_ADDRESS,
    download_address,
    download_enabled,
    set_download,
)
from arbiter_app.ui.settings import COLOUR_SCHEMES, Settings

_SCHEME_LABELS = {"system": "Follow the system", "light": "Light", "dark": "Dark"}


def apply_colour_scheme(name: str) -> None:
    """Ask Qt for a light or dark palette (Qt 6.8+); "system" follows the desktop."""
    hints = QGuiApplication.styleHints()
    scheme = {
        "light": Qt.ColorScheme.Light,
        "dark": Qt.ColorScheme.Dark,
    }.get(name, Qt.ColorScheme.Unknown)
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(scheme)


class PreferencesDialog(QDialog):
    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Preferences")
        self.setAccessibleName("Preferences")
        form = QFormLayout(self)
        self.scheme = QComboBox(self)
        self.scheme.setAccessibleName("Colour scheme")
        for key in COLOUR_SCHEMES:
            self.scheme.addItem(_SCHEME_LABELS[key], key)
        self.scheme.setCurrentIndex(COLOUR_SCHEMES.index(settings.colour_scheme))
        form.addRow("&Colour scheme:", self.scheme)
        self.scale = QDoubleSpinBox(self)
        self.scale.setAccessibleName("Projector type size")
        self.scale.setRange(1.0, 6.0)
        self.scale.setSingleStep(0.25)
        self.scale.setSuffix(" ×")
        self.scale.setValue(settings.projector_scale)
        form.addRow("&Projector type size:", self.scale)
        # The command line's `backups --folder` sets the same folder (one preference).
        self.backups = QLineEdit(self)
        self.backups.setAccessibleName("Backup folder")
        self.backups.setPlaceholderText("none: no automatic backups")
        self.backups.setToolTip(
            "After each complete round a dated copy of the event goes to this folder "
            "(a USB stick, for instance); Save a copy puts one there too"
        )
        chosen = backup_folder()
        self.backups.setText("" if chosen is None else str(chosen))
        browse = QPushButton("B&rowse…", self)
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.backups, 1)
        row.addWidget(browse)
        # A row that is a layout gets a label without a buddy, which shows "&" as it is:
        # the label is made here, Alt+B going to the folder.
        label = QLabel("&Backup folder:", self)
        label.setBuddy(self.backups)
        form.addRow(label, row)
        # FIDE's lists kept a day fresh (FIDE C.02 checklist, Q135): a preference of this
        # computer, shared with the command line's `ratings download`, off by default.
        self.download = QCheckBox(
            "&Download FIDE's rating lists and keep them no more than a day old", self
        )
        self.download.setAccessibleName("Download FIDE's rating lists")
        self.download.setToolTip(
            "While Arbiter runs, each of FIDE's lists is asked for once a day and imported "
            "when it changed. Off, Arbiter sends nothing over the network."
        )
        self.download.setChecked(download_enabled())
        form.addRow(self.download)
        self.address = QLineEdit(self)
        self.address.setAccessibleName("Address of FIDE's lists")
        self.address.setPlaceholderText(DEFAULT_ADDRESS)
        address = download_address()
        self.address.setText("" if address == DEFAULT_ADDRESS else address)
        self.address.setToolTip(
            "Where the files standard_rating_list.zip, rapid_rating_list.zip and "
            f"blitz_rating_list.zip are downloaded from; empty for FIDE's ({DEFAULT_ADDRESS})"
        )
        self.address.setEnabled(self.download.isChecked())
        self.download.toggled.connect(self.address.setEnabled)
        form.addRow("Lists' &address:", self.address)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _browse(self) -> None:
        start = self.backups.text() or str(backup_folder() or "")
        folder = QFileDialog.getExistingDirectory(self, "Folder for automatic backups", start)
        if folder:
            self.backups.setText(folder)

    def accept(self) -> None:
        text = self.backups.text().strip()
        try:
            set_backup_folder(Path(text) if text else None)
        except ArbiterError as exc:
            QMessageBox.warning(self, "Backup folder", f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
            return
        try:
            set_download(enabled=self.download.isChecked(), address=self.address.text())
        except ArbiterError as exc:
            QMessageBox.warning(
                self, "Address of FIDE's lists", f"{str(exc)[:1].upper()}{str(exc)[1:]}."
            )
            self.address.setFocus()
            return
        self.settings.colour_scheme = str(self.scheme.currentData())
        self.settings.projector_scale = self.scale.value()
        self.settings.sync()
        apply_colour_scheme(self.settings.colour_scheme)
        super().accept()
