"""The window's Ratings menu: import a FIDE list, see the lists imported, check the players;
import a US Chess member list and check the players' memberships (US Chess rule 23C).

The lists live in the user's data folder, not in the event file: importing one
changes no event (so it is not an undoable action of the event).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import TypeVar

from PySide6.QtWidgets import QDialog, QFileDialog, QMainWindow, QMenu, QMessageBox

from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.rating_source import Difference
from arbiter_app.core.ratinglist import RatingType, month_from_code
from arbiter_app.core.words import count
from arbiter_app.session.commands import UNSET, ApplyListRatings, EditSettings
from arbiter_app.session.member_lookup import (
    MembershipCheck,
    check_memberships,
    import_member_list,
    imported_words,
    notices_of,
)
from arbiter_app.session.rating_lookup import (
    CHECK_SWITCHED_OFF,
    ListLookup,
    UpdateLine,
    checks_after_update,
    custom_list_names,
    import_list,
    rating_lists_of,
    rating_type_of,
    update_lists,
)
from arbiter_app.store.member_db import MemberImport
from arbiter_app.store.rating_db import ImportReport
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.ratings import (
    ImportListDialog,
    RatingCheckDialog,
    RatingListsDialog,
    lists_text,
)
from arbiter_app.ui.document import EventDocument
from arbiter_app.ui.widgets.busy import run_busy

T = TypeVar("T")

LIST_FILTER = "FIDE rating lists (*.zip *.txt *.xml)"
MEMBER_FILTER = "US Chess member lists (*.zip *.dbf *.DBF *.txt *.tsv)"


class RatingsMenu(QMenu):
    """Import FIDE rating list…, Lists imported…, Check players' ratings…."""

    def __init__(self, window: QMainWindow, document: EventDocument) -> None:
        super().__init__("&Ratings", window)
        self.window_ = window
        self.document = document
        self.setAccessibleName("Ratings")
        self.import_action = self.addAction("&Import FIDE rating list…")
        self.import_action.setStatusTip("Store a FIDE list (as FIDE ships it) on this computer")
        self.import_action.triggered.connect(lambda _=False: self.choose_list())
        self.update_action = self.addAction("&Update every list from a folder…")
        self.update_action.setStatusTip(
            "Import every list downloaded into a folder: FIDE's files and each custom list"
        )
        self.update_action.triggered.connect(lambda _=False: self.choose_folder())
        # Only with the download switched on in Preferences (FIDE C.02 checklist, Q135).
        self.download_action = self.addAction("&Download FIDE's lists now")
        self.download_action.setStatusTip(
            "Ask FIDE for each of its lists and import those that changed (switched on in "
            "Edit ▸ Preferences…)"
        )
        self.lists_action = self.addAction("FIDE &lists imported…")
        self.lists_action.triggered.connect(lambda _=False: self.show_lists())
        self.sequence_action = self.addAction("&Sequence of rating lists…")
        self.sequence_action.setStatusTip(
            "Which lists the event takes its ratings from, and in which order"
        )
        self.sequence_action.triggered.connect(lambda _=False: self.edit_sequence())
        self.addSeparator()
        self.check_action = self.addAction("&Check players' ratings…")
        self.check_action.setStatusTip(
            "Players whose rating differs from the FIDE list valid at the event's start"
        )
        self.check_action.triggered.connect(lambda _=False: self.check())
        # The check that opens by itself after an import or an update, switched on and off
        # for the event (FIDE C.02 checklist, question 138): a setting of the event's file.
        self.auto_check_action = self.addAction("Check &after each list update")
        self.auto_check_action.setCheckable(True)
        self.auto_check_action.setStatusTip(
            "Check the event's ratings by themselves once a list is imported or updated "
            "(kept in the event's file; Undo takes a change back)"
        )
        self.auto_check_action.toggled.connect(self.switch_auto_check)
        self.addSeparator()
        # US Chess's monthly member list (the Golden Database or the supplement): the Add
        # player dialog looks members up in it, and the event's players are checked
        # against it (rule 23C: every player of a rated event is a member).
        self.members_action = self.addAction("Import US Chess &member list…")
        self.members_action.setStatusTip(
            "Store US Chess's monthly member list (TARATSUP.DBF or the supplement) on this "
            "computer, for the Add player look-up and the membership check"
        )
        self.members_action.triggered.connect(lambda _=False: self.choose_member_list())
        self.memberships_action = self.addAction("Check players' US Chess membe&rships…")
        self.memberships_action.setStatusTip(
            "Players whose US Chess ID is on no imported list or whose membership expires "
            "before the event's last day (US Chess rule 23C)"
        )
        self.memberships_action.triggered.connect(lambda _=False: self.check_memberships())
        self.aboutToShow.connect(self.show_auto_check)
        self.show_auto_check()
        self.dialog: QDialog | QMessageBox | None = None

    def show_auto_check(self) -> None:
        """Tick the switch as the event has it (it may have changed by Undo, or another
        section)."""
        self.auto_check_action.blockSignals(True)
        self.auto_check_action.setChecked(checks_after_update(self.document.session.state))
        self.auto_check_action.blockSignals(False)

    def switch_auto_check(self, on: bool) -> None:
        """Switch the check after a list update on or off for the event (one action)."""
        if on == checks_after_update(self.document.session.state):
            return
        try:
            self.document.run(EditSettings(rating_check_after_update=on))
        except ArbiterError as exc:
            show_error(self.window_, exc)
        self.show_auto_check()

    def _check_after(self, box: QMessageBox, wanted: bool) -> None:
        """Open the check when *box* closes if *wanted* and the event has it switched on;
        switched off, *box* says so instead."""
        if not wanted:
            return
        if checks_after_update(self.document.session.state):
            box.finished.connect(lambda _=0: self.check())
            return
        said = box.informativeText()
        box.setInformativeText(f"{said} {CHECK_SWITCHED_OFF}".strip())

    def _busy(self, text: str, work: Callable[[], T]) -> T | None:
        """*work* beside a busy bar saying *text*; a refusal is shown, and None returned."""
        try:
            return run_busy(self.window_, text, work)
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return None

    def _chosen_file(self, title: str, filter_: str) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.window_, title, "", filter_)
        return Path(name) if name else None

    def _import_notice(self, text: str, replaced: bool, problems: Sequence[object]) -> QMessageBox:
        """The notice after a list was imported: what came in, what it replaces, and the rows
        left out (in its details)."""
        if replaced:
            text += " It replaces the same list imported before."
        box = QMessageBox(QMessageBox.Icon.Information, "Arbiter", text, parent=self.window_)
        if problems:
            box.setInformativeText("Rows that could not be read were left out; see the details.")
            box.setDetailedText("\n".join(str(p) for p in problems))
        self.window_.statusBar().showMessage(text, 8000)
        return box

    def choose_list(self) -> None:
        path = self._chosen_file("Import a FIDE rating list", LIST_FILTER)
        if path is None:
            return
        if month_from_code(path.name) is not None:
            self.import_path(path)
            return
        dialog = ImportListDialog(path.name, self.window_)
        dialog.accepted.connect(
            lambda: self.import_path(path, dialog.chosen_month(), dialog.chosen_kind())
        )
        self.dialog = dialog
        dialog.open()

    def import_path(
        self, path: Path, month: date | None = None, kind: RatingType | None = None
    ) -> ImportReport | None:
        """Import *path* beside a busy bar (a list of 1.3 million players takes seconds)."""
        report = self._busy(f"Importing {path.name}…", lambda: import_list(path, month, kind))
        if report is None:
            return None
        listed = report.imported
        text = f"Imported {listed.size}: {listed.title}."
        box = self._import_notice(text, report.replaced is not None, report.problems)
        # A list just imported is checked against the open event at once (FIDE C.02
        # checklist, rating lists: a consistency check after a list update), shown when
        # the notice is closed.
        self._check_after(box, any(p.fide_id for p in self.document.tournament.players))
        self.dialog = box
        box.open()
        return report

    def choose_member_list(self) -> None:
        path = self._chosen_file("Import a US Chess member list", MEMBER_FILTER)
        if path is None:
            return
        if month_from_code(path.stem) is not None:
            self.import_member_path(path)
            return
        dialog = ImportListDialog(path.name, self.window_, us_chess=True)
        dialog.accepted.connect(lambda: self.import_member_path(path, dialog.chosen_month()))
        self.dialog = dialog
        dialog.open()

    def import_member_path(self, path: Path, month: date | None = None) -> MemberImport | None:
        """Import the member list *path* beside a busy bar (the Golden Database has about a
        million members), then say what came in."""
        report = self._busy(f"Importing {path.name}…", lambda: import_member_list(path, month))
        if report is None:
            return None
        text = f"Imported {imported_words(report)}."
        box = self._import_notice(text, report.replaced is not None, report.problems)
        self.dialog = box
        box.open()
        return report

    def check_memberships(self) -> MembershipCheck | None:
        """The players' US Chess memberships against the imported lists: each notice, then
        how many were checked (level 2: nothing is refused, the TD is told)."""
        try:
            checked = check_memberships(self.document.session)
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return None
        icon = QMessageBox.Icon.Warning if checked.alerts else QMessageBox.Icon.Information
        box = QMessageBox(icon, "US Chess memberships", checked.summary, parent=self.window_)
        if checked.alerts:
            box.setInformativeText("\n".join(notices_of(list(checked.alerts))))
        self.dialog = box
        box.open()
        return checked

    def choose_folder(self) -> None:
        name = QFileDialog.getExistingDirectory(self.window_, "Update every list from a folder")
        if name:
            self.update_folder(Path(name))

    def update_folder(self, folder: Path, month: date | None = None) -> list[UpdateLine] | None:
        """Import every list of *folder* (:func:`update_lists`); a file whose name does not
        say its month is taken as the list of *month*, by default the current month's (the
        lists are downloaded when FIDE publishes them). The open event is checked after."""
        today = self.document.today()
        chosen = month or today.replace(day=1)
        lines = self._busy(
            f"Updating the lists from {folder.name}…", lambda: update_lists(folder, chosen)
        )
        if lines is None:
            return None
        done = sum(1 for line in lines if line.imported)
        text = f"{count(done, 'list')} imported from {folder.name}."
        box = QMessageBox(QMessageBox.Icon.Information, "Arbiter", text, parent=self.window_)
        if any(not line.imported for line in lines):
            box.setInformativeText("Some files were not imported; see the details.")
        box.setDetailedText(
            "\n".join(
                f"{line.file}: "
                + (
                    "imported "
                    if line.imported
                    else "skipped: "
                    if line.imported is None
                    else "not imported: "
                )
                + line.text
                for line in lines
            )
        )
        self._check_after(
            box,
            bool(done)
            and any(p.fide_id or p.national_id for p in self.document.tournament.players),
        )
        self.dialog = box
        box.open()
        return lines

    def show_lists(self) -> None:
        try:
            lists = ListLookup(RatingType.STANDARD, None).lists()
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return
        box = QMessageBox(
            QMessageBox.Icon.Information,
            "FIDE lists imported",
            lists_text(lists),
            parent=self.window_,
        )
        self.dialog = box
        box.open()

    def edit_sequence(self) -> RatingListsDialog | None:
        """The event's sequence of lists, set as one action (Undo takes it back)."""
        try:
            custom = [f"list:{name}" for name in custom_list_names()]
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return None
        available = [t.value for t in RatingType] + custom
        sequence = rating_lists_of(self.document.session.state)
        wanted = rating_type_of(self.document.session.state)
        dialog = RatingListsDialog(sequence, available, wanted, self.window_)
        dialog.accepted.connect(lambda: self._set_sequence(dialog.chosen()))
        self.dialog = dialog
        dialog.open()
        return dialog

    def _set_sequence(self, chosen: list[str] | None) -> None:
        try:
            self.document.run(EditSettings(rating_lists=chosen))
        except ArbiterError as exc:
            show_error(self.window_, exc)

    def check(self) -> RatingCheckDialog | None:
        try:
            report = self.document.check_ratings()
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return None
        paired = self.document.paired_rounds()
        from_round = paired + 1 if paired else None
        dialog = RatingCheckDialog(report, self.window_, from_round)
        dialog.apply_chosen.connect(lambda chosen: self.apply(dialog, chosen, from_round))
        self.dialog = dialog
        dialog.open()
        return dialog

    def apply(
        self, dialog: RatingCheckDialog, chosen: list[Difference], from_round: int | None
    ) -> None:
        """Apply the ratings of the ticked rows as one action, then check again."""
        if not chosen:
            return
        command = ApplyListRatings(
            ratings=[
                {"tpn": d.tpn, "rating": d.on_list.rating, "rating_source": d.on_list.source}
                for d in chosen
                if d.on_list is not None
            ],
            from_round=UNSET if from_round is None else from_round,
        )
        try:
            changes = self.document.run(command)
        except ArbiterError as exc:
            show_error(self.window_, exc)
            return
        if changes.cancelled:
            return
        dialog.accept()
        self.check()
