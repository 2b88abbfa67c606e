"""A player leaving the event or missing a round: withdrawal, requested byes, absences.

The dialogs only collect what the arbiter decides; the session checks it
against the rules and refuses with a message the panel shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from arbiter_app.core.model import EntryKind, Player
from arbiter_app.core.words import bye_words

BYE_KINDS = (
    ("half", "Half-point bye (½ point)"),
    ("zero", "Zero-point bye (0 points)"),
    ("full", "Full-point bye (1 point, where the regulations allow it)"),
    ("none", "No bye: cancel the request"),
)
"""The requested byes the session records (TRF-26 record 240: H, Z, F) and the cancel."""


def _buttons(dialog: QDialog, ok_text: str) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setText(ok_text)
    ok.setAccessibleName(ok_text)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


class WithdrawDialog(QDialog):
    """From which round player *player* no longer plays."""

    def __init__(
        self, player: Player, first_round: int, planned_rounds: int, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.player = player
        title = f"Withdraw {player.name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        form = QFormLayout(self)
        self.from_round = QSpinBox(self)
        self.from_round.setAccessibleName("Withdrawn from round")
        self.from_round.setRange(1, max(planned_rounds, 1))
        self.from_round.setValue(min(max(first_round, 1), max(planned_rounds, 1)))
        self.from_round.setSuffix(f" of {planned_rounds}")
        form.addRow("&From round:", self.from_round)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.explanation.setMinimumWidth(340)
        self.explanation.setAccessibleName("What the withdrawal does")
        form.addRow(self.explanation)
        form.addRow(_buttons(self, "Withdraw"))
        self.from_round.valueChanged.connect(self._explain)
        self._explain()

    def _explain(self) -> None:
        start = self.from_round.value()
        kept = "No result is kept" if start == 1 else f"Results of rounds 1–{start - 1} stay"
        if start == 2:
            kept = "The result of round 1 stays"
        self.explanation.setText(
            f"{kept}. From round {start} on, {self.player.name} is not paired and scores "
            "nothing; any bye requested for those rounds is cancelled. A game already paired "
            "in those rounds must be changed (or forfeited) first. Reinstate undoes it."
        )

    def round(self) -> int:
        return self.from_round.value()


class ByeRequestDialog(QDialog):
    """A bye player *player* asks for in a round not yet paired, or the cancel of one.

    *requests* are the player's requests already recorded, round → kind.
    """

    def __init__(
        self,
        player: Player,
        first_round: int,
        planned_rounds: int,
        requests: Mapping[int, EntryKind],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.player = player
        self.requests = dict(requests)
        title = f"Requested bye: {player.name}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        layout = QVBoxLayout(self)
        intro = QLabel(
            "A requested bye is granted before the round is paired: the player is left out "
            "of that round's pairing and scores the bye's points. The event's bye policy "
            "decides whether it is granted.",
            self,
        )
        intro.setWordWrap(True)
        intro.setMinimumWidth(360)
        layout.addWidget(intro)
        form = QFormLayout()
        self.round_box = QSpinBox(self)
        self.round_box.setAccessibleName("Round")
        self.round_box.setRange(min(first_round, planned_rounds), planned_rounds)
        self.round_box.setSuffix(f" of {planned_rounds}")
        form.addRow("&Round:", self.round_box)
        # A range of rounds is one action (the session's ``requested_byes``).
        self.last_box = QSpinBox(self)
        self.last_box.setAccessibleName("To round")
        self.last_box.setRange(self.round_box.minimum(), planned_rounds)
        self.last_box.setSuffix(f" of {planned_rounds}")
        form.addRow("&To round:", self.last_box)
        layout.addLayout(form)
        self.kind_group = QButtonGroup(self)
        self.kind_buttons: dict[str, QRadioButton] = {}
        for key, label in BYE_KINDS:
            button = QRadioButton(label, self)
            button.setAccessibleName(label)
            self.kind_group.addButton(button)
            self.kind_buttons[key] = button
            layout.addWidget(button)
        self.kind_buttons["half"].setChecked(True)
        self.recorded = QLabel(self)
        self.recorded.setAccessibleName("Byes requested already")
        self.recorded.setWordWrap(True)
        layout.addWidget(self.recorded)
        layout.addWidget(_buttons(self, "Record"))
        self.round_box.valueChanged.connect(self._first_changed)
        self.last_box.valueChanged.connect(self._last_changed)
        self._update()

    def _first_changed(self, first: int) -> None:
        if self.last_box.value() < first:
            self.last_box.setValue(first)
        self._update()

    def _last_changed(self, last: int) -> None:
        if self.round_box.value() > last:
            self.round_box.setValue(last)
        self._update()

    def _update(self) -> None:
        asked = any(r in self.requests for r in self.rounds())
        self.kind_buttons["none"].setEnabled(asked)
        if asked is None and self.kind_buttons["none"].isChecked():
            self.kind_buttons["half"].setChecked(True)
        if self.requests:
            listed = ", ".join(
                f"round {r}: {bye_words(k)}" for r, k in sorted(self.requests.items())
            )
            self.recorded.setText(f"Requested already: {listed}.")
        else:
            self.recorded.setText("No bye requested yet.")

    def set_kind(self, key: str) -> None:
        self.kind_buttons[key].setChecked(True)

    def kind(self) -> str:
        for key, button in self.kind_buttons.items():
            if button.isChecked():
                return key
        return "half"

    def round(self) -> int:
        return self.round_box.value()

    def set_rounds(self, first: int, last: int) -> None:
        self.round_box.setValue(first)
        self.last_box.setValue(last)

    def rounds(self) -> list[int]:
        """The rounds chosen, first to last (one round when both boxes agree)."""
        return list(
            range(self.round_box.value(), max(self.last_box.value(), self.round_box.value()) + 1)
        )


class AbsenceDialog(QDialog):
    """Players who will not play a coming round, or the absence taken back.

    *kind* is the bye the event's rule set gives an absence in each round
    (:func:`arbiter_app.core.attendance.absence_kind`), *article* its article;
    *marked* the rounds the players are marked absent already.
    """

    def __init__(
        self,
        players: list[Player],
        first_round: int,
        planned_rounds: int,
        kind: Callable[[int], EntryKind],
        article: str,
        marked: set[int],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.players = players
        self.kind_of = kind
        self.article = article
        self.marked = marked
        names = ", ".join(p.name for p in players)
        title = f"Absent: {names}"
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        form = QFormLayout(self)
        self.round_box = QSpinBox(self)
        self.round_box.setAccessibleName("Absent for round")
        self.round_box.setRange(min(first_round, planned_rounds), planned_rounds)
        self.round_box.setValue(min(first_round, planned_rounds))
        self.round_box.setSuffix(f" of {planned_rounds}")
        form.addRow("Absent for &round:", self.round_box)
        self.take_back = QCheckBox("&Take the absence back (the player plays after all)", self)
        self.take_back.setAccessibleName("Take the absence back")
        form.addRow(self.take_back)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.explanation.setMinimumWidth(360)
        self.explanation.setAccessibleName("What the absence means")
        form.addRow(self.explanation)
        form.addRow(_buttons(self, "Record"))
        self.round_box.valueChanged.connect(self._round_changed)
        self.take_back.toggled.connect(self._explain)
        self._round_changed(self.round_box.value())

    def _round_changed(self, round_no: int) -> None:
        # A round the players are marked absent from already offers to take it back.
        self.take_back.setChecked(round_no in self.marked)
        self._explain()

    def _explain(self) -> None:
        round_no = self.round_box.value()
        if self.take_back.isChecked():
            self.explanation.setText(
                f"The absence from round {round_no} is taken back: the player is paired in "
                "that round again."
            )
            return
        each = " each" if len(self.players) > 1 else ""
        self.explanation.setText(
            f"Not paired in round {round_no}: a {bye_words(self.kind_of(round_no))}{each}, as "
            f"the event's rules give a player who said so before the pairing ({self.article})."
            " Take it back before the round is paired if the player comes after all."
        )

    def round(self) -> int:
        return self.round_box.value()

    def absent(self) -> bool:
        return not self.take_back.isChecked()
