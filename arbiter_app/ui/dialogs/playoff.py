"""The questions of the play-off wizard: a physical draw, a toss, results, a decision."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QWidget,
)

from arbiter_app.core.errors import InputError, Issue
from arbiter_app.core.playoff import GameSpec, Step
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.exporting import playoff_sheet, print_sheet

RESULTS = ("", "1-0", "1/2-1/2", "0-1")
RESULT_LABELS = {"": "not yet", "1-0": "1-0", "1/2-1/2": "½-½", "0-1": "0-1"}


def parse_order(text: str) -> tuple[int, ...]:
    """Pairing numbers separated by spaces, commas or dashes: ``"7, 1, 3"``."""
    parts = [p for p in re.split(r"[\s,;\-]+", text.strip()) if p]
    if not parts or not all(p.isdigit() for p in parts):
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
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def results(self) -> dict[str, str]:
        return {g: str(b.currentData()) for g, b in self.boxes.items() if b.currentData()}


class DialogPrompter:
    """The :class:`~arbiter_app.ui.playoff_runner.Prompter` of the desktop: modal dialogs."""

    def __init__(self, parent: QWidget, document: EventDocument) -> None:
        self.parent = parent
        self.document = document

    def drawn_order(self, step: Step, names: Mapping[int, str]) -> tuple[int, ...] | None:
        listing = "\n".join(_player(p, names) for p in step.players)
        text, ok = QInputDialog.getText(
            self.parent,
            "Physical draw",
            f"{step.text}\n\n{listing}\n\nType the pairing numbers in the order drawn:",
        )
        return parse_order(text) if ok else None

    def toss_winner(self, step: Step, names: Mapping[int, str]) -> int | None:
        items = [_player(p, names) for p in step.players]
        item, ok = QInputDialog.getItem(
            self.parent, "Coin toss", f"{step.text}\n\nWho won the toss?", items, 0, False
        )
        return step.players[items.index(item)] if ok else None

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
        sheet = playoff_sheet(self.document)
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        if QPrintDialog(printer, self.parent).exec() != QDialog.DialogCode.Accepted:
            return False
        print_sheet(sheet, printer)
        return True
