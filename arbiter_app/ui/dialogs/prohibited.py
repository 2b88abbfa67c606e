"""Prohibited pairings: players who must not meet (TRF-26 record 260; FIDE C.02 questions 194-196).

The list of groups (two players or more, of whom no two may meet), a field
to type a new group by pairing number ("3 7" or "3, 7, 9"), *Add* and
*Remove*. Each change goes through the document to the session, which
decides: before round 1 it is done; after it, in FIDE mode it is refused
(level 5) and outside FIDE mode it asks first (level 3) and writes a
``### Configuration`` line. The dialog repeats no rule.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session.commands import AllowPairing, ForbidPairing
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.document import EventDocument


def parse_group(text: str) -> list[int]:
    """Pairing numbers typed as ``3 7`` or ``3, 7, 9``; refused with what was wrong."""
    parts = [p for p in re.split(r"[\s,;]+", text.strip()) if p]
    if not all(p.isdecimal() for p in parts):
        raise ArbiterError(f"Type pairing numbers separated by spaces or commas, not {text!r}.")
    if len(parts) < 2:
        raise ArbiterError("A prohibited pairing names two players or more.")
    return [int(p) for p in parts]


class ProhibitedPairingsDialog(QDialog):
    """The event's prohibited pairings, to add to or remove from."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.setWindowTitle("Prohibited pairings")
        self.setAccessibleName("Prohibited pairings")
        self.message: QMessageBox | None = None
        intro = QLabel(
            "Players who must not meet: of each group, no two are paired together. The "
            "pairing engine keeps them apart, and a pairing made by hand that seats them "
            "together asks first. In FIDE mode they are entered before round 1 is paired "
            "(FIDE C.02).",
            self,
        )
        intro.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setAccessibleName("Prohibited pairings")
        self.field = QLineEdit(self)
        self.field.setAccessibleName("Players who must not meet")
        self.field.setPlaceholderText("Pairing numbers, e.g. 3 7 or 3, 7, 9")
        self.add_button = QPushButton("&Add", self)
        self.add_button.clicked.connect(self.add)
        # Enter in the field presses Add (the default button), once.
        self.add_button.setDefault(True)
        self.remove_button = QPushButton("&Remove", self)
        self.remove_button.clicked.connect(self.remove)
        row = QHBoxLayout()
        row.addWidget(self.field, 1)
        row.addWidget(self.add_button)
        row.addWidget(self.remove_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.list)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.resize(520, 360)
        self.refresh()
        self.field.setFocus()

    def refresh(self) -> None:
        names = {p.tpn: p.name for p in self.document.tournament.players}
        self.list.clear()
        for group in self.document.forbidden_pairs():
            text = ", ".join(f"{t} {names.get(t, '?')}" for t in group)
            item = QListWidgetItem(text, self.list)
            item.setData(Qt.ItemDataRole.UserRole, list(group))
        if not self.document.forbidden_pairs():
            none = QListWidgetItem("None: every player may meet every other.", self.list)
            none.setFlags(Qt.ItemFlag.NoItemFlags)
        self.remove_button.setEnabled(bool(self.document.forbidden_pairs()))

    def add(self) -> bool:
        try:
            group = parse_group(self.field.text())
            changes = self.document.run(ForbidPairing(players=list(group)))
        except ArbiterError as exc:
            self.message = show_error(self, exc, "Prohibited pairings")
            return False
        if not changes.cancelled:
            self.field.clear()
        self.refresh()
        return not changes.cancelled

    def remove(self) -> bool:
        item = self.list.currentItem()
        group = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if not group:
            return False
        try:
            changes = self.document.run(AllowPairing(players=list(group)))
        except ArbiterError as exc:
            self.message = show_error(self, exc, "Prohibited pairings")
            return False
        self.refresh()
        return not changes.cancelled
