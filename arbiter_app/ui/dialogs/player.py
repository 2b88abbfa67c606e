"""Register a player: name, title, rating, federation, FIDE ID."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

TITLES = ("", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")


class PlayerDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a player")
        self.setAccessibleName("Add a player")
        form = QFormLayout(self)
        self.name = QLineEdit(self)
        self.name.setAccessibleName("Name")
        self.name.setPlaceholderText("Surname, First name")
        form.addRow("&Name:", self.name)
        self.title = QLineEdit(self)
        self.title.setAccessibleName("Title")
        self.title.setMaxLength(3)
        form.addRow("&Title:", self.title)
        self.rating = QSpinBox(self)
        self.rating.setAccessibleName("Rating")
        self.rating.setRange(0, 3500)
        self.rating.setSpecialValueText("unrated")
        form.addRow("&Rating:", self.rating)
        self.federation = QLineEdit(self)
        self.federation.setAccessibleName("Federation")
        self.federation.setMaxLength(3)
        form.addRow("&Federation:", self.federation)
        self.fide_id = QLineEdit(self)
        self.fide_id.setAccessibleName("FIDE ID")
        form.addRow("FIDE &ID:", self.fide_id)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def fields(self) -> dict[str, object]:
        """The typed fields, as the add-player command takes them."""
        return {
            "name": self.name.text().strip(),
            "title": self.title.text().strip().upper(),
            "rating": self.rating.value() or None,
            "federation": self.federation.text().strip().upper(),
            "fide_id": self.fide_id.text().strip(),
        }
