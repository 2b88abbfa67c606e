"""The questions of the play-off wizard: the start, a draw, a toss, results, a decision.

Every drawing of lots and coin toss, by computer or physical, asks for its
witnesses (optional, one name a line): the session records them with the
draw and the printed protocol shows them (GCT 2023 regulations, articles 2.3 / 3.3: the
pairing numbers are drawn by lot; 2.5.3 / 3.5.3: a coin toss for colours).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDate, QDateTime, Qt, QTime
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QDateTimeEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QWidget,
)

from arbiter_app.core.errors import ArbiterError, InputError, Issue
from arbiter_app.core.lots import order_problem
from arbiter_app.core.playoff import GameSpec, PlayoffState, Start, Step
from arbiter_app.core.playoff.apply import earliest_start
from arbiter_app.core.playoff.progress import FORFEIT_ARTICLE
from arbiter_app.core.playoff.regulation import StartRule
from arbiter_app.core.result import FORFEITS, OVER_THE_BOARD, GameResult
from arbiter_app.core.words import sentence
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.playoff_adapter import schedule_rule
from arbiter_app.ui.playoff_runner import DrawAnswer, StartTimes, TossAnswer
from arbiter_app.ui.print_dialogs import PrintDialog

RESULTS = ("", *(r.value for r in (*OVER_THE_BOARD, *FORFEITS)))
RESULT_LABELS = {
    "": "not yet",
    **{r.value: r.label for r in OVER_THE_BOARD},
    GameResult.WHITE_FORFEIT_WIN.value: "+ -  (Black absent: White wins by forfeit)",
    GameResult.BLACK_FORFEIT_WIN.value: "- +  (White absent: Black wins by forfeit)",
    GameResult.DOUBLE_FORFEIT.value: "- -  (both absent: both lose)",
}


FORFEIT_NOTE = (
    f"A game not played: the player present wins it, two absent players both lose it "
    f"({FORFEIT_ARTICLE}; the play-off's regulation says nothing else)."
)


def parse_order(text: str) -> tuple[int, ...]:
    """Pairing numbers separated by spaces, commas or dashes: ``"7, 1, 3"``."""
    parts = [p for p in re.split(r"[\s,;\-]+", text.strip()) if p]
    if not parts or not all(p.isdecimal() for p in parts):
        raise InputError([Issue("drawn order", 0, 0, f"not a list of pairing numbers: {text!r}")])
    return tuple(int(p) for p in parts)


def _player(tpn: int, names: Mapping[int, str]) -> str:
    return f"{tpn}. {names.get(tpn, '?')}"


class ResultsDialog(QDialog):
    """One row per game: the result, or "not yet"."""

    def __init__(
        self, games: Sequence[GameSpec], names: Mapping[int, str], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Play-off results")
        self.setAccessibleName("Play-off results")
        form = QFormLayout(self)
        self.boxes: dict[str, QComboBox] = {}
        for game in games:
            box = QComboBox(self)
            for value in RESULTS:
                box.addItem(RESULT_LABELS[value], value)
            label = f"{game.id}: {_player(game.white, names)} – {_player(game.black, names)}"
            box.setAccessibleName(label)
            form.addRow(label, box)
            self.boxes[game.id] = box
        if any(g.armageddon for g in games):
            form.addRow(QLabel("Armageddon: a draw counts as a win for Black.", self))
        form.addRow(QLabel(FORFEIT_NOTE, self))
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def results(self) -> dict[str, str]:
        return {g: str(b.currentData()) for g, b in self.boxes.items() if b.currentData()}


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    buttons = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog
    )
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return buttons


def _focus_ok(buttons: QDialogButtonBox) -> None:
    """The dialog opens with OK focused (and default): Return accepts it."""
    ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
    ok.setDefault(True)
    ok.setFocus()


def _problem_label(parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setAccessibleName("Problem")
    label.setWordWrap(True)
    font = label.font()
    font.setBold(True)
    label.setFont(font)
    label.hide()
    return label


class WitnessList(QPlainTextEdit):
    """The witnesses of a draw or a toss, one name a line (none is allowed)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Witnesses")
        self.setAccessibleDescription("One name a line; optional")
        self.setPlaceholderText("One name a line (optional); Ctrl+Return to finish")
        self.setTabChangesFocus(True)
        self.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 12)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Return starts a new name; Ctrl+Return finishes the dialog, as OK would."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ctrl = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        dialog = self.window()
        if enter and ctrl and isinstance(dialog, QDialog):
            dialog.accept()
            return
        super().keyPressEvent(event)

    def names(self) -> tuple[str, ...]:
        return tuple(line.strip() for line in self.toPlainText().splitlines() if line.strip())


class _StepDialog(QDialog):
    """A question of a play-off step, titled, with its fields in a form."""

    def __init__(self, title: str, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self.form = QFormLayout(self)


class DrawDialog(_StepDialog):
    """A drawing of lots: the players, the order drawn (a physical draw), the witnesses."""

    def __init__(
        self,
        step: Step,
        names: Mapping[int, str],
        physical: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Physical draw" if physical else "Draw by computer", parent)
        form = self.form
        what = QLabel(step.text, self)
        what.setWordWrap(True)
        what.setAccessibleName("What is drawn")
        form.addRow(what)
        listing = QLabel("\n".join(_player(p, names) for p in step.players), self)
        listing.setAccessibleName("Players")
        form.addRow("Players:", listing)
        self.players = tuple(step.players)
        self.order: QLineEdit | None = None
        if physical:
            self.order = QLineEdit(self)
            self.order.setAccessibleName("Order drawn")
            self.order.setPlaceholderText("pairing numbers, the first drawn first")
            form.addRow("&Order drawn:", self.order)
        else:
            how = QLabel(
                "The computer draws from a fresh seed that is stored, so the draw can be"
                " reproduced and checked.",
                self,
            )
            how.setWordWrap(True)
            how.setForegroundRole(QPalette.ColorRole.PlaceholderText)
            how.setAccessibleName("How the computer draws")
            form.addRow(how)
        self.witnesses = WitnessList(self)
        form.addRow("&Witnesses:", self.witnesses)
        self.problem = _problem_label(self)
        form.addRow(self.problem)
        buttons = _buttons(self)
        form.addRow(buttons)
        if not physical:
            # Nothing to type: Return draws at once (Alt+W reaches the witnesses).
            _focus_ok(buttons)
        self.resize(self.fontMetrics().horizontalAdvance("x") * 72, self.sizeHint().height())

    def answer(self) -> DrawAnswer:
        """What was entered (InputError for an order that is no list of pairing numbers)."""
        order = None if self.order is None else parse_order(self.order.text())
        return DrawAnswer(self.witnesses.names(), order)

    def accept(self) -> None:
        # A wrong entry keeps what was typed and says what is wrong, in words.
        try:
            answer = self.answer()
        except InputError as exc:
            self.problem.setText(
                f"{exc.issues[0].message}: type the pairing numbers in the order drawn."
            )
            self.problem.show()
            return
        wrong = None if answer.order is None else order_problem(self.players, answer.order)
        if wrong is not None:
            self.problem.setText(sentence(wrong))
            self.problem.show()
            return
        super().accept()


class TossDialog(_StepDialog):
    """A coin toss: who won it (a coin tossed at the board), and the witnesses."""

    def __init__(
        self,
        step: Step,
        names: Mapping[int, str],
        physical: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__("Coin toss" if physical else "Toss by computer", parent)
        form = self.form
        what = QLabel(
            f"{step.text}\nBetween {' and '.join(_player(p, names) for p in step.players)}.",
            self,
        )
        what.setWordWrap(True)
        what.setAccessibleName("What is tossed")
        form.addRow(what)
        self.winner: QComboBox | None = None
        if physical:
            self.winner = QComboBox(self)
            self.winner.setAccessibleName("Winner of the toss")
            for tpn in step.players:
                self.winner.addItem(_player(tpn, names), tpn)
            form.addRow("Won the &toss:", self.winner)
        self.witnesses = WitnessList(self)
        form.addRow("&Witnesses:", self.witnesses)
        buttons = _buttons(self)
        form.addRow(buttons)
        if not physical:
            _focus_ok(buttons)  # Return tosses at once
        self.resize(self.fontMetrics().horizontalAdvance("x") * 60, self.sizeHint().height())

    def answer(self) -> TossAnswer:
        winner = None if self.winner is None else int(self.winner.currentData())
        return TossAnswer(self.witnesses.names(), winner)


def _to_qt(moment: datetime) -> QDateTime:
    return QDateTime(
        QDate(moment.year, moment.month, moment.day), QTime(moment.hour, moment.minute)
    )


class StartDialog(QDialog):
    """When the last game of the final round ended (default: now) and when the play-off starts.

    The earliest start the regulation allows is shown as the times change
    (GCT 2023 regulations, 2.2 / 3.2: not less than fifteen minutes after the end of the
    last game; 4.4: the next day), and a start the engine would refuse is
    said plainly before OK. The refusal itself stays the session's.
    """

    def __init__(
        self,
        state: PlayoffState,
        now: datetime | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Start the play-off")
        self.setAccessibleName("Start the play-off")
        self.state = state
        # Local time with its offset: both times go to the session with the same zone.
        self.now = (now or datetime.now().astimezone()).replace(second=0, microsecond=0)
        self.start_edited = False
        form = QFormLayout(self)
        rule = QLabel(schedule_rule(state.regulation), self)
        rule.setWordWrap(True)
        rule.setAccessibleName("Article of the regulation")
        form.addRow(rule)
        self.last_game_end = self._edit("End of the last game of the final round")
        form.addRow("&Last game ended:", self.last_game_end)
        self.earliest = QLabel(self)
        self.earliest.setAccessibleName("Earliest start")
        form.addRow("Earliest start:", self.earliest)
        self.at = self._edit("Start of the play-off")
        form.addRow("Play-off &starts:", self.at)
        self.problem = _problem_label(self)
        form.addRow(self.problem)
        form.addRow(_buttons(self))
        self.last_game_end.setDateTime(_to_qt(self.now))
        self._follow_end()
        self.last_game_end.dateTimeChanged.connect(lambda _: self._follow_end())
        self.at.dateTimeChanged.connect(lambda _: self._start_changed())
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance("x") * 84)
        self.adjustSize()

    def _edit(self, name: str) -> QDateTimeEdit:
        edit = QDateTimeEdit(self)
        edit.setAccessibleName(name)
        edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        edit.setCalendarPopup(True)
        return edit

    def _moment(self, edit: QDateTimeEdit) -> datetime:
        value = edit.dateTime()
        date, time = value.date(), value.time()
        return datetime(
            date.year(),
            date.month(),
            date.day(),
            time.hour(),
            time.minute(),
            tzinfo=self.now.tzinfo,
        )

    def earliest_start(self) -> datetime | None:
        return earliest_start(self.state.regulation, self._moment(self.last_game_end))

    def _follow_end(self) -> None:
        first = self.earliest_start()
        if not self.start_edited:
            # Until the arbiter sets the start, it is the first moment allowed from now on.
            start = self.now if first is None else max(self.now, first)
            self.at.blockSignals(True)
            self.at.setDateTime(_to_qt(start))
            self.at.blockSignals(False)
        self._check()

    def _start_changed(self) -> None:
        self.start_edited = True
        self._check()

    def _check(self) -> None:
        first = self.earliest_start()
        if first is None:
            self.earliest.setText("any time")
        elif self.state.regulation.schedule.start is StartRule.NEXT_DAY:
            self.earliest.setText(f"{first:%Y-%m-%d} (the day after the final round)")
        else:
            self.earliest.setText(f"{first:%Y-%m-%d %H:%M}")
        times = self.times()
        shown = not self.problem.isHidden()
        try:
            replace(self.state, last_game_end=times.last_game_end).apply(Start(times.at))
        except ArbiterError as exc:
            # The engine names the action it replays; the arbiter only needs the rule.
            why = re.sub(r"^action \d+ \(\w+\): ", "", str(exc))
            self.problem.setText(f"The play-off will refuse this start: {why}.")
            self.problem.show()
        else:
            self.problem.hide()
        if shown != (not self.problem.isHidden()):
            self.adjustSize()  # room for the message, or none left empty

    @property
    def refused(self) -> str:
        """Why the engine would refuse this start ("" when it would not)."""
        return self.problem.text() if not self.problem.isHidden() else ""

    def accept(self) -> None:
        """OK on a start the engine would refuse keeps the dialog open, the times as typed
        and the reason shown, the cursor on the start (it closed and lost them, issue 26)."""
        self._check()
        if self.refused:
            self.at.setFocus(Qt.FocusReason.OtherFocusReason)
            return
        super().accept()

    def times(self) -> StartTimes:
        return StartTimes(self._moment(self.last_game_end), self._moment(self.at))


class DialogPrompter:
    """The :class:`~arbiter_app.ui.playoff_runner.Prompter` of the desktop: modal dialogs."""

    def __init__(
        self,
        parent: QWidget,
        document: EventDocument,
        suggest: Callable[[str], Path] | None = None,
    ) -> None:
        self.parent = parent
        self.document = document
        self.suggest = suggest
        """Where a file made from the event is offered, given its ending (the window's)."""

    def start_times(self, step: Step, state: PlayoffState) -> StartTimes | None:
        dialog = StartDialog(state, now=self.document.now(), parent=self.parent)
        return dialog.times() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def draw(self, step: Step, names: Mapping[int, str], physical: bool) -> DrawAnswer | None:
        dialog = DrawDialog(step, names, physical, self.parent)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def toss(self, step: Step, names: Mapping[int, str], physical: bool) -> TossAnswer | None:
        dialog = TossDialog(step, names, physical, self.parent)
        return dialog.answer() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def results(self, games: Sequence[GameSpec], names: Mapping[int, str]) -> dict[str, str] | None:
        dialog = ResultsDialog(games, names, self.parent)
        return dialog.results() if dialog.exec() == QDialog.DialogCode.Accepted else None

    def decision(self, step: Step, names: Mapping[int, str]) -> tuple[tuple[int, ...], str] | None:
        listing = "\n".join(_player(p, names) for p in step.players)
        order, ok = QInputDialog.getText(
            self.parent,
            "Decision",
            f"{step.text}\n\n{listing}\n\nThe order decided (pairing numbers, best first):",
        )
        if not ok:
            return None
        reason = self.reason(step, "How was it decided, and why?")
        return None if reason is None else (parse_order(order), reason)

    def reason(self, step: Step, question: str) -> str | None:
        text, ok = QInputDialog.getMultiLineText(
            self.parent, "Reason", f"{step.text}\n\n{question}"
        )
        return text.strip() if ok and text.strip() else None

    def print_sheets(self, step: Step, names: Mapping[int, str]) -> bool:
        from arbiter_app.ui.exporting import playoff_sheet, print_sheet

        sheet = playoff_sheet(self.document)
        dialog = PrintDialog(
            self.parent, self.suggest("-playoff.pdf") if self.suggest is not None else None
        )
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return False
            print_sheet(sheet, dialog.printer_kept)
            return True
        finally:
            dialog.deleteLater()
