"""A drop-down of tie-break codes that appends the chosen one to a list field; preset boxes.

The codes come from the core (:func:`arbiter_app.core.tiebreaks.round_robin.choices`):
a round robin is never offered Buchholz, Fore Buchholz or AOB (FIDE C.07, 2026
text), and each entry shows what the tie-break measures and its article.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QLineEdit, QMenu, QToolButton, QWidget

from arbiter_app.core.model import System
from arbiter_app.core.presets import PRESETS
from arbiter_app.core.tiebreaks import REGISTRY, parse_spec
from arbiter_app.core.tiebreaks.base import modifier_words
from arbiter_app.core.tiebreaks.round_robin import choices, refusal_for


class TieBreakPicker(QToolButton):
    """ "Add ▾": a menu of the codes the event's system allows; a choice goes into *target*."""

    def __init__(self, target: QLineEdit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = target
        self.setText("&Add")
        self.setAccessibleName("Add a tie-break")
        self.setToolTip("Add a tie-break to the list (only those the system allows)")
        self.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.setMenu(QMenu(self))
        self.system: System | None = None
        self.set_system(System.SWISS)

    def codes(self) -> list[str]:
        """The codes the menu offers now, in order."""
        return [action.data() for action in self.menu().actions()]

    def set_system(self, system: System | str | None) -> None:
        chosen = System(system) if system is not None else None
        if chosen is self.system and self.menu().actions():
            return
        self.system = chosen
        menu = self.menu()
        menu.clear()
        menu.setToolTipsVisible(True)
        for code in choices(chosen):
            spec = parse_spec(code)
            tb = REGISTRY[spec.name]
            action = menu.addAction(f"{code}  —  {tb.description}{modifier_words(spec)}")
            action.setToolTip(tb.article)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.add(c))

    @property
    def hint(self) -> str:
        """A placeholder for the list field: an example the system allows."""
        if self.system is not None and self.system.is_round_robin:
            return "e.g. DE, WIN, SB, KS"
        return "e.g. BH/C1, BH, SB"

    def add(self, code: str) -> None:
        """Append *code* to the list field, unless it is there already."""
        current = [c.strip() for c in self.target.text().split(",") if c.strip()]
        if code.upper() in (c.upper() for c in current):
            return
        self.target.setText(", ".join([*current, code]))
        self.target.textEdited.emit(self.target.text())


def fill_presets(box: QComboBox, system: System | str | None, custom: object) -> None:
    """Fill a preset box with "Custom list" (*custom* as its data) and the presets *system* allows.

    A round robin is not offered a preset whose list holds a Buchholz tie-break
    (the core refuses it: FIDE C.07, 2026 text). The current choice stays chosen
    when it is still offered.
    """
    chosen = box.currentData()
    box.blockSignals(True)
    box.clear()
    box.addItem("Custom list", custom)
    for preset in PRESETS.values():
        if refusal_for(system, preset.tiebreaks) is not None:
            continue
        box.addItem(preset.title, preset.name)
        box.setItemData(box.count() - 1, preset.source, Qt.ItemDataRole.ToolTipRole)
    box.setCurrentIndex(max(box.findData(chosen), 0))
    box.blockSignals(False)
