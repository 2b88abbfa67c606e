"""Automatic backups: a dated copy of the event each time a round is complete.

After every action of a session (a result, a correction, an undo), the
tournament's state (:attr:`Session.event_state`) says which round is the last
complete one. When that round moves on, a whole copy of the event goes to the
backup folder the arbiter chose (:mod:`arbiter_app.store.backups`), named after
the event and the round. A backup that cannot be written (the USB stick was
pulled out) never stops the action: it is reported, and the next complete round
tries again. The window and the command line attach the same
:class:`RoundBackups` to their sessions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session.changes import Changes
from arbiter_app.session.session import Session
from arbiter_app.store.backups import backup_folder, backup_name
from arbiter_app.store.journal import anchor

Now = Callable[[], datetime]


@dataclass(frozen=True, slots=True)
class BackupReport:
    """One backup attempt: where the copy went, or why it could not be written."""

    what: str
    path: Path | None
    problem: str = ""

    @property
    def text(self) -> str:
        if self.path is not None:
            return f"Backup {self.what} written to {self.path}."
        return f"The backup {self.what} could not be written: {self.problem}."


Reporter = Callable[[BackupReport], None]


def write_backup(
    session: Session, folder: Path, what: str, now: Now = datetime.now
) -> BackupReport:
    """Write a dated copy of *session*'s event into *folder*; never raises for the disk."""
    entries = session.journal()
    head = anchor(entries[-1] if entries else None)
    target = folder / backup_name(session.event.name, what, now(), head)
    try:
        if not folder.is_dir():
            return BackupReport(what, None, f"the backup folder {folder} is not there")
        session.save_copy(target)
    except (ArbiterError, OSError) as exc:
        return BackupReport(what, None, str(exc))
    return BackupReport(what, target)


Folder = Callable[[], Path | None]


class RoundBackups:
    """Back up *session* whenever a further round becomes complete, to the folder *folder*
    names at that moment (the arbiter may choose one, or another, during the day)."""

    def __init__(
        self,
        session: Session,
        report: Reporter,
        folder: Folder = backup_folder,
        now: Now = datetime.now,
    ) -> None:
        self._session = session
        self._folder = folder
        self._report = report
        self._now = now
        # The last complete round of each section (an event of several sections backs up
        # when a round of any of them is complete).
        self._complete: dict[int, int] = {}
        for section in session.sections:
            with session.selected(section.number):
                self._complete[section.number] = session.event_state.complete
        self.unsubscribe = session.subscribe(self._changed)

    def _changed(self, changes: Changes) -> None:
        if not changes.rounds:
            return
        state = self._session.event_state
        number = self._session.section.number
        complete, before = state.complete, self._complete.get(number, 0)
        self._complete[number] = complete
        folder = self._folder()
        if folder is None or complete <= before:
            return
        what = "after the last round" if state.final else f"after round {complete}"
        self._report(write_backup(self._session, folder, what, self._now))


def attach_backups(session: Session, report: Reporter) -> RoundBackups | None:
    """Back up *session* after each complete round to the chosen folder (None: none is
    chosen, and none is watched for: the command line's sessions last one command)."""
    return None if backup_folder() is None else RoundBackups(session, report)


def backup_copy(session: Session, now: Now = datetime.now) -> BackupReport | None:
    """Save a copy's backup: a dated copy of the event as it stands in the chosen folder."""
    folder = backup_folder()
    return None if folder is None else write_backup(session, folder, "copy", now)
