"""Preferences: appearance and the projector's type size."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QWidget,
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
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def accept(self) -> None:
        self.settings.colour_scheme = str(self.scheme.currentData())
        self.settings.projector_scale = self.scale.value()
        self.settings.sync()
        apply_colour_scheme(self.settings.colour_scheme)
        super().accept()
