"""The dialogs of the Sections menu: add a section, move a player, make quads.

The quads dialog shows the split the session proposes (US Chess 30G: fours
from the top of the rating list) before anything is done, and again after
each change of size or of what the players left over play; OK makes it, as
one action and one journal entry.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Player
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.quads import HOUSE, QuadGroup, Remainder
from arbiter_app.core.words import count
from arbiter_app.session import Section
from arbiter_app.session.commands import UNSET, MakeQuads
from arbiter_app.ui.dialogs.new_event import NewEventDialog

Ok = QDialogButtonBox.StandardButton.Ok
Cancel = QDialogButtonBox.StandardButton.Cancel


def _buttons(dialog: QDialog, form: QFormLayout) -> QDialogButtonBox:
    buttons = QDialogButtonBox(Ok | Cancel, dialog)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    return buttons


class AddSectionDialog(NewEventDialog):
    """A new section: its name, system and rounds (as a new event's), and the rules of a
    preset."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add a section")
        self.setAccessibleName("Add a section")
        self.name.setAccessibleName("Section name")
        self.name.setPlaceholderText("e.g. Reserve, Under 1600, Quads")
        self.rounds.setValue(4)
        self.preset = QComboBox(self)
        self.preset.setAccessibleName("Rules and tie-breaks")
        self.preset.addItem("FIDE (the event's default)", None)
        for key, preset in sorted(PRESETS.items()):
            self.preset.addItem(preset.title, key)
        form = cast(QFormLayout, self.layout())  # NewEventDialog's form
        form.insertRow(form.rowCount() - 1, "R&ules:", self.preset)


class MovePlayerDialog(QDialog):
    """A player of the section shown, and the section to move them to."""

    def __init__(
        self, players: Sequence[Player], sections: Sequence[Section], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Move a player to another section")
        self.setAccessibleName("Move a player to another section")
        form = QFormLayout(self)
        self.player = QComboBox(self)
        self.player.setAccessibleName("Player")
        for player in players:
            rating = "unrated" if player.rating is None else str(player.rating)
            self.player.addItem(f"{player.tpn}. {player.name} ({rating})", player.tpn)
        form.addRow("&Player:", self.player)
        self.target = QComboBox(self)
        self.target.setAccessibleName("To the section")
        for section in sections:
            self.target.addItem(section.described, section.number)
        form.addRow("&To:", self.target)
        form.addRow(QLabel("Only before round 1 of both sections.", self))
        self.buttons = _buttons(self, form)
        self.buttons.button(Ok).setEnabled(bool(players) and bool(sections))


class QuadsDialog(QDialog):
    """The split into quads, shown before it is made.

    *propose* is the session's proposal for the arguments the dialog holds; a
    refusal (too few players, no house player for a field that divides) is
    shown in place of the groups and OK stays off.
    """

    def __init__(
        self,
        section: str,
        players: Sequence[Player],
        propose: Callable[[MakeQuads], tuple[QuadGroup, ...]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._propose = propose
        self._names = {p.tpn: (p.name, p.rating) for p in players}
        self.setWindowTitle(f"Make quads of {section}")
        self.setAccessibleName("Make quads")
        form = QFormLayout(self)
        intro = QLabel(
            f"The {count(len(players), 'player')} of {section} by rating, fours from the top (US Chess "
            "30G); each group a round robin with pairing numbers drawn by lot.",
            self,
        )
        intro.setWordWrap(True)
        form.addRow(intro)
        self.group_size = QSpinBox(self)
        self.group_size.setAccessibleName("Players a group")
        self.group_size.setRange(3, 10)
        self.group_size.setValue(4)
        form.addRow("Players a &group:", self.group_size)
        self.remainder = QComboBox(self)
        self.remainder.setAccessibleName("The players left over")
        for remainder in Remainder:
            self.remainder.addItem(
                remainder.words[:1].upper() + remainder.words[1:], remainder.value
            )
        form.addRow("The players &left over:", self.remainder)
        self.house = QLineEdit(self)
        self.house.setAccessibleName("House player")
        self.house.setPlaceholderText("only when a house player completes the bottom quad")
        form.addRow("&House player:", self.house)
        self.preview = QPlainTextEdit(self)
        self.preview.setReadOnly(True)
        self.preview.setAccessibleName("The groups")
        self.preview.setMinimumHeight(self.fontMetrics().lineSpacing() * 14)
        form.addRow(self.preview)
        self.buttons = _buttons(self, form)
        self.group_size.valueChanged.connect(self.refresh)
        self.remainder.currentIndexChanged.connect(self.refresh)
        self.house.textChanged.connect(self.refresh)
        self.setMinimumWidth(self.fontMetrics().averageCharWidth() * 70)
        self.refresh()

    def command(self) -> MakeQuads:
        """The quads command as the dialog holds it."""
        house = self.house.text().strip()
        return MakeQuads(
            size=self.group_size.value(),
            remainder=str(self.remainder.currentData()),
            house_player={"name": house} if house else UNSET,
        )

    def refresh(self) -> None:
        try:
            groups = self._propose(self.command())
        except ArbiterError as exc:
            self.preview.setPlainText(str(exc)[:1].upper() + str(exc)[1:] + ".")
            self.buttons.button(Ok).setEnabled(False)
            return
        lines: list[str] = []
        for group in groups:
            lines.append(group.described)
            for tpn in group.players:
                if tpn == HOUSE:
                    lines.append(
                        f"    {self.house.text().strip() or 'House player'} (house player)"
                    )
                    continue
                name, rating = self._names[tpn]
                lines.append(f"    {name} ({'unrated' if rating is None else rating})")
        self.preview.setPlainText("\n".join(lines))
        self.buttons.button(Ok).setEnabled(True)
