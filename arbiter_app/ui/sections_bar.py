"""The section switcher and the Sections menu of the main window.

An event holds one or more sections (an Open and a Reserve, a ladder of
quads), each a tournament of its own. The toolbar's combo box says which one
every panel, sheet, export and the projector show; Ctrl+PgDown and Ctrl+PgUp
go to the next and the previous section. The Sections menu adds, renames and
removes sections, moves a player between sections before round 1 and splits a
section into quads (shown before it is made). An event of one section shows
no switcher: nothing about sections is in the way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QComboBox, QInputDialog, QLabel, QMenu, QToolBar, QWidget

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session.commands import MovePlayerToSection, RemoveSection, RenameSection
from arbiter_app.ui.changes import Changes
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.sections import AddSectionDialog, MovePlayerDialog, QuadsDialog
from arbiter_app.ui.document import EventDocument

if TYPE_CHECKING:
    from arbiter_app.ui.main_window import MainWindow

NEXT_SECTION = "Ctrl+PgDown"
PREVIOUS_SECTION = "Ctrl+PgUp"


class SectionsBar(QToolBar):
    """The toolbar's switcher: a combo box of the sections (hidden with only one)."""

    def __init__(self, document: EventDocument, parent: QWidget | None = None) -> None:
        super().__init__("Sections", parent)
        self.document = document
        self.setObjectName("sections-toolbar")
        self.setAccessibleName("Sections")
        self.label = QLabel(" Section: ", self)
        self.combo = QComboBox(self)
        self.combo.setAccessibleName("Section shown")
        self.combo.setToolTip(
            f"The section every panel, sheet and export shows ({NEXT_SECTION} and "
            f"{PREVIOUS_SECTION} go to the next and previous one)"
        )
        self.combo.setMinimumContentsLength(24)
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.addWidget(self.label)
        self.addWidget(self.combo)
        self.combo.activated.connect(self._chosen)
        document.changed.connect(self.on_changed)
        self.refresh()

    def on_changed(self, changes: Changes) -> None:
        if changes.event or changes.players or changes.settings:
            self.refresh()

    def refresh(self) -> None:
        sections = self.document.sections
        current = self.document.section.number
        self.combo.blockSignals(True)
        self.combo.clear()
        for section in sections:
            self.combo.addItem(section.described, section.number)
            if section.number == current:
                self.combo.setCurrentIndex(self.combo.count() - 1)
        self.combo.blockSignals(False)
        self.toggleViewAction().setEnabled(len(sections) > 1)
        self.setVisible(len(sections) > 1)

    def _chosen(self, index: int) -> None:
        self.document.select_section(int(self.combo.itemData(index)))

    def step(self, by: int) -> None:
        """Show the next (*by* 1) or previous (-1) section, round the list."""
        sections = self.document.sections
        if len(sections) < 2:
            return
        numbers = [s.number for s in sections]
        at = numbers.index(self.document.section.number)
        self.document.select_section(numbers[(at + by) % len(numbers)])


class SectionsMenu(QMenu):
    """Sections ▸ Next, Previous, Add…, Rename…, Remove, Move a player…, Make quads…"""

    def __init__(self, window: MainWindow, bar: SectionsBar) -> None:
        super().__init__("Se&ctions", window)
        self.window_ = window
        self.document = window.document
        self.bar = bar
        self.setAccessibleName("Sections")
        self.next_action = self._add("&Next section", lambda: bar.step(1), NEXT_SECTION)
        self.previous_action = self._add(
            "&Previous section", lambda: bar.step(-1), PREVIOUS_SECTION
        )
        self.addSeparator()
        self.add_action = self._add("&Add a section…", self.add_section)
        self.rename_action = self._add("&Rename this section…", self.rename_section)
        self.remove_action = self._add("Re&move this section", self.remove_section)
        self.addSeparator()
        self.move_action = self._add("Mo&ve a player to another section…", self.move_player)
        self.quads_action = self._add("Make &quads of this section…", self.make_quads)
        self.aboutToShow.connect(self._update)
        window.document.changed.connect(lambda _changes: self._update())
        self._update()

    def _add(self, text: str, slot: object, shortcut: str | None = None) -> QAction:
        action = self.addAction(text)
        action.triggered.connect(lambda _=False: slot())  # type: ignore[operator]
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        # The window's own: the keys work wherever the focus is in it.
        self.window_.addAction(action)
        return action

    def _update(self) -> None:
        several = len(self.document.sections) > 1
        self.next_action.setEnabled(several)
        self.previous_action.setEnabled(several)
        self.remove_action.setEnabled(several)
        self.move_action.setEnabled(several)

    def _run(self, action: object) -> bool:
        try:
            action()  # type: ignore[operator]
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return False
        return True

    def add_section(self) -> AddSectionDialog:
        dialog = AddSectionDialog(self.window_)

        def done() -> None:
            new = dialog.result_event()
            self._run(
                lambda: self.document.add_section(
                    new.name, new.system.value, new.games, dialog.preset.currentData()
                )
            )

        dialog.accepted.connect(done)
        dialog.open()
        return dialog

    def rename_section(self) -> QInputDialog:
        dialog = QInputDialog(self.window_)
        dialog.setWindowTitle("Rename this section")
        dialog.setLabelText("The section's new name:")
        dialog.setTextValue(self.document.section.name)
        dialog.textValueSelected.connect(
            lambda text: self._run(lambda: self.document.run(RenameSection(name=text)))
        )
        dialog.open()
        return dialog

    def remove_section(self) -> None:
        self._run(lambda: self.document.run(RemoveSection()))

    def move_player(self) -> MovePlayerDialog:
        current = self.document.section.number
        others = [s for s in self.document.sections if s.number != current]
        dialog = MovePlayerDialog(self.document.tournament.players, others, self.window_)

        def done() -> None:
            tpn = dialog.player.currentData()
            target = dialog.target.currentData()
            self._run(lambda: self.document.run(MovePlayerToSection(tpn=int(tpn), to=int(target))))

        dialog.accepted.connect(done)
        dialog.open()
        return dialog

    def make_quads(self) -> QuadsDialog:
        dialog = QuadsDialog(
            self.document.section.name,
            self.document.tournament.players,
            self.document.propose_quads,
            self.window_,
        )
        dialog.accepted.connect(
            lambda: self._run(lambda: self.document.make_quads(dialog.command()))
        )
        dialog.open()
        return dialog


def install(window: MainWindow) -> tuple[SectionsBar, SectionsMenu]:
    """Put the switcher on the window's toolbar row and the Sections menu in its menu bar."""
    bar = SectionsBar(window.document, window)
    window.addToolBar(bar)
    menu = SectionsMenu(window, bar)
    menus = window.menuBar()
    view = next((a for a in menus.actions() if a.text() == "&View"), None)
    menus.insertMenu(view, menu) if view is not None else menus.addMenu(menu)
    return bar, menu
