"""File ▸ New, Open, Import, Save, Save as…, Save a copy…, and what to do with unsaved work.

Every event of the window is one session (:class:`~arbiter_app.ui.document.EventDocument`):
New, an imported TRF file and the window's start are untitled events, kept in a
scratch file (or in memory) until File ▸ Save as… gives them a file. Nothing
replaces or closes unsaved work without the question of :mod:`arbiter_app.ui.files`,
and an untitled event that a crash left behind is offered for recovery.

:class:`FileActions` is the part of the main window that does this; the window
supplies the document, the services, the settings and the status bar.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QFileDialog, QMessageBox

from arbiter_app.core.checker.imported import DutchComparison
from arbiter_app.core.errors import ArbiterError
from arbiter_app.core.model import Event
from arbiter_app.core.warning_levels import Alert, Confirmation, ConfirmationNeeded
from arbiter_app.core.words import sentence
from arbiter_app.session import Session
from arbiter_app.session.backups import BackupReport
from arbiter_app.store.errors import FileLocked
from arbiter_app.ui.dialogs.errors import show_error
from arbiter_app.ui.dialogs.new_event import NewEvent, NewEventDialog
from arbiter_app.ui.document import untitled_session
from arbiter_app.ui.files import (
    EVENT_FILTER,
    UNTITLED,
    ask_save_path,
    read_only_question,
    recovery_question,
    start_in,
    suggested_path,
    unsaved_question,
)
from arbiter_app.ui.widgets.busy import Cancelled, run_busy

TRF_FILTER = "FIDE tournament report (*.trf *.txt)"


@dataclass(frozen=True)
class ImportedEvent:
    """An event read from another program's file, with what looked wrong but was read.

    *document* is the TRF document it was read from (``TrfDocument``), so that
    the new file keeps the rest of that file and exports it back; None when
    the event comes from elsewhere.
    """

    event: Event
    warnings: tuple[str, ...] = ()
    document: Any = None
    compared: DutchComparison | None = None
    """The file's rounds compared with the Dutch pairing while it was read (FIDE C.02,
    question 54); None: compared when the event is written."""


@dataclass(frozen=True)
class Services:
    """What the window can do beyond the open event; None leaves the action disabled."""

    open_event: Callable[[Path], Session] | None = None
    """Open a ``.arbiter`` file."""
    open_read_only: Callable[[Path], Session] | None = None
    """Open a ``.arbiter`` file read-only (offered when another window holds it)."""
    import_trf: Callable[[Path], ImportedEvent] | None = None
    export_trf: Callable[[Event, Path], None] | None = None
    scratch: Callable[[], Path | None] = lambda: None
    """Where the next untitled event is kept until it is saved (None: in memory)."""


def _remarks(count: int) -> str:
    return "1 remark" if count == 1 else f"{count} remarks"


if TYPE_CHECKING:
    from arbiter_app.ui.main_window import MainWindow


class FileActions:
    """The window's file actions: a part of :class:`~arbiter_app.ui.main_window.MainWindow`
    (its ``files``), which supplies the document, the services, the settings, ``run`` and
    ``busy_note``, and is the parent of every dialog these actions open."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def new_event(self) -> NewEventDialog | None:
        if not self.may_replace("start a new event"):
            return None
        dialog = NewEventDialog(self.window)
        dialog.accepted.connect(lambda: self.create_event(dialog.result_event()))
        dialog.open()
        return dialog

    def create_event(self, new: NewEvent) -> bool:
        """Start *new* untitled: File ▸ Save as… gives it its file."""

        def make() -> None:
            session = Session.create_untitled(
                name=new.name,
                system=new.system.value,
                # The arbiter counts rounds; the file counts games (a double Swiss's are two).
                rounds=new.games,
                scratch=self.window.services.scratch(),
            )
            self.window.document.replace_session(session)

        return self.window.run(make)

    def choose_file(self) -> None:
        if not self.may_replace("open another event"):
            return
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Open an event", start_in(self.window.document.path), EVENT_FILTER
        )
        if path:
            self.open_path(Path(path))

    def open_recent(self, path: Path) -> bool:
        return self.may_replace("open another event") and self.open_path(path)

    def open_path(self, path: Path) -> bool:
        opener = self.window.services.open_event
        if opener is None:
            return False
        # The previous event's objects go back to the collector before the next is read.
        gc.unfreeze()
        try:
            with _no_collection():
                session = opener(path)
        except FileLocked as exc:
            # Another window writes the file: the lock's message promises a read-only open.
            read_only = self._offer_read_only(path, exc)
            if read_only is None:
                return False
            session = read_only
        except ArbiterError as exc:
            show_error(self.window, exc)
            return False
        with _no_collection():
            shown = self.window.run(lambda: self.window.document.replace_session(session))
        if shown:
            self.window.settings.add_recent(path)
            # The open event is some hundred thousand long-lived objects: frozen, a collection
            # of the oldest generation no longer walks them in the middle of a typed result.
            gc.freeze()
            return True
        return False

    def _offer_read_only(self, path: Path, locked: FileLocked) -> Session | None:
        """Ask whether to open *path* read-only; the session, or None (cancelled, refused)."""
        opener = self.window.services.open_read_only
        message = str(locked).removeprefix(f"{path.name}: ")
        reason, promise, _ = message.partition("; it can be opened read-only")
        if opener is None or not promise:
            show_error(self.window, locked)
            return None
        if self.window.read_only_box is not None:
            self.window.read_only_box.deleteLater()
        box = read_only_question(self.window, path.name, reason)
        self.window.read_only_box = box
        box.exec()
        if box.buttonRole(box.clickedButton()) != QMessageBox.ButtonRole.AcceptRole:
            return None
        sessions: list[Session] = []
        if not self.window.run(lambda: sessions.append(opener(path))):
            return None
        return sessions[0]

    def choose_trf(self) -> None:
        if not self.may_replace("import another event"):
            return
        path, _ = QFileDialog.getOpenFileName(
            self.window, "Import a TRF file", start_in(self.window.document.path), TRF_FILTER
        )
        if path:
            self.import_path(Path(path))

    def import_path(self, path: Path) -> bool:
        """Read *path* into a new untitled event (File ▸ Save as… gives it its file)."""
        reader = self.window.services.import_trf
        if reader is None:
            return False
        imported: list[ImportedEvent] = []
        # Reading is pure (a file into core values, its rounds compared with the Dutch
        # pairing: seconds for thousands of players): it runs beside a busy bar.
        label = f"Reading {path.name} and checking its rounds…"
        if not self.window.run(
            lambda: imported.append(
                run_busy(self.window, label, lambda: reader(path), cancel="Cancel")
            )
        ):
            return False
        sessions: list[Session] = []
        read = imported[0]
        notices: list[Alert] = []
        warnings = self.window.document.warnings

        def make(confirm: Confirmation = None) -> None:
            # Writing the event stays in this thread (its connection belongs here); the
            # note says what the wait is for. The TRF document read goes with it, so the
            # event keeps the rest of the file and exports it back.
            with self.window.busy_note(f"Importing {path.name}…"):
                scratch = self.window.services.scratch()
                sessions.append(
                    untitled_session(
                        read.event,
                        path.name,
                        scratch=scratch,
                        document=read.document,
                        compared=read.compared,
                        confirm=confirm,
                        notices=notices,
                    )
                )

        def make_asking() -> None:
            # The import's questions (FIDE C.02) are put to the arbiter, then asked again
            # with the answers; a cancelled question imports nothing.
            try:
                make()
            except ConfirmationNeeded as question:
                answer = warnings.confirm(question)
                if answer is None:
                    raise Cancelled(f"{path.name} was not imported") from None
                make(answer)

        if not self.window.run(make_asking):
            return False
        self.window.document.replace_session(sessions[0])
        remarks = list(read.warnings)
        unchecked = read.compared.not_compared if read.compared is not None else ""
        # The rounds not compared are said in the box below with the file's remarks; the
        # import's other notices (which double Swiss a file was read as) are shown first.
        said_below = sentence(unchecked) if unchecked else None
        shown = [n for n in notices if n.question != said_below]
        if shown:
            self.window.document.warnings.acknowledge(shown)
        if remarks or unchecked:
            said = f"{path.name} was read, with {_remarks(len(remarks))}." if remarks else ""
            if unchecked:
                said = f"{said} {sentence(unchecked)}".strip()
            box = QMessageBox(
                QMessageBox.Icon.Information,
                "Arbiter",
                said,
                QMessageBox.StandardButton.Ok,
                self.window,
            )
            if remarks:
                box.setDetailedText("\n".join(remarks))
            box.open()
        self.window.statusBar().showMessage(
            f"Imported {path.name}: save it with File ▸ Save as…", 8000
        )
        return True

    # -- saving ---------------------------------------------------------------------------
    def save_folder(self) -> Path:
        recent = self.window.settings.recent_files()
        return recent[0].parent if recent and recent[0].parent.is_dir() else Path.home()

    def ask_save_path(self, title: str, suggested: Path) -> Path | None:
        """The save dialog (tests answer it in their place)."""
        return ask_save_path(self.window, title, suggested)

    def save(self) -> bool:
        """Ctrl+S: an untitled event gets its file; an event in a file is saved already."""
        path = self.window.document.path
        if path is None:
            return self.save_as()
        self.window.statusBar().showMessage(
            f"Every change is saved in {path.name} as it is made", 5000
        )
        return True

    def _suggested(self, suffix: str = "") -> Path:
        """The event's name as a file name, beside its file (or the last event's)."""
        current = self.window.document.path
        folder = current.parent if current is not None else self.save_folder()
        return suggested_path(folder, self.window.document.event_name, suffix)

    def save_as(self) -> bool:
        """Write the event to a file chosen now and go on there; False when it was not saved."""
        target = self.ask_save_path("Save the event as", self._suggested())
        if target is None:
            return False
        # The dialog asked before replacing a file of that name.
        if not self.window.run(lambda: self.window.document.save_as(target, overwrite=True)):
            return False
        self.window.settings.add_recent(target)
        self.window.statusBar().showMessage(f"Saved as {target.name}", 5000)
        return True

    def save_copy(self) -> bool:
        """Write a copy of the event as it stands to a file chosen now; stay where it is."""
        target = self.ask_save_path("Save a copy of the event", self._suggested(" (copy)"))
        if target is None:
            return False
        backups: list[BackupReport | None] = []
        if not self.window.run(
            lambda: backups.append(self.window.document.save_copy(target, overwrite=True))
        ):
            return False
        backup = backups[0] if backups else None
        also = "" if backup is None else f". {backup.text}"
        self.window.statusBar().showMessage(f"A copy was written to {target}{also}", 15000)
        return True

    def may_replace(self, doing: str) -> bool:
        """Ask before unsaved work is replaced or closed (Save / Discard / Cancel).

        True when the window may go on: nothing unsaved, saved now, or discarded.
        """
        if not self.window.document.modified:
            return True
        if self.window.unsaved_box is not None:
            self.window.unsaved_box.deleteLater()
        box = unsaved_question(self.window, self.window.document.tournament.name or UNTITLED, doing)
        self.window.unsaved_box = box
        answer = box.exec()
        if answer == QMessageBox.StandardButton.Save:
            return self.save_as()
        return bool(answer == QMessageBox.StandardButton.Discard)

    def offer_recovery(self, scratch: Path, *, ask: bool = True) -> bool:
        """Offer the untitled event a crash left in *scratch*; True when it was recovered.

        A file another running Arbiter holds is left alone; one with nothing
        but the event's creation in it is removed without asking (and, with
        *ask* false, nothing else is done).
        """
        try:
            session = Session.recover(scratch)
        except ArbiterError:
            return False
        if not session.unsaved:
            session.close()  # nothing was done in it: nothing to offer
            return False
        if not ask:
            session.close(keep=True)  # offered again at the next start
            return False
        # The journal keeps UTC; the arbiter reads the time of the venue.
        last = datetime.fromisoformat(session.journal()[-1].time).astimezone()
        box = recovery_question(
            self.window,
            session.event.name or UNTITLED,
            len(session.journal()) - 1,
            f"{last:%H:%M} on {last:%Y-%m-%d}",
        )
        box.exec()
        if box.buttonRole(box.clickedButton()) != QMessageBox.ButtonRole.AcceptRole:
            session.close()  # discarded: the scratch file goes
            return False
        self.window.document.replace_session(session)
        return True


@contextlib.contextmanager
def _no_collection() -> Iterator[None]:
    """No garbage collection while a file is read and shown: a 10,000-player event is a
    few hundred thousand new objects that live as long as it is open, and the collector
    would walk them again and again as they are made (a third of the time it takes)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
