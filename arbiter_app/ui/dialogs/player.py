"""A player's fields: register a player, a late entry, or edit one already entered."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from arbiter_app.core.model import Player

TITLES = ("", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM")

MISSED_CHOICES = (
    ("not-paired", "Not paired: 0 points"),
    ("half-bye", "Half-point byes: ½ point each"),
    ("zero-bye", "Zero-point byes: 0 points"),
)
"""What a late entrant gets for the rounds paired before they joined (the session's
``late_entry`` choices); the event's regulations say which applies."""

SEXES = (("", "—"), ("m", "Male"), ("w", "Female"))
"""The sex as the FIDE report file writes it (TRF: m / w)."""


@dataclass(frozen=True, slots=True)
class LateEntryTerms:
    """What registering now means: rounds already paired, and a registration deadline if any."""

    paired_rounds: int
    planned_rounds: int
    deadline_round: int | None = None
    """Registration closes at the end of this round (the online Swiss rules), None when no rule says so."""

    @property
    def joins_from(self) -> int:
        return self.paired_rounds + 1

    def explanation(self) -> str:
        missed = "Round 1 is" if self.paired_rounds == 1 else f"Rounds 1–{self.paired_rounds} are"
        text = (
            f"{missed} paired already: this is a late entry. The player is paired from "
            f"round {self.joins_from} of {self.planned_rounds} on and gets, for each round "
            "missed, what you choose under Missed rounds."
        )
        if self.deadline_round is not None:
            text += (
                f"\nThe regulations close registration at the end of round "
                f"{self.deadline_round} (online Swiss rules, Registration)."
            )
        return text


class PlayerDialog(QDialog):
    """The player's fields; with *player* it shows and edits them, with *late* it is a late entry."""

    def __init__(
        self,
        parent: QWidget | None = None,
        player: Player | None = None,
        late: LateEntryTerms | None = None,
    ) -> None:
        super().__init__(parent)
        self.player = player
        self.late = late
        if player is not None:
            title = f"Edit player {player.tpn}"
        elif late is not None:
            title = "Late entry"
        else:
            title = "Add a player"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        form = QFormLayout(self)
        if late is not None:
            self.explanation = QLabel(late.explanation(), self)
            self.explanation.setWordWrap(True)
            self.explanation.setAccessibleName("What a late entry means")
            form.addRow(self.explanation)
        self.name = QLineEdit(self)
        self.name.setAccessibleName("Name")
        self.name.setPlaceholderText("Surname, First name")
        self.name.setMinimumWidth(260)
        form.addRow("&Name:", self.name)
        self.title = QComboBox(self)
        self.title.setEditable(True)
        self.title.addItems(TITLES)
        self.title.setAccessibleName("Title")
        title_edit = self.title.lineEdit()
        if title_edit is not None:
            title_edit.setMaxLength(3)
        form.addRow("&Title:", self.title)
        self.rating = self._rating_box("Rating")
        form.addRow("&Rating:", self.rating)
        self.federation = QLineEdit(self)
        self.federation.setAccessibleName("Federation")
        self.federation.setMaxLength(3)
        self.federation.setPlaceholderText("e.g. NOR")
        form.addRow("&Federation:", self.federation)
        self.fide_id = QLineEdit(self)
        self.fide_id.setAccessibleName("FIDE ID")
        form.addRow("FIDE &ID:", self.fide_id)
        self.national_rating = self._rating_box("National rating")
        form.addRow("N&ational rating:", self.national_rating)
        self.national_id = QLineEdit(self)
        self.national_id.setAccessibleName("National ID")
        form.addRow("National I&D:", self.national_id)
        self.sex = QComboBox(self)
        self.sex.setAccessibleName("Sex")
        for code, label in SEXES:
            self.sex.addItem(label, code)
        form.addRow("&Sex:", self.sex)
        self.birth = QLineEdit(self)
        self.birth.setAccessibleName("Birth date")
        self.birth.setPlaceholderText("YYYY/MM/DD or year")
        form.addRow("&Born:", self.birth)
        self.missed = QComboBox(self)
        self.missed.setAccessibleName("Missed rounds count as")
        for key, label in MISSED_CHOICES:
            self.missed.addItem(label, key)
        if late is not None:
            form.addRow("&Missed rounds:", self.missed)
        else:
            self.missed.hide()
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)
        if player is not None:
            self._show(player)

    def _rating_box(self, name: str) -> QSpinBox:
        box = QSpinBox(self)
        box.setAccessibleName(name)
        box.setRange(0, 3500)
        box.setSpecialValueText("unrated")
        return box

    def _show(self, player: Player) -> None:
        self.name.setText(player.name)
        self.title.setCurrentText(player.title)
        self.rating.setValue(player.rating or 0)
        self.federation.setText(player.federation)
        self.fide_id.setText(player.fide_id)
        self.national_rating.setValue(player.national_rating or 0)
        self.national_id.setText(player.national_id)
        index = self.sex.findData(player.sex)
        if index < 0:  # a code the list does not know is kept as it is
            self.sex.addItem(player.sex, player.sex)
            index = self.sex.count() - 1
        self.sex.setCurrentIndex(index)
        self.birth.setText(player.birth)

    def fields(self) -> dict[str, object]:
        """The typed fields, as the player commands take them."""
        return {
            "name": self.name.text().strip(),
            "title": self.title.currentText().strip().upper(),
            "rating": self.rating.value() or None,
            "federation": self.federation.text().strip().upper(),
            "fide_id": self.fide_id.text().strip(),
            "national_rating": self.national_rating.value() or None,
            "national_id": self.national_id.text().strip(),
            "sex": str(self.sex.currentData() or ""),
            "birth": self.birth.text().strip(),
        }

    def changed_fields(self) -> dict[str, object]:
        """The fields that differ from the player's as shown (editing only)."""
        fields = self.fields()
        if self.player is None:
            return fields
        return {
            name: value
            for name, value in fields.items()
            if value != (getattr(self.player, name) or ("" if isinstance(value, str) else None))
        }

    def missed_rounds(self) -> str:
        """What the rounds missed by a late entry count as (``not-paired``, ``half-bye``, …)."""
        return str(self.missed.currentData())
