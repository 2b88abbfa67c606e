"""The event as the players' page shows it, read from its file read-only.

The page never holds the file: each time the event changes it opens the file read-only
(as ``arbiter-app standings`` does while the window has it open for writing), reads
every section into the sheets' :class:`~arbiter_app.sheets.source.Source`, and lets go.
Whether the event changed is asked cheaply and often (every phone polls): the file's
size and times are compared first, and only when they moved is the journal's head read,
the hash of the last action (an undo is an action too), which is the page's version.
"""

from __future__ import annotations

import hashlib
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from arbiter_app.core.errors import ArbiterError
from arbiter_app.session.sections import TITLE_JOIN
from arbiter_app.sheets.source import ARBITER_SUFFIX, Source, from_session, load


@dataclass(frozen=True, slots=True)
class SectionPage:
    """One section of the event, as the page's switcher lists it."""

    number: int
    name: str
    source: Source

    @property
    def event(self) -> str:
        """The event's name without the section's (the switcher names the section)."""
        title = self.source.event.name
        suffix = f"{TITLE_JOIN}{self.name}"
        if self.name and title.endswith(suffix) and len(title) > len(suffix):
            return title[: -len(suffix)]
        return title


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole event at one version: every section's source, in the event's order."""

    version: str
    sections: tuple[SectionPage, ...]

    def section(self, number: int | None) -> SectionPage:
        """The section numbered *number*, else the first one."""
        for section in self.sections:
            if section.number == number:
                return section
        return self.sections[0]


def _stat_key(path: Path) -> tuple[int, ...]:
    """What changes on disk whenever the event changes: the file's identity, size and
    modification time, and its write-ahead log's (a commit may only reach the log)."""
    key: list[int] = []
    for part in (path, path.with_name(path.name + "-wal")):
        try:
            st = os.stat(part)
        except OSError:
            key += [0, 0, 0]
            continue
        key += [st.st_ino, st.st_size, st.st_mtime_ns]
    return tuple(key)


def journal_version(path: Path) -> str:
    """The event's version: the hash and length of its journal (a TRF file: its bytes)."""
    if path.suffix.lower() != ARBITER_SUFFIX:
        from arbiter_app.sheets.files import read_bounded

        return hashlib.sha256(read_bounded(path)).hexdigest()[:16]
    from arbiter_app.store.file import EventFile

    with EventFile.open(path, readonly=True) as opened:
        head, length = opened.journal_head()
    return f"{length or 0}-{(head or '')[:16]}"


def read_snapshot(path: Path, version: str) -> Snapshot:
    """Every section of the event in *path*, read once, read-only."""
    if path.suffix.lower() != ARBITER_SUFFIX:
        src = load(path)
        return Snapshot(version, (SectionPage(1, src.event.name, src),))
    from arbiter_app.session.session import Session

    pages: list[SectionPage] = []
    with Session.open(path, readonly=True) as session:
        numbers = [(s.number, s.name) for s in session.sections]
        if not numbers:
            # A file whose section list is missing reads as its first section.
            return Snapshot(version, (SectionPage(1, "", from_session(session, path)),))
        for number, name in numbers:
            session.select(number)
            pages.append(SectionPage(number, name, from_session(session, path)))
    return Snapshot(version, tuple(pages))


class EventWatch:
    """The event in a file, re-read when it changes; safe to share between threads.

    *path* may be a callable giving the file's path at each question (the window's event
    moves when it is saved under another name). A file that cannot be read for the
    moment (being replaced, locked by a writer's checkpoint) keeps the last good snapshot;
    a file never read says why.
    """

    def __init__(self, path: Path | str) -> None:
        self._path = Path(path)
        self._lock = threading.Lock()
        self._key: tuple[object, ...] | None = None
        self._version = ""
        self._snapshot: Snapshot | None = None
        self.problem = ""
        """Why the file could not be read the last time it was tried ("" when it could)."""

    @property
    def path(self) -> Path:
        return self._path

    def follow(self, path: Path | str) -> None:
        """Read another file from now on (the window's event was saved under a new name)."""
        with self._lock:
            self._path = Path(path)
            self._key = None

    def version(self) -> str:
        """The event's version now (read from the journal only when the file moved)."""
        with self._lock:
            return self._current_version()

    def _current_version(self) -> str:
        path = self._path
        key = (str(path), *_stat_key(path))
        if key != self._key:
            try:
                self._version = journal_version(path)
            except ArbiterError as exc:
                self.problem = str(exc)
                if not self._version:
                    raise
                return self._version
            self._key = key
        return self._version

    def snapshot(self) -> Snapshot:
        """The event at its current version (read again only after a change)."""
        with self._lock:
            version = self._current_version()
            if self._snapshot is None or self._snapshot.version != version:
                try:
                    self._snapshot = read_snapshot(self._path, version)
                    self.problem = ""
                except ArbiterError as exc:
                    self.problem = str(exc)
                    if self._snapshot is None:
                        raise
            return self._snapshot
